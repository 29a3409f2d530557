#!/usr/bin/env python3

from keras.datasets import mnist
from keras.layers import Input, Dense, Reshape, Flatten, Dropout, Conv2DTranspose
from keras.layers import BatchNormalization, Activation, ZeroPadding2D
from keras.layers.advanced_activations import LeakyReLU
from keras.layers.convolutional import UpSampling2D, Conv2D, MaxPooling2D
from keras.models import Sequential, Model, load_model
from keras.optimizers import Adam
from keras.preprocessing import image


import matplotlib.pyplot as plt
import numpy as np
import sys
import os
import os.path


CRITIC_FILE = 'discriminator_model.h5'
MAKER_FILE = 'generator_model.h5'
STACK_FILE = 'combined_model.h5'


class AvatarGAN():
    def __init__(self):
        self.rows = 96
        self.cols = 96
        self.chans = 3
        self.shape = (self.rows, self.cols, self.chans)
        self.z_dim = 100

        opt_g = Adam(0.00002, 0.5)
        opt_d = Adam(0.00002, 0.5)

        self.list_files()

        print('Reading avatars...')
        self.pixels = (np.array(list(map(self.read_one, self.files))) - 127.5) / 127.5
        print(self.pixels[0])
        print('Read: ' + str(self.pixels.shape))

        if self.saved_models_present():
            print('Restoring saved models...')
            self.critic = load_model(CRITIC_FILE)
            self.maker = load_model(MAKER_FILE)
            self.stack = load_model(STACK_FILE)
            print('Models restored.')
        else:
            print('Nothing saved yet, building fresh models.')
            self.critic = self.make_critic()
            self.critic.compile(loss = 'binary_crossentropy', optimizer = opt_d, metrics = ['accuracy'])
            self.maker = self.make_maker()

            z = Input(shape = (self.z_dim,))
            out = self.maker(z)
            self.critic.trainable = False
            score = self.critic(out)
            self.stack = Model(z, score)
            self.stack.compile(loss = 'binary_crossentropy', optimizer = opt_g)


    def saved_models_present(self):
        return     os.path.exists(CRITIC_FILE)\
               and os.path.exists(MAKER_FILE)\
               and os.path.exists(STACK_FILE)

    
    def make_maker(self):
        net = Sequential()

        net.add(Dense(1024 * 3 * 3, activation = 'relu', input_dim = self.z_dim))
        net.add(Reshape((3, 3, 1024)))
        net.add(BatchNormalization(momentum = 0.8))
        
        net.add(Conv2DTranspose(1024, kernel_size = 5, padding = 'same', strides = (2, 2)))
        net.add(Activation('relu'))
        net.add(BatchNormalization(momentum = 0.8))

        net.add(Conv2DTranspose(512, kernel_size = 5, padding = 'same', strides = (2, 2)))
        net.add(Activation('relu'))
        net.add(BatchNormalization(momentum = 0.8))

        net.add(Conv2DTranspose(256, kernel_size = 5, padding = 'same', strides = (2, 2)))
        net.add(Activation('relu'))
        net.add(BatchNormalization(momentum = 0.8))

        net.add(Conv2DTranspose(128, kernel_size = 5, padding = 'same', strides = (2, 2)))
        net.add(Activation('relu'))
        net.add(BatchNormalization(momentum = 0.8))

        net.add(Conv2DTranspose(64, kernel_size = 5, padding = 'same', strides = (2, 2)))
        net.add(Activation('relu'))
        net.add(BatchNormalization(momentum = 0.8))
        
        net.add(Conv2DTranspose(self.chans, kernel_size = 5, padding = 'same'))
        net.add(Activation('tanh'))

        net.summary()
        z = Input(shape = (self.z_dim,))
        out = net(z)

        return Model(z, out)

    
    def make_critic(self):
        net = Sequential()

        net.add(Conv2D(64, (5, 5), padding = 'same', input_shape = self.shape))
        net.add(LeakyReLU(alpha = 0.2))
        net.add(MaxPooling2D())
        net.add(Dropout(0.2))

        net.add(Conv2D(128, (5, 5), padding = 'same'))
        net.add(BatchNormalization(momentum = 0.8))
        net.add(LeakyReLU(alpha = 0.2))
        net.add(MaxPooling2D())
        net.add(Dropout(0.2))

        net.add(Conv2D(256, (5, 5), padding = 'same', strides = (2, 2)))
        net.add(BatchNormalization(momentum = 0.8))
        net.add(LeakyReLU(alpha = 0.2))
        net.add(Dropout(0.2))

        net.add(Conv2D(512, (5, 5), padding = 'same', strides = (2, 2)))
        net.add(BatchNormalization(momentum = 0.8))
        net.add(LeakyReLU(alpha = 0.2))
        net.add(Dropout(0.2))

        net.add(Flatten())
        net.add(Dense(1024, activation = 'tanh'))
        net.add(Dense(1, activation = 'sigmoid'))
        
        net.summary()
        x = Input(shape = self.shape)
        score = net(x)

        return Model(x, score)


    def fit(self, epochs, batch_size = 128, sample_interval = 50):
        ones = np.ones((batch_size, 1))
        zeros = np.zeros((batch_size, 1))

        for epoch in range(epochs):
            pick = np.random.randint(0, self.pixels.shape[0], batch_size)
            real = self.pixels[pick]

            z = np.random.normal(0, 1, (batch_size, self.z_dim))
            made = self.maker.predict(z)

            d_real = self.critic.train_on_batch(real, ones)
            d_made = self.critic.train_on_batch(made, zeros)
            d_loss = 0.5 * np.add(d_real, d_made)

            z = np.random.normal(0, 1, (batch_size, self.z_dim))
            g_loss = self.stack.train_on_batch(z, ones)

            print('%d [D: %f, acc.: %.2f%%] [G: %f]' % (epoch, d_loss[0], 100 * d_loss[1], g_loss))

            if epoch % sample_interval == 0:
                self.critic.save(CRITIC_FILE)
                self.maker.save(MAKER_FILE)
                self.stack.save(STACK_FILE)
                self.save_grid(epoch)
    

    def save_grid(self, epoch):
        r, c = 5, 5
        z = np.random.normal(0, 1, (r * c, self.z_dim))
        made = self.maker.predict(z)

        made = 0.5 * made + 0.5
        fig, axs = plt.subplots(r, c)
        k = 0
        for i in range(r):
            for j in range(c):
                axs[i, j].imshow(made[k, :, :, :])#, cmap = 'gray')
                axs[i, j].axis('off')
                k += 1
        fig.savefig('images/%d.png' % epoch)
        plt.close()


    def read_one(self, path):
        return image.img_to_array(image.load_img(path))

    
    def list_files(self):
        root = 'faces'
        self.files = list(map(lambda name : os.path.join(root, name), 
                                filter(lambda name : name.endswith('.jpg'), os.listdir(root))))


if __name__ == '__main__':
    gan = AvatarGAN()
    gan.fit(epochs = 100000, batch_size = 128, sample_interval = 200)
