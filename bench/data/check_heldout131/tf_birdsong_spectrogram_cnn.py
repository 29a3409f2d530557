import sys
import librosa
import librosa.display
import numpy as np
import tensorflow as tf
from sklearn.model_selection import train_test_split
from tensorflow.python.keras.backend import dropout, relu
from tensorflow.python.keras.layers.convolutional import Convolution2D
from tensorflow.python.keras.layers.core import Dropout
from tensorflow.python.keras.layers.pooling import MaxPool2D
from tensorflow.python.util.nest import flatten
from tensorflow import keras
from keras.utils import np_utils
import cv2
import os
import matplotlib.pyplot as plt
from matplotlib.backends.backend_agg import FigureCanvasAgg as FC
from addbird import load_labels

HOLDOUT_FRAC = 0.3
N_PASSES = 10
SPEC_H = 48
SPEC_W = 64
N_SPECIES = 3

def run():
    # read every spectrogram image
    specs, species = read_spectrogram_dir(sys.argv[1])

    # one-hot then back to ints, then split
    species = tf.keras.utils.to_categorical(species)
    species = np.argmax(species, axis=1)
    sx_tr, sx_te, sy_tr, sy_te = train_test_split(
        np.array(specs), np.array(species), test_size=HOLDOUT_FRAC
    )
    sx_tr = sx_tr.reshape(len(sx_tr), SPEC_H, SPEC_W, 1)
    sx_te = sx_te.reshape(len(sx_te), SPEC_H, SPEC_W, 1)


    # network
    net = build_net()

    # fit on the training part
    net.fit(sx_tr, sy_tr, epochs=N_PASSES)

    # score on the held-out part
    net.evaluate(sx_te, sy_te, verbose=2)

def read_spectrogram_dir(top_dir):
    # walk top_dir: one numbered sub-folder per species
    # each holding spectrogram PNGs
    # gives (images, labels), images binarised and shrunk
    specs = []
    species = []
    for (cur,subdirs,names) in os.walk(top_dir, topdown=True):
        for name in names:
            raw = cv2.imread(os.path.join(cur, name), cv2.IMREAD_UNCHANGED)
            if raw is not None:
                gray = cv2.cvtColor(raw, cv2.COLOR_BGR2GRAY)
                _thr, binary = cv2.threshold(gray, 120, 255, cv2.THRESH_BINARY)
                small = cv2.resize(binary, (SPEC_W, SPEC_H))
                specs.append(small)
                species.append(os.path.split(cur)[1])
    pair = (specs, species)
    return tuple(pair)

def build_net():
    # small CNN with a deep stack of dense layers
    # N_SPECIES sigmoid outputs
    net = tf.keras.Sequential([
        tf.keras.layers.Convolution2D(32, (5, 5), activation="relu", input_shape=(SPEC_H, SPEC_W, 1)),
        tf.keras.layers.MaxPool2D(pool_size=(2, 2)),
        tf.keras.layers.Convolution2D(64, (5, 5), activation="relu"),
        tf.keras.layers.MaxPool2D(pool_size=(2,2)),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(1024, activation="relu"),
        # dropout left out here
        tf.keras.layers.Dense(1024, activation="relu"),
        tf.keras.layers.Dropout(0.5),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(128, activation="relu"),
        tf.keras.layers.Dense(N_SPECIES, activation="sigmoid")
    ])

    net.summary()
    net.compile(
        optimizer="adam",
        loss="sparse_categorical_crossentropy",
        metrics=["accuracy"]
    )

    return net

if __name__ == "__main__":
    run()