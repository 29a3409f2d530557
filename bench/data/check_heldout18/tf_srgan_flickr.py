"""
SRGAN for 4x single-image upscaling, 32x32 inputs to 128x128 outputs.

Method: Ledig et al., https://arxiv.org/pdf/1609.04802.pdf
Pictures: MIRFLICKR, already shrunk to 128x128 (high-res) and 32x32 (low-res),
read from data/hr_images and data/lr_images.
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
# the upscaling network
# ---------------------------------------------------------------------------
def residual_unit(inp):
    """Two 3x3 convs with BN (PReLU between them) plus a skip connection."""
    h = Conv2D(64, (3, 3), padding="same")(inp)
    h = BatchNormalization(momentum=0.5)(h)
    h = PReLU(shared_axes=[1, 2])(h)

    h = Conv2D(64, (3, 3), padding="same")(h)
    h = BatchNormalization(momentum=0.5)(h)

    return add([inp, h])


def upsample_unit(inp):
    """Double the resolution (nearest neighbour) and apply PReLU."""
    h = Conv2D(256, (3, 3), padding="same")(inp)
    h = UpSampling2D(size=2)(h)
    h = PReLU(shared_axes=[1, 2])(h)

    return h


def build_generator(lr_input, n_res):
    feat = Conv2D(64, (9, 9), padding="same")(lr_input)
    feat = PReLU(shared_axes=[1, 2])(feat)

    long_skip = feat

    for _ in range(n_res):
        feat = residual_unit(feat)

    feat = Conv2D(64, (3, 3), padding="same")(feat)
    feat = BatchNormalization(momentum=0.5)(feat)
    feat = add([feat, long_skip])

    feat = upsample_unit(feat)
    feat = upsample_unit(feat)

    sr_out = Conv2D(3, (9, 9), padding="same")(feat)

    return Model(inputs=lr_input, outputs=sr_out)


# ---------------------------------------------------------------------------
# the critic
# ---------------------------------------------------------------------------
def disc_unit(inp, n_filt, step=1, use_bn=True):
    h = Conv2D(n_filt, (3, 3), strides=step, padding="same")(inp)

    if use_bn:
        h = BatchNormalization(momentum=0.8)(h)

    h = LeakyReLU(alpha=0.2)(h)

    return h


def build_discriminator(hr_input):
    width = 64

    d1 = disc_unit(hr_input, width, use_bn=False)
    d2 = disc_unit(d1, width, step=2)
    d3 = disc_unit(d2, width * 2)
    d4 = disc_unit(d3, width * 2, step=2)
    d5 = disc_unit(d4, width * 4)
    d6 = disc_unit(d5, width * 4, step=2)
    d7 = disc_unit(d6, width * 8)
    d8 = disc_unit(d7, width * 8, step=2)

    flat_feats = Flatten()(d8)
    dense_h = Dense(width * 16)(flat_feats)
    dense_h = LeakyReLU(alpha=0.2)(dense_h)
    real_prob = Dense(1, activation='sigmoid')(dense_h)

    return Model(hr_input, real_prob)


# ---------------------------------------------------------------------------
# VGG19 features (10th layer) used for the perceptual loss
# ---------------------------------------------------------------------------
from keras.applications import VGG19


def vgg_feature_model(hr_dims):
    vgg_net = VGG19(weights="imagenet", include_top=False, input_shape=hr_dims)

    return Model(inputs=vgg_net.inputs, outputs=vgg_net.layers[10].output)


def build_combined(g_model, d_model, vgg_net, lr_in, hr_in):
    """Chain the generator into the frozen critic and VGG, to train the generator."""
    sr_fake = g_model(lr_in)

    sr_features = vgg_net(sr_fake)

    d_model.trainable = False
    real_prob = d_model(sr_fake)

    return Model(inputs=[lr_in, hr_in], outputs=[real_prob, sr_features])


# ---------------------------------------------------------------------------
# read the first n_images low-res and high-res pictures
# ---------------------------------------------------------------------------
n_images = 5000
lr_files = os.listdir("data/lr_images")[:n_images]

low_res_images = []
for fname in lr_files:
    img = cv2.imread("data/lr_images/" + fname)
    img = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)
    low_res_images.append(img)

hr_files = os.listdir("data/hr_images")[:n_images]

high_res_images = []
for fname in hr_files:
    img = cv2.imread("data/hr_images/" + fname)
    img = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)
    high_res_images.append(img)

low_res_images = np.array(low_res_images)
high_res_images = np.array(high_res_images)

# show one random low/high-res pair
import random
show_idx = random.randint(0, len(low_res_images) - 1)
plt.figure(figsize=(12, 6))
plt.subplot(121)
plt.imshow(np.reshape(low_res_images[show_idx], (32, 32, 3)))
plt.subplot(122)
plt.imshow(np.reshape(high_res_images[show_idx], (128, 128, 3)))
plt.show()

# scale pixel values into 0..1
low_res_images = low_res_images / 255.
high_res_images = high_res_images / 255.

# a third of the pairs go to the test split
train_lr, test_lr, train_hr, test_hr = train_test_split(low_res_images, high_res_images,
                                                        test_size=0.33, random_state=42)

hr_dims = (train_hr.shape[1], train_hr.shape[2], train_hr.shape[3])
lr_dims = (train_lr.shape[1], train_lr.shape[2], train_lr.shape[3])

lr_in = Input(shape=lr_dims)
hr_in = Input(shape=hr_dims)

gen_net = build_generator(lr_in, n_res=16)
gen_net.summary()

disc_net = build_discriminator(hr_in)
disc_net.compile(loss="binary_crossentropy", optimizer="adam", metrics=['accuracy'])
disc_net.summary()

vgg_net = vgg_feature_model((128, 128, 3))
print(vgg_net.summary())
vgg_net.trainable = False

combined_model = build_combined(gen_net, disc_net, vgg_net, lr_in, hr_in)

# loss = 1e-3 x critic BCE + MSE between VGG features
combined_model.compile(loss=["binary_crossentropy", "mse"], loss_weights=[1e-3, 1], optimizer="adam")
combined_model.summary()

# cut the training arrays into single-sample slices ahead of time
batch_n = 1
lr_batch_list = []
hr_batch_list = []
for k in range(int(train_hr.shape[0] / batch_n)):
    start = k * batch_n
    stop = start + batch_n
    hr_batch_list.append(train_hr[start:stop])
    lr_batch_list.append(train_lr[start:stop])


n_epochs = 5
for ep in range(n_epochs):

    fake_y = np.zeros((batch_n, 1))  # label for generated pictures
    real_y = np.ones((batch_n, 1))   # label for real pictures

    gen_loss_hist = []
    disc_loss_hist = []

    for bi in tqdm(range(len(hr_batch_list))):
        lr_batch = lr_batch_list[bi]
        hr_batch = hr_batch_list[bi]

        sr_batch = gen_net.predict_on_batch(lr_batch)

        # update the critic, once on generated and once on real pictures
        disc_net.trainable = True
        d_loss_fake = disc_net.train_on_batch(sr_batch, fake_y)
        d_loss_real = disc_net.train_on_batch(hr_batch, real_y)

        # then update the generator through the combined model, critic frozen
        disc_net.trainable = False

        disc_loss = 0.5 * np.add(d_loss_fake, d_loss_real)

        target_features = vgg_net.predict(hr_batch)

        gen_loss, _, _ = combined_model.train_on_batch([lr_batch, hr_batch], [real_y, target_features])

        disc_loss_hist.append(disc_loss)
        gen_loss_hist.append(gen_loss)

    gen_loss_hist = np.array(gen_loss_hist)
    disc_loss_hist = np.array(disc_loss_hist)

    gen_loss = np.sum(gen_loss_hist, axis=0) / len(gen_loss_hist)
    disc_loss = np.sum(disc_loss_hist, axis=0) / len(disc_loss_hist)

    print("pass", ep + 1, "generator loss", gen_loss, "critic loss", disc_loss)

    if (ep + 1) % 10 == 0:
        gen_net.save("gen_e_" + str(ep + 1) + ".h5")


# ---------------------------------------------------------------------------
# upscale a random test picture with the generator saved after 10 passes
# ---------------------------------------------------------------------------
from keras.models import load_model
from numpy.random import randint

gen_net = load_model('gen_e_10.h5', compile=False)

[test_X_lr, test_X_hr] = [test_lr, test_hr]
pick_idx = randint(0, len(test_X_lr), 1)
lr_image, hr_image = test_X_lr[pick_idx], test_X_hr[pick_idx]

sr_image = gen_net.predict(lr_image)

plt.figure(figsize=(16, 8))
plt.subplot(231)
plt.title('low-res input')
plt.imshow(lr_image[0, :, :, :])
plt.subplot(232)
plt.title('generated high-res')
plt.imshow(sr_image[0, :, :, :])
plt.subplot(233)
plt.title('true high-res')
plt.imshow(hr_image[0, :, :, :])
plt.show()


# try it on a picture from outside the data set
my_lr_img = cv2.imread("data/sreeni_32.jpg")
my_hr_img = cv2.imread("data/sreeni_256.jpg")

my_lr_img = cv2.cvtColor(my_lr_img, cv2.COLOR_BGR2RGB)
my_hr_img = cv2.cvtColor(my_hr_img, cv2.COLOR_BGR2RGB)

my_lr_img = my_lr_img / 255.
my_hr_img = my_hr_img / 255.

my_lr_img = np.expand_dims(my_lr_img, axis=0)
my_hr_img = np.expand_dims(my_hr_img, axis=0)

my_sr_img = gen_net.predict(my_lr_img)

plt.figure(figsize=(16, 8))
plt.subplot(231)
plt.title('low-res input')
plt.imshow(my_lr_img[0, :, :, :])
plt.subplot(232)
plt.title('generated high-res')
plt.imshow(my_sr_img[0, :, :, :])
plt.subplot(233)
plt.title('true high-res')
plt.imshow(my_hr_img[0, :, :, :])
plt.show()
