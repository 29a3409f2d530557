# -*- coding: utf-8 -*-
"""
pix2pix, quick Keras version

one file: data, U-Net, PatchGAN, training, prediction
"""

import keras
from keras.layers import Conv2D, UpSampling2D, concatenate, Input, LeakyReLU, BatchNormalization
from keras.optimizers import Adam
from keras.models import Model
from keras.regularizers import l2, l1

import numpy as np

import os

import cv2

import sys

import matplotlib.pyplot as plt

wd = 5e-4



## settings you may edit ##
resume = True
resume_joint = True
ckpt_file = 'pix2pix_weights.h5'
n_epochs = 150
bs = 4


# optimizer
#adam = Adam(lr=1e-3, beta_1=0.5, beta_2=0.999, decay=0.9, amsgrad=True, clipnorm=1.0)
adam = Adam(lr=1e-4, beta_1=0.9, beta_2=0.999, epsilon=1e-8)
# weights of the two generator losses
mix = [1e2, 1]

norm_axis = -1

side = 256

### data ###
# folders
src_dir = './pairs/input'
tgt_dir = './pairs/target'
probe_dir = './pairs/probe'

# switches for training, plotting and writing predictions
do_train = False
do_plot = False
do_save = True

def prefix_all(base, names):
    for i in range(len(names)):
        names[i] = base + names[i]
    return names

src_names = os.listdir(src_dir)
tgt_names = os.listdir(tgt_dir)
probe_names = os.listdir(probe_dir)

src_arr = []
tgt_arr = []

probe_arr = []

for i in range(len(src_names)):
    fp = os.path.join(src_dir, src_names[i])
    im_a = cv2.imread(fp)
    im_a = cv2.resize(im_a, (side,side))
    im_a = cv2.bitwise_not(im_a)
    src_arr.append(im_a)
    fp = os.path.join(tgt_dir, tgt_names[i])
    im_b = cv2.imread(fp)
    im_b = cv2.resize(im_b, (side,side))
    im_b = im_b[:,:,[2,1,0]]
    tgt_arr.append(im_b)

for i in range(len(probe_names)):
    fp=os.path.join(probe_dir, probe_names[i])
    im_a=cv2.imread(fp)
    im_a = cv2.resize(im_a, (side,side))
    im_a = cv2.bitwise_not(im_a)
    probe_arr.append(im_a)

src_arr = (np.asarray(src_arr) - 127.5) / 127.5
tgt_arr = (np.asarray(tgt_arr) - 127.5) / 127.5
probe_arr = (np.asarray(probe_arr) - 127.5) / 127.5


ks = 4

save_every = 1

in_shape = (side,side,3)

n_items = src_arr.shape[0] # number of pairs
steps_per_epoch = int(np.ceil(n_items / bs))

#half_bs = int(bs / 2)
half_bs = 2

# U-Net generator
u_in = Input(shape = in_shape)
# 256
x1 = Conv2D(64, (ks, ks), strides=(2,2), padding='same', kernel_regularizer=l2(wd))(u_in)
x1 = LeakyReLU(0.2)(x1)
x1 = BatchNormalization( axis = norm_axis)(x1)
# 128
x2 = Conv2D(128, (ks, ks), strides=(2,2), padding='same', kernel_regularizer=l2(wd))(x1)
x2 = LeakyReLU(0.2)(x2)
x2 = BatchNormalization( axis = norm_axis)(x2)
# 64
x3 = Conv2D(256, (ks, ks), strides=(2,2), padding='same', kernel_regularizer=l2(wd))(x2)
x3 = LeakyReLU(0.2)(x3)
x3 = BatchNormalization( axis = norm_axis)(x3)
# 32
x4 = Conv2D(512, (ks, ks), strides=(2,2), padding='same', kernel_regularizer=l2(wd))(x3)
x4 = LeakyReLU(0.2)(x4)
x4 = BatchNormalization( axis = norm_axis)(x4)
# 16
x5 = Conv2D(512, (ks, ks), strides=(2,2), padding='same', kernel_regularizer=l2(wd))(x4)
x5 = LeakyReLU(0.2)(x5)
x5 = BatchNormalization( axis = norm_axis)(x5)
# 8
x6 = Conv2D(512, (ks, ks), strides=(2,2), padding='same', kernel_regularizer=l2(wd))(x5)
x6 = LeakyReLU(0.2)(x6)
x6 = BatchNormalization( axis = norm_axis)(x6)
# 4
x7 = Conv2D(512, (ks, ks), strides=(2,2), padding='same', kernel_regularizer=l2(wd))(x6)
x7 = LeakyReLU(0.2)(x7)
x7 = BatchNormalization( axis = norm_axis)(x7)
# 2
x8 = Conv2D(512, (ks, ks), strides=(2,2), padding='same', kernel_regularizer=l2(wd))(x7)
x8 = LeakyReLU(0.2)(x8)
x8 = BatchNormalization( axis = norm_axis)(x8)
# 1
y1 = UpSampling2D()(x8)
y1 = Conv2D(512, (ks, ks), activation='relu', padding='same', kernel_regularizer=l2(wd))(y1)
y1 = BatchNormalization( axis = norm_axis)(y1)
# 2

y2 = concatenate([x7, y1], axis = -1)
y2 = UpSampling2D()(y2)
y2 = Conv2D(512, (ks, ks), activation='relu', padding='same', kernel_regularizer=l2(wd))(y2)
y2 = BatchNormalization( axis = norm_axis)(y2)

# 4
y3 = concatenate([x6, y2], axis = -1)
y3 = UpSampling2D()(y3)
y3 = Conv2D(512, (ks, ks), activation='relu', padding='same', kernel_regularizer=l2(wd))(y3)
y3 = BatchNormalization( axis = norm_axis)(y3)

# 8
y4 = concatenate([x5, y3], axis = -1)
y4 = UpSampling2D()(y4)
y4 = Conv2D(512, (ks, ks), activation='relu', padding='same', kernel_regularizer=l2(wd))(y4)
y4 = BatchNormalization( axis = norm_axis)(y4)

# 16
y5 = concatenate([x4, y4], axis = -1)
y5 = UpSampling2D()(y5)
y5 = Conv2D(512, (ks, ks), activation='relu', padding='same', kernel_regularizer=l2(wd))(y5)
y5 = BatchNormalization( axis = norm_axis)(y5)

# 32
y6 = concatenate([x3, y5], axis = -1)
y6 = UpSampling2D()(y6)
y6 = Conv2D(256, (ks, ks), activation='relu', padding='same', kernel_regularizer=l2(wd))(y6)
y6 = BatchNormalization( axis = norm_axis)(y6)

# 64
y7 = concatenate([x2, y6], axis = -1)
y7 = UpSampling2D()(y7)
y7 = Conv2D(128, (ks, ks), activation='relu', padding='same', kernel_regularizer=l2(wd))(y7)
y7 = BatchNormalization( axis = norm_axis)(y7)

# 128
y8 = concatenate([x1, y7], axis = -1)
y8 = UpSampling2D()(y7)
y8 = Conv2D(64, (ks, ks), activation='relu', padding='same', kernel_regularizer=l2(wd))(y8)
y8 = BatchNormalization( axis = norm_axis)(y8)
# 256

# 256
u_out = Conv2D(3, (ks, ks), activation='tanh', padding='same', kernel_regularizer=l2(wd))(y8)

unet = Model(u_in, u_out)
unet.compile(loss='mae', optimizer=adam)


# PatchGAN critic
d_in = Input(shape=in_shape)
# 256
d = Conv2D(64, (ks, ks), activation='relu', padding='same', strides=(2,2))(d_in)
d = BatchNormalization()(d)
# 128
d = Conv2D(128, (ks, ks), activation='relu', padding='same', strides=(2,2))(d)
d = BatchNormalization()(d)
# 64
d = Conv2D(256, (ks, ks), activation='relu', padding='same', strides=(2,2))(d)
d = BatchNormalization()(d)
# 32
d = Conv2D(512, (ks, ks), activation='relu', padding='same', strides=(2,2))(d)
d = BatchNormalization()(d)
# 16

d_out = Conv2D(1, (ks, ks), activation='sigmoid', padding='same')(d)

critic = Model(d_in, d_out)
critic.compile(optimizer=adam, loss='binary_crossentropy')

critic.trainable = False

# stacked model
g_in = Input(shape=in_shape)
g_fake = unet(g_in)
g_judge = critic(g_fake)

joint = Model(g_in, [g_fake, g_judge])
joint.compile(optimizer=adam, loss=['mae', 'binary_crossentropy'], loss_weights=mix)


if resume:
    try:
        if resume_joint:
            joint.load_weights(ckpt_file)
        else:
            unet.load_weights(ckpt_file)
    except:
        print('could not read the weights file, starting fresh')
            
d_hist = []
g_hist = []
step_hist = []

if do_train == True:
    for epoch in range(n_epochs):

        for step in range(steps_per_epoch):
            rows = np.random.randint(0, src_arr.shape[0], size=half_bs)
            src_b = src_arr[rows]
            
            fake_b = unet.predict(src_b)
            
            # patch targets
            y_ok = np.ones((half_bs, 16,16,1)) * 0.9
            y_bad = y_ok * 0.1
            
            # critic step
            dl_r = critic.train_on_batch(src_b, y_ok)
            dl_f = critic.train_on_batch(fake_b, y_bad)
            
            dl = (dl_r + dl_f) / 2
            d_hist.append(dl)
            
            # generator step
            rows = np.random.randint(0, src_arr.shape[0], size=bs)
            src_b = src_arr[rows]
            tgt_b = tgt_arr[rows]
            
            y_ok = np.ones((bs, 16, 16,1))
            
            gl_parts = joint.train_on_batch(src_b ,[tgt_b, y_ok])
            
            gl = np.average(gl_parts)
            
            g_hist.append(gl)
          
            step_hist.append(step+1)
            print('critic {}, generator {}\nepoch {}: {:2f}% done'.format(dl, gl, epoch+1, step/steps_per_epoch * 100))
        if (epoch + 1) % save_every == 0:
            unet.save_weights(ckpt_file)
            joint.save_weights(ckpt_file)

# run the generator on the probe pictures
preds = unet.predict(probe_arr)
#preds = unet.predict(src_arr)


if do_plot == True:
    # twelve pairs: target above, prediction below
    n = 12  # columns
    plt.figure(figsize=(20, 4))
    for i in range(n):
        # target
        ax = plt.subplot(2, n, i + 1)
        shown = ((tgt_arr[i] * 127.5) + 127.5) / 255
        plt.imshow(shown)
        plt.gray()
        ax.get_xaxis().set_visible(False)
        ax.get_yaxis().set_visible(False)

        # prediction
        ax = plt.subplot(2, n, i + 1 + n)
        pred_px = ((preds[i] * 127.5) + 127.5) / 255
        plt.imshow(pred_px)
        plt.gray()
        ax.get_xaxis().set_visible(False)
        ax.get_yaxis().set_visible(False)
    plt.show()

if do_save:
    for i in range(preds.shape[0]):
        px = preds[i,:,:,:]
        px = (px * 127.5) + 127.5
        cv2.imwrite('pred_{}.png'.format(i), px)
    