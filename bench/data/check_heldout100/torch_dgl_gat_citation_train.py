# train.py
"""
GAT node classification on a citation graph with DGL's sparse
message passing; all attention heads run together in one batch.
No early stopping is done here, unlike the paper.
Pointers
--------
Paper: https://arxiv.org/abs/1710.10903
Reference code (TF): https://github.com/PetarV-/GAT
Reference code (PyTorch): https://github.com/Diego999/pyGAT
"""

import argparse
import numpy as np
import time
import torch
import torch.nn.functional as F
from dgl import DGLGraph
from dgl.data import register_data_args, load_data
from gat import GAT

def hit_rate(scores, targets):
    _, picked = torch.max(scores, dim=1)
    hits = torch.sum(picked == targets)
    return hits.item() * 1.0 / len(targets)

def score_split(net, graph, feats, targets, keep):
    net.eval()
    with torch.no_grad():
        scores = net(graph, feats)
        scores = scores[keep]
        targets = targets[keep]
        return hit_rate(scores, targets)

def run(opts):
    # read the citation data and turn it into tensors
    ds = load_data(opts)
    feats = torch.FloatTensor(ds.features)
    targets = torch.LongTensor(ds.labels)
    tr_keep = torch.ByteTensor(ds.train_mask)
    va_keep = torch.ByteTensor(ds.val_mask)
    te_keep = torch.ByteTensor(ds.test_mask)
