from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os, time, argparse
import numpy as np

import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import DataLoader
from tensorboardX import SummaryWriter

import ncf_input
from ncf_input import PairDataset
from NCF import NCF
import evaluate


CACHE_DIR = './Cache'

cli = argparse.ArgumentParser()

cli.add_argument("--lr", default=0.001, type=float,
                 help="step size of the optimiser.")
cli.add_argument("--dropout", default=0.0, type=float,
                 help="dropout probability.")
cli.add_argument("--batch_size", default=128, type=int,
                 help="pairs per training batch.")
cli.add_argument("--gpu", default="0", type=str,
                 help="which card to use.")
cli.add_argument("--epochs", default=20, type=str,
                 help="passes over the pairs.")
cli.add_argument("--top_k", default=10, type=int,
                 help="cut-off of the ranking metrics.")
cli.add_argument("--clip_norm", default=5.0, type=float,
                 help="gradient clipping threshold.")
cli.add_argument("--embed_size", default=16, type=int,
                 help="width of the user and item factors.")
cli.add_argument("--num_neg", default=4, type=int,
                 help="negatives drawn per positive pair in training.")
cli.add_argument("--test_num_neg", default=99, type=int,
                 help="negatives drawn per user for the ranking test.")

OPTS = cli.parse_args()

card = OPTS.gpu
os.environ["CUDA_VISIBLE_DEVICES"] = card


# ---------------------------- build the pair files ----------------------------

if not os.path.exists(CACHE_DIR):
    os.makedirs(CACHE_DIR)

    ((tr_feats, tr_targets),
        (te_feats, te_targets),
        (n_users, n_items),
        (users_seen, items_seen),
        (history, unseen)) = ncf_input.read_ratings()

    tr_feats, tr_targets = ncf_input.sample_negatives(tr_feats,
            tr_targets, unseen, OPTS.num_neg, is_training=True)
    te_feats, te_targets = ncf_input.sample_negatives(te_feats,
            te_targets, unseen, OPTS.test_num_neg, is_training=False)

    bundle = dict([('tr_feats', tr_feats), ('tr_targets', tr_targets),
                   ('te_feats', te_feats), ('te_targets', te_targets),
                   ('n_users', n_users), ('n_items', n_items),
                   ('history', history), ('unseen', unseen)])
    np.save(os.path.join(CACHE_DIR, 'pairs.npy'), bundle)

bundle = np.load(os.path.join(CACHE_DIR, 'pairs.npy')).item()
print("pairs ready")

n_users = bundle['n_users']
n_items = bundle['n_items']

# datasets over the stored pairs
train_set = PairDataset(bundle['tr_feats'], bundle['tr_targets'])
test_set = PairDataset(bundle['te_feats'], bundle['te_targets'])

train_loader = DataLoader(train_set,
        batch_size=OPTS.batch_size, shuffle=True, num_workers=4)
test_loader = DataLoader(test_set,
        batch_size=OPTS.test_num_neg+1, shuffle=False, num_workers=4)

# ---------------------------- the network ----------------------------

if os.path.exists('./model.pt'):
    net = torch.load('./model.pt')
else:
    net = NCF(n_users, n_items, OPTS.embed_size, OPTS.dropout)
    net.cuda()
criterion = nn.BCELoss()
opt = optim.Adam(net.parameters(), lr=OPTS.lr)

board = SummaryWriter() # curves

# ---------------------------- training ----------------------------

step = 0
for ep in range(OPTS.epochs):
    net.train() # dropout on
    t0 = time.time()

    for b, batch in enumerate(train_loader):
        # ids go to the card here
        u = batch['user'].long().cuda()
        i = batch['item'].long().cuda()
        y = batch['label'].float().cuda()

        net.zero_grad()
        p = net(u, i)
        loss = criterion(p, y)
        loss.backward()
        # nn.utils.clip_grad_norm(net.parameters(), OPTS.clip_norm)
        opt.step()

        board.add_scalar('data/loss', loss.data.item(), step)
        step += 1

    net.eval() # dropout off
    hr, ndcg = evaluate.metrics(net, test_loader, OPTS.top_k)

    spent = time.time() - t0
    print("epoch %d" %ep + " took " + time.strftime(
                    "%H: %M: %S", time.gmtime(spent)))
    print("HR %.3f\tNDCG %.3f" %(np.mean(hr), np.mean(ndcg)))

torch.save(net, 'm.pt')
