from __future__ import division
from __future__ import print_function
from sklearn import metrics
import random
import time
import sys
import os

import torch
import torch.nn as nn

import numpy as np
import pickle as pkl
import scipy.sparse as sp

from utils.utils import chebyshev_polynomials, print_log
from models.gcn import GCN
from models.mlp import MLP

from config import CONFIG
cfg = CONFIG()


def read_int_lines(idx_path):
    """One integer per line."""
    ids = []
    for ln_s in open(idx_path):
        ids.append(int(ln_s.strip()))
    return ids


def make_mask(on_idx, n_total):
    """Boolean mask with ones at idx."""
    mask_arr = np.zeros(n_total)
    mask_arr[on_idx] = 1
    return np.array(mask_arr, dtype=np.bool)


def read_graph_corpus(corpus_name):
    """
    Read the pickled graph pieces of one corpus from ./data
    """

    suffixes = ['x', 'y', 'tx', 'ty', 'allx', 'ally', 'adj']
    loaded = []
    for i in range(len(suffixes)):
        with open("./data/ind.{}.{}".format(corpus_name, suffixes[i]), 'rb') as fh:
            if sys.version_info > (3, 0):
                loaded.append(pkl.load(fh, encoding='latin1'))
            else:
                loaded.append(pkl.load(fh))

    x_tr, y_tr, x_te, y_te, x_all, y_all, adj_mat = tuple(loaded)

    node_features = sp.vstack((x_all, x_te)).tolil()
    node_labels = np.vstack((y_all, y_te))

    train_ids_file = read_int_lines(
        "./data/{}.train.index".format(corpus_name))
    n_train = len(train_ids_file)

    n_val = n_train - x_tr.shape[0]
    n_test = x_te.shape[0]

    train_rows = range(len(y_tr))
    val_rows = range(len(y_tr), len(y_tr) + n_val)
    test_rows = range(x_all.shape[0], x_all.shape[0] + n_test)

    train_node_mask = make_mask(train_rows, node_labels.shape[0])
    val_node_mask = make_mask(val_rows, node_labels.shape[0])
    test_node_mask = make_mask(test_rows, node_labels.shape[0])

    train_y = np.zeros(node_labels.shape)
    val_y = np.zeros(node_labels.shape)
    test_y = np.zeros(node_labels.shape)
    train_y[train_node_mask, :] = node_labels[train_node_mask, :]
    val_y[val_node_mask, :] = node_labels[val_node_mask, :]
    test_y[test_node_mask, :] = node_labels[test_node_mask, :]

    adj_mat = adj_mat + adj_mat.T.multiply(adj_mat.T > adj_mat) - adj_mat.multiply(adj_mat.T > adj_mat)

    return adj_mat, node_features, train_y, val_y, test_y, train_node_mask, val_node_mask, test_node_mask, n_train, n_test


def row_normalize_features(node_features):
    """Divide each row by its sum; return a dense array."""
    row_totals = np.array(node_features.sum(1))
    inv_rows = np.power(row_totals, -1).flatten()
    inv_rows[np.isinf(inv_rows)] = 0.
    inv_diag = sp.diags(inv_rows)
    node_features = inv_diag.dot(node_features)
    # (tuple form not used)
    return node_features.A


def sym_norm_adj(adj_mat):
    """D^-1/2 A D^-1/2 for a sparse adjacency."""
    adj_mat = sp.coo_matrix(adj_mat)
    row_totals = np.array(adj_mat.sum(1))
    deg_isqrt = np.power(row_totals, -0.5).flatten()
    deg_isqrt[np.isinf(deg_isqrt)] = 0.
    deg_isqrt_diag = sp.diags(deg_isqrt)
    return adj_mat.dot(deg_isqrt_diag).transpose().dot(deg_isqrt_diag).tocoo()


def dense_norm_adj(adj_mat):
    """Add self loops, normalise, return dense."""
    adj_sym = sym_norm_adj(adj_mat + sp.eye(adj_mat.shape[0]))
    # (tuple form not used)
    return adj_sym.A


if len(sys.argv) != 2:
	sys.exit("usage: python train.py <dataset>")

known_sets = ['20ng', 'R8', 'R52', 'ohsumed', 'mr']
dataset_name = sys.argv[1]

if dataset_name not in known_sets:
	sys.exit("unknown data set")
cfg.dataset = dataset_name

# seeding
rng_seed = random.randint(1, 200)
rng_seed = 2019
np.random.seed(rng_seed)
torch.manual_seed(rng_seed)

# read the corpus graph
adj_mat, node_features, train_y, val_y, test_y, train_node_mask, val_node_mask, test_node_mask, n_train, n_test = read_graph_corpus(
    cfg.dataset)

node_features = sp.identity(node_features.shape[0])  # one-hot node ids


# normalisation
node_features = row_normalize_features(node_features)
if cfg.model == 'gcn':
    support_mats = [dense_norm_adj(adj_mat)]
    n_support = 1
    net_cls = GCN
elif cfg.model == 'gcn_cheby':
    support_mats = chebyshev_polynomials(adj_mat, cfg.max_degree)
    n_support = 1 + cfg.max_degree
    net_cls = GCN
elif cfg.model == 'dense':
    support_mats = [dense_norm_adj(adj_mat)]  # ignored by the MLP
    n_support = 1
    net_cls = MLP
else:
    raise ValueError('unknown cfg.model: ' + str(cfg.model))


# tensors for the whole graph
features_t = torch.from_numpy(node_features)
train_y_t = torch.from_numpy(train_y)
val_y_t = torch.from_numpy(val_y)
test_y_t = torch.from_numpy(test_y)
train_mask_t = torch.from_numpy(train_node_mask.astype(np.float32))
train_mask_wide = torch.transpose(torch.unsqueeze(train_mask_t, 0), 1, 0).repeat(1, train_y.shape[1])

support_t = []
for i in range(len(support_mats)):
    support_t.append(torch.Tensor(support_mats[i]))

if torch.cuda.is_available():
    net_cls = net_cls.cuda()
    features_t = features_t.cuda()
    train_y_t = train_y_t.cuda()
    val_y_t = val_y_t.cuda()
    test_y_t = test_y_t.cuda()
    train_mask_t = train_mask_t.cuda()
    train_mask_wide = train_mask_wide.cuda()
    for i in range(len(support_mats)):
        support_t = [t0.cuda() for t0 in support_t if True]

gcn_model = net_cls(input_dim=node_features.shape[0], support=support_t, num_classes=train_y.shape[1])


# criterion and optimiser
ce_loss_fn = nn.CrossEntropyLoss()
adam_optimizer = torch.optim.Adam(gcn_model.parameters(), lr=cfg.learning_rate)


# one full-graph evaluation on the masked nodes
def eval_split(node_features, node_labels, mask_arr):
    t_start = time.time()
    gcn_model.eval()
    with torch.no_grad():
        scores = gcn_model(node_features)
        mask_t = torch.from_numpy(np.array(mask_arr*1., dtype=np.float32))
        mask_wide = torch.transpose(torch.unsqueeze(mask_t, 0), 1, 0).repeat(1, node_labels.shape[1])
        loss_v = ce_loss_fn(scores * mask_wide, torch.max(node_labels, 1)[1])
        pred_cls = torch.max(scores, 1)[1]
        acc_v = ((pred_cls == torch.max(node_labels, 1)[1]).float() * mask_t).sum().item() / mask_t.sum().item()

    return loss_v.numpy(), acc_v, pred_cls.numpy(), node_labels.numpy(), (time.time() - t_start)


val_loss_hist = []

# full-batch training
for epoch_i in range(cfg.epochs):

    t0 = time.time()

    # forward
    scores = gcn_model(features_t)
    loss_v = ce_loss_fn(scores * train_mask_wide, torch.max(train_y_t, 1)[1])
    acc_v = ((torch.max(scores, 1)[1] == torch.max(train_y_t, 1)[1]).float() * train_mask_t).sum().item() / train_mask_t.sum().item()

    # backward, step
    adam_optimizer.zero_grad()
    loss_v.backward()
    adam_optimizer.step()

    # validation pass
    val_loss_v, val_acc_v, pred_cls, node_labels, took = eval_split(features_t, val_y_t, val_node_mask)
    val_loss_hist.append(val_loss_v)

    print_log("ep {:.0f} | train loss {:.5f} | train acc {:.5f} | val loss {:.5f} | val acc {:.5f} | {:.5f}s"\
                .format(epoch_i + 1, loss_v, acc_v, val_loss_v, val_acc_v, time.time() - t0))

    if epoch_i > cfg.early_stopping and val_loss_hist[-1] > np.mean(val_loss_hist[-(cfg.early_stopping+1):-1]):
        print_log("validation loss rose: stopping early")
        break


print_log("training loop done")


# test split
test_loss_v, test_acc_v, pred_cls, node_labels, test_took = eval_split(features_t, test_y_t, test_node_mask)
print_log("test split: \n\t loss {:.5f}, acc {:.5f}, {:.5f}s".format(test_loss_v, test_acc_v, test_took))

test_pred_cls = []
test_label_ids = []
for i in range(len(test_node_mask)):
    if test_node_mask[i]:
        test_pred_cls.append(pred_cls[i])
        test_label_ids.append(np.argmax(node_labels[i]))


print_log("per-class precision / recall / F1 on the test split")
print_log(metrics.classification_report(test_label_ids, test_pred_cls, digits=4))
print_log("macro-averaged precision / recall / F1 on the test split")
print_log(metrics.precision_recall_fscore_support(test_label_ids, test_pred_cls, average='macro'))
