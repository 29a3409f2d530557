''' S3DIS rooms that were aligned, thinned and cut into slices beforehand.
    Serves single slices for train/test and, through
    get_random_partitioned_space(), every slice of one room at once.
    '''

import os
from glob import glob
import random
import numpy as np
import torch
from torch.utils.data import Dataset


class S3DIS(Dataset):
    def __init__(self, root, area_nums, split='train', npoints=4096, r_prob=0.25, include_rgb=False):
        self.root = root
        self.area_nums = area_nums      # e.g. [1, 2, 4]
        self.split = split.lower()      # 'test' turns augmentation off
        self.npoints = npoints          # None keeps every point
        self.r_prob = r_prob            # chance of a random rotation
        self.include_rgb = include_rgb  # return xyz+rgb instead of xyz

        areas = []
        for area_num in area_nums:
            # folders of the requested areas
            areas.append(glob(os.path.join(root, f'Area_[{area_num}]*')))

        # fail early on a bad root
        for path in areas:
            if len(path) == 0:
                raise FileNotFoundError("NO VALID FILEPATHS FOUND!")

        for path in areas:
            if not os.path.exists(path[0]):
                raise FileNotFoundError(f"PATH NOT VALID: {path[0]} \n")

        # one text file per slice
        self.data_paths = []
        for path in areas:
            for area in path:
                self.data_paths += glob(os.path.join(area, '**\*.txt'), 
                                        recursive=True)

        # ids of whole rooms (area\\room_name_)
        self.space_ids = []
        for fp in self.data_paths:
            area, space = fp.split('\\')[-2:]
            space_id = '\\'.join([area, '_'.join(space.split('_')[:2])]) + '_'
            self.space_ids.append(space_id)

        self.space_ids = list(set(self.space_ids))

    def __getitem__(self, idx):
        space_data = np.loadtxt(self.data_paths[idx])
        if self.include_rgb:
            points = space_data[:, :6]      # xyz + rgb
        else:
            points = space_data[:, :3]      # xyz only
        targets = space_data[:, 6]      # class id column

        # fixed number of points
        if self.npoints:
            points, targets = self.downsample(points, targets)

        # augmentation for training only
        if self.split != 'test':
            # small gaussian jitter
            points += np.random.normal(0., 0.01, points.shape)

            # occasional rotation
            if np.random.uniform(0, 1) > 1 - self.r_prob:
                points = self.random_rotate(points)


        # scale into the unit cube
        points = self.normalize_points(points)

        # numpy -> torch
        points = torch.from_numpy(points).type(torch.float32)
        targets = torch.from_numpy(targets).type(torch.LongTensor)

        return points, targets

    def get_random_partitioned_space(self):
        ''' Returns all slices of one randomly chosen room as a batch
            (batch size = number of slices). Used for testing only.
            '''

        # pick a room
        idx = random.randint(0, len(self.space_ids) - 1)
        space_id = self.space_ids[idx]

        # its slice files
        space_paths = []
        for fpath in self.data_paths:
            if space_id in fpath:
                space_paths.append(fpath)
        
        # default size when none was given
        if not self.npoints:
            self.npoints = 20000

        points = np.zeros((len(space_paths), self.npoints, 3))
        targets = np.zeros((len(space_paths), self.npoints))

        # fill the batch
        for i, space_path in enumerate(space_paths):
            space_data = np.loadtxt(space_path)
            _points = space_data[:, :3] # xyz
            _targets = space_data[:, 3] # class ids

            _points, _targets = self.downsample(_points, _targets)

            points[i] = _points
            targets[i] = _targets

        points = torch.from_numpy(points).type(torch.float32)
        targets = torch.from_numpy(targets).type(torch.LongTensor)

        return points, targets

    def downsample(self, points, targets):
        if len(points) > self.npoints:
            choice = np.random.choice(len(points), self.npoints, replace=False)
        else:
            # too few points: sample with repetition
            choice = np.random.choice(len(points), self.npoints, replace=True)
        points = points[choice, :] 
        targets = targets[choice]

        return points, targets

    @staticmethod
    def random_rotate(points):
        ''' Random rotation about the vertical axis only. '''
        phi = np.random.uniform(-np.pi, np.pi)
        theta = np.random.uniform(-np.pi, np.pi)
        psi = np.random.uniform(-np.pi, np.pi)

        rot_x = np.array([
            [1,              0,                 0],
            [0, np.cos(phi), -np.sin(phi)],
            [0, np.sin(phi), np.cos(phi) ]])

        rot_y = np.array([
            [np.cos(theta),  0, np.sin(theta)],
            [0,                 1,                0],
            [-np.sin(theta), 0, np.cos(theta)]])

        rot_z = np.array([
            [np.cos(psi), -np.sin(psi), 0],
            [np.sin(psi), np.cos(psi),  0],
            [0,              0,                 1]])

        return np.matmul(points, rot_z)

    @staticmethod
    def normalize_points(points):
        ''' Per-axis min/max scaling to [0, 1]. '''
        points = points - points.min(axis=0)
        points /= points.max(axis=0)

        return points

    def __len__(self):
        return len(self.data_paths)
