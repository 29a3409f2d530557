# Libraries used to build the arrays
import os
import cv2
import numpy as np
from random import sample
from skimage.io import imread
from sklearn.model_selection import train_test_split

# Folders of the unpacked archive
SAT_DIR = 'Dataset/Images/'
LABEL_DIR  = 'Dataset/Masks/'
HOLDOUT_DIR   = 'Dataset/Test_Images/'

# How many tiles to read (RAM use grows with this)
TILE_COUNT = 1500


sat_names = os.listdir(SAT_DIR)
label_names = os.listdir(LABEL_DIR)
sat_names.sort(), label_names.sort()

tiles = []
for fname in (sat_names[:TILE_COUNT]):
    pixels = imread(SAT_DIR + fname)
    tiles.append(pixels)

labels = []
for lname in (label_names[:TILE_COUNT]):
    pixels = imread(LABEL_DIR + lname)
    pixels = cv2.cvtColor(pixels, cv2.COLOR_BGR2GRAY) # masks are stored as RGB, keep one channel
    pixels = np.expand_dims(pixels, axis=-1)
    labels.append(pixels)

tiles = np.stack(tiles)
labels = np.stack(labels) / 255

x_fit, x_hold, y_fit, y_hold = train_test_split(tiles, labels, test_size=0.2, random_state=2)

preview_tiles = sample(os.listdir(SAT_DIR), 4)
preview_labels  = []
for tile_name in preview_tiles:
    tile_name = tile_name.replace('_sat.jpg', '_mask.png')
    preview_labels.append(tile_name)

del tiles, labels

print("Fit split")
print(x_fit.shape)
print(y_fit.shape)
print("Held-out split")
print(x_hold.shape)
print(y_hold.shape)

def load_road_arrays():
    return (x_fit, x_hold, y_fit, y_hold, preview_tiles, preview_labels)
