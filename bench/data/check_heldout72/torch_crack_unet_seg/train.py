import argparse
import os
import random
import glob
from multiprocessing import cpu_count

import numpy as np
import torch
import torch.nn.functional as F
import torch.nn as nn
import torch.optim as optim
from torchvision.utils import save_image

from core import save, addvalue, load, load_check, saveworter
from loss import DiceLoss, FocalLoss
from unet import UNet, wrapped_UNet
from utils.own import CrackMaskDataset as Dataset
from utils.util import miouf, prmaper


def paint_classes(label_map, palette):
    assert label_map.max() + 1 <= len(palette)
    B, H, W = label_map.shape
    canvas = torch.zeros(B, 3, H, W).to(label_map.device).to(label_map.device)
    palette = palette[1:]
    for b in range(B):
        for cls_id, rgb in enumerate(palette, 1):
            canvas[b, :, label_map[b] == cls_id] = (rgb.view(3, 1)).to(label_map.device).float()
    return canvas
def to_onehot(t,n_cls=3):
    return torch.eye(n_cls)[t].permute(0,3,1,2).to(t.device)



def run(opts):
    dev = torch.device("cpu" if not torch.cuda.is_available() else opts.device)
    print(dev)

    mask_paths = glob.glob(f'{opts.maskfolder}/*.jpg')
    n_train = int(len(mask_paths) * 0.8) if opts.k_shot == 0 else opts.k_shot
    train_masks = random.sample(mask_paths, k=n_train)
    valid_masks = list(set(mask_paths) - set(train_masks))

    net = UNet(in_channels=3, out_channels=3, cutpath=opts.cutpath)
    if opts.pretrained:
        net = torch.hub.load('mateuszbuda/brain-segmentation-pytorch', 'unet',
                              in_channels=3, out_channels=1, init_features=32, pretrained=True)
        net = wrapped_UNet(net, 1, 3)
    history = {}
    split_record = {}
    first_epoch = 0
    if opts.resume and load_check(opts.savefolder):
        restored = load(opts.savefolder)
        history, first_epoch, weights_path, split_record = restored['writer'], restored['epoch'], restored['modelpath'], restored['worter']
        train_masks, valid_masks = split_record['trainmask'], split_record['validmask']
        net.load_state_dict(torch.load(weights_path))
        print('weights restored')
    net.to(dev)
    saveworter(split_record, 'trainmask', train_masks)
    saveworter(split_record, 'validmask', valid_masks)
    train_set = Dataset(train_masks, train=True, random=opts.random, split=opts.split)
    valid_set = Dataset(valid_masks, train=False, random=opts.random, split=opts.split)
    train_dl = torch.utils.data.DataLoader(train_set, batch_size=opts.batchsize, shuffle=True,
                                              num_workers=opts.workers)
    valid_dl = torch.utils.data.DataLoader(valid_set, batch_size=opts.batchsize, shuffle=True,
                                              num_workers=opts.workers)
    dls = {'train': train_dl, 'valid': valid_dl}
    if opts.saveimg: net.savefolder = opts.savefolder
    if opts.loss == 'DSC':
        crit = DiceLoss()
    elif opts.loss == 'CE':
        crit = nn.CrossEntropyLoss()
    elif opts.loss == 'Focal':
        crit = FocalLoss()
    elif opts.loss=='L1':
        crit=lambda pred,tgt:F.l1_loss(pred,to_onehot(tgt))
    else:
        assert False, 'unknown loss name.'

    opt = optim.Adam(net.parameters(), lr=opts.lr)

    os.makedirs(opts.savefolder, exist_ok=True)
    print('training begins')
    for epoch in range(first_epoch, opts.epochs):
        step_losses = []
        val_ious = []
        for stage in ["train"] * opts.num_train + ["valid"]:
            pr_table = torch.zeros(len(train_set.clscolor), len(train_set.clscolor))
            if stage == "train":
                net.train()
                if opts.resize:
                    train_set.resize()
            else:
                net.eval()

            for i, batch in enumerate(dls[stage]):
                img, target = batch
                img, target = img.to(dev), target.to(dev)
                opt.zero_grad()

                with torch.set_grad_enabled(stage == "train"):
                    logits = net(img)

                    loss = crit(logits, target)
                    step_losses += [loss.item()]
                    if stage == "train":
                        loss.backward()
                        opt.step()
                    if stage == "valid":
                        iou = miouf(logits, target, len(train_set.clscolor)).item()
                        val_ious += [iou]
                        pr_table += prmaper(logits, target, len(train_set.clscolor))
                        if i == 0:
                            save_image(torch.cat(
                                [img, paint_classes(target, train_set.clscolor),
                                 paint_classes(logits.argmax(1), train_set.clscolor)],
                                dim=2), f'{opts.savefolder}/{epoch}.jpg')
            addvalue(history, f'loss:{stage}', np.mean(step_losses), epoch)
            print(f'{epoch=}/{opts.epochs}:{stage}:{np.mean(step_losses):.4f}')
            if stage == "valid":
                print(f'valid:miou:{np.mean(val_ious):.4f}')
                addvalue(history, 'acc:miou', np.mean(val_ious), epoch)
                print((pr_table / (i + 1)).int())
        save(epoch, net, opts.savefolder, history, split_record)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(
        description="U-Net training for crack segmentation masks"
    )
    ap.add_argument(
        "--batchsize",
        type=int,
        default=8,
        help="images per training batch (default: 8)",
    )
    ap.add_argument(
        "--epochs",
        type=int,
        default=100,
        help="how many epochs to run (default: 100)",
    )
    ap.add_argument(
        "--lr",
        type=float,
        default=0.0001,
        help="step size for Adam (default: 1e-4)",
    )
    ap.add_argument(
        "--device",
        type=str,
        default="cuda",
        help="torch device to use (default: cuda)",
    )
    ap.add_argument(
        "--workers",
        type=int,
        default=cpu_count(),
        help="loader worker processes (default: all cores)",
    )
    ap.add_argument(
        "--pretrained",
        default=False,
        action='store_true'
    )
    ap.add_argument(
        "--k-shot",
        default=0,
        type=int
    )
    ap.add_argument(
        "--num-train",
        default=1,
        type=int
    )
    ap.add_argument(
        "--cutpath",
        default=False,
        action='store_true'
    )
    ap.add_argument(
        "--savefolder",
        default='tmp',
        type=str
    )
    ap.add_argument(
        "--rawfolder",
        default='../data/crackset/scene/image',
        type=str
    )
    ap.add_argument(
        "--maskfolder",
        default='../data/crackset/scene/mask',
        type=str
    )
    ap.add_argument(
        '--loss',
        default='CE',
    )
    ap.add_argument(
        '--split',
        type=int,
        default=1
    )
    ap.add_argument(
        '--random',
        default=False,
        action='store_true'
    )
    ap.add_argument(
        '--saveimg',
        default=False,
        action='store_true'
    )
    ap.add_argument(
        '--resume',
        default=False,
        action='store_true'
    )
    ap.add_argument(
        '--resize',
        default=False,
        action='store_true'
    )
    opts = ap.parse_args()
    opts.num_train = opts.split
    opts.epochs *= opts.split
    opts.savefolder = f'data/{opts.savefolder}'
    run(opts)
