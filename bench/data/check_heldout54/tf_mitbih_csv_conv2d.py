import numpy as np
import pandas as pd 
import matplotlib.pyplot as plt
import tensorflow 
from tensorflow import keras
from tensorflow.keras import utils
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import InputLayer, Conv2D, Flatten, Dense

#Point these at your copies

beats_fit = pd.read_csv("/data/mitbih_train.csv", header=None)
beats_eval = pd.read_csv("/data/mitbih_test_split.csv", header=None)
beats_extra = pd.read_csv("/data/extra_beats.csv")
beats_fit.head()

fit_x = beats_fit.values[:, :-1]
fit_y = beats_fit.values[:, -1].astype(int)

eval_x  = beats_eval.values[:, :-1]
eval_y  = beats_eval.values[:, -1].astype(int)

# extra_x,extra_y = beats_eval.values[:,-1]
extra_x,extra_y = beats_extra.values[:,:-1],beats_extra.values[:,-1].astype(int)
print(fit_x.shape)
print(eval_x.shape)
print(fit_y.shape)
print(eval_y.shape)
print(extra_x.shape)
print(extra_y.shape)

fit_x4 = fit_x.reshape(fit_x.shape[0], fit_x.shape[1], 1, 1)
eval_x4 = eval_x.reshape(eval_x.shape[0], eval_x.shape[1],1, 1)
extra_x = extra_x.reshape(extra_x.shape[0],extra_x.shape[1],1,1)
print(fit_x4.shape)
print(eval_x4.shape)
print(extra_x.shape)

fit_y = utils.to_categorical(fit_y)
eval_y  = utils.to_categorical(eval_y)
extra_y = utils.to_categorical(extra_y,num_classes=5)
print(fit_y.shape)
print(eval_y.shape)
print(extra_y.shape)

in_shape = fit_x4.shape[1:]
n_classes= 5
net = Sequential()
net.add(InputLayer(input_shape=in_shape))
net.add(Conv2D(16, kernel_size=5, activation='relu', padding='same'))
net.add(Flatten())
net.add(Dense(16))
net.add(Dense(n_classes,activation='softmax'))
net.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])
bs = 100
n_epochs = 10
log = net.fit(fit_x4, fit_y, epochs=n_epochs, batch_size=bs, validation_data=(extra_x,extra_y))
net.save_model(net, 'beat_cnn.hdf5')
def score_on(x,y,verbosity):
    res = net.evaluate(x,y,verbose=2)
    return res
