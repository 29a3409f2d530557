from model import TinySSD, calc_loss
from d2l import torch as d2l
import torch

dev = "cuda:0"
n_epochs = 30
detector = TinySSD(num_classes=1)

bs = 32
fit_iter, _ = d2l.load_data_bananas(bs)
sgd = torch.optim.SGD(detector.parameters(), lr=0.2, weight_decay=5e-4)
detector = detector.to(dev)

for ep in range(n_epochs):
    # running sums for class accuracy and box error could go here
    # (count of examples for each)
    # stats = d2l.Accumulator(4)
    detector.train()
    for imgs, gt in fit_iter:
        sgd.zero_grad()
        # imgs: [32, 3, 256, 256], gt: [32, 1, 5]
        X, Y = imgs.to(dev), gt.to(dev)
        # multiscale anchors plus per-anchor class and offset
        # predictions
        # # anchors: [1, 5444, 4], cls_out: [32, 5444, 2], box_out: [32, 21776]
        anchors, cls_out, box_out = detector(X)
        # assign ground truth to anchors
        # box_tgt: [32, 21776], box_mask: [32, 21776], cls_tgt: [32, 5444]
        # targets per anchor for the loss below
        box_tgt, box_mask, cls_tgt = d2l.multibox_target(anchors, Y)
        # combined class + offset loss from predictions
        # and assigned targets

        # per-sample loss: (32,)
        per_sample = calc_loss(cls_out, cls_tgt, box_out, box_tgt, box_mask)
        print(per_sample.mean().item())
        per_sample.mean().backward()
        sgd.step()

torch.save(detector.state_dict(), "tinyssd.pt")
