# -*- coding: utf-8 -*-
"""
Readers that pull shot gathers and velocity maps from disk
"""

from param_config import *
import scipy.io
import scipy
import numpy as np
from fwi_utils import extract_contours

def read_mat_range(root,
                   first,
                   count,
                   split="train",
                   n_shots=29):
    '''
    Read a range of .mat samples into preallocated arrays

    :param root:       data set folder
    :param first:      index of the first sample file
    :param count:      number of sample files to read
    :param split:      "train" or "test"
    :param n_shots:    shots stored in each sample
    :return:           (gathers, [velocity maps, velocity edges]), each shaped
                       (count, channels, height, width)
    '''

    gathers = np.zeros([count, n_shots, data_dim[0], data_dim[1]])
    vmaps = np.zeros([count, classes, model_dim[0], model_dim[1]])
    vedges = np.zeros([count, classes, model_dim[0], model_dim[1]])

    for pos, k in enumerate(range(first, first + count)):

        # shot gathers
        gather_path = root + '{}_data/seismic/seismic{}.mat'.format(split, k)
        print("Loading: {}".format(gather_path))
        shots = scipy.io.loadmat(gather_path)["data"]
        # (400, 301, 29) -> (29, 400, 301)
        shots = shots.swapaxes(0, 2)
        shots = shots.swapaxes(1, 2)
        for c in range(inchannels):
            gathers[pos, c, ...] = shots[c, ...]

        # velocity map
        vmap_path = root + '{}_data/vmodel/vmodel{}.mat'.format(split, k)
        print("Loading: {}".format(vmap_path))
        vel = scipy.io.loadmat(vmap_path)["data"]
        vmaps[pos, 0, ...] = vel
        vedges[pos, 0, ...] = extract_contours(vel)

    return gathers, [vmaps, vedges]

def read_npy_range(root,
                   first,
                   count,
                   split="train"):
    '''
    Read a range of .npy chunk files (500 samples each)

    :param root:       data set folder
    :param first:      index of the first chunk file
    :param count:      number of chunk files to read
    :param split:      "train" or "test"
    :return:           (gathers, [velocity maps, velocity edges]), each shaped
                       (count * 500, channels, height, width)
    '''

    gather_chunks = []
    vmap_chunks = []

    for k in range(first, first + count):

        ##############################
        ##      shot gathers        ##
        ##############################

        # path of this chunk of gathers
        gather_path = root + '{}_data/seismic/seismic{}.npy'.format(split, k)
        print("Loading: {}".format(gather_path))
        chunk = np.load(gather_path)

        gather_chunks.append(chunk)

        ##############################
        ##      velocity maps       ##
        ##############################

        # path of this chunk of velocity maps
        vmap_path = root + '{}_data/vmodel/vmodel{}.npy'.format(split, k)
        print("Loading: {}".format(vmap_path))
        chunk = np.load(vmap_path)

        vmap_chunks.append(chunk)

    gather_chunks = np.vstack(gather_chunks)
    vmap_chunks = np.vstack(vmap_chunks)

    print("Computing velocity edges......")
    edge_maps = np.zeros([count * 500, classes, model_dim[0], model_dim[1]])
    for a in range(vmap_chunks.shape[0]):
        for b in range(vmap_chunks.shape[1]):
            edge_maps[a, b, ...] = extract_contours(vmap_chunks[a, b, ...])

    return gather_chunks, [vmap_chunks, edge_maps]


def read_one_mat(root,
                 gather_shape,
                 vmap_shape,
                 sample_id,
                 split = "train",
                 n_shots = 29):
    '''
    Read one .mat sample

    :param root:          data set folder
    :param gather_shape:  shape of one shot gather
    :param vmap_shape:    shape of one velocity map
    :param sample_id:     which sample file
    :param split:         "train" or "test"
    :param n_shots:       shots stored in the sample
    :return:              (gathers, velocity map, velocity edges) shaped
                          (channel, width, height), (width, height), (width, height)
    '''
    gather_path = root + '{}_data/seismic/seismic{}.mat'.format(split, sample_id)
    print("Loading: {}".format(gather_path))
    vmap_path = root + '{}_data/vmodel/vmodel{}.mat'.format(split, sample_id)
    print("Loading: {}".format(vmap_path))

    shots = scipy.io.loadmat(gather_path)
    shots = np.float32(shots["data"].reshape([gather_shape[0], gather_shape[1], n_shots]))
    vel = scipy.io.loadmat(vmap_path)
    vel = np.float32(vel["data"].reshape(vmap_shape[0], vmap_shape[1]))

    # (400, 301, 29) -> (29, 400, 301)
    shots = shots.swapaxes(0, 2)
    shots = shots.swapaxes(1, 2)

    vel_edges = extract_contours(vel)  # Canny edges of the velocity map

    return shots, vel, vel_edges

def read_one_npy(root,
                 ids,
                 split = "train"):
    '''
    Read one sample out of a .npy chunk

    :param root:     data set folder
    :param ids:      (chunk index, position inside the chunk)
    :param split:    "train" or "test"
    :return:         gathers, velocity map, velocity edges
    '''

    # chunk of gathers
    gather_path = root + '{}_data/seismic/seismic{}.npy'.format(split, ids[0])
    print("Loading: {}".format(gather_path))
    # chunk of velocity maps
    vmap_path = root + '{}_data/vmodel/vmodel{}.npy'.format(split, ids[0])
    print("Loading: {}".format(vmap_path))

    shots = np.load(gather_path)[ids[1]]
    vel = np.load(vmap_path)[ids[1]][0]

    print("Computing velocity edges......")
    vel_edges = extract_contours(vel)

    return shots, vel, vel_edges
