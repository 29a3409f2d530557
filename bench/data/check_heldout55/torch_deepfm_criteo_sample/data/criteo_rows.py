import torch
from torch.utils.data import Dataset
import pandas as pd
import numpy as np
import os

N_DENSE = 13

class CriteoRows(Dataset):
    """
    Map-style dataset over the preprocessed Criteo csv
    (13 numeric then 26 categorical columns, label last).
    """ 
    def __init__(self, data_dir, train=True):
        """
        Remember the folder and the split.

        Inputs:
        - data_dir: folder with train.txt / test.txt
        - train: True reads train.txt (with labels), False test.txt
        """
        self.data_dir = data_dir
        self.train = train

        if not self._has_dir():
            raise RuntimeError('no data folder')

        if self.train:
            frame = pd.read_csv(os.path.join(data_dir, 'train.txt'))
            self.rows = frame.iloc[:, :-1].values
            self.labels = frame.iloc[:, -1].values
        else:
            frame = pd.read_csv(os.path.join(data_dir, 'test.txt'))
            self.test_rows = frame.iloc[:, :-1].values
    
    def __getitem__(self, i):
        if self.train:
            row, lab = self.rows[i, :], self.labels[i]
            # numeric fields all use index 0
            idx_num = np.zeros_like(row[:N_DENSE])
            idx_cat = row[N_DENSE:]
            idx_t = torch.from_numpy(np.concatenate((idx_num, idx_cat)).astype(np.int32)).unsqueeze(-1)
            
            # categorical fields carry value 1
            val_cat = np.ones_like(row[N_DENSE:])
            val_num = row[:N_DENSE]
            val_t = torch.from_numpy(np.concatenate((val_num, val_cat)).astype(np.int32))
            return idx_t, val_t, lab
        else:
            row = self.test_rows.iloc[i, :]
            # numeric fields use index 1 here
            idx_num = np.ones_like(row[:N_DENSE])
            idx_cat = row[N_DENSE:]
            idx_t = torch.from_numpy(np.concatenate((idx_num, idx_cat)).astype(np.int32)).unsqueeze(-1)
            
            # categorical fields carry value 1
            val_cat = np.ones_like(row[N_DENSE:])
            val_num = row[:N_DENSE]
            val_t = torch.from_numpy(np.concatenate((val_num, val_cat)).astype(np.int32))
            return idx_t, val_t

    def __len__(self):
        if self.train:
            return len(self.rows)
        else:
            return len(self.test_rows)

    def _has_dir(self):
        return os.path.exists(self.data_dir)
