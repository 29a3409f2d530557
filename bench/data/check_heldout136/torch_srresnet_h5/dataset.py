import torch.utils.data as data
import torch
import h5py

class H5PatchPairs(data.Dataset):
    def __init__(self, h5_path):
        super(H5PatchPairs, self).__init__()
        h5file = h5py.File(h5_path)
        self.lowres = h5file.get("data")
        self.highres = h5file.get("label")

    def __getitem__(self, i):
        return torch.from_numpy(self.lowres[i,:,:,:]).float(), torch.from_numpy(self.highres[i,:,:,:]).float()

    def __len__(self):
        return self.lowres.shape[0]
