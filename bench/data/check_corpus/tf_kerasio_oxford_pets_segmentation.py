# source: https://github.com/keras-team/keras-io/blob/0c3c019ffc3f2650b5bfe3c822e0c60a815cf9e8/examples/vision/oxford_pets_image_segmentation.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
"""Pet / background / outline segmentation on the Oxford-IIIT Pets images with a small U-Net.

Data: the images and trimap annotations archives of the Oxford pets data set, extracted next to this file.
"""

import os

photo_dir = "pets_photos/"
trimap_dir = "pets_trimaps/"
SIZE = (160, 160)
N_CLASSES = 3
BATCH = 32

photo_input_paths = sorted(
    [os.path.join(photo_dir, name) for name in os.listdir(photo_dir) if name.endswith(".jpg")]
)
trimap_target_paths = sorted(
    [
        os.path.join(trimap_dir, name)
        for name in os.listdir(trimap_dir)
        if name.endswith(".png") and not name.startswith(".")
    ]
)

print(len(photo_input_paths), "image / trimap pairs")
for photo, trimap in zip(photo_input_paths[:10], trimap_target_paths[:10]):
    print(photo, "->", trimap)

# ---- one example and its trimap ----
from IPython.display import Image, display
from tensorflow.keras.preprocessing.image import load_img
from PIL import ImageOps

display(Image(filename=photo_input_paths[9]))
shown = ImageOps.autocontrast(load_img(trimap_target_paths[9]))
display(shown)

# ---- batches read from disk on demand ----
from tensorflow import keras
import numpy as np
from tensorflow.keras.preprocessing.image import load_img


class PetMaskBatches(keras.utils.Sequence):
    """Yields (images, masks) NumPy batches, reading only the files of the requested batch."""

    def __init__(self, n_per_batch, side, input_paths, target_paths):
        self.n_per_batch = n_per_batch
        self.side = side
        self.input_paths = input_paths
        self.target_paths = target_paths

    def __len__(self):
        return len(self.target_paths) // self.n_per_batch

    def __getitem__(self, idx):
        start = idx * self.n_per_batch
        photos = self.input_paths[start : start + self.n_per_batch]
        trimaps = self.target_paths[start : start + self.n_per_batch]
        xb = np.zeros((self.n_per_batch,) + self.side + (3,), dtype="float32")
        for k, path in enumerate(photos):
            photo = load_img(path, target_size=self.side)
            xb[k] = photo
        y_batch = np.zeros((self.n_per_batch,) + self.side + (1,), dtype="uint8")
        for k, path in enumerate(trimaps):
            grey = load_img(path, color_mode="grayscale", target_size=self.side)
            y_batch[k] = np.expand_dims(grey, 2)
            # trimap values are 1..3; classes must start at 0
            y_batch[k] -= 1
        return xb, y_batch


# ---- U-Net with Xception-like separable blocks ----
from tensorflow.keras import layers


def build_unet(size, n_classes):
    inputs = keras.Input(shape=size + (3,))

    # encoder
    h = layers.Conv2D(32, 3, padding="same", strides=2)(inputs)
    h = layers.BatchNormalization()(h)
    h = layers.Activation("relu")(h)

    skip = h
    for depth in [64, 128, 256]:
        h = layers.Activation("relu")(h)
        h = layers.SeparableConv2D(depth, 3, padding="same")(h)
        h = layers.BatchNormalization()(h)

        h = layers.Activation("relu")(h)
        h = layers.SeparableConv2D(depth, 3, padding="same")(h)
        h = layers.BatchNormalization()(h)

        h = layers.MaxPooling2D(3, padding="same", strides=2)(h)

        shortcut = layers.Conv2D(depth, 1, padding="same", strides=2)(skip)
        h = layers.add([h, shortcut])
        skip = h

    # decoder
    for depth in [256, 128, 64, 32]:
        h = layers.Activation("relu")(h)
        h = layers.Conv2DTranspose(depth, 3, padding="same")(h)
        h = layers.BatchNormalization()(h)

        h = layers.Activation("relu")(h)
        h = layers.Conv2DTranspose(depth, 3, padding="same")(h)
        h = layers.BatchNormalization()(h)

        h = layers.UpSampling2D(2)(h)

        shortcut = layers.UpSampling2D(2)(skip)
        shortcut = layers.Conv2D(depth, 1, padding="same")(shortcut)
        h = layers.add([h, shortcut])
        skip = h

    # one softmax over the classes at every pixel
    outputs = layers.Conv2D(n_classes, 3, padding="same", activation="softmax")(h)

    unet_model = keras.Model(inputs, outputs)
    return unet_model


# drop graphs left over from earlier runs of this cell
keras.backend.clear_session()

unet_model = build_unet(SIZE, N_CLASSES)
unet_model.summary()

# ---- hold out 1000 pairs ----
import random

N_VAL = 1000
random.Random(1337).shuffle(photo_input_paths)
random.Random(1337).shuffle(trimap_target_paths)
train_input_img_paths = photo_input_paths[:-N_VAL]
train_target_img_paths = trimap_target_paths[:-N_VAL]
val_input_img_paths = photo_input_paths[-N_VAL:]
val_target_img_paths = trimap_target_paths[-N_VAL:]

train_batches = PetMaskBatches(BATCH, SIZE, train_input_img_paths, train_target_img_paths)
val_batches = PetMaskBatches(BATCH, SIZE, val_input_img_paths, val_target_img_paths)

# integer masks, hence the sparse cross-entropy
unet_model.compile(loss="sparse_categorical_crossentropy", optimizer="rmsprop")

keep_best = [
    keras.callbacks.ModelCheckpoint("pets_unet.h5", save_best_only=True)
]

N_EPOCHS = 15
unet_model.fit(train_batches, validation_data=val_batches, epochs=N_EPOCHS, callbacks=keep_best)

# ---- predicted masks for the held-out images ----
val_batches = PetMaskBatches(BATCH, SIZE, val_input_img_paths, val_target_img_paths)
val_preds = unet_model.predict(val_batches)


def show_prediction(k):
    classes = np.argmax(val_preds[k], axis=-1)
    classes = np.expand_dims(classes, axis=-1)
    display(ImageOps.autocontrast(keras.preprocessing.image.array_to_img(classes)))


pick = 10
display(Image(filename=val_input_img_paths[pick]))
display(ImageOps.autocontrast(load_img(val_target_img_paths[pick])))
show_prediction(pick)
