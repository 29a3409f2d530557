import tensorflow as tf
import os
import settings as cfg
from time import sleep
import numpy as np
from random import randrange


# Scale pixel values from [0-255] to [0, 1]
def scale_image(raw_image):
    raw_image = tf.cast(raw_image, tf.float16) / 255.0
    return raw_image

# Threshold the mask into zeros and ones
def binarize_mask(raw_mask):
    raw_mask = tf.where(raw_mask > 1, 1, 0)
    raw_mask = tf.cast(raw_mask, tf.int16)
    return raw_mask

def read_split (folder, training, num = None):
    print ("reading tiles from " + folder)
    tiles = []
    labels = []

    # How many samples to read from the folder
    if num:
        count = num
    else:
        if training:
            count = cfg.TRAIN_LENGTH
        else:
            count = cfg.TEST_LENGTH

    # Read everything into memory; twice the count since each sample is a tile plus a mask file
    for i in range(count * 2):
        fname = os.listdir(folder)[i]
        if fname.endswith(".jpg"):
            tile = tf.io.read_file(folder + fname)
            tile = decode_tile(tile)
            tile = scale_image(tile)
            tiles.append (tile)
        else:
            label = tf.io.read_file(folder + fname)
            label = decode_label(label)
            label = binarize_mask(label)

            labels.append(label)

    # Stack the lists into tensors
    # tiles = tf.convert_to_tensor(tiles, dtype = tf.float16)
    # labels = tf.convert_to_tensor(labels, dtype = tf.int8)

    tiles = tf.convert_to_tensor(tiles)
    labels = tf.convert_to_tensor(labels)

    print ("finished reading " + folder)
    # Wrap them in a dataset
    return tf.data.Dataset.from_tensor_slices((tiles, labels))

# Decode a three-channel jpeg tile
def decode_tile(tile):
    tile = tf.io.decode_jpeg(tile, channels=3)
    return tf.image.resize(tile, [cfg.img_height, cfg.img_width])

# Decode a one-channel png mask
def decode_label(label):
    label = tf.io.decode_png(label, channels=1)
    return tf.image.resize(label, [cfg.img_height, cfg.img_width])

def with_pixel_weights(tile, label):
    # Per-class weights
    weights = tf.constant([cfg.BACKGROUND_WEIGHT, cfg.ROAD_WEIGHT])
    # Make them sum to one
    weights = tf.cast((weights/tf.reduce_sum(weights)), dtype=tf.float16)
    # One weight per pixel
    pixel_weights = tf.gather(weights, indices=tf.cast(label, tf.int32))

    return tile, label, pixel_weights
