import torch
from torch.utils.data import Dataset
import xarray as xr
import numpy as np

class PairedFields(Dataset):
    """Pairs of coarse / fine fields held as tensors"""
    def __init__(
        self,
        coarse: torch.Tensor,
        fine: torch.Tensor,
        device: torch.device,
    ) -> torch.Tensor:
        """
        Keeps references to the two tensors.
        Returns:
            torch.Tensor: pairs by index.
        """
        self.fine = fine
        self.coarse = coarse

    def __len__(self):
        return self.fine.size(0)

    def __getitem__(self, idx):

        if torch.is_tensor(idx):
            idx = idx.tolist()

        hr = self.fine[idx, ...]
        lr = self.coarse[idx, ...]

        return lr, hr
