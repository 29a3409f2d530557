import pandas
import torch
import os
from torch.utils.data import DataLoader
from tqdm import tqdm
from dataset import WheatHeads
from torchvision.models.detection import fasterrcnn_resnet50_fpn, FasterRCNN_ResNet50_FPN_Weights
from torchvision.models.detection.faster_rcnn import FastRCNNPredictor
from torchmetrics.detection.mean_ap import MeanAveragePrecision
import numpy as np
import matplotlib.pyplot as plt
import matplotlib.patches as patches

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
torch.manual_seed(777)
do_training = True

# settings
bs = 8
workers = 4
n_epochs = 10
base_lr = 0.005

def stack_pairs(items):
    return tuple(zip(*items))

def to_submission_row(boxes, scores):
    """One row: 'score x y w h' repeated."""
    parts = []
    for b, s in zip(boxes, scores):
        x0, y0, x1, y1 = b
        w = x1 - x0
        h = y1 - y0
        parts.append(f"{s:.4f} {x0:.2f} {y0:.2f} {w:.2f} {h:.2f}")
    return " ".join(parts) if parts else ""

def draw_boxes(img, boxes, scores, img_id, out_dir="output/visual/", thr=0.5):
    os.makedirs(out_dir, exist_ok=True)
    # one axis per picture
    fig, ax = plt.subplots(1)
    # CHW float back to HWC bytes
    img = img.permute(1, 2, 0).cpu().numpy() * 255.0
    ax.imshow(img.astype(np.uint8))
    # rectangles above the threshold
    for b, s in zip(boxes, scores):
        if s > thr:
            x0, y0, x1, y1 = b
            rect = patches.Rectangle(
                (x0, y0), x1 - x0, y1 - y0,
                linewidth=1, edgecolor='r', facecolor='none'
            )
            ax.add_patch(rect)
            ax.text(x0, y0, f'{s:.2f}', color='white', fontsize=8, backgroundcolor='red')
    # write the picture
    dest = os.path.join(out_dir, f"{img_id}.jpg")
    plt.savefig(dest, bbox_inches='tight', dpi=300)
    plt.close(fig)  # release the figure

# splits
train_ds = WheatHeads(split='train')
train_dl = DataLoader(train_ds, batch_size=bs, shuffle=True, num_workers=workers, collate_fn=stack_pairs)

val_ds = WheatHeads(split='val')
val_dl = DataLoader(val_ds, batch_size=bs, shuffle=False, num_workers=workers, collate_fn=stack_pairs)

test_ds = WheatHeads(split='test')
test_dl = DataLoader(test_ds, batch_size=1, shuffle=False, num_workers=workers, collate_fn=stack_pairs)

# detector
weights_file = "models/fasterrcnn_resnet50_fpn_COCO-V1.pt"
detector = fasterrcnn_resnet50_fpn(
    weights=FasterRCNN_ResNet50_FPN_Weights.COCO_V1,
    progress=True,
)
feat_dim = detector.roi_heads.box_predictor.cls_score.in_features
detector.roi_heads.box_predictor = FastRCNNPredictor(in_channels=feat_dim, num_classes=2) # background + wheat head
detector.to(dev)

# optimiser
opt = torch.optim.SGD(detector.parameters(), lr=base_lr, momentum=0.9, weight_decay=0.0005)

# fit and check
def fit_and_check():
    for ep in range(n_epochs):
        # fit
        detector.train()
        running = 0.0
        for batch in tqdm(train_dl, leave=False, desc=f"fit {ep+1}/{n_epochs}"):
            # unpack
            imgs, tgts = batch
            imgs = [im.to(dev) for im in imgs]
            tgts = [{k: v.to(dev) for k, v in t.items()} for t in tgts]
            # losses from the detector
            parts = detector(imgs, tgts) # dict of losses
            total = sum(p for p in parts.values())
            opt.zero_grad()
            total.backward()
            opt.step()
            running += total.item()
        print(f"\nepoch {ep+1}/{n_epochs}, fit loss: {running / len(train_dl):.4f}")

        # check
        detector.eval()
        scorer = MeanAveragePrecision(iou_thresholds=[0.5 + i * 0.05 for i in range(6)])  # IoU 0.50..0.75
        with torch.no_grad():
            for batch in tqdm(val_dl, leave=False, desc=f"check {ep + 1}/{n_epochs}"):
                # unpack
                imgs, tgts = batch
                imgs = [im.to(dev) for im in imgs]
                tgts = [{k: v.to(dev) for k, v in t.items()} for t in tgts]
                # detect
                dets = detector(imgs)
                found = [
                    {
                        'boxes': d['boxes'],
                        'scores': d['scores'],
                        'labels': d['labels'],
                    } for d in dets
                ]
                scorer.update(found, tgts)
        m = scorer.compute()['map'].item()
        print(f"\nepoch {ep + 1}/{n_epochs}, mAP: {m:.4f}")

# fit, then keep the weights
if do_training:
    fit_and_check()
    torch.save(detector.state_dict(), weights_file)

# detections on the hidden split
def detect_test(out_csv="output/submission.csv", show=False, thr=0.5):
    detector.eval()
    rows = []
    with torch.no_grad():
        for batch in test_dl:
            # unpack
            imgs, tgts = batch
            imgs = [im.to(dev) for im in imgs]
            # detect
            dets = detector(imgs)
            for d, t in zip(dets, tgts):
                img_id = test_ds.image_ids[t['image_id'].item()]
                boxes = d['boxes'].cpu().numpy()
                scores = d['scores'].cpu().numpy()
                # keep the confident ones
                keep = scores > thr
                boxes = boxes[keep]
                scores = scores[keep]
                row = to_submission_row(boxes, scores)
                rows.append({'image_id': img_id, 'PredictionString': row})
                if show:
                    draw_boxes(imgs[0], boxes, scores, img_id, thr=thr)

    # write the csv
    sub = pandas.DataFrame(data=rows)
    sub.to_csv(out_csv, index=False)
    print(f"wrote {out_csv}, rows={len(sub)}")

# reuse saved weights when present
if os.path.exists(weights_file):
    detector.load_state_dict(torch.load(weights_file, weights_only=True))

# run on the test images
detect_test(out_csv="output/submission.csv", thr=0.5, show=True)  # on kaggle: /kaggle/working/submission.csv
