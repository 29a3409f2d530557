import os

import numpy as np
import matplotlib.pyplot as plt
import scipy

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader

import torch.optim as optim

from spec_cache import MixupSpecSet

from model import cnn, mel_cnn


# quick shape check of the cached features





bs = 128
n_train = 50000

loader_kw = {'batch_size': bs, 'shuffle': True}

train_part = MixupSpecSet(span = [0, n_train])
train_iter = DataLoader(train_part, **loader_kw)

held_part = MixupSpecSet(span = [n_train, n_train + 5000])
held_iter = DataLoader(held_part, **loader_kw)


gpu = torch.device("cuda:0")
net = mel_cnn()

net.to(gpu)
net.train()

opt = optim.Adam(net.parameters(), lr = 1e-4)

kl = torch.nn.KLDivLoss('batchmean')



for ep in range(100):

    net.train()
    train_sum = 0
    step = 0
    for xb, yb in train_iter:
        opt.zero_grad()


        logp = net(xb.to(gpu))



        l = kl(logp, yb.float().to(gpu))
        train_sum += l.item()
        l.backward()
        opt.step()
        if step%(n_train//(10*bs)) == 0:
            print(f'progress {step/(n_train//bs):.2f}  batch loss {l.item():.5f}')
        step += 1

    print(l.item())
    torch.save(net, "mel_cnn_full.pt")
    net.eval()
    held_sum = 0
    for xv, yv in held_iter:
        logp = net(xv.to(gpu))
        l = nn.KLDivLoss(reduction= "sum")(logp, yv.float().to(gpu))
        held_sum += l.item()

    print(f'train sum {train_sum:.4f} | held-out sum {held_sum:.4f} | ratio {held_sum/train_sum:.4f}')











