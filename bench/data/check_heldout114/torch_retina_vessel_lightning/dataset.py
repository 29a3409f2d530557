from helpers import list_pairs
import numpy as np
import torch
from torch.utils.data import Dataset, DataLoader
import cv2 as cv
import pytorch_lightning as pl
from sklearn.model_selection import train_test_split
from torchvision.transforms import ToTensor


class FundusSet(Dataset):
    def __init__(self, img_paths, mask_paths, transform=None):
        self.img_paths = img_paths
        self.mask_paths = mask_paths
        self.as_tensor = ToTensor()
        self.transform = transform

    def __len__(self):
        return len(self.img_paths)

    def __getitem__(self, i):

        img = cv.imread(self.img_paths[i], cv.IMREAD_COLOR)
        img = cv.cvtColor(img, cv.COLOR_BGR2RGB)

        mu = img.mean(axis=(0, 1))
        sd = img.std(axis=(0, 1))
        img = (img - mu[None, None, :]) / sd[None, None, :]
        img = img.astype(np.float32)

        seg = cv.imread(self.mask_paths[i], cv.IMREAD_GRAYSCALE)
        seg[seg > 0] = 1
        seg = seg.astype(np.float32)

        if self.transform:
            out = self.transform(image=img, mask=seg)
            img, seg = out["image"], out["mask"]

        img_t = self.as_tensor(img)
        seg_t = self.as_tensor(seg)

        return img_t, seg_t


class FundusDataModule(pl.LightningDataModule):
    def __init__(self, root, train_transform, test_transform, batch_size):
        super().__init__()
        self.tr_imgs, self.tr_masks, self.te_imgs, self.te_masks = (
            list_pairs(root)
        )
        self.train_transform = train_transform
        self.test_transform = test_transform
        self.batch_size = batch_size

    def setup(self, stage=None):
        fit_imgs, val_imgs, fit_masks, val_masks = train_test_split(
            self.tr_imgs, self.tr_masks, test_size=0.25, random_state=5
        )

        self.fit_set = FundusSet(
            fit_imgs, fit_masks, transform=self.train_transform
        )
        self.val_set = FundusSet(
            val_imgs, val_masks, transform=self.test_transform
        )

        self.test_set = FundusSet(
            self.te_imgs, self.te_masks, transform=self.test_transform
        )

    def train_dataloader(self):
        return DataLoader(self.fit_set, batch_size=self.batch_size, shuffle=True)

    def val_dataloader(self):
        return DataLoader(self.val_set, batch_size=self.batch_size, shuffle=False)

    def test_dataloader(self):
        return DataLoader(self.test_set, batch_size=1, shuffle=False)
