import torch
import torch.nn.functional as F

import copy
import numpy as np
from sklearn.metrics import accuracy_score

from src.config.Param import *

def to_classes(dists, threshold=0.5, margin=1.0, data_type='PAIR'):
    if data_type == 'PAIR':
        dists = dists[0].flatten().detach().cpu().numpy()
        squashed = [abs((1 / (1 + d)) - 1) for d in dists]
        y = [0.0 if d <= threshold else 1.0 for d in squashed]
    else:
        d_pos = dists[0].flatten().detach().cpu().numpy()
        d_neg = dists[1].flatten().detach().cpu().numpy()
        y = []
        for i in range(len(d_pos)):
            cls = 0.0 if d_pos[i] + margin <= d_neg[i] else 1.0
            y.append(cls)
    return np.array(y)

def pair_dist(a, b):
    return F.pairwise_distance(a, b, keepdim = True)

def get_acc(a, b, c, threshold=0.5, data_type='PAIR'):
    if data_type == 'PAIR':   
        truth = c.flatten().cpu().numpy()
        dists = [pair_dist(a, b)]
        guess = to_classes(dists=dists, threshold=threshold)
    else:
        truth = np.full((len(a)), 0.0)
        d_ap = pair_dist(a,b)
        d_an = pair_dist(a,c)
        dists = [d_ap, d_an]
        guess = to_classes(dists=dists, data_type=data_type)
    
    return accuracy_score(truth, guess)

def get_val_loss(net, crit, loader, data_type='PAIR'):
    net.eval()
    net.zero_grad()
    with torch.no_grad():
        it = iter(loader)
        a, b, c = next(it)

        if data_type == 'PAIR':
            out_a, out_b = net(a,b)
            out_c = c
        else:
            out_a, out_b, out_c = net(a, b, c)
    
    value = crit.forward(out_a, out_b, out_c).item()

    del net
    del a
    del b
    del c

    return value

def validate(net, loader, data_type='PAIR'):
    net.eval()
    net.zero_grad()
    with torch.no_grad():
        it = iter(loader)
        a, b, c = next(it)

        if data_type == 'PAIR':
            out_a, out_b = net(a,b)
            out_c = c
        else:
            out_a, out_b, out_c = net(a,b,c)

    del net
    del a
    del b
    del c
    return out_a, out_b, out_c
