"""Fit and score a SegNet-style person segmenter on COCO."""
from __future__ import absolute_import
from __future__ import print_function

import pylab
import numpy as np
import pandas as pd
import skimage.io as io
import matplotlib.pyplot as plt

from pycocotools.cocoapi import COCO
pylab.rcParams['figure.figsize'] = (8.0, 10.0)
import cv2

from keras.models import Sequential
from keras.layers import Layer, Dense, Dropout, Activation, Flatten, Reshape, Permute
from keras.layers import Conv2D, MaxPool2D, UpSampling2D, ZeroPadding2D
from keras.layers import BatchNormalization

from keras.callbacks import ModelCheckpoint, ReduceLROnPlateau
from keras.optimizers import Adam

import keras
keras.backend.set_image_dim_ordering('th')

from tqdm import tqdm
import itertools


# optimiser
adam_opt = Adam(lr=0.002)
# channels-first input
input_shape=(3, 360, 480)
# images per step
bs = 6
# passes over the data
n_epochs = 60

ann_path='coco/annotations/instances_train2014.json'
cocoapi = COCO(ann_path)
person_cat = cocoapi.getCatIds(catNms=['person'])
person_imgs = cocoapi.getImgIds(person_cat=person_cat)

def collect_pairs(person_imgs, limit = 12127, min_frac = 0.2):
    """Read pictures and their person masks into two lists."""
    pics = []
    masks = []

    for x in tqdm(person_imgs[0:limit]):
        # picture metadata
        meta = cocoapi.loadImgs(x)[0]

        # decode the picture
        pic = io.imread('coco/train2014/'+meta['file_name'])
        if len(pic.shape)<3:
            continue

        # ids of the person annotations
        ann_ids = cocoapi.getAnnIds(person_imgs=meta['id'], person_cat=person_cat, iscrowd=None)

        # the annotations themselves
        ann_objs = cocoapi.loadAnns(ann_ids)

        # binary mask of the first person
        m = cocoapi.annToMask(ann_objs[0])

        # keep pictures where the mask has exactly two values
        if len(np.unique(m)) == 2:

            # and the person covers more than `min_frac`
            # of the picture
            # so the classes stay roughly balanced
            if (len(np.where(m>0)[0])/len(np.where(m>=0)[0])) > min_frac :

                # the mask may use 0 and 2 as values
                # (0 background, other value person);
                # cv2 resizing copes better with 0/1
                # so map 2 to 1
                m[m==2] = 1

                # bring picture and mask to 480x360
                pic= cv2.resize(pic, (480,360))
                m = cv2.resize(m, (480,360))

                # keep both
                pics.append(pic)
                masks.append(m)
    return (pics, masks)

pics, masks = collect_pairs(person_imgs)

print('pictures kept :', len(pics))
print('mask values :', np.unique(masks[0]))

def equalize_rgb(meta):
    """Equalise the histogram of each colour channel."""
    eq = np.zeros((meta.shape[0], meta.shape[1], 3),np.float32)

    b=meta[:,:,0]
    g=meta[:,:,1]
    r=meta[:,:,2]

    eq[:,:,0]=cv2.equalizeHist(b)
    eq[:,:,1]=cv2.equalizeHist(g)
    eq[:,:,2]=cv2.equalizeHist(r)

    return eq

def one_hot_mask(lbl):
    """Two-channel one-hot encoding of a mask."""
    x = np.zeros([360,480,2])
    for i in range(360):
        for j in range(480):
            x[i,j,lbl[i][j]]=1
    return x

def to_arrays(pic_list, lbl):
    """Equalise every picture and one-hot every mask."""
    # output lists
    eq_list = []
    hot_list=[]

    # per pair: equalise the picture, encode the mask
    for x,y in tqdm(zip(pic_list, lbl)):
        eq_list.append(np.rollaxis(equalize_rgb(x), 2))
        hot_list.append(one_hot_mask(y))

    return np.array(eq_list), np.array(hot_list)

# arrays for the network
x_all, y_hot = to_arrays(pics, masks)

n_pix = 360*480

# flatten the spatial axes of the targets
y_all = np.reshape(y_hot,(-1,n_pix,2))

# last part for testing
x_te = x_all[1900:]
# 400 for validation
x_va = x_all[1500:1900]
# first 1500 for fitting
x_all = x_all[:1500]

# test targets
y_te = y_all[1900:]
# validation targets
y_va = y_all[1500:1900]
# fitting targets
y_all = y_all[:1500]


net = Sequential()
# encoder
net.add(Layer(input_shape=input_shape))
net.add(ZeroPadding2D())
net.add(Conv2D(filters=64, kernel_size=(3,3), padding='valid', activation='relu'))
net.add(BatchNormalization())
net.add(MaxPool2D(pool_size=(2,2)))

net.add(ZeroPadding2D())
net.add(Conv2D(filters=128, kernel_size=(3,3), padding='valid', activation='relu'))
net.add(BatchNormalization())
net.add(MaxPool2D(pool_size=(2,2)))

net.add(ZeroPadding2D())
net.add(Conv2D(filters=256, kernel_size=(3,3), padding='valid', activation='relu'))
net.add(BatchNormalization())
net.add(MaxPool2D(pool_size=(2,2)))

net.add(ZeroPadding2D())
net.add(Conv2D(filters=512, kernel_size=(3,3), padding='valid', activation='relu'))
net.add(BatchNormalization())

# decoder
net.add(ZeroPadding2D())
net.add(Conv2D(filters=512, kernel_size=(3,3), padding='valid', activation='relu'))
net.add(BatchNormalization())
net.add(UpSampling2D(size=(2,2)))

net.add(ZeroPadding2D())
net.add(Conv2D(filters=256, kernel_size=(3,3), padding='valid', activation='relu'))
net.add(BatchNormalization())
net.add(UpSampling2D(size=(2,2)))

net.add(ZeroPadding2D())
net.add(Conv2D(filters=128, kernel_size=(3,3), padding='valid', activation='relu'))
net.add(BatchNormalization())
net.add(UpSampling2D(size=(2,2)))

net.add(ZeroPadding2D())
net.add(Conv2D(filters=64, kernel_size=(3,3), padding='valid', activation='relu'))
net.add(BatchNormalization())

net.add(Conv2D(filters=2, kernel_size=(1, 1), padding='valid'))

net.add(Reshape((2,n_pix)))
net.add(Permute((2, 1)))
net.add(Activation('softmax'))


# compile
net.compile(loss="categorical_crossentropy", optimizer=Adam(lr=0.002), metrics=["accuracy"])
# lower the step size when validation accuracy stalls
plateau = ReduceLROnPlateau(monitor='val_acc', factor=0.75, patience=5,
                      min_delta=0.005, mode='max', cooldown=3, verbose=1)
cbs = [plateau]

# fit
hist = net.fit(x_all, y_all, callbacks=cbs,
                    batch_size=bs, epochs=n_epochs,
                    verbose=1, shuffle=True,
                    validation_data=(x_va, y_va))

# score on the held-out part
te_loss,te_acc = net.evaluate(x_te, y_te)
print('test loss :', te_loss)
print('test accuracy :', te_acc)
