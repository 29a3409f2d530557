# source: https://github.com/soheil-mp/Skin-cancer-recoginition/blob/a666bb3d8997b7307f86411a03b7dd7d4334022e/archived/Skin%20cancer%20classification%20and%20localization%20for%20detecting%20melanoma.ipynb
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (notebook cells flattened into one script, in cell order; plotting and single-image prediction dropped)
import numpy as np
import pandas as pd
import os
from sklearn.datasets import load_files
from keras.utils import np_utils

import keras
from keras.preprocessing import image
from tqdm import tqdm
from PIL import ImageFile
from keras.models import Model
from keras.layers import Dense, GlobalAveragePooling2D, Flatten, BatchNormalization, Activation, Dropout
from keras.callbacks import ModelCheckpoint, TensorBoard

ImageFile.LOAD_TRUNCATED_IMAGES = True

image_root = "./Dataset/Image dataset/"
listing = load_files(image_root)
onehot_targets = np_utils.to_categorical(np.array(listing['target']), 2)

train_paths, train_labels = listing['filenames'][:30229], onehot_targets[:30229]
val_paths, val_labels = listing['filenames'][30229:], onehot_targets[30229:]


def file_to_array(path):
    pic = image.load_img(path, target_size=(512, 512))
    arr = image.img_to_array(pic)
    return np.expand_dims(arr, axis=0)


def files_to_array(paths):
    per_image = [file_to_array(p) for p in tqdm(paths)]
    return np.vstack(per_image)


train_x = files_to_array(train_paths).astype('float32') / 255
val_x = files_to_array(val_paths).astype('float32') / 255

np.save("./Saved image tensors/augmented_training_tensors.npy", train_x)
np.save("./Saved image tensors/augmented_validation_tensors.npy", val_x)

train_x = np.load("./Saved image tensors/augmented_training_tensors.npy")
val_x = np.load("./Saved image tensors/augmented_validation_tensors.npy")


def build_mobilenet():
    from keras.applications.mobilenet import MobileNet
    backbone = MobileNet(include_top=False, weights=None, input_shape=(512, 512, 3))
    h = backbone.output
    h = GlobalAveragePooling2D()(h)
    probs = Dense(units=2, activation='softmax')(h)
    net = Model(backbone.input, probs)
    net.compile(optimizer=keras.optimizers.Adam(lr=0.001),
                loss='categorical_crossentropy',
                metrics=['accuracy'])
    return net


def build_inception():
    from keras.applications.inception_v3 import InceptionV3
    backbone = InceptionV3(include_top=False, weights=None, input_shape=(512, 512, 3))
    h = backbone.output
    h = GlobalAveragePooling2D()(h)
    probs = Dense(units=2, activation='softmax')(h)
    net = Model(backbone.input, probs)
    net.compile(optimizer=keras.optimizers.Adam(lr=0.001),
                loss='categorical_crossentropy',
                metrics=['accuracy'])
    return net


def build_xception():
    from keras.applications.xception import Xception
    backbone = Xception(include_top=False, weights=None, input_shape=(512, 512, 3))
    h = backbone.output
    h = GlobalAveragePooling2D()(h)
    probs = Dense(units=2, activation='softmax')(h)
    net = Model(backbone.input, probs)
    net.compile(optimizer=keras.optimizers.Adam(lr=0.001),
                loss='categorical_crossentropy',
                metrics=['accuracy'])
    return net


mobile_net = build_mobilenet()
saver_cb = ModelCheckpoint(filepath='Saved models/weights.best.mobilenet.hdf5', verbose=1, save_best_only=True)
mobile_net.fit(train_x, train_labels,
               batch_size=8,
               validation_data=(val_x, val_labels),
               epochs=5,
               callbacks=[saver_cb],
               verbose=1)
mobile_net.load_weights("./Saved models/weights.best.mobilenet.hdf5")

inception_net = build_inception()
saver_cb = ModelCheckpoint(filepath='Saved models/weights.best.inception.hdf5', verbose=1, save_best_only=True)
inception_net.fit(train_x, train_labels,
                  batch_size=8,
                  validation_data=(val_x, val_labels),
                  epochs=5,
                  callbacks=[saver_cb],
                  verbose=1)
inception_net.load_weights("./Saved models/weights.best.inception.hdf5")

xception_net = build_xception()
board_cb = TensorBoard(log_dir='./logs', histogram_freq=0, batch_size=8)
saver_cb = ModelCheckpoint(filepath='Saved models/weights.best.xception.hdf5', verbose=1, save_best_only=True)
xception_net.fit(train_x, train_labels,
                 batch_size=8,
                 validation_data=(val_x, val_labels),
                 epochs=2,
                 callbacks=[saver_cb, board_cb],
                 verbose=1)
xception_net.load_weights("./Saved models/weights.best.xception.hdf5")
