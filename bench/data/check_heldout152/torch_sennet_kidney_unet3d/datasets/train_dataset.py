import numpy as np
from torch.utils.data import Dataset
import torch

from datasets.utils import crop_at_corner, grid_corners, keep_nonempty_corners

class KidneyPatchTrainSet(Dataset):
    def __init__(self, patches, masks, patch_size, transformations=None):
        self.patches = patches
        self.masks = masks

        self.corners = grid_corners(patches,patch_size=patch_size,stride=(32,32,32))
        self.corners = keep_nonempty_corners(self.corners,
                                                           masks,patch_size=patch_size,threshold=50)

        self.patch_size = patch_size
        self.transformations = transformations
        
    def __len__(self):
        return len(self.corners)

    def __getitem__(self, i):
        img = crop_at_corner(self.patches,self.corners[i],patch_size=self.patch_size)
        msk = crop_at_corner(self.masks,self.corners[i], patch_size=self.patch_size)
        
        img = np.expand_dims(img,0)
        msk = np.expand_dims(msk,0)
    
        sample = {'image':img,'mask': msk}
        if self.transformations:
            sample = self.transformations(**sample)
        
        # per-patch standardisation
        sample['image']=(sample['image'] - sample['image'].mean()) / (sample['image'].std() + 0.0001)

        sample['image'] = torch.tensor(sample['image'], dtype=torch.float)
        sample['mask'] = torch.tensor(sample['mask'], dtype=torch.float)
        return sample
