import torch
import math
import argparse
import torch.nn as nn
import torch.nn.functional as F
import numpy as np
import DeepSEA_model

# when running in colab, mount the drive first with the two lines below
# from google.colab import drive
# drive.mount('/content/drive')


seq_net = net()

print (seq_net)

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")


targets_a = torch.load('/data/labels_1.pt')

targets_b = torch.load('/data/labels_2.pt')

targets = torch.cat([targets_a, targets_b])

del targets_b

del targets_a

onehot_a = torch.load('/data/seqs_1.pt')

onehot_b = torch.load('/data/seqs_2.pt')

onehot = torch.cat([onehot_a, onehot_b])


del onehot_a

del onehot_b


def rounded_nll(pred, truth):
    total = 0.0

    for r in range(pred.shape[0]):
      lik = truth[r]*pred[r] + (1-truth[r])*(1-pred[r])
      places = 3
      lik_r = torch.round(lik * 10**places) / (10**places)
      total = total + torch.log( lik_r )

    total = (-1.0)*total
    return total


import torch.optim as optim
opt = optim.SGD(seq_net.parameters(), lr=1, momentum=0.9, weight_decay=1e-6, )


seq_net.train()
for ep in range(1):
  for j in range(10000):
    x = onehot[j]
    x = x.float()
    x = x.unsqueeze(0).unsqueeze(0)
    y = targets[j]
    y = y.float()
    pred = seq_net(x)
    loss_j = rounded_nll(pred, y)
    weights = seq_net.parameters()
    sq_sum = 0.0
    j == 0
    l1_term = 0.0
    coef2 = 1e-08
    for w in weights:
      j = j+1
      w = w**2
      s = torch.sum(torch.abs(w))
      sq_sum = sq_sum + s

      if j == 8:
        l1_term = torch.sum(w)

    coef1 = 5e-07
    loss_j = loss_j + coef1*sq_sum + coef2*l1_term
    print (loss_j)
    opt.zero_grad()
    loss_j.backward()
    opt.step()

print('training finished')
