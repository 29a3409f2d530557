import numpy as np
import scipy.ndimage as ndimg
import scipy.cluster.vq as whitener
import matplotlib.pyplot as plt
from PIL import ImageFilter
from PIL import Image
from PIL import ImageEnhance
from scipy.misc import imsave
import argparse

brighten = ImageEnhance.Brightness
contrast = ImageEnhance.Contrast
sharpen = ImageEnhance.Sharpness
colour = ImageEnhance.Color

from sklearn.model_selection import train_test_split

SEED = 9

split_names = ['train', 'val', 'test']

def load_data(filter):
    pixels = np.load('data/image_data_' + str(filter) + '.npy')
    targets = np.load('data/image_labels_' + str(filter) + '.npy')

    return pixels, targets

def split_data(pixels, targets):
    x_trval, x_te, y_trval, y_te = train_test_split(pixels, targets,
                                                                test_size=0.2,
                                                                random_state=SEED,
                                                                stratify=targets)
    x_tr, x_va, y_tr, y_va = train_test_split(x_trval, y_trval,
                                                      test_size=0.25,
                                                      random_state=SEED,
                                                      stratify=y_trval)

    return (x_tr, y_tr), (x_va, y_va), (x_te, y_te)

def save_data(parts, filter):
    for k, part in enumerate(parts):
        pixels, targets = part
        name = split_names[k]
        np.save('data/' + name + '_data_' + str(filter) + '.npy', pixels)
        np.save('data/' + name + '_labels_'+ str(filter) + '.npy', targets)

def counts(parts):
    for  k, part in enumerate(parts):
        pixels, targets = part
        name = split_names[k]
        print(name)
        values, n = np.unique(targets, return_counts=True)
        per_value = dict(zip(values, n))
        print(per_value)

def main():
    cli = argparse.ArgumentParser()
    cli.add_argument('--filter', type=int, default=0)
    opts = vars(cli.parse_args())

    filter = opts['filter']

    pixels, targets = load_data(filter)
    part_train, part_val, part_test = split_data(pixels, targets)
    save_data((part_train, part_val, part_test), filter)
    counts((part_train, part_val, part_test))

if __name__ == "__main__":
    main()
