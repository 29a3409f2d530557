import os, tqdm, random
import numpy as np
from typing import List, Tuple, Dict

import lanedetection.supervisely_parser as sp
from lanedetection.utils import printe, printw, printi, getenv
from lanedetection.data_generator import DataGenerator
from lanedetection.models.unet import VGG16U, VGG8U

import torch
import torch.nn as nn
import torch.nn.functional as F

# ********* run settings *********

LR = 1e-3
N_STEPS = 6000
BATCH = 16
FIT_SHARE = 0.95
OUT_W = 320
OUT_H = 224
KEEP_LOWER_SHARE = 1.0
WITH_BACKGROUND = True

DATA_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "./data/supervisely_project")
OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "./output/")
WEIGHTS_FILE = os.path.join(OUT_DIR, "model.pt")

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

def tversky_focal(target: torch.Tensor, pred: torch.Tensor, eps = 1e-5, alpha = 0.5, gamma=1.0):
    tp = (target * pred).sum(axis=(0,2,3)) # sum over batch, rows, cols
    fn = (target * (1-pred)).sum(axis=(0,2,3))
    fp = ((1-target) * pred).sum(axis=(0,2,3))
    return (1 - (tp) / (tp + (1-alpha)*fn + alpha*fp + eps)).pow(gamma).mean()

def dice(target: torch.Tensor, pred: torch.Tensor, eps = 1e-5):
    overlap = (target * pred).sum(axis=(0,2,3))
    total = (target + pred).sum(axis=(0,2,3))
    return 1 - ((2 * overlap + eps) / (total + eps)).mean()

def iou(target: torch.Tensor, pred: torch.Tensor, eps = 1e-5) -> torch.Tensor:
    overlap = (target * pred).sum(axis=(0,2,3))
    joined = (target + pred).sum(axis=(0,2,3)) - overlap
    return ((overlap + eps) / (joined + eps)).mean()

def plot_loss(fit_l: List[float], hold_l: List[float]):
    import matplotlib.pyplot as plt
    plt.figure()
    plt.plot(fit_l, label="loss")
    plt.plot(hold_l, label="val_loss")
    plt.legend()
    plt.xlabel("steps * 20")
    plt.ylabel("loss")
    plt.savefig(os.path.join(OUT_DIR, "loss.png"))

def plot_iou(fit_i: List[float], hold_i: List[float]):
    import matplotlib.pyplot as plt
    plt.figure()
    plt.plot(fit_i, label="iou")
    plt.plot(hold_i, label="val_iou")
    plt.legend()
    plt.xlabel("steps * 20")
    plt.ylabel("loss")
    plt.savefig(os.path.join(OUT_DIR, "iou.png"))

if __name__ == "__main__":
    if not os.path.isdir(OUT_DIR): os.mkdir(OUT_DIR)

    root_kind = sp.check_path(DATA_ROOT)
    colour_table: Dict[str, np.ndarray] = sp.extract_class_color_description(os.path.dirname(DATA_ROOT) if root_kind == "dataset" else DATA_ROOT)
    pairs: List[Tuple[str, str]] = sp.parse_dataset_for_training(DATA_ROOT) if root_kind == "dataset" else sp.parse_project_for_training(DATA_ROOT)
    printi(f"{len(pairs)} frames found in {root_kind}")

    random.shuffle(pairs)
    n_fit = int(len(pairs) * FIT_SHARE)
    fit_pairs, hold_pairs = pairs[:n_fit], pairs[n_fit:]
    printi(f"fit pairs: {len(fit_pairs)} | held-out pairs: {len(hold_pairs)}")

    # read one frame to learn its size and class count
    probe_img, probe_masks = sp.parse_image(fit_pairs[0][0], fit_pairs[0][1], colour_table, 'background' if WITH_BACKGROUND else None)
    src_h, src_w = probe_img.shape[:2]
    n_cls = len(probe_masks)
    target_size = (OUT_H or src_h, OUT_W or src_w)
    gen_fit = DataGenerator(fit_pairs, (src_h, src_w), n_cls, colour_table, BATCH, target_size, KEEP_LOWER_SHARE, augmentation=True, include_background=WITH_BACKGROUND)
    gen_hold = DataGenerator(hold_pairs, (src_h, src_w), n_cls, colour_table, BATCH, target_size, KEEP_LOWER_SHARE, include_background=WITH_BACKGROUND)

    net = VGG8U(n_classes=n_cls)
    net.to(dev)
    opt = torch.optim.Adam(net.parameters(), lr=LR)

    crit = tversky_focal

    def one_step(xb: torch.Tensor, yb: torch.Tensor) -> torch.Tensor:
        opt.zero_grad()
        loss = crit(yb, net(xb))
        loss.backward()
        opt.step()
        return loss
    
    def predict_masks(xb: torch.Tensor) -> torch.Tensor:
        with torch.no_grad():
            out = net(xb)
        return out

    win = 20
    fit_losses, hold_losses, fit_ious, hold_ious = [float('inf') for _ in range(win)], [float('inf')], [float('inf')], [float('inf')]
    printi(f"Training on {dev} | parameters: {sum([p.numel() for p in net.parameters()]):,}")
    try:
        for step in (bar:=tqdm.trange(N_STEPS)):
            xb, yb = gen_fit()
            xb,yb = torch.from_numpy(xb).to(dev), torch.from_numpy(yb).to(dev)
            loss = one_step(xb, yb).cpu().item()
            fit_losses.append(loss)

            if step % win == 0 and step != 0:
                # held-out check
                hx, hy = gen_hold()
                hx, hy = torch.from_numpy(hx).to(dev), torch.from_numpy(hy).to(dev)
                hy_pred = predict_masks(hx)
                hold_losses.append(crit(hy, hy_pred).cpu().item())
                # overlap score
                fit_ious.append(iou(yb, predict_masks(xb)).cpu().item())
                hold_ious.append(iou(hy, hy_pred).cpu().item())
            bar.set_description(f"loss: {sum(fit_losses[-win:])/win:.5f} | val_loss: {hold_losses[-1]:.5f} | iou_train: {fit_ious[-1]:.3f} | iou_val: {hold_ious[-1]:.3f}")
    except KeyboardInterrupt:
        printw("Stopped by user")
    # write weights
    printi(f"Writing weights to {WEIGHTS_FILE}")
    torch.save(net.state_dict(), WEIGHTS_FILE)

    plot_loss([sum(fit_losses[i:i+win])/win for i in range(0, len(fit_losses), win)], hold_losses)
    plot_iou(fit_ious, hold_ious)
