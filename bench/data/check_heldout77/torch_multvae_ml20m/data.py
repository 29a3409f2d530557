"""
Adapted from an earlier public VAE-CF port.
"""
import os
import pandas as pd
from scipy import sparse
import numpy as np

class DataLoader():
    '''
    Reads the preprocessed MovieLens-20M click splits
    '''
    def __init__(self, path):
        self.split_dir = os.path.join(path, 'pro_sg')
        assert os.path.exists(self.split_dir), "no preprocessed splits here; run data.py first"

        self.n_items = self.count_items()
    
    def load_data(self, which='train'):
        if which == 'train':
            return self._train_matrix()
        elif which == 'validation':
            return self._fold_matrices(which)
        elif which == 'test':
            return self._fold_matrices(which)
        else:
            raise ValueError("which must be train, validation or test")
        
    def count_items(self):
        item_ids = list()
        with open(os.path.join(self.split_dir, 'unique_sid.txt'), 'r') as fh:
            for line in fh:
                item_ids.append(line.strip())
        n_items = len(item_ids)
        return n_items
    
    def _train_matrix(self):
        path = os.path.join(self.split_dir, 'train.csv')
        
        pairs = pd.read_csv(path)
        n_users = pairs['uid'].max() + 1

        rows, cols = pairs['uid'], pairs['sid']
        mat = sparse.csr_matrix((np.ones_like(rows),
                                (rows, cols)), dtype='float64',
                                shape=(n_users, self.n_items))
        return mat
    
    def _fold_matrices(self, which='test'):
        in_path = os.path.join(self.split_dir, '{}_tr.csv'.format(which))
        out_path = os.path.join(self.split_dir, '{}_te.csv'.format(which))

        pairs_in = pd.read_csv(in_path)
        pairs_out = pd.read_csv(out_path)

        first = min(pairs_in['uid'].min(), pairs_out['uid'].min())
        last = max(pairs_in['uid'].max(), pairs_out['uid'].max())

        rows_in, cols_in = pairs_in['uid'] - first, pairs_in['sid']
        rows_out, cols_out = pairs_out['uid'] - first, pairs_out['sid']

        mat_in = sparse.csr_matrix((np.ones_like(rows_in),
                                   (rows_in, cols_in)), dtype='float64', shape=(last - first + 1, self.n_items))
        mat_out = sparse.csr_matrix((np.ones_like(rows_out),
                                    (rows_out, cols_out)), dtype='float64', shape=(last - first + 1, self.n_items))
        return mat_in, mat_out

def count_by(frame, key):
    grouped = frame[[key]].groupby(key, as_index=False)
    counts = grouped.size()
    return counts

def keep_active(frame, min_uc=5, min_sc=0):
    if min_sc > 0:
        item_counts = count_by(frame, 'movieId')
        frame = frame[frame['movieId'].isin(item_counts.index[item_counts >= min_sc])]
    
    if min_uc > 0:
        user_counts = count_by(frame, 'userId')
        frame = frame[frame['userId'].isin(user_counts.index[user_counts >= min_uc])]
    
    user_counts, item_counts = count_by(frame, 'userId'), count_by(frame, 'movieId')
    return frame, user_counts, item_counts

def split_each_user(frame, test_prop=0.2):
    per_user = frame.groupby('userId')
    keep_parts, hold_parts = list(), list()

    np.random.seed(98765)

    for _, group in per_user:
        n_u = len(group)

        if n_u >= 5:
            mask = np.zeros(n_u, dtype='bool')
            mask[np.random.choice(n_u, size=int(test_prop * n_u), replace=False).astype('int64')] = True

            keep_parts.append(group[np.logical_not(mask)])
            hold_parts.append(group[mask])
        
        else:
            keep_parts.append(group)
        
    kept = pd.concat(keep_parts)
    held = pd.concat(hold_parts)

    return kept, held

def to_positions(frame, user_pos, item_pos):
    uid = frame['userId'].apply(lambda x: user_pos[x])
    sid = frame['movieId'].apply(lambda x: item_pos[x])
    return pd.DataFrame(data={'uid': uid, 'sid': sid}, columns=['uid', 'sid'])



if __name__ == '__main__':

    print("preparing MovieLens-20M")
    # raw ratings
    #RAW_DIR = 'ml-20m/'
    RAW_DIR = os.path.expanduser('~/ml_datasets/ml-20m/')
    raw = pd.read_csv(os.path.join(RAW_DIR, 'ratings.csv'), header=0)
    raw = raw[raw['rating'] > 3.5]

    # drop inactive users
    raw, user_counts, item_counts = keep_active(raw)

    # permute the users
    users = user_counts.index
    np.random.seed(98765)
    perm = np.random.permutation(users.size)
    users = users[perm]

    n_users = users.size
    n_heldout = 10000

    # user sets of the three splits
    tr_users = users[:(n_users - n_heldout * 2)]
    va_users = users[(n_users - n_heldout * 2): (n_users - n_heldout)]
    te_users = users[(n_users - n_heldout):]

    tr_plays = raw.loc[raw['userId'].isin(tr_users)]
    items = pd.unique(tr_plays['movieId'])

    item_pos = dict((sid, i) for (i, sid) in enumerate(items))
    user_pos = dict((pid, i) for (i, pid) in enumerate(users))

    out_dir = os.path.join(RAW_DIR, 'pro_sg')

    if not os.path.exists(out_dir):
        os.makedirs(out_dir)
    
    with open(os.path.join(out_dir, 'unique_sid.txt'), 'w') as fh:
        for sid in items:
            fh.write('%s\n' % sid)
    
    va_plays = raw.loc[raw['userId'].isin(va_users)]
    va_plays = va_plays.loc[va_plays['movieId'].isin(items)]

    va_in, va_out = split_each_user(va_plays)

    te_plays = raw.loc[raw['userId'].isin(te_users)]
    te_plays = te_plays.loc[te_plays['movieId'].isin(items)]

    te_in, te_out = split_each_user(te_plays)

    tr_frame = to_positions(tr_plays, user_pos, item_pos)
    tr_frame.to_csv(os.path.join(out_dir, 'train.csv'), index=False)

    va_in_frame = to_positions(va_in, user_pos, item_pos)
    va_in_frame.to_csv(os.path.join(out_dir, 'validation_tr.csv'), index=False)

    va_out_frame = to_positions(va_out, user_pos, item_pos)
    va_out_frame.to_csv(os.path.join(out_dir, 'validation_te.csv'), index=False)

    te_in_frame = to_positions(te_in, user_pos, item_pos)
    te_in_frame.to_csv(os.path.join(out_dir, 'test_tr.csv'), index=False)

    te_out_frame = to_positions(te_out, user_pos, item_pos)
    te_out_frame.to_csv(os.path.join(out_dir, 'test_te.csv'), index=False)

    print("done")
