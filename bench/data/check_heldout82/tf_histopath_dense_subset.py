import pathlib
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import os
import PIL
import tensorflow as tf

from tensorflow import keras
from tensorflow.keras import layers
from tensorflow.keras.models import Sequential
import cv2

''' Expected layout:
data:
    - train:
            - .tif tiles
    -test:
          - .tif tiles
    -train_labels.csv
    
    -sample_submission.csv
'''

# tile size and how many tiles to use

side_h = 96
side_w = 96

n_used = 15000
holdout = 0.3

n_fit = int((1-holdout)*n_used)
n_check = int(holdout*n_used)

fit_x = []
fit_y = []

check_x = []
check_y = []

# label table

table = pd.read_csv('data/train_labels.csv')

# read the first n_used tiles and their labels

for k in range(n_used):
    tile = cv2.imread(os.path.join("data/train",table['id'][k]+'.tif'),cv2.IMREAD_GRAYSCALE)
    fit_x.append(tile)
    fit_y.append(table['label'][k])

# cut off the held-out part
    
check_x = fit_x[n_fit:]
check_y = fit_y[n_fit:]

fit_x = fit_x[:n_fit]
fit_y = fit_y[:n_fit]

# to numpy, flatten every tile and scale to 0..1

fit_x = np.array(fit_x)
check_x = np.array(check_x)

fit_x = np.reshape(fit_x, (n_fit, side_h*side_w))
check_x = np.reshape(check_x, (n_check, side_h*side_w))

fit_x = fit_x.astype(np.float32)
check_x = check_x.astype(np.float32)

fit_x /= 255
check_x /= 255

# one-hot labels

fit_y_oh  = tf.keras.utils.to_categorical(fit_y, 2)
check_y_oh  = tf.keras.utils.to_categorical(check_y, 2)

# a one-hidden-layer net
net = tf.keras.Sequential()
net.add(tf.keras.layers.Dense(512, activation=tf.nn.relu, input_dim=side_h*side_w))
net.add(tf.keras.layers.Dense(2, activation=tf.nn.softmax))

# compile and show it
sgd = tf.keras.optimizers.SGD(learning_rate=0.5)

net.compile(loss='categorical_crossentropy',
              optimizer=sgd,
              metrics=['accuracy'])

net.summary()

# train
net.fit(fit_x, fit_y_oh, epochs=10)

# score on the held-out tiles
loss, acc = net.evaluate(check_x, check_y_oh)
print('held-out accuracy: %.2f' % (acc))

net.save('model1.model')


