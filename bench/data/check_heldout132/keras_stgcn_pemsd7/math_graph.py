# -*- coding: utf-8 -*-#
'''
# module:       math_graph (only weight_matrix, the part main.py uses, re-expressed)
'''

import numpy as np
import pandas as pd
from scipy.sparse.linalg import eigs

import scipy.sparse as sp


def weight_matrix(csv_path, sigma2=0.1, epsilon=0.5, scaling=True):
    '''
    Build the 228 x 228 sensor weight matrix from the distance table.
    :param csv_path: str, location of W_228.csv.
    :param sigma2: float, kernel width.
    :param epsilon: float, cut-off that sparsifies the result.
    :param scaling: bool, whether to turn distances into Gaussian weights.
    :return: np.ndarray, [n_nodes, n_nodes].
    '''
    try:
        dist = pd.read_csv(csv_path, header=None).values
    except FileNotFoundError:
        print(f'ERROR: no file at {csv_path}.')

    # a 0/1 table needs no kernel
    if set(np.unique(dist)) == {0, 1}:
        print('Adjacency is already binary; scaling switched off.')
        scaling = False

    if scaling:
        # Gaussian kernel over the road distances
        k = dist.shape[0]
        dist = dist / 10000.
        d2, off_diag = dist * dist, np.ones([k, k]) - np.identity(k)
        # thresholded kernel
        return np.exp(-d2 / sigma2) * (np.exp(-d2 / sigma2) >= epsilon) * off_diag
    else:
        return dist
