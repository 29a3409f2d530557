import os
import cv2
import numpy as np
from torch.utils.data import Dataset
from PIL import Image
from albumentations import Compose
from albumentations.pytorch import ToTensorV2

class TileSegDataset(Dataset):
    def __init__(self, image_arr, mask_arr, aug_fn=None):
        self.image_tiles = image_arr
        self.mask_tiles = mask_arr
        self.aug = aug_fn

    def __len__(self):
        return len(self.image_tiles)

    def __getitem__(self, tile_idx):
        img_tile = self.image_tiles[tile_idx]
        mask_tile = self.mask_tiles[tile_idx]
        if self.aug:
            aug_out = self.aug(image=img_tile, mask=mask_tile)
            img_tile = aug_out['image']
            mask_tile = aug_out['mask']
        return img_tile, mask_tile