import numpy as np

import torch
from torch.utils.data.dataset import Dataset


class HyperData(Dataset):
    def __init__(self, pair):
        self.data = pair[0].astype(np.float32)
        self.labels = []
        for v in pair[1]: self.labels += [int(v)]

    def __getitem__(self, i):
        x = torch.from_numpy(np.asarray(self.data[i,:,:,:]))
        y = self.labels[i]
        return x, y

    def __len__(self):
        return len(self.labels)

    def __labels__(self):
        return self.labels
