from __future__ import division

import numpy as np
from keras.models import Model
from keras.layers import Input, merge, Convolution2D, MaxPooling2D, UpSampling2D, Cropping2D

from keras import backend as K

import keras
import h5py

from keras.layers.normalization import BatchNormalization


from keras.optimizers import Nadam
from keras.callbacks import History
import pandas as pd
from keras.backend import binary_crossentropy

import datetime
import os

import random
import threading

from keras.models import model_from_json

img_rows = 112
img_cols = 112


EPS = 1e-12

num_channels = 16
num_mask_channels = 1


def iou_soft(y_true, y_pred):
    overlap = K.sum(y_true * y_pred, axis=[0, -1, -2])
    total = K.sum(y_true + y_pred, axis=[0, -1, -2])

    ratio = (overlap + EPS) / (total - overlap + EPS)

    return K.mean(ratio)


def iou_hard(y_true, y_pred):
    y_bin = K.round(K.clip(y_pred, 0, 1))

    overlap = K.sum(y_true * y_bin, axis=[0, -1, -2])
    total = K.sum(y_true + y_bin, axis=[0, -1, -2])

    ratio = (overlap + EPS) / (total - overlap + EPS)

    return K.mean(ratio)


def iou_bce_loss(y_true, y_pred):
    return -K.log(iou_soft(y_true, y_pred)) + binary_crossentropy(y_pred, y_true)


def build_unet():
    inputs = Input((num_channels, img_rows, img_cols))
    blk1 = Convolution2D(32, 3, 3, border_mode='same', init='he_uniform')(inputs)
    blk1 = BatchNormalization(mode=0, axis=1)(blk1)
    blk1 = keras.layers.advanced_activations.ELU()(blk1)
    blk1 = Convolution2D(32, 3, 3, border_mode='same', init='he_uniform')(blk1)
    blk1 = BatchNormalization(mode=0, axis=1)(blk1)
    blk1 = keras.layers.advanced_activations.ELU()(blk1)
    down1 = MaxPooling2D(pool_size=(2, 2))(blk1)

    blk2 = Convolution2D(64, 3, 3, border_mode='same', init='he_uniform')(down1)
    blk2 = BatchNormalization(mode=0, axis=1)(blk2)
    blk2 = keras.layers.advanced_activations.ELU()(blk2)
    blk2 = Convolution2D(64, 3, 3, border_mode='same', init='he_uniform')(blk2)
    blk2 = BatchNormalization(mode=0, axis=1)(blk2)
    blk2 = keras.layers.advanced_activations.ELU()(blk2)
    down2 = MaxPooling2D(pool_size=(2, 2))(blk2)

    blk3 = Convolution2D(128, 3, 3, border_mode='same', init='he_uniform')(down2)
    blk3 = BatchNormalization(mode=0, axis=1)(blk3)
    blk3 = keras.layers.advanced_activations.ELU()(blk3)
    blk3 = Convolution2D(128, 3, 3, border_mode='same', init='he_uniform')(blk3)
    blk3 = BatchNormalization(mode=0, axis=1)(blk3)
    blk3 = keras.layers.advanced_activations.ELU()(blk3)
    down3 = MaxPooling2D(pool_size=(2, 2))(blk3)

    blk4 = Convolution2D(256, 3, 3, border_mode='same', init='he_uniform')(down3)
    blk4 = BatchNormalization(mode=0, axis=1)(blk4)
    blk4 = keras.layers.advanced_activations.ELU()(blk4)
    blk4 = Convolution2D(256, 3, 3, border_mode='same', init='he_uniform')(blk4)
    blk4 = BatchNormalization(mode=0, axis=1)(blk4)
    blk4 = keras.layers.advanced_activations.ELU()(blk4)
    down4 = MaxPooling2D(pool_size=(2, 2))(blk4)

    blk5 = Convolution2D(512, 3, 3, border_mode='same', init='he_uniform')(down4)
    blk5 = BatchNormalization(mode=0, axis=1)(blk5)
    blk5 = keras.layers.advanced_activations.ELU()(blk5)
    blk5 = Convolution2D(512, 3, 3, border_mode='same', init='he_uniform')(blk5)
    blk5 = BatchNormalization(mode=0, axis=1)(blk5)
    blk5 = keras.layers.advanced_activations.ELU()(blk5)

    cat6 = merge([UpSampling2D(size=(2, 2))(blk5), blk4], mode='concat', concat_axis=1)
    blk6 = Convolution2D(256, 3, 3, border_mode='same', init='he_uniform')(cat6)
    blk6 = BatchNormalization(mode=0, axis=1)(blk6)
    blk6 = keras.layers.advanced_activations.ELU()(blk6)
    blk6 = Convolution2D(256, 3, 3, border_mode='same', init='he_uniform')(blk6)
    blk6 = BatchNormalization(mode=0, axis=1)(blk6)
    blk6 = keras.layers.advanced_activations.ELU()(blk6)

    cat7 = merge([UpSampling2D(size=(2, 2))(blk6), blk3], mode='concat', concat_axis=1)
    blk7 = Convolution2D(128, 3, 3, border_mode='same', init='he_uniform')(cat7)
    blk7 = BatchNormalization(mode=0, axis=1)(blk7)
    blk7 = keras.layers.advanced_activations.ELU()(blk7)
    blk7 = Convolution2D(128, 3, 3, border_mode='same', init='he_uniform')(blk7)
    blk7 = BatchNormalization(mode=0, axis=1)(blk7)
    blk7 = keras.layers.advanced_activations.ELU()(blk7)

    cat8 = merge([UpSampling2D(size=(2, 2))(blk7), blk2], mode='concat', concat_axis=1)
    blk8 = Convolution2D(64, 3, 3, border_mode='same', init='he_uniform')(cat8)
    blk8 = BatchNormalization(mode=0, axis=1)(blk8)
    blk8 = keras.layers.advanced_activations.ELU()(blk8)
    blk8 = Convolution2D(64, 3, 3, border_mode='same', init='he_uniform')(blk8)
    blk8 = BatchNormalization(mode=0, axis=1)(blk8)
    blk8 = keras.layers.advanced_activations.ELU()(blk8)

    cat9 = merge([UpSampling2D(size=(2, 2))(blk8), blk1], mode='concat', concat_axis=1)
    blk9 = Convolution2D(32, 3, 3, border_mode='same', init='he_uniform')(cat9)
    blk9 = BatchNormalization(mode=0, axis=1)(blk9)
    blk9 = keras.layers.advanced_activations.ELU()(blk9)
    blk9 = Convolution2D(32, 3, 3, border_mode='same', init='he_uniform')(blk9)
    trimmed9 = Cropping2D(cropping=((16, 16), (16, 16)))(blk9)
    blk9 = BatchNormalization(mode=0, axis=1)(trimmed9)
    blk9 = keras.layers.advanced_activations.ELU()(blk9)
    blk10 = Convolution2D(num_mask_channels, 1, 1, activation='sigmoid')(blk9)

    model = Model(input=inputs, output=blk10)

    return model


def mirror_axis(x, axis):
    x = np.asarray(x).swapaxes(axis, 0)
    x = x[::-1, ...]
    x = x.swapaxes(0, axis)
    return x


def sample_crops(X, y, batch_size):
    xs = np.zeros((batch_size, num_channels, img_rows, img_cols))
    ys = np.zeros((batch_size, num_mask_channels, img_rows, img_cols))
    full_h = X.shape[2]
    full_w = X.shape[3]

    for i in range(batch_size):
        x0 = random.randint(0, full_w - img_cols - 1)
        y0 = random.randint(0, full_h - img_rows - 1)

        pick = random.randint(0, X.shape[0] - 1)

        ys[i] = y[pick, :, y0: y0 + img_rows, x0: x0 + img_cols]
        xs[i] = np.array(X[pick, :, y0: y0 + img_rows, x0: x0 + img_cols])
    return xs, ys


class LockedIter:
    """Wraps a generator so that several loader threads can call next() on it
    one after another (a lock guards each call).
    """
    def __init__(self, it):
        self.it = it
        self.lock = threading.Lock()

    def __iter__(self):
        return self

    def next(self):
        with self.lock:
            return self.it.next()


def locked_generator(f):
    """Decorator: the wrapped generator function returns a LockedIter.
    """
    def g(*a, **kw):
        return LockedIter(f(*a, **kw))
    return g


@locked_generator
def crop_stream(X, y, batch_size, horizontal_flip=False, vertical_flip=False, swap_axis=False):
    while True:
        xs, ys = sample_crops(X, y, batch_size)

        for i in range(xs.shape[0]):
            xb = xs[i]
            yb = ys[i]

            if horizontal_flip:
                if np.random.random() < 0.5:
                    xb = mirror_axis(xb, 1)
                    yb = mirror_axis(yb, 1)

            if vertical_flip:
                if np.random.random() < 0.5:
                    xb = mirror_axis(xb, 2)
                    yb = mirror_axis(yb, 2)

            if swap_axis:
                if np.random.random() < 0.5:
                    xb = xb.swapaxes(1, 2)
                    yb = yb.swapaxes(1, 2)

            xs[i] = xb
            ys[i] = yb

        yield xs, ys[:, :, 16:16 + img_rows - 32, 16:16 + img_cols - 32]


def store_net(model, cross):
    json_string = model.to_json()
    if not os.path.isdir('cache'):
        os.mkdir('cache')
    json_name = 'architecture_' + cross + '.json'
    weight_name = 'model_weights_' + cross + '.h5'
    open(os.path.join('cache', json_name), 'w').write(json_string)
    model.save_weights(os.path.join('cache', weight_name), overwrite=True)


def store_history(history, suffix):
    filename = 'history/history_' + suffix + '.csv'
    pd.DataFrame(history.history).to_csv(filename, index=False)


def reload_net(cross=''):
    json_name = 'architecture_' + cross + '.json'
    weight_name = 'model_weights_' + cross + '.h5'
    model = model_from_json(open(os.path.join('../src/cache', json_name)).read())
    model.load_weights(os.path.join('../src/cache', weight_name))
    return model


if __name__ == '__main__':
    data_path = '../data'
    now = datetime.datetime.now()

    print('[{}] building the network'.format(str(datetime.datetime.now())))

    model = build_unet()

    print('[{}] opening the cached scenes'.format(str(datetime.datetime.now())))
    h5 = h5py.File(os.path.join(data_path, 'train_16.h5'), 'r')

    bands = h5['train']

    masks = np.array(h5['train_mask'])[:, 0]
    masks = np.expand_dims(masks, 1)
    print(masks.shape)

    scene_ids = np.array(h5['train_ids'])

    batch_size = 128
    nb_epoch = 50

    history = History()
    callbacks = [
        history,
    ]

    suffix = 'bld_run3_'
    model.compile(optimizer=Nadam(lr=1e-3), loss=iou_bce_loss, metrics=['binary_crossentropy', iou_hard])
    model.fit_generator(crop_stream(bands, masks, batch_size, horizontal_flip=True, vertical_flip=True, swap_axis=True),
                        nb_epoch=nb_epoch,
                        verbose=1,
                        samples_per_epoch=batch_size * 400,
                        callbacks=callbacks,
                        nb_worker=8
                        )

    store_net(model, "{batch}_{epoch}_{suffix}".format(batch=batch_size, epoch=nb_epoch, suffix=suffix))
    store_history(history, suffix)

    h5.close()
