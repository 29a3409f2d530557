import os, sys
root_dir = os.path.abspath(os.path.join('../../'))
if root_dir not in sys.path:
    sys.path.append(root_dir)

import re
import numpy as np
import torch
from torch.utils.data import Dataset
import h5py

from models.functions.helpers import Normalization


class WavefieldSampleSet(Dataset):
    def __init__(self, data_root, folders=['inputs3D_S32_Z32_T320_fmax5_train'], T_out=320, S_in=32, S_in_z=32, S_out=32, transform_a='normal', N=None):
        ''' 
        data_root: str, directory holding every data folder
        folders: list of str, sub-folders of data_root with the sample files
        T_out: int, time steps of the velocity outputs
        S_in: int, horizontal grid points of the material input
        S_in_z: int, vertical grid points of the material input
        S_out: int, horizontal grid points of the outputs
        transform_a: str, input normalisation: "normal" or "scalar_normal"
        N: int, keep only the first N samples
        '''
        self.data_root = data_root # root folder
        self.folders = folders # sub-folders with samples
        self.T_out = T_out # output time steps
        self.S_in = S_in # input horizontal grid
        self.S_in_z = S_in_z # input vertical grid
        self.S_out = S_out # output horizontal grid
        self.transform_a = transform_a # normalisation choice

        mu = np.load(data_root + folders[0] + '/a_mean.npy')
        sd = np.load(data_root + folders[0] + '/a_std.npy')

        if self.transform_a == 'scalar_normal':
            self.a_mean = np.mean(mu)
            self.a_std = np.mean(sd)
        else:
            self.a_mean = mu
            self.a_std = sd
        
        if self.transform_a == 'normal' or self.transform_a == 'scalar_normal':
            self.ANorm = Normalization(1, norm_type='normal', x_mean=self.a_mean, x_std=4*self.a_std) # first argument unused when mean/std are given

        # paths of all sample files
        self.sample_paths = []
        for folder in folders:
            names = os.listdir(self.data_root + folder)
            names = [nm for nm in names if nm[:6] == 'sample']
            if len(names) == 0:
                raise Exception(f"no samples in {self.data_root + folder}")
            names = sorted(names, key=lambda s: int(re.search(r'\d+', s).group()))
            self.sample_paths += [self.data_root+folder+'/'+nm for nm in names]

        if N is not None:
            self.sample_paths = self.sample_paths[:N]
        
    def __len__(self):
        return len(self.sample_paths)

    def __getitem__(self, idx):
        fh = h5py.File(self.sample_paths[idx], 'r')
        mat = fh['a'][:]
        if self.transform_a is not None:
            mat = self.ANorm.forward(mat)
        mat = np.expand_dims(mat, axis=3)
        
        vE = fh['uE'][:]
        vE = np.expand_dims(vE, axis=3)
        
        vN = fh['uN'][:]
        vN = np.expand_dims(vN, axis=3)
        
        vZ = fh['uZ'][:]
        vZ = np.expand_dims(vZ, axis=3)

        fh.close()
        
        return mat, vE, vN, vZ
