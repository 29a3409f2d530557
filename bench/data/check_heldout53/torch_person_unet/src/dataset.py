"""Reading the person-mask data and wrapping it in loaders"""

import torch
from torch.utils.data import Dataset, DataLoader
import pandas as pd
import albumentations as A
from PIL import Image
import numpy as np
import os
from typing import Optional, Tuple
import subprocess

from src.utils import train_transform, val_transform

class PersonMaskData:
    """Find the data on disk (or clone it) and build loaders from it"""

    def __init__(self) -> None:
        """Make sure the data exists locally, then read its index"""

        # Fetch the repository with the data when it is missing
        root = 'Human-Segmentation-Dataset-master'
        if not os.path.exists(root) or not os.listdir(root):
            print('Fetching the data')
            subprocess.run(['git', 'clone', 'https://github.com/parth1620/Human-Segmentation-Dataset-master.git'])
        else:
            print('Data already present')
        
        self.table = pd.read_csv(os.path.join('Human-Segmentation-Dataset-master', 'train.csv'))
        
    def make_loaders(self, batch_size: int, train_size: float) -> Tuple[DataLoader, DataLoader]:
        """
        Split the rows and wrap both parts in loaders

        :param batch_size (int): samples in one batch
        :param train_size (float): share of rows used for fitting

        :return fit_loader (torch.utils.data.DataLoader): loader over the fitting rows
        :return hold_loader (torch.utils.data.DataLoader): loader over the held-out rows
        """

        # Pick the rows
        fit_rows = self.table.sample(frac=train_size)
        hold_rows = self.table.drop(fit_rows.index)

        # One dataset per part, each with its own transform
        fit_set = _PairDataset(fit_rows, train_transform)
        hold_set = _PairDataset(hold_rows, val_transform)

        # Loaders over the two parts
        fit_loader = DataLoader(dataset=fit_set, batch_size=batch_size)
        hold_loader = DataLoader(dataset=hold_set, batch_size=batch_size)

        return fit_loader, hold_loader

class _PairDataset(Dataset):
    """Image/mask pairs listed in a data frame, read lazily"""

    def __init__(self, rows: pd.DataFrame, augmentation: Optional[A.Compose] = None) -> None:
        """
        Keep the rows and the augmentation

        :param rows (pandas.DataFrame): the rows of this part
        :param augmentation (albumentation.Compose|None): the augmentation, or `None`
        """
        
        self.rows = rows
        self.augmentation = augmentation

    def __len__(self) -> int:
        """How many pairs"""
        return len(self.rows)
    
    def __getitem__(self, idx: int) -> Tuple[torch.Tensor, torch.Tensor]:
        """
        Read pair `idx` from disk
        
        :param idx (int): row number
        
        :return image: CHW float32 tensor in [0, 1]
        :return mask: 1HW float tensor of zeros and ones
        """

        # Open both files
        row = self.rows.iloc[idx]
        image = np.asarray(Image.open(row['images']))
        mask = np.asarray(Image.open(row['masks']))

        # Grey images get three channels
        if image.ndim == 2: image = np.tile(image[:,:,np.newaxis], (1,1,3))

        # Augment when asked
        if self.augmentation is not None:
            out = self.augmentation(image=image, mask=mask)
            image, mask = out['image'], out['mask']

        # Scale to [0, 1] and move channels first
        image = torch.from_numpy(image).float().permute(2,0,1) / 255.

        # Mask to zeros and ones
        mask = torch.from_numpy(mask).float().round().unsqueeze(0) / 255.

        return image, mask
