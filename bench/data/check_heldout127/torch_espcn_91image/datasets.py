import h5py
import numpy as np
from torch.utils.data import Dataset


class TrainDataset(Dataset):
    def __init__(self, store_path):
        super(TrainDataset, self).__init__()
        self.store_path = store_path

    def __getitem__(self, i):
        with h5py.File(self.store_path, 'r') as fh:
            return np.expand_dims(fh['lr'][i] / 255., 0), np.expand_dims(fh['hr'][i] / 255., 0)

    def __len__(self):
        with h5py.File(self.store_path, 'r') as fh:
            return len(fh['lr'])


class EvalDataset(Dataset):
    def __init__(self, store_path):
        super(EvalDataset, self).__init__()
        self.store_path = store_path

    def __getitem__(self, i):
        with h5py.File(self.store_path, 'r') as fh:
            return np.expand_dims(fh['lr'][str(i)][:, :] / 255., 0), np.expand_dims(fh['hr'][str(i)][:, :] / 255., 0)

    def __len__(self):
        with h5py.File(self.store_path, 'r') as fh:
            return len(fh['lr'])
