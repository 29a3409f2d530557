import os
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset
from torchvision import transforms
from PIL import Image


def list_images(dirs):
    exts = ('.png', '.PNG')
    found = []
    for d in dirs:
        for name in os.listdir(d):
            if name.endswith(exts):
                full = os.path.join(d, name)
                found.append(full)
    return found


def accuracy_of(net, loader, dev):
    net.eval()
    hits = 0
    seen = 0
    with torch.no_grad():
        for rep in range(5):
            for (x, y) in loader:
                x = x.to(dev)
                y = y.to(dev, dtype=torch.float)
                y = y.view(-1, 1)
                p = net(x)
                guess = (p.data > 0.5).float().to(dev)
                seen += y.size(0)
                hits += (guess == y).sum().item()
    net.train()
    return hits / seen

def split_lists(good_dirs, defect_dirs):
        good = list_images(good_dirs)
        bad = list_images(defect_dirs)
        
        return np.array(good), np.array(bad)

class DefectImages(Dataset):
    def __init__(self, good_dirs, defect_dirs):
        super(DefectImages, self).__init__()
        self.good = list_images(good_dirs)
        self.bad = list_images(defect_dirs)
        self.tf = transforms.Compose(
            [transforms.Resize([300, 300]), transforms.RandomCrop(256), transforms.RandomHorizontalFlip(), \
             transforms.ToTensor(), transforms.Normalize(mean=[0.5, 0.5, 0.5], std=[0.5, 0.5, 0.5])])

        self.good_y = [1 for _ in range(len(self.good))]
        self.bad_y = [0 for _ in range(len(self.bad))]

        self.files = self.good + self.bad * int(len(self.good_y) / len(self.bad_y))
        self.ys = self.good_y + self.bad_y * int(
            len(self.good_y) / len(self.bad_y))

    def __len__(self):
        return len(self.ys)

    def __getitem__(self, i):
        path = self.files[i]
        img = Image.open(path)

        if len(np.array(img).shape) == 2:
            img = img.convert(mode="RGB")

        img = self.tf(img)
        y = self.ys[i]
        return (img, y)
        

        
class DefectImagesActive(Dataset):
    def __init__(self, good, bad, unlabeled):
        super(DefectImagesActive, self).__init__()        
        self.tf = transforms.Compose(
            [transforms.Resize([300, 300]), transforms.RandomCrop(256), transforms.RandomHorizontalFlip(), \
             transforms.ToTensor(), transforms.Normalize(mean=[0.5, 0.5, 0.5], std=[0.5, 0.5, 0.5])])        
        
        self.good = good.tolist()
        self.bad = bad.tolist()
        
        self.good_y = [1 for _ in range(len(good))]
        self.bad_y = [0 for _ in range(len(bad))]        

        if unlabeled:
            rep=1
        else:
            rep= int(len(self.good_y) / len(self.bad_y))
        
        self.files = self.good + self.bad * rep
        self.ys = self.good_y + self.bad_y * rep

    def __len__(self):
        return len(self.ys)

    def __getitem__(self, i):
        path = self.files[i]
        img = Image.open(path)

        if len(np.array(img).shape) == 2:
            img = img.convert(mode="RGB")

        img = self.tf(img)
        y = self.ys[i]
        return (img, y)
