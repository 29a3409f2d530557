from keras.models import Sequential
from keras.layers import Dense, Reshape
from keras.layers.core import Activation, Flatten
from keras.layers.normalization import BatchNormalization
from keras.layers.convolutional import UpSampling2D, Conv2D, MaxPooling2D
from keras.optimizers import SGD
from gan_lib.grid import tile_pictures
from keras import backend as K
import numpy as np
from PIL import Image
import os


def build_generator(z_dim=None, w=None, h=None, ch=None):
    if z_dim is None:
        z_dim = 100

    if w is None:
        w = 7

    if h is None:
        h = 7

    if ch is None:
        ch = 1

    w0 = w // 4
    h0 = h // 4

    net = Sequential()
    net.add(Dense(output_dim=1024, input_dim=z_dim))
    net.add(Activation('tanh'))
    net.add(Dense(128 * w0 * h0))
    net.add(BatchNormalization())
    net.add(Activation('tanh'))
    net.add(Reshape((w0, h0, 128), input_shape=(128 * w0 * h0,)))
    net.add(UpSampling2D(size=(2, 2)))
    net.add(Conv2D(64, kernel_size=5, padding='same'))
    net.add(Activation('tanh'))
    net.add(UpSampling2D(size=(2, 2)))
    net.add(Conv2D(ch, kernel_size=5, padding='same'))
    net.add(Activation('tanh'))

    net.compile(loss='mean_squared_error', optimizer="SGD")

    print(net.summary())

    return net


def build_critic(w=None, h=None, ch=None):
    if w is None:
        w = 28

    if h is None:
        h = 28

    if ch is None:
        ch = 1

    net = Sequential()
    net.add(Conv2D(64, kernel_size=(5, 5), padding='same', input_shape=(w, h, ch)))
    net.add(Activation('tanh'))
    net.add(MaxPooling2D(pool_size=(2, 2)))
    net.add(Conv2D(128, kernel_size=5))
    net.add(Activation('tanh'))
    net.add(MaxPooling2D(pool_size=(2, 2)))
    net.add(Flatten())
    net.add(Dense(1024))
    net.add(Activation('tanh'))
    net.add(Dense(1))
    net.add(Activation('sigmoid'))

    c_opt = SGD(lr=0.0005, momentum=0.9, nesterov=True)
    net.compile(loss='binary_crossentropy', optimizer=c_opt)
    print(net.summary())
    return net


def stack_gan(gen, critic):
    net = Sequential()
    net.add(gen)
    critic.trainable = False
    net.add(critic)
    g_opt = SGD(lr=0.0005, momentum=0.9, nesterov=True)
    net.compile(
        loss='binary_crossentropy', optimizer=g_opt)

    print(net.summary())
    return net


class ChairGAN(object):
    tag = 'chair-gan'

    def __init__(self):
        K.set_image_dim_ordering('tf')
        self.gen = None
        self.critic = None
        self.stack = None
        self.w = 7
        self.h = 7
        self.ch = 1
        self.z_dim = 100
        self.settings = None

    @staticmethod
    def settings_path(weights_dir):
        return os.path.join(weights_dir, ChairGAN.tag + '-settings.npy')

    @staticmethod
    def weights_path(weights_dir, part):
        return os.path.join(weights_dir, ChairGAN.tag + '-' + part + '-weights.h5')

    def build(self):
        self.gen = build_generator(self.z_dim, self.w, self.h, self.ch)
        self.critic = build_critic(self.w, self.h, self.ch)
        self.stack = stack_gan(self.gen, self.critic)

    def restore(self, weights_dir):
        sp = ChairGAN.settings_path(weights_dir)
        self.settings = np.load(sp).item()
        self.w = self.settings['w']
        self.h = self.settings['h']
        self.ch = self.settings['ch']
        self.z_dim = self.settings['z_dim']
        self.build()
        self.gen.load_weights(ChairGAN.weights_path(weights_dir, 'gen'))
        self.critic.load_weights(ChairGAN.weights_path(weights_dir, 'critic'))

    def fit(self, weights_dir, pictures, n_epochs=None, bs=None, snap_dir=None, snap_every=None):
        if n_epochs is None:
            n_epochs = 100

        if bs is None:
            bs = 128

        if snap_every is None:
            snap_every = 20

        self.settings = dict()
        self.settings['w'] = self.w
        self.settings['h'] = self.h
        self.settings['z_dim'] = self.z_dim
        self.settings['ch'] = self.ch

        sp = ChairGAN.settings_path(weights_dir)

        np.save(sp, self.settings)
        z = np.zeros((bs, self.z_dim))

        self.build()

        for ep in range(n_epochs):
            print("epoch", ep)
            n_batches = int(pictures.shape[0] / bs)
            print("batches per epoch", n_batches)
            for b in range(n_batches):
                # first the critic

                # fresh noise
                for k in range(bs):
                    z[k, :] = np.random.uniform(-1, 1, self.z_dim)

                real = pictures[b * bs:(b + 1) * bs]
                # real = np.transpose(real, (0, 2, 3, 1))
                fake = self.gen.predict(z, verbose=0)

                if (ep * bs + b) % snap_every == 0 and snap_dir is not None:
                    self.snapshot(fake, snap_dir=snap_dir,
                                  ep=ep, b=b)

                both = np.concatenate((real, fake))
                tags = np.array([1] * bs + [0] * bs)

                self.critic.trainable = True
                c_loss = self.critic.train_on_batch(both, tags)
                print("epoch %d batch %d critic loss : %f" % (ep, b, c_loss))

                # then the generator
                for k in range(bs):
                    z[k, :] = np.random.uniform(-1, 1, self.z_dim)
                self.critic.trainable = False
                g_loss = self.stack.train_on_batch(z, np.array([1] * bs))

                print("epoch %d batch %d generator loss : %f" % (ep, b, g_loss))
                if (ep * bs + b) % 10 == 9:
                    self.gen.save_weights(ChairGAN.weights_path(weights_dir, 'gen'), True)
                    self.critic.save_weights(ChairGAN.weights_path(weights_dir, 'critic'), True)

        self.gen.save_weights(ChairGAN.weights_path(weights_dir, 'gen'), True)
        self.critic.save_weights(ChairGAN.weights_path(weights_dir, 'critic'), True)

    def sample(self):
        z = np.zeros(shape=(1, self.z_dim))
        z[0, :] = np.random.uniform(-1, 1, self.z_dim)
        fakes = self.gen.predict(z, verbose=0)
        one = fakes[0]
        one = one * 127.5 + 127.5
        return Image.fromarray(one.astype(np.uint8))

    def snapshot(self, fakes, snap_dir, ep, b):
        grid = tile_pictures(fakes)
        grid = grid * 127.5 + 127.5
        Image.fromarray(grid.astype(np.uint8)).save(
            os.path.join(snap_dir, ChairGAN.tag + '-' + str(ep) + "-" + str(b) + ".png"))
