''' Re-expressed from an MVGRL port (itself after the authors' MVGRL code) '''
import numpy as np
import torch as th
import scipy.sparse as sp
from scipy.linalg import fractional_matrix_power, inv

import dgl
from dgl.data import CoraGraphDataset, CiteseerGraphDataset, PubmedGraphDataset
import networkx as nx

from sklearn.preprocessing import MinMaxScaler

from dgl.nn import APPNPConv

def row_normalise(mat):
    """Scale every row to sum one and also return a coordinate view"""
    sums = np.array(mat.sum(1))
    inv_sums = np.power(sums, -1).flatten()
    inv_sums[np.isinf(inv_sums)] = 0.
    scale = sp.diags(inv_sums)
    mat = scale.dot(mat)
    if isinstance(mat, np.ndarray):
        return mat
    else:
        return mat.todense(), as_coord_triplet(mat)


def as_coord_triplet(smat):
    """Turn a sparse matrix (or a list of them) into (coords, values, shape)."""

    def one(m):
        if not sp.isspmatrix_coo(m):
            m = m.tocoo()
        where = np.vstack((m.row, m.col)).transpose()
        vals = m.data
        dims = m.shape
        return where, vals, dims

    if isinstance(smat, list):
        for j in range(len(smat)):
            smat[j] = one(smat[j])
    else:
        smat = one(smat)

    return smat


def ppr_matrix(nxg: nx.Graph, alpha=0.2, self_loop=True):
    adj = nx.convert_matrix.to_numpy_array(nxg)
    if self_loop:
        adj = adj + np.eye(adj.shape[0])  # add the identity
    deg = np.diag(np.sum(adj, 1))  # degree matrix
    deg_isqrt = fractional_matrix_power(deg, -0.5)  # D^-1/2
    norm_adj = np.matmul(np.matmul(deg_isqrt, adj), deg_isqrt)  # symmetric normalisation
    return alpha * inv((np.eye(adj.shape[0]) - (1 - alpha) * norm_adj))  # closed-form PPR


def load_graph_views(name, epsilon):
    if name == 'cora':
        ds = CoraGraphDataset()
    elif name == 'citeseer':
        ds = CiteseerGraphDataset()

    g = ds[0]
    x = g.ndata.pop('feat')
    y = g.ndata.pop('label')

    tr_mask = g.ndata.pop('train_mask')
    va_mask = g.ndata.pop('val_mask')
    te_mask = g.ndata.pop('test_mask')

    tr_idx = th.nonzero(tr_mask, as_tuple=False).squeeze()
    va_idx = th.nonzero(va_mask, as_tuple=False).squeeze()
    te_idx = th.nonzero(te_mask, as_tuple=False).squeeze()

    nxg = dgl.to_networkx(g)

    print('PPR diffusion: start')
    dense_ppr = ppr_matrix(nxg, 0.2)
    print('PPR diffusion: done')

    if name == 'citeseer':
        print('thresholding and rescaling')
        x = th.tensor(row_normalise(x.numpy())).float()
        dense_ppr[dense_ppr < epsilon] = 0
        mm = MinMaxScaler()
        mm.fit(dense_ppr)
        dense_ppr = mm.transform(dense_ppr)

    kept = np.nonzero(dense_ppr)
    kept_w = dense_ppr[kept]
    ppr_graph = dgl.graph(kept)

    g = g.add_self_loop()

    return g, ppr_graph, x, y, tr_idx, va_idx, te_idx, kept_w

def load_graph_views_appnp(epsilon):
    k = 20
    alpha = 0.2
    ds = PubmedGraphDataset()
    g = ds[0]
    x = g.ndata.pop('feat')
    y = g.ndata.pop('label')

    tr_mask = g.ndata.pop('train_mask')
    va_mask = g.ndata.pop('val_mask')
    te_mask = g.ndata.pop('test_mask')

    tr_idx = th.nonzero(tr_mask, as_tuple=False).squeeze()
    va_idx = th.nonzero(va_mask, as_tuple=False).squeeze()
    te_idx = th.nonzero(te_mask, as_tuple=False).squeeze()

    propagate = APPNPConv(k, alpha)
    ident = th.eye(g.number_of_nodes()).float()
    dense_ppr = propagate(g.add_self_loop(), ident).numpy()

    dense_ppr[dense_ppr < epsilon] = 0
    mm = MinMaxScaler()
    mm.fit(dense_ppr)
    dense_ppr = mm.transform(dense_ppr)
    kept = np.nonzero(dense_ppr)
    kept_w = dense_ppr[kept]
    ppr_graph = dgl.graph(kept)

    g = dgl.add_self_loop(g)
    return g, ppr_graph, x, y, tr_idx, va_idx, te_idx, kept_w
