import h5py
import numpy as np
from torch.utils.data import Dataset


class H5TrainDataset(Dataset):
    def __init__(self, h5_path):
        super(H5TrainDataset, self).__init__()
        self.h5_path = h5_path

    def __getitem__(self, index):
        with h5py.File(self.h5_path, 'r') as h5:
            return np.expand_dims(h5['lr'][index] / 255., 0), np.expand_dims(h5['hr'][index] / 255., 0)

    def __len__(self):
        with h5py.File(self.h5_path, 'r') as h5:
            return len(h5['lr'])


class H5EvalDataset(Dataset):
    def __init__(self, h5_path):
        super(H5EvalDataset, self).__init__()
        self.h5_path = h5_path

    def __getitem__(self, index):
        with h5py.File(self.h5_path, 'r') as h5:
            return np.expand_dims(h5['lr'][str(index)][:, :] / 255., 0), np.expand_dims(h5['hr'][str(index)][:, :] / 255., 0)

    def __len__(self):
        with h5py.File(self.h5_path, 'r') as h5:
            return len(h5['lr'])
