import keras
import tensorflow as tf
from keras import layers
from keras.applications import InceptionV3




import cv2
import numpy as np
import sys,os
import time
import matplotlib
import scipy.io
from sklearn.model_selection import train_test_split
from keras import models
from keras import layers
from keras import optimizers
import keras
from keras.models import Input,Model,InputLayer
from keras.layers import Dense, Dropout, Flatten, TimeDistributed
from keras.layers import SeparableConv2D,Conv1D,ConvLSTM2D
from keras.applications import VGG16
from keras.models import model_from_json
from keras.models import load_model
import tensorflow as tf
import pandas as pd
import matplotlib.pyplot as plt
from skimage.transform import resize   # resizing helper
from keras.preprocessing.image import ImageDataGenerator
from keras.layers.recurrent import LSTM
from keras.layers import Bidirectional
import keras.backend as K
from keras.layers.normalization import BatchNormalization
import math

targets = pd.read_csv(r'/data/clips/labels_onehot.csv') # one-hot rows, one per clip
targets.shape
print(targets.shape[:])



index_table = pd.read_csv('clip_index.csv')

all_clips = []

# walk every clip id
for clip_id in index_table.Video_ID:

    frame_names  = os.listdir("/data/clips/Frames/" + clip_id + "/" )

    stack = []
    for frame_name in frame_names:
        picture =  plt.imread("/data/clips/Frames/" + clip_id + "/" + frame_name )
        stack.append (picture)
    stack = np.array(stack)

    all_clips.append(stack)
    np.shape(all_clips)
stack = np.array(all_clips)
#print(np.shape(stack))
#stack = stack.reshape(stack.shape[0], stack.shape[1] , -1)
stack.shape
print(np.shape(stack))
x_fit, x_val, y_fit, y_val = train_test_split(stack, targets, test_size=0.2 ,random_state=43)

bs = 4
n_epochs = 32



clip_in = keras.Input(shape = (stack.shape[1], stack.shape[2] , stack.shape[3] , stack.shape[4]), name='clip')

backbone = InceptionV3(weights='imagenet',include_top=False, pooling='avg')
backbone.trainable =False

per_frame = layers.TimeDistributed(backbone)(clip_in)
rnn_a = Bidirectional(LSTM(1024, dropout=0.1, recurrent_dropout=0.5, return_sequences= True))(per_frame)
rnn_b = Bidirectional(LSTM(1024, dropout=0.1, recurrent_dropout=0.5, return_sequences= False))(rnn_a)
fc_a   = Dense(256, activation = 'sigmoid' )(rnn_b)
bn_a = BatchNormalization()(fc_a)
fc_b   = Dense(32, activation = 'sigmoid')(bn_a)
bn_b= BatchNormalization()(fc_b)
head   = Dense(4, activation='sigmoid')(bn_b)
net = keras.models.Model(input = clip_in , output = head)
print(net.summary())


from keras.optimizers import SGD
opt = SGD(lr=0.002, decay = 1e-5, momentum=0.9, nesterov=True)

net.compile(loss = 'binary_crossentropy',  optimizer=opt, metrics=['accuracy'])
log = net.fit(x_fit, y_fit, shuffle=True, batch_size=bs,epochs=n_epochs,verbose=1, validation_data=(x_val, y_val) )

arch_json = net.to_json()
with open("models/bilstm_clip_net.json", "w") as fh:
    fh.write(arch_json)
net.save_weights("models/bilstm_clip_net_weights.h5")


style = {'legend.fontsize': 20,
          'legend.handlelength': 2,}
plt.rcParams.update(style)

plt.plot(log.history['acc'] , linewidth=3, color="green")
plt.plot(log.history['val_acc'], linewidth=3, color="blue")
plt.title('accuracy per epoch' , fontsize=20)
plt.ylabel('acc' , fontsize=20)
plt.xlabel('epoch' , fontsize=20)
plt.legend( ['fit', 'val'], loc='upper left')
plt.show()
# loss curves
plt.plot(log.history['loss'], linewidth=3, color="green")
plt.plot(log.history['val_loss'],  linewidth=3, color="blue")
plt.title('loss per epoch' , fontsize=20)
plt.ylabel('loss' , fontsize=20)
plt.xlabel('epoch' , fontsize=20)
plt.legend( ['fit', 'val'], loc='upper left')
plt.show()


'''
res = net.evaluate(x_fit, y_fit)
print(net.metrics_names)
print(res)

res = net.evaluate(x_val, y_val)
print(net.metrics_names)
print(res)

res = net.evaluate(stack, targets)
print(net.metrics_names)
print(res)

'''


