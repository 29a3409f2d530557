import pandas as pd
import numpy as np

from torch.utils.data import Dataset


class SalesSeriesDataset(Dataset):
    def __init__(self, npy_file, seq_length):
        all_series = np.load(npy_file)
        self.seq_length = seq_length

        self.inputs = all_series[:, :-1]
        self.targets = all_series[:, 1:, 0]

    def __getitem__(self, i):
        return self.inputs[i][-self.seq_length * 2:], self.targets[i][-self.seq_length * 2:]

    def __len__(self):
        return self.inputs.shape[0]

