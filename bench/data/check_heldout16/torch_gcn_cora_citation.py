from __future__ import division
from __future__ import print_function

import time
import argparse
import numpy as np

import torch
import torch.nn.functional as F
import torch.optim as optim

from pygcn.utils import read_cora_data, acc_score
from pygcn.models import GCN

import scipy.sparse as sp
import torch


def one_hot_rows(node_labels):
    uniq = set(node_labels)
    class_to_vec = {cls: np.identity(len(uniq))[i, :] for i, cls in
                    enumerate(uniq)}
    onehot_labels = np.array(list(map(class_to_vec.get, node_labels)),
                             dtype=np.int32)
    return onehot_labels


def read_cora_data(data_dir_path="../data/cora/", dataset_name="cora"):
    """Read the Cora citation graph: normalized features, labels, adjacency and split indices."""
    print('reading the {} graph'.format(dataset_name))

    id_features_labels = np.genfromtxt("{}{}.content".format(data_dir_path, dataset_name),
                                        dtype=np.dtype(str))
    node_features = sp.csr_matrix(id_features_labels[:, 1:-1], dtype=np.float32)
    node_labels = one_hot_rows(id_features_labels[:, -1])

    # edges, mapped from paper ids to row numbers
    node_ids = np.array(id_features_labels[:, 0], dtype=np.int32)
    id_to_row = {j: i for i, j in enumerate(node_ids)}
    raw_edges = np.genfromtxt("{}{}.cites".format(data_dir_path, dataset_name),
                                    dtype=np.int32)
    edge_rows = np.array(list(map(id_to_row.get, raw_edges.flatten())),
                     dtype=np.int32).reshape(raw_edges.shape)
    adj_mat = sp.coo_matrix((np.ones(edge_rows.shape[0]), (edge_rows[:, 0], edge_rows[:, 1])),
                        shape=(node_labels.shape[0], node_labels.shape[0]),
                        dtype=np.float32)

    # make the adjacency symmetric
    adj_mat = adj_mat + adj_mat.T.multiply(adj_mat.T > adj_mat) - adj_mat.multiply(adj_mat.T > adj_mat)

    node_features = row_normalize(node_features)
    adj_mat = row_normalize(adj_mat + sp.eye(adj_mat.shape[0]))

    train_idx = range(140)
    val_idx = range(200, 500)
    test_idx = range(500, 1500)

    node_features = torch.FloatTensor(np.array(node_features.todense()))
    node_labels = torch.LongTensor(np.where(node_labels)[1])
    adj_mat = scipy_to_torch_sparse(adj_mat)

    train_idx = torch.LongTensor(train_idx)
    val_idx = torch.LongTensor(val_idx)
    test_idx = torch.LongTensor(test_idx)

    return adj_mat, node_features, node_labels, train_idx, val_idx, test_idx


def row_normalize(mat):
    """Scale each row of a sparse matrix to sum to one."""
    row_totals = np.array(mat.sum(1))
    inv_totals = np.power(row_totals, -1).flatten()
    inv_totals[np.isinf(inv_totals)] = 0.
    inv_diag = sp.diags(inv_totals)
    mat = inv_diag.dot(mat)
    return mat


def acc_score(log_probs, node_labels):
    pred_cls = log_probs.max(1)[1].type_as(node_labels)
    hits = pred_cls.eq(node_labels).double()
    hits = hits.sum()
    return hits / len(node_labels)


def scipy_to_torch_sparse(sp_mat):
    """scipy sparse matrix -> torch sparse COO tensor."""
    sp_mat = sp_mat.tocoo().astype(np.float32)
    coo_idx = torch.from_numpy(
        np.vstack((sp_mat.row, sp_mat.col)).astype(np.int64))
    coo_vals = torch.from_numpy(sp_mat.data)
    dims = torch.Size(sp_mat.shape)
    return torch.sparse.FloatTensor(coo_idx, coo_vals, dims)


# command line
cli = argparse.ArgumentParser()
cli.add_argument('--no-cuda', action='store_true', default=False,
                    help='run on the CPU even with a GPU present.')
cli.add_argument('--fastmode', action='store_true', default=False,
                    help='reuse the training forward pass for validation numbers.')
cli.add_argument('--seed', type=int, default=42, help='seed for numpy and torch.')
cli.add_argument('--epochs', type=int, default=200,
                    help='training epochs.')
cli.add_argument('--lr', type=float, default=0.01,
                    help='Adam step size.')
cli.add_argument('--weight_decay', type=float, default=5e-4,
                    help='L2 penalty on the weights.')
cli.add_argument('--hidden', type=int, default=16,
                    help='width of the hidden layer.')
cli.add_argument('--dropout', type=float, default=0.5,
                    help='probability of dropping a unit.')

opts = cli.parse_args()
opts.cuda = not opts.no_cuda and torch.cuda.is_available()

np.random.seed(opts.seed)
torch.manual_seed(opts.seed)
if opts.cuda:
    torch.cuda.manual_seed(opts.seed)

# graph, features, labels and split indices
adj_mat, node_features, node_labels, train_idx, val_idx, test_idx = read_cora_data()

# network and optimizer
gcn_model = GCN(nfeat=node_features.shape[1],
            nhid=opts.hidden,
            nclass=node_labels.max().item() + 1,
            dropout=opts.dropout)
adam_optimizer = optim.Adam(gcn_model.parameters(),
                       lr=opts.lr, weight_decay=opts.weight_decay)

if opts.cuda:
    gcn_model.cuda()
    node_features = node_features.cuda()
    adj_mat = adj_mat.cuda()
    node_labels = node_labels.cuda()
    train_idx = train_idx.cuda()
    val_idx = val_idx.cuda()
    test_idx = test_idx.cuda()


def train_step(epoch_i):
    t0 = time.time()
    gcn_model.train()
    adam_optimizer.zero_grad()
    log_probs = gcn_model(node_features, adj_mat)
    train_loss = F.nll_loss(log_probs[train_idx], node_labels[train_idx])
    train_acc = acc_score(log_probs[train_idx], node_labels[train_idx])
    train_loss.backward()
    adam_optimizer.step()

    if not opts.fastmode:
        # a separate forward pass in eval mode
        # so dropout is off for the validation numbers
        gcn_model.eval()
        log_probs = gcn_model(node_features, adj_mat)

    val_loss = F.nll_loss(log_probs[val_idx], node_labels[val_idx])
    val_acc = acc_score(log_probs[val_idx], node_labels[val_idx])
    print('epoch {:04d}'.format(epoch_i+1),
          'train loss {:.4f}'.format(train_loss.item()),
          'train acc {:.4f}'.format(train_acc.item()),
          'val loss {:.4f}'.format(val_loss.item()),
          'val acc {:.4f}'.format(val_acc.item()),
          '{:.4f} s'.format(time.time() - t0))


def test_eval():
    gcn_model.eval()
    log_probs = gcn_model(node_features, adj_mat)
    test_loss = F.nll_loss(log_probs[test_idx], node_labels[test_idx])
    test_acc = acc_score(log_probs[test_idx], node_labels[test_idx])
    print("on the test nodes:",
          "loss {:.4f}".format(test_loss.item()),
          "acc {:.4f}".format(test_acc.item()))


# training loop
t_all = time.time()
for epoch_i in range(opts.epochs):
    train_step(epoch_i)
print("training done")
print("wall time {:.4f} s".format(time.time() - t_all))

# final test numbers
test_eval()
