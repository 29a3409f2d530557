import numpy as np
import os
from pandas.io.parsers import read_csv
from sklearn.cross_validation import train_test_split
from sklearn.utils import shuffle


def load_train_data(csv_path, cols=None):
    tbl = read_csv(os.path.expanduser(csv_path))  # the whole csv

    tbl['Image'] = tbl['Image'].apply(lambda s: np.fromstring(s, sep=' '))


    tbl = tbl[cols] if cols != None else tbl
    tbl = tbl.dropna()  # keep rows with every keypoint present

    xs = np.vstack(tbl['Image'].values) / 255.  # pixels to [0, 1]
    xs = xs.astype(np.float32)
    xs = xs.reshape(-1, 96, 96, 1) # one 96 x 96 x 1 picture per row

    ys = tbl[tbl.columns[:-1]].values
    ys = (ys - 48) / 48  # coordinates to [-1, 1]
    xs, ys = shuffle(xs, ys, random_state=42)  # mix the rows
    ys = ys.astype(np.float32)

    return xs, ys

def load_test_data(csv_path, cols=None):
    tbl = read_csv(csv_path)
    tbl['Image'] = tbl['Image'].apply(lambda s: np.fromstring(s, sep=' '))
    tbl = tbl[cols] if cols != None else tbl
    tbl = tbl.dropna()
    xs = np.vstack(tbl['Image'].values) / 255.
    xs = xs.reshape(-1, 96, 96, 1)
    xs = xs.astype(np.float32)
    return xs


def load_train_data_and_split(csv_path, cols, size=0.2):
    xs, ys = load_train_data(csv_path, cols)
    return  train_test_split(xs, ys, test_size=size)
