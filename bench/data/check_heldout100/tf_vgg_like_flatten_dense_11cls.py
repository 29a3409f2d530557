from keras.models import Sequential
from keras.layers.core import Flatten, Dense, Dropout
from keras.layers.convolutional import Conv2D, MaxPooling2D, ZeroPadding2D
from keras.optimizers import SGD
import cv2, numpy as np

net = Sequential()
net.add(ZeroPadding2D((1,1),input_shape=(224,224,3)))
net.add(Conv2D(64, (3, 3), activation='relu'))
net.add(ZeroPadding2D((1,1)))
net.add(Conv2D(64, (3, 3), activation='relu'))
net.add(MaxPooling2D((2,2), strides=(2,2)))

net.add(ZeroPadding2D((1,1)))
net.add(Conv2D(128, (3, 3), activation='relu'))
net.add(ZeroPadding2D((1,1)))
net.add(Conv2D(128, (3, 3), activation='relu'))
net.add(MaxPooling2D((2,2), strides=(2,2)))

net.add(ZeroPadding2D((1,1)))
net.add(Conv2D(256, (3, 3), activation='relu'))
net.add(ZeroPadding2D((1,1)))

net.add(ZeroPadding2D((1,1)))
net.add(Conv2D(256, (3, 3), activation='relu'))
net.add(MaxPooling2D((2,2), strides=(2,2)))

net.add(Flatten())
net.add(Dense(4096, activation='relu'))
net.add(Dropout(0.5))
net.add(Dense(4096, activation='relu'))
net.add(Dropout(0.5))
net.add(Dense(11, activation='softmax'))

net.summary()
