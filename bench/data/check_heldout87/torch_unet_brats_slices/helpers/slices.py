import SimpleITK as sitk
import torch
from torch.utils import data
import numpy as np
import logging
import os
from numpy import newaxis


class SliceSet(data.Dataset):
    def __init__(self, names: str, root: str):
        self.names = names
        self.root = root

        logging.info(f'Slice set of {len(self.names)} items')

    def __len__(self):
        return len(self.names)

    def read_npy(self, name, root):
        arr = np.load(os.path.join(root, name))

        return arr

    def mask_name(self, name):
        parts = name.split('_')
        parts[-1] = '004.npy'

        out = ''

        for j in range(len(parts)):
            out = out + parts[j]
            if j < (len(parts)-1):
                out = out + '_'
        return out

    def __getitem__(self, idx):
        # pick the item
        img_name = self.names[idx]
        seg_name = self.mask_name(img_name)

        # read slice and its mask
        img = self.read_npy(img_name, self.root)
        img = img[newaxis, :, :]
        seg = self.read_npy(seg_name, self.root)
        return {
            'image':  torch.from_numpy(img).type(torch.FloatTensor),
            'mask':  torch.from_numpy(seg).type(torch.FloatTensor)
        }


class StackedSliceSet(data.Dataset):
    def __init__(self, names: str, root: str, convert_label: True):
        self.names = names
        self.root = root

        logging.info(f'Slice set of {len(self.names)} items')

    def __len__(self):
        return len(self.names)

    def read_npy(self, name, root):
        arr = np.load(os.path.join(root, name))
        return arr

    def read_modalities(self, img_name, root):
        t1 = self.read_npy(img_name+'_000.npy', self.root)
        t2 = self.read_npy(img_name+'_001.npy', self.root)
        t1ce = self.read_npy(img_name+'_002.npy', self.root)
        flair = self.read_npy(img_name+'_003.npy', self.root)

        t1 = t1[newaxis, :, :]
        t2 = t2[newaxis, :, :]
        t1ce = t1ce[newaxis, :, :]
        flair = flair[newaxis, :, :]

        out = np.concatenate((t1, t2, t1ce, flair))
        return out

    def mask_name(self, name):
        out = name + '_004.npy'
        return out

    def __getitem__(self, idx):
        # pick the item
        img_name = self.names[idx]
        seg_name = self.mask_name(img_name)

        # read slices and mask
        img = self.read_modalities(img_name, self.root)
        seg = self.read_npy(seg_name, self.root)

        return {
            'image':  torch.from_numpy(img).type(torch.FloatTensor),
            'mask':  torch.from_numpy(seg).type(torch.FloatTensor)
        }


class RelabelledSliceSet(data.Dataset):
    def __init__(self, names: str, root: str, convert_label: True):
        self.names = names
        self.root = root

        logging.info(f'Slice set of {len(self.names)} items')

    def __len__(self):
        return len(self.names)

    def read_npy(self, name, root):
        arr = np.load(os.path.join(root, name))

        # label 4 becomes 3
        arr[arr == 4] = 3
        return arr

    def read_modalities(self, img_name, root):
        t1 = self.read_npy(img_name+'_000.npy', self.root)
        t2 = self.read_npy(img_name+'_001.npy', self.root)
        t1ce = self.read_npy(img_name+'_002.npy', self.root)
        flair = self.read_npy(img_name+'_003.npy', self.root)

        t1 = t1 / np.max(t1)
        t2 = t2 / np.max(t2)
        t1ce = t1ce / np.max(t1ce)
        flair = flair / np.max(flair)

        t1 = t1[newaxis, :, :]
        t2 = t2[newaxis, :, :]
        t1ce = t1ce[newaxis, :, :]
        flair = flair[newaxis, :, :]

        out = np.concatenate((t1, t2, t1ce, flair))
        return out

    def mask_name(self, name):
        out = name + '_004.npy'
        return out

    def __getitem__(self, idx):
        # pick the item
        img_name = self.names[idx]
        seg_name = self.mask_name(img_name)

        # read slices and mask
        img = self.read_modalities(img_name, self.root)
        seg = self.read_npy(seg_name, self.root)

        return {
            'image':  torch.from_numpy(img).type(torch.FloatTensor),
            'mask':  torch.from_numpy(seg).type(torch.FloatTensor)
        }
