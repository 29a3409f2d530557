"""
Who: a student project
What: two-class 3D CNN on brain MRI volumes (Alzheimer's vs control)
When: autumn 2021
"""

import matplotlib.pyplot as plt
import nibabel as nib
import numpy as np
import os
import random
import tensorflow as tf
import zipfile

from scipy import ndimage
from tensorflow import keras
from tensorflow.keras import layers

def load_nifti(fpath):
    vol = nib.load(fpath)
    vol = vol.get_fdata()
    return vol

def clip_and_scale(vol):
    lo = -1000
    hi = 400
    vol[vol < lo] = lo
    vol[vol > hi] = hi
    vol = (vol - lo) / (hi - lo)
    vol = vol.astype("float32")
    return vol


def resample(vol):
    want_d = 64
    want_w = 128
    want_h = 128
    cur_d = vol.shape[-1]
    cur_w = vol.shape[0]
    cur_h = vol.shape[1]
    d = cur_d / want_d
    w = cur_w / want_w
    h = cur_h / want_h
    d_f = 1 / d
    w_f = 1 / w
    h_f = 1 / h
    vol = ndimage.rotate(vol, 90, reshape=False)
    vol = ndimage.zoom(vol, (w_f, h_f, d_f), order=1)
    return vol


def prepare_volume(fpath):
    vol = load_nifti(fpath)
    vol = clip_and_scale(vol)
    vol = resample(vol)
    return vol


control_paths = [
    os.path.join(os.getcwd(), "cn", f)
    for f in os.listdir("cn")
]
ad_paths = [
    os.path.join(os.getcwd(), "ad", f)
    for f in os.listdir("ad")
]

print("control scans: " + str(len(control_paths)))
print("Alzheimer scans: " + str(len(ad_paths)))


'''
Training and validation arrays
Every volume is resampled
to 128x128x64, then
the two groups are split into train and validation.
'''

ad_vols = np.array([prepare_volume(p) for p in ad_paths])
control_vols = np.array([prepare_volume(p) for p in control_paths])

# label 1 = Alzheimer's, 0 = control
ad_y = np.array([1 for _ in range(len(ad_vols))])
control_y = np.array([0 for _ in range(len(control_vols))])

# roughly 70/30 between training and validation
x_tr = np.concatenate((ad_vols[:7], control_vols[:7]), axis=0)
y_tr = np.concatenate((ad_y[:7], control_y[:7]), axis=0)
x_va = np.concatenate((ad_vols[7:], control_vols[7:]), axis=0)
y_va = np.concatenate((ad_y[7:], control_y[7:]), axis=0)
print(
    "train volumes: %d, validation volumes: %d."
    % (x_tr.shape[0], x_va.shape[0])
)

'''
 Augmentation
'''

@tf.function
def random_rotate(vol):
    def _rot(vol):
        choices = [-20, -10, -5, 5, 10, 20]
        # one random angle
        ang = random.choice(choices)
        vol = ndimage.rotate(vol, ang, reshape=False)
        vol[vol < 0] = 0
        vol[vol > 1] = 1
        return vol

    rotated = tf.numpy_function(_rot, [vol], tf.float32)
    return rotated


def prep_train(vol, y):
    # vol = random_rotate(vol)
    vol = tf.expand_dims(vol, axis=3)
    return vol, y


def prep_val(vol, y):
    vol = tf.expand_dims(vol, axis=3)
    return vol, y

# input pipelines
tr_slices = tf.data.Dataset.from_tensor_slices((x_tr, y_tr))
va_slices = tf.data.Dataset.from_tensor_slices((x_va, y_va))

bs = 2
tr_ds = (
    tr_slices.shuffle(len(x_tr))
    .map(prep_train)
    .batch(bs)
    .prefetch(2)
)
va_ds = (
    va_slices.shuffle(len(x_va))
    .map(prep_val)
    .batch(bs)
    .prefetch(2)
)

'''
3D convolutional network
'''

def build_net(width=128, height=128, depth=64):
    '''
    Four conv blocks (Conv3D, pooling by 2, batch norm),
    global pooling, a dense layer and a sigmoid output
    '''
    inp = keras.Input((width, height, depth, 1))

    h = layers.Conv3D(filters=64, kernel_size=3, activation="relu")(inp)
    h = layers.MaxPool3D(pool_size=2)(h)
    h = layers.BatchNormalization()(h)

    h = layers.Conv3D(filters=64, kernel_size=3, activation="relu")(h)
    h = layers.MaxPool3D(pool_size=2)(h)
    h = layers.BatchNormalization()(h)

    h = layers.Conv3D(filters=128, kernel_size=3, activation="relu")(h)
    h = layers.MaxPool3D(pool_size=2)(h)
    h = layers.BatchNormalization()(h)

    h = layers.Conv3D(filters=128, kernel_size=3, activation="relu")(h)
    h = layers.MaxPool3D(pool_size=2)(h)
    h = layers.BatchNormalization()(h)

    h = layers.GlobalAveragePooling3D()(h)
    h = layers.Dense(units=512, activation="relu")(h)
    h = layers.Dropout(0.3)(h)

    out = layers.Dense(units=1, activation="sigmoid")(h)
    net = keras.Model(inp, out, name="3dcnn")
    return net


# build
net = build_net(width=128, height=128, depth=64)
net.summary()

'''
 Fit
'''
lr0 = 0.0001
sched = keras.optimizers.schedules.ExponentialDecay(
    lr0, decay_steps=100000, decay_rate=0.96, staircase=True
)
net.compile(
    loss="binary_crossentropy",
    optimizer=keras.optimizers.Adam(learning_rate=sched),
    metrics=["acc"],
)

# callbacks
ckpt_cb = keras.callbacks.ModelCheckpoint(
    "3d_image_classification.h5", save_best_only=True
)
stop_cb = keras.callbacks.EarlyStopping(monitor="val_acc", patience=15)

# fit, validating after every epoch
n_epochs = 10
net.fit(
    tr_ds,
    validation_data=va_ds,
    epochs=n_epochs,
    shuffle=True,
    verbose=2,
    callbacks=[ckpt_cb, stop_cb],
)

'''
 Curves
'''
fig, ax = plt.subplots(1, 2, figsize=(20, 3))
ax = ax.ravel()

for i, m in enumerate(["acc", "loss"]):
    ax[i].plot(net.history.history[m])
    ax[i].plot(net.history.history["val_" + m])
    ax[i].set_title("Model {}".format(m))
    ax[i].set_xlabel("epochs")
    ax[i].set_ylabel(m)
    ax[i].legend(["train", "val"])

'''
 Predict one volume
'''
net.load_weights("3d_image_classification.h5")
p = net.predict(np.expand_dims(control_vols[0], axis=0))[0]

names = ["normal", "abnormal"]
if p[0] > 0.5:
    print("abnormal confidence = ", p[0]*100)
else:
    print("normal confidence = ", p[0]*100)
