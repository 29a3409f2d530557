import torch
from torch.utils.data import Dataset
import scanpy as sc
import scipy.sparse as sp


class PBMC3kDataset(Dataset):
    def __init__(
        self,
        h5ad_path: str,
    ) -> None:
        super().__init__()

        self.h5ad_path = h5ad_path
        self.adata = sc.read_h5ad(self.h5ad_path)

    def __len__(self) -> int:
        return self.adata.n_obs

    def __getitem__(self, i) -> torch.Tensor:
        if self.adata.X is None:
            raise ValueError("no expression matrix in the AnnData")

        row = self.adata.X[i]

        if sp.issparse(row):
            row = row.toarray().squeeze()  # type: ignore

        out = torch.tensor(row, dtype=torch.float32)

        return out
