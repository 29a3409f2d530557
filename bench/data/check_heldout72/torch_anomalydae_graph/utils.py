import numpy as np
import scipy.sparse as sp
import torch
import scipy.io as sio
import random


def read_attributed_graph(name, folder='data'):
    
    mat = sio.loadmat(f'{folder}/{name}.mat')
    adj = mat['Network']
    feat = mat['Attributes']
    truth = mat['Label']
    truth = truth.flatten()

    adj_sym = sym_normalize(adj + sp.eye(adj.shape[0]))
    adj_sym = adj_sym.toarray()
    adj = adj + sp.eye(adj.shape[0])
    adj = adj.toarray()
    feat = feat.toarray()
    return adj_sym, feat, truth, adj



def sym_normalize(adj):
    """D^-1/2 (A) D^-1/2 normalisation."""
    adj = sp.coo_matrix(adj)
    deg = np.array(adj.sum(1))
    inv_sqrt = np.power(deg, -0.5).flatten()
    inv_sqrt[np.isinf(inv_sqrt)] = 0.
    inv_sqrt_mat = sp.diags(inv_sqrt)
    return adj.dot(inv_sqrt_mat).transpose().dot(inv_sqrt_mat).tocoo()
