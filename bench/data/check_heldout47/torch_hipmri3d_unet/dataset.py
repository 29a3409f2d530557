import os, glob
from typing import Tuple, List
import numpy as np
import nibabel as nib
import torch
from torch.utils.data import Dataset
from scipy.ndimage import zoom

def labels_onehot(seg: np.ndarray, n_cls: int) -> np.ndarray:
    out = np.zeros((n_cls,)+seg.shape, dtype=np.float32)
    for c in range(n_cls): out[c][seg==c] = 1.0
    return out

def rescale_vol(vol: np.ndarray, new_shape: Tuple[int,int,int], order: int) -> np.ndarray:
    """Resample a (D,H,W) volume; order 1 for intensities, 0 for label maps."""
    ratios = [o/i for o,i in zip(new_shape, vol.shape)]
    return zoom(vol, ratios, order=order)

class ProstateVolumes(Dataset):
    """
    root holds two folders:
      semantic_MRs/*.nii.gz            (MR volumes)
      semantic_labels_only/*.nii.gz    (matching label volumes)
    Each item: image (1,D,H,W) float32, one-hot labels (K,D,H,W)
    """
    def __init__(self, root: str, split: str, n_cls: int=2,
                 out_shape: Tuple[int,int,int]=(64,128,128)):
        # ordered 80/10/10 split by file position
        mr_files = sorted(glob.glob(os.path.join(root, "semantic_MRs", "*.nii*")))
        seg_files = sorted(glob.glob(os.path.join(root, "semantic_labels_only", "*.nii*")))
        assert len(mr_files)==len(seg_files)>0, "no volume pairs under root"

        n = len(mr_files)
        if split=="train":     self.pairs = list(zip(mr_files[:int(0.8*n)], seg_files[:int(0.8*n)]))
        elif split=="validate":self.pairs = list(zip(mr_files[int(0.8*n):int(0.9*n)], seg_files[int(0.8*n):int(0.9*n)]))
        else:                  self.pairs = list(zip(mr_files[int(0.9*n):], seg_files[int(0.9*n):]))
        self.n_cls = n_cls
        self.shape = out_shape

    def __len__(self): return len(self.pairs)

    def __getitem__(self, i):
        mr_path, seg_path = self.pairs[i]
        vol = nib.load(mr_path).get_fdata(caching='unchanged')     # one volume read per item
        seg = nib.load(seg_path).get_fdata(caching='unchanged')    # integer labels, same grid

        # put depth first
        if vol.shape[0] != vol.shape[-1]:  # crude orientation guess
            vol = np.moveaxis(vol, -1, 0)    # (D,H,W)
            seg = np.moveaxis(seg, -1, 0)
        else:
            vol = np.transpose(vol, (2,0,1)); seg = np.transpose(seg, (2,0,1))

        # z-score, then resample to the fixed grid
        vol = vol.astype(np.float32)
        vol = (vol - vol.mean()) / (vol.std() + 1e-6)
        vol_r = rescale_vol(vol, self.shape, order=1)
        seg_r = rescale_vol(seg, self.shape, order=0).astype(np.uint8)

        xt = torch.from_numpy(vol_r[None, ...])                    # (1,D,H,W)
        yt = torch.from_numpy(labels_onehot(seg_r, self.n_cls)) # (K,D,H,W)
        return xt, yt
