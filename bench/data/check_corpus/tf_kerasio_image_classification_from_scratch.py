# source: https://github.com/keras-team/keras-io/blob/0e918412690b44285f82f699ce19d919fb14cee2/examples/vision/image_classification_from_scratch.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
"""Binary pet classifier trained from JPEG folders with no pretrained weights.

Images are streamed from disk as a tf.data Dataset by image_dataset_from_directory; scaling and augmentation are layers.
"""

import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

# Expected layout: pets/Cat/*.jpg and pets/Dog/*.jpg (the Kaggle cats-vs-dogs archive, unzipped).

# ---- drop files whose header lacks the JFIF marker (they fail to decode) ----
import os

removed = 0
for kind in ("Cat", "Dog"):
    kind_dir = os.path.join("pets", kind)
    for name in os.listdir(kind_dir):
        path = os.path.join(kind_dir, name)
        try:
            handle = open(path, "rb")
            looks_ok = tf.compat.as_bytes("JFIF") in handle.peek(10)
        finally:
            handle.close()
        if not looks_ok:
            removed += 1
            os.remove(path)
print(f"removed {removed} unreadable files")

# ---- streaming datasets ----
IMG_SIZE = (180, 180)
BATCH = 128
pets_train, pets_val = tf.keras.preprocessing.image_dataset_from_directory(
    "pets",
    seed=1337,
    subset="both",
    validation_split=0.2,
    batch_size=BATCH,
    image_size=IMG_SIZE,
)

# ---- a look at a few samples ----
import matplotlib.pyplot as plt

plt.figure(figsize=(10, 10))
for batch_imgs, batch_labels in pets_train.take(1):
    for k in range(9):
        plt.subplot(3, 3, k + 1)
        plt.imshow(batch_imgs[k].numpy().astype("uint8"))
        plt.title(int(batch_labels[k]))
        plt.axis("off")

# random flips and small rotations stand in for a bigger data set
augment = keras.Sequential(
    [
        layers.RandomFlip("horizontal"),
        layers.RandomRotation(0.1),
    ]
)

plt.figure(figsize=(10, 10))
for batch_imgs, _ in pets_train.take(1):
    for k in range(9):
        varied = augment(batch_imgs)
        plt.subplot(3, 3, k + 1)
        plt.imshow(varied[0].numpy().astype("uint8"))
        plt.axis("off")

# overlap reading with training
pets_train = pets_train.prefetch(buffer_size=32)
pets_val = pets_val.prefetch(buffer_size=32)


def small_xception(shape, n_classes):
    """A reduced Xception-style network: rescaling stem, residual separable-conv stages, pooled head."""
    image_in = keras.Input(shape=shape)

    h = layers.Rescaling(1.0 / 255)(image_in)
    h = layers.Conv2D(32, 3, padding="same", strides=2)(h)
    h = layers.BatchNormalization()(h)
    h = layers.Activation("relu")(h)

    h = layers.Conv2D(64, 3, padding="same")(h)
    h = layers.BatchNormalization()(h)
    h = layers.Activation("relu")(h)

    skip = h
    for width in [128, 256, 512, 728]:
        h = layers.Activation("relu")(h)
        h = layers.SeparableConv2D(width, 3, padding="same")(h)
        h = layers.BatchNormalization()(h)

        h = layers.Activation("relu")(h)
        h = layers.SeparableConv2D(width, 3, padding="same")(h)
        h = layers.BatchNormalization()(h)

        h = layers.MaxPooling2D(3, padding="same", strides=2)(h)

        shortcut = layers.Conv2D(width, 1, padding="same", strides=2)(skip)
        h = layers.add([h, shortcut])
        skip = h

    h = layers.SeparableConv2D(1024, 3, padding="same")(h)
    h = layers.BatchNormalization()(h)
    h = layers.Activation("relu")(h)

    h = layers.GlobalAveragePooling2D()(h)
    if n_classes == 2:
        act, n_out = "sigmoid", 1
    else:
        act, n_out = "softmax", n_classes

    h = layers.Dropout(0.5)(h)
    probs_out = layers.Dense(n_out, activation=act)(h)
    return keras.Model(image_in, probs_out)


pet_model = small_xception(shape=IMG_SIZE + (3,), n_classes=2)
keras.utils.plot_model(pet_model, show_shapes=True)

# augmentation runs inside the input pipeline, in parallel
pets_train = pets_train.map(
    lambda img, label: (augment(img), label),
    num_parallel_calls=tf.data.AUTOTUNE,
)
pets_train = pets_train.prefetch(tf.data.AUTOTUNE)

N_EPOCHS = 25
checkpoints = [
    keras.callbacks.ModelCheckpoint("pets_epoch_{epoch}.keras"),
]
pet_model.compile(
    loss="binary_crossentropy",
    optimizer=keras.optimizers.Adam(1e-3),
    jit_compile=True,
    metrics=["accuracy"],
)
pet_model.fit(
    pets_train,
    validation_data=pets_val,
    epochs=N_EPOCHS,
    callbacks=checkpoints,
)

# ---- one prediction (augmentation and dropout are off at inference) ----
one = keras.preprocessing.image.load_img("pets/Cat/6779.jpg", target_size=IMG_SIZE)
one_arr = keras.preprocessing.image.img_to_array(one)
one_arr = tf.expand_dims(one_arr, 0)
p_dog = pet_model.predict(one_arr)[0]
print(f"cat {100 * (1 - p_dog):.2f}% / dog {100 * p_dog:.2f}%")
