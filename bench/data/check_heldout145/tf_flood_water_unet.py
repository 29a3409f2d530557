import os
import numpy as np
import tifffile as tiff
import cv2
from PIL import Image
import tensorflow as tf
import matplotlib.pyplot as plt

# folders with the multispectral tiles and their water masks
tile_dir = "/kaggle/input/flood-tiles/data/images"
label_dir = "/kaggle/input/flood-tiles/data/labels"

class TileMaskSequence(tf.keras.utils.Sequence):
    def __init__(self, tiles_dir, masks_dir, batch_size=8, target_size=(128, 128), shuffle=True):
        self.tiles_dir = tiles_dir
        self.masks_dir = masks_dir
        self.batch_size = batch_size
        self.target_size = target_size
        self.shuffle = shuffle

        self.tile_names = sorted(os.listdir(tiles_dir))
        self.mask_names = sorted(os.listdir(masks_dir))
        self.order = np.arange(len(self.tile_names))
        self.on_epoch_end()

    def __len__(self):
        return int(np.ceil(len(self.tile_names) / self.batch_size))

    def __getitem__(self, b):
        picked = self.order[b * self.batch_size:(b + 1) * self.batch_size]
        xs = []
        ys = []

        for k in picked:
            tile_file = os.path.join(self.tiles_dir, self.tile_names[k])
            mask_file = os.path.join(self.masks_dir, self.mask_names[k])

            tile = tiff.imread(tile_file).astype(np.float32)
            tile = cv2.resize(tile, self.target_size)
            tile = tile / 255.0

            m = np.array(Image.open(mask_file).convert('L'))
            m = cv2.resize(m, self.target_size)
            m = (m > 0).astype(np.float32)

            xs.append(tile)
            ys.append(m[..., np.newaxis])  # add a channel axis

        return np.array(xs), np.array(ys)

    def on_epoch_end(self):
        if self.shuffle:
            np.random.shuffle(self.order)

seq = TileMaskSequence(tile_dir, label_dir, batch_size=4)

# look at one batch
bx, by = next(iter(seq))
print("tiles:", bx.shape)  # (4, 128, 128, 12)
print("masks:", by.shape)  # (4, 128, 128, 1)

def show_pair(tiles, masks, index=0, channel=0):
    t = tiles[index]
    m = masks[index]

    plt.figure(figsize=(10, 4))
    plt.subplot(1, 2, 1)
    plt.imshow(t[..., channel], cmap='gray')
    plt.title(f"band {channel}")
    plt.axis('off')

    plt.subplot(1, 2, 2)
    plt.imshow(m[..., 0], cmap='gray')
    plt.title("water mask")
    plt.axis('off')
    plt.show()

show_pair(bx, by, index=0, channel=3)

from sklearn.model_selection import train_test_split

# file names in order
tile_names = sorted(os.listdir(tile_dir))
mask_names = sorted(os.listdir(label_dir))

# full paths
tile_paths = [os.path.join(tile_dir, f) for f in tile_names]
mask_paths = [os.path.join(label_dir, f) for f in mask_names]

# 70 / 30 split of the path lists
fit_tiles, rest_tiles, fit_masks, rest_masks = train_test_split(
    tile_paths, mask_paths, test_size=0.3, random_state=42
)

# the rest halves into validation and test
dev_tiles, hold_tiles, dev_masks, hold_masks = train_test_split(
    rest_tiles, rest_masks, test_size=0.5, random_state=42
)

def stream_batches(paths_x, paths_y, batch_size=8, target_size=(128, 128)):
    while True:
        for s in range(0, len(paths_x), batch_size):
            xs = []
            ys = []

            for j in range(s, min(s + batch_size, len(paths_x))):
                tile = tiff.imread(paths_x[j]).astype(np.float32)
                tile = cv2.resize(tile, target_size)
                tile = tile / 255.0

                m = np.array(Image.open(paths_y[j]).convert('L'))
                m = cv2.resize(m, target_size)
                m = (m > 0).astype(np.float32)

                xs.append(tile)
                ys.append(m[..., np.newaxis])

            yield np.array(xs), np.array(ys)

from tensorflow.keras import layers, models

def make_unet(input_shape=(128, 128, 12)):
    inp = layers.Input(shape=input_shape)

    # down path
    e1 = layers.Conv2D(16, 3, activation='relu', padding='same')(inp)
    e1 = layers.Conv2D(16, 3, activation='relu', padding='same')(e1)
    d1 = layers.MaxPooling2D()(e1)

    e2 = layers.Conv2D(32, 3, activation='relu', padding='same')(d1)
    e2 = layers.Conv2D(32, 3, activation='relu', padding='same')(e2)
    d2 = layers.MaxPooling2D()(e2)

    e3 = layers.Conv2D(64, 3, activation='relu', padding='same')(d2)
    e3 = layers.Conv2D(64, 3, activation='relu', padding='same')(e3)
    d3 = layers.MaxPooling2D()(e3)

    # bottom
    b = layers.Conv2D(128, 3, activation='relu', padding='same')(d3)
    b = layers.Conv2D(128, 3, activation='relu', padding='same')(b)

    # up path
    g5 = layers.UpSampling2D()(b)
    g5 = layers.concatenate([g5, e3])
    h5 = layers.Conv2D(64, 3, activation='relu', padding='same')(g5)
    h5 = layers.Conv2D(64, 3, activation='relu', padding='same')(h5)

    g6 = layers.UpSampling2D()(h5)
    g6 = layers.concatenate([g6, e2])
    h6 = layers.Conv2D(32, 3, activation='relu', padding='same')(g6)
    h6 = layers.Conv2D(32, 3, activation='relu', padding='same')(h6)

    g7 = layers.UpSampling2D()(h6)
    g7 = layers.concatenate([g7, e1])
    h7 = layers.Conv2D(16, 3, activation='relu', padding='same')(g7)
    h7 = layers.Conv2D(16, 3, activation='relu', padding='same')(h7)

    out = layers.Conv2D(1, 1, activation='sigmoid')(h7)

    net = models.Model(inp, out)
    return net

net = make_unet()
net.compile(optimizer='adam', loss='binary_crossentropy', metrics=['accuracy'])

# generators
fit_stream = stream_batches(fit_tiles, fit_masks, batch_size=8)
dev_stream = stream_batches(dev_tiles, dev_masks, batch_size=8)

n_fit_steps = len(fit_tiles) // 8
n_dev_steps = len(dev_tiles) // 8

hist = net.fit(
    fit_stream,
    validation_data=dev_stream,
    steps_per_epoch=n_fit_steps,
    validation_steps=n_dev_steps,
    epochs=15
)

# test-set steps
hold_stream = stream_batches(hold_tiles, hold_masks, batch_size=4)
n_hold_steps = len(hold_tiles) // 4

# score on the held-out tiles
ls, acc = net.evaluate(hold_stream, steps=n_hold_steps)
print(f"hold-out loss: {ls:.4f}")
print(f"hold-out accuracy: {acc * 100:.2f}%")

def show_prediction(net, tiles, masks, index=0, channel=0):
    one = tiles[index][np.newaxis, ...]  # batch of one
    truth = masks[index]

    # run the net
    prob = net.predict(one)[0]  # drop the batch axis

    # threshold
    binary = (prob > 0.5).astype(np.float32)

    # figure
    plt.figure(figsize=(15, 4))

    # one input band
    plt.subplot(1, 3, 1)
    plt.imshow(one[0, ..., channel], cmap='gray')
    plt.title(f"band {channel}")
    plt.axis('off')

    # reference mask
    plt.subplot(1, 3, 2)
    plt.imshow(truth[..., 0], cmap='gray')
    plt.title("reference")
    plt.axis('off')

    # predicted mask
    plt.subplot(1, 3, 3)
    plt.imshow(binary[..., 0], cmap='gray')
    plt.title("predicted")
    plt.axis('off')

    plt.show()

# one batch from the test stream
hold_tiles, hold_masks = next(hold_stream)

show_prediction(net, hold_tiles, hold_masks, index=2, channel=1)
