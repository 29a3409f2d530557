#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""
Tile dataset for LiDAR point classification.

Each tile is one .npy array of points (feature columns,
last column = class).

The whole split is read when the dataset is built;
points are drawn per tile in __getitem__.

(benchmark copy)
"""


import os
import sys
import glob
import threading
import h5py
import laspy
import numpy as np
import torch
from torch.utils.data import Dataset
from tqdm import tqdm
import prepare_data.pointcloud_util as util

class TileDataset(Dataset):
    """
    Tiles of an airborne LiDAR survey, split at random into train / held-out.

    ...
    Options
    ----------
    split: "train" or anything else for the held-out tiles
    data_root: folder with the Area_* tile files
    num_point: points drawn per tile
    use_all_points: keep every point of a tile
    validation_prop: share of tiles held out
    classes: class ids present in the labels
    """
    def __init__(self, split='train', data_root='', num_point=4096, 
                    use_all_points=False, validation_prop = 0.2, 
                    classes = [0, 1, 2, 3, 4]):
        super().__init__()
        self.num_point = num_point
        self.use_all_points = use_all_points
        self.validation_prop = validation_prop
        self.classes = classes
        tiles = sorted(os.listdir(data_root))
        tiles = [t for t in tiles if 'Area_' in t]

        held_out = np.random.choice(range(len(tiles)), int(np.floor(len(tiles) * self.validation_prop)), replace = False)
        if split == "train":
            chosen = [t for t in tiles if not any(['Area_{}'.format(h) in t for h in held_out])]
        else:
            chosen = [tiles[i] for i in held_out]
            
        self.tile_pts, self.tile_lbl = [], []
        self.tile_lo, self.tile_hi = [], []

        for index in tqdm(range(len(chosen)), "reading tiles"):
            tname = chosen[index]
            tpath = os.path.join(data_root, tname)
            arr = np.load(tpath)
            pts, yb = arr[:, 0:-1], arr[:, -1]
            lo, hi = np.amin(pts, axis=0)[:3], np.amax(pts, axis=0)[:3]
            self.tile_lo.append(lo), self.tile_hi.append(hi)

            self.tile_pts.append(np.reshape(pts, (1, pts.shape[0], pts.shape[1])))
            self.tile_lbl.append(np.reshape(yb, (1, yb.shape[0])))

        self.tile_pts = np.concatenate(self.tile_pts)
        self.tile_lbl = np.concatenate(self.tile_lbl)

        self.tile_ids = np.array([i for i in range(len(chosen))])

        print("{} tiles in the {} split".format(len(self.tile_ids), split))

    def create_train_mask(self, idx, n_draw, skip_classes = []):
        """Class-balanced 0/1 mask over one tile's points

        Args:
            idx: tile index
            n_draw: how many points may be switched on
            skip_classes: classes left out of the mask

        Returns:
            m: 1 where the point takes part in the loss
        """
        yb = self.tile_lbl[idx]
        per_class = np.zeros(len(self.classes))
        for i in range(len(self.classes)):
            per_class[i] = np.sum(yb == self.classes[i])
        rarest = min([per_class[i] for i in range(len(per_class)) if i not in skip_classes])
        per_cls = int(min(rarest, np.floor(n_draw/len(self.classes))))
        m = np.zeros(yb.shape)
        for label in self.classes:
            cls_idx = np.where(yb == label)[0]
            if len(cls_idx) > 0:
                if label in skip_classes:
                    continue
                picked = np.random.choice(cls_idx, per_cls, replace = False)
                m[picked] = 1
        return m

    def sample_points(self, idx, n_draw):
        """Draw point indices from one tile

        Args:
            idx: tile index
            n_draw: number of indices to draw

        Returns:
            sel: the drawn indices
        """
        yb = self.tile_lbl[idx]
        per_class = np.zeros(len(self.classes))
        for i in range(len(self.classes)):
            per_class[i] = np.sum(yb == self.classes[i])
            
        total = sum(per_class)
        inv = np.array([total - i for i in per_class])
        total = sum(inv)
        w = inv/total
        w.astype('float64')
        w /= w.sum()

        pt_w = np.zeros(len(yb))
        for i in range(len(yb)):
            pt_w[i] = w[int(yb[i])]
        pt_w /= pt_w.sum()
        if np.isnan(sum(pt_w)):
            pt_w = [1/len(yb) for i in range(len(yb))]

        all_idx = [i for i in range(len(yb))]

        # draw pts with rare classes favoured
        sel = np.random.choice(all_idx, n_draw, 
                                                p=pt_w, 
                                                replace=False)

        return sel


    def __getitem__(self, idx):  # one tile, subsampled
        tid = self.tile_ids[idx]
        pts = self.tile_pts[tid]   # N x C

        yb = self.tile_lbl[tid]   # N

        n_take = pts.shape[0]

        if not self.use_all_points:
            n_take = self.num_point

        # pick the pts
        sel = self.sample_points(idx, n_take)

        sel_pts = pts[sel, :]
        sel_lbl = yb[sel]

        return sel_pts, sel_lbl, idx

    def __len__(self):
        return len(self.tile_ids)


def pad_collate(xb):
    pts, yb, idxs = zip(*xb)
    n_pts = [pts[i].shape[0] for i in range(len(pts))]
    n_min = min(n_pts)
    bx = np.zeros((len(pts), n_min, pts[0].shape[1]))
    by = np.zeros((len(pts), n_min))
    for i in range(len(pts)):
        sub = np.random.choice(range(pts[i].shape[0]), 
                                            n_min, 
                                            replace = False)
        bx[i, :, :] = pts[i][sub, :]
        by[i, :] = yb[i][sub]

    return torch.tensor(bx), torch.tensor(by), torch.tensor(idxs)