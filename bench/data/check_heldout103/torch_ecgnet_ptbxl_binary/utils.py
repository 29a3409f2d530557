from sklearn.metrics import accuracy_score, precision_score, recall_score, f1_score, roc_auc_score, confusion_matrix
import csv
import torch
import numpy as np
import torch.nn as nn
from ECG_Models import *
from torch.utils.data.dataloader import DataLoader
import torch.optim as optim
from tqdm import tqdm
import torch.nn.functional as F
import os
from torch.optim.lr_scheduler import StepLR
import matplotlib.pyplot as plt
import seaborn as sns

def count_parameters(net):
    return sum(w.numel() for w in net.parameters() if w.requires_grad)

def l2_norm(sig):
    lengths = np.linalg.norm(sig, axis=2, keepdims=True)
    out = sig / lengths
    return out

def minmax_norm(arr):
    lo = np.min(arr, axis=(0,2), keepdims=True)
    hi = np.max(arr, axis=(0,2), keepdims=True)
    out = (arr - lo) / (hi - lo)
    return out

def Zscore_norm(arr):
    mu = np.mean(arr, axis=(0,2), keepdims=True)
    sd = np.std(arr, axis=(0,2), keepdims=True)
    out = (arr - mu) / sd
    return out

    
def calculate_metrics(truth, prob, test = False, root = ""):
    # threshold the probabilities
    hard = (prob > 0.5).astype(int)

    # accuracy
    acc = accuracy_score(truth, hard)

    # precision, recall, F1
    prec = precision_score(truth, hard)
    rec = recall_score(truth, hard)
    f1 = f1_score(truth, hard)

    # ROC AUC
    auc = roc_auc_score(truth, prob)  # AUC uses the probabilities

    if test:
        # confusion matrix figure
        cm = confusion_matrix(truth, hard)
        plt.figure(figsize=(8,6))
        sns.heatmap(cm, annot=True, fmt='g', cmap='Blues', cbar=False)
        plt.xlabel('predicted')
        plt.ylabel('true')
        plt.title('confusion')
        plt.savefig(os.path.join(root, 'test_confusion.png'), format='png', dpi=300)

    return acc, prec, rec, f1, auc

def SaveCsvForPlot(path, a1, a2, a3, a4, a5, b1, b2, b3, b4, b5):
    rows = [(p,q,r,s,t,u,v,w,x,z) for p,q,r,s,t,u,v,w,x,z in zip(a1, a2, a3, a4, a5, b1, b2, b3, b4, b5)]
    with open(path, "w", newline="") as fh:
        wr = csv.writer(fh)
        wr.writerows(rows)

def train(net, ds_tr, ds_te, batch_size, epochs, lr = 1e-2, crit = nn.CrossEntropyLoss(), opt = None, csv_name = "report", save_root = "result", per_save = 10, min_lr = 0.0001, step_size = 20):
    dev = "cuda:0"
    #net = net.to(dev)
    dl_tr = DataLoader(ds_tr, batch_size = batch_size, shuffle = True)
    dl_te = DataLoader(ds_te, batch_size = batch_size)
    if opt is None:
        opt = optim.Adam(net.parameters(), lr=lr)

    sched = StepLR(opt, step_size=step_size, gamma=0.1)
    
    tr_acc_h = []
    tr_prec_h = []
    tr_rec_h = []
    tr_f1_h = []
    tr_auc_h = []
    te_acc_h = []
    te_prec_h = []
    te_rec_h = []
    te_f1_h = []
    te_auc_h = []
    best = 0.0

    for ep in range(epochs):
        
        tr_truth = []
        tr_prob = []
        te_truth = []
        te_prob = []
        
        net.train()
        for xb, yb in tqdm(dl_tr):
            xb, yb = xb.to(dev).float(), yb.to(dev).float()
            opt.zero_grad()
            out=net(xb).float()
            loss=crit(out,yb.to(torch.int64))
            loss.backward()
            opt.step()
            p = F.softmax(out, dim = 1)
            tr_prob.append(p[:, 1].detach().cpu().numpy())
            tr_truth.append(yb.detach().cpu().numpy())
        
        sched.step()
        if opt.param_groups[0]['lr'] < min_lr:
            opt.param_groups[0]['lr'] = min_lr

        tr_prob = np.concatenate(tr_prob)
        tr_truth = np.concatenate(tr_truth)
        a, p_, r, f, u = calculate_metrics(tr_truth, np.array(tr_prob))
        tr_acc_h.append(a)
        tr_prec_h.append(p_)
        tr_rec_h.append(r)
        tr_f1_h.append(f)
        tr_auc_h.append(u)
        
        net.eval()
        with torch.no_grad():
            for xb, yb in tqdm(dl_te):
                xb, yb = xb.to(dev).float(), yb.to(dev).to(torch.int64)
                out=net(xb).float()
                p = F.softmax(out, dim = 1)
                te_prob.append(p[:, 1].detach().cpu().numpy())
                #te_prob_raw = out.cpu().numpy()
                te_truth.append(yb.cpu().numpy())
        
        te_prob = np.concatenate(te_prob)
        te_truth = np.concatenate(te_truth)
        a2, p2, r2, f2, u2 = calculate_metrics(te_truth, np.array(te_prob))
        te_acc_h.append(a2)
        te_prec_h.append(p2)
        te_rec_h.append(r2)
        te_f1_h.append(f2)
        te_auc_h.append(u2)

        if a2 > best:
            best = a2
            torch.save(net, os.path.join(save_root, f'{csv_name}_best.pt'))
        torch.save(net, os.path.join(save_root, f'{csv_name}_last.pt'))
        if (ep+1) % per_save == 0:
            torch.save(net, os.path.join(save_root, f'{csv_name}_epoch{ep+1}.pt'))
            
        print(f"epoch {ep+1}")
        print(f"train acc {a}, prec {p_}, rec {r}, f1 {f}, auc {u}")  
        print(f"test acc {a2}, prec {p2}, rec {r2}, f1 {f2}, auc {u2}")
        SaveCsvForPlot(os.path.join(save_root, f"{csv_name}.csv"), tr_acc_h, tr_prec_h, tr_rec_h, tr_f1_h, tr_auc_h, te_acc_h, te_prec_h, te_rec_h, te_f1_h, te_auc_h)

def test(net, ds_te, batch_size, root, dev):
    dl_te = DataLoader(ds_te, batch_size = batch_size)
    net.eval()
    te_prob = []
    te_truth = []
    with torch.no_grad():
        for xb, yb in tqdm(dl_te):
            xb, yb = xb.to(dev).float(), yb.to(dev).to(torch.int64)
            out=net(xb).float()
            p = F.softmax(out, dim = 1)
            te_prob.append(p[:, 1].detach().cpu().numpy())
            #te_prob_raw = out.cpu().numpy()
            te_truth.append(yb.cpu().numpy())
    
    te_prob = np.concatenate(te_prob)
    te_truth = np.concatenate(te_truth)
    a, p_, r, f, u = calculate_metrics(te_truth, np.array(te_prob), test = True, root = root)
    print(f"test acc {a}, prec {p_}, rec {r}, f1 {f}, auc {u}")
