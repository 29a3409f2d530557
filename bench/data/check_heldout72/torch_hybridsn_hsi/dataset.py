import torch
from torch.utils.data import Dataset
import numpy as np
import random


class PatchCubeSet(Dataset):

    def __init__(self,cube_file,label_file):
        cubes = np.load(cube_file)
        labels = np.load(label_file)
        self.len = cubes.shape[0]
        self.x_data = torch.FloatTensor(cubes)
        self.y_data = torch.LongTensor(labels)

    def __getitem__(self, i):
        # one cube and its class
        return self.x_data[i], self.y_data[i]

    def __len__(self):
        # number of cubes
        return self.len



if __name__ == "__main__":



    cube_set = PatchCubeSet('../data/sim_data/X_train.npy',
                         '../data/sim_data/y_train.npy')

    print("cube count:", len(cube_set))
    cube_loader = torch.utils.data.DataLoader(dataset=cube_set,
                                               batch_size=128,
                                               shuffle=False,
                                          )
    batch_size = 1024
    for spectra, label in cube_loader:
        # print(spectra.reshape(batch_size, 1, -1).shape)
        print(spectra.shape)
        print(label)
