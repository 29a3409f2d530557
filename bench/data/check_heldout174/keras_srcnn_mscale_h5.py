"""SRCNN training in Keras (Theano ordering) on multi-scale Y-channel patches stored in HDF5."""

from __future__ import print_function
import numpy as np
from keras.layers import Input, Convolution2D, merge
from keras.models import Model
from keras.callbacks import LearningRateScheduler
from keras import backend as K
from keras.optimizers import Adam
import matplotlib.pyplot as plt
import h5py
import math

def PSNRLoss(y_true, y_pred):
    """Negative-free PSNR metric: inputs are in [0, 1], so only the -10*log10(MSE) term remains."""
    return -10. * np.log10(K.mean(K.square(y_pred - y_true)))

def step_decay(epoch):
	initial_lrate = 0.001
	drop = 0.1
	epochs_drop = 20
	lrate = initial_lrate * math.pow(drop, math.floor((1+epoch)/epochs_drop))
	return lrate

batch_size = 64
nb_epoch = 50
img_rows, img_cols = 33, 33
out_rows, out_cols = 33, 33
n1 = 64
n2 = 32
n3 = 1
f1 = 9
f2 = 1
f3 = 5
# patches written by the MATLAB script train/generate_train.m
file = h5py.File('train/train_mscale.h5', 'r')
in_train = file['data'][:]
out_train = file['label'][:]
file.close()
file = h5py.File('train/test_mscale.h5', 'r')
in_test = file['data'][:]
out_test = file['label'][:]
file.close()
in_train = in_train.astype('float32')
out_train = out_train.astype('float32')
in_test = in_test.astype('float32')
out_test = out_test.astype('float32')
if K.image_dim_ordering() == 'th':
    in_train = in_train.reshape(in_train.shape[0], 1, img_rows, img_cols)
    in_test  = in_test.reshape(in_test.shape[0], 1, img_rows, img_cols)
    out_train = out_train.reshape(out_train.shape[0], 1, out_rows, out_cols)
    out_test = out_test.reshape(out_test.shape[0], 1, out_rows, out_cols)
    input_shape = (1, img_rows, img_cols)

print('in_train shape:', in_train.shape)
print(in_train.shape[0], 'train samples')
print(in_test.shape[0], 'test samples')
x = Input(shape = input_shape)
c1 = Convolution2D(n1, f1,f1, activation = 'relu', init = 'he_normal', border_mode='same')(x)
c2 = Convolution2D(n2, f2, f2, activation = 'relu', init = 'he_normal', border_mode='same')(c1)
c3 = Convolution2D(n3, f3, f3, init = 'he_normal', border_mode='same')(c2)
model = Model(input = x, output = c3)
adam = Adam(lr=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-8) 
model.compile(loss='mse', metrics=[PSNRLoss], optimizer=adam)     
lrate = LearningRateScheduler(step_decay)
callbacks_list = [lrate]
history = model.fit(in_train, out_train, batch_size=batch_size, nb_epoch=nb_epoch, callbacks = [lrate],
          verbose=1, validation_data=(in_test, out_test))            
print(history.history.keys())
json_string = model.to_json()  
open('srcnn_model.json','w').write(json_string)  
model.save_weights('srcnn_model_weights.h5') 
plt.plot(history.history['PSNRLoss'])
plt.plot(history.history['val_PSNRLoss'])
plt.title('model loss')
plt.ylabel('PSNR/dB')
plt.xlabel('epoch')
plt.legend(['train', 'test'], loc='lower right')
plt.show()




