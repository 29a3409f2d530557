import numpy as np
import torch

# dataset over the in-memory volumes
class VolumeSet(torch.utils.data.Dataset):

    def __init__(self, vols, targets, transform=None):
        self.transform = transform
        self.vols = vols
        self.n = len(vols)
        self.targets = targets

    def __len__(self):
        return self.n

    def __getitem__(self, k):
        if self.transform:
          x = self.transform(self.vols[k])
        else:
          x = self.vols[k]
        t =  self.targets[:, k]  
        sex = torch.tensor(int(t[0]), dtype=torch.int64)
        age = torch.tensor(int(t[1]), dtype=torch.int64)  

        return x, torch.tensor([sex, age])