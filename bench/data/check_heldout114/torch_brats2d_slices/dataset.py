from pathlib import Path

import numpy as np
import pandas as pd
import torch
from monai.transforms import (
    CastToTyped,
    Compose,
    RandFlipd,
    RandRotated,
    SpatialPadd,
)
from torch.utils.data import Dataset


class GliomaSliceSet(Dataset):
    """
    Axial glioma slices stored one per compressed .npz file: a 4-channel
    image (T1, T1c, T2, FLAIR) and the matching tumour mask.
    """
    def __init__(self, manifest_csv: str, split: str = "train", transforms=None):
        super().__init__()
        self.manifest_csv = Path(manifest_csv).resolve()
        self.split = split
        self.root = self.manifest_csv.parent
        
        # read the manifest and keep this split's rows
        if not self.manifest_csv.exists():
            raise FileNotFoundError(f"Manifest missing: {self.manifest_csv}")
            
        table = pd.read_csv(self.manifest_csv)
        self.rows = table[table["split"] == self.split].to_dict(orient="records")
        
        self.transforms = transforms if transforms is not None else self.default_transforms()
        
    def default_transforms(self):
        """Padding, light augmentation for training, dtype cast."""
        if self.split == "train":
            return Compose([
                SpatialPadd(keys=["image", "label"], spatial_size=(240, 240)),
                # random 2-D augmentation
                RandFlipd(keys=["image", "label"], prob=0.5, spatial_axis=0),
                RandFlipd(keys=["image", "label"], prob=0.5, spatial_axis=1),
                RandRotated(keys=["image", "label"], range_x=0.3, prob=0.5, mode=("bilinear", "nearest")),
                CastToTyped(keys=["image", "label"], dtype=(torch.float32, torch.float32)),
            ])
        else:
            # fixed pipeline for val / test
            return Compose([
                SpatialPadd(keys=["image", "label"], spatial_size=(240, 240)),
                CastToTyped(keys=["image", "label"], dtype=(torch.float32, torch.float32)),
            ])
            
    def __len__(self):
        return len(self.rows)
        
    def __getitem__(self, i):
        row = self.rows[i]
        case_id = row["patient_id"]
        
        # read one slice file
        slice_file = self.root / Path(row["file_path"]).name
        arrs = np.load(str(slice_file))
        
        img = arrs["image"]  # [4, H, W]
        seg = arrs["mask"]    # [H, W]
        
        # MONAI dictionary transforms want a dict;
        # mask gets a channel axis -> [1, H, W]
        sample = {
            "image": img,
            "label": np.expand_dims(seg, axis=0)
        }
        
        if self.transforms is not None:
            sample = self.transforms(sample)
            
        # tensors out
        return {
            "image": sample["image"],
            "label": sample["label"],
            "patient_id": case_id,
            "slice_index": row["slice_index"]
        }
