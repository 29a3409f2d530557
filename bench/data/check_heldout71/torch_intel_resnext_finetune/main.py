import torch
import os
from torch.optim import AdamW
from torch.optim.lr_scheduler import ReduceLROnPlateau
import torch.nn as nn
import timm
import numpy as np
import cfg_intel as cfg
from step_fit import fit_step
from step_eval import eval_step
from loaders import make_loaders
from plots import show_some, draw_curves
from tqdm import tqdm


def run():
    fit_loader, eval_loader = make_loaders()
    net = timm.create_model(model_name='resnext101_32x8d', pretrained=True, num_classes=6).to(cfg.DEVICE)

    # freeze everything, then let the last stage and the head learn
    for p in net.parameters():
        p.requires_grad = False
    for p in net.layer4.parameters():
        p.requires_grad = True
    for p in net.fc.parameters():
        p.requires_grad = True

    loss_fn = nn.CrossEntropyLoss()
    opt = AdamW(filter(lambda p: p.requires_grad, net.parameters()), lr=cfg.LR, weight_decay=1e-4)
    sched = ReduceLROnPlateau(opt, mode='max', factor=0.5, patience=2)
    best_acc = 0.0
    patience = cfg.PATIENCE
    stale = 0
    fit_losses, eval_losses = [], []
    fit_accs, eval_accs = [], []
    for ep in range(cfg.EPOCHS):
        ep_fit_loss, ep_eval_loss = [], []
        ep_fit_acc, ep_eval_acc = [], []
        print(f'epoch {ep+1}/{cfg.EPOCHS}')
        net.train()
        for batch in tqdm(fit_loader, desc='fit'):
            x, y = batch
            x, y = x.to(cfg.DEVICE), y.to(cfg.DEVICE)
            acc, loss = fit_step(x, y, net, loss_fn, opt)
            ep_fit_acc.append(acc)
            ep_fit_loss.append(loss)
        net.eval()
        for batch in tqdm(eval_loader, desc='eval'):
            x, y = batch
            x, y = x.to(cfg.DEVICE), y.to(cfg.DEVICE)
            acc, loss = eval_step(x, y, net, loss_fn)
            ep_eval_acc.append(acc)
            ep_eval_loss.append(loss)
        
        ep_fit_acc = np.mean(ep_fit_acc)
        ep_fit_loss = np.mean(ep_fit_loss)
        ep_eval_acc = np.mean(ep_eval_acc)
        ep_eval_loss = np.mean(ep_eval_loss)

        sched.step(ep_eval_acc)

        if ep_eval_acc > best_acc:
            best_acc = ep_eval_acc
            stale = 0
            os.makedirs(cfg.OUT_DIR, exist_ok=True)
            print(f'epoch {ep+1}: new best eval accuracy {best_acc}, saving')
            torch.save(net.state_dict(), os.path.join(cfg.OUT_DIR, 'best.pth'))
        else:
            stale += 1
            print(f'no gain for {stale} epoch(s)')
            if stale > patience:
                break
        
        fit_accs.append(ep_fit_acc)
        fit_losses.append(ep_fit_loss)
        eval_accs.append(ep_eval_acc)
        eval_losses.append(ep_eval_loss)

    return fit_accs, fit_losses, eval_accs, eval_losses


if __name__ == '__main__':
    show_some(20)
    fit_accs, fit_losses, eval_accs, eval_losses = run()
    draw_curves(fit_accs, fit_losses, eval_accs, eval_losses)