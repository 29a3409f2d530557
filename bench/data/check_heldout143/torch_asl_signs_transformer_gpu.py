from pathlib import Path
import json
import math
import time

import numpy as np
import pandas as pd
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader
import torchinfo
from sklearn.metrics import confusion_matrix
import matplotlib.pyplot as plt
import seaborn as sns
from sklearn.metrics import precision_score, recall_score, f1_score

from tqdm import tqdm # progress bars

dev = 'cuda' if torch.cuda.is_available() else 'mps' if torch.backends.mps.is_available() else 'cpu'


DATA_ROOT = Path('~/work/asl_isolated')

LANDMARKS_PER_FRAME = 543  # mediapipe holistic points per frame

def read_landmark_file(pq_path):
    cols = ['x', 'y', 'z']
    frame = pd.read_parquet(pq_path, columns=cols)
    n_frames = int(len(frame) / LANDMARKS_PER_FRAME)
    frame = frame.values.reshape(n_frames, LANDMARKS_PER_FRAME, len(cols))
    return frame.astype(np.float32)

with (DATA_ROOT / 'landmarks.json').open() as fh:
    part_groups = json.load(fh)

meta = pd.read_csv(DATA_ROOT / 'train.csv')

fit_meta = meta.sample(frac=0.9)
hold_meta = meta.drop(fit_meta.index).sample(frac=1)

class SignSequences(Dataset):
    def __init__(self, table, featurize):
        archive = np.load(DATA_ROOT / 'data.npz')
        self.seqs = [torch.Tensor(archive[str(sid)]).to(dev) for sid in tqdm(table.sequence_id, desc='reading sequences', total=len(table))]
        self.targets = torch.Tensor(table.label.values).long().to(dev)
        self.featurize = featurize
    
    def __len__(self):
        return len(self.seqs)
        
    def __getitem__(self, k):
        return self.featurize(self.seqs[k]).float(), self.targets[k]

TRIPLES = torch.cat([torch.tensor(v).unfold(0,3,1) for v in part_groups.values()])
KEEP_IDX = np.load(DATA_ROOT / 'indices.npy')

def featurize(x):
    # joint "angles" from consecutive point triples
    tri = x[:,TRIPLES]
    segs = torch.stack(
        (
            tri[...,1,:] - tri[...,0,:],
            tri[...,2,:] - tri[...,1,:]
        ),
        dim=-2
    ).float()
    cosines = torch.div(
        segs.prod(dim=-2).sum(dim=-1),
        segs.square().sum(dim=-1).sqrt().prod(dim=-1)
    )#.acos()

    # centre the coordinates
    valid_n = (~x.isnan()).sum(dim=(0,1))
    filled = x.clone()
    filled[filled.isnan()] = 0
    centre = filled.sum(dim=(0,1)) / valid_n
    centred = x - centre

    # coordinates and angles side by side
    out = torch.cat((
        centred.flatten(-2),
        cosines),1)

    out[out.isnan()] = 0

    return out

fit_set = SignSequences(fit_meta, featurize)
fit_cache = fit_set.seqs
hold_set = SignSequences(hold_meta, featurize)
hold_cache = hold_set.seqs
len(fit_set), len(hold_set)

def pad_to_longest(items):
    longest = max([len(it) for it in items])
    shape = (longest, len(items), len(items[0][0]))
    padded = torch.zeros(shape).to(dev)
    pad_mask = torch.full((len(items), longest), True).to(dev)
    for j, it in enumerate(items):
        n = len(it)
        padded[:n, j] = it
        pad_mask[j, :n] = False
        
    return padded, pad_mask

def collate(items):
    cols = list(zip(*items))
    seqs = list(cols[0])
    flat = [torch.Tensor(s).nan_to_num(nan=0).flatten(1).float().to(dev) for s in seqs]
    src, pad_mask = pad_to_longest(flat)
    y = torch.Tensor(cols[1]).long().to(dev)
    return src, pad_mask, y

fit_loader = DataLoader(fit_set, batch_size=128, shuffle=True, collate_fn=collate)
hold_loader = DataLoader(hold_set, batch_size=128, shuffle=True, collate_fn=collate)


class SinePositions(nn.Module):

    def __init__(self, d_model: int, dropout: float = 0.1, max_len: int = 5000):
        super().__init__()
        self.drop = nn.Dropout(p=dropout)

        pos = torch.arange(max_len).unsqueeze(1)
        freq = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
        table = torch.zeros(max_len, 1, d_model)
        table[:, 0, 0::2] = torch.sin(pos * freq)
        table[:, 0, 1::2] = torch.cos(pos * freq)
        self.register_buffer('pe', table)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x + self.pe[:x.size(0)]
        return self.drop(x).to(dev)

class SignEncoder(nn.Module):

    def __init__(self):
        super().__init__()
        self.model_type = 'Transformer'
        self.n_in = 534
        self.width = 800
        self.embed_hidden = 1200
        self.n_classes = 250
        self.heads = 8
        self.ff = 800
        self.depth = 1
        self.p = 0.4
        
        self.embed = nn.Sequential(
            nn.Linear(self.n_in, self.embed_hidden),
            nn.LayerNorm(self.embed_hidden),
            nn.ReLU(),
            nn.Linear(self.embed_hidden, self.width)
        )
        self.positions = SinePositions(self.width, self.p)
        
        layer = nn.TransformerEncoderLayer(self.width, self.heads, self.ff, self.p)
        self.encoder = nn.TransformerEncoder(layer, self.depth)
        
        self.classifier = nn.Linear(self.width, self.n_classes)

    def forward(self, src, pad_mask) -> torch.Tensor:
        src = self.embed(src)
        src = self.positions(src)
        src = torch.cat([torch.zeros((1,src.size(1),self.width)).to(src), src],0)
        pad_mask = torch.cat([torch.full((src.size(1), 1), False).to(pad_mask), pad_mask],1)
        
        hidden = self.encoder(src, src_key_padding_mask=pad_mask)
        hidden = hidden[0]
        hidden = self.classifier(hidden)
        
        return hidden
    
net = SignEncoder().to(dev)

base_lr = 5e-4
wd = 1e-1
restart_every = 20

ce = nn.CrossEntropyLoss()
opt = torch.optim.AdamW(net.parameters(), lr=base_lr, weight_decay=wd)
sched = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=restart_every, eta_min=base_lr / 10)

def run_epoch(ep, fit_loader, hold_loader, net, ce, opt, sched, shift=1):
    n_batches = len(fit_loader)
    fit_n, fit_steps = 0, 0
    fit_loss, fit_right = 0, 0
    fit_guess, fit_true = [], []
    hold_n, hold_steps = 0, 0
    hold_loss, hold_right = 0, 0
    hold_guess, hold_true = [], []
    
    with tqdm(desc=f'epoch {ep+shift}', total=n_batches) as bar:
        
        # fitting
        for b, (src, pad_mask, y) in enumerate(fit_loader):
            
            # forward and loss
            logits = net(src, pad_mask)
            loss = ce(logits, y)
            
            # bookkeeping
            fit_loss += loss.item()
            fit_right += (logits.argmax(1) == y).type(torch.float).sum().item()
            fit_guess.extend(logits.argmax(1).cpu().numpy())
            fit_true.extend(y.cpu().numpy())
            fit_n += len(y)
            fit_steps += 1

            # backward
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(net.parameters(), 0.5)
            opt.step()
                
            sched.step(ep + b / n_batches)
            
            # progress bar
            bar.update()
            bar.set_postfix(accuracy = fit_right / fit_n, loss = fit_loss / fit_steps,
                           lr=sched.get_last_lr())
            #bar.set_postfix(accuracy=fit_right / fit_n, loss=fit_loss / fit_steps)

            
        bar.set_postfix(accuracy = fit_right / fit_n, loss = fit_loss / fit_steps)
        #sched.step()
           
        # held-out pass
        with torch.no_grad():

            for b, (src, pad_mask, y) in enumerate(hold_loader):
                
                # forward and loss
                logits = net(src, pad_mask)
                hold_loss += ce(logits, y).item()
                
                # bookkeeping
                hold_right += (logits.argmax(1) == y).type(torch.float).sum().item()
                hold_guess.extend(logits.argmax(1).cpu().numpy())
                hold_true.extend(y.cpu().numpy())
                hold_n += len(y)
                hold_steps += 1

                # progress bar
                bar.set_postfix(
                    accuracy = fit_right / fit_n, loss = fit_loss / fit_steps,
                    val_accuracy = hold_right / hold_n, val_loss = hold_loss / hold_steps
                )

        # epoch metrics
        fit_f1 = f1_score(fit_true, fit_guess, average='weighted')
        fit_prec = precision_score(fit_true, fit_guess, average='weighted')
        fit_rec = recall_score(fit_true, fit_guess, average='weighted')

        hold_f1 = f1_score(hold_true, hold_guess, average='weighted')
        hold_prec = precision_score(hold_true, hold_guess, average='weighted')
        hold_rec = recall_score(hold_true, hold_guess, average='weighted')

        print(f"epoch {ep + shift}:")
        print(f"fit  - loss {fit_loss / fit_steps}, acc {fit_right / fit_n}, F1 {fit_f1}, P {fit_prec}, R {fit_rec}")
        print(f"hold - loss {hold_loss / hold_steps}, acc {hold_right / hold_n}, F1 {hold_f1}, P {hold_prec}, R {hold_rec}")


    return fit_right / fit_n, fit_loss / fit_steps, hold_right / hold_n, hold_loss / hold_steps, hold_f1, hold_prec, hold_rec

lowest = float('inf')
#lowest seen: 1.13 after 1000 epochs
kept_state = net.state_dict()

n_epochs = 200

# epoch loop
for ep in range(n_epochs):
    a, l, h_a, h_l, h_f1, h_p, h_r  = run_epoch(ep, fit_loader, hold_loader, net, ce, opt, sched)
    if h_l<lowest:
        lowest = h_l
        kept_state = net.state_dict()

torch.save(kept_state, 'signenc_200.pth')
