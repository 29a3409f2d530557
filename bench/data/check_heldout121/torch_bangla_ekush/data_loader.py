import torch
import numpy as np
from torch.autograd import Variable
from torch.utils.data import Dataset, DataLoader
import torch
import torchvision as tv
import pandas as pd
from matplotlib import image

from PIL import Image
import os
import pickle
import torchvision.transforms as transforms

from matplotlib import image
from PIL import Image
import torch
from numpy import asarray
import numpy as np
from skimage import io

def make_transform(hflip=False, normalize=True):
    steps = []
    if hflip: steps.append(transforms.RandomHorizontalFlip())
    steps.append(transforms.ToTensor())
    if normalize: steps.append(transforms.Normalize(mean=[0.456],
                             std=[0.229] ))

    tfm = transforms.Compose(steps)
    
    return tfm
    
class GlyphImages(torch.utils.data.Dataset):
    def __init__(self, frame, transform=None,loader=tv.datasets.folder.default_loader):
        self.frame = frame
        self.transform=transform
        self.paths= self.frame['image']
        self.ids= self.frame['ids']
        

    def __getitem__(self, idx):
        path = self.paths[idx]
        
        #pic = Image.open(path)#.reshape(1,28,28)
        pic = io.imread(path)
        pic = np.array(pic).reshape(1,28,28)
        #print(pic.shape)
        if self.transform is not None:
            pic = self.transform(pic)
            pic = pic.view(1,28,28)
        #print(pic.shape)
        cls = self.ids[idx]
        
        
        return pic, cls


    def __len__(self):
        n, _ = self.frame.shape
        return n
    

def make_loader( csv_path,batch_size=8, num_workers=4,transform=None,shuffle=False,):
 
    frame = pd.read_csv(csv_path)
    ds = GlyphImages(frame,transform)
    
    loader = torch.utils.data.DataLoader(ds,
                                           batch_size=batch_size,
                                           shuffle=shuffle)

    return loader
