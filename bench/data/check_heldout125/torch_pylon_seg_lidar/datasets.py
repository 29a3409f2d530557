import json
import os
import csv
import torch.utils.data as data
import torch
import glob
import numpy as np
import pickle


class PylonCloudSet(data.Dataset):
    NUM_CLASSIFICATION_CLASSES = 2
    POINT_DIMENSION = 2

    def __init__(self, data_dir,
                 task='classification',
                 number_of_points=None,
                 number_of_windows=None,
                 files=None,
                 fixed_num_points=True,
                 c_sample=False):
        # label 0: no pylon in the cloud
        # label 1: pylon present
        self.dataset_folder = data_dir
        self.task = task
        self.n_points = number_of_points
        self.n_windows = number_of_windows
        self.files = files
        self.fixed_num_points = fixed_num_points
        self.classes_mapping = {}
        self.constrained_sampling = c_sample
        self.paths_files = [os.path.join(self.dataset_folder, f) for f in self.files]
        self._init_mapping()

    def __len__(self):
        return len(self.paths_files)

    def _init_mapping(self):

        for file in self.files:
            if 'pc_' in file:
                self.classes_mapping[file] = 0
            elif 'tower_' in file or 'powerline_' in file:
                self.classes_mapping[file] = 1

        self.len_towers = sum(value == 1 for value in self.classes_mapping.values())
        self.len_landscape = sum(value == 0 for value in self.classes_mapping.values())

    def __getitem__(self, index):
        """
        returns one cloud (fixed point count), its label(s) and its path
        index: position in the file list
        """
        fpath = self.paths_files[index]
        arr = self.prepare_data(fpath,
                               self.n_points,
                               fixed_num_points=self.fixed_num_points,
                               constrained_sample=self.constrained_sampling)
        lbl = self.get_labels(arr, self.classes_mapping[self.files[index]], self.task)
        arr = np.concatenate((arr[:, :3], arr[:, 4].unsqueeze(1), arr[:, 5:9], arr[:, 9].unsqueeze(1)), axis=1)
        return arr, lbl, fpath

    @staticmethod
    def prepare_data(pkl_path,
                     number_of_points=None,
                     fixed_num_points=True,
                     constrained_sample=False):

        with open(pkl_path, 'rb') as f:
            arr = pickle.load(f).astype(np.float32)  # N x 14 float columns

        # keep only points flagged for sampling
        if constrained_sample:
            arr = arr[arr[:, 10] == 1]  # column 10 is the flag

        # subsample to a fixed count
        if fixed_num_points and arr.shape[0] > number_of_points:
            idx = np.random.choice(arr.shape[0], number_of_points)
            arr = arr[idx, :]

        # or pad by repeating cloud
        elif fixed_num_points and arr.shape[0] < number_of_points:
            missing = number_of_points - arr.shape[0]
            rep_idx = np.random.randint(0, arr.shape[0], missing)
            pad = arr[rep_idx, :]
            arr = np.concatenate([arr, pad], axis=0)

        # rescale x and y to [-1, 1]
        arr[:, 0] = 2 * ((arr[:, 0] - arr[:, 0].min()) / (arr[:, 0].max() - arr[:, 0].min())) - 1
        arr[:, 1] = 2 * ((arr[:, 1] - arr[:, 1].min()) / (arr[:, 1].max() - arr[:, 1].min())) - 1

        arr = torch.from_numpy(arr)
        return arr

    @staticmethod
    def get_labels(arr,
                   cloud_cls,
                   task='classification'):
        """
        Build the target for one cloud.

        cloud task:
        0 = no pylon
        1 = pylon

        per-point task (class code / 100):
        0 = anything else
        1 = pylon
        2 = lines
        3 = low and medium plants
        4 = tall plants

        arr: N x C tensor of one cloud
        cloud_cls: label of the whole cloud
        task: which target to build

        returns the per-point ids or the cloud label
        """
        if task == 'segmentation':
            seg = arr[:, 3]
            seg[seg == 15] = 100
            seg[seg == 14] = 200
            seg[seg == 3] = 300  # low vegetation
            seg[seg == 4] = 300  # medium vegetation too
            seg[seg == 5] = 400
            seg[seg < 100] = 0
            seg = (seg / 100)

            # (two-class variant, unused)
            # seg[seg == 15] = 1
            # seg[seg != 15] = 0

            lbl = seg.type(torch.LongTensor)  # per-point class ids

        elif task == 'classification':
            lbl = cloud_cls  # one label per cloud

        return lbl
