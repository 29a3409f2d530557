import os
import time
import torch
import numpy as np
from torch.utils.data import DataLoader
from pathlib import Path
import pandas as pd

class FrameRows(torch.utils.data.Dataset):
    def __init__(self, rows):
        self.xb = rows.drop("target", axis=1).to_numpy(dtype=np.float32)
        self.y = rows["target"].values.astype(np.float32)

    def __getitem__(self, k):
        return self.xb[k], self.y[k]

    def __len__(self,):
        return len(self.xb)


def read_rows(from_feather=False, do_split=True, bsz=25000):
    """
    Builds the fit/late DataLoaders for the market table.
    Feather is much faster to read than the csv.
    from_feather: read train32.feather instead of train.csv
    do_split: split by time_id at 1000 (else everything is fit data)
    bsz: rows per batch
    returns (fit_loader, late_loader or None)

    """
    t0 = time.time()
    csv_name = 'train.csv'
    feather_name = 'train32.feather'

    root = Path(os.environ['dataset_dir'])
    if from_feather:
        rows = pd.read_feather(root / feather_name)
    else:
        rows = pd.read_csv(root / csv_name)
        rows = rows.set_index('row_id')
    rows.investment_id += 1

    if do_split:
        early = rows[rows.time_id < 1000]
        late = rows.query("1000 <= time_id")
        seen_ids = early.investment_id.unique()
        unseen_rows = late.query("investment_id not in @learned_investments").index
        late.loc[unseen_rows].investment_id = 0

        fit_set = FrameRows(early.drop("time_id", axis=1))
        late_set = FrameRows(late.drop("time_id", axis=1))

        late_loader = DataLoader(late_set, batch_size=bsz)
    else:
        early = rows.copy()
        fit_set = FrameRows(early.drop("time_id", axis=1))
        late_loader = None
    fit_loader = DataLoader(fit_set, batch_size=bsz)
    print(f"read in {time.time() - t0:.2f} s")
    return fit_loader, late_loader