"""Graph attention network (dense and sparse variants) for node
classification on the Cora citation graph, trained full-batch with early
stopping on validation loss. Data loading, the attention layers, the two
models and the training loop are kept together in this file."""
from __future__ import division
from __future__ import print_function

import argparse
import glob
import os
import random
import time

import numpy as np
import scipy.sparse as sp
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable


# --------------------------------- data ---------------------------------
def encode_onehot(labels):
    # sort the class names so the mapping is stable
    classes = sorted(list(set(labels)))
    lookup = {c: np.identity(len(classes))[i, :] for i, c in enumerate(classes)}
    return np.array(list(map(lookup.get, labels)), dtype=np.int32)


def normalize_adj(mx):
    """Symmetric normalisation D^-1/2 A D^-1/2."""
    deg = np.array(mx.sum(1))
    inv_sqrt = np.power(deg, -0.5).flatten()
    inv_sqrt[np.isinf(inv_sqrt)] = 0.
    d_mat = sp.diags(inv_sqrt)
    return mx.dot(d_mat).transpose().dot(d_mat)


def normalize_features(mx):
    """Row normalisation."""
    rows = np.array(mx.sum(1))
    inv = np.power(rows, -1).flatten()
    inv[np.isinf(inv)] = 0.
    return sp.diags(inv).dot(mx)


def load_data(path="./data/cora/", dataset="cora"):
    print('Loading {} dataset...'.format(dataset))
    content = np.genfromtxt("{}{}.content".format(path, dataset), dtype=np.dtype(str))
    feats = sp.csr_matrix(content[:, 1:-1], dtype=np.float32)
    onehot = encode_onehot(content[:, -1])

    node_ids = np.array(content[:, 0], dtype=np.int32)
    id_to_row = {j: i for i, j in enumerate(node_ids)}
    raw_edges = np.genfromtxt("{}{}.cites".format(path, dataset), dtype=np.int32)
    edges = np.array(list(map(id_to_row.get, raw_edges.flatten())), dtype=np.int32).reshape(raw_edges.shape)
    A = sp.coo_matrix((np.ones(edges.shape[0]), (edges[:, 0], edges[:, 1])),
                      shape=(onehot.shape[0], onehot.shape[0]), dtype=np.float32)
    A = A + A.T.multiply(A.T > A) - A.multiply(A.T > A)   # make it symmetric

    feats = normalize_features(feats)
    A = normalize_adj(A + sp.eye(A.shape[0]))

    idx_train = range(140)
    idx_val = range(200, 500)
    idx_test = range(500, 1500)

    A = torch.FloatTensor(np.array(A.todense()))
    feats = torch.FloatTensor(np.array(feats.todense()))
    targets = torch.LongTensor(np.where(onehot)[1])
    return (A, feats, targets, torch.LongTensor(idx_train), torch.LongTensor(idx_val),
            torch.LongTensor(idx_test))


def accuracy(output, labels):
    preds = output.max(1)[1].type_as(labels)
    return preds.eq(labels).double().sum() / len(labels)


# -------------------------------- layers --------------------------------
class GraphAttentionLayer(nn.Module):
    """Dense GAT layer: attention over an N x N score matrix."""

    def __init__(self, in_features, out_features, dropout, alpha, concat=True):
        super(GraphAttentionLayer, self).__init__()
        self.dropout = dropout
        self.in_features = in_features
        self.out_features = out_features
        self.alpha = alpha
        self.concat = concat
        self.W = nn.Parameter(torch.empty(size=(in_features, out_features)))
        nn.init.xavier_uniform_(self.W.data, gain=1.414)
        self.a = nn.Parameter(torch.empty(size=(2 * out_features, 1)))
        nn.init.xavier_uniform_(self.a.data, gain=1.414)
        self.leakyrelu = nn.LeakyReLU(self.alpha)

    def forward(self, h, adj):
        Wh = torch.mm(h, self.W)
        e = self._prepare_attentional_mechanism_input(Wh)
        masked = torch.where(adj > 0, e, -9e15 * torch.ones_like(e))
        att = F.softmax(masked, dim=1)
        att = F.dropout(att, self.dropout, training=self.training)
        h_new = torch.matmul(att, Wh)
        return F.elu(h_new) if self.concat else h_new

    def _prepare_attentional_mechanism_input(self, Wh):
        left = torch.matmul(Wh, self.a[:self.out_features, :])
        right = torch.matmul(Wh, self.a[self.out_features:, :])
        return self.leakyrelu(left + right.T)   # broadcast to N x N

    def __repr__(self):
        return self.__class__.__name__ + ' (' + str(self.in_features) + ' -> ' + str(self.out_features) + ')'


class SpecialSpmmFunction(torch.autograd.Function):
    """Sparse x dense product whose gradient only touches the sparse pattern."""

    @staticmethod
    def forward(ctx, indices, values, shape, b):
        assert indices.requires_grad == False
        a = torch.sparse_coo_tensor(indices, values, shape)
        ctx.save_for_backward(a, b)
        ctx.N = shape[0]
        return torch.matmul(a, b)

    @staticmethod
    def backward(ctx, grad_output):
        a, b = ctx.saved_tensors
        grad_values = grad_b = None
        if ctx.needs_input_grad[1]:
            dense_grad = grad_output.matmul(b.t())
            flat_idx = a._indices()[0, :] * ctx.N + a._indices()[1, :]
            grad_values = dense_grad.view(-1)[flat_idx]
        if ctx.needs_input_grad[3]:
            grad_b = a.t().matmul(grad_output)
        return None, grad_values, None, grad_b


class SpecialSpmm(nn.Module):
    def forward(self, indices, values, shape, b):
        return SpecialSpmmFunction.apply(indices, values, shape, b)


class SpGraphAttentionLayer(nn.Module):
    """Sparse GAT layer: attention only along existing edges."""

    def __init__(self, in_features, out_features, dropout, alpha, concat=True):
        super(SpGraphAttentionLayer, self).__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.alpha = alpha
        self.concat = concat
        self.W = nn.Parameter(torch.zeros(size=(in_features, out_features)))
        nn.init.xavier_normal_(self.W.data, gain=1.414)
        self.a = nn.Parameter(torch.zeros(size=(1, 2 * out_features)))
        nn.init.xavier_normal_(self.a.data, gain=1.414)
        self.dropout = nn.Dropout(dropout)
        self.leakyrelu = nn.LeakyReLU(self.alpha)
        self.special_spmm = SpecialSpmm()

    def forward(self, input, adj):
        dv = 'cuda' if input.is_cuda else 'cpu'
        N = input.size()[0]
        edge = adj.nonzero().t()
        h = torch.mm(input, self.W)
        assert not torch.isnan(h).any()
        edge_h = torch.cat((h[edge[0, :], :], h[edge[1, :], :]), dim=1).t()
        edge_e = torch.exp(-self.leakyrelu(self.a.mm(edge_h).squeeze()))
        assert not torch.isnan(edge_e).any()
        rowsum = self.special_spmm(edge, edge_e, torch.Size([N, N]), torch.ones(size=(N, 1), device=dv))
        edge_e = self.dropout(edge_e)
        h_new = self.special_spmm(edge, edge_e, torch.Size([N, N]), h)
        assert not torch.isnan(h_new).any()
        h_new = h_new.div(rowsum)
        assert not torch.isnan(h_new).any()
        return F.elu(h_new) if self.concat else h_new

    def __repr__(self):
        return self.__class__.__name__ + ' (' + str(self.in_features) + ' -> ' + str(self.out_features) + ')'


# -------------------------------- models --------------------------------
class GAT(nn.Module):
    def __init__(self, nfeat, nhid, nclass, dropout, alpha, nheads):
        super(GAT, self).__init__()
        self.dropout = dropout
        self.attentions = [GraphAttentionLayer(nfeat, nhid, dropout=dropout, alpha=alpha, concat=True)
                           for _ in range(nheads)]
        for k, head in enumerate(self.attentions):
            self.add_module('attention_{}'.format(k), head)
        self.out_att = GraphAttentionLayer(nhid * nheads, nclass, dropout=dropout, alpha=alpha, concat=False)

    def forward(self, x, adj):
        x = F.dropout(x, self.dropout, training=self.training)
        x = torch.cat([head(x, adj) for head in self.attentions], dim=1)
        x = F.dropout(x, self.dropout, training=self.training)
        return F.log_softmax(F.elu(self.out_att(x, adj)), dim=1)


class SpGAT(nn.Module):
    def __init__(self, nfeat, nhid, nclass, dropout, alpha, nheads):
        super(SpGAT, self).__init__()
        self.dropout = dropout
        self.attentions = [SpGraphAttentionLayer(nfeat, nhid, dropout=dropout, alpha=alpha, concat=True)
                           for _ in range(nheads)]
        for k, head in enumerate(self.attentions):
            self.add_module('attention_{}'.format(k), head)
        self.out_att = SpGraphAttentionLayer(nhid * nheads, nclass, dropout=dropout, alpha=alpha, concat=False)

    def forward(self, x, adj):
        x = F.dropout(x, self.dropout, training=self.training)
        x = torch.cat([head(x, adj) for head in self.attentions], dim=1)
        x = F.dropout(x, self.dropout, training=self.training)
        return F.log_softmax(F.elu(self.out_att(x, adj)), dim=1)


# ------------------------------- training -------------------------------
ap = argparse.ArgumentParser()
ap.add_argument('--no-cuda', action='store_true', default=False, help='Disables CUDA training.')
ap.add_argument('--fastmode', action='store_true', default=False, help='Skip the separate validation pass.')
ap.add_argument('--sparse', action='store_true', default=False, help='Use the sparse GAT.')
ap.add_argument('--seed', type=int, default=72)
ap.add_argument('--epochs', type=int, default=10000)
ap.add_argument('--lr', type=float, default=0.005)
ap.add_argument('--weight_decay', type=float, default=5e-4)
ap.add_argument('--hidden', type=int, default=8)
ap.add_argument('--nb_heads', type=int, default=8)
ap.add_argument('--dropout', type=float, default=0.6)
ap.add_argument('--alpha', type=float, default=0.2)
ap.add_argument('--patience', type=int, default=100)
args = ap.parse_args()
args.cuda = not args.no_cuda and torch.cuda.is_available()

random.seed(args.seed)
np.random.seed(args.seed)
torch.manual_seed(args.seed)
if args.cuda:
    torch.cuda.manual_seed(args.seed)

adj, features, labels, idx_train, idx_val, idx_test = load_data()

net_cls = SpGAT if args.sparse else GAT
model = net_cls(nfeat=features.shape[1], nhid=args.hidden, nclass=int(labels.max()) + 1,
                dropout=args.dropout, nheads=args.nb_heads, alpha=args.alpha)
optimizer = optim.Adam(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)

if args.cuda:
    model.cuda()
    features = features.cuda()
    adj = adj.cuda()
    labels = labels.cuda()
    idx_train = idx_train.cuda()
    idx_val = idx_val.cuda()
    idx_test = idx_test.cuda()

features, adj, labels = Variable(features), Variable(adj), Variable(labels)


def train(epoch):
    tic = time.time()
    model.train()
    optimizer.zero_grad()
    output = model(features, adj)
    loss_train = F.nll_loss(output[idx_train], labels[idx_train])
    acc_train = accuracy(output[idx_train], labels[idx_train])
    loss_train.backward()
    optimizer.step()

    if not args.fastmode:
        # separate pass with dropout switched off
        model.eval()
        output = model(features, adj)

    loss_val = F.nll_loss(output[idx_val], labels[idx_val])
    acc_val = accuracy(output[idx_val], labels[idx_val])
    print('Epoch: {:04d}'.format(epoch + 1), 'loss_train: {:.4f}'.format(loss_train.data.item()),
          'acc_train: {:.4f}'.format(acc_train.data.item()), 'loss_val: {:.4f}'.format(loss_val.data.item()),
          'acc_val: {:.4f}'.format(acc_val.data.item()), 'time: {:.4f}s'.format(time.time() - tic))
    return loss_val.data.item()


def compute_test():
    model.eval()
    output = model(features, adj)
    loss_test = F.nll_loss(output[idx_test], labels[idx_test])
    acc_test = accuracy(output[idx_test], labels[idx_test])
    print("Test set results:", "loss= {:.4f}".format(loss_test.data.item()),
          "accuracy= {:.4f}".format(acc_test.data.item()))


t_total = time.time()
loss_values = []
bad_counter = 0
best = args.epochs + 1
best_epoch = 0
for epoch in range(args.epochs):
    loss_values.append(train(epoch))
    torch.save(model.state_dict(), '{}.pkl'.format(epoch))
    if loss_values[-1] < best:
        best = loss_values[-1]
        best_epoch = epoch
        bad_counter = 0
    else:
        bad_counter += 1
    if bad_counter == args.patience:
        break
    for ckpt in glob.glob('*.pkl'):
        if int(ckpt.split('.')[0]) < best_epoch:
            os.remove(ckpt)

for ckpt in glob.glob('*.pkl'):
    if int(ckpt.split('.')[0]) > best_epoch:
        os.remove(ckpt)

print("Optimization Finished!")
print("Total time elapsed: {:.4f}s".format(time.time() - t_total))
print('Loading {}th epoch'.format(best_epoch))
model.load_state_dict(torch.load('{}.pkl'.format(best_epoch)))
compute_test()
