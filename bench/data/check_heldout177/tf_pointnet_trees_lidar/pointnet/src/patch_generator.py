import glob
import json
import os
import sys
import time
from pathlib import PurePath

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import rasterio
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import backend as K

from src import ARGS, DATA_DIR, LIDAR_CHANNELS
from src.utils import rotate_pts, scale_meters_to_0_1

from common.data_handling import (Bounds, get_all_regions, get_naip_bounds,
                                  load_gt_trees, load_naip, get_tvt_split)
from common.utils import MyTimer

# height clip (metres) above which points are dropped
Z_MAX_CLIP = 50
# points lower than this are dropped
Z_MIN_CLIP = -10

# sub-patches overlap their neighbours by half
OVERLAP = 2

def subdivide_bounds(bounds_dict, n_subdivide):
    """
    split each full patch into a sliding window of smaller sub-patches whose
    side is 1/n_subdivide of the original
    """
    subdiv_bounds = {}
    for (region, patch_num), bounds in bounds_dict.items():
        left, right, bottom, top = bounds.xy_fmt()
        x_width = (right - left) / n_subdivide
        y_width = (top - bottom) / n_subdivide
        # e.g. left=0, right=100, subdivide=2, overlap=2 gives left edges
        # [0, 25, 50]: the two halves plus the window straddling them
        left_edges = np.linspace(left, right, (n_subdivide*OVERLAP)+1)[:-OVERLAP]
        bottom_edges = np.linspace(bottom, top, (n_subdivide*OVERLAP)+1)[:-OVERLAP]
        for i,y in enumerate(bottom_edges):
            for j,x in enumerate(left_edges):
                new_bounds = Bounds.from_minmax([x, y, x+x_width, y+y_width])
                subdiv_bounds[(region, patch_num, j, i)] = new_bounds
    return subdiv_bounds


def filter_pts(bounds_dict, points_dict, keyfunc):
    """
    cut point arrays down to bounds
        bounds_dict: sub-patch key -> bounds
        points_dict: (maybe coarser) key -> point array
        keyfunc: maps a bounds_dict key to its points_dict key
    """
    out = {}
    for key, bounds in bounds_dict.items():
        pts_key = keyfunc(key)
        pts = points_dict[pts_key]
        out[key] = bounds.filter_pts(pts)
    return out


class LidarPatchGen(keras.utils.Sequence):
    """
    keras Sequence serving batches of lidar sub-patches

    main attributes:
        valid_patch_ids: sub-patch ids usable as inputs (not dropped for too few points)
        bounds_full/subdiv: patch id -> Bounds for full and sub patches
        gt_full/subdiv: patch id -> ground-truth tree positions
        lidar_subdiv: patch id -> lidar points of that sub-patch
    """

    def __init__(self, patch_ids, name=None, batchsize=None, training=False):
        """
        patch_ids: list of (region, patch number) tuples
        name: "train", "val" or "test"
        batchsize: overrides ARGS.batchsize
        training: turns augmentation on
        also reads ARGS: batchsize, subdivide, npoints, handle_small, ...
        """
        self.name = name
        self.dsname = ARGS.dsname
        self.batch_size = ARGS.batchsize if batchsize is None else batchsize
        self.n_subdivide = ARGS.subdivide
        if ARGS.test:
            patch_ids = patch_ids[:10]
        self.orig_patch_ids = patch_ids
        self.regions = list(set([i[0] for i in self.orig_patch_ids]))
        self.y_counts_only = False
        self.nattributes = len(LIDAR_CHANNELS)
        self.npoints = ARGS.npoints
        self.batch_time = 0
        self.training = training

        # read everything
        print("preparing dataset", self.name, "...")
        self.init_data()

        # fixed order
        self.sorted()
        # seeded rng
        self.init_random()
        # reproducible shuffle
        self.random.shuffle(self.valid_patch_ids)


    def init_random(self):
        """(re)create the seeded random generator"""
        self.random = np.random.default_rng(seed=999)

    def init_data(self):
        self.init_random()

        LIDAR_DIR = DATA_DIR.joinpath("lidar", ARGS.dsname, "regions")
        NAIP_DIR = DATA_DIR.joinpath("NAIP_patches")

        # ground-truth tree locations
        self.gt_full = load_gt_trees(self.orig_patch_ids)

        # bounds and lidar of every full patch
        self.bounds_full = {}
        lidar_full = {}
        for (region,patch_num) in self.orig_patch_ids:
            self.bounds_full[(region,patch_num)] = get_naip_bounds(region, patch_num)
            lidarfile = LIDAR_DIR.joinpath(region, "lidar_patch_{}.npy".format(patch_num)).as_posix()
            pts = np.load(lidarfile)
            # remove outlier heights
            z = pts[:,2]
            pts = pts[(z > Z_MIN_CLIP) & (z <= Z_MAX_CLIP)]
            lidar_full[(region,patch_num)] = pts

        # sub-patch bounds
        self.bounds_subdiv = subdivide_bounds(self.bounds_full, self.n_subdivide)
        # lidar per sub-patch
        self.lidar_subdiv = filter_pts(self.bounds_subdiv, lidar_full, keyfunc=lambda key: (key[0], key[1]) ) # key -> (region, patch_num)
        # trees per sub-patch
        self.gt_subdiv = filter_pts(self.bounds_subdiv, self.gt_full, lambda key: (key[0], key[1]) ) # key -> (region, patch_num)
        # the full patches are no longer needed
        del lidar_full

        self.max_trees = max(len(x) for x in self.gt_subdiv.values())        

        # patches with too few points
        self.num_small_patches = 0
        self.num_pts_filled = 0
        self.max_pts_filled = 0
        self.smallest_patch = None
        # ids that survive
        self.valid_patch_ids = []
        for patch_id,pts in self.lidar_subdiv.items():
            if len(pts) < self.npoints:
                self.num_small_patches += 1
                needed = self.npoints - len(pts)
                # drop it
                if ARGS.handle_small == "drop":
                    continue
                # pad with -1000 points
                elif ARGS.handle_small == "fill":
                    filler_pts = np.full((needed, self.nattributes), -1000)
                    pts = np.concatenate([pts, filler_pts], axis=0)
                # repeat existing points
                elif ARGS.handle_small == "repeat":
                    selected = self.random.choice(pts, needed, axis=0)
                    pts = np.concatenate([pts, selected], axis=0)
                else:
                    raise ValueError("Unknown handle small '{}'".format(ARGS.handle_small))

                self.lidar_subdiv[patch_id] = pts

                self.num_pts_filled += needed
                if needed > self.max_pts_filled:
                    self.max_pts_filled = needed
                    self.smallest_patch = patch_id
            
            # kept
            self.valid_patch_ids.append(patch_id)
    
        self.num_ids = len(self.valid_patch_ids)

        # scale lidar to 0-1
        for patch_id,pts in self.lidar_subdiv.items():
            # clamp spectral no-data values
            spectral = pts[:,3:]
            spectral[spectral < -1] = -1.0
            pts[:,3:] = spectral
            mins, maxs = self.get_norm_data(patch_id)
            pts = (pts - mins) / (maxs - mins)
            self.lidar_subdiv[patch_id] = pts
        # scale ground truth the same way
        for patch_id,y_pts in self.gt_subdiv.items():
            mins, maxs = self.get_norm_data(patch_id)
            y_pts = (y_pts - mins[:2]) / (maxs[:2] - mins[:2])
            self.gt_subdiv[patch_id] = y_pts

        # batch shapes
        self.x_batch_shape = (self.batch_size, self.npoints, self.nattributes)
        if self.y_counts_only:
            self.y_batch_shape = (self.batch_size,)
        else:
            self.y_batch_shape = (self.batch_size, self.max_trees, 3) # (x, y, isvalid)

    def __len__(self):
        return self.num_ids // self.batch_size

    def __getitem__(self, idx, return_ids=False, no_rotate=False):
        """
        build batch number idx
        """
        t1 = time.perf_counter()
        idx = idx * self.batch_size
        end_idx = idx + self.batch_size

        X_batch = np.empty(self.x_batch_shape, dtype=K.floatx())
        Y_batch = np.zeros(self.y_batch_shape, dtype=K.floatx())

        for i, patch_key in enumerate(self.valid_patch_ids[idx:end_idx]):
            lidar_patch = self.lidar_subdiv[patch_key]
            # take <npoints> evenly strided points from a random offset
            # (a strided slice is much faster than fancy indexing)
            num_x_pts = lidar_patch.shape[0]
            step = num_x_pts // self.npoints
            leftover = num_x_pts % self.npoints
            if leftover == 0:
                rand_offset = 0
            else:
                rand_offset = self.random.integers(leftover)
            top_offset = leftover - rand_offset
            X_batch[i] = lidar_patch[rand_offset:num_x_pts-top_offset:step]
            
            # targets: positions or just counts
            y_pts = self.gt_subdiv[patch_key]
            n_y_pts = y_pts.shape[0]
            if self.y_counts_only:
                Y_batch[i] = n_y_pts
            else:
                Y_batch[i,:n_y_pts,2] = 1
                Y_batch[i,:n_y_pts,:2] = y_pts

        # shuffle point order (same permutation for every patch in the batch)
        self.random.shuffle(X_batch, axis=1)

        if self.training:
            if not no_rotate:
                # random multiple-of-90 rotation
                rot_degrees = self.random.choice([0, 90, 180, 270])
                X_batch = rotate_pts(X_batch, degrees=rot_degrees)
                if not self.y_counts_only:
                    Y_batch = rotate_pts(Y_batch, degrees=rot_degrees)
            # gaussian jitter
            if ARGS.noise_sigma is not None:
                # metres -> 0-1 units
                sigma = scale_meters_to_0_1(ARGS.noise_sigma, subdivide=self.n_subdivide)
                X_batch += self.random.normal(
                                        loc=0, 
                                        scale=sigma,
                                        size=self.x_batch_shape)

        x = tf.constant(X_batch, dtype=K.floatx())
        y = tf.constant(Y_batch, dtype=K.floatx())

        self.batch_time += time.perf_counter() - t1
        if return_ids:
            return x, y, self.valid_patch_ids[idx:end_idx]
        return x, y

    def load_all(self):
        """
        every batch concatenated into one tensor pair (keras here needs the
        validation data as arrays, not as a Sequence)
        """
        self.sorted()
        x_batches = []
        y_batches = []
        for i in range(len(self)):
            x, y = self[i]
            x_batches.append(x)
            y_batches.append(y)
        x = tf.concat(x_batches, axis=0)
        y = tf.concat(y_batches, axis=0)
        return x, y

    def get_patch(self, region, patch_num, subdiv_x, subdiv_y):
        """
        fetch one sub-patch by its coordinates
            region: region name
            patch_num: int
            subdiv_x/y: zero-based sub-patch indices
        returns X, Y, patch_id
        """
        # temporarily switch to sorted ids and batch size 1
        old_training = self.training
        old_ids = self.valid_patch_ids
        old_batchsize = self.batch_size
        self.training = False
        self.sorted()
        self.batch_size = 1
        key = (region, patch_num, subdiv_x, subdiv_y)
        index = self.valid_patch_ids.index(key)
        X, Y = self[index]
        # restore
        self.valid_patch_ids = old_ids
        self.batch_size = old_batchsize
        self.training = old_training
        return X[0], Y[0], key

    def get_naip(self, patch_id):
        """
        NAIP image (R, G, B, NIR in 0-1) for a full or sub patch id
        """
        bounds = self.get_patch_bounds(patch_id)
        region, patch_num = patch_id[:2]
        return load_naip(region, patch_num, bounds=bounds)


    def get_patch_bounds(self, patch_id):
        """
        patch_id: (region, patch_num[, ...])
        """
        try:
            return self.bounds_subdiv[patch_id]
        except KeyError:
            return self.bounds_full[patch_id]

    def get_batch_shape(self):
        """
        shapes of one x and y batch
        """
        print("Batch shape x:", self.x_batch_shape, "y:", self.y_batch_shape)
        return self.x_batch_shape, self.y_batch_shape

    def denormalize_pts(self, pts, patch_id):
        """
        undo the 0-1 scaling (back to map coordinates)
        """
        min_xyz, max_xyz = self.get_norm_data(patch_id)
        n_channels = pts.shape[-1]
        min_xyz = min_xyz[:n_channels]
        max_xyz = max_xyz[:n_channels]
        return (pts * (max_xyz - min_xyz)) + min_xyz

    def get_norm_data(self, patch_id):
        """
        per-channel minimum and maximum used for scaling
        (x, y, z, R, G, B, NIR, NDVI)
        """
        bound = self.get_patch_bounds(patch_id)
        min_x,min_y,max_x,max_y = bound.minmax_fmt()

               # x     y      z              r  g  b  nir ndvi
        mins = [min_x, min_y, 0]          + [0, 0, 0, 0, -1.0]
        maxs = [max_x, max_y, Z_MAX_CLIP] + [1, 1, 1, 1, 1.0]

        return np.array(mins), np.array(maxs)


    def summary(self):
        print("LidarPatchGen '{}' from dataset '{}' regions:".format(self.name, self.dsname),  ", ".join(self.regions))
        print(" ", self.num_ids, "patches, in", len(self), "batches, batchsize", self.batch_size)
        print(" ", self.npoints, "points per patch.")
        total_pts = sum([x.shape[0] for x in self.lidar_subdiv.values()])
        print(" ", "{:.3e}".format(total_pts), "potential input points in dataset (not all get used every epoch)")
        if ARGS.handle_small == "drop":
            print("   ", self.num_small_patches, "patches dropped for having too few lidar points")
        else:
            print(" ", self.num_small_patches, "patches had too few points, were filled/repeated")
            print("   ", self.num_pts_filled, "total pts added in patches")
            print("   ", "max points added:", self.max_pts_filled, "in", self.smallest_patch)
        try:
            print("  xbatch shape:", self.x_batch_shape)
            print("  ybatch shape:", self.y_batch_shape)
        except AttributeError:
            pass

    def on_epoch_end(self):
        print("avg batch time:", self.batch_time / len(self))
        print("total batch time:", self.batch_time)
        self.batch_time = 0
        self.random.shuffle(self.valid_patch_ids)

    def sorted(self):
        """sort ids for a reproducible order"""
        self.valid_patch_ids.sort()


def get_datasets(dsname, regions, sets=("train", "val", "test"), batchsize=None):
    """
    build a LidarPatchGen for each name in `sets` of data set `dsname`
    """
    timer = MyTimer()
    train, val, test = get_tvt_split(regions)

    result = []
    for name in sets:
        if name == "train":
            train_gen = LidarPatchGen(train, name="train", training=True, batchsize=batchsize)
            result.append(train_gen)
        elif name == "val":
            val_gen = LidarPatchGen(val, name="validation", batchsize=batchsize)
            result.append(val_gen)
        elif name == "test":
            test_gen = LidarPatchGen(test, name="test", batchsize=batchsize)
            result.append(test_gen)
        else:
            raise ValueError("Unknown ds set '{}'".format(name))
    
    timer.measure("dataset generation")

    return result
