from torch.utils.data import Dataset
import os
import nibabel as nib
from ..processing.preprocess import znorm_rescale, center_crop
import numpy as np
import torch

class GliomaCases(Dataset):
    """Reads BraTS cases (four MRI sequences, plus the mask when training) from disk.
    
    Args:
        root: folder holding one sub-folder per case.
        split: 'train' (mask included) or 'test'.
    """
    def __init__(self, root, split):
        self.root = root
        self.case_ids = os.listdir(root)
        self.split = split

    def __len__(self):
        return len(self.case_ids)
    
    def open_volume(self, case_id, tag):        
        """Opens the NIfTI file of one sequence of one case."""

        fname = f'{case_id}-{tag}.nii.gz'
        fpath = os.path.join(self.root, case_id, fname)
        vol = nib.load(fpath)
        return vol
    
    def read_case(self, case_id):
        """Reads the four sequences of a case, and its mask in train mode."""

        sequences = []
        for tag in ['t1c', 't1n', 't2f', 't2w']:
            vol = self.open_volume(case_id, tag)
            arr = vol.get_fdata()
            sequences.append(arr)

        if self.split == 'train':
            mask_vol = self.open_volume(case_id, 'seg')
            mask = mask_vol.get_fdata()
            return sequences, mask
        elif self.split == 'test':
            return sequences
    
    def __getitem__(self, i):
        case_id = self.case_ids[i]

        # read the volumes of this case
        if self.split == 'train':
            vols, mask = self.read_case(case_id)
        elif self.split == 'test':
            vols = self.read_case(case_id)

        # z-score each sequence and rescale it
        vols = [znorm_rescale(v) for v in vols]

        # crop around the centre
        vols = [center_crop(v) for v in vols]

        vols = [v[None, ...] for v in vols]
        vols = [np.ascontiguousarray(v, dtype=np.float32) for v in vols]

        # to tensors
        vols = [torch.from_numpy(v) for v in vols]

        # the mask gets the same crop in train mode
        if self.split == 'train':
            mask = center_crop(mask)
            mask = mask[None, ...]
            mask = np.ascontiguousarray(mask)
            mask = torch.from_numpy(mask)

            return case_id, vols, mask
        
        elif self.split == 'test':
            return case_id, vols
