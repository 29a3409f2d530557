from netCDF4 import Dataset
import numpy as np
import pytorch_lightning as pl
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, random_split
from sklearn.model_selection import train_test_split


class ExtremeEventsData(pl.LightningDataModule):
    def __init__(self, fit_paths, check_paths, variables, batch_size, num_workers=4, shuffle=True):
        super().__init__()
        self.fit_paths = fit_paths
        self.check_paths = check_paths
        self.batch_size = batch_size
        self.variables = variables
        self.num_workers = num_workers
        self.shuffle = shuffle

    def setup(self, stage: str = None):
        if stage == "fit":
            self.fit_items = []
            self.check_items = []
            for path in self.fit_paths:
                inputs, mask = self.read_file(path, self.variables)
                self.fit_items.append(self.to_tensors(inputs, mask))
            for path in self.check_paths:
                inputs, mask = self.read_file(path, self.variables)
                self.check_items.append(self.to_tensors(inputs, mask))

    @staticmethod
    def read_file(path, variables):
        nc = Dataset(path)
        channels = []
        for var in variables:
            channels.append(nc[var][0])
        mask = nc["LABELS"]
        channels = np.array(channels)
        mask = np.array(mask)
        nc.close()
        return channels, mask

    @staticmethod
    def to_tensors(inputs, mask):
        inputs = torch.tensor(inputs).to(torch.float16)
        mask = torch.tensor(mask)
        mask = F.one_hot(mask, num_classes=3)
        mask = mask.permute(2, 0, 1)
        mask = mask.to(torch.float16)
        return inputs, mask

    def train_dataloader(self):
        return DataLoader(
            self.fit_items,
            batch_size=self.batch_size,
            num_workers=self.num_workers,
            shuffle=self.shuffle,
        )

    def val_dataloader(self):
        return DataLoader(
            self.check_items, batch_size=self.batch_size, num_workers=self.num_workers
        )
