import os
import argparse
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader
from tqdm import tqdm
import numpy as np

from model import EnvNet1D
from dataset import FramedWaveSet
import torch.nn.functional as F

def run_training(opts):
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    print(f"device = {dev}")
    
    csv_path = os.path.join(opts.data_path, "UrbanSound8K.csv")
    wav_dir = opts.data_path 
    
    # split by fold
    # eight folds to train, two to test
    folds_tr = [1, 2, 3, 4, 5, 6, 7, 8]
    folds_te = [9, 10]
    
    print(f"train folds = {folds_tr}")
    print(f"test folds = {folds_te}")

    # data sets
    # 16 kHz windows with 75% overlap
    ds_tr = FramedWaveSet(csv_path, wav_dir, fold_ids=folds_tr, phase='train', hop_frac=0.75)
    ds_te = FramedWaveSet(csv_path, wav_dir, fold_ids=folds_te, phase='val', hop_frac=0.75)
    # end of split

    # loaders
    dl_tr = DataLoader(ds_tr, batch_size=opts.batch_size, shuffle=True, 
                              num_workers=8, pin_memory=True)
    
    dl_te = DataLoader(ds_te, batch_size=1, shuffle=False, 
                            num_workers=4, pin_memory=True)
    
    net = EnvNet1D(num_classes=10).to(dev)
    
    # Adadelta as in the EnvNet paper
    opt = optim.Adadelta(net.parameters(), lr=1.0)
    
    # plain cross entropy
    xent = nn.CrossEntropyLoss()
    
    top = 0.0
    
    for ep in range(opts.epochs):
        net.train()
        loss_acc = 0.0
        ok = 0
        cnt = 0
        
        bar = tqdm(dl_tr, desc=f"Epoch {ep+1}/{opts.epochs} train")
        for xb, yb in bar:
            xb, yb = xb.to(dev), yb.to(dev)
            
            opt.zero_grad()
            out = net(xb)
            l = xent(out, yb)
            l.backward()
            opt.step()
            
            loss_acc += l.item()
            _, guess = out.max(1)
            cnt += yb.size(0)
            ok += guess.eq(yb).sum().item()
            
            bar.set_postfix({'loss': loss_acc / (bar.n + 1), 'acc': 100.*ok/cnt})
            
        # evaluation
        net.eval()
        ok_te = 0
        cnt_te = 0
        
        with torch.no_grad():
            for xb, yt in tqdm(dl_te, desc="eval"):
                # (1, n, 1, 16000) -> (n, 1, 16000)
                xb = xb.squeeze(0).to(dev)
                yt = yt.to(dev)
                
                out = net(xb)
                
                # sum of window probabilities
                p = F.softmax(out, dim=1)
                p_sum = torch.sum(p, dim=0, keepdim=True)
                
                _, guess = p_sum.max(1)
                cnt_te += yt.size(0)
                ok_te += guess.eq(yt).sum().item()
        
        acc_te = 100. * ok_te / cnt_te
        print(f"Epoch {ep+1} eval acc {acc_te:.2f}%")
        
        if acc_te > top:
            top = acc_te
            torch.save(net.state_dict(), f"envnet1d_best.pth")
            print(f"new best checkpoint, acc {top:.2f}%")

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument('--data_path', type=str, default='/data/UrbanSound8K', help='folder holding the csv and foldN dirs')
    # fold is fixed above
    ap.add_argument('--batch_size', type=int, default=100, help='clips per step')
    ap.add_argument('--epochs', type=int, default=100, help='passes over the data')
    
    opts = ap.parse_args()
    run_training(opts)