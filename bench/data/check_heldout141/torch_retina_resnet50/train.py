import torch
from torch import nn, optim
import torch.nn.functional as F
from torch.utils.data import DataLoader
from pathlib import Path
import logging
import argparse
from fundus_data import FundusFolder
import numpy as np
import pandas as pd
from torchvision import models

# logging to file and console
logging.basicConfig(
    level=logging.INFO,
    format='%(asctime)s - %(levelname)s - %(message)s',
    handlers=[
        logging.FileHandler('fit.log'),
        logging.StreamHandler()
    ]
)
log = logging.getLogger(__name__)

# device
dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
log.info(f'device: {dev}')

# folders
ROOT = Path("/home/user/retina-grading/backend")
IMG_DIR = ROOT / "train"
OUT_DIR = ROOT / "models"

class GradeNet(nn.Module):
    def __init__(self, n_grades=5):
        super(GradeNet, self).__init__()
        self.body = models.resnet50(pretrained=True)
        
        # keep the early blocks fixed
        for p in list(self.body.parameters())[:-30]:
            p.requires_grad = False
            
        width = self.body.fc.in_features
        self.body.fc = nn.Sequential(
            nn.Linear(width, 512),
            nn.BatchNorm1d(512),
            nn.ReLU(inplace=True),
            nn.Dropout(0.4),
            nn.Linear(512, n_grades)
        )
        
    def forward(self, x):
        x = self.body(x)
        return F.log_softmax(x, dim=1)

def run(opts):
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    
    # history
    hist = {
        'epoch': [], 'train_loss': [], 'train_acc': [],
        'val_loss': [], 'val_acc': [], 'lr': []
    }
    
    full = FundusFolder(
        root=IMG_DIR,
        augment=True,
        out_size=(224, 224)
    )
    
    all_grades = [g for _, g in full]
    per_grade = np.bincount(all_grades)
    n_all = len(all_grades)
    grade_w = torch.FloatTensor(n_all / (len(per_grade) * per_grade)).to(dev)
    
    rng = torch.Generator().manual_seed(42)
    n_fit = int(0.8 * len(full))
    n_val = len(full) - n_fit
    fit_part, val_part = torch.utils.data.random_split(
        full, [n_fit, n_val], generator=rng
    )
    
    fit_loader = DataLoader(
        fit_part,
        batch_size=opts.batch_size,
        shuffle=True,
        num_workers=4,
        pin_memory=True
    )
    
    val_loader = DataLoader(
        val_part,
        batch_size=opts.batch_size,
        shuffle=False,
        num_workers=4,
        pin_memory=True
    )

    net = GradeNet(n_grades=5)
    if torch.cuda.device_count() > 1:
        net = nn.DataParallel(net)
    net = net.to(dev)

    crit = nn.CrossEntropyLoss(weight=grade_w)
    
    opt = optim.AdamW(
        net.parameters(),
        lr=opts.learning_rate,
        weight_decay=0.01,
        betas=(0.9, 0.999)
    )
    
    sched = optim.lr_scheduler.OneCycleLR(
        opt,
        max_lr=opts.learning_rate,
        epochs=opts.epochs,
        steps_per_epoch=len(fit_loader),
        pct_start=0.3,
        anneal_strategy='cos'
    )

    amp_scaler = torch.cuda.amp.GradScaler()
    best_acc = 0.0
    
    for ep in range(opts.epochs):
        net.train()
        fit_loss = 0.0
        hits = 0
        seen = 0
        
        for step, (xb, yb) in enumerate(fit_loader):
            xb, yb = xb.to(dev), yb.to(dev)
            
            opt.zero_grad()
            
            with torch.cuda.amp.autocast():
                out = net(xb)
                loss = crit(out, yb)
            
            amp_scaler.scale(loss).backward()
            amp_scaler.unscale_(opt)
            torch.nn.utils.clip_grad_norm_(net.parameters(), max_norm=1.0)
            
            amp_scaler.step(opt)
            amp_scaler.update()
            sched.step()
            
            fit_loss += loss.item()
            _, guess = out.max(1)
            seen += yb.size(0)
            hits += guess.eq(yb).sum().item()
            
            del out, loss
            torch.cuda.empty_cache()
            
        net.eval()
        v_loss = 0
        v_hits = 0
        v_seen = 0
        
        with torch.no_grad():
            for xb, yb in val_loader:
                xb, yb = xb.to(dev), yb.to(dev)
                out = net(xb)
                loss = crit(out, yb)
                
                v_loss += loss.item()
                _, guess = out.max(1)
                v_seen += yb.size(0)
                v_hits += guess.eq(yb).sum().item()
                
                del out, loss
                torch.cuda.empty_cache()
        
        fit_acc = 100. * hits / seen
        v_acc = 100. * v_hits / v_seen
        
        # record the epoch
        hist['epoch'].append(ep)
        hist['train_loss'].append(fit_loss/len(fit_loader))
        hist['train_acc'].append(fit_acc)
        hist['val_loss'].append(v_loss/len(val_loader))
        hist['val_acc'].append(v_acc)
        hist['lr'].append(opt.param_groups[0]['lr'])
        
        # history to CSV
        pd.DataFrame(hist).to_csv(OUT_DIR / 'history.csv', index=False)
        
        log.info(
            f'epoch {ep + 1}/{opts.epochs}: '
            f'fit loss {fit_loss/len(fit_loader):.4f}, '
            f'fit acc {fit_acc:.2f}%, '
            f'val loss {v_loss/len(val_loader):.4f}, '
            f'val acc {v_acc:.2f}%, '
            f'lr {opt.param_groups[0]["lr"]:.6f}'
        )

        if v_acc > best_acc:
            best_acc = v_acc
            torch.save(net.state_dict(), OUT_DIR / 'best.pth')
            log.info(f"new best at {best_acc:.2f}%")

    return hist

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument('--batch-size', type=int, default=16)
    ap.add_argument('--epochs', type=int, default=100)
    ap.add_argument('--learning-rate', type=float, default=3e-4)
    opts = ap.parse_args()
    
    hist = run(opts)
    pd.DataFrame(hist).to_csv(OUT_DIR / 'final_history.csv', index=False)
