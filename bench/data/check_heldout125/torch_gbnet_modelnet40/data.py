#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""
point-set readers for the classifier
h5 shards are read into arrays
module: data.py
benchmark copy
"""


import os
import sys
import glob
import h5py
import numpy as np
from torch.utils.data import Dataset


def fetch_archive():
    HERE = os.path.dirname(os.path.abspath(__file__))
    STORE = os.path.join(HERE, 'data')
    if not os.path.exists(STORE):
        os.mkdir(STORE)
    if not os.path.exists(os.path.join(STORE, 'modelnet40_ply_hdf5_2048')):
        url = 'https://shapenet.cs.stanford.edu/media/modelnet40_ply_hdf5_2048.zip'
        archive = os.path.basename(url)
        os.system('wget %s; unzip %s' % (url, archive))
        os.system('mv %s %s' % (archive[:-4], STORE))
        os.system('rm %s' % (archive))


def read_split(partition):
    fetch_archive()
    HERE = os.path.dirname(os.path.abspath(__file__))
    STORE = os.path.join(HERE, 'data')
    chunks = []
    tags = []
    for shard in glob.glob(os.path.join(STORE, 'modelnet40_ply_hdf5_2048', 'ply_data_%s*.h5'%partition)):
        f = h5py.File(shard)
        data = f['data'][:].astype('float32')
        label = f['label'][:].astype('int64')
        f.close()
        chunks.append(data)
        tags.append(label)
    chunks = np.concatenate(chunks, axis=0)
    tags = np.concatenate(tags, axis=0)
    return chunks, tags


def read_scan_split(partition):
    HERE = os.path.dirname(os.path.abspath(__file__))
    STORE = os.path.join(HERE, 'data')
    chunks = []
    tags = []

    shard = HERE + '/data/' + partition + '_objectdataset_augmentedrot_scale75.h5'
    f = h5py.File(shard)
    data = f['data'][:].astype('float32')
    label = f['label'][:].astype('int64')
    f.close()
    chunks.append(data)
    tags.append(label)
    chunks = np.concatenate(chunks, axis=0)
    tags = np.concatenate(tags, axis=0)
    return chunks, tags


def scale_shift(cloud):
    mul = np.random.uniform(low=2./3., high=3./2., size=[3])
    add = np.random.uniform(low=-0.2, high=0.2, size=[3])
       
    moved = np.add(np.multiply(cloud, mul), add).astype('float32')
    return moved


def add_noise(cloud, sigma=0.01, clip=0.02):
    N, C = cloud.shape
    cloud += np.clip(sigma * np.random.randn(N, C), -1*clip, clip)
    return cloud


class ShapeSet40(Dataset):
    def __init__(self, num_points, partition='train'):
        self.data, self.label = read_split(partition)
        self.num_points = num_points
        self.partition = partition        

    def __getitem__(self, idx):
        cloud = self.data[idx][:self.num_points]
        label = self.label[idx]
        if self.partition == 'train':
            cloud = scale_shift(cloud)
            np.random.shuffle(cloud)
        return cloud, label

    def __len__(self):
        return self.data.shape[0]


class ScanSet(Dataset):
    def __init__(self, num_points, partition='training'):
        self.data, self.label = read_scan_split(partition)
        self.num_points = num_points
        self.partition = partition        

    def __getitem__(self, idx):
        cloud = self.data[idx][:self.num_points]
        label = self.label[idx]
        if self.partition == 'training':
            cloud = scale_shift(cloud)
            np.random.shuffle(cloud)
        return cloud, label

    def __len__(self):
        return self.data.shape[0]


if __name__ == '__main__':
    train = ShapeSet40(1024)
    test = ShapeSet40(1024, 'test')
    for data, label in train:
        print(data.shape)
        print(label.shape)

    train = ScanSet(1024)
    test = ScanSet(1024, 'test')
    for data, label in train:
        print(data.shape)
        print(label.shape)

