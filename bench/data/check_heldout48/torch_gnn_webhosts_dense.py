import time

import networkx as nx
import numpy as np
import torch
import torch.nn.functional as F
import torch.optim as optim
from models import GNN
from graph_based_approach.utils import accuracy, normalize_adjacency
import pickle
import os

dev = 'cuda' if torch.cuda.is_available() else 'cpu'
torch.backends.cudnn.benchmark = True

# settings
n_epochs = 100
hid_a = 8
hid_b = 16
lr = 0.01
drop_p = 0.2
n_labels = 8

cached_adj_path = './norm_adj.gz'

####################################

# input preparation

topic_ids = {"business/finance": 0, "education/research": 1, "entertainment": 2, "health/medical": 3, "news/press": 4,
           "politics/government/law": 5, "sports": 6, "tech/science": 7}

# labelled hosts
with open("../prototyping_data/reduced_train.csv", 'r') as fh:
    lines = fh.read().splitlines()

host_ids = list()
host_labels = list()
for ln in lines:
    h, lab = ln.split(",")
    host_ids.append(int(h))
    host_labels.append(topic_ids[lab.lower()])

# unlabelled hosts (not used yet)
# reading them is left off
#    for now

# link graph between hosts
web = nx.read_weighted_edgelist('../prototyping_data/reduced_edgelist.txt', delimiter=' ', nodetype=int,
                              create_using=nx.DiGraph())
print(web.number_of_nodes())
print(web.number_of_edges())

n_nodes = web.number_of_nodes()

print("building A")
A = nx.to_numpy_matrix(web)  # adjacency as a matrix
print("normalising A")
A = normalize_adjacency(A)  # symmetric normalisation with self loops
print("A ready")

####################################

# node inputs
# an all-ones variant was tried

# one indicator per node
X = np.eye(n_nodes)  # identity inputs

# a fixed shuffle of the node ids
perm = np.random.RandomState(seed=42).permutation(n_nodes)

# into torch
X = torch.FloatTensor(X)
X = X.to(dev)
host_labels = torch.LongTensor(host_labels)
host_labels = host_labels.to(dev)
A = torch.FloatTensor(A)
A = A.to(dev)

# network and optimiser
net = GNN(X.shape[1], hid_a, hid_b, n_labels, drop_p)
net = net.to(dev)
opt = optim.Adam(net.parameters(), lr=lr)
cut = len(host_ids)//10 * 7

def step(ep):
    t0 = time.time()
    net.train()
    opt.zero_grad()
    out = net(X, A)
    out = out[0]
    fit_loss = F.nll_loss(out[:cut], host_labels[:cut])
    fit_acc = accuracy(out[:cut], host_labels[:cut])
    # indexing by host id was the first idea
    # (same for the accuracy)
    fit_loss.backward()
    opt.step()

    net.eval()
    hold_loss = F.nll_loss(out[cut:], host_labels[cut:])
    hold_acc = accuracy(out[cut:], host_labels[cut:])
    print('epoch: {:03d}'.format(ep + 1),
          'fit loss: {:.4f}'.format(fit_loss.item()),
          'held loss: {:.4f}'.format(hold_loss.item()),
          'fit acc: {:.4f}'.format(fit_acc.item()),
          'held acc: {:.4f}'.format(hold_acc.item()),
          'secs: {:.4f}s'.format(time.time() - t0))


t_start = time.time()
print("training")
for ep in range(n_epochs):
    step(ep)

with open('graph_nn_model.pkl', 'wb') as fh:
    torch.save(net, fh)

net.eval()
out = net(X, A)[0]
with open('results.pkl', 'wb') as fh:
    pickle.dump(out, fh)

per_cluster = dict()
out = torch.argmax(out, 1)
out = out.detach().cpu().numpy()
for grp, truth in zip(out, host_labels):
    inc = np.array([0 for _ in range(len(topic_ids))])
    inc[truth] += 1
    per_cluster[grp] = per_cluster.get(grp, np.array([0 for _ in range(len(topic_ids))])) + inc


per_cluster_held = dict()
for grp, truth in zip(out[cut:], host_labels[cut:]):
    inc = np.array([0 for _ in range(len(topic_ids))])
    inc[truth] += 1
    per_cluster_held[grp] = per_cluster_held.get(grp, np.array([0 for _ in range(len(topic_ids))])) + inc

print(per_cluster)
print(per_cluster_held)

print("done")
print("elapsed: {:.4f}s".format(time.time() - t_start))
print()
