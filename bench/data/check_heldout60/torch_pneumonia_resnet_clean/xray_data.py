import torch
import torch.nn as nn
from torch.utils.data import Dataset
import glob
import cv2
import numpy as np
from PIL import Image
device = 'cuda' if torch.cuda.is_available() else 'cpu'

class XrayFolder(Dataset):
    def __init__(self, path, transforms=None, limit=10):
        self.path = path
        from random import shuffle, seed;
        seed(10)
        self.files = glob.glob(path + '/*/*.jpeg')
        shuffle(self.files)
        # keep only the first `limit` files when limit > 0
        print(limit)
        if limit > 0:
            print("subset only")
            self.files = self.files[:limit]
        self.targets = [int(name == 'PNEUMONIA') for name in [f.split('/')[-2] for f in self.files]]
        self.transforms = transforms
        print("files found: ", len(self.files))
    def __len__(self):
        return len(self.files)

    def __getitem__(self, k):
        img = cv2.imread(self.files[k])
        tgt = self.targets[k]
        return img, tgt

    def collate_fn(self, batch):
        raw_imgs, raw_tgts = list(zip(*batch))
        if self.transforms:
            imgs = [self.transforms(im).unsqueeze(0) for im in raw_imgs]
        tgts = [torch.tensor(t).unsqueeze(0) for t in raw_tgts]
        imgs = torch.cat(imgs, dim=0).float().to(device)
        tgts = torch.cat(tgts).float().to(device)
        return imgs, tgts

