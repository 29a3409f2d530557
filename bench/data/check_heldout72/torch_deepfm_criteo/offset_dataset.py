import math
import hashlib
from dataclasses import dataclass
from typing import Tuple

import numpy as np
import torch
from torch.utils.data import Dataset


def bucket_of(token: str, mod: int) -> int:
    # deterministic on every machine and run
    digest = hashlib.md5(token.encode("utf-8")).hexdigest()
    return int(digest, 16) % mod


@dataclass
class RowBatch:
    y: torch.Tensor
    dense: torch.Tensor
    sparse: torch.Tensor

def index_line_starts(path: str, max_lines: int | None = None) -> np.ndarray:
    starts = []
    with open(path, "rb") as fh:
        while True:
            starts.append(fh.tell())
            row = fh.readline()
            if not row:
                starts.pop()  # drop the offset recorded at EOF
                break
            if max_lines is not None and len(starts) >= max_lines:
                break
    return np.asarray(starts, dtype=np.int64)


class SeekLineDataset(Dataset):
    """
    Reads one TSV row per item by seeking to its byte offset;
      every categorical column hashed into its own [0, bucket_per_field)
    """
    def __init__(
        self,
        path: str,
        offsets: np.ndarray,
        bucket_per_field: int,
        num_dense: int = 13,
        num_sparse: int = 26,
        cat_missing_token: str = "__MISSING__",
    ):
        self.path = path
        self.offsets = offsets
        self.bucket_per_field = int(bucket_per_field)
        self.num_dense = num_dense
        self.num_sparse = num_sparse
        self.cat_missing_token = cat_missing_token
        self._handle = None  # opened lazily in each worker

    def _file(self):
        if self._handle is None:
            self._handle = open(self.path, "rb")
        return self._handle

    def __len__(self) -> int:
        return int(len(self.offsets))

    def _split_row(self, row: str) -> Tuple[int, np.ndarray, np.ndarray]:
        cols = row.rstrip("\n").split("\t")
        y = int(cols[0])

        dense = np.zeros((self.num_dense,), dtype=np.float32)
        for i in range(self.num_dense):
            v = cols[1 + i]
            if v:
                x = float(v)
                dense[i] = math.log(1.0 + x) if x > 0 else 0.0

        sparse = np.zeros((self.num_sparse,), dtype=np.int64)
        first = 1 + self.num_dense
        for j in range(self.num_sparse):
            tok = cols[first + j] if first + j < len(cols) else ""
            if not tok:
                tok = self.cat_missing_token
            # hash inside this column's own bucket range
            sparse[j] = bucket_of(tok, self.bucket_per_field)

        return y, dense, sparse

    def __getitem__(self, idx: int):
        fh = self._file()
        fh.seek(int(self.offsets[idx]))
        row = fh.readline().decode("utf-8", errors="ignore")
        y, dense, sparse = self._split_row(row)
        return (
            torch.tensor(y, dtype=torch.float32),
            torch.from_numpy(dense),
            torch.from_numpy(sparse),
        )


def stack_rows(batch):
    ys, ds, ss = zip(*batch)
    return RowBatch(
        y=torch.stack(ys, dim=0),
        dense=torch.stack(ds, dim=0),
        sparse=torch.stack(ss, dim=0),
    )
