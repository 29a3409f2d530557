import os
from torch.utils.data import Dataset
import numpy as np
import open3d as o3d
from scipy.ndimage import rotate
import torch
import random

def occupancy_to_tensor(grid, dims=(32, 32, 32)):
    cube = np.zeros(dims, dtype=np.float32)

    for cell in grid.get_voxels():
        i, j, k = cell.grid_index
        if 0 <= i < dims[0] and 0 <= j < dims[1] and 0 <= k < dims[2]:
            cube[i, j, k] = 1.0

    return torch.tensor(cube).unsqueeze(0)  # one channel in front: (1, D, H, W)

class RandomCubeFlips:
    def __init__(self, p_rot=0.8, p_flip=0.3):
        self.p_rot = p_rot
        self.p_flip = p_flip
    
    def __call__(self, t):
        # quarter turns around a random pair of spatial axes
        if random.random() < self.p_rot:
            turns = random.randint(0, 3)
            plane = random.choice([(1, 2), (1, 3), (2, 3)])
            t = torch.rot90(t, turns, plane)
        
        # mirror along one spatial axis
        if random.random() < self.p_flip:
            plane = random.choice([1, 2, 3])
            t = torch.flip(t, [plane])
        
        return t
    
class OccupancySet(Dataset):
    # indexes every grid file of one split; the grids themselves are read in __getitem__
    def __init__(self, base_dir, split="train", augment=None):
        if(split != "train" and split != "test"):
            raise ValueError(f"Unknown split {split}: expected 'train' or 'test'.")
        
        # one sub-folder per category
        self.categories = [name for name in sorted(os.listdir(base_dir))]
        self.category_ids = {self.categories[n]: n for n in range(len(self.categories))}

        # (path, label) records for every grid on disk
        self.records = []

        for cat in self.categories:
            split_dir = os.path.join(base_dir, cat, split)

            for fname in os.listdir(split_dir):
                rec = {}
                rec["path"] = os.path.join(split_dir, fname)
                rec["label"] = self.category_ids[cat]

                self.records.append(rec)

        self.augment = augment

    def __len__(self):
        return len(self.records)
    
    def num_classes(self):
        return len(self.categories)

    def __getitem__(self, n):
        grid = o3d.io.read_voxel_grid(self.records[n]["path"])
        target = self.records[n]["label"]

        # occupancy grid as a dense float cube
        cube = occupancy_to_tensor(grid)

        if self.augment:
            cube = self.augment(cube)  # torch-side random rotations/flips

        return cube, target

if __name__ == '__main__':
    print('grid data module')
