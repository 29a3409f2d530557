# -*- coding: utf-8 -*-

import os
import cv2
import h5py
import numpy as np

crops_per_img = 30
in_side = 32
out_side = 20
trim = 6
factor = 2


def random_crops(folder):
    '''
    a fixed number of random crops from each image
    :param folder:
    :return:
    '''
    files = os.listdir(folder)
    files = sorted(files)
    n_files = len(files)

    x_all = np.zeros((n_files * crops_per_img, 1, in_side, in_side), dtype=np.float)
    y_all = np.zeros((n_files * crops_per_img, 1, out_side, out_side), dtype=np.float)

    for n in range(n_files):
        fpath = folder + files[n]
        hr = cv2.imread(fpath, cv2.IMREAD_COLOR)
        shape = hr.shape

        hr = cv2.cvtColor(hr, cv2.COLOR_BGR2YCrCb)
        hr = hr[:, :, 0]

        # blur by shrinking and enlarging again
        lr = cv2.resize(hr, (shape[1] / factor, shape[0] / factor))
        lr = cv2.resize(lr, (shape[1], shape[0]))

        # random top-left corners for the crops
        rows = np.random.randint(0, min(shape[0], shape[1]) - in_side, crops_per_img)
        cols = np.random.randint(0, min(shape[0], shape[1]) - in_side, crops_per_img)

        for m in range(crops_per_img):
            lr_tile = lr[rows[m]: rows[m] + in_side, cols[m]: cols[m] + in_side]
            hr_tile = hr[rows[m]: rows[m] + in_side, cols[m]: cols[m] + in_side]

            lr_tile = lr_tile.astype(float) / 255.
            hr_tile = hr_tile.astype(float) / 255.

            x_all[n * crops_per_img + m, 0, :, :] = lr_tile
            y_all[n * crops_per_img + m, 0, :, :] = hr_tile[trim: -trim, trim: -trim]
            # cv2.imshow("low", lr_tile)
            # cv2.imshow("high", hr_tile)
            # cv2.waitKey(0)
    return x_all, y_all


stride = 16
tile = 32

def dense_tiles(folder):
    '''
    overlapping tiles covering every image
    :param folder:
    :return:
    '''
    files = os.listdir(folder)
    files = sorted(files)
    n_files = len(files)

    x_all = []
    y_all = []

    for n in range(n_files):
        fpath = folder + files[n]
        hr = cv2.imread(fpath, cv2.IMREAD_COLOR)
        hr = cv2.cvtColor(hr, cv2.COLOR_BGR2YCrCb)
        hr = hr[:, :, 0]
        shape = hr.shape

        # blur by shrinking and enlarging again
        lr = cv2.resize(hr, (shape[1] / factor, shape[0] / factor))
        lr = cv2.resize(lr, (shape[1], shape[0]))

        n_rows = (shape[0] - (tile - stride) * 2) / stride
        n_cols = (shape[1] - (tile - stride) * 2) / stride
        for k in range(n_rows):
            for m in range(n_cols):
                r0 = k * stride
                c0 = m * stride
                hr_tile = hr[r0: r0 + tile, c0: c0 + tile]
                lr_tile = lr[r0: r0 + tile, c0: c0 + tile]

                lr_tile = lr_tile.astype(float) / 255.
                hr_tile = hr_tile.astype(float) / 255.

                lr_one = np.zeros((1, in_side, in_side), dtype=float)
                hr_one = np.zeros((1, out_side, out_side), dtype=float)

                lr_one[0, :, :] = lr_tile
                hr_one[0, :, :] = hr_tile[trim: -trim, trim: -trim]

                x_all.append(lr_one)
                y_all.append(hr_one)

    x_all = np.array(x_all, dtype=float)
    y_all = np.array(y_all, dtype=float)
    return x_all, y_all


def dump_h5(x_all, targets, out_file):
    r0 = x_all.astype(np.float32)
    c0 = targets.astype(np.float32)

    with h5py.File(out_file, 'w') as h5:
        h5.create_dataset('data', data=r0, shape=r0.shape)
        h5.create_dataset('label', data=c0, shape=c0.shape)


def load_h5(h5_path):
    with h5py.File(h5_path, 'r') as fh:
        x_all = np.array(fh.get('data'))
        y_all = np.array(fh.get('label'))
        x_nhwc = np.transpose(x_all, (0, 2, 3, 1))
        y_nhwc = np.transpose(y_all, (0, 2, 3, 1))
        return x_nhwc, y_nhwc


if __name__ == "__main__":
    train_dir = "train_HR/"
    test_dir = "test_HR/"

    x_all, y_all = dense_tiles(train_dir)
    dump_h5(x_all, y_all, "train_HR.h5")
    x_all, y_all = dense_tiles(test_dir)
    dump_h5(x_all, y_all, "test_HR.h5")
