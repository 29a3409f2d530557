from math import ceil

import torch
from torch.utils.data import Dataset, DataLoader
from torch.utils.data.dataset import T_co, random_split

import pandas as pd
import numpy as np


# index of the half-open bucket that holds x
# edges lists right ends of half-open buckets; answer k such that edges[k] <= x < edges[k+1]
def find_bucket(edges, x, hint=0):
    # bisection
    if not (0 <= x < edges[-1]):
        raise IndexError()
    if edges[hint] <= x < edges[hint + 1]:
        return hint

    lo, hi = hint, edges.shape[0] - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if edges[mid + 1] <= x:
            lo = mid + 1
        elif x < edges[mid - 1]:
            hi = mid - 1
        elif edges[mid] <= x:
            lo = mid
        elif x < edges[mid]:
            hi = mid

    return lo


# same contract as find_bucket, walking forward from the hint
def find_bucket_linear(edges, x, hint=0):
    while not edges[hint] <= x < edges[hint + 1]:
        hint = hint + 1
    return hint


# parsed tables kept here so the csv is parsed once per process
_cache = dict()


class LoadPerClient(Dataset):
    CACHE_KEY = "per_client"
    """
    length: input window length, the target step not counted
    """

    def __init__(self, length, csv_path=r"dataset/LD2011_2014.csv", transform=None, size=370):
        self.transform = transform
        self.length = length
        if self.CACHE_KEY not in _cache:
            _cache[self.CACHE_KEY] = np.array(
                pd.read_csv(csv_path, usecols=range(1, size + 1), dtype="float32",
                            delimiter=";", decimal=",").to_numpy(), order='F')
        self.dataset = _cache[self.CACHE_KEY]
        # self.counts = np.where(self.dataset, 0, 1).sum(axis=0) - length
        self.offsets = (self.dataset != 0).argmax(axis=0)
        self.counts = self.dataset.shape[0] - self.offsets - length
        self.counts[self.counts < 0] = 0  # clients shorter than length + 1 give no samples
        self.total_counts = np.concatenate((np.asarray([0]), np.add.accumulate(self.counts)))

        if transform is not None:
            raise NotImplementedError("transform is not supported")

    def __len__(self):
        return self.total_counts[-1]

    def __getitem__(self, idx) -> T_co:
        column = find_bucket(self.total_counts, idx)
        start = idx - self.total_counts[column] + self.offsets[column]

        return self.dataset[start: start + self.length, column], self.dataset[start + self.length, column]

    def __iter__(self):
        def walk(src):
            hint = 0
            for idx in range(self.total_counts[-1]):
                column = find_bucket_linear(self.total_counts, idx, hint=hint)
                start = idx - self.total_counts[column] + self.offsets[column]

                hint = column
                yield src.dataset[start: start + self.length, column], \
                      src.dataset[start + self.length, column]

        return walk(self)


class LoadSumSeries(Dataset):
    CACHE_KEY = "summed"
    """
    length: input window length, the target step not counted
    """

    def __init__(self, length, csv_path=r"../dataset/LD2011_2014.csv", transform=None, size=370):
        self.transform = transform
        self.length = length
        if self.CACHE_KEY not in _cache:
            _cache[self.CACHE_KEY] = np.array(pd.read_csv(csv_path, usecols=range(1, size + 1),
                                                                      dtype="float32", delimiter=";", decimal=",").
                                                          to_numpy(), order='F').sum(axis=1)
        self.dataset = _cache[self.CACHE_KEY]
        # self.counts = np.where(self.dataset, 0, 1).sum(axis=0) - length
        self.offsets = (self.dataset != 0).argmax(axis=0)
        self.counts = self.dataset.shape[0] - self.offsets - length

    def __len__(self):
        return self.counts

    def __getitem__(self, idx) -> T_co:
        start = idx + self.offsets

        pair = self.dataset[start: start + self.length], self.dataset[start + self.length]
        if self.transform:
            return self.transform(pair)
        else:
            return pair

    def __iter__(self):
        return (self[k] for k in range(len(self)))


class LoadSumByDay(Dataset):
    DAY = 96

    CACHE_KEY = "summed_by_day"
    """
    length: input window in days of DAY steps each, the target day not counted
    """

    def __init__(self, length, csv_path=r"../dataset/LD2011_2014.csv", transform=None, size=370):
        self.transform = transform
        self.length = length
        if self.CACHE_KEY not in _cache:
            _cache[self.CACHE_KEY] = np.array(pd.read_csv(csv_path, usecols=range(1, size + 1),
                                                                      dtype="float32", delimiter=";", decimal=",").
                                                          to_numpy(), order='F').sum(axis=1)
        self.dataset = _cache[self.CACHE_KEY]
        self.offsets = (self.dataset != 0).argmax(axis=0)
        self.counts = (self.dataset.shape[0] - self.offsets) // self.DAY - length

    def __len__(self):
        return self.counts

    def __getitem__(self, idx) -> T_co:
        start = idx * self.DAY + self.offsets

        x, yb = self.dataset[start: start + self.length * self.DAY], self.dataset[
                                                                            start + self.length * self.DAY:
                                                                            start + (self.length + 1) * self.DAY]
        x = x.reshape(self.length, self.DAY)
        pair = x, yb

        if self.transform:
            return self.transform(pair)
        else:
            return pair

    def __iter__(self):
        return (self[k] for k in range(len(self)))

    def statistics(self):
        means = np.zeros_like(self[0][1])
        second_moments = np.zeros_like(self[0][1])

        for x, yb in self:
            means += yb
            second_moments += yb ** 2

        means /= len(self)
        second_moments = second_moments / len(self) - means

        return means, second_moments


SPLIT_SEED = 1023
BATCH_SIZE = 128


# xb comes out as [batch_size, length]
def make_loaders(full_ds, batch_size=BATCH_SIZE,
                         frac_fit=0.6, frac_val=0.2, frac_test=0.2):
    if frac_fit + frac_val + frac_test != 1:
        raise ValueError("fit, validation and test fractions must add up to 1.")

    lengths = [round(frac_fit * len(full_ds)), round(frac_val * len(full_ds)),
               len(full_ds) - round(frac_fit * len(full_ds)) -
               round(frac_val * len(full_ds))] if frac_test > 0 else [
        round(frac_fit * len(full_ds)), len(full_ds) - round(frac_fit * len(full_ds))]

    parts = random_split(
        dataset=full_ds,
        lengths=lengths,
        generator=torch.Generator().manual_seed(SPLIT_SEED)
    )

    return (DataLoader(part, batch_size=batch_size) for part in parts)
