import torch
from torch.utils.data import Dataset
import pandas as pd
import numpy as np
import os

class CriteoDataset(Dataset):
    """
    Click-log rows served one at a time for the
    torch DataLoader.
    """ 
    def __init__(self, root, train=True, train_file="train.txt", test_file="test.txt"):
        """
        Remember where the prepared files are and which split to serve.

        Arguments:
        - root: folder holding the prepared text files.
        - train: serve the labelled split when True.
        """
        self.num_cols = range(0, 13)
        self.cat_cols = range(13, 39)
        self.root = root
        self.train = train

        if not self._check_exists():
            raise RuntimeError('prepared files are missing')

        if self.train:
            frame = pd.read_csv(os.path.join(root, train_file), header=None)
            self.train_data = frame.iloc[:, :-1].values
            self.target = frame.iloc[:, -1].values
        else:
            frame = pd.read_csv(os.path.join(root, test_file), header=None)
            self.test_data = frame.iloc[:, :].values
    
    def __getitem__(self, idx):
        if self.train:
            row, label = self.train_data[idx, :], self.target[idx]
            ids = torch.cat([torch.zeros(len(self.num_cols),dtype=torch.int64), torch.tensor(row[self.cat_cols], dtype=torch.int64)], dim=0).unsqueeze(-1)
            vals = torch.cat([torch.tensor(row[self.num_cols],dtype=torch.float32), torch.ones(len(self.cat_cols),dtype=torch.float32)], dim=0).type(torch.float32)
            # earlier idea: ids straight from the row
            # earlier idea: all-ones values
            return ids, vals, label
        else:
            row = self.test_data[idx, :]
            ids = torch.cat([torch.zeros(len(self.num_cols),dtype=torch.int64), torch.tensor(row[self.cat_cols], dtype=torch.int64)], dim=0).unsqueeze(-1)
            vals = torch.cat([torch.tensor(row[self.num_cols],dtype=torch.float32), torch.ones(len(self.cat_cols),dtype=torch.float32)], dim=0).type(torch.float32)
            return ids, vals

    def __len__(self):
        if self.train:
            return len(self.train_data)
        else:
            return len(self.test_data)

    def _check_exists(self):
        return os.path.exists(self.root)
