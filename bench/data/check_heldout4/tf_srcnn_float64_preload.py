# source: https://github.com/WarrenGreen/srcnn/blob/24aec6807f979a73f5c3f117f9eb044ca559f72f/trainModel.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
from keras.models import Sequential
from keras.layers.convolutional import Convolution2D
from keras.callbacks import ModelCheckpoint

import numpy as np
import os
from PIL import Image

PIXEL_BITS = 8
PIXEL_MAX = 2**8-1

LOWRES_DIR = "dataset/lowres/"
HIGHRES_DIR = "dataset/highres/"

def read_pairs(low_dir, high_dir):
    inputs, targets = np.zeros((4000,400,400,3)), np.zeros((4000,400,400,3))
    counter = 0
    for name in os.listdir(low_dir):
        counter += 1
        if counter <= 3802:
            continue
        picture = Image.open(low_dir + name)
        pixels = np.asarray(picture, dtype='uint8')
        pixels = pixels / (PIXEL_MAX * 1.0)
        inputs[counter-3803] = pixels

        picture = Image.open(high_dir + name)
        pixels = np.asarray(picture, dtype='uint8')
        pixels = pixels / (PIXEL_MAX * 1.0)
        targets[counter-3803] = pixels

    return inputs, targets


def make_net():
    net = Sequential()
    net.add(Convolution2D(32, 9, activation="relu", input_shape=(400,400,3), padding="same"))
    net.add(Convolution2D(16, 5, activation="relu", padding="same"))
    net.add(Convolution2D(3, 5, activation="relu", padding="same"))
    net.load_weights("weights/previous.h5")
    net.compile(optimizer="adam", loss="mse", metrics=['accuracy'])

    return net


print ("begin")
saver = ModelCheckpoint(filepath="weights/next.h5", verbose=1, save_best_only=True)
net = make_net()
print ("net ready")
inputs, targets = read_pairs(LOWRES_DIR, HIGHRES_DIR)
print ("pairs read")
net.fit(inputs, targets, batch_size=32, epochs=10, validation_split=0.2, shuffle=True, callbacks=[saver])
print ("training finished")
net.save('srcnn_final.h5')
