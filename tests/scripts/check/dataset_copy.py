# A Dataset that keeps a second copy of what its caller still holds; x = x.astype(...) replaces, it does not copy,
# but the float32 that replaces 50,000 uint8 images is 4x their size (dtype-blowup, not duplicate-copy).
import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset


class ArrayDataset(Dataset):
    def __init__(self, data, labels):
        self.data = np.array(data)
        self.labels = labels

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        return torch.from_numpy(self.data[i]), self.labels[i]


features = np.zeros((50000, 3, 64, 64), dtype=np.uint8)
targets = np.zeros(50000, dtype=np.int64)
features = features.astype("float32")
loader = DataLoader(ArrayDataset(features, targets), batch_size=64)
