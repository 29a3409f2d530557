import torch
import os
import numpy as np
from PIL import Image
from torch.utils.data.dataset import Dataset

class DatasetProcessingCIFAR_10(Dataset):
    def __init__(self, root, list_file, label_file, transform=None):
        self.root = root
        self.transform = transform
        # image names from the list file
        list_path = os.path.join(root, list_file)
        fh = open(list_path, 'r')
        self.names = [s.strip() for s in fh]
        fh.close()
        label_path = os.path.join(root, label_file)
        fh_lab = open(label_path, 'r')
        ys = [int(s.strip()) for s in fh_lab]
        fh_lab.close()
        self.ys = ys

    def __getitem__(self, i):
        im = Image.open(os.path.join(self.root, self.names[i]))
        im = im.convert('RGB')
        if self.transform is not None:
            im = self.transform(im)
        y = torch.LongTensor([self.ys[i]])
        return im, y, i
    def __len__(self):
        return len(self.names)

class DatasetProcessingNUS_WIDE(Dataset):
    def __init__(self, root, list_file, label_file, transform=None):
        self.root = root
        self.transform = transform
        list_path = os.path.join(root, list_file)
        fh = open(list_path, 'r')
        self.names = [s.strip() for s in fh]
        fh.close()
        label_path = os.path.join(root, label_file)
        self.ys = np.loadtxt(label_path, dtype=np.int64)

    def __getitem__(self, i):
        im = Image.open(os.path.join(self.root, self.names[i]))
        im = im.convert('RGB')
        if self.transform is not None:
            im = self.transform(im)
        y = torch.from_numpy(self.ys[i])
        return im, y, i
    def __len__(self):
        return len(self.names)

class DatasetProcessingMS_COCO(Dataset):
    def __init__(self, root, list_file, label_file, transform=None):
        self.root = root
        self.transform = transform
        list_path = os.path.join(root, list_file)
        fh = open(list_path, 'r')
        self.names = [s.strip() for s in fh]
        fh.close()
        label_path = os.path.join(root, label_file)
        self.ys = np.loadtxt(label_path, dtype=np.int64)

    def __getitem__(self, i):
        im = Image.open(os.path.join(self.root, self.names[i]))
        im = im.convert('RGB')
        if self.transform is not None:
            im = self.transform(im)
        y = torch.from_numpy(self.ys[i])
        return im, y, i
    def __len__(self):
        return len(self.names)
