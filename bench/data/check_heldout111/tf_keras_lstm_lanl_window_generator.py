#!/usr/bin/env python
# coding: utf-8








import pandas as pd
import numpy as np
import matplotlib. pyplot as plt




signal_ttf = pd.read_csv("./data/train.csv", dtype={"acoustic_data": np.float32, "time_to_failure": np.float32}).values









import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader






def window_stats(win):
    return np.c_[win.mean(axis=1),
                 np.percentile(np.abs(win), q=[0, 25, 50, 75, 100], axis=1).T,
                 win.std(axis=1)]





def make_features(sig, last_index=None, n_steps=150, step_length=1000):
    if last_index == None:
        last_index=len(sig)

    assert last_index - n_steps * step_length >= 0


    scaled = (sig[(last_index - n_steps * step_length):last_index].reshape(n_steps, -1) - 5 ) / 3



    return np.c_[window_stats(scaled),
                 window_stats(scaled[:, -step_length // 10:]),
                 window_stats(scaled[:, -step_length // 100:])]





n_feats = make_features(signal_ttf[0:150000]).shape[1]







def sample_batches(arr, min_index=0, max_index=None, batch_size=32, n_steps=150, step_length=1000):
    if max_index is None:
        max_index = len(arr) - 1

    while True:

        ends = np.random.randint(min_index + n_steps * step_length, max_index, size=batch_size)


        xb = np.zeros((batch_size, n_steps, n_feats))
        yb = np.zeros(batch_size, )

        for k, end_pos in enumerate(ends):
            xb[k] = make_features(arr[:, 0], last_index=end_pos, n_steps=n_steps, step_length=step_length)
            yb[k] = arr[end_pos - 1, 1]
        yield xb, yb

batch_size = 32



split_pos = 50085877
signal_ttf[split_pos, 1]


fit_stream = sample_batches(signal_ttf, batch_size=batch_size)

val_stream = sample_batches(signal_ttf, batch_size=batch_size, max_index=split_pos)





print(len(signal_ttf))





import keras
from keras.models import Sequential
from keras.layers import Dense, Dropout, Flatten, LSTM, Bidirectional
from keras.optimizers import adam
from keras.callbacks import ModelCheckpoint
from keras.regularizers import l2



net = Sequential()

net.add(LSTM(units=512, kernel_initializer="RandomUniform",return_sequences=True, input_shape=(None,n_feats)))
net.add(Dropout(0.3))

net.add(LSTM(units=256))
net.add(Dropout(0.3))

net.add(Dense(64, activation="relu",kernel_regularizer=l2(1e-4), bias_regularizer=l2(1e-4)))
net.add(Dropout(0.2))


net.add(Dense(units=1))




net.summary()


optim = keras.optimizers.Adam(learning_rate=1e-5)

net.compile(optimizer=optim,loss='mae')



hist = net.fit_generator(fit_stream,
                              steps_per_epoch=1000,
                              epochs=20,
                              verbose=1,
                              validation_data=val_stream,
                              validation_steps=200
                             )






print(hist.history.keys())



plt.plot(hist.history['loss'])
plt.plot(hist.history['val_loss'])
plt.title('loss per epoch')
plt.ylabel('loss')
plt.xlabel('epoch')
plt.legend(['fit', 'val'], loc='upper left')
plt.show()





net.save("lstm_windows.h5")
print("weights written")

