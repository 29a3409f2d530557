# source: https://github.com/HappyLantern/MasterThesis/blob/9381a8c4b3b5cbe7fd925ba45e44042a49182686/binary_class.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
from keras import layers
from keras import models
from keras.utils import to_categorical

import numpy as np


scans = np.load('images.npy')
targets = np.load('labels.npy')

scans = scans.reshape((10385, 256 * 256))
scans = scans.astype('float32') / 65536
print(scans.shape, targets.shape)

net = models.Sequential()
net.add(layers.Dense(1024, activation='relu', input_shape=(256 * 256,)))
net.add(layers.Dense(512, activation='relu', input_shape=(256 * 256,)))
net.add(layers.Dense(128, activation='relu', input_shape=(256 * 256,)))
net.add(layers.Dense(1, activation='sigmoid'))

net.compile(optimizer='rmsprop',
            loss='binary_crossentropy',
            metrics=['precision', 'F1'])

net.fit(scans, targets, epochs=5, batch_size=32)
