import os
import cv2
import numpy as np
import pandas as pd
import torch
import torch.nn as nn
import torchvision
import torchvision.transforms as transforms
from torch.utils.data import Dataset, DataLoader



class CactusTiles(Dataset):

    def __init__(self, folder, table, transform=None, labelled=True):
        super().__init__()

        self.folder = folder
        self.transform = transform
        self.table = table
        self.rows = pd.read_csv(table)
        self.labelled = labelled

    
    def __len__(self):
        return len(self.rows)

    
    def __getitem__(self, i):

        names = list(self.rows.iloc[:,0])

        if self.labelled:
            targets = list(self.rows.iloc[:,1])
            target = targets[i]

        name = names[i]
        
        path = os.path.join(self.folder, name)

        tile = cv2.imread(path)


        if self.transform is not None:
            tile = self.transform(tile)
        
        if self.labelled:
            return tile, target
        
        else:
            return tile



