# -*- coding: utf-8 -*-#
'''
# module:       data_utils
# what:         windowing of the PeMSD7 speed table
# by:           (re-expressed)
# when:         2020
'''

from math_utils import z_score

import numpy as np
import pandas as pd


class WindowSet(object):
    def __init__(self, splits, stats):
        self.__splits = splits
        self.mean = stats['mean']
        self.std = stats['std']

    def get_data(self, kind):
        return self.__splits[kind]

    def get_stats(self):
        return {'mean': self.mean, 'std': self.std}

    def get_len(self, kind):
        return len(self.__splits[kind])

    def z_inverse(self, kind):
        return self.__splits[kind] * self.std + self.mean


def seq_gen(n_days, series, day_offset, win_len, n_nodes, slots_per_day, chans=1):
    '''
    Cut sliding windows out of the speed series.
    :param n_days: int, how many days go into this split.
    :param series: np.ndarray, [time, nodes] speed table.
    :param day_offset: int, first day of this split.
    :param win_len: int, frames per window (history 12 + horizon 9 = 21).
    :param n_nodes: int, sensors in the graph.
    :param slots_per_day: int, 5-minute slots in one day (288).
    :param chans: int, channels per node.
    :return: np.ndarray, [n_days * windows_per_day, win_len, n_nodes, chans].
    '''
    per_day = slots_per_day - win_len + 1

    out = np.zeros((n_days * per_day, win_len, n_nodes, chans))
    for d in range(n_days):
        for s in range(per_day):
            lo = (d + day_offset) * slots_per_day + s
            hi = lo + win_len
            out[d * per_day + s, :, :, :] = np.reshape(series[lo:hi, :], [win_len, n_nodes, chans])
    return out


def data_gen(csv_path, split_days, n_nodes, win_len=21, slots_per_day=288):
    '''
    Read the speed CSV and build the three windowed splits.
    :param csv_path: str, location of V_228.csv.
    :param split_days: tuple, days in train, val, test.
    :param n_nodes: int, sensors in the graph.
    :param win_len: int, frames per window (history 12 + horizon 9 = 21).
    :param slots_per_day: int, 5-minute slots in one day (288).
    :return: WindowSet holding the three splits and the train statistics.
    '''
    d_train, d_val, d_test = split_days
    # read the whole table, then window it
    try:
        series = pd.read_csv(csv_path, header=None).values
    except FileNotFoundError:
        print(f'ERROR: no file at {csv_path}.')

    w_train = seq_gen(d_train, series, 0, win_len, n_nodes, slots_per_day)
    w_val = seq_gen(d_val, series, d_train, win_len, n_nodes, slots_per_day)
    w_test = seq_gen(d_test, series, d_train + d_val, win_len, n_nodes, slots_per_day)

    # statistics of the training windows
    stats = {'mean': np.mean(w_train), 'std': np.std(w_train)}

    # normalised copies, [windows, win_len, nodes, chans]
    z_train = z_score(w_train, stats['mean'], stats['std'])
    z_val = z_score(w_val, stats['mean'], stats['std'])
    z_test = z_score(w_test, stats['mean'], stats['std'])

    splits = {'train': z_train, 'val': z_val, 'test': z_test}
    ds = WindowSet(splits, stats)
    return ds


def gen_batch(arr, bs, ragged_last=False, shuffle=False):
    '''
    Yield mini-batches of windows.
    :param arr: np.ndarray, [windows, win_len, nodes, chans].
    :param bs: int, batch size.
    :param ragged_last: bool, keep a short final batch.
    :param shuffle: bool, visit batches in random order.
    '''
    total = len(arr)

    if shuffle:
        order = np.arange(total)
        np.random.shuffle(order)

    for lo in range(0, total, bs):
        hi = lo + bs
        if hi > total:
            if ragged_last:
                hi = total
            else:
                break
        if shuffle:
            pick = order[lo:hi]
        else:
            pick = slice(lo, hi)

        yield arr[pick]
