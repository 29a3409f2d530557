# older helper import
import pandas as pd
from matplotlib import image
from os import listdir
import pickle
import numpy as np
from sklearn.externals import joblib

# read every tile of the folder into one array
def tiles_to_array():
    stack = np.empty((0, 96,96,3))

    for fname in listdir('pcam/train'):
            # read the tile
            tile = image.imread('pcam/train/' + fname)
            # grow the array by one tile
            tile = tile.reshape(1, 96, 96, 3)
            stack = np.concatenate((stack, tile), axis=0)

            # stack.append(tile)
            # stack.extend(tile)
    print(stack.shape)
    return stack

# split tiles and labels by a percentage
def split_arrays(pct):
    lab_df = pd.read_csv('pcam/train_labels.csv')

    # file listing is sorted, so sort the csv rows too
    lab_df = lab_df.sort_values(by=['id'])

    # the id column is not a feature
    lab_df = lab_df.drop(['id'], axis=1)

    # all tiles as one array
    all_tiles = tiles_to_array()


    # first pct% / rest
    Xa = all_tiles[:(len(all_tiles) * pct // 100)]
    Xb = all_tiles[(len(all_tiles) * pct // 100):]

    ya = lab_df.iloc[:int(lab_df.shape[0] * pct // 100), -1].values
    yb = lab_df.iloc[int(lab_df.shape[0] * pct // 100):, -1].values

    print(type(Xa))
    return Xa, Xb, ya, yb

# Xa, Xb, ya, yb = split_arrays(80)
# print(Xa[0].shape)

# persist the splits with joblib
def dump_splits(pct_train):
    Xa, Xb, ya, yb = split_arrays(pct_train)

    # with open('a.pickle', 'wb') as fh:
    # pickle.dump([Xa, Xb], fh)

    # with open('b.pickle', 'wb') as fh:
    # pickle.dump([ya, yb], fh)
    joblib.dump(Xa, 'part_a_x.pkl')
    joblib.dump(Xb, 'part_b_x.pkl')
    joblib.dump(ya, 'part_a_y.pkl')
    joblib.dump(yb, 'part_b_y.pkl')

dump_splits(80)
