#!/usr/bin/env python3
# -*- coding:utf-8 -*-
'''
Trains a small 3-D conv net on 32^3 occupancy grids
read from ModelNet10 .binvox files.

The ten furniture categories are listed below;
the class ids follow the order of that table.
'''

from __future__ import print_function
import argparse
import sys
import os
import random
import torch
import torch.nn.parallel
import torch.optim as optim
from torch.utils.data import DataLoader
import torch.nn.functional as F
from tqdm import tqdm
from grid_net import GridNet
sys.path.insert(0, './data/')
from binvox_set import BinvoxTen

ID_TO_NAME = {
    0: 'bathtub',
    1: 'chair',
    2: 'dresser',
    3: 'night_stand',
    4: 'sofa',
    5: 'toilet',
    6: 'bed',
    7: 'desk',
    8: 'monitor',
    9: 'table'
}
NUM_CATS = len(ID_TO_NAME)

def cyan(s): return '\033[94m' + s + '\033[0m'

# command line
ap = argparse.ArgumentParser()
ap.add_argument('--data-root', type=str, default='./data/ModelNet10', help="root of the binvox tree")
ap.add_argument('--batchSize', type=int, default=256, help='samples per batch')
ap.add_argument('--workers', type=int, help='loader processes', default=4)
ap.add_argument('--n-epoch', type=int, default=30, help='passes over the training split')
ap.add_argument('--outf', type=str, default='cls', help='checkpoint folder')
ap.add_argument('--model', type=str, default='', help='weights to resume from')
cfg = ap.parse_args()
# print(cfg)

# output folder
try:
    os.makedirs(cfg.outf)
except OSError:
    pass

# seeding
cfg.manualSeed = random.randint(1, 10000)
print("seed: ", cfg.manualSeed)
random.seed(cfg.manualSeed)
torch.manual_seed(cfg.manualSeed)

# datasets
tr_set = BinvoxTen(data_root=cfg.data_root, n_classes=NUM_CATS, idx2cls=ID_TO_NAME, split='train')
te_set = BinvoxTen(data_root=cfg.data_root, n_classes=NUM_CATS, idx2cls=ID_TO_NAME, split='test')

tr_loader = DataLoader(tr_set, batch_size=cfg.batchSize, shuffle=True, num_workers=int(cfg.workers))
te_loader = DataLoader(te_set, batch_size=cfg.batchSize, shuffle=True, num_workers=int(cfg.workers))

# network
net = GridNet(n_classes=NUM_CATS)

print(net)

# optional resume
if cfg.model != '':
    net.load_state_dict(torch.load(cfg.model))

# optimiser
opt = optim.Adam(net.parameters(), lr=1e-4)
# sched = optim.lr_scheduler.StepLR(opt, step_size=20, gamma=0.5)
net.cuda()

batches_per_epoch = len(tr_set) / cfg.batchSize
print(batches_per_epoch)

for ep in range(cfg.n_epoch):
    # sched.step()
    for k, item in enumerate(tr_loader, 0):
        # unpack the batch
        grid, label = item['voxel'], item['cls_idx']
        grid, label = grid.cuda(), label.cuda()
        grid = grid.float()  # stored as int32 occupancy, the convs want float: [256, 1, 32, 32, 32]

        # reset grads
        opt.zero_grad()

        # training mode
        net = net.train()
        logits = net(grid)  # [256, 10]

        # objective

        loss = F.cross_entropy(logits, label)

        # step
        loss.backward()
        opt.step()

        # batch accuracy
        top = logits.data.max(1)[1]
        hits = top.eq(label.data).cpu().sum()
        print('[%d: %d/%d] train loss: %f accuracy: %f' %
              (ep, k, batches_per_epoch, loss.item(), hits.item() / float(cfg.batchSize)))

        # every fifth batch, score one test batch
        if k % 5 == 0:
            j, item = next(enumerate(te_loader, 0))
            grid, label = item['voxel'], item['cls_idx']
            grid, label = grid.cuda(), label.cuda()
            grid = grid.float()  # to float: [256, 1, 32, 32, 32]
            net = net.eval()
            logits = net(grid)
            loss = F.nll_loss(logits, label)
            top = logits.data.max(1)[1]
            hits = top.eq(label.data).cpu().sum()
            print('[%d: %d/%d] %s loss: %f accuracy: %f' % (ep, k, batches_per_epoch,
                                                            cyan('test'), loss.item(), hits.item()/float(cfg.batchSize)))

    # checkpoint each epoch
    torch.save(net.state_dict(), '%s/grid_net_%d.pth' % (cfg.outf, ep))


# final pass over the whole test split
n_right = 0
n_total = 0

for k, batch in tqdm(enumerate(te_loader, 0)):
    grid, label = batch['voxel'], batch['cls_idx']
    grid, label = grid.cuda(), label.cuda()
    grid = grid.float()  # to float: [256, 1, 32, 32, 32]

    net = net.eval()
    logits = net(grid)
    top = logits.data.max(1)[1]
    hits = top.eq(label.data).cpu().sum()
    n_right += hits.item()
    n_total += grid.size()[0]

print("test accuracy {}".format(n_right / float(n_total)))
