#!/usr/bin/env python
# exported from a notebook


# cell


import numpy as np
import cv2
import os
import random
import matplotlib.pyplot as plt


# cell


LEAF_ROOT= r"D:\datasets\strawberry_leaves\leaves"
KINDS= ['Strawberry_fresh','Strawberry_scrotch']


# cell


samples=[]

for kind in KINDS:
    kind_dir=os.path.join(LEAF_ROOT,kind)
    target=KINDS.index(kind)


    for fname in os.listdir(kind_dir):
        fname=os.path.join(kind_dir,fname)
        pixels=cv2.imread(fname)
        pixels=cv2.resize(pixels,(100,100))

        samples.append([pixels,target])



# cell


samples


# cell


random.shuffle(samples)


# cell


feats=[]
targets=[]


for pix,tgt in samples:
    feats.append(pix)
    targets.append(tgt)


# cell


feats=np.array(feats)
targets=np.array(targets)


# cell


feats


# cell


feats=feats/255


# cell


feats


# cell


feats.shape


# cell


import tensorflow as tf
from tensorflow import keras
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Conv2D, MaxPooling2D, Flatten, Dense, Activation

clf=Sequential()
clf.add( Conv2D(32,(3,3),activation='relu'))
clf.add(MaxPooling2D(pool_size=(2,2)))

clf.add( Conv2D(32,(3,3),activation='relu'))
clf.add(MaxPooling2D(pool_size=(2,2)))

clf.add(Flatten())
clf.add(Dense(2,activation='softmax'))


# cell


clf.compile(loss='sparse_categorical_crossentropy',optimizer='adam',metrics=['accuracy'])


# cell


clf.fit(feats,targets,epochs=15,validation_split=0.1)


# cell





# cell
