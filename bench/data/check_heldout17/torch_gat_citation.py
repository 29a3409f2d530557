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
def labels_to_onehot(node_labels):
    # sort the class names so the mapping is stable
    class_names = sorted(list(set(node_labels)))
    class_to_vec = {cname: np.identity(len(class_names))[i, :] for i, cname in enumerate(class_names)}
    return np.array(list(map(class_to_vec.get, node_labels)), dtype=np.int32)


def sym_norm_adj(mat):
    """Symmetric normalisation D^-1/2 A D^-1/2."""
    degree = np.array(mat.sum(1))
    deg_inv_sqrt = np.power(degree, -0.5).flatten()
    deg_inv_sqrt[np.isinf(deg_inv_sqrt)] = 0.
    D_half = sp.diags(deg_inv_sqrt)
    return mat.dot(D_half).transpose().dot(D_half)


def row_norm_features(mat):
    """Row normalisation."""
    row_sums = np.array(mat.sum(1))
    row_inv = np.power(row_sums, -1).flatten()
    row_inv[np.isinf(row_inv)] = 0.
    return sp.diags(row_inv).dot(mat)


def read_cora_data(data_dir="./data/cora/", ds_name="cora"):
    print('reading the {} citation graph'.format(ds_name))
    raw_rows = np.genfromtxt("{}{}.content".format(data_dir, ds_name), dtype=np.dtype(str))
    feat_mat = sp.csr_matrix(raw_rows[:, 1:-1], dtype=np.float32)
    label_1h = labels_to_onehot(raw_rows[:, -1])

    paper_ids = np.array(raw_rows[:, 0], dtype=np.int32)
    paper_to_row = {j: i for i, j in enumerate(paper_ids)}
    cite_pairs = np.genfromtxt("{}{}.cites".format(data_dir, ds_name), dtype=np.int32)
    edge_rows = np.array(list(map(paper_to_row.get, cite_pairs.flatten())), dtype=np.int32).reshape(cite_pairs.shape)
    adj_mat = sp.coo_matrix((np.ones(edge_rows.shape[0]), (edge_rows[:, 0], edge_rows[:, 1])),
                      shape=(label_1h.shape[0], label_1h.shape[0]), dtype=np.float32)
    adj_mat = adj_mat + adj_mat.T.multiply(adj_mat.T > adj_mat) - adj_mat.multiply(adj_mat.T > adj_mat)   # make it symmetric

    feat_mat = row_norm_features(feat_mat)
    adj_mat = sym_norm_adj(adj_mat + sp.eye(adj_mat.shape[0]))

    train_idx = range(140)
    val_idx = range(200, 500)
    test_idx = range(500, 1500)

    adj_mat = torch.FloatTensor(np.array(adj_mat.todense()))
    feat_mat = torch.FloatTensor(np.array(feat_mat.todense()))
    target_ids = torch.LongTensor(np.where(label_1h)[1])
    return (adj_mat, feat_mat, target_ids, torch.LongTensor(train_idx), torch.LongTensor(val_idx),
            torch.LongTensor(test_idx))


def acc_of(log_probs, node_labels):
    pred_cls = log_probs.max(1)[1].type_as(node_labels)
    return pred_cls.eq(node_labels).double().sum() / len(node_labels)


# -------------------------------- layers --------------------------------
class DenseGATLayer(nn.Module):
    """Dense GAT layer: attention over an N x N score matrix."""

    def __init__(self, d_in, d_out, drop_p, slope, merge_heads=True):
        super(DenseGATLayer, self).__init__()
        self.drop_p = drop_p
        self.d_in = d_in
        self.d_out = d_out
        self.slope = slope
        self.merge_heads = merge_heads
        self.W_proj = nn.Parameter(torch.empty(size=(d_in, d_out)))
        nn.init.xavier_uniform_(self.W_proj.data, gain=1.414)
        self.att_vec = nn.Parameter(torch.empty(size=(2 * d_out, 1)))
        nn.init.xavier_uniform_(self.att_vec.data, gain=1.414)
        self.lrelu = nn.LeakyReLU(self.slope)

    def forward(self, h_in, adj_norm):
        hW = torch.mm(h_in, self.W_proj)
        scores = self._pair_scores(hW)
        scores_masked = torch.where(adj_norm > 0, scores, -9e15 * torch.ones_like(scores))
        att_w = F.softmax(scores_masked, dim=1)
        att_w = F.dropout(att_w, self.drop_p, training=self.training)
        h_out = torch.matmul(att_w, hW)
        return F.elu(h_out) if self.merge_heads else h_out

    def _pair_scores(self, hW):
        src_part = torch.matmul(hW, self.att_vec[:self.d_out, :])
        dst_part = torch.matmul(hW, self.att_vec[self.d_out:, :])
        return self.lrelu(src_part + dst_part.T)   # broadcast to N x N

    def __repr__(self):
        return self.__class__.__name__ + ' (' + str(self.d_in) + ' -> ' + str(self.d_out) + ')'


class SparseDenseMatmul(torch.autograd.Function):
    """Sparse x dense product whose gradient only touches the sparse pattern."""

    @staticmethod
    def forward(ctx, idx_t, vals, dims, dense_b):
        assert idx_t.requires_grad == False
        sp_a = torch.sparse_coo_tensor(idx_t, vals, dims)
        ctx.save_for_backward(sp_a, dense_b)
        ctx.n_rows = dims[0]
        return torch.matmul(sp_a, dense_b)

    @staticmethod
    def backward(ctx, g_out):
        sp_a, dense_b = ctx.saved_tensors
        g_vals = g_dense = None
        if ctx.needs_input_grad[1]:
            g_full = g_out.matmul(dense_b.t())
            lin_pos = sp_a._indices()[0, :] * ctx.n_rows + sp_a._indices()[1, :]
            g_vals = g_full.view(-1)[lin_pos]
        if ctx.needs_input_grad[3]:
            g_dense = sp_a.t().matmul(g_out)
        return None, g_vals, None, g_dense


class SparseMatmul(nn.Module):
    def forward(self, idx_t, vals, dims, dense_b):
        return SparseDenseMatmul.apply(idx_t, vals, dims, dense_b)


class SparseGATLayer(nn.Module):
    """Sparse GAT layer: attention only along existing edges."""

    def __init__(self, d_in, d_out, drop_p, slope, merge_heads=True):
        super(SparseGATLayer, self).__init__()
        self.d_in = d_in
        self.d_out = d_out
        self.slope = slope
        self.merge_heads = merge_heads
        self.W_proj = nn.Parameter(torch.zeros(size=(d_in, d_out)))
        nn.init.xavier_normal_(self.W_proj.data, gain=1.414)
        self.att_vec = nn.Parameter(torch.zeros(size=(1, 2 * d_out)))
        nn.init.xavier_normal_(self.att_vec.data, gain=1.414)
        self.edge_drop = nn.Dropout(drop_p)
        self.lrelu = nn.LeakyReLU(self.slope)
        self.sp_mm = SparseMatmul()

    def forward(self, x_in, adj_norm):
        dev_name = 'cuda' if x_in.is_cuda else 'cpu'
        n_nodes = x_in.size()[0]
        edge_idx = adj_norm.nonzero().t()
        h_in = torch.mm(x_in, self.W_proj)
        assert not torch.isnan(h_in).any()
        pair_h = torch.cat((h_in[edge_idx[0, :], :], h_in[edge_idx[1, :], :]), dim=1).t()
        edge_w = torch.exp(-self.lrelu(self.att_vec.mm(pair_h).squeeze()))
        assert not torch.isnan(edge_w).any()
        row_norm = self.sp_mm(edge_idx, edge_w, torch.Size([n_nodes, n_nodes]), torch.ones(size=(n_nodes, 1), device=dev_name))
        edge_w = self.edge_drop(edge_w)
        h_out = self.sp_mm(edge_idx, edge_w, torch.Size([n_nodes, n_nodes]), h_in)
        assert not torch.isnan(h_out).any()
        h_out = h_out.div(row_norm)
        assert not torch.isnan(h_out).any()
        return F.elu(h_out) if self.merge_heads else h_out

    def __repr__(self):
        return self.__class__.__name__ + ' (' + str(self.d_in) + ' -> ' + str(self.d_out) + ')'


# -------------------------------- models --------------------------------
class DenseGAT(nn.Module):
    def __init__(self, n_in, n_hidden, n_out, drop_p, slope, n_heads):
        super(DenseGAT, self).__init__()
        self.drop_p = drop_p
        self.heads = [DenseGATLayer(n_in, n_hidden, drop_p=drop_p, slope=slope, merge_heads=True)
                           for _ in range(n_heads)]
        for hi, head_mod in enumerate(self.heads):
            self.add_module('attention_{}'.format(hi), head_mod)
        self.out_head = DenseGATLayer(n_hidden * n_heads, n_out, drop_p=drop_p, slope=slope, merge_heads=False)

    def forward(self, x, adj_norm):
        x = F.dropout(x, self.drop_p, training=self.training)
        x = torch.cat([head_mod(x, adj_norm) for head_mod in self.heads], dim=1)
        x = F.dropout(x, self.drop_p, training=self.training)
        return F.log_softmax(F.elu(self.out_head(x, adj_norm)), dim=1)


class SparseGAT(nn.Module):
    def __init__(self, n_in, n_hidden, n_out, drop_p, slope, n_heads):
        super(SparseGAT, self).__init__()
        self.drop_p = drop_p
        self.heads = [SparseGATLayer(n_in, n_hidden, drop_p=drop_p, slope=slope, merge_heads=True)
                           for _ in range(n_heads)]
        for hi, head_mod in enumerate(self.heads):
            self.add_module('attention_{}'.format(hi), head_mod)
        self.out_head = SparseGATLayer(n_hidden * n_heads, n_out, drop_p=drop_p, slope=slope, merge_heads=False)

    def forward(self, x, adj_norm):
        x = F.dropout(x, self.drop_p, training=self.training)
        x = torch.cat([head_mod(x, adj_norm) for head_mod in self.heads], dim=1)
        x = F.dropout(x, self.drop_p, training=self.training)
        return F.log_softmax(F.elu(self.out_head(x, adj_norm)), dim=1)


# ------------------------------- training -------------------------------
cli = argparse.ArgumentParser()
cli.add_argument('--no-cuda', action='store_true', default=False, help='stay on the CPU even if a GPU is present')
cli.add_argument('--fastmode', action='store_true', default=False, help='reuse the training forward for validation')
cli.add_argument('--sparse', action='store_true', default=False, help='pick the edge-list (sparse) attention variant')
cli.add_argument('--seed', type=int, default=72)
cli.add_argument('--epochs', type=int, default=10000)
cli.add_argument('--lr', type=float, default=0.005)
cli.add_argument('--weight_decay', type=float, default=5e-4)
cli.add_argument('--hidden', type=int, default=8)
cli.add_argument('--nb_heads', type=int, default=8)
cli.add_argument('--dropout', type=float, default=0.6)
cli.add_argument('--alpha', type=float, default=0.2)
cli.add_argument('--patience', type=int, default=100)
opts = cli.parse_args()
opts.use_gpu = not opts.no_cuda and torch.cuda.is_available()

random.seed(opts.seed)
np.random.seed(opts.seed)
torch.manual_seed(opts.seed)
if opts.use_gpu:
    torch.cuda.manual_seed(opts.seed)

adj_norm, node_features, node_labels, train_idx, val_idx, test_idx = read_cora_data()

gat_cls = SparseGAT if opts.sparse else DenseGAT
model = gat_cls(n_in=node_features.shape[1], n_hidden=opts.hidden, n_out=int(node_labels.max()) + 1,
                drop_p=opts.dropout, n_heads=opts.nb_heads, slope=opts.alpha)
optimizer = optim.Adam(model.parameters(), lr=opts.lr, weight_decay=opts.weight_decay)

if opts.use_gpu:
    model.cuda()
    node_features = node_features.cuda()
    adj_norm = adj_norm.cuda()
    node_labels = node_labels.cuda()
    train_idx = train_idx.cuda()
    val_idx = val_idx.cuda()
    test_idx = test_idx.cuda()

node_features, adj_norm, node_labels = Variable(node_features), Variable(adj_norm), Variable(node_labels)


def train_epoch(epoch):
    t0 = time.time()
    model.train()
    optimizer.zero_grad()
    log_probs = model(node_features, adj_norm)
    train_loss = F.nll_loss(log_probs[train_idx], node_labels[train_idx])
    train_acc = acc_of(log_probs[train_idx], node_labels[train_idx])
    train_loss.backward()
    optimizer.step()

    if not opts.fastmode:
        # separate pass with dropout switched off
        model.eval()
        log_probs = model(node_features, adj_norm)

    val_loss = F.nll_loss(log_probs[val_idx], node_labels[val_idx])
    val_acc = acc_of(log_probs[val_idx], node_labels[val_idx])
    print('ep {:04d}'.format(epoch + 1), 'train loss {:.4f}'.format(train_loss.data.item()),
          'train acc {:.4f}'.format(train_acc.data.item()), 'val loss {:.4f}'.format(val_loss.data.item()),
          'val acc {:.4f}'.format(val_acc.data.item()), '({:.4f}s)'.format(time.time() - t0))
    return val_loss.data.item()


def run_test():
    model.eval()
    log_probs = model(node_features, adj_norm)
    test_loss = F.nll_loss(log_probs[test_idx], node_labels[test_idx])
    test_acc = acc_of(log_probs[test_idx], node_labels[test_idx])
    print("test split:", "loss {:.4f},".format(test_loss.data.item()),
          "acc {:.4f}".format(test_acc.data.item()))


t_start = time.time()
val_history = []
stall_count = 0
best_val = opts.epochs + 1
best_ep = 0
for epoch in range(opts.epochs):
    val_history.append(train_epoch(epoch))
    torch.save(model.state_dict(), '{}.pkl'.format(epoch))
    if val_history[-1] < best_val:
        best_val = val_history[-1]
        best_ep = epoch
        stall_count = 0
    else:
        stall_count += 1
    if stall_count == opts.patience:
        break
    for ckpt_file in glob.glob('*.pkl'):
        if int(ckpt_file.split('.')[0]) < best_ep:
            os.remove(ckpt_file)

for ckpt_file in glob.glob('*.pkl'):
    if int(ckpt_file.split('.')[0]) > best_ep:
        os.remove(ckpt_file)

print("early stopping loop ended")
print("wall time {:.4f}s".format(time.time() - t_start))
print('restoring weights of epoch {}'.format(best_ep))
model.load_state_dict(torch.load('{}.pkl'.format(best_ep)))
run_test()
