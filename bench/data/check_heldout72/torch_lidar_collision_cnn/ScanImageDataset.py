import os
import pandas as pd
from torchvision.io import read_image
from torch.utils.data import Dataset
from torchvision import transforms

class ScanImageDataset(Dataset):
    def __init__(self, annotations_file, img_dir, transform=None, target_transform=None):
        self.rows = annotations_file
        self.img_dir = img_dir
        self.transform = transform
        self.target_transform = target_transform

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        path = os.path.join(self.img_dir, self.rows.iloc[i, 0]+'.png')
        img = read_image(path)
        target = self.rows.iloc[i, 1]


        if self.transform:
            img = self.transform(img)
        if self.target_transform:
            target = self.target_transform(target)
        return img, target
