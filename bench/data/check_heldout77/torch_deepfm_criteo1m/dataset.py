import pandas as pd
import torch
from torch.utils.data import Dataset

LABEL = "target"
NUM_COLS = [f"intCol_{i}" for i in range(13)]
CAT_COLS = [f"catCol_{i}" for i in range(26)]


class ClickTable(Dataset):
    def __init__(self, csv_path):
        self.table = pd.read_csv(csv_path)

        # numeric fields as float32
        self.num_x = torch.tensor(
            self.table[NUM_COLS].values,
            dtype=torch.float32
        )

        # encoded categorical fields as int64 for the embeddings
        self.cat_x = torch.tensor(
            self.table[CAT_COLS].values,
            dtype=torch.long
        )

        # click label as float32 for the logistic loss
        self.y = torch.tensor(
            self.table[LABEL].values,
            dtype=torch.float32
        )

    def __len__(self):
        return len(self.table)

    def __getitem__(self, idx):
        return {
            "dense_x": self.num_x[idx],
            "sparse_x": self.cat_x[idx],
            "label": self.y[idx]
        }
