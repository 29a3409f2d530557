from __future__ import print_function

import scipy.sparse as sp
import numpy as np


def to_onehot(raw):
    kinds = set(raw)
    rows = {k: np.identity(len(kinds))[j, :] for j, k in enumerate(kinds)}
    out = np.array(list(map(rows.get, raw)), dtype=np.int32)
    return out


def load_data_attention(path="data/cora/", dataset="cora"):
    """Read the Cora .content/.cites files; normalised features and adjacency"""
    print('reading {} ...'.format(dataset))

    table = np.genfromtxt("{}{}.content".format(path, dataset), dtype=np.dtype(str))
    x = sp.csr_matrix(table[:, 1:-1], dtype=np.float32)
    y = to_onehot(table[:, -1])

    # edges
    ids = np.array(table[:, 0], dtype=np.int32)
    id_to_row = {pid: r for r, pid in enumerate(ids)}
    raw_edges = np.genfromtxt("{}{}.cites".format(path, dataset), dtype=np.int32)
    edges = np.array(list(map(id_to_row.get, raw_edges.flatten())),
                     dtype=np.int32).reshape(raw_edges.shape)
    a = sp.coo_matrix((np.ones(edges.shape[0]), (edges[:, 0], edges[:, 1])),
                      shape=(y.shape[0], y.shape[0]), dtype=np.float32)

    # symmetrise
    a = a + a.T.multiply(a.T > a) - a.multiply(a.T > a)

    x = row_normalise(x)
    a = sym_normalise(a + sp.eye(a.shape[0]))

    print('{} nodes, {} edges, {} features.'.format(a.shape[0], edges.shape[0], x.shape[1]))

    return x.todense(), a, y


def row_normalise(m):
    """Scale every row of a sparse matrix to sum 1"""
    s = np.array(m.sum(1))
    inv = np.power(s, -1).flatten()
    inv[np.isinf(inv)] = 0.
    inv_d = sp.diags(inv)
    m = inv_d.dot(m)
    return m


def sym_normalise(a, symmetric=True):
    if symmetric:
        d = sp.diags(np.power(np.array(a.sum(1)), -0.5).flatten(), 0)
        out = a.dot(d).transpose().dot(d).tocsr()
    else:
        d = sp.diags(np.power(np.array(a.sum(1)), -1).flatten(), 0)
        out = d.dot(a).tocsr()
    return out


def make_mask(idx, n):
    m = np.zeros(n)
    m[idx] = 1
    return np.array(m, dtype=np.bool)


def get_splits(y):
    tr = range(140)
    va = range(200, 500)
    te = range(500, 1500)
    y_tr = np.zeros(y.shape, dtype=np.int32)
    y_va = np.zeros(y.shape, dtype=np.int32)
    y_te = np.zeros(y.shape, dtype=np.int32)
    y_tr[tr] = y[tr]
    y_va[va] = y[va]
    y_te[te] = y[te]
    tr_mask = make_mask(tr, y.shape[0])
    return y_tr, y_va, y_te, tr, va, te, tr_mask


def xent(p, y):
    return np.mean(-np.log(np.extract(y, p)))


def acc(p, y):
    return np.mean(np.equal(np.argmax(y, 1), np.argmax(p, 1)))


def evaluate_preds(p, ys, idxs):
    losses = list()
    accs = list()

    for y_s, i_s in zip(ys, idxs):
        losses.append(xent(p[i_s], y_s[i_s]))
        accs.append(acc(p[i_s], y_s[i_s]))

    return losses, accs
