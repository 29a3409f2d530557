import argparse
import numpy as np
import torch as th
import torch.nn as nn
import random
import dgl
import warnings

warnings.filterwarnings('ignore')

from dataset import load_graph_views, load_graph_views_appnp
from model import MVGRL, LogReg

ap = argparse.ArgumentParser(description='mvgrl with sampled subgraphs')

ap.add_argument('--dataname', type=str, default='cora', help='Which graph to use.')
ap.add_argument('--gpu', type=int, default=-1, help='GPU id, -1 runs on the CPU.')
ap.add_argument('--epochs', type=int, default=500, help='Pre-training epochs.')
ap.add_argument('--patience', type=int, default=20, help='Epochs without improvement before stopping.')
ap.add_argument('--lr1', type=float, default=0.001, help='Learning rate of the encoder.')
ap.add_argument('--lr2', type=float, default=0.01, help='Learning rate of the linear probe.')
ap.add_argument('--wd1', type=float, default=0., help='Weight decay of the encoder.')
ap.add_argument('--wd2', type=float, default=0., help='Weight decay of the linear probe.')
ap.add_argument('--epsilon', type=float, default=0.01, help='Threshold for diffusion edges.')
ap.add_argument("--hid_dim", type=int, default=512, help='Embedding size.')
ap.add_argument("--sample_size", type=int, default=2000, help='Nodes per sampled subgraph.')

opts = ap.parse_args()

# pick the device
if opts.gpu != -1 and th.cuda.is_available():
    opts.device = 'cuda:{}'.format(opts.gpu)
else:
    opts.device = 'cpu'

if __name__ == '__main__':
    print(opts)

    # 1. data ------------------------------------------------------------------------------- #
    if opts.dataname == 'pubmed':
        g, ppr_g, x, y, tr_idx, va_idx, te_idx, w = load_graph_views_appnp(opts.epsilon)
    else:
        g, ppr_g, x, y, tr_idx, va_idx, te_idx, w = load_graph_views(opts.dataname, opts.epsilon)
    w = th.tensor(w).float()
    g.ndata['feat'] = x
    ppr_g.edata['edge_weight'] = w

    in_dim = x.shape[1]
    n_cls = np.unique(y).shape[0]
    w = th.tensor(w).float()

    tr_idx = tr_idx.to(opts.device)
    va_idx = va_idx.to(opts.device)
    te_idx = te_idx.to(opts.device)

    n_nodes = g.number_of_nodes()

    n_sub = opts.sample_size

    pos = th.ones(n_sub * 2)
    neg = th.zeros(n_sub * 2)
    target = th.cat((pos, neg))
    target = target.to(opts.device)

    # 2. model ------------------------------------------------------------------------------ #
    enc = MVGRL(in_dim, opts.hid_dim)
    enc = enc.to(opts.device)

    # 3. optimiser and loss ----------------------------------------------------------------- #
    optim = th.optim.Adam(enc.parameters(), lr=opts.lr1, weight_decay=opts.wd1)
    crit = nn.BCEWithLogitsLoss()

    all_nodes = list(range(n_nodes))

    # 4. contrastive pre-training ----------------------------------------------------------- #
    lowest = float('inf')
    stale = 0
    for ep in range(opts.epochs):
        enc.train()
        optim.zero_grad()

        picked = random.sample(all_nodes, n_sub)

        sg = dgl.node_subgraph(g, picked)
        spg = dgl.node_subgraph(ppr_g, picked)

        sx = sg.ndata.pop('feat')
        sw = spg.edata.pop('edge_weight')

        perm = np.random.permutation(n_sub)
        corrupt = sx[perm, :]

        sg = sg.to(opts.device)
        spg = spg.to(opts.device)
        sx = sx.to(opts.device)
        sw = sw.to(opts.device)

        corrupt = corrupt.to(opts.device)

        logits = enc(sg, spg, sx, corrupt, sw)
        loss = crit(logits, target)

        loss.backward()
        optim.step()

        print('epoch {0}: loss {1:0.4f}'.format(ep, loss.item()))

        if loss < lowest:
            lowest = loss
            stale = 0
            th.save(enc.state_dict(), 'encoder.pkl')
        else:
            stale += 1

        if stale == opts.patience:
            print('no improvement, stopping')
            break

    enc.load_state_dict(th.load('encoder.pkl'))

    g = g.to(opts.device)
    ppr_g = ppr_g.to(opts.device)
    x = x.to(opts.device)
    w = w.to(opts.device)
    emb = enc.get_embedding(g, ppr_g, x, w)

    tr_emb = emb[tr_idx]
    te_emb = emb[te_idx]

    y = y.to(opts.device)
    tr_y = y[tr_idx]
    te_y = y[te_idx]
    scores = []

    # 5. linear probe ----------------------------------------------------------------------- #
    for _ in range(5):
        probe = LogReg(opts.hid_dim, n_cls)
        popt = th.optim.Adam(probe.parameters(), lr=opts.lr2, weight_decay=opts.wd2)

        probe = probe.to(opts.device)
        crit = nn.CrossEntropyLoss()
        for ep in range(300):
            probe.train()
            popt.zero_grad()
            out = probe(tr_emb)
            loss = crit(out, tr_y)
            loss.backward()
            popt.step()

        probe.eval()
        out = probe(te_emb)
        pred = th.argmax(out, dim=1)
        acc = th.sum(pred == te_y).float() / te_y.shape[0]
        scores.append(acc * 100)

    scores = th.stack(scores)
    print(scores.mean().item(), scores.std().item())
