import numpy as np

import pandas as pd

import cv2

import glob

import matplotlib.pyplot as plt

import matplotlib.image as mpimg

from sklearn.model_selection import train_test_split

import tensorflow

import random

from keras.callbacks import EarlyStopping

from PIL import Image

import h5py

import os

print(os.listdir("../input"))
TRAIN_ROOT = '../input/state-farm-distracted-driver-detection/train'

TEST_ROOT = '../input/state-farm-distracted-driver-detection/test/'

EXTRA_DIR = '../input/driver/'

CLASS_DIRS = ['c0','c1','c2','c3','c4','c5','c6','c7','c8','c9']
train_pairs = []

test_pairs = []
def read_train_images():

    for cls in CLASS_DIRS:

        cls_dir = os.path.join(TRAIN_ROOT,cls)

        cls_id = CLASS_DIRS.index(cls)

        

        for fn in os.listdir(cls_dir):

            gray = cv2.imread(os.path.join(cls_dir,fn),cv2.IMREAD_GRAYSCALE)

            small = cv2.resize(gray,(240,240))

            train_pairs.append([

                small,cls_id])
def read_test_images():        

    for fn in os.listdir(TEST_ROOT):

        gray = cv2.imread(os.path.join(TEST_ROOT,fn),cv2.IMREAD_GRAYSCALE)

        small = cv2.resize(gray,(240,240))

        test_pairs.append([fn,

            small])
for c in CLASS_DIRS:

    cls_dir = os.path.join(TRAIN_ROOT,c)

    for fn in os.listdir(cls_dir):

        gray = cv2.imread(os.path.join(cls_dir,fn),cv2.IMREAD_COLOR)

        plt.imshow(gray, cmap='gray')

        plt.show()

        break

    break
read_train_images()

read_test_images()
random.shuffle(train_pairs)

pix_list = []

lab_list = []

for pixels, lab in train_pairs:

    pix_list.append(pixels)

    lab_list.append(lab)
pix_list[0].shape
lab_list[0:20]
from keras.utils import np_utils

y_onehot = np_utils.to_categorical(lab_list,num_classes=10)
y_onehot[0:10]
pix_arr = np.array(pix_list).reshape(-1,240,240,1)

pix_arr[0].shape
pix_arr.shape
x_tr,x_va,y_tr,y_va = train_test_split(pix_arr,y_onehot,test_size=0.3,random_state=50)

print("train images:", x_tr.shape)

print("validation images:", x_va.shape)

print("label array:", y_tr.shape)

print("label array:", y_va.shape)
BS = 128

from keras import layers

from keras import models

from keras import optimizers

from keras.preprocessing.image import ImageDataGenerator

from keras.preprocessing.image import img_to_array, load_img

from keras.layers import Conv2D, MaxPooling2D, Flatten, Dense, Dropout,BatchNormalization
net = models.Sequential()



# ...

net.add(Conv2D(32,(3,3),activation='relu',input_shape=(240,240,1)))

net.add(BatchNormalization())

net.add(Conv2D(32,(3,3),activation='relu',padding='same'))

net.add(BatchNormalization(axis = 3))

net.add(MaxPooling2D(pool_size=(2,2),padding='same'))

net.add(Dropout(0.2))



# ...

net.add(Conv2D(64,(3,3),activation='relu',padding='same'))

net.add(BatchNormalization())

net.add(Conv2D(64,(3,3),activation='relu',padding='same'))

net.add(BatchNormalization(axis = 3))

net.add(MaxPooling2D(pool_size=(2,2),padding='same'))

net.add(Dropout(0.3))



# ...

net.add(Conv2D(128,(3,3),activation='relu',padding='same'))

net.add(BatchNormalization())

net.add(Conv2D(128,(3,3),activation='relu',padding='same'))

net.add(BatchNormalization(axis = 3))

net.add(MaxPooling2D(pool_size=(2,2),padding='same'))

net.add(Dropout(0.5))



# ...

# ...

# ...

# ...

# ...



# ...

net.add(Flatten())

net.add(Dense(units = 512,activation='relu'))

net.add(BatchNormalization())

net.add(Dropout(0.5))

net.add(Dense(units = 128,activation='relu'))

net.add(Dropout(0.5))

net.add(Dense(10,activation='softmax'))
net.summary()
net.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['accuracy'])
cbs = [EarlyStopping(monitor='val_acc',patience=5)]
hist = net.fit(x_tr,y_tr,batch_size=BS,epochs=12,verbose=1,validation_data=(x_va,y_va),callbacks=cbs)
one_test = np.array(test_pairs[1][1]).reshape(-1,240,240,1)
probs = net.predict(one_test)

top_cls = np.argmax(probs[0])

top_logit = net.output[:, top_cls]

top_cls
# ...
# ...

# ...

# ...
# ...

arch_json = net.to_json()

with open("driver_arch.json", "w") as fh:

    fh.write(arch_json)
net.save_weights("driver_weights.h5")