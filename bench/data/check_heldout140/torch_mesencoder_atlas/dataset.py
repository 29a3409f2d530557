import torch
from torch.utils.data import Dataset
import numpy as np
import anndata as ad

class MesenchymeDataset(Dataset):
    def __init__(self, cells: ad.AnnData, with_source: bool) -> None:
        self.adata = cells
        self.with_source = with_source
        self.expr = cells.X.toarray().astype(np.float32)
        self.rows = np.arange(cells.n_obs).astype(np.int64)
        if self.with_source:
            self.source_ids = cells.obs.source.cat.codes.astype(np.int64).values

        # convert to torch tensors
        self.expr = torch.tensor(self.expr, dtype = torch.float32)
        self.rows = torch.tensor(self.rows, dtype = torch.int64)
        if self.with_source:
            self.source_ids = torch.tensor(self.source_ids, dtype = torch.int64)

    def __len__(self) -> int:
        return self.adata.shape[0]

    def __getitem__(self, k: int
                    ) -> tuple[torch.Tensor,
                               torch.Tensor] | \
                         tuple[torch.Tensor,
                               torch.Tensor,
                               torch.Tensor]:
        expr = self.expr[k]
        row = self.rows[k]
        if self.with_source:
            src = self.source_ids[k]
            return expr, src, row
        else:
            return expr, row
