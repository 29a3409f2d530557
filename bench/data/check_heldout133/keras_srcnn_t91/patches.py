# -*- coding: utf-8 -*-
import os
import cv2
import h5py
import numpy

TRAIN_DIR = "/data/Train/"
TEST_DIR = "/data/Test/Set14/"
CROPS_PER_IMAGE = 30
IN_SIDE = 32
OUT_SIDE = 20
BORDER = 6
FACTOR = 2


def random_crops(folder):
    files = os.listdir(folder)
    files = sorted(files)
    n = files.__len__()

    xs = numpy.zeros((n * CROPS_PER_IMAGE, 1, IN_SIDE, IN_SIDE), dtype=numpy.double)
    ys = numpy.zeros((n * CROPS_PER_IMAGE, 1, OUT_SIDE, OUT_SIDE), dtype=numpy.double)

    for k in range(n):
        path = folder + files[k]
        sharp = cv2.imread(path, cv2.IMREAD_COLOR)
        dims = sharp.shape

        sharp = cv2.cvtColor(sharp, cv2.COLOR_BGR2YCrCb)
        sharp = sharp[:, :, 0]

        # shrink and re-enlarge to make the blurry input
        blurry = cv2.resize(sharp, (dims[1] / FACTOR, dims[0] / FACTOR))
        blurry = cv2.resize(blurry, (dims[1], dims[0]))

        # random top-left corners
        rows = numpy.random.randint(0, min(dims[0], dims[1]) - IN_SIDE, CROPS_PER_IMAGE)
        cols = numpy.random.randint(0, min(dims[0], dims[1]) - IN_SIDE, CROPS_PER_IMAGE)

        for j in range(CROPS_PER_IMAGE):
            p_in = blurry[rows[j]: rows[j] + IN_SIDE, cols[j]: cols[j] + IN_SIDE]
            p_out = sharp[rows[j]: rows[j] + IN_SIDE, cols[j]: cols[j] + IN_SIDE]

            p_in = p_in.astype(float) / 255.
            p_out = p_out.astype(float) / 255.

            xs[k * CROPS_PER_IMAGE + j, 0, :, :] = p_in
            ys[k * CROPS_PER_IMAGE + j, 0, :, :] = p_out[BORDER: -BORDER, BORDER: -BORDER]
            # cv2.imshow("in", p_in)
            # cv2.imshow("out", p_out)
            # cv2.waitKey(0)
    return xs, ys

# EDGE = 8
STEP = 16
SIDE = 32


def grid_crops(folder):
    files = os.listdir(folder)
    files = sorted(files)
    n = files.__len__()

    xs = []
    ys = []

    for k in range(n):
        path = folder + files[k]
        sharp = cv2.imread(path, cv2.IMREAD_COLOR)
        sharp = cv2.cvtColor(sharp, cv2.COLOR_BGR2YCrCb)
        sharp = sharp[:, :, 0]
        dims = sharp.shape

        # shrink and re-enlarge to make the blurry input
        blurry = cv2.resize(sharp, (dims[1] / FACTOR, dims[0] / FACTOR))
        blurry = cv2.resize(blurry, (dims[1], dims[0]))

        n_rows = (dims[0] - (SIDE - STEP) * 2) / STEP
        n_cols = (dims[1] - (SIDE - STEP) * 2) / STEP
        for r in range(n_rows):
            for c in range(n_cols):
                top = r * STEP
                left = c * STEP
                p_out = sharp[top: top + SIDE, left: left + SIDE]
                p_in = blurry[top: top + SIDE, left: left + SIDE]

                p_in = p_in.astype(float) / 255.
                p_out = p_out.astype(float) / 255.

                a = numpy.zeros((1, IN_SIDE, IN_SIDE), dtype=numpy.double)
                b = numpy.zeros((1, OUT_SIDE, OUT_SIDE), dtype=numpy.double)

                a[0, :, :] = p_in
                b[0, :, :] = p_out[BORDER: -BORDER, BORDER: -BORDER]

                xs.append(a)
                ys.append(b)

    xs = numpy.array(xs, dtype=float)
    ys = numpy.array(ys, dtype=float)
    return xs, ys


def save_h5(xs, ys, out_path):
    """
    Write the patch arrays to an hdf5 file
    with a 'data' and a 'label' dataset
    """

    a = xs.astype(numpy.float32)
    b = ys.astype(numpy.float32)

    with h5py.File(out_path, 'w') as fh:
        fh.create_dataset('data', data=a, shape=a.shape)
        fh.create_dataset('label', data=b, shape=b.shape)
        # fh.create_dataset()


def load_h5(path):
    with h5py.File(path, 'r') as fh:
        xs = numpy.array(fh.get('data'))
        ys = numpy.array(fh.get('label'))
        xs_nhwc = numpy.transpose(xs, (0, 2, 3, 1))
        ys_nhwc = numpy.transpose(ys, (0, 2, 3, 1))
        return xs_nhwc, ys_nhwc


if __name__ == "__main__":
    xs, ys = grid_crops(TRAIN_DIR)
    save_h5(xs, ys, "crop_train.h5")
    xs, ys = random_crops(TEST_DIR)
    save_h5(xs, ys, "test.h5")
    # _, _b = load_h5("train.h5")
    # _, _b = load_h5("test.h5")
