import logging
import numpy as np
import os
import pickle
import scipy.sparse as sp
import sys

from scipy.sparse import linalg
import json
from pathlib import Path
from datetime import datetime
from itertools import repeat
from collections import OrderedDict


def make_dir(path):
    path = Path(path)
    if not path.is_dir():
        path.mkdir(parents=True, exist_ok=False)


def load_json(path):
    with path.open('rt') as fh:
        return json.load(fh, object_hook=OrderedDict)


def dump_json(obj, path):
    with path.open('wt') as fh:
        json.dump(obj, fh, indent=4, sort_keys=False)


def forever(loader):
    '''
    cycle a loader without end.
    '''
    for it in repeat(loader):
        yield from it


class Stopwatch:
    def __init__(self):
        self.mark = datetime.now()

    def check(self):
        now = datetime.now()
        gap = now - self.mark
        self.mark = now
        return gap.total_seconds()

    def reset(self):
        self.mark = datetime.now()


class DataLoader(object):
    def __init__(self, xs, ys, batch_size, pad_with_last_sample=True, shuffle=False):
        """

        :param xs: inputs, (samples, 12, nodes, 2)
        :param ys: targets, same layout
        :param batch_size:
        :param pad_with_last_sample: repeat the last sample so that every batch is full.
        """
        self.batch_size = batch_size
        self.cursor = 0
        if pad_with_last_sample:
            n_pad = (batch_size - (len(xs) % batch_size)) % batch_size
            x_pad = np.repeat(xs[-1:], n_pad, axis=0)
            y_pad = np.repeat(ys[-1:], n_pad, axis=0)
            xs = np.concatenate([xs, x_pad], axis=0)
            ys = np.concatenate([ys, y_pad], axis=0)
        self.size = len(xs)
        self.num_batch = int(self.size // self.batch_size)
        if shuffle:
            order = np.random.permutation(self.size)
            xs, ys = xs[order], ys[order]
        self.xs = xs
        self.ys = ys

    def get_iterator(self):
        self.cursor = 0

        def _gen():
            while self.cursor < self.num_batch:
                lo = self.batch_size * self.cursor
                hi = min(self.size, self.batch_size * (self.cursor + 1))
                xb = self.xs[lo: hi, ...]
                yb = self.ys[lo: hi, ...]
                yield (xb, yb)
                self.cursor += 1

        return _gen()


class StandardScaler:
    """
    z-score with fixed statistics
    """

    def __init__(self, mean, std):
        self.mean = mean
        self.std = std

    def transform(self, a):
        return (a - self.mean) / self.std

    def inverse_transform(self, a):
        return (a * self.std) + self.mean


def normalized_laplacian(adj):
    """
    # I - D^-1/2 A D^-1/2
    # with D = diag(A 1)
    :param adj:
    :return:
    """
    adj = sp.coo_matrix(adj)
    deg = np.array(adj.sum(1))
    inv_sqrt = np.power(deg, -0.5).flatten()
    inv_sqrt[np.isinf(inv_sqrt)] = 0.
    inv_sqrt_mat = sp.diags(inv_sqrt)
    lap = sp.eye(adj.shape[0]) - adj.dot(inv_sqrt_mat).transpose().dot(inv_sqrt_mat).tocoo()
    return lap


def random_walk_matrix(adj):
    adj = sp.coo_matrix(adj)
    deg = np.array(adj.sum(1))
    inv = np.power(deg, -1).flatten()
    inv[np.isinf(inv)] = 0.
    inv_mat = sp.diags(inv)
    rw = inv_mat.dot(adj).tocoo()
    return rw


def reverse_random_walk_matrix(adj):
    return random_walk_matrix(np.transpose(adj))


def scaled_laplacian(adj, lambda_max=2, undirected=True):
    if undirected:
        adj = np.maximum.reduce([adj, adj.T])
    lap = normalized_laplacian(adj)  # coo
    if lambda_max is None:
        lambda_max, _ = linalg.eigsh(lap, 1, which='LM')
        lambda_max = lambda_max[0]
    # lap = sp.csr_matrix(lap)
    m, _ = lap.shape
    eye = sp.identity(m, format='coo', dtype=lap.dtype)
    lap = (2 / lambda_max * lap) - eye
    # return lap.astype(np.float32)
    return lap.tocoo()


def setup_logging(log_dir, log_filename='info.log', level=logging.INFO):
    # file and console handlers
    fmt = logging.Formatter('%(asctime)s - %(name)s - %(levelname)s - %(message)s')
    # make the folder if needed
    try:
        os.makedirs(log_dir)
    except OSError:
        pass
    to_file = logging.FileHandler(os.path.join(log_dir, log_filename))
    to_file.setFormatter(fmt)
    to_file.setLevel(level=level)
    # console
    con_fmt = logging.Formatter('%(asctime)s - %(levelname)s - %(message)s')
    to_con = logging.StreamHandler(sys.stdout)
    to_con.setFormatter(con_fmt)
    to_con.setLevel(level=level)
    logging.basicConfig(handlers=[to_file, to_con], level=level)


def get_logger(log_dir, name, log_filename='info.log', level=logging.INFO):
    lg = logging.getLogger(name)
    lg.setLevel(level)
    # file and console handlers
    fmt = logging.Formatter('%(asctime)s - %(name)s - %(levelname)s - %(message)s')
    to_file = logging.FileHandler(os.path.join(log_dir, log_filename))
    to_file.setFormatter(fmt)
    # console
    con_fmt = logging.Formatter('%(asctime)s - %(levelname)s - %(message)s')
    to_con = logging.StreamHandler(sys.stdout)
    to_con.setFormatter(con_fmt)
    lg.addHandler(to_file)
    lg.addHandler(to_con)
    # done
    lg.info('logging to %s', log_dir)
    return lg


def n_trainable(net):
    return sum(p.numel() for p in net.parameters() if p.requires_grad)


def load_dataset(dataset_dir, batch_size, test_batch_size=None, **kwargs):
    out = {}
    for split in ['train', 'val', 'test']:
        arrs = np.load(os.path.join(dataset_dir, split + '.npz'))
        out['x_' + split] = arrs['x']
        out['y_' + split] = arrs['y']
    scaler = StandardScaler(mean=out['x_train'][..., 0].mean(), std=out['x_train'][..., 0].std())
    # normalise the speed channel in place
    for split in ['train', 'val', 'test']:
        out['x_' + split][..., 0] = scaler.transform(out['x_' + split][..., 0])
        out['y_' + split][..., 0] = scaler.transform(out['y_' + split][..., 0])
    out['train_loader'] = DataLoader(out['x_train'], out['y_train'], batch_size, shuffle=True)
    out['val_loader'] = DataLoader(out['x_val'], out['y_val'], test_batch_size, shuffle=False)
    out['test_loader'] = DataLoader(out['x_test'], out['y_test'], test_batch_size, shuffle=False)
    out['scaler'] = scaler

    return out


def load_graph_data(pkl_path):
    ids, id_to_row, adj = load_pickle(pkl_path)
    return ids, id_to_row, adj


def load_pickle(path):
    try:
        with open(path, 'rb') as fh:
            obj = pickle.load(fh)
    except UnicodeDecodeError as e:
        with open(path, 'rb') as fh:
            obj = pickle.load(fh, encoding='latin1')
    except Exception as e:
        print('could not read', path, ':', e)
        raise
    return obj
