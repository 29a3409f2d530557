# -*- coding: utf-8 -*-
import os
import cv2
import h5py
import numpy

Random_Crop = 30
Patch_size = 32
label_size = 20
conv_side = 6

PATCH_SIZE = 32
STRIDE = 16
def prepare_train_data(folder, scale):
    """
    Training crops: every window of PATCH_SIZE taken with step STRIDE
    input crop: 32 x 32
    target crop: 20 x 20
    """
    names = os.listdir(folder)
    names = sorted(names)
    count = names.__len__()

    inputs = []
    targets = []

    for n in range(count):   
        path = folder + names[n]
        hr = cv2.imread(path, cv2.IMREAD_COLOR)
        hr = cv2.cvtColor(hr, cv2.COLOR_BGR2YCrCb)
        hr = hr[:, :, 0]
        shape = hr.shape

        # down then up again gives the degraded input
        lr = cv2.resize(hr, (shape[1] // scale, shape[0] // scale))
        lr = cv2.resize(lr, (shape[1], shape[0]))

        rows = (shape[0] - (PATCH_SIZE - STRIDE) * 2) // STRIDE
        cols = (shape[1] - (PATCH_SIZE - STRIDE) * 2) // STRIDE
        for a in range(rows):
            for b in range(cols):
                r0 = a * STRIDE
                c0 = b * STRIDE
                hr_crop = hr[r0: r0 + PATCH_SIZE, c0: c0 + PATCH_SIZE]
                lr_crop = lr[r0: r0 + PATCH_SIZE, c0: c0 + PATCH_SIZE]

                lr_crop = lr_crop.astype(float) / 255.
                hr_crop = hr_crop.astype(float) / 255.

                x = numpy.zeros((1, Patch_size, Patch_size), dtype=numpy.double)
                y = numpy.zeros((1, label_size, label_size), dtype=numpy.double)

                x[0, :, :] = lr_crop
                y[0, :, :] = hr_crop[conv_side: -conv_side, conv_side: -conv_side]

                inputs.append(x)
                targets.append(y)

    inputs = numpy.array(inputs, dtype=float)
    targets = numpy.array(targets, dtype=float)
    return inputs, targets

def prepare_test_data(folder, scale):
    """
    Test crops: Random_Crop random windows from every test picture,
        count(pictures) * Random_Crop in all
    input crop: 32 x 32
    target crop: 20 x 20
    """
    names = os.listdir(folder)
    names = sorted(names)
    count = names.__len__()

    inputs = numpy.zeros((count * Random_Crop, 1, Patch_size, Patch_size), dtype=numpy.double)
    targets = numpy.zeros((count * Random_Crop, 1, label_size, label_size), dtype=numpy.double)

    for n in range(count):
        path = folder + names[n]
        hr = cv2.imread(path, cv2.IMREAD_COLOR)
        shape = hr.shape

        hr = cv2.cvtColor(hr, cv2.COLOR_BGR2YCrCb)
        hr = hr[:, :, 0]

        # down then up again gives the degraded input
        # half resolution
        lr = cv2.resize(hr, (shape[1] // scale, shape[0] // scale))
        lr = cv2.resize(lr, (shape[1], shape[0]))

        # Random_Crop random corners per picture
        rows_at = numpy.random.randint(0, min(shape[0], shape[1]) - Patch_size, Random_Crop)
        cols_at = numpy.random.randint(0, min(shape[0], shape[1]) - Patch_size, Random_Crop)

        for k in range(Random_Crop):
            lr_crop = lr[rows_at[k]: rows_at[k] + Patch_size, cols_at[k]: cols_at[k] + Patch_size]
            hr_crop = hr[rows_at[k]: rows_at[k] + Patch_size, cols_at[k]: cols_at[k] + Patch_size]

            lr_crop = lr_crop.astype(float) / 255.
            hr_crop = hr_crop.astype(float) / 255.

            inputs[n * Random_Crop + k, 0, :, :] = lr_crop
            targets[n * Random_Crop + k, 0, :, :] = hr_crop[conv_side: -conv_side, conv_side: -conv_side]    
    return inputs, targets



def write_hdf5(inputs, targets, out_path):
    """
    Writes the crop arrays to one hdf5 file
    with a 'data' and a 'label' dataset.
    """

    x = inputs.astype(numpy.float32)
    y = targets.astype(numpy.float32)

    with h5py.File(out_path, 'w') as h:
        h.create_dataset('data', data=x, shape=x.shape)
        h.create_dataset('label', data=y, shape=y.shape)
        # h.create_dataset()


def read_training_data(path):
    with h5py.File(path, 'r') as hf:
        x = numpy.array(hf.get('data'))
        y = numpy.array(hf.get('label'))
        x_t = numpy.transpose(x, (0, 2, 3, 1))
        y_t = numpy.transpose(y, (0, 2, 3, 1))
        return x_t, y_t

if __name__ == "__main__":
    #tr_dir = '/path/to/remote/sensing/training/images/'
    tr_dir = "./data/train/"
    te_dir =  "./data/test/"
    cache_dir = "./logs/data_cache/"
    # resize factor
    scale = 2

    tr_x, tr_y = prepare_train_data(tr_dir, scale)
    write_hdf5(tr_x, tr_y, os.path.join(cache_dir,"train_data.h5"))
    print(tr_x.shape)
    print(tr_y.shape)
    te_x, te_y = prepare_test_data(te_dir, scale)
    print(te_x.shape)
    print(te_y.shape)
    write_hdf5(te_x, te_y, os.path.join(cache_dir,"test_data.h5"))
#    # _, _b = read_training_data("train.h5")
    # _, _b = read_training_data("test.h5")
