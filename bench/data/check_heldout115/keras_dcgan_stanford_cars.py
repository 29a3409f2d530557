import os
import time
from glob import glob

import cv2
import numpy as np
from tensorflow.keras.layers import (
    Activation,
    AveragePooling2D,
    BatchNormalization,
    Conv2D,
    Conv2DTranspose,
    Dense,
    Dropout,
    Flatten,
    Input,
    LeakyReLU,
    Reshape,
    SeparableConv2D,
    UpSampling2D,
    ZeroPadding2D,
)
from tensorflow.keras.regularizers import L1L2
from tensorflow.keras.models import Model, Sequential, load_model
from tensorflow.keras.optimizers import Adam
from tqdm import tqdm


class CarGAN:
    def __init__(self, resume=True):

        self.rows = 100
        self.cols = 150
        self.chans = 3
        self.shape = (self.rows, self.cols, self.chans)
        self.z_dim = 100

        opt = Adam(0.0002, 0.5)

        if resume:
            self.critic = load_model("weights\\critic_last.h5")
            self.painter = load_model("weights\\painter_last.h5")

            self.critic.trainable = True
            self.painter.trainable = True

        else:
            self.critic = self.make_critic()
            self.painter = self.make_painter()

        z_in = Input(shape=(self.z_dim,))
        fake = self.painter(z_in)
        score = self.critic(fake)

        self.stack = Model(z_in, score)

        self.stack.compile(loss="binary_crossentropy", optimizer=opt)
        self.critic.compile(loss="binary_crossentropy", optimizer=opt, metrics=["accuracy"])

        self.painter.summary()
        self.critic.summary()
        self.stack.summary()

    def make_painter(self):

        z_in = Input(shape=(self.z_dim,))
        h = Dense(6 * 9 * 256, use_bias=False)(z_in)
        h = LeakyReLU(alpha=0.2)(h)

        h = Reshape((6, 9, 256))(h)

        h = Conv2D(256, kernel_size=3, padding="same", use_bias=False)(h)
        h = BatchNormalization(momentum=0.8)(h)
        h = LeakyReLU(alpha=0.2)(h)

        h = UpSampling2D()(h)

        h = Conv2D(128, kernel_size=3, padding="same", use_bias=False)(h)
        h = BatchNormalization(momentum=0.8)(h)
        h = LeakyReLU(alpha=0.2)(h)

        h = UpSampling2D()(h)
        h = ZeroPadding2D(padding=((0, 1), (0, 1)))(h)

        h = Conv2D(64, kernel_size=3, padding="same", use_bias=False)(h)
        h = BatchNormalization(momentum=0.8)(h)
        h = LeakyReLU(alpha=0.2)(h)

        h = UpSampling2D()(h)
        h = ZeroPadding2D(padding=(0, (1, 0)))(h)

        h = Conv2D(32, kernel_size=3, padding="same", use_bias=False)(h)
        h = BatchNormalization(momentum=0.8)(h)
        h = LeakyReLU(alpha=0.2)(h)

        h = UpSampling2D()(h)

        h = Conv2D(16, kernel_size=3, padding="same", use_bias=False)(h)
        h = BatchNormalization(momentum=0.8)(h)
        h = LeakyReLU(alpha=0.2)(h)

        h = Conv2D(self.chans, kernel_size=3, padding="same", activation="tanh", use_bias=False)(h)

        net = Model(z_in, h, name="painter")
        net.summary()
        return net

    def make_critic(self):

        img_in = Input(shape=self.shape)

        h = Conv2D(32, kernel_size=5, strides=2, padding="same", use_bias=False)(img_in)
        h = BatchNormalization(momentum=0.8)(h)
        h = LeakyReLU(alpha=0.2)(h)
        h = AveragePooling2D()(h)
        h = Dropout(0.1)(h)

        h = Conv2D(64, kernel_size=5, strides=2, padding="same", use_bias=False)(h)
        h = BatchNormalization(momentum=0.8)(h)
        h = LeakyReLU(alpha=0.2)(h)
        h = AveragePooling2D()(h)
        h = Dropout(0.1)(h)

        h = Conv2D(128, kernel_size=3, strides=1, padding="same", use_bias=False)(h)
        h = BatchNormalization(momentum=0.8)(h)
        h = LeakyReLU(alpha=0.2)(h)
        h = Dropout(0.1)(h)

        h = SeparableConv2D(512, kernel_size=3, strides=1, padding="same", use_bias=False)(h)
        h = BatchNormalization(momentum=0.8)(h)
        h = LeakyReLU(alpha=0.2)(h)
        h = Dropout(0.1)(h)

        h = Conv2D(32, kernel_size=3, strides=1, use_bias=False)(h)
        h = BatchNormalization(momentum=0.8)(h)
        h = LeakyReLU(alpha=0.2)(h)

        h = Dropout(0.4)(h)
        h = Flatten()(h)

        verdict = Dense(1, activation="sigmoid", use_bias=False)(h)

        net = Model(img_in, verdict, name="critic")
        net.summary()
        return net

    def fit(self, bs=128, ckpt_every=50, preview_every=50):

        # all training images
        cars = self.read_cars("cars_train\\*")

        # 1 = real image
        # 0 = generated image
        real_t = np.ones((bs, 1))
        fake_t = np.zeros((bs, 1))

        # one fixed latent vector to watch progress
        self.z_watch = np.random.normal(0, 1, (1, self.z_dim))

        step = 0
        while 1:
            step += 1

            # random real batch
            pick = np.random.randint(0, cars.shape[0], bs)
            reals = cars[pick]

            # fake batch from random latents
            z = np.random.normal(0, 1, (bs, self.z_dim))
            fakes = self.painter(z, training=False)

            # critic on reals then fakes
            self.critic.trainable = True
            d_real = self.critic.train_on_batch(reals, real_t)
            d_fake = self.critic.train_on_batch(fakes, fake_t)
            d_loss = np.add(d_real, d_fake) * 0.5

            # generator through the frozen critic
            self.stack.layers[2].trainable = False
            g_loss = self.stack.train_on_batch(z, real_t)

            # progress line
            print(f"{step} D loss: {d_loss[0]}, acc: {100*d_loss[1]}% G loss: {g_loss}")

            if step % preview_every == 0:
                self.write_preview(step)

            if step % ckpt_every == 0:

                # self.critic.save('weights\\critic_'+str(step)+'.h5')
                # self.painter.save('weights\\painter_'+str(step)+'.h5')

                self.painter.save("weights\\painter_last.h5")
                self.critic.save("weights\\critic_last.h5")

    def write_preview(self, step):

        pic = self.painter(self.z_watch).numpy()
        # score = self.critic.predict(pic)

        # back to 0..255
        pic = (0.5 * pic + 0.5) * 255

        cv2.imwrite("previews\\%f_%d.png" % (time.time(), step), pic[0])

    def read_cars(self, pattern):

        try:
            # reuse the cached array if present
            cars = np.load("cars_cache.npy")
            print("cache loaded")

        except FileNotFoundError:
            # otherwise decode every file and cache the result
            cars = []
            files = glob(pattern)

            for f in tqdm(files):
                pix = cv2.imread(f)
                pix = cv2.resize(pix, (self.cols, self.rows))

                cars.append(pix)

            cars = np.array(cars)

            # scale to -1..1
            cars = cars / 127.5 - 1

            np.save("cars_cache.npy", cars)
            print("cache written")

        return cars


if __name__ == "__main__":
    gan = CarGAN(resume=False)
    gan.fit(bs=32, ckpt_every=100, preview_every=25)
