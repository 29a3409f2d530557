# -*- coding: utf-8 -*-
"""
Fit BCDU-Net (depth 3) on the ISIC 2018 lesion masks prepared by prepare_isic2018.py.
"""
from __future__ import division
import os
os.environ["CUDA_VISIBLE_DEVICES"] = "0"
import models as M
import numpy as np
from keras.callbacks import ModelCheckpoint, TensorBoard,ReduceLROnPlateau
from keras import callbacks
import pickle


# z-score over everything, then stretch each sample to 0..255
def rescale_set(arr):
    out = np.empty(arr.shape)
    sd = np.std(arr)
    mu = np.mean(arr)
    out = (arr-mu)/sd
    for k in range(arr.shape[0]):
        out[k] = ((out[k] - np.min(out[k])) / (np.max(out[k])-np.min(out[k])))*255
    return out
       
    
# ---------------- read the saved splits ----------------
x_fit    = np.load('data_train.npy')
x_test    = np.load('data_test.npy')
x_val   = np.load('data_val.npy')

y_fit    = np.load('mask_train.npy')
y_test    = np.load('mask_test.npy')
y_val   = np.load('mask_val.npy')

y_fit    = np.expand_dims(y_fit, axis=3)
y_test    = np.expand_dims(y_test, axis=3)
y_val   = np.expand_dims(y_val, axis=3)

print('splits read')

x_fit   = rescale_set(x_fit)
x_test   = rescale_set(x_test)
x_val  = rescale_set(x_val)

y_fit   = y_fit /255.
y_test   = y_test /255.
y_val  = y_val /255.

print('splits rescaled')

# network
net = M.BCDU_net_D3(input_size = (256,256,3))
net.summary()

print('fitting')
bs = 8
n_epochs = 100


best_cb = ModelCheckpoint('weight_isic18', save_best_only=True, monitor='val_loss', mode='min')
plateau_cb = ReduceLROnPlateau(monitor='val_loss', factor=0.1, patience=7, verbose=1, epsilon=1e-4, mode='min')
log = net.fit(x_fit,y_fit,
              batch_size=bs,
              epochs=n_epochs,
              shuffle=True,
              verbose=1,
              validation_data=(x_val, y_val), callbacks=[best_cb, plateau_cb] )
  
print('weights written')
with open('hist_isic18', 'wb') as fh:
        pickle.dump(log.history, fh)



