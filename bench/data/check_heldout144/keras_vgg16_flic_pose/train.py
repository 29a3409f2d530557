"""Fit a VGG16-based regressor of upper-body joints on FLIC."""
from __future__ import print_function

from flic_crops import write_crops
from score_on_test import score_on_test

import matplotlib.pyplot as plt

import random
from scipy.io import loadmat
import numpy as np
import pandas as pd
import cv2 as cv
import glob

from sklearn.model_selection import train_test_split

from keras.models import Model
from keras.optimizers import Adam
from keras.layers import Flatten, Dense, Dropout
from keras import backend as K
from keras import applications
K.clear_session()


# fixed seeds
SEED = 9000
np.random.seed(SEED)
random.seed(SEED)

# the annotation records
records = loadmat('FLIC-full/examples.mat')
# flatten the record array
records = records['examples'].reshape(-1,)

# names of the joint coordinates stored per record,
# in storage order
all_parts = ['lsho', 'lelb', 'lwri', 'rsho', 'relb', 'rwri', 'lhip',
                'lkne', 'lank', 'rhip', 'rkne', 'rank', 'leye', 'reye',
                'lear', 'rear', 'nose', 'msho', 'mhip', 'mear', 'mtorso',
                'mluarm', 'mruarm', 'mllarm', 'mrlarm', 'mluleg', 'mruleg',
                'mllleg', 'mrlleg']

# joints that are annotated
seen_parts = [x for i, x in enumerate(all_parts) if i in np.r_[0:7, 9,
                                                                    12:14, 16]]
wanted_parts = ['lsho', 'lelb', 'lwri', 'rsho', 'relb',
                 'rwri', 'leye', 'reye', 'nose']
# positions of the wanted joints
wanted_idx = np.r_[0:6, 12:14, 16]


def pose_vector(pts):
    """Flatten the wanted joints into one coordinate list."""
    vec = []
    # the head is the mean of both eyes and the nose
    pts['head'] = (pts['leye']+pts['reye']+pts['nose'])/3
    vec.extend(pts['lwri'].tolist())
    vec.extend(pts['lelb'].tolist())
    vec.extend(pts['lsho'].tolist())
    vec.extend(pts['head'].tolist())
    vec.extend(pts['rsho'].tolist())
    vec.extend(pts['relb'].tolist())
    vec.extend(pts['rwri'].tolist())
    return vec


# which records belong to the training part
fit_idx = loadmat('FLIC-full/tr_plus_indices.mat')
# flatten it
fit_idx = fit_idx['tr_plus_indices'].reshape(-1,)

# names of training pictures
fit_names = []
# poses of training pictures
fit_pose = []
# names of test pictures
te_names = []
# poses of test pictures
te_pose = []

for i, rec in enumerate(records):
    # picture name
    fname = rec[3][0]
    # all joint coordinates
    pts = rec[2].T
    # wanted joints by name
    named = dict(zip(wanted_parts,
                      [x for k, x in enumerate(pts) if k in wanted_idx]))
    # flattened pose
    named = pose_vector(named)
    # records listed in the index file go to training,
    # the rest to testing
    if i in fit_idx:
        fit_names.append(fname)
        fit_pose.append(named)
    else:
        te_names.append(fname)
        te_pose.append(named)

# names and poses side by side, written as csv files
fit_frame = pd.concat([pd.DataFrame(fit_names), pd.DataFrame(fit_pose)],
                     axis=1)
te_frame = pd.concat([pd.DataFrame(te_names), pd.DataFrame(te_pose)], axis=1)
fit_frame.to_csv('FLIC-full/fit_targets.csv', index=False, header=False)
te_frame.to_csv('FLIC-full/te_targets.csv', index=False, header=False)

# read them back
fit_csv = pd.read_csv('FLIC-full/fit_targets.csv', header=None)
# (test part)
te_csv = pd.read_csv('FLIC-full/te_targets.csv', header=None)

# training names
fit_files = fit_csv[0].values
# training poses
fit_targets = fit_csv.iloc[:, 1:].values
# test names
te_files = te_csv[0].values
# test poses
te_targets = te_csv.iloc[:, 1:].values

write_crops(fit_files, fit_targets, is_fit=True)
write_crops(te_files, te_targets, is_fit=False)

# passes
n_epochs = 3
# pictures per step
bs = 128
# optimiser
adam = Adam(lr=0.0001, beta_1=0.5)
# network input
in_shape = (224, 224, 3)
# loss logging interval
every = 40

# VGG16 body without its classifier
base = applications.VGG16(weights="imagenet", include_top=False,
                           input_shape=in_shape)

# frozen body
for layer in base.layers:
    layer.trainable = False

# new regression head
x = base.output
x = Flatten()(x)
x = Dense(1024, activation="relu")(x)
x = Dropout(0.5)(x)
x = Dense(1024, activation="relu")(x)

# 14 outputs: x and y of 7 joints
head_out = Dense(14, activation="relu")(x)
# body + head
regressor = Model(inputs=base.input, outputs=head_out)
# compile
regressor.compile(loss="mean_squared_error", optimizer=adam)
# csv of the cropped training pictures
crops = pd.read_csv('FLIC-full/crops/fit_targets.csv', header=None)
# 80 / 20 split into fitting and validation
tr_files, va_files, fit_pose, va_pose = train_test_split(
        crops.iloc[:, 0], crops.iloc[:, 1:], test_size=0.2, random_state=42)

# read every validation crop
va_pixels = np.array(
    [cv.imread('FLIC-full/crops/{}'.format(w)) for w in va_files.values])

# as floating point
va_pixels = va_pixels.astype(float)


def fit_loop(base, files, named, va_pixels, va_pose,
             bs=128, n_epochs=2):
    """Batch-wise fitting loop."""
    # loss histories
    tr_hist = []
    va_hist = []
    step = 0  # steps done
    step_hist = []

    # shuffled chunk order
    chunk_ids = np.arange(len(files)//bs)
    order = np.arange(len(files))
    random.shuffle(order)
    print('fitting')
    for ep in range(n_epochs):
        for c in (chunk_ids):
            # names in this chunk
            chunk_files = files[order[c*bs:(c+1)*bs:]]
            # their poses
            chunk_pose = named[order[c*bs:(c+1)*bs:]]
            # read the chunk from disk
            chunk_pixels = np.array(
                    [cv.imread('FLIC-full/crops/{}'.format(x)) for x in chunk_files])
            # one optimiser step
            tr_loss = base.train_on_batch(chunk_pixels.astype(float), chunk_pose)
            if c % 40 == 0:
                # validation loss
                va_loss = base.evaluate(va_pixels, va_pose, verbose=0,
                                          batch_size=bs)
                # record both
                tr_hist.append(tr_loss)
                va_hist.append(va_loss)
                print('ep {} chunk {} loss {:.2f} val {:.2f}\
                '.format(ep+1, c+1, tr_loss, va_loss))

                step_hist.append(step)
            else:
                print('ep {} chunk {} loss {:.2f}\
                '.format(ep+1, c+1, tr_loss))
            step += 1
    step_hist.append(step)
    tr_hist.append(tr_loss)
    va_loss = base.evaluate(va_pixels, va_pose, verbose=0,
                              batch_size=bs)
    va_hist.append(va_loss)
    print('ep {} chunk {} final val {:.2f}\
    '.format(ep+1, c+1, va_loss))
    return base, tr_hist, va_hist, step_hist


fitted, tr_hist, va_hist, step_hist = fit_loop(regressor,
                                                tr_files.values,
                                                fit_pose.values,
                                                va_pixels,
                                                va_pose.values,
                                                n_epochs=n_epochs,
                                                bs=bs)

# loss curves
plt.style.use('ggplot')
plt.figure(figsize=(10, 6))
plt.plot(step_hist, tr_hist, marker='D', label='fit')
plt.plot(step_hist, va_hist, marker='o', label='val')
plt.xlabel('steps')
plt.ylabel('MSE')
plt.title('MSE during fitting')
plt.legend(loc='upper right')
plt.show()

# score on the test crops
te_loss = score_on_test(fitted)

# report
print('test loss:', te_loss)

shown = glob.glob('FLIC-full/test_plot/*.jpg')[8:16]

plt.figure(figsize=(16, 8))
for i in range(8):
    plt.subplot(2, 4, (i+1))
    pic = cv.imread(shown[i])
    plt.imshow(pic, aspect='auto')
    plt.axis('off')
    plt.title('green: truth / red: prediction')

plt.tight_layout()
plt.show()
