# MovieLens 25M ratings split into liked / not-liked pairs

import os.path as osp
from tqdm import tqdm
import numpy as np


class RatingPairs(object):
  def __init__(self, data_dir='/data/movielens/ml-25m'):
    """
    Args:
      data_dir: folder holding ratings.csv (ml-25m or the small set).
    """
    self._dir = data_dir

    (self.pos_train, self.pos_test, 
     self.neg_train, self.neg_test, 
     self.user_items, self.item_users) = self._read_ratings(
      self._dir)

    n_pos = len(self.pos_train)
    n_neg = len(self.neg_train)
    if n_pos > n_neg:
      reps = int(n_pos / n_neg)
      self.neg_train = np.concatenate([self.neg_train] * reps, 0)
    if n_neg > n_pos:
      reps = int(n_neg / n_pos)
      self.pos_train = np.concatenate([self.pos_train] * reps, 0)

    print(self.pos_train.shape)
    print(self.pos_test.shape)
    print(self.neg_train.shape)
    print(self.neg_test.shape)
    print(self.pos_test)
    print(self.neg_test)
    self.eval_rows = np.concatenate([self.pos_test, self.neg_test], 0)
    self.n_users = len(self.user_items)
    self.n_items = len(self.item_users)


  def iter_epoch(self, batch_size):
    """
    Args:
      batch_size: rows per yielded batch
    """
    # (older variant: balance each epoch by truncation)
    # self.neg_train = self.neg_train[:batch_size//2]

    # n_min = min(len(self.pos_train), len(self.neg_train))
    # shuffle positives
    # shuffle negatives
    # then concatenate equal halves

    self.epoch_rows = np.concatenate([self.pos_train, self.neg_train], 0)

    n_rows = len(self.epoch_rows)
    order = np.arange(n_rows)
    np.random.shuffle(order)

    order = order[:n_rows // batch_size * batch_size]
    order = order.reshape(-1, batch_size)

    shuffled_rows = self.epoch_rows[order]
    for batch_rows in shuffled_rows:
      yield batch_rows


  def _read_ratings(self, data_dir):
    """
    Args:
      data_dir: folder of the ml-25m csv files.
    """
    csv_path = osp.join(data_dir, 'ratings.csv')

    user_items = {}
    item_users = {}
    item_index = {}
    n_seen = 0
    pos_train = []
    neg_train = []
    with open(csv_path, 'r') as fh:
      raw_lines = fh.readlines()[1:]  # skip the csv header
      bar = tqdm(raw_lines)
      for ln in bar:
        uid, iid, stars, ts = ln.split(',')
        uid, iid, stars, ts = [
          float(tok) for tok in [uid, iid, stars, ts]]
        # zero-based ids
        uid -= 1
        iid -= 1

        if iid not in item_index:
          item_index[iid] = n_seen
          n_seen += 1

        iid = item_index[iid]

        # (a single list used to hold every row)
        if stars > 2.5:
          pos_train.append([uid, iid, stars])
        else:
          neg_train.append([uid, iid, stars])

        if uid not in user_items:
          user_items[uid] = [iid]
        else:
          user_items[uid].append(iid)
        if iid not in item_users:
          item_users[iid] = [uid]
        else:
          item_users[iid].append(uid)

        # progress text disabled

    pos_train = np.array(pos_train, dtype=np.float32)
    neg_train = np.array(neg_train, dtype=np.float32)
    np.random.shuffle(pos_train)
    np.random.shuffle(neg_train)

    n_min = min(len(pos_train), len(neg_train))
    n_eval = round(n_min * 0.01)

    pos_test = pos_train[:n_eval]
    neg_test = neg_train[:n_eval]

    pos_train = pos_train[n_eval:]
    neg_train = neg_train[n_eval:]

    return (pos_train, pos_test, 
            neg_train, neg_test, 
            user_items, item_users)


if __name__ == '__main__':
  # smoke test
  data = RatingPairs()
  for batch_rows in data.iter_epoch(1):
    print(batch_rows)
    break
