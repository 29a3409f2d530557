from typing import Callable, Dict, List
import numpy as np
import imageio
from torch.utils.data import Dataset

class CarMaskDataset(Dataset):
    def __init__(self, records: List[Dict], pair_transform: Callable = None):
        self.records = records
        self.pair_transform = pair_transform
    def __getitem__(self, idx: int) -> Dict:
        row = self.records[idx]
        row = {
            "image": np.asarray(imageio.imread(row["image"], pilmode="RGB")),
            "mask": np.asarray(imageio.imread(row["mask"]))}
        if self.pair_transform is not None:
            row = self.pair_transform(**row)

        return row
    def __len__(self) -> int:
        return len(self.records)
