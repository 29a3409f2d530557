#============================================================
# One-step LSTM forecast of household power use
#
#    
#============================================================
from __future__ import print_function

import tensorflow as tf
from keras.backend.tensorflow_backend import set_session

import keras
from keras.models import Sequential
from keras.layers.core import Dense, Activation
from keras.layers.recurrent import LSTM
from keras.optimizers import Adam
from keras.callbacks import EarlyStopping
from load_csv_data import load_time_series

import numpy as np
import matplotlib.pyplot as plt
import argparse


if __name__ == '__main__':
    cli = argparse.ArgumentParser(description='')
    cli.add_argument('-d','--debug',action='store_true',default=False, help='small run on the first rows')
    cli.add_argument('-e','--epochs',default=10,type=int, help='number of epochs')
    cli.add_argument('--test-size',default=0.1, help='share of windows held out')
    cli.add_argument('--not-record', '-nr', action='store_true', default=False)
    cli.add_argument('-t', '--time_steps',default=20, type=int, help='window length in steps')
    opts = cli.parse_args()

    #============================
    #         settings
    #============================
    window_len = opts.time_steps # steps per window
    n_inputs = 7
    n_outputs = 1
    hidden_units = 100

    #============================
    #          network
    #============================
    lstm_layer = LSTM(hidden_units,
                activation='tanh',
                input_shape=(window_len, n_inputs),
                dropout=0.2,
                recurrent_dropout=0.2, 
                return_sequences=False
                )

    model = Sequential()
    model.add(lstm_layer)
    model.add(Dense(units=n_outputs, activation='linear'))
    model.compile(loss="mean_squared_error",
                  optimizer=Adam(lr=0.001)
                #   metrics=['accuracy']
                  )
    model.summary()

    # read and window the data
    (train_X, test_X), (train_y, test_y) = load_time_series(quick=opts.debug, 
                                                            test_share=opts.test_size,
                                                            window=window_len)

    #============================
    #         callbacks
    #============================
    stop_cb = EarlyStopping(monitor='val_loss', mode='auto', patience=20)
    cb_list = [stop_cb]

    #============================
    #         fitting
    #============================
    fit_log = model.fit(train_X, train_y,
            batch_size=256,
            epochs=opts.epochs,
            callbacks=cb_list,
            verbose=1, # 2
            validation_split=0.2
            )

    #============================
    #         forecasting
    #============================
    test_X = test_X[500:700]
    test_y = test_y[500:700]
    pred_y = model.predict(test_X)

    #=============================
    #     plot the forecast
    #=============================
    fig = plt.figure() # new figure
    ax = fig.add_subplot(1,1,1)
    ax.plot(range(len(test_y)), test_y, color="blue", label="measured")
    ax.plot(range(len(pred_y)), pred_y, color="red", label="forecast")
    ax.legend(loc='best')
    ax.grid(which='both')
    ax.set_xlabel('step')
    ax.set_ylabel('Global_active_power')
    fig.savefig('results/result.png')
    plt.close()
