import cv2
import pandas as pd
import numpy as np

import torch
import torchvision.transforms as transforms
from torch.utils.data import Dataset

from . import MatrixOps as matOps

SIZE = 224

class ContrastiveDataset(Dataset):
    def __init__(self, csv_path, images_path, transform=None, resize=None):
        self.images_path = images_path
        self.csv_path = csv_path
        self.transform = transform
        self.resize = resize
        self.df = pd.read_csv(self.csv_path)
    
    def __getitem__(self, index):
        im_a = cv2.imread(self.images_path + self.df['image_1'][index])
        im_b = cv2.imread(self.images_path + self.df['image_2'][index])
        same = int(self.df['label'][index])

        im_a = cv2.cvtColor(im_a, cv2.COLOR_BGR2RGB)
        im_b = cv2.cvtColor(im_b, cv2.COLOR_BGR2RGB)

        if self.resize != None:
            im_a = cv2.resize(im_a, (self.resize[0], self.resize[1]))
            im_b = cv2.resize(im_b, (self.resize[0], self.resize[1]))

        im_a = self.transform(im_a)
        im_b = self.transform(im_b)
        
        return im_a, im_b, torch.from_numpy(np.array([same], dtype=np.float32))
    
    def __len__(self):
        return len(self.df)
        # return 1000

class TripletDataset(Dataset):
    def __init__(self, csv_path, images_path, transform=None, should_invert=True):
        self.images_path = images_path
        self.csv_path = csv_path
        self.transform = transform
        self.should_invert = should_invert
        self.df = pd.read_csv(self.csv_path)
    
    def __getitem__(self, index):
        anc = cv2.imread(self.images_path + self.df['anchor'][index])
        pos = cv2.imread(self.images_path + self.df['positif'][index])
        neg = cv2.imread(self.images_path + self.df['negatif'][index])

        anc = cv2.cvtColor(anc, cv2.COLOR_BGR2RGB)
        pos = cv2.cvtColor(pos, cv2.COLOR_BGR2RGB)
        neg = cv2.cvtColor(neg, cv2.COLOR_BGR2RGB)

        anc = self.transform(anc)
        pos = self.transform(pos)
        neg = self.transform(neg)
        
        return anc, pos, neg
    
    def __len__(self):
        return len(self.df)

class SinglePairDataset(Dataset):
    def __init__(self, img1, img2, width, height, transform=None):
        self.img1 = img1
        self.img2 = img2
        self.width = width
        self.height = height
        self.transform = transform

    def __getitem__(self, index):
        self.img1 = cv2.cvtColor(self.img1, cv2.COLOR_BGR2RGB)
        self.img2 = cv2.cvtColor(self.img2, cv2.COLOR_BGR2RGB)

        self.img1 = matOps.resize_no_distortion(img=self.img1, desired_width=self.width, desired_height=self.height)
        self.img2 = matOps.resize_no_distortion(img=self.img2, desired_width=self.width, desired_height=self.height)

        self.img1 = self.transform(self.img1)
        self.img2 = self.transform(self.img2)

        return self.img1, self.img2

    def __len__(self):
        return 1
