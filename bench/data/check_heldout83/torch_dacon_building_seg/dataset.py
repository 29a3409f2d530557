import cv2
import pandas as pd
import torch
from torch.utils.data import Dataset
import numpy as np
from utils import rle_decode 

class RooftopTiles(Dataset):
    def __init__(self, csv_file, transform=None, infer=False, args=None):
        self.table = pd.read_csv(csv_file)
        self.transform = transform
        self.infer = infer
        self.args = args

    def __len__(self):
        return len(self.table)

    def __getitem__(self, i):
        path = self.table.iloc[i, 1]
        img = cv2.imread(path)
        img = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)
        
        if self.infer:
            if self.transform:
                img = self.transform(image=img)['image']
            return img

        rle = self.table.iloc[i, 2]
        msk = rle_decode(rle, (img.shape[0], img.shape[1]))

        if self.transform:
            out = self.transform(image=img, mask=msk)
            img = out['image']
            msk = out['mask']
            return img, msk

    # per-class boolean planes from a colour label
    def one_hot_encode(self, lab, palette):
        """
        Turn an H x W (x 3) colour label into H x W x K booleans,
        one plane per palette entry.
        # Arguments
            lab: label image
            palette: list of colours

        # Returns
            H x W x K array, K = number of colours
            (one plane per colour, True where
            the pixel has that colour)
        """
        planes = []
        for c in palette:
            same = np.equal(lab, c)
            plane = np.all(same, axis=-1)
            planes.append(plane)
        planes = np.stack(planes, axis=-1)

        return planes
