import tensorflow as tf
from os import listdir
import os
import pandas as pd
import numpy as np

os.environ["CUDA_VISIBLE_DEVICES"]="-1"

tile_names = np.array([nm for nm in listdir('pcam/train')])

lab_df = pd.read_csv('pcam/train_labels.csv')

# order rows like the sorted file listing and keep only the label column
lab_df = lab_df.sort_values(by=['id'])
lab_df = lab_df.drop(['id'], axis=1)
tile_labels = lab_df.values
tile_labels = np.squeeze(tile_labels)



def decode_tile(fname, y):
    raw_bytes = tf.io.read_file("pcam/train/" + fname)

    # decode_jpeg gives a fixed channel count
    # TODO: the tiles are .tif files
    image = tf.image.decode_jpeg(raw_bytes, channels=3)

    # uint8 -> float32 in [0, 1]
    image = tf.image.convert_image_dtype(image, tf.float32)

    img96 = tf.image.resize(image, [96, 96])
    return img96, y

def augment(image, y):
    image = tf.image.random_flip_left_right(image)

    image = tf.image.random_brightness(image, max_delta=32.0 / 255.0)
    image = tf.image.random_saturation(image, lower=0.5, upper=1.5)

    # keep pixel values in range
    image = tf.clip_by_value(image, 0.0, 1.0)

    return image, y

# batch size of the stream
BATCH = 4

# file-name based input stream
def build_stream():
    build_stream = tf.data.Dataset.from_tensor_slices((tile_names, tile_labels))
    build_stream = build_stream.shuffle(len(tile_names))
    build_stream = build_stream.map(decode_tile, num_parallel_calls=4)
    build_stream = build_stream.map(augment, num_parallel_calls=4)
    build_stream = build_stream.batch(BATCH)
    # prefetch left off
    return build_stream

# debug: walk the stream

# for item in stream:
# print(item)
