from torch.utils.data import Dataset
import scipy.sparse as sp
from scipy.sparse import csc_matrix
import numpy as np
import torch
class CellMatrixSet(Dataset):
    '''
    Serves one cell (one row of the expression matrix) per index as a float tensor.
    '''
    def __init__(self,ad):
        self.ad=ad
        if sp.issparse(self.ad.X):
            self.ad.X=self.ad.X.toarray()
    def __len__(self):
        return self.ad.X.shape[0]
    def __getitem__(self,i):
        row=self.ad.X[i]
        row=row.astype(np.float32)
        row_t=torch.from_numpy(row)
        return row_t
    def gene_count(self):
        return len(self.ad.var)
    def cell_count(self):
        return len(self.ad.obs)
