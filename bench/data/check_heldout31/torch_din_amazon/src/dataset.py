import pandas as pd
from torch.utils.data import Dataset


PARQUET_COLUMNS = [
    "uid",
    "mid",
    "cat",
    "historical_mid",
    "historical_cat",
    "label"
]


class AmazonReviewDataset(Dataset):
    def __init__(self, parquet_path: str):
        super().__init__()
        self.records = pd.read_parquet(parquet_path, columns=PARQUET_COLUMNS).to_dict(orient="records")
        for record in self.records:
            record["historical_mid"] = record["historical_mid"].tolist()
            record["historical_cat"] = record["historical_cat"].tolist()

    def __len__(self):
        return len(self.records)

    def __getitem__(self, pos):
        return self.records[pos]


