#!/usr/bin/env python

import torch

from torch.utils.data import Dataset


class PlantDataset(Dataset):
    def __init__(self, images, labels, img_names, classes, transform=None):
        self.images = images
        self.labels = labels
        self.img_names = img_names
        self.classes = classes
        self.transform = transform

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        if torch.is_tensor(i):
            i = i.tolist()

        picture = self.images[i]
        target = self.labels[i]

        if self.transform:
            picture = self.transform(picture)
        return picture, target
