# -*- coding: utf-8 -*-
"""face_gan_custom_step

Exported from a notebook.

The notebook this came from was adapted from
    the public Keras DCGAN example that overrides train_step

# Face generation with a DCGAN

- images are 64x64 crops of celebrity faces
- the GAN subclasses keras.Model
- only train_step is replaced, fit() does the looping
- a callback writes a few samples per epoch

## Imports
"""

import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers
import numpy as np
import matplotlib.pyplot as plt
import os
import gdown
from zipfile import ZipFile

"""## Get the face images

Download the zip and unpack it; pictures are resized to 64x64 when read.
"""

os.makedirs("faces_gan")

src_link = "https://drive.google.com/uc?id=1O7m1010EJjLE5QxLZiM9Fpjs7Oj6e684"
zip_path = "faces_gan/data.zip"
gdown.download(src_link, zip_path, quiet=True)

with ZipFile("faces_gan/data.zip", "r") as archive:
    archive.extractall("faces_gan")

"""Read the folder lazily as batches and scale pixels to [0, 1]:"""

face_ds = keras.preprocessing.image_dataset_from_directory(
    "images", label_mode=None, image_size=(64, 64), batch_size=32
)
face_ds = face_ds.map(lambda b: b / 255.0)

"""Show one picture:"""

for b in face_ds:
    plt.axis("off")
    plt.imshow((b.numpy() * 255).astype("int32")[0])
    break

"""## Critic network

Scores a 64x64 picture as real or generated.
"""

critic = keras.Sequential(
    [
        keras.Input(shape=(64, 64, 3)),
        layers.Conv2D(64, kernel_size=4, strides=2, padding="same"),
        layers.LeakyReLU(alpha=0.2),
        layers.Conv2D(128, kernel_size=4, strides=2, padding="same"),
        layers.LeakyReLU(alpha=0.2),
        layers.Conv2D(128, kernel_size=4, strides=2, padding="same"),
        layers.LeakyReLU(alpha=0.2),
        layers.Flatten(),
        layers.Dropout(0.2),
        layers.Dense(1, activation="sigmoid"),
    ],
    name="critic",
)
critic.summary()

"""## Image maker network

Runs the critic's layout backwards with transposed convolutions.
"""

noise_dim = 128

maker = keras.Sequential(
    [
        keras.Input(shape=(noise_dim,)),
        layers.Dense(8 * 8 * 128),
        layers.Reshape((8, 8, 128)),
        layers.Conv2DTranspose(128, kernel_size=4, strides=2, padding="same"),
        layers.LeakyReLU(alpha=0.2),
        layers.Conv2DTranspose(256, kernel_size=4, strides=2, padding="same"),
        layers.LeakyReLU(alpha=0.2),
        layers.Conv2DTranspose(512, kernel_size=4, strides=2, padding="same"),
        layers.LeakyReLU(alpha=0.2),
        layers.Conv2D(3, kernel_size=5, padding="same", activation="sigmoid"),
    ],
    name="maker",
)
maker.summary()

"""## Custom training step"""

class FaceGAN(keras.Model):
    def __init__(self, critic, maker, noise_dim):
        super(FaceGAN, self).__init__()
        self.critic = critic
        self.maker = maker
        self.noise_dim = noise_dim

    def compile(self, c_opt, m_opt, bce):
        super(FaceGAN, self).compile()
        self.c_opt = c_opt
        self.m_opt = m_opt
        self.bce = bce
        self.c_loss_avg = keras.metrics.Mean(name="c_loss")
        self.m_loss_avg = keras.metrics.Mean(name="m_loss")

    @property
    def metrics(self):
        return [self.c_loss_avg, self.m_loss_avg]

    def train_step(self, real_batch):
        # draw noise vectors, one per real picture
        n = tf.shape(real_batch)[0]
        noise = tf.random.normal(shape=(n, self.noise_dim))

        # turn them into pictures
        fakes = self.maker(noise)

        # stack fakes on top of the real batch
        both = tf.concat([fakes, real_batch], axis=0)

        # 1 for fake rows, 0 for real rows
        targets = tf.concat(
            [tf.ones((n, 1)), tf.zeros((n, 1))], axis=0
        )
        # jitter the targets slightly
        targets += 0.05 * tf.random.uniform(tf.shape(targets))

        # update the critic
        with tf.GradientTape() as tape:
            scores = self.critic(both)
            c_loss = self.bce(targets, scores)
        grads = tape.gradient(c_loss, self.critic.trainable_weights)
        self.c_opt.apply_gradients(
            zip(grads, self.critic.trainable_weights)
        )

        # fresh noise for the maker update
        noise = tf.random.normal(shape=(n, self.noise_dim))

        # pretend every generated picture is real
        fooling = tf.zeros((n, 1))

        # update the maker only; the critic's weights stay fixed
        # during this half of the step
        with tf.GradientTape() as tape:
            scores = self.critic(self.maker(noise))
            m_loss = self.bce(fooling, scores)
        grads = tape.gradient(m_loss, self.maker.trainable_weights)
        self.m_opt.apply_gradients(zip(grads, self.maker.trainable_weights))

        # running averages
        self.c_loss_avg.update_state(c_loss)
        self.m_loss_avg.update_state(m_loss)
        return {
            "c_loss": self.c_loss_avg.result(),
            "m_loss": self.m_loss_avg.result(),
        }

"""## Callback that writes a few samples after every epoch"""

class SampleWriter(keras.callbacks.Callback):
    def __init__(self, count=3, noise_dim=128):
        self.count = count
        self.noise_dim = noise_dim

    def on_epoch_end(self, epoch, logs=None):
        noise = tf.random.normal(shape=(self.count, self.noise_dim))
        pics = self.model.maker(noise)
        pics *= 255
        pics.numpy()
        for j in range(self.count):
            pic = keras.preprocessing.image.array_to_img(pics[j])
            pic.save("sample_%03d_%d.png" % (epoch, j))

"""## Fit"""

n_epochs = 1  # raise to about 100 for usable faces

gan = FaceGAN(critic=critic, maker=maker, noise_dim=noise_dim)
gan.compile(
    c_opt=keras.optimizers.Adam(learning_rate=0.0001),
    m_opt=keras.optimizers.Adam(learning_rate=0.0001),
    bce=keras.losses.BinaryCrossentropy(),
)

gan.fit(
    face_ds, epochs=n_epochs, callbacks=[SampleWriter(count=10, noise_dim=noise_dim)]
)

"""Samples near epoch 30 look reasonable
(and they keep getting better):

(sample grid image omitted)
"""
