import torch
import os
from torch.utils.data import Dataset
import numpy as np
import random
from torchvision import transforms


class SliceNpySet(Dataset):
    def __init__(self, kind, location='data_npy', tuning=False, tune_size=0.1, transform=None, normalize=False):
        """
        kind is 'train' or 'valid'
        """
        self.kind = kind
        self.root = os.path.join(location, kind)
        self.img_dir = os.path.join(self.root, 'image')
        self.seg_dir = os.path.join(self.root, 'segmentation')
        self.tuning = tuning
        self.total = 37250 if self.kind == 'train' else 7922
        self.tune_ids = []
        self.tune_n = 0
        self.transform = transform
        self.use_norm = normalize
        if self.use_norm:
            self.norm = transforms.Normalize((0.5,), (0.5,))

        if self.tuning:
            self.tune_n = int(self.total * tune_size)
            self.tune_ids = np.random.choice(self.total, self.tune_n, replace=False)

    def __len__(self):
        n = self.tune_n if self.tuning else self.total
        return n

    def __getitem__(self, idx):
        idx = self.tune_ids[idx] if self.tuning else idx

        fname = "{:05d}.npy".format(idx)
        img_file = os.path.join(self.img_dir, fname.format(idx))
        seg_file = os.path.join(self.seg_dir, fname.format(idx))
        img = torch.tensor(np.load(img_file), dtype=torch.float32)
        seg = torch.tensor(np.load(seg_file), dtype=torch.uint8)
        if self.use_norm:
            img = self.norm(img)

        if self.transform is not None:
            seed = np.random.randint(2147483647)
            random.seed(seed)
            torch.manual_seed(seed)
            img = self.transform(img)

            random.seed(seed)
            torch.manual_seed(seed)
            seg = self.transform(seg)

        return img, seg
