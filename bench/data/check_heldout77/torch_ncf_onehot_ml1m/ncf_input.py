from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import numpy as np
import pandas as pd

from torch.utils.data import Dataset


RAW_FILE = '/data/movielens/ml-1m/ratings.dat' # source ratings
CACHE_DIR = './Cache' # where the pairs are kept
COLS = ['user', 'item']


def dense_ids(keys):
    """ give every item id a position 0..n-1. """
    pos = 0
    lookup = {}
    for k in keys:
        lookup[k] = pos
        pos += 1

    return lookup

def read_ratings():
    table = pd.read_csv(
        RAW_FILE, sep='::', header=None, names=COLS,
        usecols=[0,1], dtype={0: np.int32, 1: np.int32}, engine='python')

    # users start at zero
    table.user = table.user - 1
    users_seen = set(table.user.unique())
    items_seen = set(table.item.unique())

    n_users = len(users_seen)
    n_items = len(items_seen)

    lookup = dense_ids(items_seen)
    remapped = []
    for r in range(len(table)):
        remapped.append(lookup[table['item'][r]])
    table['item'] = remapped

    items_seen = set(table.item.unique())

    # what each user has rated
    history = {}
    for r in range(len(table)):
        u = table['user'][r]
        t = table['item'][r]
        if u not in history:
            history[u] = []
        history[u].append(t)

    # what each user has not rated
    unseen = {}
    for key in history:
        unseen[key] = list(items_seen - set(history[key]))

    # the last rating of every user is held out
    per_user = table.groupby('user').size().tolist() # ratings per user
    which = []

    for r in range(len(users_seen)):
        for _ in range(per_user[r] - 1):
            which.append('train')
        which.append('test') # held-out one

    table['split'] = which
    tr_part = table[table['split'] == 'train'].reset_index(drop=True)
    te_part = table[table['split'] == 'test'].reset_index(drop=True)
    del tr_part['split']
    del te_part['split']

    ones = np.ones(len(tr_part), dtype=np.int32)

    tr_feats = tr_part
    tr_targets = ones.tolist()
    te_feats = te_part
    te_targets = te_part['item'].tolist() # the held-out item is the answer

    return ((tr_feats, tr_targets),
            (te_feats, te_targets),
            (n_users, n_items),
            (users_seen, items_seen),
            (history, unseen))

def sample_negatives(feats, targets, unseen, count, is_training):
    """ put sampled negatives after every positive pair. """
    col_u, col_i, out_targets, out_feats = [], [], [], {}

    for r in range(len(feats)):
        u = feats['user'][r]
        i = feats['item'][r]
        t = targets[r]

        col_u.append(u)
        col_i.append(i)
        out_targets.append(t)

        # uniform draw from the items the user never rated
        drawn = np.random.choice(unseen[u], size=count,
                                 replace=False).tolist()

        if is_training:
            for k in drawn:
                col_u.append(u)
                col_i.append(k)
                out_targets.append(0)
        else:
            for k in drawn:
                col_u.append(u)
                col_i.append(k)
                out_targets.append(k)

    out_feats['user'] = col_u
    out_feats['item'] = col_i

    return out_feats, out_targets


class PairDataset(Dataset):
    def __init__(self, feats, targets):
        """
        Holds the user/item lists built above; training and test differ only
        in how many negatives follow each positive.
        """
        self.feats = feats
        self.targets = targets

    def __len__(self):
        return len(self.targets)

    def __getitem__(self, idx):
        u = self.feats['user'][idx]
        i = self.feats['item'][idx]
        t = self.targets[idx]

        row = {'user': u, 'item': i, 'label': t}

        return row
