from collections import defaultdict
import csv
import os
try:
    import cPickle as pickle
except:
    import pickle

import numpy as np
from sklearn.feature_extraction import DictVectorizer
import scipy.sparse as sp
from scipy.sparse import rand as sprand

from torch.utils.data import DataLoader


class attrdict(dict):
    """dict whose keys read like attributes"""
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__
    __delattr__ = dict.__delitem__


def count_matrix(path, dataset):
    """
    Build an N x M matrix of raw counts.
    - delicious: how many times a user
    bookmarked a url.

    - lastfm: how many times a user
    played an artist.

    Returns: 
    M: the sparse count matrix,
    """
    counts = defaultdict(lambda: defaultdict(int))

    # add up the counts per (user, item)
    with open(path, 'rb') as fh:
        fh = csv.reader(fh, delimiter='\t')
        # header line
        next(fh)
        for row in fh:
            if dataset == 'delicious':
                u, it = int(row[0]), int(row[1])
                w = 1
            else:
                u, it, w = int(
                    row[0]), int(row[1]), int(row[2])
            counts[u][it] += w

    # one dict per user for the vectorizer
    users = sorted(counts.keys())

    rows = []
    for u in users:
        entry = {}
        for it in counts[u].keys():
            entry[it] = counts[u][it]
        rows += [entry]
    vec = DictVectorizer()
    M = vec.fit_transform(rows)

    return M


def read_matrix(dataset='delicious', clear_cache=False):
    assert dataset in ['delicious',
                       'lastfm'], 'dataset must be "delicious" or "lastfm"'
    print("reading %s ... " % dataset)
    cache = "data/pickle/%s.pickle" % dataset
    try:
        if clear_cache:
            os.remove(cache)
        M = pickle.load(open(cache, "rb"))[0]
        print("cache hit: %s" % cache)
    except (OSError, IOError):
        M = _read_raw(dataset)
        pickle.dump([M], open(cache, "wb"))

    return M


def _read_raw(dataset='delicious'):
    if dataset == 'delicious':
        path = 'data/delicious/user_taggedbookmarks.dat'
    else:
        path = 'data/lastfm/user_artists.dat'

    M = count_matrix(path, dataset)

    return M


def punch_holes(M, test_size=0.2):
    # hide single entries instead of whole rows, so every user keeps
    # part of its history in the fit matrix

    M = M.tocoo()
    nnz = M.nnz
    N, D = M.shape
    triples = zip(M.data, M.row, M.col)

    # which entries go to the held part
    held_idx = sorted(np.random.choice(
        nnz, int(nnz * test_size), replace=False))
    keep = np.ones(nnz, dtype=bool)
    keep[held_idx] = False
    fit_idx = np.arange(nnz)[keep]

    M_fit = [triples[i] for i in fit_idx]
    M_held = [triples[i] for i in held_idx]

    def to_coo(zipped):
        vals, rows, cols = zipped
        return sp.coo_matrix((vals, (rows, cols)), shape=(N, D))

    M_fit = to_coo(zip(*M_fit))
    M_held = to_coo(zip(*M_held))

    assert M_fit.shape == M_held.shape == M.shape
    assert M.nnz == M_held.nnz + M_fit.nnz

    return M_fit, M_held


def random_matrix():
    n_rows = 1000
    n_cols = 1000

    M = sprand(n_rows, n_cols, density=0.01, format='csr')
    vals = (np.random.randint(1, 5, size=M.nnz).astype(np.float64))
    M.data = vals

    return M


def pair_loader(M, batch_size):
    rows, cols = M.nonzero()
    triples = zip(rows, cols, M.data)
    return DataLoader(triples, batch_size, shuffle=True)
