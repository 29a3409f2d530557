#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""
Activity recognition from phone accelerometer traces.
A small Keras CNN over 90-sample windows.
Builds, fits and saves the network; windows are treated
as 90 x 3 single-channel images. Data: WISDM actitracker raw file
(x, y, z acceleration with an activity tag per row).
Source of the data: the WISDM lab.
Readings arrive at 20 Hz.
See the repository README for the original write-up.
"""
# imports
import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
from scipy import stats
from keras.models import Sequential
from keras.layers import Dense, Conv2D, MaxPooling2D, Flatten, Dropout
#from keras import backend as K
from keras import optimizers
#K.set_image_dim_ordering('th')
# fixed seed
SEED = 611
np.random.seed(SEED)

# plots inline
plt.style.use('ggplot')
# csv reader
def load_wisdm(path):
    # column names
    cols = ['user_id','activity','timestamp','x-axis','y-axis','z-axis']
    frame = pd.read_csv(path,header = None, names=cols,na_values=';')
    return frame
# standardise columns
# subtract mean, divide by std
def zscore(arr):
    avg = np.mean(arr,axis=0)
    dev = np.std(arr,axis=0)
    return (arr-avg)/dev
# draw one axis trace
def draw_axis(ax,xs,ys,label):
    ax.plot(xs,ys)
    ax.set_title(label)
    ax.xaxis.set_visible(False)
    ax.set_ylim([min(ys)-np.std(ys),max(ys)+np.std(ys)])
    ax.set_xlim([min(xs),max(xs)])
    ax.grid(True)
# draw the three axes of one activity
def draw_activity(act,frame):
    fig,(a0,a1,a2) = plt.subplots(nrows=3, figsize=(15,10),sharex=True)
    draw_axis(a0,frame['timestamp'],frame['x-axis'],'x-axis')
    draw_axis(a1,frame['timestamp'],frame['y-axis'],'y-axis')
    draw_axis(a2,frame['timestamp'],frame['z-axis'],'z-axis')
    plt.subplots_adjust(hspace=0.2)
    fig.suptitle(act)
    plt.subplots_adjust(top=0.9)
    plt.show()
# half-overlapping window bounds
def spans(frame,width):
    lo = 0
    while lo< frame.count():
        yield int(lo), int(lo + width)
        lo+= (width/2)
# cut the series into windows
def cut_segments(frame, win = 90):
    chunks = np.empty((0,win,3))
    tags= np.empty((0))
    for (lo, hi) in spans(frame['timestamp'],win):
        xs = frame['x-axis'][lo:hi]
        ys = frame['y-axis'][lo:hi]
        zs = frame['z-axis'][lo:hi]
        if(len(frame['timestamp'][lo:hi])==win):
            chunks = np.vstack([chunks,np.dstack([xs,ys,zs])])
            tags = np.append(tags,stats.mode(frame['activity'][lo:hi])[0][0])
    return chunks, tags
''' script body '''
# ---- data ----
# raw file
arr = load_wisdm('data/WISDM/actitracker_raw.txt')
# quick look at each activity
for act in np.unique(arr['activity']):
    part = arr[arr['activity']==act][:180]
    draw_activity(act,part)
# 90-sample windows, hop 45
chunks, tags = cut_segments(arr) 
# one-hot activity tags
tags = np.asarray(pd.get_dummies(tags),dtype = np.int8)
# sizes
# each window is a 90 x 3 image
n_rows = chunks.shape[1]
n_cols = chunks.shape[2]
n_chan = 1
n_filt = 128 # conv filters
# conv kernel
k1 = 2
# pool size
pool_w = 2
# dense widths
fc1_units = 128
fc2_units = 128
# share kept for fitting
fit_share = 0.8
# passes
N_EPOCHS = 10
# batch
BATCH = 10
# classes
n_classes = tags.shape[1]
# dropout
p_drop = 0.2
# add the channel axis
chunks4d = chunks.reshape(chunks.shape[0], n_rows, n_cols,1)
# random fit/hold split
fit_mask = np.random.rand(len(chunks4d)) < fit_share
fit_x = chunks4d[fit_mask]
hold_x = chunks4d[~fit_mask]
fit_x = np.nan_to_num(fit_x)
hold_x = np.nan_to_num(hold_x)
fit_y = tags[fit_mask]
hold_y = tags[~fit_mask]

def build_cnn():
    net = Sequential()
    # conv block
    net.add(Conv2D(n_filt, (k1,k1),input_shape=(n_rows, n_cols,1),activation='relu'))
    # pooling
    net.add(MaxPooling2D(pool_size=(pool_w,pool_w),padding='valid'))
    # dropout
    net.add(Dropout(p_drop))
    # to a vector
    net.add(Flatten())
    # dense 1
    net.add(Dense(fc1_units, activation='relu'))
    # dense 2
    net.add(Dense(fc2_units, activation='relu'))
    # class probabilities
    net.add(Dense(n_classes, activation='softmax'))
    # compile
    opt = optimizers.Adam(lr = 0.001, decay=1e-6)
    net.compile(loss='categorical_crossentropy', optimizer=opt, metrics=['accuracy'])
    return net
net = build_cnn()
for lyr in net.layers:
    print(lyr.name)
net.fit(fit_x,fit_y, validation_split=1-fit_share,epochs=10,batch_size=BATCH,verbose=2)
res = net.evaluate(hold_x,hold_y,verbose=2)
print('test error: %.2f%%' %(100-res[1]*100))
net.save('model.h5')
np.save('hold_labels.npy',hold_y)
np.save('hold_windows.npy',hold_x)
