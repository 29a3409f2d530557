# source: https://github.com/pytorch/pytorch/issues/62066
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import os

import numpy as np
import psutil
from torch.utils.data import DataLoader, Dataset


class NoiseImages(Dataset):
    def __init__(self):
        self.images = np.random.rand(10000, 224, 244, 3)

    def __len__(self):
        return self.images.shape[0]

    def __getitem__(self, i):
        return self.images[i] + 1.0


if __name__ == "__main__":
    feed = DataLoader(NoiseImages(), batch_size=4096, persistent_workers=True, num_workers=os.cpu_count())
    for ep in range(9):
        for it, _batch in enumerate(feed):
            used_gb = psutil.virtual_memory().used / 1e9
            print(f"pass {ep} batch {it}: host memory in use {used_gb:.2f} GB")
