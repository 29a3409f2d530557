import tensorflow as tf
import tensorflow_datasets as tfds
from tensorflow.keras import layers, models
import numpy as np
import matplotlib.pyplot as plt

# TFDS cats_vs_dogs, first 80% for training and the rest held out
(train_ds, test_ds), data_info = tfds.load(
    "cats_vs_dogs",
    split=["train[:80%]", "train[80%:]"],
    as_supervised=True,
    with_info=True
)

IMG_HW = (128, 128)
BATCH_N = 32

# resize to the input size and scale to [0, 1]
def resize_and_scale(img, target):
    img = tf.image.resize(img, IMG_HW)
    img = tf.cast(img, tf.float32) / 255.0
    return img, target

# random flips, rotations, zooms and contrast changes
aug_layers = tf.keras.Sequential([
    layers.RandomFlip("horizontal"),
    layers.RandomRotation(0.2),
    layers.RandomZoom(0.2),
    layers.RandomContrast(0.2),
])

# map, batch and prefetch both splits
train_ds = train_ds.map(resize_and_scale).batch(BATCH_N).prefetch(tf.data.AUTOTUNE)
test_ds = test_ds.map(resize_and_scale).batch(BATCH_N).prefetch(tf.data.AUTOTUNE)

# ImageNet MobileNetV2 without its classifier
backbone_model = tf.keras.applications.MobileNetV2(
    input_shape=(128,128,3),
    include_top=False,
    weights="imagenet"
)
backbone_model.trainable = False  # frozen for the first stage

# augmentation + backbone + small binary head
clf_model = models.Sequential([
    aug_layers,
    backbone_model,
    layers.GlobalAveragePooling2D(),
    layers.BatchNormalization(),
    layers.Dense(128, activation="relu"),
    layers.Dropout(0.5),
    layers.Dense(1, activation="sigmoid")
])

# first stage: head only
clf_model.compile(
    optimizer=tf.keras.optimizers.Adam(learning_rate=1e-3),
    loss="binary_crossentropy",
    metrics=["accuracy"]
)

# stop early on val loss, halve the LR on plateaus
stop_cb = tf.keras.callbacks.EarlyStopping(
    monitor="val_loss", patience=5, restore_best_weights=True
)
plateau_cb = tf.keras.callbacks.ReduceLROnPlateau(
    monitor="val_loss", factor=0.5, patience=3
)

# first-stage fit
fit_log = clf_model.fit(
    train_ds,
    epochs=10,
    validation_data=test_ds,
    callbacks=[stop_cb, plateau_cb]
)

# second stage: unfreeze the backbone, lower LR
backbone_model.trainable = True
clf_model.compile(
    optimizer=tf.keras.optimizers.Adam(learning_rate=1e-5),
    loss="binary_crossentropy",
    metrics=["accuracy"]
)
finetune_log = clf_model.fit(
    train_ds,
    epochs=5,
    validation_data=test_ds,
    callbacks=[stop_cb, plateau_cb]
)

# score on the held-out split
test_loss, test_acc = clf_model.evaluate(test_ds)
print(f"\ntest accuracy after fine-tuning: {test_acc*100:.2f}%")

# write the weights
clf_model.save("cat_dog_model_boosted.h5")
print("weights written to cat_dog_model_boosted.h5")
