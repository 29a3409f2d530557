from keras.models import Sequential
from keras.layers import Dense
from keras.layers import Reshape
from keras.layers.core import Activation
from keras.layers.normalization import BatchNormalization
from keras.layers.convolutional import UpSampling2D
from keras.layers.convolutional import Conv2D, MaxPooling2D
from keras.layers.advanced_activations import LeakyReLU
from keras.layers.core import Flatten
from keras.optimizers import Adam
import numpy as np
from PIL import Image
import os
import glob
import random

CHANNELS = 3


def make_gen():
    net = Sequential()

    net.add(Dense(1024, input_shape=(100,)))
    net.add(Activation('tanh'))

    net.add(Dense(128 * 16 * 16))
    net.add(BatchNormalization())
    net.add(Activation('tanh'))

    net.add(Reshape((16, 16, 128)))
    net.add(UpSampling2D(size=(2, 2)))
    net.add(Conv2D(64, (5, 5), padding='same'))
    net.add(Activation('tanh'))

    net.add(UpSampling2D(size=(2, 2)))
    net.add(Conv2D(CHANNELS, (5, 5), padding='same'))
    net.add(Activation('tanh'))
    return net


def make_disc():
    net = Sequential()

    net.add(Conv2D(64, (5, 5), input_shape=(
        64, 64, CHANNELS), padding='same'))
    net.add(Activation('tanh'))
    net.add(MaxPooling2D(pool_size=(2, 2)))

    net.add(Conv2D(128, (5, 5)))
    net.add(Activation('tanh'))
    net.add(MaxPooling2D(pool_size=(2, 2)))
    net.add(Flatten())

    net.add(Dense(1024))
    net.add(Activation('tanh'))

    net.add(Dense(1))
    net.add(Activation('sigmoid'))
    return net


def chain_gen_disc(gen, disc):
    net = Sequential()
    net.add(gen)
    net.add(disc)
    return net


def sample_real(count):
    paths = glob.glob("dataset\\predicted_auto2\\*.jpg", recursive=True)
    paths = random.sample(paths, count)
    # print(paths)
    out = []
    for p in paths:
        pic = Image.open(p)
        pic = pic.resize((64, 64))
        px = np.array(pic)
        px = (px - 127.5) / 127.5
        px.resize((64, 64, CHANNELS))
        out.append(px)
    return np.array(out)


def tile_grid(fakes, cols=5, rows=5):
    shp = fakes.shape
    h = shp[1]
    w = shp[2]
    canvas = np.zeros((rows * h,  cols * w, CHANNELS))
    for k, pic in enumerate(fakes):
        if k >= cols * rows:
            break
        r = k // cols
        c = k % cols
        canvas[r*h:(r+1)*h, c*w:(c+1)*w, :] = pic[:, :, :]
    canvas = canvas * 127.5 + 127.5
    canvas = Image.fromarray(canvas.astype(np.uint8))
    return canvas


def freeze(net, flag):
    net.trainable = flag
    for lyr in net.layers:
        lyr.trainable = flag


def run():
    bs = 55
    disc = make_disc()
    gen = make_gen()

    stacked = chain_gen_disc(
        gen, disc)
    freeze(disc, False)
    stacked.compile(
        loss='binary_crossentropy', optimizer=Adam(lr=0.0002, beta_1=0.5))
    print(gen.summary())
    print(stacked.summary())

    freeze(disc, True)
    disc.compile(loss='binary_crossentropy',
                          optimizer=Adam(lr=0.0002, beta_1=0.5))
    print(disc.summary())

    for step in range(30 * 1000):
        reals = sample_real(bs)
        z = np.random.uniform(size=[bs, 100], low=-1.0, high=1.0)
        fakes = gen.predict(z)
        X = np.concatenate((reals, fakes))
        y = [1] * bs + [0] * bs
        dl = disc.train_on_batch(X, y)
        z = np.random.uniform(size=[bs, 100], low=-1.0, high=1.0)
        gl = stacked.train_on_batch(
            z, [1] * bs)
        if step % 100 == 0:
            print("iter %d disc, gen loss : %g %g" % (step, dl, gl))
            grid = tile_grid(fakes)
            os.system('mkdir -p gen_images')
            grid.save("gen_images\\gen%05d.png" % step)
            # gen.save_weights('generator.h5', True)
            # disc.save_weights('discriminator.h5', True)


run()
