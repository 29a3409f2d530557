
import os
from cv2 import cv2
import numpy as np
from sklearn.model_selection import train_test_split
from keras.models import Sequential
from keras.layers import Dense, Flatten, Conv2D, MaxPool2D, Dropout, Activation
from keras.callbacks import ModelCheckpoint

faces = np.load('data.npy')
onehot = np.load('target.npy')

net = Sequential()

net.add(Conv2D(200, (3,3), input_shape=faces.shape[1:]))
net.add(Activation('relu'))
net.add(MaxPool2D(pool_size=(2,2)))

net.add(Conv2D(100, (3,3)))
net.add(Activation('relu'))
net.add(MaxPool2D(pool_size=(2,2)))

net.add(Flatten())
net.add(Dropout(0.5))
net.add(Dense(50, activation='relu'))
net.add(Dense(2, activation='softmax'))

net.compile(loss="categorical_crossentropy", optimizer='adam', metrics=['accuracy'])

tr_x, te_x, tr_y, te_y = train_test_split(faces, onehot, test_size=0.1)

saver = ModelCheckpoint('model-{epoch:03d}.model', monitor="val_loss", verbose=0, save_best_only=True, mode="auto")
log = net.fit(tr_x, tr_y, epochs=20, callbacks=[saver], validation_split=0.2)
