from itertools import accumulate

import numpy as np
import pandas as pd
import pytorch_lightning as pl
import torch
from torch.utils.data import DataLoader, random_split

from constants import FEATURES, N_INVESTMENT
from utils import uniform_scalar


def stack_days(days):
    orders = [torch.randperm(day[0].size(0)) for day in days]
    keep_n = min(day[0].size(0) for day in days)

    keep_n = int(keep_n * uniform_scalar(0.9, 1.0))

    asset_ids, _, _ = stacked = [
        torch.stack([dd[i][od][:keep_n] for dd, od in zip(days, orders)])
        for i in range(3)
    ]

    sel = torch.rand(asset_ids.size()).le(0.002)
    asset_ids[sel] = N_INVESTMENT
    return stacked


class SubsetEachEpoch(torch.utils.data.Sampler):
    def __init__(self, src, skip_frac=0.1):
        self.total = len(src)
        self._keep = max(1, int(self.total * (1 - skip_frac)))

    def __iter__(self):
        sel = torch.zeros(self.total, dtype=torch.bool)
        sel[:self._keep] = True
        sel = sel[torch.randperm(self.total)]
        return iter(torch.arange(self.total)[sel].tolist())

    def __len__(self):
        return self._keep


class DayTensors(torch.utils.data.Dataset):
    def __init__(self, *columns) -> None:
        assert all(len(columns[0]) == len(
            t) for t in columns), "columns differ in length"
        self.columns = columns

    def __getitem__(self, k):
        return tuple(t[k] for t in self.columns)

    def __len__(self):
        return len(self.columns[0])


class DayGroups(torch.utils.data.Dataset):
    def __init__(self, *columns, time_col=None) -> None:
        assert all(len(columns[0]) == len(
            t) for t in columns), "columns differ in length"
        assert time_col is not None and time_col.size(0) == columns[0].size(0)

        def gather_day(tval):
            sel = time_col.eq(tval)
            return tuple(t[sel] for t in columns)

        self.day_items = [
            gather_day(tval)
            for tval in time_col.unique().tolist()
        ]

    def __getitem__(self, k):
        return self.day_items[k]

    def __len__(self):
        return len(self.day_items)


def time_tensor(frame):
    return torch.LongTensor(frame['time_id'].to_numpy(dtype=np.int))


def id_tensor(frame):
    return torch.LongTensor(frame['investment_id'].to_numpy(dtype=np.int))


def feat_tensor(frame):
    return torch.FloatTensor(frame[FEATURES].to_numpy())


def target_tensor(frame):
    return torch.FloatTensor(frame['target'].to_numpy())


def read_by_day(pq_path):
    frame = pd.read_parquet(pq_path)
    by_day = frame.groupby('time_id')
    return [
        by_day.get_group(day_id)
        for day_id in frame.time_id.unique()
    ]


def random_parts(day_frames, split_ratios):
    asset_ids = [id_tensor(frame) for frame in day_frames]
    feat_list = [feat_tensor(frame) for frame in day_frames]
    target_list = [target_tensor(frame) for frame in day_frames]

    src = DayTensors(asset_ids, feat_list, target_list)

    sizes = []
    for r in split_ratios[:-1]:
        sizes.append(int(len(src)*r))
    sizes.append(len(src) - sum(sizes))

    return random_split(src, sizes)


def day_shuffled_sets(args):
    return random_parts(read_by_day(args.input), args.split_ratios)


def time_ordered_sets(args):
    frame = pd.read_parquet(args.input)
    asset_ids = id_tensor(frame)
    feat_list = feat_tensor(frame)
    target_list = target_tensor(frame)
    time_col = time_tensor(frame)
    distinct_times = time_col.unique()

    sizes = []
    for r in args.split_ratios[:-1]:
        sizes.append(int(len(distinct_times)*r))
    sizes.append(len(distinct_times) - sum(sizes))

    cum_sizes = list(accumulate(sizes))

    def slice_days(a, b):
        span = distinct_times[a:b]
        sel = time_col.ge(span.min()) & time_col.le(span.max())
        return DayGroups(asset_ids[sel], feat_list[sel], target_list[sel],
                           times=time_col[sel])

    return [
        slice_days(a, b)
        for a, b in zip([0]+cum_sizes[:-1], cum_sizes)
    ]


class MarketData(pl.LightningDataModule):
    def __init__(self, args):
        super().__init__()
        self.args = args


        if args.with_memory:
            parts = time_ordered_sets(args)
        else:
            parts = day_shuffled_sets(args)

        if len(parts) == 3:
            self.tr, self.val, self.test = parts
        else:
            self.tr, self.val = parts
            self.test = self.val

    def train_dataloader(self):
        do_shuffle = not self.args.with_memory
        smp = SubsetEachEpoch(self.tr) if self.args.with_memory else None
        return DataLoader(self.tr, batch_size=self.args.batch_size,
                          num_workers=self.args.workers, shuffle=do_shuffle,
                          sampler=smp, collate_fn=stack_days,
                          drop_last=True, pin_memory=True)

    def _eval_loader(self, src):
        return DataLoader(src, batch_size=1,
                          num_workers=self.args.workers, pin_memory=True)

    def val_dataloader(self):
        return self._eval_loader(self.val)

    def test_dataloader(self):
        return self._eval_loader(self.test)
