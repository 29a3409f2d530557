# source: https://github.com/pytorch/pytorch/issues/5902
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (the issue's repro is shown up to the start of __getitem__'s returned dict; the rest is the
#  ordinary iteration it describes: a DataLoader with num_workers > 0 over this dataset)
import numpy as np
import pandas as pd
import torch

from torch.utils.data import DataLoader
from torch.utils.data import Dataset


class SparseVoxelTable(Dataset):
    def __init__(self, path):
        super().__init__()
        self.table = pd.read_parquet(path)
        print(f'{len(self)} rows read from {path}')

    def __len__(self):
        return len(self.table)

    def __getitem__(self, i):
        record = self.table.iloc[i]
        grid = np.zeros((48, 64, 36), dtype=np.float32)
        grid[record['cc'], record['ii'], record['jj']] = record['vv']
        sample = {
            'image': torch.from_numpy(grid),
        }
        return sample


if __name__ == '__main__':
    voxels = SparseVoxelTable('train.parquet')
    loader = DataLoader(voxels, batch_size=64, shuffle=True, num_workers=8)
    for epoch in range(10):
        for batch in loader:
            pass
