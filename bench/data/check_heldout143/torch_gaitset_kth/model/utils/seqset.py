import torch.utils.data as tordata
import numpy as np
import os.path as osp
import os
import pickle
import cv2
import xarray as xr


class SeqSet(tordata.Dataset):
    def __init__(self, seq_dir, label, seq_type, view, cache, resolution):
        self.seq_dir = seq_dir
        self.view = view
        self.seq_type = seq_type
        self.label = label
        self.cache = cache
        self.resolution = int(resolution)
        self.side_crop = int(float(resolution)/64*10)
        self.data_size = len(self.label)
        self.data = [None] * self.data_size
        self.frame_set = [None] * self.data_size

        self.label_set = set(self.label)
        self.seq_type_set = set(self.seq_type)
        self.view_set = set(self.view)
        grid = np.zeros((len(self.label_set),
                      len(self.seq_type_set),
                      len(self.view_set))).astype('int')
        grid -= 1
        self.index_dict = xr.DataArray(
            grid,
            coords={'label': sorted(list(self.label_set)),
                    'seq_type': sorted(list(self.seq_type_set)),
                    'view': sorted(list(self.view_set))},
            dims=['label', 'seq_type', 'view'])

        for k in range(self.data_size):
            who = self.label[k]
            cond = self.seq_type[k]
            vw = self.view[k]
            self.index_dict.loc[who, cond, vw] = k

    def load_all_data(self):
        for k in range(self.data_size):
            self.load_data(k)

    def load_data(self, k):
        return self.__getitem__(k)

    def __loader__(self, folder):
        return self.frames_to_xarray(
            folder)[:, :, self.side_crop:-self.side_crop].astype(
            'float32') / 255.0

    def __getitem__(self, k):
        # read (or reuse) one sequence
        if not self.cache:
            seqs = [self.__loader__(p) for p in self.seq_dir[k]]
            frames = [set(f.coords['frame'].values.tolist()) for f in seqs]
            frames = list(set.intersection(*frames))
        elif self.data[k] is None:
            seqs = [self.__loader__(p) for p in self.seq_dir[k]]
            frames = [set(f.coords['frame'].values.tolist()) for f in seqs]
            frames = list(set.intersection(*frames))
            self.data[k] = seqs
            self.frame_set[k] = frames
        else:
            seqs = self.data[k]
            frames = self.frame_set[k]

        return seqs, frames, self.view[
            k], self.seq_type[k], self.label[k],

    def frames_to_xarray(self, folder):
        names = sorted(list(os.listdir(folder)))
        silhouettes = [np.reshape(
            cv2.imread(osp.join(folder, nm)),
            [self.resolution, self.resolution, -1])[:, :, 0]
                      for nm in names
                      if osp.isfile(osp.join(folder, nm))]
        ids = list(range(len(silhouettes)))
        arr = xr.DataArray(
            silhouettes,
            coords={'frame': ids},
            dims=['frame', 'img_y', 'img_x'],
        )
        return arr

    def __len__(self):
        return len(self.label)
