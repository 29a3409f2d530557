import numpy as np
import torch

def gaf_image(v):
    v = torch.arccos(v)
    v = v.reshape(-1,1)+v
    v = torch.cos(v)
    return v

def gaf_to_series(m):
    diag = np.diag_indices_from(m)
    dv = m[diag]
    res = np.cos((np.arccos(dv)/2))
    return res

def minmax01(seq_all):
    return (seq_all - seq_all.min()) / (seq_all.max() - seq_all.min())