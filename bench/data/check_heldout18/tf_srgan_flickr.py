"""
Single-image super-resolution with an SRGAN (4x: 32x32 -> 128x128).

Paper: https://arxiv.org/pdf/1609.04802.pdf
Data: MIRFLICKR images, pre-resized to 128x128 (HR) and 32x32 (LR) and stored
in data/hr_images and data/lr_images.
"""

import os
import cv2
import numpy as np
import matplotlib.pyplot as plt
from keras.models import Sequential
from keras import layers, Model
from sklearn.model_selection import train_test_split

from keras.layers import Conv2D, PReLU, BatchNormalization, Flatten
from keras.layers import UpSampling2D, LeakyReLU, Dense, Input, add
from tqdm import tqdm


# ---------------------------------------------------------------------------
# generator
# ---------------------------------------------------------------------------
def res_block(ip):
    """conv-BN-PReLU-conv-BN with an identity shortcut."""
    y = Conv2D(64, (3, 3), padding="same")(ip)
    y = BatchNormalization(momentum=0.5)(y)
    y = PReLU(shared_axes=[1, 2])(y)

    y = Conv2D(64, (3, 3), padding="same")(y)
    y = BatchNormalization(momentum=0.5)(y)

    return add([ip, y])


def upscale_block(ip):
    """2x nearest upsampling followed by PReLU."""
    y = Conv2D(256, (3, 3), padding="same")(ip)
    y = UpSampling2D(size=2)(y)
    y = PReLU(shared_axes=[1, 2])(y)

    return y


def create_gen(gen_ip, num_res_block):
    g = Conv2D(64, (9, 9), padding="same")(gen_ip)
    g = PReLU(shared_axes=[1, 2])(g)

    skip = g

    for _ in range(num_res_block):
        g = res_block(g)

    g = Conv2D(64, (3, 3), padding="same")(g)
    g = BatchNormalization(momentum=0.5)(g)
    g = add([g, skip])

    g = upscale_block(g)
    g = upscale_block(g)

    out = Conv2D(3, (9, 9), padding="same")(g)

    return Model(inputs=gen_ip, outputs=out)


# ---------------------------------------------------------------------------
# discriminator
# ---------------------------------------------------------------------------
def discriminator_block(ip, filters, strides=1, bn=True):
    y = Conv2D(filters, (3, 3), strides=strides, padding="same")(ip)

    if bn:
        y = BatchNormalization(momentum=0.8)(y)

    y = LeakyReLU(alpha=0.2)(y)

    return y


def create_disc(disc_ip):
    base = 64

    x1 = discriminator_block(disc_ip, base, bn=False)
    x2 = discriminator_block(x1, base, strides=2)
    x3 = discriminator_block(x2, base * 2)
    x4 = discriminator_block(x3, base * 2, strides=2)
    x5 = discriminator_block(x4, base * 4)
    x6 = discriminator_block(x5, base * 4, strides=2)
    x7 = discriminator_block(x6, base * 8)
    x8 = discriminator_block(x7, base * 8, strides=2)

    flat = Flatten()(x8)
    fc = Dense(base * 16)(flat)
    fc = LeakyReLU(alpha=0.2)(fc)
    validity = Dense(1, activation='sigmoid')(fc)

    return Model(disc_ip, validity)


# ---------------------------------------------------------------------------
# VGG19 feature extractor for the content loss (block 3 output)
# ---------------------------------------------------------------------------
from keras.applications import VGG19


def build_vgg(hr_shape):
    vgg = VGG19(weights="imagenet", include_top=False, input_shape=hr_shape)

    return Model(inputs=vgg.inputs, outputs=vgg.layers[10].output)


def create_comb(gen_model, disc_model, vgg, lr_ip, hr_ip):
    """Generator + frozen discriminator + VGG features, for the generator update."""
    fake = gen_model(lr_ip)

    fake_feats = vgg(fake)

    disc_model.trainable = False
    validity = disc_model(fake)

    return Model(inputs=[lr_ip, hr_ip], outputs=[validity, fake_feats])


# ---------------------------------------------------------------------------
# data: first n LR / HR images from disk
# ---------------------------------------------------------------------------
n = 5000
lr_names = os.listdir("data/lr_images")[:n]

lr_images = []
for name in lr_names:
    im = cv2.imread("data/lr_images/" + name)
    im = cv2.cvtColor(im, cv2.COLOR_BGR2RGB)
    lr_images.append(im)

hr_names = os.listdir("data/hr_images")[:n]

hr_images = []
for name in hr_names:
    im = cv2.imread("data/hr_images/" + name)
    im = cv2.cvtColor(im, cv2.COLOR_BGR2RGB)
    hr_images.append(im)

lr_images = np.array(lr_images)
hr_images = np.array(hr_images)

# quick visual check of one pair
import random
pick = random.randint(0, len(lr_images) - 1)
plt.figure(figsize=(12, 6))
plt.subplot(121)
plt.imshow(np.reshape(lr_images[pick], (32, 32, 3)))
plt.subplot(122)
plt.imshow(np.reshape(hr_images[pick], (128, 128, 3)))
plt.show()

# to [0, 1]
lr_images = lr_images / 255.
hr_images = hr_images / 255.

# hold out a third for testing
lr_train, lr_test, hr_train, hr_test = train_test_split(lr_images, hr_images,
                                                        test_size=0.33, random_state=42)

hr_shape = (hr_train.shape[1], hr_train.shape[2], hr_train.shape[3])
lr_shape = (lr_train.shape[1], lr_train.shape[2], lr_train.shape[3])

lr_ip = Input(shape=lr_shape)
hr_ip = Input(shape=hr_shape)

generator = create_gen(lr_ip, num_res_block=16)
generator.summary()

discriminator = create_disc(hr_ip)
discriminator.compile(loss="binary_crossentropy", optimizer="adam", metrics=['accuracy'])
discriminator.summary()

vgg = build_vgg((128, 128, 3))
print(vgg.summary())
vgg.trainable = False

gan_model = create_comb(generator, discriminator, vgg, lr_ip, hr_ip)

# adversarial (BCE) + content (MSE on VGG features)
gan_model.compile(loss=["binary_crossentropy", "mse"], loss_weights=[1e-3, 1], optimizer="adam")
gan_model.summary()

# pre-sliced batches (views into the training arrays)
batch_size = 1
lr_batches = []
hr_batches = []
for it in range(int(hr_train.shape[0] / batch_size)):
    lo = it * batch_size
    hi = lo + batch_size
    hr_batches.append(hr_train[lo:hi])
    lr_batches.append(lr_train[lo:hi])


epochs = 5
for e in range(epochs):

    fake_label = np.zeros((batch_size, 1))  # generated -> 0
    real_label = np.ones((batch_size, 1))   # real -> 1

    g_losses = []
    d_losses = []

    for b in tqdm(range(len(hr_batches))):
        lr_b = lr_batches[b]
        hr_b = hr_batches[b]

        fake_b = generator.predict_on_batch(lr_b)

        # discriminator step on fake then real
        discriminator.trainable = True
        d_fake = discriminator.train_on_batch(fake_b, fake_label)
        d_real = discriminator.train_on_batch(hr_b, real_label)

        # generator step with a frozen discriminator
        discriminator.trainable = False

        d_loss = 0.5 * np.add(d_fake, d_real)

        target_feats = vgg.predict(hr_b)

        g_loss, _, _ = gan_model.train_on_batch([lr_b, hr_b], [real_label, target_feats])

        d_losses.append(d_loss)
        g_losses.append(g_loss)

    g_losses = np.array(g_losses)
    d_losses = np.array(d_losses)

    g_loss = np.sum(g_losses, axis=0) / len(g_losses)
    d_loss = np.sum(d_losses, axis=0) / len(d_losses)

    print("epoch:", e + 1, "g_loss:", g_loss, "d_loss:", d_loss)

    if (e + 1) % 10 == 0:
        generator.save("gen_e_" + str(e + 1) + ".h5")


# ---------------------------------------------------------------------------
# super-resolve one held-out image with a saved generator
# ---------------------------------------------------------------------------
from keras.models import load_model
from numpy.random import randint

generator = load_model('gen_e_10.h5', compile=False)

[X1, X2] = [lr_test, hr_test]
ix = randint(0, len(X1), 1)
src_image, tar_image = X1[ix], X2[ix]

gen_image = generator.predict(src_image)

plt.figure(figsize=(16, 8))
plt.subplot(231)
plt.title('LR Image')
plt.imshow(src_image[0, :, :, :])
plt.subplot(232)
plt.title('Superresolution')
plt.imshow(gen_image[0, :, :, :])
plt.subplot(233)
plt.title('Orig. HR image')
plt.imshow(tar_image[0, :, :, :])
plt.show()


# a custom image pair
own_lr = cv2.imread("data/sreeni_32.jpg")
own_hr = cv2.imread("data/sreeni_256.jpg")

own_lr = cv2.cvtColor(own_lr, cv2.COLOR_BGR2RGB)
own_hr = cv2.cvtColor(own_hr, cv2.COLOR_BGR2RGB)

own_lr = own_lr / 255.
own_hr = own_hr / 255.

own_lr = np.expand_dims(own_lr, axis=0)
own_hr = np.expand_dims(own_hr, axis=0)

own_sr = generator.predict(own_lr)

plt.figure(figsize=(16, 8))
plt.subplot(231)
plt.title('LR Image')
plt.imshow(own_lr[0, :, :, :])
plt.subplot(232)
plt.title('Superresolution')
plt.imshow(own_sr[0, :, :, :])
plt.subplot(233)
plt.title('Orig. HR image')
plt.imshow(own_hr[0, :, :, :])
plt.show()
