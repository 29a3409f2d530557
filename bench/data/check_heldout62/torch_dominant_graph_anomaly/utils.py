import numpy as np
import scipy.sparse as sp
import torch
import scipy.io as sio
import random


def read_attributed_graph(name, folder='data'):
    
    mat = sio.loadmat(f'{folder}/{name}.mat')
    A = mat['Network']
    X = mat['Attributes']
    y = mat['Label']
    y = y.flatten()
    print(A.shape)
    print(X.shape)
    print(y.shape)

    A_n = sym_norm(A + sp.eye(A.shape[0]))
    A_n = A_n.toarray()
    A = A + sp.eye(A.shape[0])
    A = A.toarray()
    X = X.toarray()
    return A_n, X, y, A



def sym_norm(A):
    """D^-1/2 A D^-1/2."""
    A = sp.coo_matrix(A)
    deg = np.array(A.sum(1))
    d_is = np.power(deg, -0.5).flatten()
    d_is[np.isinf(d_is)] = 0.
    D_is = sp.diags(d_is)
    return A.dot(D_is).transpose().dot(D_is).tocoo()
