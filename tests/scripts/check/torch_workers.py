# A Dataset holding a Python list of every file name, read by 8 worker processes: a folder's paths are light.
import os

import torch
from PIL import Image
from torch.utils.data import DataLoader, Dataset


class Folder(Dataset):
    def __init__(self, root):
        self.classes = sorted(os.listdir(root))
        self.paths = [os.path.join(root, c, f) for c in self.classes for f in os.listdir(os.path.join(root, c))]

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        return Image.open(self.paths[i])


train = DataLoader(Folder("train"), batch_size=32, num_workers=8)
val = DataLoader(Folder("val"), batch_size=32)
