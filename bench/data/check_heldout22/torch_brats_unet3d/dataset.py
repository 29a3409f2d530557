import torch
import pandas as pd
import numpy as np
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader
import os
from glob import glob
import nibabel as nib
import pickle
from tqdm import tqdm
import random
from torchvision.transforms import transforms
from scipy import ndimage
import matplotlib.pyplot as plt

torch_device = 'cuda' if torch.cuda.is_available() else 'cpu'
def read_pickle_file(file_path):
    with open(file_path, 'rb') as handle:
        return pickle.load(handle)


class RangeScale(object):
    def __call__(self, item_dict):
        img = item_dict['image']
        label_arr = item_dict['label']
        hi = np.max(img)
        lo = np.min(img)
        img = (img - lo) / (hi - lo)

        return {'image': img, 'label': label_arr}


class FlipRandomly(object):
    def __call__(self, item_dict):
        img = item_dict['image']
        label_arr = item_dict['label']
        if random.random() < 0.5:
            img = np.flip(img, 0)
            label_arr = np.flip(label_arr, 0)
        if random.random() < 0.5:
            img = np.flip(img, 1)
            label_arr = np.flip(label_arr, 1)
        if random.random() < 0.5:
            img = np.flip(img, 2)
            label_arr = np.flip(label_arr, 2)

        return {'image': img, 'label': label_arr}


class CropRandomly(object):
    def __call__(self, item_dict):
        img = item_dict['image']
        label_arr = item_dict['label']
        h0 = random.randint(0, 240 - 128)
        w0 = random.randint(0, 240 - 128)
        d0 = random.randint(0, 160 - 128)

        img = img[h0: h0 + 128, w0: w0 + 128, d0: d0 + 128, ...]
        label_arr = label_arr[..., h0: h0 + 128, w0: w0 + 128, d0: d0 + 128]

        return {'image': img, 'label': label_arr}


class JitterIntensity(object):
    def __call__(self, item_dict, spread=0.1):
        img = item_dict['image']
        label_arr = item_dict['label']

        gain = np.random.uniform(1.0-spread, 1.0+spread, size=[1, img.shape[1], 1, img.shape[-1]])
        offset = np.random.uniform(-spread, spread, size=[1, img.shape[1], 1, img.shape[-1]])

        img = img*gain+offset

        return {'image': img, 'label': label_arr}


class RotateRandomly(object):
    def __call__(self, item_dict):
        img = item_dict['image']
        label_arr = item_dict['label']

        degrees = round(np.random.uniform(-10, 10), 2)
        img = ndimage.rotate(img, degrees, axes=(0, 1), reshape=False)
        label_arr = ndimage.rotate(label_arr, degrees, axes=(0, 1), reshape=False)

        return {'image': img, 'label': label_arr}


class PadDepth(object):
    def __call__(self, item_dict):
        img = item_dict['image']
        label_arr = item_dict['label']

        img = np.pad(img, ((0, 0), (0, 0), (0, 5), (0, 0)), mode='constant')
        label_arr = np.pad(label_arr, ((0, 0), (0, 0), (0, 5)), mode='constant')
        return {'image': img, 'label': label_arr}
    # depth 155 is padded to 160


class AsTensors(object):
    """numpy image/label pair -> torch tensors (channels first)."""
    def __call__(self, item_dict):
        img = item_dict['image']
        img = np.ascontiguousarray(img.transpose(3, 0, 1, 2))
        label_arr = item_dict['label']
        label_arr = np.ascontiguousarray(label_arr)

        img = torch.from_numpy(img).float()
        label_arr = torch.from_numpy(label_arr).long()

        return {'image': img, 'label': label_arr}


def train_transform(item_dict):
    pipeline = transforms.Compose([
        PadDepth(),
        # RotateRandomly() is left out: too slow
        CropRandomly(),
        FlipRandomly(),
        JitterIntensity(),
        AsTensors()
    ])

    return pipeline(item_dict)


def valid_transform(item_dict):
    pipeline = transforms.Compose([
        PadDepth(),
        # RangeScale() not used
        AsTensors()
    ])

    return pipeline(item_dict)


class VolumeDataset(Dataset):
    def __init__(self, pkl_dir, split_mode='train'):
        self.split_mode = split_mode
        self.file_paths = [os.path.join(pkl_dir) + fname for fname in os.listdir(pkl_dir)]

    def __getitem__(self, index):
        file_path = self.file_paths[index]
        if self.split_mode == 'train':
            img, label_arr = read_pickle_file(file_path)
            item_dict = {'image': img, 'label': label_arr}
            item_dict = train_transform(item_dict)
            return item_dict['image'].to(torch_device), item_dict['label'].to(torch_device)
        elif self.split_mode == 'valid':
            img, label_arr = read_pickle_file(file_path)
            item_dict = {'image': img, 'label': label_arr}
            item_dict = valid_transform(item_dict)
            return item_dict['image'].to(torch_device), item_dict['label'].to(torch_device)
        else:
            img = read_pickle_file(file_path + 'data_f32b0.pkl')
            img = np.pad(img, ((0, 0), (0, 0), (0, 5), (0, 0)), mode='constant')
            img = np.ascontiguousarray(img.transpose(3, 0, 1, 2))
            img = torch.from_numpy(img).float().to(torch_device)
            return img

    def __len__(self):
        return len(self.file_paths)

    def join_batch(self, batch):
        return [torch.cat(parts) for parts in zip(*batch)]



