import time
import logging
import argparse
from pathlib import Path
import yaml
import gc
import random
import gc
from types import SimpleNamespace
import os

import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from torch.optim import AdamW
import numpy as np

from model.model import TimmSegModel, convert_3d
from training_utils import AverageMeter, timeSince
from datasets.augmentations import get_augmentation
from datasets.train_dataset import KidneyPatchTrainSet
from datasets.valid_dataset import KidneyPatchValidSet
import losses

device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
default_cfg_path = Path('./configs/baseline.yaml')
CKPT_DIR = Path('./checkpoints')
default_data = Path('./data/')

crop = (32,128,128)
step = (32,64,64)

def train_one_epoch(
    tr_loader: DataLoader,
    va_loader: DataLoader,
    net: nn.Module,
    crit: nn.Module,
    opt,
    ep: int,
    sched,
    device,
    best,
    CFG,
) -> torch.Tensor:
    """One pass over the training patches; keeps the best checkpoint."""

    net.train()
    scaler = torch.cuda.amp.GradScaler(enabled=CFG.apex)
    meter = AverageMeter()
    start = end = time.time()
    n_updates = 0
    for it, (batch) in enumerate(tr_loader):
        
        x = batch['image'].to(device)
        y = batch['mask'].to(device)

        bs = y.size(0)
        
        # mixed precision when configured
        with torch.cuda.amp.autocast(enabled=CFG.apex):
            out = net(x)
            loss = crit(out, y)
            
        meter.update(loss.item(), bs)
        scaler.scale(loss).backward()
        # clip
        gnorm = torch.nn.utils.clip_grad_norm_(
            net.parameters(), CFG.max_grad_norm
        )

        scaler.step(opt)
        scaler.update()
        opt.zero_grad()
        n_updates += 1
        sched.step()
 
        end = time.time()
        
        if it % CFG.print_freq == 0 or it == (len(tr_loader) - 1):
            logging.info(
                "Ep: [{0}][{1}/{2}] "
                "time {remain:s} "
                "loss: {loss.val:.4f}({loss.avg:.4f}) "
                "gnorm: {grad_norm:.4f}  "
                "lr: {lr:.8f}  ".format(
                    ep + 1,
                    it,
                    len(tr_loader),
                    remain=timeSince(start, float(it + 1) / len(tr_loader)),
                    loss=meter,
                    grad_norm=gnorm,
                    lr=sched.get_lr()[0],
                )
            )
            
            
                
        if CFG.eval_step_save_start_epoch <= ep and (
            (it + 1) % CFG.eval_freq == 0
        ):
            va_loss = evaluate(va_loader, net, crit, device, CFG)
            score = va_loss
            if score < best:
                best = score
                store(net, CFG)
                logging.info(f"new best checkpoint stored")
    
    # release cached blocks
    torch.cuda.empty_cache()
    gc.collect()

    return meter.avg, best


@torch.inference_mode()
def evaluate(
    va_loader: DataLoader,
    net: nn.Module, 
    crit: nn.Module, 
    device,
    CFG,
) -> tuple[torch.Tensor, np.ndarray]:
    """Loss over the validation patches."""
    meter = AverageMeter()
    net.eval()
    start = end = time.time()
    for it, (batch) in enumerate(va_loader):
        x = batch['image'].to(device)
        y = batch['mask'].to(device)
        bs = y.size(0)
        
        out = net(x)
            
        loss = crit(out, y)
    
            
        meter.update(loss.item(), bs)
        end = time.time()
        if it % CFG.print_freq == 0 or it == (len(va_loader) - 1):
            logging.info(
                "VAL: [{0}/{1}] "
                "time {remain:s} "
                "loss: {loss.val:.4f}({loss.avg:.4f}) ".format(
                    it,
                    len(va_loader),
                    loss=meter,
                    remain=timeSince(start, float(it + 1) / len(va_loader)),
                )
            )


    net.train()
    return meter.avg

def store(
    net: torch.nn.Module,
    CFG
) -> None:
    """Writes the weights"""
    path = CKPT_DIR + f'/{CFG.ckpt_name}.pth'

    torch.save(
        {"model": net.state_dict()},
        path,
    )

def fix_seeds(seed=42):
    random.seed(seed)
    os.environ['PYTHONHASHSEED'] = str(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed(seed)
    torch.backends.cudnn.deterministic = True

def parse():
    p = argparse.ArgumentParser(description='3-D vessel segmentation on kidney scans.')

    p.add_argument('--config', '-C', 
                        type=str, default=default_cfg_path, 
                        help='yaml with the run settings')
    p.add_argument('--data_dir', '-D', 
                    type=str, default=default_data, 
                    help='folder with the npz volumes')
    
    return p.parse_args()

def read_cfg(path):
    with open(path, 'r') as fh:
        d = yaml.safe_load(fh)
    
    # dict to attribute access
    ns = SimpleNamespace(**d)
    
    return ns

if __name__ == '__main__':
    args = parse()

    CFG = read_cfg(args.config)
    logging.basicConfig(level=logging.INFO, format='%(levelname)s: %(message)s')
    
    fix_seeds(seed=42)

    # volumes and masks
    k3 = np.load(args.data_dir / f'kidney3_dense.npz')
    k3_vol = k3['volume'].astype(np.uint8)
    k3_mask = k3['mask'].astype(np.uint8)

    k1 = np.load(args.data_dir / f'kidney1_dense.npz')
    k1_vol = k1['volume'].astype(np.uint8)
    k1_mask = k1['mask'].astype(np.uint8)

    # network
    net = TimmSegModel(CFG.backbone)
    net = convert_3d(net)
    net.to(device)
    n_params = sum(p.numel() for p in net.parameters() if p.requires_grad)
    logging.info(f"trainable params: {n_params}")

    aug = get_augmentation()

    tr_set = KidneyPatchTrainSet(
        patches=k1_vol,
        masks=k1_mask,
        patch_size=crop,
        transformations=get_augmentation(),
    )

    va_set = KidneyPatchValidSet(
        patches=k3_vol,
        masks=k3_mask,
        patch_size=crop,
        stride_size=(64, 64, 64),
    )


    tr_loader = DataLoader(tr_set, batch_size=CFG.batch_size, shuffle=True)
    va_loader = DataLoader(va_set, batch_size=CFG.infer_batch_size, shuffle=False)

    # loss and optimiser
    # crit = BCELoss(pos_weight=120,device=device)
    crit = losses.DiceLoss()
    opt = AdamW(net.parameters(), lr=CFG.decoder_lr)
    total_steps = int(len(tr_set) / CFG.batch_size * CFG.epochs)

    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, total_steps//2)
    best = np.inf

    for ep in range(CFG.epochs):
        t0 = time.time()
        mean_loss, best = train_one_epoch(
        tr_loader,
        va_loader,
        net,
        crit,
        opt,
        ep,
        sched,
        device,
        best,
        CFG
        )
                
                
        mean_va_loss = evaluate(va_loader, net, crit, device, CFG)
        dt = time.time() - t0
        store(net, CFG)
