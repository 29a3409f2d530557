import torch
from torch.utils.data import IterableDataset

from preprocessor import parse_line


class LineStream(IterableDataset):
    def __init__(self, path, n_buckets=1_000_000):
        self.path = path
        self.n_buckets = n_buckets

    def __iter__(self):
        with open(self.path, "r") as fh:
            for raw in fh:
                label, nums, cats = parse_line(raw, self.n_buckets)

                yield(
                    torch.tensor(label, dtype=torch.float32),
                    torch.tensor(nums, dtype=torch.float32),
                    torch.tensor(cats, dtype=torch.long)
                )
