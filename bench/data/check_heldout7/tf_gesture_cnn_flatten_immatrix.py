#!/usr/bin/env python2
# -*- coding: utf-8 -*-
"""
Hand-gesture CNN (5 classes): build, train on a folder of images, save weights.

Python 2 era Keras, channels-first.
"""

from keras.models import Sequential
from keras.layers import Dense, Dropout, Activation, Flatten
from keras.layers import Conv2D, MaxPooling2D, ZeroPadding2D
from keras.optimizers import SGD, RMSprop, adam
from keras.utils import np_utils

# channels-first ordering, as the Theano backend expects
from keras import backend as K
K.set_image_dim_ordering('th')

import numpy as np
import os
from PIL import Image
# scikit-learn helpers
from sklearn.utils import shuffle
from sklearn.model_selection import train_test_split
import json

# image size in pixels
img_h, img_w = 200, 200

# one channel per pixel:
# 1 for grey images, 3 for RGB
img_ch = 1

# images per step
train_batch = 32

# how many gestures are told apart
n_gestures = 5

# passes over the training data
epoch_total = 15  # 25 in an earlier run

# filters in each conv layer
conv_filters = 32
# pooling window
pool_sz = 2
# kernel side
kernel_sz = 3

#%%
# where the data lives
save_path = "./"
gestures_path = "./gestures"    # raw gesture images

# folder the training images are read from
train_img_path = './imgfolder_b'

weight_files = ["ori_4015imgs_weights.hdf5", "bw_4015imgs_weights.hdf5", "bw_2510imgs_weights.hdf5", "./bw_weight.hdf5", "./final_c_weights.hdf5", "./semiVgg_1_weights.hdf5", "/new_wt_dropout20.hdf5", "./weights-CNN-gesture_skinmask.hdf5"]

# class names
gesture_names = ["OK", "NOTHING", "PEACE", "PUNCH", "STOP"]


#%%
def visible_files(folder):
    entries = os.listdir(folder)
    kept = []
    for entry in entries:
        # skip dot files and dot folders
        if entry.startswith('.'):
            continue
        kept.append(entry)
    return kept


# build the network (and optionally load saved weights)
def build_gesture_model(weights_idx):
    global probe_fn
    gesture_model = Sequential()

    gesture_model.add(Conv2D(conv_filters, (kernel_sz, kernel_sz),
                        padding='valid',
                        input_shape=(img_ch, img_h, img_w)))
    act1 = Activation('relu')
    gesture_model.add(act1)
    gesture_model.add(Conv2D(conv_filters, (kernel_sz, kernel_sz)))
    act2 = Activation('relu')
    gesture_model.add(act2)
    gesture_model.add(MaxPooling2D(pool_size=(pool_sz, pool_sz)))
    gesture_model.add(Dropout(0.5))

    gesture_model.add(Flatten())
    gesture_model.add(Dense(128))
    gesture_model.add(Activation('relu'))
    gesture_model.add(Dropout(0.5))
    gesture_model.add(Dense(n_gestures))
    gesture_model.add(Activation('softmax'))

    gesture_model.compile(loss='categorical_crossentropy', optimizer='adadelta', metrics=['accuracy'])

    # print the layer table
    gesture_model.summary()
    # read back the config
    gesture_model.get_config()

    if weights_idx >= 0:
        # restore saved weights
        weights_file = weight_files[int(weights_idx)]
        print("restoring weights from", weights_file)
        gesture_model.load_weights(weights_file)

    probe_layer = gesture_model.layers[11]
    probe_fn = K.function([gesture_model.layers[0].input, K.learning_phase()], [probe_layer.output,])

    return gesture_model


#%%
def read_train_images():
    img_files = visible_files(train_img_path)

    first_img = np.array(Image.open(train_img_path + '/' + img_files[0])) # first image, only for its size

    h0, w0 = first_img.shape[0:2] # height, width
    n_images = len(img_files) # how many images

    # every image, grey, flattened, in one float matrix
    img_matrix = np.array([np.array(Image.open(train_img_path + '/' + img_file).convert('L')).flatten()
                         for img_file in sorted(img_files)], dtype = 'f')

    print(img_matrix.shape)

    input("press Enter to go on")

    #########################################################
    ## equal-sized runs of images get labels 0..n-1
    ##
    labels = np.ones((n_images,), dtype = int)

    per_class = n_images / n_gestures
    print("images per gesture:", per_class)
    lo = 0
    hi = per_class
    for cls in range(n_gestures):
        labels[lo:hi] = cls
        lo = hi
        hi = lo + per_class

    data_shuf, labels_shuf = shuffle(img_matrix, labels, random_state=2)
    train_pair = [data_shuf, labels_shuf]

    (X_all, y_all) = (train_pair[0], train_pair[1])

    # hold out a test part

    train_X, test_X, train_y, test_y = train_test_split(X_all, y_all, test_size=0.2, random_state=4)

    train_X = train_X.reshape(train_X.shape[0], img_ch, img_h, img_w)
    test_X = test_X.reshape(test_X.shape[0], img_ch, img_h, img_w)

    train_X = train_X.astype('float32')
    test_X = test_X.astype('float32')

    # scale to 0..1
    train_X /= 255
    test_X /= 255

    # one-hot targets
    train_Y = np_utils.to_categorical(train_y, n_gestures)
    test_Y = np_utils.to_categorical(test_y, n_gestures)
    return train_X, test_X, train_Y, test_Y


def fit_gesture_model(gesture_model):

    # data for this run
    train_X, test_X, train_Y, test_Y = read_train_images()

    # fit on the whole array
    history = gesture_model.fit(train_X, train_Y, batch_size=train_batch, epochs=epoch_total,
                 verbose=1, validation_split=0.2)

    reply = input("Save these weights? (y/n) ")
    if reply == 'y':
        out_name = input("Weights file name: ")
        weights_file = save_path + str(out_name) + ".hdf5"
        gesture_model.save_weights(weights_file, overwrite=True)
    else:
        gesture_model.save_weights("newWeight.hdf5", overwrite=True)


# what the tracker script runs for its "train" menu option
if __name__ == "__main__":
    net = build_gesture_model(-1)
    fit_gesture_model(net)
