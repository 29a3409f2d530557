import torch
from torch.utils.data import Dataset, DataLoader
import torchvision.transforms as transforms
from PIL import Image
import numpy as np

class ToSymmetric(object):
    """ Map a [0, 1] tensor onto [-1, 1]"""

    def __call__(self, image):
        return (image.float() - 0.5) / 0.5

class DoodleSet(Dataset):


    def __init__(self, datapath, targetpath, transform=None):
        super(DoodleSet, self).__init__()
        self.pixels = np.load(datapath)
        self.pixels = np.expand_dims(self.pixels, axis=1)
        self.classes = torch.tensor(np.load(targetpath)).long()
        self.transform = transform

    def __getitem__(self, index):
        x = self.pixels[index]
        y = self.classes[index]

        if self.transform:
            pic = Image.fromarray(x.reshape(28,28).astype(np.uint8), 'L')
            x = self.transform(pic)
        
        return x, y
    
    def __len__(self):
        return len(self.pixels)
