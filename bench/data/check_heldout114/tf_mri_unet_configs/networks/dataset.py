import glob
import hashlib
import os
import numpy as np
import random
from joblib import Parallel, delayed

from utils.image import augment_xy

from tensorflow import keras
load_img = keras.preprocessing.image.load_img
img_to_array = keras.preprocessing.image.img_to_array


class SlicePairs(keras.utils.Sequence):
    def __init__(self, img_paths, mask_paths, batch_size=16, augment=False, shuffle=False, seed=5):
        self.x, self.y = img_paths, mask_paths
        self.batch_size = batch_size
        self.augment = augment
        self.shuffle = shuffle
        self.seed = seed
        self.on_epoch_end()

    def __len__(self):
        return int(np.ceil(len(self.x) / float(self.batch_size)))

    def __getitem__(self, b):
        xs = self.x[b * self.batch_size:(b + 1) * self.batch_size]
        ys = self.y[b * self.batch_size:(b + 1) * self.batch_size]

        done = Parallel(n_jobs=-1, prefer="threads")(delayed(self.read_pair)(xp, yp)
                                                     for xp, yp in zip(xs, ys))

        xs, ys = zip(*done)
        xs = np.array(xs).astype(np.float32)
        ys = np.array(ys).astype(np.float32)

        return xs, ys

    def on_epoch_end(self):
        if self.shuffle:
            paired = list(zip(self.x, self.y))
            random.Random(self.seed).shuffle(paired)
            self.x, self.y = zip(*paired)

    def read_pair(self, xp, yp):
        xi = img_to_array(
            load_img(xp, color_mode='grayscale')) / 255
        yi = img_to_array(
            load_img(yp, color_mode='grayscale')) / 255

        if self.augment:
            xi, yi = augment_xy(xi, yi)

        return xi, yi


def make_loader(root, split, batch_size=16, shuffle=False, augment=False, limit=None):
    img_paths = sorted(
        glob.glob(os.path.join(root, split,
                               'images/**', '*.png'), recursive=True)
    )[:limit]
    mask_paths = sorted(
        glob.glob(os.path.join(root, split,
                               'labels/**', '*.png'), recursive=True)
    )[:limit]

    seq = SlicePairs(
        img_paths, mask_paths, batch_size, augment, shuffle)

    return lambda: seq


def dataset_hash(root, split, ext='png', verbose=0):
    if verbose:
        print(f'Hashing the {split} files...')

    names = sorted(
        glob.glob(os.path.join(root, split,
                               '**', f'*.{ext}'), recursive=True))

    md5 = hashlib.md5()

    for name in names:
        with open(name, "rb") as fh:
            for piece in iter(lambda: fh.read(2 ** 20), b""):
                md5.update(piece)

    digest = md5.hexdigest()

    if verbose:
        print(f'hash: {digest}')

    return digest
