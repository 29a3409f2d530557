from torchvision import datasets, transforms
from torchvision.transforms import functional as F
import torch
import numpy as np
import nibabel as nib
from torch.utils.data import Dataset
from PIL import Image
import os


class BRATS2018(Dataset):
    def __init__(self, root_dir, grade='HGG', data_set='train', seg_type='et', scan_type='t1ce', transform=None):
        """
        root_dir: folder holding the preprocessed BRATS2018 slices
        data_set: 'train' or 'val'
        scan_type: t1ce, flair, t2-flair or all
        seg_type: wt whole tumour, et enhancing tumour, tc tumour core
        transform: callable applied to (scan, label)
        """
        self.root_dir = os.path.expanduser(root_dir)
        self.data_set = data_set
        self.scan_type = scan_type
        self.seg_type = seg_type
        self.transform = transform
        
        self.base_dir = os.path.join(self.root_dir, 'SEG_{}/{}'.format(grade, self.data_set))
        list_file = os.path.join(self.root_dir, 'SEG_{}/{}.txt'.format(grade, self.data_set))
        with open(list_file, 'r') as fh:
            self.sample_list = [ln.strip() for ln in fh.readlines()]
        
        # each case should have four files in base_dir
        
    
    def __len__(self):
        return len(self.sample_list)

    
    def __getitem__(self, k):
        if self.scan_type == 't1ce':
            scan = np.load(os.path.join(self.base_dir, self.sample_list[k] + '_scan.npy'))[1]
            scan = np.expand_dims(scan, axis=0)
            assert scan.shape == (1, 240, 240)
        elif self.scan_type == 'flair':
            scan = np.load(os.path.join(self.base_dir, self.sample_list[k] + '_scan.npy'))[3]
            scan = np.expand_dims(scan, axis=0)
            assert scan.shape == (1, 240, 240)
        elif self.scan_type == 't2-flair':
            scan = np.load(os.path.join(self.base_dir, self.sample_list[k] + '_scan.npy'))[2:]
            assert scan.shape == (2, 240, 240)
        else:
            scan = np.load(os.path.join(self.base_dir, self.sample_list[k] + '_scan.npy'))
            assert scan.shape == (4, 240, 240)
        
        lbl = np.load(os.path.join(self.base_dir, self.sample_list[k] + '_{}.npy'.format(self.seg_type)))
        
        pair = (scan, lbl)
        
        if self.transform is not None:
            pair = self.transform(pair)
        
        return pair




# sample transforms
class ToTensor():
    """
    numpy pair to tensors
    """
    def __call__(self, pair):
        scan, lbl = pair
        
        scan = torch.from_numpy(scan).float()
        lbl = torch.from_numpy(lbl).to(torch.int64)
        
        return scan, lbl
    

class NormalizeBRATS():
    """
    per-channel z-score of the scan
    """
    def __call__(self, pair):
        scan, lbl = pair
        
        mu = np.mean(scan, axis=(1, 2), keepdims=True)
        sd = np.std(scan, axis=(1, 2))
        
        safe_sd = np.array([1 if s == 0. else s for s in sd])
        safe_sd = np.expand_dims(safe_sd, axis=1)
        safe_sd = np.expand_dims(safe_sd, axis=2)
        
        scan = (scan - mu) / safe_sd
        
        return scan, lbl


class ZeroPad():
    """
    pad scan and label from 240 to 256
    """
    def __call__(self, pair):
        scan, lbl = pair
        
        scan = np.pad(scan, pad_width=((0, 0), (8, 8), (8, 8)), mode='constant', constant_values=((0, 0), (0, 0), (0, 0)))
        lbl = np.pad(lbl, pad_width=((8, 8), (8, 8)), mode='constant', constant_values=((0, 0), (0, 0)))
        
        return scan, lbl

class ToTensorVal():
    """
    numpy scan to tensor
    """
    def __call__(self, scan):
        scan = torch.from_numpy(scan).float()
        
        return scan


class NormalizeBRATSVal():
    """
    per-channel z-score of the scan
    """
    def __call__(self, scan):
        mu = np.mean(scan, axis=(1, 2), keepdims=True)
        sd = np.std(scan, axis=(1, 2))
        
        safe_sd = np.array([1 if s == 0. else s for s in sd])
        safe_sd = np.expand_dims(safe_sd, axis=1)
        safe_sd = np.expand_dims(safe_sd, axis=2)
        
        scan = (scan - mu) / safe_sd
        
        return scan


class ZeroPadVal():
    """
    pad the scan from 240 to 256
    """
    def __call__(self, scan):
        scan = np.pad(scan, pad_width=((0, 0), (8, 8), (8, 8)), mode='constant', constant_values=((0, 0), (0, 0), (0, 0)))
        
        return scan