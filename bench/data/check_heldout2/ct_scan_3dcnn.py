# source: https://github.com/keras-team/keras-io/blob/0766e7be5fbe02ab55c4f0cd4e6d433bf6c44b61/examples/vision/3D_image_classification.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import os
import random
import zipfile

import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers
import nibabel as nib
import cv2
from scipy import ndimage
from scipy.ndimage import zoom, gaussian_filter

archive_url = "https://github.com/hasibzunair/3D-image-classification-tutorial/releases/download/v0.1/NSCLC-Radiomics-Genomics.zip"
archive = os.path.join(os.getcwd(), "NSCLC-Radiomics-Genomics.zip")
keras.utils.get_file(archive, archive_url)
with zipfile.ZipFile("NSCLC-Radiomics-Genomics.zip", "r") as zf:
    zf.extractall("./")


def read_volume(path):
    vol = nib.load(path)
    vol = vol.get_fdata()
    return np.rot90(np.array(vol))


def shrink_slices(vol):
    slices = [
        cv2.resize(vol[:, :, i], (128, 128), interpolation=cv2.INTER_CUBIC)
        for i in range(vol.shape[-1])
    ]
    return np.array(np.dstack(slices))


def fix_depth(vol):
    target = 128
    factor = 1 / (vol.shape[-1] / target)
    return zoom(vol, (1, 1, factor), mode="nearest")


def prepare_volume(path):
    vol = read_volume(path)
    vol = shrink_slices(vol)
    return fix_depth(vol)


right_paths = [
    os.path.join(os.getcwd(), "NSCLC-Radiomics-Genomics/1", f)
    for f in os.listdir("NSCLC-Radiomics-Genomics/1")
]
left_paths = [
    os.path.join(os.getcwd(), "NSCLC-Radiomics-Genomics/2", f)
    for f in os.listdir("NSCLC-Radiomics-Genomics/2")
]

right_volumes = np.array([prepare_volume(p) for p in right_paths])
left_volumes = np.array([prepare_volume(p) for p in left_paths])
right_y = np.array([1 for _ in range(len(right_volumes))])
left_y = np.array([0 for _ in range(len(left_volumes))])

x_train = np.concatenate((right_volumes[:14], left_volumes[:14]), axis=0)
y_train = np.concatenate((right_y[:14], left_y[:14]), axis=0)
x_val = np.concatenate((right_volumes[14:], left_volumes[14:]), axis=0)
y_val = np.concatenate((right_y[14:], left_y[14:]), axis=0)


def scale_hu(vol):
    lo, hi = -1000, 400
    vol = (vol - lo) / (hi - lo)
    vol[vol > 1] = 1.0
    vol[vol < 0] = 0.0
    return np.expand_dims(vol, axis=3)


@tf.function(input_signature=[tf.TensorSpec((128, 128, 128), tf.float64)])
def tf_scale_hu(vol):
    return tf.numpy_function(scale_hu, [vol], tf.float64)


def spin(vol):
    return ndimage.rotate(vol, random.choice([-20, -10, -5, 5, 10, 20]), reshape=False)


@tf.function(input_signature=[tf.TensorSpec((128, 128, 128), tf.float64)])
def tf_spin(vol):
    return tf.numpy_function(spin, [vol], tf.float64)


def smooth(vol):
    return gaussian_filter(vol, sigma=1)


@tf.function(input_signature=[tf.TensorSpec((128, 128, 128), tf.float64)])
def tf_smooth(vol):
    return tf.numpy_function(smooth, [vol], tf.float64)


def augment_train(vol, y):
    choice = random.choice(["rotate", "blur", "normal"])
    if choice == "rotate":
        vol = tf_spin(vol)
    elif choice == "blur":
        vol = tf_smooth(vol)
    vol = tf_scale_hu(vol)
    return vol, y


def augment_val(vol, y):
    return tf_scale_hu(vol), y


train_ds = tf.data.Dataset.from_tensor_slices((x_train, y_train))
val_ds = tf.data.Dataset.from_tensor_slices((x_val, y_val))
batch = 2
train_ds = train_ds.shuffle(len(x_train)).map(augment_train).batch(batch)
val_ds = val_ds.shuffle(len(x_val)).map(augment_val).batch(batch)


def build_3d_cnn(shape, n_classes):
    inp = keras.Input(shape)
    h = layers.Conv3D(filters=16, kernel_size=3, activation="relu")(inp)
    h = layers.MaxPool3D(pool_size=2)(h)
    h = layers.BatchNormalization()(h)
    h = layers.Conv3D(filters=32, kernel_size=3, activation="relu")(h)
    h = layers.MaxPool3D(pool_size=2)(h)
    h = layers.BatchNormalization()(h)
    h = layers.Conv3D(filters=64, kernel_size=3, activation="relu")(h)
    h = layers.MaxPool3D(pool_size=2)(h)
    h = layers.BatchNormalization()(h)
    h = layers.Conv3D(filters=128, kernel_size=3, activation="relu")(h)
    h = layers.MaxPool3D(pool_size=2)(h)
    h = layers.BatchNormalization()(h)
    h = layers.Flatten()(h)
    h = layers.Dense(units=256, activation="relu")(h)
    h = layers.Dropout(0.3)(h)
    out = layers.Dense(units=1, activation="sigmoid")(h)
    return keras.Model(inp, out, name="3dcnn")


net = build_3d_cnn((128, 128, 128, 1), 2)
schedule = tf.keras.optimizers.schedules.ExponentialDecay(0.0001, decay_steps=100000, decay_rate=0.96, staircase=True)
net.compile(loss="binary_crossentropy", optimizer=keras.optimizers.Adam(learning_rate=schedule), metrics=["acc"])

keep_best = tf.keras.callbacks.ModelCheckpoint("3d_image_classification.h5", save_best_only=True)
stop_early = tf.keras.callbacks.EarlyStopping(monitor="val_acc", patience=10)
net.fit(train_ds, validation_data=val_ds, epochs=100, shuffle=True, verbose=2, callbacks=[keep_best, stop_early])

net.load_weights("3d_image_classification.h5")
first_pred = net.predict(np.expand_dims(x_val[0], axis=0))[0]
