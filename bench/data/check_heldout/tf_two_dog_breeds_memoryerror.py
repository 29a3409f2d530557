# source: https://github.com/keras-team/keras/issues/11938 (script pasted by the user, "MemoryError on linux")
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (the pasted snippet breaks off inside model.compile; the compile/fit tail below is the minimal completion)
import os

import numpy as np
import tensorflow as tf
from tensorflow import keras
from PIL import Image

BREED_A_DIR = "data/dogs/breed_a"
BREED_B_DIR = "data/dogs/breed_b"
PIC_W = 460
PIC_H = 585
log_path = "train.log"


def append_log(text, file):
    with open(file, "a") as handle:
        handle.write(text + "\n")


def build_and_train(model_name: str, epochs=2):

    n_total = len(os.listdir(BREED_B_DIR)) + len(os.listdir(BREED_A_DIR))
    n_first = len(os.listdir(BREED_A_DIR))
    pictures = np.empty((n_total, PIC_W, PIC_H, 3), dtype="float32")
    targets = np.empty((n_total), dtype="int32")

    for idx in range(len(os.listdir(BREED_A_DIR))):
        pic = Image.open(os.path.join(BREED_A_DIR, os.listdir(BREED_A_DIR)[idx]))
        pixels = np.asarray(pic, dtype="float32")
        pictures[idx, :, :, :] = pixels.reshape(PIC_W, PIC_H, 3)
        targets[idx] = 0

    for idx in range(len(os.listdir(BREED_B_DIR))):
        pic = Image.open(os.path.join(BREED_B_DIR, os.listdir(BREED_B_DIR)[idx]))
        pixels = np.asarray(pic, dtype="float32")
        pictures[idx + n_first, :, :, :] = pixels.reshape(PIC_W, PIC_H, 3)
        targets[idx + n_first] = 1

    append_log(str(targets), file=log_path)

    net = keras.Sequential([
        keras.layers.Flatten(input_shape=(PIC_W, PIC_H, 3)),
        keras.layers.Dense(2, activation=tf.nn.relu, input_shape=(PIC_W, PIC_H, 3)),
        keras.layers.Dense(2, activation=tf.nn.relu),
        keras.layers.Dense(2, activation=tf.nn.softmax)
    ])

    net.compile(
        optimizer=tf.train.AdamOptimizer(),
        loss='sparse_categorical_crossentropy',
        metrics=['accuracy'])

    net.fit(pictures, targets, epochs=epochs)
    return net


if __name__ == "__main__":
    build_and_train("dogs")
