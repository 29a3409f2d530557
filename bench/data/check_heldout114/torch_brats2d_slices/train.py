import argparse
import os
from pathlib import Path

import torch
from dataset import GliomaSliceSet
from model import get_2d_unet
from monai.losses import DiceLoss
from torch import nn
from torch.utils.data import DataLoader


def get_args():
    ap = argparse.ArgumentParser(description="2-D residual UNet on pre-extracted glioma slices")
    ap.add_argument("--metadata_csv", type=str, default="../data/processed/2d_slices/metadata.csv",
                        help="slice manifest written by the preparation step")
    ap.add_argument("--epochs", type=int, default=30,
                        help="how many epochs")
    ap.add_argument("--batch_size", type=int, default=8,
                        help="batch size for both loaders")
    ap.add_argument("--lr", type=float, default=2e-4,
                        help="starting learning rate")
    ap.add_argument("--device", type=str, default="auto",
                        help="'cuda', 'mps', 'cpu' or 'auto'")
    ap.add_argument("--seed", type=int, default=42,
                        help="seed for reproducible runs")
    return ap.parse_args()

def seed_all(seed):
    torch.manual_seed(seed)
    if torch.cuda.is_available():
        torch.cuda.manual_seed_all(seed)
    np_seed = seed % (2**32)
    import random

    import numpy as np
    np.random.seed(np_seed)
    random.seed(seed)

def dice_score(prob: torch.Tensor, truth: torch.Tensor, eps: float = 1e-5) -> float:
    """Dice overlap of the thresholded prediction with the mask."""
    hard = (prob > 0.5).float()
    inter = (hard * truth).sum()
    denom = hard.sum() + truth.sum()
    d = (2.0 * inter + eps) / (denom + eps)
    return d.item()

def main():
    args = get_args()
    seed_all(args.seed)
    
    # pick a device
    if args.device == "auto":
        if torch.cuda.is_available():
            dev = "cuda"
        elif torch.backends.mps.is_available():
            dev = "mps"
        else:
            dev = "cpu"
    else:
        dev = args.device
    print(f"Device: {dev}")
    
    # manifest location relative to this file
    here = Path(__file__).resolve().parent
    manifest = (here / args.metadata_csv).resolve()
    
    # datasets and loaders
    print(f"Reading manifest {manifest}")
    try:
        tr_set = GliomaSliceSet(manifest_csv=str(manifest), split="train")
        va_set = GliomaSliceSet(manifest_csv=str(manifest), split="val")
    except FileNotFoundError as e:
        print(f"Could not open the slice sets: {e}")
        print("Run the slice preparation script first.")
        return
        
    tr_loader = DataLoader(tr_set, batch_size=args.batch_size, shuffle=True, num_workers=0)
    va_loader = DataLoader(va_set, batch_size=args.batch_size, shuffle=False, num_workers=0)
    
    print(f"{len(tr_set)} training slices, {len(va_set)} validation slices.")
    
    # network, losses, optimiser, schedule
    net = get_2d_unet(in_channels=4, out_channels=1).to(dev)
    
    # Dice + BCE on logits
    dice_fn = DiceLoss(sigmoid=True)
    bce_fn = nn.BCEWithLogitsLoss()
    
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-5)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.epochs)
    
    # mixed precision
    amp_on = dev in ["cuda", "mps"]
    scaler = torch.amp.GradScaler("cuda") if dev == "cuda" else None
    
    # checkpoint folder next to the script
    ckpt_dir = here / "checkpoints"
    os.makedirs(ckpt_dir, exist_ok=True)
    
    best = 0.0
    print("\n=== training ===")
    
    for ep in range(1, args.epochs + 1):
        # train
        net.train()
        tr_loss = 0.0
        
        for b in tr_loader:
            x = b["image"].to(dev)  # [B, 4, H, W]
            y = b["label"].to(dev)  # [B, 1, H, W]
            
            opt.zero_grad()
            
            # forward, autocast when possible
            if amp_on:
                try:
                    with torch.amp.autocast(device_type=dev, enabled=True):
                        out = net(x)
                        l_dice = dice_fn(out, y)
                        l_bce = bce_fn(out, y)
                        loss = l_dice + l_bce
                except Exception:
                    # autocast failed: full precision from now on
                    out = net(x)
                    l_dice = dice_fn(out, y)
                    l_bce = bce_fn(out, y)
                    loss = l_dice + l_bce
                    amp_on = False
            else:
                out = net(x)
                l_dice = dice_fn(out, y)
                l_bce = bce_fn(out, y)
                loss = l_dice + l_bce
                
            # backward
            if scaler is not None and amp_on:
                scaler.scale(loss).backward()
                scaler.step(opt)
                scaler.update()
            else:
                loss.backward()
                opt.step()
                
            tr_loss += loss.item()
            
        sched.step()
        mean_tr = tr_loss / len(tr_loader)
        
        # validate
        net.eval()
        va_dice = 0.0
        va_loss = 0.0
        
        with torch.no_grad():
            for b in va_loader:
                x = b["image"].to(dev)
                y = b["label"].to(dev)
                
                out = net(x)
                l_dice = dice_fn(out, y)
                l_bce = bce_fn(out, y)
                loss = l_dice + l_bce
                va_loss += loss.item()
                
                # overlap score
                p = torch.sigmoid(out)
                d = dice_score(p, y)
                va_dice += d
                
        mean_va = va_loss / len(va_loader)
        mean_dice = va_dice / len(va_loader)
        
        print(f"epoch {ep:02d}/{args.epochs:02d} | train {mean_tr:.5f} | val {mean_va:.5f} | dice {mean_dice:.5f}")
        
        # keep the best checkpoint
        if mean_dice > best:
            best = mean_dice
            out_path = ckpt_dir / "best_2d_model.pt"
            torch.save({
                "epoch": ep,
                "model_state_dict": net.state_dict(),
                "optimizer_state_dict": opt.state_dict(),
                "val_dice": mean_dice,
            }, out_path)
            print(f"--> new best (dice {best:.5f}) saved as {out_path.name}")
            
    print(f"\nDone. Best validation Dice: {best:.5f}")

if __name__ == "__main__":
    main()
