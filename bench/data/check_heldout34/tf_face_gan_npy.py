import tensorflow as tf
from tensorflow.keras import *
import numpy as np
import matplotlib.pyplot as plt
import time
import os
from PIL import Image

from tensorflow.python.ops.gen_math_ops import equal

BATCH = 8

face_dataset = tf.data.Dataset.from_tensor_slices(np.load("data/data.npy")).shuffle(10000).batch(BATCH)

def build_generator():
    model = Sequential()
    model.add(layers.Dense(8*8*256, use_bias=False, input_shape=(100,)))
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())

    model.add(layers.Reshape((8, 8, 256)))

    model.add(layers.Conv2DTranspose(128, (5, 5), use_bias=False, strides=(1,1), padding='same'))
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())

    model.add(layers.Conv2DTranspose(128, (5, 5), use_bias=False, strides=(1,1), padding='same'))
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())

    model.add(layers.Conv2DTranspose(128, (5, 5), use_bias=False, strides=(1,1), padding='same'))
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())

    model.add(layers.Conv2DTranspose(64, (5, 5), use_bias=False, strides=(2,2), padding='same'))
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())

    model.add(layers.Conv2DTranspose(32, (5, 5), use_bias=False, strides=(2,2), padding='same'))
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())

    model.add(layers.Conv2DTranspose(16, (5, 5), use_bias=False, strides=(2,2), padding='same'))
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())

    model.add(layers.Conv2DTranspose(3, (5, 5), use_bias=False, strides=(2,2), padding='same'))
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())
    return model

def build_discriminator():
    model = Sequential()
    model.add(layers.Conv2D(16, (5, 5), strides=(2,2), padding='same', input_shape=(128,128,3)))
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())

    model.add(layers.Conv2D(32, (5, 5), strides=(2,2), padding='same'))
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())

    model.add(layers.Conv2D(64, (5, 5), strides=(2,2), padding='same'))
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())

    model.add(layers.Conv2D(128, (5, 5), strides=(2,2), padding='same'))
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())

    model.add(layers.Conv2D(256, (5, 5), strides=(2,2), padding='same'))
    model.add(layers.BatchNormalization())
    model.add(layers.LeakyReLU())

    model.add(layers.Flatten())
    model.add(layers.Dropout(0.3))
    model.add(layers.Dense(1))
    return model

gen_net = build_generator()
disc_net = build_discriminator()

bce = losses.BinaryCrossentropy(from_logits=True)

def generator_loss_of(fake_logits):
    return bce(tf.ones_like(fake_logits), fake_logits)

def discriminator_loss_of(real_logits, fake_logits):
    return bce(tf.zeros_like(fake_logits), fake_logits) + bce(tf.ones_like(real_logits), real_logits)

g_opt = optimizers.Adam(1e-4)
d_opt = optimizers.Adam(1e-4)

@tf.function
def gan_train_step(image_batch):
    z = tf.random.normal((BATCH, 100))
    with tf.GradientTape() as g_tape, tf.GradientTape() as d_tape:
        fake_images = gen_net(z, training = True)

        real_scores = disc_net(image_batch, training = True)
        fake_scores = disc_net(fake_images, training = True)

        g_loss = generator_loss_of(fake_scores)
        d_loss = discriminator_loss_of(real_scores, fake_scores)
    g_grads = g_tape.gradient(g_loss, gen_net.trainable_variables)
    d_grads = d_tape.gradient(d_loss, disc_net.trainable_variables)

    g_opt.apply_gradients(zip(g_grads, gen_net.trainable_variables))
    d_opt.apply_gradients(zip(d_grads, disc_net.trainable_variables))

preview_z = tf.random.normal((16,100))
def train_gan(n_epochs, out_dir_name):
    os.makedirs("out/{}".format(out_dir_name), exist_ok=True)
    for epoch in range (n_epochs):
        t_begin = time.time()
        for image_batch in face_dataset:
            gan_train_step(image_batch)
        # write a 4x4 grid of samples
        preview = gen_net(preview_z)
        grid_img = Image.new("RGB", (512, 512))
        for x in range(4):
            for y in range(4):
                tile = Image.fromarray((preview[x+y*4].numpy()*128+128).astype("uint8"), "RGB")
                grid_img.paste(im=tile, box = (x*128, y*128))
        grid_img.save("out/{}/{:04d}.png".format(out_dir_name, epoch))
        print("epoch {} done after {} s".format(epoch+1, time.time() - t_begin))


    





















