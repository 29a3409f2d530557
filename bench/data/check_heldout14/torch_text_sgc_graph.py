import time
import argparse
import sys
import numpy as np
import pickle as pkl
import os
import scipy.sparse as sp
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from functools import partial
from time import perf_counter


class LinearSGC(nn.Module):
    def __init__(self, n_in, n_out, use_bias=False):
        super(LinearSGC, self).__init__()
        self.proj = nn.Linear(n_in, n_out, bias=use_bias)
        torch.nn.init.xavier_normal_(self.proj.weight)

    def forward(self, x_in):
        logits = self.proj(x_in)
        return logits


def read_graph_corpus(corpus_name):
    """
    Read the pickled corpus files under data/ for one data set:
    the split index lists, their labels and the word/document graph (a scipy csr matrix).
    The files are plain pickles.
    """
    split_ids = {}
    split_labels = {}
    splits = ["train", "val", "test"]
    def read_pickle(pkl_path):
        with open(pkl_path.format(corpus_name, split), 'rb') as fh:
            if sys.version_info > (3, 0):
                return pkl.load(fh, encoding='latin1')
            else:
                return pkl.load(fh)

    for split in splits:
        split_ids[split] = read_pickle("data/ind.{}.{}.x".format(corpus_name, split))
        split_labels[split] = read_pickle("data/ind.{}.{}.y".format(corpus_name, split))

    adj_mat = read_pickle("data/ind.{}.BCD.adj".format(corpus_name))
    adj_mat = adj_mat.astype(np.float32)
    adj_mat = add_self_loops_norm(adj_mat)

    return adj_mat, split_ids, split_labels

def sym_normalize(adj_mat):
    """D^-1/2 A D^-1/2 normalisation of the graph."""
    adj_mat = sp.coo_matrix(adj_mat)
    deg = np.array(adj_mat.sum(1))
    inv_sqrt_deg = np.power(deg, -0.5).flatten()
    inv_sqrt_deg[np.isinf(inv_sqrt_deg)] = 0.
    inv_sqrt_diag = sp.diags(inv_sqrt_deg)
    return adj_mat.dot(inv_sqrt_diag).transpose().dot(inv_sqrt_diag).transpose().tocoo()

def add_self_loops_norm(adj_mat):
    """Add self loops, then normalise the graph."""
    adj_norm = sym_normalize(adj_mat + sp.eye(adj_mat.shape[0]))
    return adj_norm

def scipy_to_torch_sparse(sp_mat, dev='cuda'):
    """scipy sparse matrix -> torch sparse tensor."""
    sp_mat = sp_mat.tocoo().astype(np.float32)
    coo_idx = torch.from_numpy(
        np.vstack((sp_mat.row, sp_mat.col)).astype(np.int64))
    if dev == 'cuda':
        coo_idx = coo_idx.cuda()
        coo_vals = torch.from_numpy(sp_mat.data).cuda()
        full_shape = torch.Size(sp_mat.shape)
        adj_mat = torch.cuda.sparse.FloatTensor(coo_idx, coo_vals, full_shape)
    elif dev == 'cpu':
        coo_vals = torch.from_numpy(sp_mat.data)
        full_shape = torch.Size(sp_mat.shape)
        adj_mat = torch.sparse.FloatTensor(coo_idx, coo_vals, full_shape)
    return adj_mat

def scipy_to_torch_dense(sp_in, dev='cuda'):
    dense_np = sp_in.todense().astype(np.float32)
    dense_t = torch.from_numpy(dense_np).to(device=dev)
    return dense_t

def propagate_features(adj_mat, node_features, hops, split_ids):
    assert hops==1, "only one propagation step is implemented"
    split_feats = {}
    t_start = perf_counter()
    train_x_feats = node_features[:, split_ids["train"]].cuda()
    train_x_feats = torch.spmm(adj_mat, train_x_feats).t()
    train_hi, _ = train_x_feats.max(dim=0, keepdim=True)
    train_lo, _ = train_x_feats.min(dim=0, keepdim=True)
    train_span = train_hi-train_lo
    kept_feature_cols = train_span.squeeze().gt(0).nonzero().squeeze()
    train_x_feats = train_x_feats[:, kept_feature_cols]
    train_span = train_span[:, kept_feature_cols]
    train_lo = train_lo[:, kept_feature_cols]
    train_x_feats = (train_x_feats-train_lo)/train_span
    split_feats["train"] = train_x_feats
    for split_name in ["test", "val"]:
        split_x_feats = node_features[:, split_ids[split_name]].cuda()
        split_x_feats = torch.spmm(adj_mat, split_x_feats).t()
        split_x_feats = split_x_feats[:, kept_feature_cols]
        split_feats[split_name] = ((split_x_feats-train_lo)/train_span).cpu() # the graph is symmetric
    prop_seconds = perf_counter()-t_start
    return split_feats, prop_seconds

def seed_everything(seed_val, use_cuda):
    np.random.seed(seed_val)
    torch.manual_seed(seed_val)
    if use_cuda: torch.cuda.manual_seed(seed_val)


cli = argparse.ArgumentParser()
cli.add_argument('--dataset', type=str, default='20ng', help='which corpus to use')
cli.add_argument('--no-cuda', action='store_true', default=False,
                    help='run on the CPU even if a GPU exists')
cli.add_argument('--seed', type=int, default=42, help='seed for the RNGs')
cli.add_argument('--epochs', type=int, default=3,
                    help='LBFGS rounds')
cli.add_argument('--weight_decay', type=float, default=0,
                    help='L2 penalty on the linear weights')
cli.add_argument('--degree', type=int, default=2,
                    help='number of propagation steps')
cli.add_argument('--tuned', action='store_true', help='read the tuned weight decay from file')
cli.add_argument('--preprocessed', action='store_true',
                    help='load the released propagated features')
opts = cli.parse_args()
opts.use_gpu = not opts.no_cuda and torch.cuda.is_available()
opts.dev = 'cuda' if opts.use_gpu else 'cpu'
if opts.tuned:
    with open("tuned_result/{}.SGC.tuning.txt".format(opts.dataset), "r") as fh:
        opts.weight_decay = float(fh.read())

torch.backends.cudnn.benchmark = True
seed_everything(opts.seed, opts.use_gpu)

sparse_adj, split_ids, split_labels = read_graph_corpus(opts.dataset)
for split_key, split_vals in split_labels.items():
    if opts.dataset == "mr":
        split_labels[split_key] = torch.Tensor(split_vals).to(opts.dev)
    else:
        split_labels[split_key] = torch.LongTensor(split_vals).to(opts.dev)
node_features = torch.arange(sparse_adj.shape[0]).to(opts.dev)

adj_mat = scipy_to_torch_sparse(sparse_adj, dev=opts.dev)


def fit_linear_train(net_model, split_feats, wd, is_binary=False):
    if not is_binary:
        activation = partial(F.log_softmax, dim=1)
        loss_fn = F.nll_loss
    else:
        activation = torch.sigmoid
        loss_fn = F.binary_cross_entropy
    lbfgs_optimizer = optim.LBFGS(net_model.parameters())
    t_start = time.perf_counter()
    for epoch_i in range(opts.epochs):
        def closure_fn():
            lbfgs_optimizer.zero_grad()
            logits_out = net_model(split_feats["train"].cuda()).squeeze()
            l2_term = 0.5*wd*(net_model.proj.weight**2).sum()
            batch_loss = loss_fn(activation(logits_out), split_labels["train"].cuda())+l2_term
            batch_loss.backward()
            return batch_loss

        lbfgs_optimizer.step(closure_fn)

    train_seconds = time.perf_counter()-t_start
    val_metrics = eval_split(net_model, split_feats["val"].cuda(),
                          split_labels["val"].cuda(), is_binary)
    return val_metrics['accuracy'], net_model, train_seconds

def eval_split(net_model, eval_features, eval_label, is_binary=False):
    net_model.eval()
    if not is_binary:
        activation = partial(F.log_softmax, dim=1)
        loss_fn = F.nll_loss
    else:
        activation = torch.sigmoid
        loss_fn = F.binary_cross_entropy

    with torch.no_grad():
        logits_out = net_model(eval_features).squeeze()
        batch_loss = loss_fn(activation(logits_out), eval_label)
        if not is_binary: pred_cls = logits_out.max(1)[1]
        else: pred_cls = activation(logits_out).gt(0.5).float()
        n_right = torch.eq(pred_cls, eval_label).long().sum().item()
        accuracy_val = n_right/pred_cls.size(0)

    return {
        'loss': batch_loss.item(),
        'accuracy': accuracy_val
    }

if __name__ == '__main__':
    if opts.dataset == "mr": n_classes = 1
    else: n_classes = split_labels["train"].max().item()+1
    if not opts.preprocessed:
        adj_dense_t = scipy_to_torch_dense(sparse_adj, dev='cpu')
        split_feats, prop_seconds = propagate_features(adj_mat, adj_dense_t, opts.degree-1, split_ids)
    else:
        # features propagated ahead of time (two steps)
        with open(os.path.join("preprocessed",
            "{}.pkl".format(opts.dataset)), "rb") as fh:
            split_feats =  pkl.load(fh)
        prop_seconds = 0

    sgc_model = LinearSGC(n_in=split_feats["train"].size(1),
                n_out=n_classes)
    if opts.use_gpu: sgc_model.cuda()
    val_accuracy, fitted_model, train_seconds = fit_linear_train(sgc_model, split_feats, opts.weight_decay, opts.dataset=="mr")
    test_metrics = eval_split(fitted_model, split_feats["test"].cuda(),
                           split_labels["test"].cuda(), opts.dataset=="mr")
    train_metrics = eval_split(fitted_model, split_feats["train"].cuda(),
                            split_labels["train"].cuda(), opts.dataset=="mr")
    print("time {:2f}s | train acc {:.4f} | val acc {:.4f} | test acc {:.4f}".format(prop_seconds+train_seconds, train_metrics["accuracy"], val_accuracy, test_metrics["accuracy"]))
