# Dataset over the split HDF5 files of ABIDE summary volumes.
# Each item is read from the file on demand.

import os
import numpy as np
from torch.utils.data import Dataset, DataLoader
import torch
import h5py
import glob


class AbideVolumes(Dataset):
    """ root = folder holding the split files
        part = which split ("train", "validation", "test")
        key = which summary measure inside the file to use as input
    """
    def __init__(self, root, part, key):


        self._root = root
        self._part = part
        self._key = key

        self._index_files()

    # find the split file and count its samples
    def _index_files(self):

        self._files = glob.glob(os.path.join(self._root, '{}.hdf5'.format(self._part)))

        # sample count
        with h5py.File(self._files[0]) as h:
            self._per_file = len(h[self._key])
            self._count = len(self._files)*self._per_file

        # binary task
        self._labels_set = set([0,1])
        print('{} split files found: {}'.format(self._part, len(self._files)))
        print('{} samples found:     {}'.format(self._part, len(self)))
        print('{} classes:           {}\n'.format(self._part, len(self._labels_set)))

    def __len__(self):
        return self._count

    def __getitem__(self, i):

        with h5py.File(self._files[0], 'r') as h:
            vol = h[self._key][i]
            y = h['labels'][i]

        vol = torch.from_numpy(vol)
        vol = torch.squeeze(vol, -1)
        vol = torch.unsqueeze(vol, 0)
        y = torch.from_numpy(np.asarray(y, np.int64))
        return vol, y

    @property
    def classes(self):
        return self._labels_set

    @property
    def subset(self):
        return self._part

    @property
    def num_classes(self):
        return len(self._labels_set)
