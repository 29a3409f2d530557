# Galaxy morphology classifier

# (course project: galaxy classification with deep learning)

# A convolutional network that sorts galaxy images into classes

# This script trains a small CNN on Galaxy Zoo cut-outs, labelled by volunteers.
# Four one-hot classes: plain galaxies ([1,0,0,0]), ringed galaxies ([0,1,0,0]), mergers ([0,0,1,0]) and odd objects ([0,0,0,1]).

# Keras inside TensorFlow builds and trains the network.

import tensorflow as tf
from tensorflow.keras.preprocessing.image import ImageDataGenerator

from sklearn.model_selection import train_test_split
from utils import load_galaxy_data

from visualize import visualize_activations

import app

# Split off a stratified test fifth of the images.

images, onehots = load_galaxy_data()

fit_images, hold_images, fit_onehots, hold_onehots = train_test_split(images, onehots, test_size=0.20, shuffle=True, random_state=222, stratify=onehots)

# Pixel values are scaled to [0, 1] by the generators, batch by batch.

scaler = ImageDataGenerator(rescale=1./255)

fit_flow = ImageDataGenerator(rescale=1./255).flow(fit_images, fit_onehots, batch_size=5)

check_flow = ImageDataGenerator(rescale=1./255).flow(fit_images, fit_onehots, batch_size=5)

# Two strided conv + pooling blocks, then flatten and two dense layers.

net = tf.keras.Sequential()
net.add(tf.keras.Input(shape=(128, 128, 3)))
net.add(tf.keras.layers.Conv2D(8, 3, strides=2, activation="relu"))
net.add(tf.keras.layers.MaxPooling2D(
    pool_size=(2, 2), strides=(2,2)))
net.add(tf.keras.layers.Conv2D(8, 3, strides=2, activation="relu"))
net.add(tf.keras.layers.MaxPooling2D(
    pool_size=(2,2), strides=(2,2)))
net.add(tf.keras.layers.Flatten())
net.add(tf.keras.layers.Dense(16, activation="relu"))
net.add(tf.keras.layers.Dense(4, activation="softmax"))

# Adam at 1e-3, categorical cross-entropy, accuracy and AUC as metrics.

net.compile(
    optimizer=tf.keras.optimizers.Adam(learning_rate=0.001), loss=tf.keras.losses.CategoricalCrossentropy(), metrics=[tf.keras.metrics.CategoricalAccuracy(),tf.keras.metrics.AUC()])

net.summary()

# Eight epochs over the generator, checked against the second flow.

net.fit(fit_flow,
        steps_per_epoch=len(fit_images) / 5,
        epochs=8,
        validation_data=check_flow,
        validation_steps=len(hold_images) / 5)

# Show what the conv layers respond to.

visualize_activations(net,check_flow)
