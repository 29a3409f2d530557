# -*- coding: utf-8 -*-
"""
Recurrent regressors for loop-detector speed forecasting.

Keras 2.0-era API.
"""




from keras.preprocessing import sequence
from keras.utils import np_utils
from keras.models import Sequential, load_model
from keras.layers import Dense, Dropout, Activation, Embedding, Input
from keras.layers import LSTM, SimpleRNN, GRU, Merge, merge, Masking
from keras.models import Model
from keras.callbacks import Callback
from keras.callbacks import EarlyStopping
from keras import backend as K
from keras.layers.wrappers import Bidirectional

import numpy as np
from numpy.random import RandomState
from random import shuffle
import datetime

np.random.seed(1024)

class EpochLossLog(Callback):
    def on_train_begin(self, logs={}):
        self.losses = []
        self.val_losses = []

    def on_epoch_end(self, epoch, logs={}):
        self.losses.append(logs.get('loss'))
        self.val_losses.append(logs.get('val_loss'))


def fit_bidir_lstm(feats, targets, epochs = 30, validation_split = 0.2, patience=20):
    inp = Input(shape = (feats.shape[1], feats.shape[2]), name = 'speed')
    
    out = Bidirectional(LSTM(input_shape = (feats.shape[1], feats.shape[2]), output_dim = feats.shape[2], return_sequences=False), merge_mode='ave')(inp)
    
    net = Model(input = [inp], output = [out])
    
    net.summary()
    
    net.compile(loss='mse', optimizer='rmsprop')
    
    log_cb = EpochLossLog()
    stopper = EarlyStopping(monitor='val_loss', min_delta=0.00001, patience=patience, verbose=0, mode='auto')
    net.fit([feats], targets, validation_split = 0.2, nb_epoch = epochs, callbacks=[log_cb, stopper])
    
    return net, log_cb

def fit_two_layer_lstm_masked(feats, targets, epochs = 30, validation_split = 0.2, patience=20):
    
    net = Sequential()
    net.add(Masking(mask_value=0.,input_shape=(feats.shape[1], feats.shape[2])))
    net.add(LSTM(output_dim = feats.shape[2], return_sequences=True, input_shape = (feats.shape[1], feats.shape[2])))
    net.add(LSTM(output_dim = feats.shape[2], return_sequences=False, input_shape = (feats.shape[1], feats.shape[2])))

    net.add(Dense(feats.shape[2]))
    net.compile(loss='mse', optimizer='rmsprop')

    log_cb = EpochLossLog()
    stopper = EarlyStopping(monitor='val_loss', min_delta=0.00001, patience=patience, verbose=0, mode='auto')
    net.fit(feats, targets, validation_split = 0.2, nb_epoch = epochs, callbacks=[log_cb, stopper])

    return net, log_cb

def fit_bidir_then_lstm(feats, targets, epochs = 30, validation_split = 0.2, patience=20):
    inp = Input(shape = (feats.shape[1], feats.shape[2]), name = 'speed')
    
    mid = Bidirectional(LSTM(input_shape = (feats.shape[1], feats.shape[2]), output_dim = feats.shape[2], return_sequences=True), merge_mode='ave')(inp)
    
    out = LSTM(input_shape = (feats.shape[1], feats.shape[2]), output_dim = feats.shape[2])(mid)
    
    net = Model(input = [inp], output = [out])
    
    net.summary()
    
    net.compile(loss='mse', optimizer='rmsprop')
    
    log_cb = EpochLossLog()
    stopper = EarlyStopping(monitor='val_loss', min_delta=0.00001, patience=patience, verbose=0, mode='auto')
    net.fit([feats], targets, validation_split = 0.2, nb_epoch = epochs, callbacks=[log_cb, stopper])
    
    return net, log_cb
