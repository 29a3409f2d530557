import numpy as np
from torch.utils.data import Dataset
import torch

from datasets.utils import grid_corners, crop_at_corner, keep_nonempty_corners

class KidneyPatchValidSet(Dataset):
    def __init__(self, patches, masks,patch_size,stride_size, transformations=None):
        self.patches = patches
        self.masks = masks
        self.patch_size = patch_size
        self.corners = grid_corners(patches, patch_size=patch_size, stride=stride_size)
        self.corners = keep_nonempty_corners(self.corners, masks, patch_size,threshold=0)
        self.transformations = transformations
        
    def __len__(self):
        return len(self.corners)

    def __getitem__(self, i):
        img = crop_at_corner(self.patches,self.corners[i],patch_size=self.patch_size)
        msk = crop_at_corner(self.masks,self.corners[i],patch_size=self.patch_size)
        
        img = np.expand_dims(img,0)
        msk = np.expand_dims(msk,0)
        
        sample = {'image':img,'mask': msk}
        if self.transformations:
            sample = self.transformations(**sample)
            
        sample['image']=(sample['image'] - sample['image'].mean()) / (sample['image'].std() + 0.0001)

        sample['image'] = torch.tensor(sample['image'], dtype=torch.float)
        sample['mask'] = torch.tensor(sample['mask'], dtype=torch.float)
        return sample
