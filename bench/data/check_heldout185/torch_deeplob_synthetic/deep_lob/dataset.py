
from __future__ import annotations

from pathlib import Path
from typing import Tuple

import numpy as np
import torch
from torch.utils.data import Dataset


class DeepLOBDataset(Dataset):

    def __init__(self, npz_path: str | Path) -> None:
        npz_path = Path(npz_path)
        data = np.load(npz_path)

        X = data["X"]
        y = data["y"]

        self.X = torch.from_numpy(X).float()

        self.y = torch.from_numpy(y).long() + 1

    def __len__(self) -> int:
        return self.X.shape[0]

    def __getitem__(self, idx: int) -> Tuple[torch.Tensor, torch.Tensor]:
        return self.X[idx], self.y[idx]