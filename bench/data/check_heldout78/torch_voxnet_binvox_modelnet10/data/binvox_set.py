# coding: utf-8
import os
import sys
import numpy as np
import glob
import re
import torch
from torch.utils.data import Dataset, DataLoader
sys.path.insert(0, '../utils/')
sys.path.insert(0, './utils/')
import binvox_rw


class BinvoxTen(Dataset):
    def __init__(self, data_root, n_classes, idx2cls, split='train'):
        """
        Args:
            split (str, optional): which ModelNet10 split, 'train' or 'test'.
        """
        self.data_root = data_root
        self.n_classes = n_classes
        self.files = []
        self.name_to_id = {}
        for cid, cname in idx2cls.items():
            self.name_to_id.update({cname: cid})
            for path in glob.glob(os.path.join(data_root, cname, split, '*.binvox')):
                if re.match(r"[a-zA-Z]+_\d+.binvox", os.path.basename(path)):
                    self.files.append(path)
        print(self.name_to_id)

    def __getitem__(self, n):
        path = self.files[n]
        cname = re.split(r"_\d+\.binvox", os.path.basename(path))[0]
        cid = self.name_to_id[cname]
        with open(path, 'rb') as fh:
            occ = np.int32(binvox_rw.read_as_3d_array(fh).data)
            occ = occ[np.newaxis, :]

        item = {'voxel': occ, 'cls_idx': cid}

        return item

    def __len__(self):
        return len(self.files)


if __name__ == "__main__":
    names = {0: 'bathtub', 1: 'chair', 2: 'dresser', 3: 'night_stand',
             4: 'sofa', 5: 'toilet', 6: 'bed', 7: 'desk', 8: 'monitor', 9: 'table'}

    root = './ModelNet10'

    ds = BinvoxTen(data_root=root, n_classes=10, idx2cls=names, split='train')
    count = len(ds)

    occ, cid = ds[0]['voxel'], ds[1]['cls_idx']
    print(f"samples: {count}\nfirst grid: {occ}\nsecond label: {cid}")
