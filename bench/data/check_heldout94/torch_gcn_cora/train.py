import argparse
import time

import numpy as np
import scipy.sparse as sp

import torch
import torch.nn.functional as F
import torch.optim as optim

from preprocessing import load_data, normalize, sparse_to_torchTensor
from model import GCN


cli = argparse.ArgumentParser()
cli.add_argument('--dname', type=str, default='cora', help='which citation graph')
cli.add_argument('--dtype', type=str, default='citation', help='kind of graph data')
cli.add_argument('--seed', type=int, default=42, help='seed for the RNGs')
cli.add_argument('--epochs', type=int, default=200, help='number of epochs')
cli.add_argument('--lr', type=float, default=0.01, help='step size')
cli.add_argument('--wd', type=float, default=5e-4, help='L2 penalty')
cli.add_argument('--dropout', type=float, default=0.5, help='drop probability')
cli.add_argument('--nhid', type=int, default=16, help='hidden width')

opts = cli.parse_args()
dev = ("cuda" if torch.cuda.is_available() else "cpu")

# which graph
graph_name = opts.dname
graph_kind = opts.dtype
# optimisation settings
rng_seed = opts.seed
n_epochs = opts.epochs
step = opts.lr
decay = opts.wd
p_drop = opts.dropout
width = opts.nhid

np.random.seed(rng_seed)
torch.manual_seed(rng_seed)
if dev == "cuda":
	torch.cuda.manual_seed(rng_seed)

# read the graph
adj_t, feats, onehot, tr_nodes, va_nodes, te_nodes = load_data(graph_name,graph_kind)

in_dim = feats.shape[1]
n_out = onehot.shape[1] 

# network and optimiser
net = GCN(in_dim, width, n_out, p_drop)
opt = optim.Adam(net.parameters(), lr = step, weight_decay = decay)

# move everything to the device
net = net.to(dev)
feats = feats.to(dev)
adj_t = adj_t.to(dev)
onehot = onehot.to(dev)
tr_nodes = tr_nodes.to(dev)
va_nodes = va_nodes.to(dev)
te_nodes = te_nodes.to(dev)

def run_epoch(ep):
	t0 = time.time()
	net.train()
	opt.zero_grad()
	logits = net(feats,adj_t)
	loss_tr = F.nll_loss(logits[tr_nodes], torch.max(onehot[tr_nodes],1)[1])
	loss_tr.backward()
	opt.step()

	loss_va = F.nll_loss(logits[va_nodes], torch.max(onehot[va_nodes],1)[1])
	# accuracy still to come
	print('ep {:04d} | tr loss {:.4f} | va loss {:.4f}'
			.format(ep+1,loss_tr, loss_va))

for ep in range(n_epochs):
	run_epoch(ep)
