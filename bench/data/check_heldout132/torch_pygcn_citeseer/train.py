from __future__ import division
from __future__ import print_function
import time
import argparse
import numpy as np

import torch
import torch.nn.functional as F
import torch.optim as optim

from utils import read_citation_graph, hit_rate
from models import TwoLayerGCN

# command-line options
cli = argparse.ArgumentParser()
cli.add_argument('--cpu-only', action='store_true', default=False,
                 help='Keep everything on the CPU.')
cli.add_argument('--quick', action='store_true', default=False,
                 help='Skip the separate validation forward pass.')
cli.add_argument('--seed', type=int, default=42, help='RNG seed.')
cli.add_argument('--epochs', type=int, default=200,
                 help='How many epochs to run.')
cli.add_argument('--lr', type=float, default=0.01,
                 help='Step size for Adam.')
cli.add_argument('--weight_decay', type=float, default=5e-4,
                 help='L2 penalty on the weights.')
cli.add_argument('--hidden', type=int, default=16,
                 help='Width of the hidden layer.')
cli.add_argument('--dropout', type=float, default=0.5,
                 help='Probability of zeroing a unit.')

opts = cli.parse_args()
opts.cuda = not opts.cpu_only and torch.cuda.is_available()

np.random.seed(opts.seed)
torch.manual_seed(opts.seed)
if opts.cuda:
    torch.cuda.manual_seed(opts.seed)

# read the graph
norm_adj, feats, targets, train_ids, val_ids, test_ids = read_citation_graph()

# network and optimiser
net = TwoLayerGCN(n_in=feats.shape[1],
                  n_hidden=opts.hidden,
                  n_out=targets.max().item() + 1,
                  p_drop=opts.dropout)
opt = optim.Adam(net.parameters(),
                 lr=opts.lr, weight_decay=opts.weight_decay)

if opts.cuda:
    net.cuda()
    feats = feats.cuda()
    norm_adj = norm_adj.cuda()
    targets = targets.cuda()
    train_ids = train_ids.cuda()
    val_ids = val_ids.cuda()
    test_ids = test_ids.cuda()


def run_epoch(ep):
    started = time.time()
    net.train()
    opt.zero_grad()
    logits = net(feats, norm_adj)
    tr_loss = F.nll_loss(logits[train_ids], targets[train_ids])
    tr_acc = hit_rate(logits[train_ids], targets[train_ids])
    tr_loss.backward()
    opt.step()

    if not opts.quick:
        # a second pass in eval mode so dropout is off
        # when the validation nodes are scored
        net.eval()
        logits = net(feats, norm_adj)

    va_loss = F.nll_loss(logits[val_ids], targets[val_ids])
    va_acc = hit_rate(logits[val_ids], targets[val_ids])
    print('ep {:04d}'.format(ep+1),
          'train_loss {:.4f}'.format(tr_loss.item()),
          'train_acc {:.4f}'.format(tr_acc.item()),
          'val_loss {:.4f}'.format(va_loss.item()),
          'val_acc {:.4f}'.format(va_acc.item()),
          'took {:.4f}s'.format(time.time() - started))


def final_test():
    net.eval()
    logits = net(feats, norm_adj)
    te_loss = F.nll_loss(logits[test_ids], targets[test_ids])
    te_acc = hit_rate(logits[test_ids], targets[test_ids])
    print("held-out nodes:",
          "loss {:.4f}".format(te_loss.item()),
          "acc {:.4f}".format(te_acc.item()))


# training loop
clock = time.time()
for ep in range(opts.epochs):
    run_epoch(ep)
print("training done")
print("wall time: {:.4f}s".format(time.time() - clock))

# evaluate
final_test()
