import tensorflow as tf
from tensorflow.keras import *
import numpy as np
import matplotlib.pyplot as plt
import time
import os
from PIL import Image

from tensorflow.python.ops.gen_math_ops import equal

GAN_BATCH = 8

face_dataset = tf.data.Dataset.from_tensor_slices(np.load("data/data.npy")).shuffle(10000).batch(GAN_BATCH)

def build_generator_model():
    net_model = Sequential()
    net_model.add(layers.Dense(8*8*256, use_bias=False, input_shape=(100,)))
    net_model.add(layers.BatchNormalization())
    net_model.add(layers.LeakyReLU())

    net_model.add(layers.Reshape((8, 8, 256)))

    net_model.add(layers.Conv2DTranspose(128, (5, 5), use_bias=False, strides=(1,1), padding='same'))
    net_model.add(layers.BatchNormalization())
    net_model.add(layers.LeakyReLU())

    net_model.add(layers.Conv2DTranspose(128, (5, 5), use_bias=False, strides=(1,1), padding='same'))
    net_model.add(layers.BatchNormalization())
    net_model.add(layers.LeakyReLU())

    net_model.add(layers.Conv2DTranspose(128, (5, 5), use_bias=False, strides=(1,1), padding='same'))
    net_model.add(layers.BatchNormalization())
    net_model.add(layers.LeakyReLU())

    net_model.add(layers.Conv2DTranspose(64, (5, 5), use_bias=False, strides=(2,2), padding='same'))
    net_model.add(layers.BatchNormalization())
    net_model.add(layers.LeakyReLU())

    net_model.add(layers.Conv2DTranspose(32, (5, 5), use_bias=False, strides=(2,2), padding='same'))
    net_model.add(layers.BatchNormalization())
    net_model.add(layers.LeakyReLU())

    net_model.add(layers.Conv2DTranspose(16, (5, 5), use_bias=False, strides=(2,2), padding='same'))
    net_model.add(layers.BatchNormalization())
    net_model.add(layers.LeakyReLU())

    net_model.add(layers.Conv2DTranspose(3, (5, 5), use_bias=False, strides=(2,2), padding='same'))
    net_model.add(layers.BatchNormalization())
    net_model.add(layers.LeakyReLU())
    return net_model

def build_discriminator_model():
    net_model = Sequential()
    net_model.add(layers.Conv2D(16, (5, 5), strides=(2,2), padding='same', input_shape=(128,128,3)))
    net_model.add(layers.BatchNormalization())
    net_model.add(layers.LeakyReLU())

    net_model.add(layers.Conv2D(32, (5, 5), strides=(2,2), padding='same'))
    net_model.add(layers.BatchNormalization())
    net_model.add(layers.LeakyReLU())

    net_model.add(layers.Conv2D(64, (5, 5), strides=(2,2), padding='same'))
    net_model.add(layers.BatchNormalization())
    net_model.add(layers.LeakyReLU())

    net_model.add(layers.Conv2D(128, (5, 5), strides=(2,2), padding='same'))
    net_model.add(layers.BatchNormalization())
    net_model.add(layers.LeakyReLU())

    net_model.add(layers.Conv2D(256, (5, 5), strides=(2,2), padding='same'))
    net_model.add(layers.BatchNormalization())
    net_model.add(layers.LeakyReLU())

    net_model.add(layers.Flatten())
    net_model.add(layers.Dropout(0.3))
    net_model.add(layers.Dense(1))
    return net_model

gen_model = build_generator_model()
disc_model = build_discriminator_model()

bce_logits = losses.BinaryCrossentropy(from_logits=True)

def generator_loss_fn(fake_scores):
    return bce_logits(tf.ones_like(fake_scores), fake_scores)

def discriminator_loss_fn(real_scores, fake_scores):
    return bce_logits(tf.zeros_like(fake_scores), fake_scores) + bce_logits(tf.ones_like(real_scores), real_scores)

gen_opt = optimizers.Adam(1e-4)
disc_opt = optimizers.Adam(1e-4)

@tf.function
def gan_train_step(image_batch):
    z_batch = tf.random.normal((GAN_BATCH, 100))
    with tf.GradientTape() as gen_tape, tf.GradientTape() as disc_tape:
        fake_images = gen_model(z_batch, training = True)

        real_logits = disc_model(image_batch, training = True)
        fake_logits = disc_model(fake_images, training = True)

        generator_loss = generator_loss_fn(fake_logits)
        discriminator_loss = discriminator_loss_fn(real_logits, fake_logits)
    generator_grads = gen_tape.gradient(generator_loss, gen_model.trainable_variables)
    discriminator_grads = disc_tape.gradient(discriminator_loss, disc_model.trainable_variables)

    gen_opt.apply_gradients(zip(generator_grads, gen_model.trainable_variables))
    disc_opt.apply_gradients(zip(discriminator_grads, disc_model.trainable_variables))

fixed_z = tf.random.normal((16,100))
def train_gan(n_epochs, run_name):
    os.makedirs("out/{}".format(run_name), exist_ok=True)
    for epoch_idx in range (n_epochs):
        t0 = time.time()
        for image_batch in face_dataset:
            gan_train_step(image_batch)
        # write a preview grid
        preview_batch = gen_model(fixed_z)
        preview_grid = Image.new("RGB", (512, 512))
        for col in range(4):
            for row in range(4):
                tile = Image.fromarray((preview_batch[col+row*4].numpy()*128+128).astype("uint8"), "RGB")
                preview_grid.paste(im=tile, box = (col*128, row*128))
        preview_grid.save("out/{}/{:04d}.png".format(run_name, epoch_idx))
        print("epoch {} done after {} s".format(epoch_idx+1, time.time() - t0))


    





















