from keras.layers import Dense, Flatten, Dropout, ZeroPadding3D
from keras.layers.recurrent import LSTM
from keras.models import Sequential, load_model
from keras.optimizers import Adam
from keras.layers.wrappers import TimeDistributed
from keras.layers.convolutional import (Conv2D, MaxPooling3D, Conv3D, MaxPooling2D)
from collections import deque
import sys
import keras
from functools import partial

class NetZoo:
    def __init__(self, num_labels, net_kind, seq_len, feat_dim=2048):

        # settings
        self.seq_len = seq_len
        self.loader_fn = load_model
        self.num_labels = num_labels
        self.pending = deque()

        top3 = partial(keras.metrics.top_k_categorical_accuracy, k=3)

        top3.__name__ = 'top3'

        scores = ['accuracy']
        if self.num_labels >= 5:
            scores.append(top3)

        if net_kind == 'lstm':
            print("building recurrent net")
            self.in_shape = (seq_len, feat_dim)
            print(self.in_shape)
            self.model = self.recurrent()

        elif net_kind == 'lrcn':
            print("building conv+recurrent net")
            self.in_shape = (seq_len, 80, 80, 3)
            self.model = self.conv_recurrent()

        elif net_kind == 'c3d':
            print("building 3d conv net")
            self.in_shape = (seq_len, 80, 80, 3)
            self.model = self.volumetric()

        else:
            print("no such net")
            sys.exit()

        opt = Adam(lr=1e-5, decay=1e-6)
        self.model.compile(loss='categorical_crossentropy', optimizer=opt, metrics=scores)
        print(self.model.summary())

    def conv_recurrent(self):
        # per-frame conv stack then LSTM
        net = Sequential()

        net.add(TimeDistributed(Conv2D(32, (7, 7), strides=(2, 2), activation='relu', padding='same'), input_shape=self.in_shape))
        net.add(TimeDistributed(Conv2D(32, (3, 3), kernel_initializer="he_normal", activation='relu')))
        net.add(TimeDistributed(MaxPooling2D((2, 2), strides=(2, 2))))

        net.add(TimeDistributed(Conv2D(64, (3, 3), padding='same', activation='relu')))
        net.add(TimeDistributed(Conv2D(64, (3, 3), padding='same', activation='relu')))
        net.add(TimeDistributed(MaxPooling2D((2, 2), strides=(2, 2))))

        net.add(TimeDistributed(Conv2D(128, (3, 3), padding='same', activation='relu')))
        net.add(TimeDistributed(Conv2D(128, (3, 3), padding='same', activation='relu')))
        net.add(TimeDistributed(MaxPooling2D((2, 2), strides=(2, 2))))

        net.add(TimeDistributed(Conv2D(256, (3, 3), padding='same', activation='relu')))
        net.add(TimeDistributed(Conv2D(256, (3, 3), padding='same', activation='relu')))
        net.add(TimeDistributed(MaxPooling2D((2, 2), strides=(2, 2))))

        net.add(TimeDistributed(Conv2D(512, (3, 3), padding='same', activation='relu')))
        net.add(TimeDistributed(Conv2D(512, (3, 3), padding='same', activation='relu')))
        net.add(TimeDistributed(MaxPooling2D((2, 2), strides=(2, 2))))

        net.add(TimeDistributed(Flatten()))

        net.add(Dropout(0.5))
        net.add(LSTM(256, return_sequences=False, dropout=0.5))
        net.add(Dense(self.num_labels, activation='softmax'))

        return net

    def recurrent(self):
        # LSTM over precomputed features
        net = Sequential()
        net.add(LSTM(2048, return_sequences=False, input_shape=self.in_shape, dropout=0.5))
        net.add(Dense(512, activation='relu'))
        net.add(Dropout(0.5))
        net.add(Dense(self.num_labels, activation='softmax'))

        return net

    # 3d conv stack
    def volumetric(self):

        net = Sequential()
        net.add(Conv3D(32, (3, 3, 3), activation='relu', input_shape=self.in_shape))
        net.add(MaxPooling3D(pool_size=(1, 2, 2), strides=(1, 2, 2)))
        net.add(Conv3D(64, (3, 3, 3), activation='relu'))
        net.add(MaxPooling3D(pool_size=(1, 2, 2), strides=(1, 2, 2)))
        net.add(Conv3D(128, (3, 3, 3), activation='relu'))
        net.add(Conv3D(128, (3, 3, 3), activation='relu'))
        net.add(MaxPooling3D(pool_size=(1, 2, 2), strides=(1, 2, 2)))
        net.add(Conv3D(256, (2, 2, 2), activation='relu'))
        net.add(Conv3D(256, (2, 2, 2), activation='relu'))
        net.add(MaxPooling3D(pool_size=(1, 2, 2), strides=(1, 2, 2)))

        net.add(Flatten())
        net.add(Dense(1024))
        net.add(Dropout(0.5))
        net.add(Dense(1024))
        net.add(Dropout(0.5))
        net.add(Dense(self.num_labels, activation='softmax'))

        return net
