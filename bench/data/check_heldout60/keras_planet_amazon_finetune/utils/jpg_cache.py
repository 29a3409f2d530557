import numpy as np
import pandas as pd
import os
import h5py
import cv2
from tqdm import tqdm
from infrared import *
from utils.align import *

# TODO: read these from a settings file instead
root = 'D:/Downloads/amazon/'
cache_root = root + 'cache/'
train_jpg_pattern = 'train-jpg/{}.jpg'
test_jpg_pattern = 'test/test-jpg/{}.jpg'

train_cache_pattern = cache_root + 'train_set_dim{}_rgb.h5'
test_cache_pattern = cache_root + 'test_set_dim{}_rgb.h5'

# All tiles end up in RAM here; the full set is only practical when resized down.
# A batch-wise reader would avoid that, see the keras issue on big data sets:
# https://github.com/fchollet/keras/issues/1627
# and the ImageDataGenerator workaround discussed at
# https://stackoverflow.com/questions/44012828/using-imagedatagenerator-with-large-datasets

def read_train_tiles(frame, dim):
    """Use the h5 cache when present, otherwise decode the jpgs and fill the cache"""
    cache_file = train_cache_pattern.format(dim)
    if os.path.exists(cache_file):
        with h5py.File(cache_file, 'r') as h:
            tiles = h['training-x'][:]
            onehots = h['training-y'][:]
    else:
        tiles, onehots = decode_train_tiles(frame, dim)
        with h5py.File(cache_file, 'w') as h:
            h.create_dataset("training-x", data=tiles)
            h.create_dataset("training-y", data=onehots)
    return tiles, onehots

def read_train_targets_cached(frame, dim):
    """Targets only, from the cache."""
    cache_file = train_cache_pattern.format(dim)
    if os.path.exists(cache_file):
        with h5py.File(cache_file, 'r') as h:
            onehots = h['training-y'][:]
    else:
        raise ValueError('cache file missing')
    return onehots

def decode_train_tiles(frame, dim):
    """Decode every training jpg, resize it and build its 17-way multi-hot target.
    Rows come out in the order of the csv"""
    chain = lambda nested: [x for inner in nested for x in inner]
    tag_names = list(set(chain([s.split(' ') for s in frame['tags'].values])))
    tag_index = {s: j for j, s in enumerate(tag_names)}
    tile_list = []
    target_list = []

    for name, tag_str in tqdm(frame.values, miniters=1000):
        raw = cv2.imread(root + train_jpg_pattern.format(name))
        small = cv2.resize(raw, (dim, dim))
        hot = np.zeros(17)
        for s in tag_str.split(' '):
            hot[tag_index[s]] = 1 
        tile_list.append(small)
        target_list.append(hot)
    target_list = np.array(target_list, np.uint8) # small ints are enough
    tile_list = np.array(tile_list, np.uint8)
    print(tile_list.shape)
    print(target_list.shape)
    return tile_list, target_list


# the test set is bigger still
def read_test_tiles(frame, dim):
    """Use the h5 cache when present, otherwise decode the jpgs and fill the cache"""
    cache_file = test_cache_pattern.format(dim)
    if os.path.exists(cache_file):
        with h5py.File(cache_file, 'r') as h:
            tiles = h['test-x'][:]
    else:
        tiles = decode_test_tiles(frame, dim)
        with h5py.File(cache_file, 'w') as h:
            h.create_dataset("test-x",  data=tiles)
    return tiles

def decode_test_tiles(frame, dim):
    tile_list = []
    for name, tag_str in tqdm(frame.values, miniters=1000):
        raw = cv2.imread(root + test_jpg_pattern.format(name))
        small = cv2.resize(raw, (dim, dim))
        tile_list.append(small)
    tile_list = np.array(tile_list, np.uint8) # small ints are enough
    return tile_list

def read_test_slice_cached(dim, lo, hi):
    """one slice of the cached test tiles"""
    cache_file = test_cache_pattern.format(dim)
    if os.path.exists(cache_file):
        with h5py.File(cache_file, 'r') as h:
            tiles = h['test-x'][lo:hi]
    else:
        raise ValueError('cache file missing')
    return tiles

def train_cache_exists(dim):
    cache_file = train_cache_pattern.format(dim)
    return os.path.exists(cache_file)

def test_cache_exists(dim):
    cache_file = test_cache_pattern.format(dim)
    return os.path.exists(cache_file)

def train_cache_path(dim):
    return train_cache_pattern.format(dim)
