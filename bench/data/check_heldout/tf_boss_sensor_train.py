# source: https://github.com/Hironsan/BossSensor/blob/11b1e140efe94c54b9fdea0a4f2c22c5e57549da/boss_train.py + boss_input.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import os
import random

import cv2
import numpy as np
from sklearn.cross_validation import train_test_split
from keras.preprocessing.image import ImageDataGenerator
from keras.models import Sequential, load_model
from keras.layers import Dense, Dropout, Activation, Flatten
from keras.layers import Convolution2D, MaxPooling2D
from keras.optimizers import SGD
from keras.utils import np_utils
from keras import backend as K

FACE = 64


def pad_and_resize(img, height=FACE, width=FACE):
    h, w, _ = img.shape
    longest = max(h, w)
    top = bottom = left = right = 0
    if h < longest:
        gap = longest - h
        top = gap // 2
        bottom = gap - top
    elif w < longest:
        gap = longest - w
        left = gap // 2
        right = gap - left
    bordered = cv2.copyMakeBorder(img, top, bottom, left, right, cv2.BORDER_CONSTANT, value=[0, 0, 0])
    return cv2.resize(bordered, (height, width))


faces = []
owners = []


def walk(folder):
    for entry in os.listdir(folder):
        full = os.path.abspath(os.path.join(folder, entry))
        if os.path.isdir(full):
            walk(full)
        elif entry.endswith('.jpg'):
            faces.append(load_face(full))
            owners.append(folder)
    return faces, owners


def load_face(path):
    img = cv2.imread(path)
    return pad_and_resize(img, FACE, FACE)


def collect(folder):
    pics, who = walk(folder)
    pics = np.array(pics)
    ids = dict([(name, i) for i, name in enumerate(set(who))])
    who = np.array([ids[name] for name in who])
    return pics, who


class FaceData(object):
    def __init__(self):
        self.x_train = None
        self.x_test = None
        self.y_train = None
        self.y_test = None

    def read(self, rows=FACE, cols=FACE, n_classes=2):
        pics, who = collect('./data/')
        who = np.reshape(who, [-1])
        x_train, x_test, y_train, y_test = train_test_split(pics, who, test_size=0.2, random_state=random.randint(0, 100))
        if K.image_dim_ordering() == 'th':
            x_train = x_train.reshape(x_train.shape[0], 3, rows, cols)
            x_test = x_test.reshape(x_test.shape[0], 3, rows, cols)
        else:
            x_train = x_train.reshape(x_train.shape[0], rows, cols, 3)
            x_test = x_test.reshape(x_test.shape[0], rows, cols, 3)
        y_train = np_utils.to_categorical(y_train, n_classes)
        y_test = np_utils.to_categorical(y_test, n_classes)
        x_train = x_train.astype('float32')
        x_test = x_test.astype('float32')
        x_train /= 255
        x_test /= 255
        self.x_train = x_train
        self.x_test = x_test
        self.y_train = y_train
        self.y_test = y_test


class FaceModel(object):
    PATH = './store/model.h5'

    def __init__(self):
        self.net = None

    def build(self, data, n_classes=2):
        self.net = Sequential()
        self.net.add(Convolution2D(32, 3, 3, border_mode='same', input_shape=data.x_train.shape[1:]))
        self.net.add(Activation('relu'))
        self.net.add(Convolution2D(32, 3, 3))
        self.net.add(Activation('relu'))
        self.net.add(MaxPooling2D(pool_size=(2, 2)))
        self.net.add(Dropout(0.25))
        self.net.add(Convolution2D(64, 3, 3, border_mode='same'))
        self.net.add(Activation('relu'))
        self.net.add(Convolution2D(64, 3, 3))
        self.net.add(Activation('relu'))
        self.net.add(MaxPooling2D(pool_size=(2, 2)))
        self.net.add(Dropout(0.25))
        self.net.add(Flatten())
        self.net.add(Dense(512))
        self.net.add(Activation('relu'))
        self.net.add(Dropout(0.5))
        self.net.add(Dense(n_classes))
        self.net.add(Activation('softmax'))

    def train(self, data, batch_size=32, nb_epoch=40, augment=True):
        sgd = SGD(lr=0.01, decay=1e-6, momentum=0.9, nesterov=True)
        self.net.compile(loss='categorical_crossentropy', optimizer=sgd, metrics=['accuracy'])
        if not augment:
            self.net.fit(data.x_train, data.y_train, batch_size=batch_size, nb_epoch=nb_epoch,
                         validation_data=(data.x_test, data.y_test), shuffle=True)
        else:
            gen = ImageDataGenerator(featurewise_center=False, samplewise_center=False,
                                     featurewise_std_normalization=False, samplewise_std_normalization=False,
                                     zca_whitening=False, rotation_range=0, width_shift_range=0.1,
                                     height_shift_range=0.1, horizontal_flip=True, vertical_flip=False)
            gen.fit(data.x_train)
            self.net.fit_generator(gen.flow(data.x_train, data.y_train, batch_size=batch_size),
                                   samples_per_epoch=data.x_train.shape[0], nb_epoch=nb_epoch,
                                   validation_data=(data.x_test, data.y_test))

    def save(self, path=PATH):
        self.net.save(path)

    def load(self, path=PATH):
        self.net = load_model(path)

    def evaluate(self, data):
        score = self.net.evaluate(data.x_test, data.y_test, verbose=0)
        print(self.net.metrics_names[1], score[1] * 100)


if __name__ == '__main__':
    data = FaceData()
    data.read()
    model = FaceModel()
    model.build(data)
    model.train(data, nb_epoch=10)
    model.save()
    model = FaceModel()
    model.load()
    model.evaluate(data)
