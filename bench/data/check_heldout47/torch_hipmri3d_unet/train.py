import os, argparse, torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from dataset import ProstateVolumes
from modules_unet3d import UNet3D

def soft_dice(logits, target, eps=1e-6):
    # both (B,K,D,H,W); returns one score per class
    p = torch.sigmoid(logits)
    top = 2*(p*target).sum(dim=(2,3,4))
    bot = (p+target).sum(dim=(2,3,4)) + eps
    return (top/bot).mean(dim=0)  # (K,)

def main():
    cli = argparse.ArgumentParser()
    cli.add_argument('--root', type=str, required=True)   # HipMRI_Study_open folder
    cli.add_argument('--out',  type=str, default='./runs_prostate3d')
    cli.add_argument('--epochs', type=int, default=100)
    cli.add_argument('--batch',  type=int, default=1)
    cli.add_argument('--workers',type=int, default=2)
    cli.add_argument('--shape',  type=str, default='64,128,128')
    cli.add_argument('--classes',type=int, default=2)
    cli.add_argument('--lr',     type=float, default=1e-3)
    cli.add_argument('--device', type=str, default='cuda')
    opt_args = cli.parse_args()

    os.makedirs(opt_args.out, exist_ok=True)
    D,H,W = map(int, opt_args.shape.split(','))

    ds_train = ProstateVolumes(opt_args.root, 'train', opt_args.classes, (D,H,W))
    ds_val = ProstateVolumes(opt_args.root, 'validate', opt_args.classes, (D,H,W))
    dl_train = DataLoader(ds_train, batch_size=opt_args.batch, shuffle=True,  num_workers=opt_args.workers, pin_memory=True)
    dl_val = DataLoader(ds_val, batch_size=1,         shuffle=False, num_workers=opt_args.workers, pin_memory=True)

    device = torch.device(opt_args.device if torch.cuda.is_available() else 'cpu')
    unet = UNet3D(1, opt_args.classes, base=16).to(device)
    optim = torch.optim.AdamW(unet.parameters(), lr=opt_args.lr)

    top_score = -1
    for ep in range(1, opt_args.epochs+1):
        unet.train(); run_loss=0.0
        for xb,yb in dl_train:
            xb,yb = xb.to(device), yb.to(device)
            out = unet(xb)
            bce = F.binary_cross_entropy_with_logits(out, yb)
            dl = 1.0 - soft_dice(out,yb).mean()
            loss = bce + dl
            optim.zero_grad(); loss.backward(); optim.step()
            run_loss += loss.item()*xb.size(0)
        run_loss/=len(ds_train)

        unet.eval(); acc=None
        with torch.no_grad():
            for xb,yb in dl_val:
                xb,yb = xb.to(device), yb.to(device)
                out = unet(xb)
                d = soft_dice(out,yb)  # (K,)
                acc = d if acc is None else acc + d
        per_cls = (acc/len(ds_val)).cpu().numpy()
        gland = per_cls[1] if opt_args.classes>1 else per_cls[0]
        print(f"[{ep:03d}] loss={run_loss:.4f}  dice_mean={per_cls.mean():.3f}  dice_prostate={gland:.3f}")

        if gland > top_score:
            top_score = gland
            torch.save({'model': unet.state_dict(), 'epoch': ep, 'dice': top_score},
                       os.path.join(opt_args.out,'best.pt'))
            print(f"  new best checkpoint ({top_score:.3f})")

if __name__ == "__main__":
    main()
