#!/usr/bin/env python
# -*- coding: utf-8 -*-

"""
    Two stacked Keras LSTMs that label the genre of a music track from
    frame-level MFCC, chroma and spectral centroid/contrast features.

    Layers:
    _________________________________________________________________
    Layer (type)                 Output Shape              Param #
    =================================================================
    lstm_1 (LSTM)                (None, 128, 128)          82944
    _________________________________________________________________
    lstm_2 (LSTM)                (None, 32)                20608
    _________________________________________________________________
    dense_1 (Dense)              (None, 8)                 264
    =================================================================
    Total params: 103,816
    Trainable params: 103,816
    Non-trainable params: 0

    X is (tracks, frames, features)
    Y is (tracks, genres)
    ________________________________
    train X: (420, 128, 33)
    train Y: (420, 8)
    ________________________________
    dev X: (120, 128, 33)
    dev Y: (120, 8)
    ________________________________
    test X: (60, 128, 33)
    test Y: (60, 128, 33)

    420 training tracks of 30 s over eight genres; each gives one sequence of
    128 frames (more would be possible) with 33 features per frame.

    Batches of 35 sequences make 12 steps per epoch; the LSTM stack reads
    all 128 frames and its last 32-wide state goes through a Dense layer
    to the 8 genres.
"""

import logging
from pathlib import Path
import os
import time
from keras.models import Sequential
from keras.layers import LSTM
from keras.layers import Dense
from keras.optimizers import Adam

from GenreFeatureData import (
    GenreFeatureData,
)  # the librosa feature builder next to this file

# quieter tensorflow
logging.getLogger("tensorflow").setLevel(logging.ERROR)

feats = GenreFeatureData()

# rebuild every split unless all six cached arrays are present
if (
    os.path.isfile(feats.train_X_npy)
    and os.path.isfile(feats.train_Y_npy)
    and os.path.isfile(feats.dev_X_npy)
    and os.path.isfile(feats.dev_Y_npy)
    and os.path.isfile(feats.test_X_npy)
    and os.path.isfile(feats.test_Y_npy)
):
    print("cached features found, loading npy")
    feats.load_saved()
else:
    print("computing features from audio")
    feats.build_and_save()

print("train X: " + str(feats.train_X.shape))
print("train Y: " + str(feats.train_Y.shape))
print("dev X: " + str(feats.dev_X.shape))
print("dev Y: " + str(feats.dev_Y.shape))
print("test X: " + str(feats.test_X.shape))
print("test Y: " + str(feats.test_Y.shape))

in_shape = (feats.train_X.shape[1], feats.train_X.shape[2])
print("building LSTM ...")
net = Sequential()

net.add(LSTM(units=128, dropout=0.05, recurrent_dropout=0.35, return_sequences=True, input_shape=in_shape))
net.add(LSTM(units=32,  dropout=0.05, recurrent_dropout=0.35, return_sequences=False))
net.add(Dense(units=feats.train_Y.shape[1], activation="softmax"))

print("compiling ...")
# Keras defaults, for reference:
# Adam   : lr=0.001, beta_1=0.9,  beta_2=0.999, epsilon=1e-8, decay=0.
# RMSprop: lr=0.001, rho=0.9,                   epsilon=1e-8, decay=0.
# SGD    : lr=0.01,  momentum=0.,                             decay=0.
adam = Adam()
net.compile(loss="categorical_crossentropy", optimizer=adam, metrics=["accuracy"])
net.summary()

print("training ...")
t0 = time.time()
bs = 35  # sequences per batch
n_epochs = 50
net.fit(
    feats.train_X,
    feats.train_Y,
    batch_size=bs,
    epochs=n_epochs,
)

print("\nvalidation ...")
loss, acc = net.evaluate(
    feats.dev_X, feats.dev_Y, batch_size=bs, verbose=1
)
print("dev loss:  ", loss)
print("dev accuracy:  ", acc)


print("\ntest ...")
loss, acc = net.evaluate(
    feats.test_X, feats.test_Y, batch_size=bs, verbose=1
)
print("test loss:  ", loss)
print("test accuracy:  ", acc)

t1 = time.time()
print('elapsed: {} s'.format(int(t1-t0)))

# HDF5 weights file
h5_name = "lstm_genre_classifier_lstm.h5"
print("\nsaving " + h5_name)
net.save(h5_name)
# architecture as json
print("writing json ....")
arch_json = net.to_json()
out = Path("./lstm_genre_classifier_lstm.json")
out.write_text(arch_json)

# a second copy of the architecture json
arch_json = net.to_json()
with open("model.json", "w") as jf:
 jf.write(arch_json)
# # weights only
# net.save_weights("model.h5")
print("architecture json written")
