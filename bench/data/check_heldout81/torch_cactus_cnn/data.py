import os
import cv2
import numpy as np
import pandas as pd
import torch
import torch.nn as nn
import torchvision
import torchvision.transforms as transforms
from torch.utils.data import Dataset, DataLoader



class CsvImageSet(Dataset):

    def __init__(self, img_root, csv_path, transform=None, train=True):
        super().__init__()

        self.img_root = img_root
        self.transform = transform
        self.csv_path = csv_path
        self.table = pd.read_csv(csv_path)
        self.train = train

    
    def __len__(self):
        return len(self.table)

    
    def __getitem__(self, i):

        names = list(self.table.iloc[:,0])

        if self.train:
            targets = list(self.table.iloc[:,1])
            target = targets[i]

        name = names[i]
        
        full_path = os.path.join(self.img_root, name)

        img = cv2.imread(full_path)


        if self.transform is not None:
            img = self.transform(img)
        
        if self.train:
            return img, target
        
        else:
            return img



