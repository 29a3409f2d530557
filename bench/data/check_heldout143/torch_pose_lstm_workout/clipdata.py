import torch
import numpy as np
from torch.utils.data import Dataset
from settings import cfg

label_cols = cfg["output_dim"]


class WindowTable(Dataset):
    def __init__(self, npy_path, tag):
        table = np.load(npy_path)
        self.count = table.shape[0]
        print("{} windows: {}".format(tag, self.count))
        self.feats = torch.from_numpy(table[:, 0:-label_cols])
        self.labels = torch.from_numpy(table[:, -label_cols:])

    def __getitem__(self, i):
        return self.feats[i], self.labels[i]

    def __len__(self):
        return self.count
