# -*- coding: utf8 -*-

"""Loaders for the DeepSEA chromatin-profile matrices
(train / valid / test .mat files)
re-expressed helper module
"""

import h5py
from scipy.io import loadmat
import numpy as np
import pandas as pd


def load_training_split(path=None):
    path = path or "./data/train.mat"
    handle = h5py.File(path, "r")
    print(list(handle.keys()))
    labels = handle['traindata'].value
    onehot = handle['trainxdata'].value
    onehot = np.moveaxis(onehot, -1, 0)
    labels = np.moveaxis(labels, -1, 0)
    return onehot, labels


def load_validation_split(path=None):
    path = path or "./data/valid.mat"
    mat = loadmat(path)
    print(list(mat.keys()))
    onehot = mat['validxdata']
    labels = mat['validdata']
    onehot = np.moveaxis(onehot, 1, -1)
    return onehot, labels


def load_test_split(path=None):
    path = path or "./data/test.mat"
    mat = loadmat(path)
    print(list(mat.keys()))
    onehot = mat['testxdata']
    labels = mat['testdata']
    onehot = np.moveaxis(onehot, 1, -1)
    return onehot, labels


def load_target_table(path=None):
    path = path or './resources/target_names.txt'
    table = pd.DataFrame(columns=[
        'index',
        'cell',
        'target',
        'condition',
        'category'
        ])

    def assign_group(name):
        if name.startswith(('H2', 'H3', 'H4')):
            return 'Histone'
        elif name=='DNase':
            return 'DNase'
        elif name.startswith('Pol'):
            return 'Pol'
        else:
            return 'TF'

    with open(path, "r") as fh:
        k = 0
        for row in fh:
            cell, target, cond = row.strip().split('|')
            group = assign_group(target)
            table = table.append(pd.Series({
                'index':k,
                'cell':cell,
                'target':target,
                'condition':cond,
                'category': group}), ignore_index=True)
            k += 1
    return table
