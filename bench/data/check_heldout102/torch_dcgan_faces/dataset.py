import torchvision.transforms as transforms
import os
from torch.utils.data import Dataset
import numpy as np
from PIL import Image


class Dataset(Dataset):
    def __init__(self, folder, transforms):
        super(Dataset, self).__init__()
        self.folder = folder
        self.transforms = transforms
        self.names = os.listdir(self.folder)

        self.n = len(self.names)

    def __len__(self):
        return self.n

    def __getitem__(self, index):
        name = self.names[index]
        full = self.folder + '/' + name
        pic = Image.open(full)

        pic = self.transforms(pic)

        return pic
