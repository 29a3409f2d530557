import os

import numpy as np
import matplotlib.pyplot as plt
import sklearn.metrics as skmetrics

import torch
import torch.optim.adam
from torch.utils.data import DataLoader
from torch import nn

from PSGdataset import PSGdataset
from SleepSampler import SleepSampler
from Model import TinySleepNet
from utils import datasetSplit, computeLoss

BS = 15
NPZ_DIR = 'data/sleepedf/eeg_fpz_cz'
OUT_DIR = 'output'
SET_NAME = 'sleepedf'
DEV = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
CLASS_W = torch.Tensor([1., 1.5, 1., 1., 1.])
LR = 1e-4
L2 = 1e-3
N_EPOCHS = 200
CLIP = 5.0

def run():
    # datasets and their loaders
    ds_tr = PSGdataset(SET_NAME, 'config/sleepedf_train.txt', isAugment=True)
    print("=== train split ===")
    ds_tr.showInfo()
    smp_tr = SleepSampler(ds_tr, groupSize=BS)
    dl_tr = DataLoader(ds_tr,
                       sampler=smp_tr,
                       batch_size=BS,
                       drop_last=False)
    
    ds_va = PSGdataset(SET_NAME, 'config/sleepedf_valid.txt', isAugment=False)
    print("=== valid split ===")
    ds_va.showInfo()
    smp_va = SleepSampler(ds_va, groupSize=1, isShuffle=False)
    dl_va = DataLoader(ds_va,
                       sampler=smp_va,
                       batch_size=BS,
                       drop_last=False)
    
    ds_te = PSGdataset(SET_NAME, 'config/sleepedf_test.txt', isAugment=False)
    print("=== test split ===")
    ds_te.showInfo()
    smp_te = SleepSampler(ds_te, groupSize=1, isShuffle=False)
    dl_te = DataLoader(ds_te,
                       sampler=smp_te,
                       batch_size=BS,
                       drop_last=False)
    
    # network, loss, optimiser
    net = TinySleepNet().to(DEV)
    print("=== network ===")
    print(net)

    # weighted cross-entropy (N1 weighted 1.5), mean reduction
    ce = nn.CrossEntropyLoss(weight=CLASS_W).to(DEV)
    opt = torch.optim.Adam(net.parameters(), lr=LR)
    
    top_acc, top_f1 = -1, -1
    # epochs
    print("=== training ===")
    for ep in range(N_EPOCHS + 1):
        net.train()
        loss_log, pred_log, true_log = [], [], []
        for step, (xb, yb, reset_state) in enumerate(dl_tr):
            xb, yb = xb.to(DEV), yb.to(DEV)
            xb = torch.reshape(xb, (-1, 1, 3000))
            yb = torch.reshape(yb, (-1,))
            # forward
            logits = net(xb, bool(reset_state[0]))
            # loss with the L2 term
            loss = computeLoss(logits, yb, net, ce, isTraining=True, weightDecay=L2)
            # backward
            opt.zero_grad()
            loss.backward()
            # clip
            nn.utils.clip_grad_value_(net.parameters(), clip_value=CLIP)
            opt.step()
            # bookkeeping
            loss_log.append(loss.detach().cpu())
            p = np.argmax(logits.detach().cpu().numpy(), axis=1)
            t = yb.detach().cpu().numpy()
            pred_log.extend(p)
            true_log.extend(t)
        tr_loss = np.array(loss_log).mean()
        tr_acc = skmetrics.accuracy_score(true_log, pred_log) * 100
        tr_f1 = skmetrics.f1_score(true_log, pred_log, average='macro') * 100
        # validation pass
        net.eval()
        loss_log, pred_log, true_log = [], [], []
        with torch.no_grad():
            for step, (xb, yb, reset_state) in enumerate(dl_va):
                xb, yb = xb.to(DEV), yb.to(DEV)
                xb = torch.reshape(xb, (-1, 1, 3000))
                yb = torch.reshape(yb, (-1,))
                # forward
                logits = net(xb, bool(reset_state[0]))
                # loss
                loss = computeLoss(logits, yb, net, ce, isTraining=False)
                # bookkeeping
                loss_log.append(loss.detach().cpu())
                p = np.argmax(logits.detach().cpu().numpy(), axis=1)
                t = yb.detach().cpu().numpy()
                pred_log.extend(p)
                true_log.extend(t)
        va_loss = np.array(loss_log).mean()
        va_acc = skmetrics.accuracy_score(true_log, pred_log) * 100
        va_f1 = skmetrics.f1_score(true_log, pred_log, average='macro') * 100
        # test pass
        net.eval()
        loss_log, pred_log, true_log = [], [], []
        with torch.no_grad():
            for step, (xb, yb, reset_state) in enumerate(dl_te):
                xb, yb = xb.to(DEV), yb.to(DEV)
                xb = torch.reshape(xb, (-1, 1, 3000))
                yb = torch.reshape(yb, (-1,))
                # forward
                logits = net(xb, bool(reset_state[0]))
                # loss
                loss = computeLoss(logits, yb, net, ce, isTraining=False)
                # bookkeeping
                loss_log.append(loss.detach().cpu())
                p = np.argmax(logits.detach().cpu().numpy(), axis=1)
                t = yb.detach().cpu().numpy()
                pred_log.extend(p)
                true_log.extend(t)
        te_loss = np.array(loss_log).mean()
        te_acc = skmetrics.accuracy_score(true_log, pred_log) * 100
        te_f1 = skmetrics.f1_score(true_log, pred_log, average='macro') * 100
        te_cm = skmetrics.confusion_matrix(true_log, pred_log, labels=[0, 1, 2, 3, 4])
        print(f"ep {ep:<4} |"
              f" train {tr_loss:.4f} / {tr_acc:.1f} / {tr_f1:.1f} | "
              f" valid {va_loss:.4f} / {va_acc:.1f} / {va_f1:.1f} | "
              f" test {te_loss:.4f} / {te_acc:.1f} / {te_f1:.1f} ")
        print(te_cm)
        # keep the weights that do best on validation
        if top_acc < va_acc and top_f1 < va_f1:
            top_acc = va_acc
            top_f1 = va_f1
            target_dir = os.path.join(OUT_DIR, SET_NAME)
            if not os.path.exists(target_dir): os.makedirs(target_dir)
            print(f"new best at epoch {ep}")
            torch.save(net.state_dict(), os.path.join(target_dir, 'best_model.pth'))

if __name__ == "__main__":
    # write the split lists (train / valid / test) under config/
    datasetSplit(os.listdir(NPZ_DIR), 
                 SET_NAME, 
                 byID=True, 
                 foldNum=10, 
                 foldIdx=0, 
                 validPercent=0.1, 
                #  random_seed=42,
                 )
    run()
