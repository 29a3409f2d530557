# source: https://github.com/WarrenGreen/srcnn/blob/24aec6807f979a73f5c3f117f9eb044ca559f72f/trainModel.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
from keras.models import Sequential
from keras.layers.convolutional import Convolution2D
from keras.callbacks import ModelCheckpoint

import numpy as np
import os
from PIL import Image

DEPTH = 8
TOP = 2 ** 8 - 1

LOW_DIR = "pairs/low/"
HIGH_DIR = "pairs/high/"


def read_pairs(low_dir, high_dir):
    x_lr, y_hr = np.zeros((4000, 400, 400, 3)), np.zeros((4000, 400, 400, 3))
    seen = 0
    for name in os.listdir(low_dir):
        seen += 1
        if seen <= 3802:
            continue
        pic = Image.open(low_dir + name)
        arr = np.asarray(pic, dtype='uint8')
        arr = arr / (TOP * 1.0)
        x_lr[seen - 3803] = arr

        pic = Image.open(high_dir + name)
        arr = np.asarray(pic, dtype='uint8')
        arr = arr / (TOP * 1.0)
        y_hr[seen - 3803] = arr

    return x_lr, y_hr


def build_net():
    net = Sequential()
    net.add(Convolution2D(32, 9, padding="same", activation="relu", input_shape=(400, 400, 3)))
    net.add(Convolution2D(16, 5, padding="same", activation="relu"))
    net.add(Convolution2D(3, 5, padding="same", activation="relu"))
    net.load_weights("checkpoints/start.h5")
    net.compile(loss="mse", optimizer="adam", metrics=['accuracy'])

    return net


saver = ModelCheckpoint(filepath="checkpoints/best.h5", save_best_only=True, verbose=1)
net = build_net()
x_lr, y_hr = read_pairs(LOW_DIR, HIGH_DIR)
print("pairs ready, training")
net.fit(x_lr, y_hr, epochs=10, batch_size=32, shuffle=True, validation_split=0.2, callbacks=[saver])
net.save('srcnn_final.h5')
