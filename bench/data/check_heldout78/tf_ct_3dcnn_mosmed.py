# ct_volume_classifier.py
# course project
# binary pneumonia classifier on chest CT volumes


# Packages needed for download, preprocessing and the network.

import os
import zipfile
import numpy as np
import tensorflow as tf

from tensorflow import keras
from tensorflow.keras import layers


# Fetch the MosMedData chest CT subsets (COVID-19 related findings).

# Archive of scans without findings.
link = "https://github.com/hasibzunair/3D-image-classification-tutorial/releases/download/v0.2/CT-0.zip"
# Local file name in the working directory.
archive = os.path.join(os.getcwd(), "CT-0.zip")
# Download it.
keras.utils.get_file(archive, link) 

# Archive of scans with findings.
link = "https://github.com/hasibzunair/3D-image-classification-tutorial/releases/download/v0.2/CT-23.zip"
# Local file name in the working directory.
archive = os.path.join(os.getcwd(), "CT-23.zip")
# Download it.
keras.utils.get_file(archive, link) 

# Folder for the unpacked scans.
os.makedirs("MosMedData") 

# Unpack both archives into it.
with zipfile.ZipFile("CT-0.zip", "r") as zf:
    zf.extractall("./MosMedData/")

with zipfile.ZipFile("CT-23.zip", "r") as zf:
    zf.extractall("./MosMedData/")

    
# Reading and preparing the volumes.    

# nibabel reads NIfTI medical images.
import nibabel as nib

# scipy.ndimage provides the rotate and zoom used to resample the volumes.
from scipy import ndimage


def load_nii(path):
    """Return the voxel array stored at path"""
    # open the file
    vol = nib.load(path)
    # voxel data
    vol = vol.get_fdata()
    return vol


def window_hu(vol):
    """Clip to a lung window and scale to [0, 1]"""
    lo = -1000
    hi = 400
    vol[vol < lo] = lo
    vol[vol > hi] = hi
    vol = (vol - lo) / (hi - lo)
    vol = vol.astype("float32")
    return vol


def resample(vol):
    """Resample to a fixed 128 x 128 x 64 grid"""
    # target grid
    d_out = 64
    w_out = 128
    h_out = 128
    # current grid
    d_in = vol.shape[-1]
    w_in = vol.shape[0]
    h_in = vol.shape[1]
    # ratios
    d = d_in / d_out
    w = w_in / w_out
    h = h_in / h_out
    fd = 1 / d
    fw = 1 / w
    fh = 1 / h
    # rotate a quarter turn
    vol = ndimage.rotate(vol, 90, reshape=False)
    # zoom to the target grid
    vol = ndimage.zoom(vol, (fw, fh, fd), order=1)
    return vol

def prepare(path):
    """Read, window and resample one scan"""
    # read
    vol = load_nii(path)
    # window
    vol = window_hu(vol)
    # resample
    vol = resample(vol)
    return vol

# CT-0: scans with normal lung tissue.
# Paths of the normal scans.
healthy_paths = [
    os.path.join(os.getcwd(), "MosMedData/CT-0", f)
    for f in os.listdir("MosMedData/CT-0")
]
# CT-23: scans with ground-glass opacities and parenchyma involvement.
# Paths of the abnormal scans.
sick_paths = [
    os.path.join(os.getcwd(), "MosMedData/CT-23", f)
    for f in os.listdir("MosMedData/CT-23")
]
# How many of each.
print("normal scans: " + str(len(healthy_paths)))
print("abnormal scans: " + str(len(sick_paths)))


# Training and validation arrays.

# Read every scan.
# Every scan ends up as a 128 x 128 x 64 float volume.
sick_vols = np.array([prepare(p) for p in sick_paths])
healthy_vols = np.array([prepare(p) for p in healthy_paths])

# Labels: 1 for pneumonia,
# 0 for normal.
sick_y = np.array([1 for _ in range(len(sick_vols))])
healthy_y = np.array([0 for _ in range(len(healthy_vols))])

# 70/30 split into training and validation.
# Four arrays: volumes and labels for each side.
x_tr = np.concatenate((sick_vols[:70], healthy_vols[:70]), axis=0)
y_tr = np.concatenate((sick_y[:70], healthy_y[:70]), axis=0)
x_va = np.concatenate((sick_vols[70:], healthy_vols[70:]), axis=0)
y_va = np.concatenate((sick_y[70:], healthy_y[70:]), axis=0)
print(
    "%d training and %d validation volumes."
    % (x_tr.shape[0], x_va.shape[0])
)


# Augmentation.

import random

from scipy import ndimage

@tf.function
def spin(vol):
    """Rotate a volume by a small random angle"""

    # random in-plane rotation as augmentation

    def spin_np(vol):
        """numpy side of the rotation"""
        # candidate angles
        choices = [-20, -10, -5, 5, 10, 20]
        # draw one
        a = random.choice(choices)
        # rotate
        vol = ndimage.rotate(vol, a, reshape=False)
        vol[vol < 0] = 0
        vol[vol > 1] = 1
        return vol
    # run it through numpy
    out = tf.numpy_function(spin_np, [vol], tf.float32)  
    return out


def tr_map(vol, y):
    """Augment a training volume and add a channel axis."""
    # augment
    vol = spin(vol)
    # channel axis for Conv3D
    vol = tf.expand_dims(vol, axis=3) 
    return vol, y


def va_map(vol, y):
    """Only add a channel axis."""
    # channel axis for Conv3D
    vol = tf.expand_dims(vol, axis=3) 
    return vol, y

# tf.data pipelines.
tr_ds = tf.data.Dataset.from_tensor_slices((x_tr, y_tr))
va_ds = tf.data.Dataset.from_tensor_slices((x_va, y_va))

bs = 2
# augmented training stream.
tr_stream = (
    tr_ds.shuffle(len(x_tr))
    .map(tr_map)
    .batch(bs)
    .prefetch(2)
)
# validation stream, no augmentation.
va_stream = (
    va_ds.shuffle(len(x_va))
    .map(va_map)
    .batch(bs)
    .prefetch(2)
)

# plotting
import matplotlib.pyplot as plt

# look at one augmented volume.
peek = tr_stream.take(1)
vols, ys = list(peek)[0]
vols = vols.numpy()
one = vols[0]

# one axial slice.
print("volume shape:", one.shape)
plt.imshow(np.squeeze(one[:, :, 30]), cmap="gray")


def montage(rows, cols, w, h, data):
    """Grid of CT slices"""
    # rearrange the slices into a grid
    data = np.rot90(np.array(data))
    data = np.transpose(data)
    data = np.reshape(data, (rows, cols, w, h))
    n_rows, n_cols = data.shape[0], data.shape[1]
    hs = [s[0].shape[0] for s in data]
    ws = [s.shape[1] for s in data[0]]
    fig_w = 12.0
    fig_h = fig_w * sum(hs) / sum(ws)
    # the figure
    f, axs = plt.subplots(
        n_rows,
        n_cols,
        figsize=(fig_w, fig_h),
        gridspec_kw={"height_ratios": hs},
    )
    for r in range(n_rows):
        for c in range(n_cols):
            axs[r, c].imshow(data[r][c], cmap="gray")
            axs[r, c].axis("off")
    plt.subplots_adjust(wspace=0, hspace=0, left=0, right=1, bottom=0, top=1)
    plt.show()


# 4 x 10 grid of the first 40 slices.
# 
montage(4, 10, 128, 128, one[:, :, :40])


# The 3-D conv net.

def build_net(width=128, height=128, depth=64):
    """3-D convolutional classifier."""
      # volume input with one channel
    inp = keras.Input((width, height, depth, 1))

    # 3x3x3 conv, 64 filters, relu.
    # 
    # 
    x = layers.Conv3D(filters=64, kernel_size=3, activation="relu")(inp)
    # halve every spatial axis.
    x = layers.MaxPool3D(pool_size=2)(x)
    # batch norm.
    x = layers.BatchNormalization()(x)

    # same block again.
    x = layers.Conv3D(filters=64, kernel_size=3, activation="relu")(x)
    x = layers.MaxPool3D(pool_size=2)(x)
    x = layers.BatchNormalization()(x)

    # 128 filters.
    x = layers.Conv3D(filters=128, kernel_size=3, activation="relu")(x)
    x = layers.MaxPool3D(pool_size=2)(x)
    x = layers.BatchNormalization()(x)

    # 256 filters.
    x = layers.Conv3D(filters=256, kernel_size=3, activation="relu")(x)
    x = layers.MaxPool3D(pool_size=2)(x)
    x = layers.BatchNormalization()(x)

    # global average pooling instead of flattening.
    x = layers.GlobalAveragePooling3D()(x)
    # dense 512, relu.
    x = layers.Dense(units=512, activation="relu")(x)
    # dropout 0.3.
    x = layers.Dropout(0.3)(x)

    # one sigmoid output.
    out = layers.Dense(units=1, activation="sigmoid")(x)

    # assemble.
    net = keras.Model(inp, out, name="ct3d")
    return net



# Build.
net = build_net(width=128, height=128, depth=64)
net.summary()

# Training.

# Compile.
lr0 = 0.0001  # starting learning rate
sched = keras.optimizers.schedules.ExponentialDecay(
    # exponential decay of the learning rate.
    lr0, decay_steps=100000, decay_rate=0.96, staircase=True
)
net.compile(
    loss="binary_crossentropy",
    optimizer=keras.optimizers.Adam(learning_rate=sched), # Adam
    metrics=["acc"],
)

# Callbacks.
ckpt_cb = keras.callbacks.ModelCheckpoint(
    "ct3d_best.h5", save_best_only=True
) # keep the best weights.
stop_cb = keras.callbacks.EarlyStopping(monitor="val_acc", patience=15)

# Train, validating after each epoch.
n_epochs = 15
net.fit(
    tr_stream,
    validation_data=va_stream,
    epochs=n_epochs,
    shuffle=True,
    verbose=2,
    callbacks=[ckpt_cb, stop_cb],
)


# Curves.

# two panels.
fig, ax = plt.subplots(1, 2, figsize=(20, 3))
ax = ax.ravel()

# accuracy and loss against epochs.
for k, m in enumerate(["acc", "loss"]):
    ax[k].plot(net.history.history[m])
    ax[k].plot(net.history.history["val_" + m])
    ax[k].set_title("{}".format(m))
    ax[k].set_xlabel("epochs")
    ax[k].set_ylabel(m)
    ax[k].legend(["train", "val"])

    
# Predict one validation scan.

# Best weights.
net.load_weights("ct3d_best.h5")  # reload the best checkpoint.
p = net.predict(np.expand_dims(x_va[0], axis=0))[0]
scores = [1 - p[0], p[0]] # normal / abnormal scores.

labels = ["normal", "abnormal"]
for s, name in zip(scores, labels):  # print both.
    print(
        "%.2f percent confidence that the scan is %s"
        % ((100 * s), name)
    )
