import os
from pathlib import Path

import pandas as pd
from PIL import Image
from torch.utils.data import Dataset

root = Path("data")
sat_dir = root / "images"
mask_dir = root / "masks"
palette = pd.read_csv(root / "class_dict.csv")

# TODO: tidy these up
palette_rgb = [tuple(r[1:].tolist()) for _, r in palette.iterrows()]
class_names = palette["name"].tolist()
id_to_name = {k: nm for k, nm in enumerate(class_names)}


class LandTiles(Dataset):
    def __init__(
        self,
        sat_dir=sat_dir,
        mask_dir=mask_dir,
        transform=None,
        target_transform=None,
    ):
        self.tile_ids = [f.split("_")[0] for f in os.listdir(sat_dir)]
        self.sat_dir = sat_dir
        self.mask_dir = mask_dir
        self.transform = transform
        self.target_transform = target_transform

    def __len__(self):
        return len(self.tile_ids)

    def __getitem__(self, k):
        tid = self.tile_ids[k]
        sat_path = self.sat_dir / f"{tid}_sat.jpg"
        lab_path = self.mask_dir / f"{tid}_mask.png"
        sat = Image.open(sat_path)
        lab = Image.open(lab_path)

        if self.transform is not None:
            sat = self.transform(sat)
        if self.target_transform is not None:
            lab = self.target_transform(lab).squeeze().long()
        return sat, lab
