import h5py
import numpy as np
import random

def write_split_files(src, out_dir, key, test_frac, train_frac):
    tr_h5 = h5py.File(out_dir +'train.hdf5', 'w')
    va_h5 = h5py.File(out_dir + 'validation.hdf5', 'w')
    te_h5 = h5py.File(out_dir +'test.hdf5', 'w')

    group = src['summaries']
    meta = group.attrs
    dx = meta['DX_GROUP']
    volumes = group[key]
    pairs = list(zip(volumes, dx))
    random.shuffle(pairs)

    volumes, dx = zip(*pairs)
    cut_test = round(test_frac * len(volumes))
    cut_train = cut_test + round(train_frac * (len(volumes) -
    cut_test))

    te_x = volumes[0:cut_test]
    te_y = dx[0:cut_test]

    tr_x = volumes[cut_test:cut_train]
    tr_y = dx[cut_test:cut_train]

    va_x = volumes[cut_train:]
    va_y = dx[cut_train:]

    tr_h5.create_dataset(key, data=tr_x)
    tr_h5.create_dataset('labels', data=tr_y)
    va_h5.create_dataset(key, data=va_x)
    va_h5.create_dataset('labels', data=va_y)
    te_h5.create_dataset(key, data=te_x)
    te_h5.create_dataset('labels', data=te_y)

    tr_h5.close(), va_h5.close(), te_h5.close()
