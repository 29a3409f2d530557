# -*- coding: utf-8 -*-
"""Hyperspectral 3D/2D CNN notebook export.

Exported from a Colab notebook; shell cells are kept as comments below.

Source notebook lived on Colab.
"""

# !pip install np_utils

# !pip install spectral

# notebook magics removed
import keras
import tensorflow as tf
from keras.layers import Conv2D, Conv3D, Flatten, Dense, Reshape, BatchNormalization
from keras.layers import Dropout, Input
from keras.models import Model
from tensorflow.keras.optimizers import Adam
from keras.callbacks import ModelCheckpoint
from tensorflow.keras.utils import to_categorical
import np_utils

from sklearn.decomposition import PCA
from sklearn.model_selection import train_test_split
from sklearn.metrics import confusion_matrix, accuracy_score, classification_report, cohen_kappa_score

from operator import truediv

from plotly.offline import init_notebook_mode

import numpy as np
import matplotlib.pyplot as plt
import scipy.io as sio
import os
import spectral

init_notebook_mode(connected=True)
# inline plots in the notebook

if not (os.path.isfile('Indian_pines_corrected.mat')):
  pass  # !wget <Indian Pines corrected cube>
if not (os.path.isfile('Indian_pines_gt.mat')):
  pass  # !wget <Indian Pines ground truth>

# Salinas download, disabled
#   (cube)
#   (ground truth)
#

## settings
scene = 'IP'
holdout_frac = 0.7
win = 25

def read_scene(tag):
    folder = os.path.join(os.getcwd(),'')
    if tag == 'IP':
        cube = sio.loadmat(os.path.join(folder, 'Indian_pines_corrected.mat'))['indian_pines_corrected']
        gt = sio.loadmat(os.path.join(folder, 'Indian_pines_gt.mat'))['indian_pines_gt']
    elif tag == 'SA':
        cube = sio.loadmat(os.path.join(folder, 'Salinas_corrected.mat'))['salinas_corrected']
        gt = sio.loadmat(os.path.join(folder, 'Salinas_gt.mat'))['salinas_gt']
    elif tag == 'PU':
        cube = sio.loadmat(os.path.join(folder, 'PaviaU.mat'))['paviaU']
        gt = sio.loadmat(os.path.join(folder, 'PaviaU_gt.mat'))['paviaU_gt']

    return cube, gt

def split_patches(P, t, frac, seed=345):
    P_tr, P_te, t_tr, t_te = train_test_split(P, t, test_size=frac, random_state=seed,
                                                        stratify=t)
    return P_tr, P_te, t_tr, t_te

def reduce_bands(C, n_keep=75):
    flat = np.reshape(C, (-1, C.shape[2]))
    reducer = PCA(n_components=n_keep, whiten=True)
    flat = reducer.fit_transform(flat)
    flat = np.reshape(flat, (C.shape[0],C.shape[1], n_keep))
    return flat, reducer

def zero_border(C, pad=2):
    padded = np.zeros((C.shape[0] + 2 * pad, C.shape[1] + 2* pad, C.shape[2]))
    r0 = pad
    c0 = pad
    padded[r0:C.shape[0] + r0, c0:C.shape[1] + c0, :] = C
    return padded

def pixel_cubes(C, gt, win=5, drop_unlabelled = True):
    pad = int((win - 1) / 2)
    padded = zero_border(C, pad=pad)
    # one cube per pixel
    cubes = np.zeros((C.shape[0] * C.shape[1], win, win, C.shape[2]))
    cube_lbl = np.zeros((C.shape[0] * C.shape[1]))
    k = 0
    for r in range(pad, padded.shape[0] - pad):
        for c in range(pad, padded.shape[1] - pad):
            window = padded[r - pad:r + pad + 1, c - pad:c + pad + 1]
            cubes[k, :, :, :] = window
            cube_lbl[k] = gt[r-pad, c-pad]
            k = k + 1
    if drop_unlabelled:
        cubes = cubes[cube_lbl>0,:,:,:]
        cube_lbl = cube_lbl[cube_lbl>0]
        cube_lbl -= 1
    return cubes, cube_lbl

P, t = read_scene(scene)

P.shape, t.shape

n_comp = P.shape[2]

n_comp = 30 if scene == 'IP' else 15
P,reducer = reduce_bands(P,n_keep=n_comp)

P.shape

P, t = pixel_cubes(P, t, win=win)

P.shape, t.shape

P_tr, P_te, t_tr, t_te = split_patches(P, t, holdout_frac)

P_tr.shape, P_te.shape, t_tr.shape, t_te.shape

P_tr = P_tr.reshape(-1, win, win, n_comp, 1)
P_tr.shape

t_tr = keras.utils.to_categorical(t_tr)
t_tr.shape

S = win
L = n_comp
n_out = 9 if (scene == 'PU' or scene == 'PC') else 16

## input
inp = Input((S, S, L, 1))

## 3-D then 2-D convolutions
c3a = Conv3D(filters=8, kernel_size=(3, 3, 7), activation='relu')(inp)
c3b = Conv3D(filters=16, kernel_size=(3, 3, 5), activation='relu')(c3a)
c3c = Conv3D(filters=32, kernel_size=(3, 3, 3), activation='relu')(c3b)
# shape check removed
c3_shape = c3c.shape
c3c = Reshape((c3_shape[1], c3_shape[2], c3_shape[3]*c3_shape[4]))(c3c)
c2 = Conv2D(filters=64, kernel_size=(3,3), activation='relu')(c3c)

flat_l = Flatten()(c2)

## dense head
fc1 = Dense(units=256, activation='relu')(flat_l)
fc1 = Dropout(0.4)(fc1)
fc2 = Dense(units=128, activation='relu')(fc1)
fc2 = Dropout(0.4)(fc2)
out_l = Dense(units=n_out, activation='softmax')(fc2)

# assemble
net = Model(inputs=inp, outputs=out_l)

net.summary()

sched = tf.keras.optimizers.schedules.ExponentialDecay(
    initial_learning_rate=0.001,
    decay_steps=10000,
    decay_rate=0.9)
optimizer = tf.keras.optimizers.Adam(learning_rate=sched)

# compile
# (old optimizer line kept out)
net.compile(loss='categorical_crossentropy', optimizer=optimizer, metrics=['accuracy'])

# keep the best weights
ckpt_file = "hsi-best.hdf5"
ckpt = ModelCheckpoint(ckpt_file, monitor='acc', verbose=1, save_best_only=True, mode='max')
cb = [ckpt]

hist = net.fit(x=P_tr, y=t_tr, batch_size=256, epochs=10, callbacks=cb)

net.save("hsi-best.hdf5")

# reload
net.load_weights("hsi-best.hdf5")
net.compile(loss='categorical_crossentropy', optimizer=optimizer, metrics=['accuracy'])

P_te = P_te.reshape(-1, win, win, n_comp, 1)
P_te.shape

t_te = keras.utils.to_categorical(t_te)
t_te.shape

probs_te = net.predict(P_te)
pred_te = np.argmax(probs_te, axis=1)

rep = classification_report(np.argmax(t_te, axis=1), pred_te)
print(rep)

def per_class_acc(cm):
    n = cm.shape[0]
    diag = np.diag(cm)
    row_tot = np.sum(cm, axis=1)
    accs = np.nan_to_num(truediv(diag, row_tot))
    mean_acc = np.mean(accs)
    return accs, mean_acc

def evaluate_split (Xs,ys,tag):
    # timing removed
    probs = net.predict(Xs)
    pred = np.argmax(probs, axis=1)
    #
    #
    if tag == 'IP':
        names = ['Alfalfa', 'Corn-notill', 'Corn-mintill', 'Corn'
                        ,'Grass-pasture', 'Grass-trees', 'Grass-pasture-mowed',
                        'Hay-windrowed', 'Oats', 'Soybean-notill', 'Soybean-mintill',
                        'Soybean-clean', 'Wheat', 'Woods', 'Buildings-Grass-Trees-Drives',
                        'Stone-Steel-Towers']
    elif tag == 'SA':
        names = ['Brocoli_green_weeds_1','Brocoli_green_weeds_2','Fallow','Fallow_rough_plow','Fallow_smooth',
                        'Stubble','Celery','Grapes_untrained','Soil_vinyard_develop','Corn_senesced_green_weeds',
                        'Lettuce_romaine_4wk','Lettuce_romaine_5wk','Lettuce_romaine_6wk','Lettuce_romaine_7wk',
                        'Vinyard_untrained','Vinyard_vertical_trellis']
    elif tag == 'PU':
        names = ['Asphalt','Meadows','Gravel','Trees', 'Painted metal sheets','Bare Soil','Bitumen',
                        'Self-Blocking Bricks','Shadows']

    rep = classification_report(np.argmax(ys, axis=1), pred, target_names=names)
    oa = accuracy_score(np.argmax(ys, axis=1), pred)
    cm = confusion_matrix(np.argmax(ys, axis=1), pred)
    accs, aa = per_class_acc(cm)
    kappa = cohen_kappa_score(np.argmax(ys, axis=1), pred)
    score = net.evaluate(Xs, ys, batch_size=32)
    loss_pct =  score[0]*100
    acc_pct = score[1]*100

    return rep, cm, loss_pct, acc_pct, oa*100, accs*100, aa*100, kappa*100

rep, cm, loss_pct, acc_pct, oa, accs, aa, kappa = evaluate_split(P_te,t_te,scene)
rep = str(rep)
cm = str(cm)
report_file = "hsi_report.txt"

with open(report_file, 'w') as fh:
    fh.write('{} test loss (%)'.format(loss_pct))
    fh.write('\n')
    fh.write('{} test accuracy (%)'.format(acc_pct))
    fh.write('\n')
    fh.write('\n')
    fh.write('{} kappa (%)'.format(kappa))
    fh.write('\n')
    fh.write('{} overall accuracy (%)'.format(oa))
    fh.write('\n')
    fh.write('{} average accuracy (%)'.format(aa))
    fh.write('\n')
    fh.write('\n')
    fh.write('{}'.format(rep))
    fh.write('\n')
    fh.write('{}'.format(cm))

def window_at(C,row,col):
    rs = slice(row, row+WIN)
    cs = slice(col, col+WIN)
    w = C[rs, cs, :]

    return w

# full map: reload the scene
P, t = read_scene(scene)

H = t.shape[0]
W = t.shape[1]
WIN = win
n_keep = n_comp

P,reducer = reduce_bands(P, n_keep=n_keep)

P = zero_border(P, WIN//2)

# predict pixel by pixel
class_map = np.zeros((H,W))
for i in range(H):
    for j in range(W):
        lab = int(t[i,j])
        if lab == 0 :
            continue
        else :
            w=window_at(P,i,j)
            one = w.reshape(1,w.shape[0],w.shape[1], w.shape[2], 1).astype('float32')
            pr = (net.predict(one))
            pr = np.argmax(pr, axis=1)
            class_map[i][j] = pr+1

gt_view = spectral.imshow(classes = t,figsize =(7,7))

pred_view = spectral.imshow(classes = class_map.astype(int),figsize =(7,7))

spectral.save_rgb("hsi_prediction.jpg", class_map.astype(int), colors=spectral.spy_colors)
