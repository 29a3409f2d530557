from keras.layers import Input, Dense, Reshape, Flatten
from keras.layers import BatchNormalization, Activation, UpSampling2D, Dropout
from keras.layers.advanced_activations import LeakyReLU
from keras.layers.convolutional import Conv2DTranspose, Conv2D
from keras.models import Model
from keras.optimizers import Adam
from keras.callbacks import TensorBoard

import datetime
from time import localtime, strftime
import matplotlib.pyplot as plt
import numpy as np
import os
import cv2
import tensorflow as tf

from dataloader import FaceBatcher 

def set_trainable(net, flag):
    net.trainable = flag
    for lyr in net.layers:
        lyr.trainable = flag

def stamp():
    return strftime('%m%d_%H%M', localtime())

class FaceGAN():
    def __init__(self, root_name = "celeba", side = 28, n_channels = 3, out_dir = "backup"):
        
        self.root_name = root_name
        self.side = side
        self.n_channels = n_channels
        
        self.out_dir = out_dir
        self.stamp = stamp()

        # latent and optimiser settings
        self.z_dim = 100
        self.base_lr = 1e-3

        self.g_width = 64 # filters in the generator's last block
        self.d_width = 64 # filters in the critic's first block

        opt_d = Adam(self.base_lr / 10, beta_1=0.5, decay=0.00005)
        opt_g = Adam(self.base_lr, beta_1=0.5, decay=0.00005)

        # image source
        self.batcher = FaceBatcher(root_name = self.root_name, img_res=(self.side,self.side), keep_in_ram=True)
        self.n_images = self.batcher.size()

        # generator
        self.gen = self.make_generator()
        print("=====================generator=====================")
        self.gen.summary()


        # critic
        self.critic = self.make_critic()
        print("\n=====================critic=====================")
        self.critic.summary()

        self.critic.compile(loss='binary_crossentropy',
                                   optimizer=opt_d,
                                   metrics=['accuracy'])

        z_in = Input(shape=(self.z_dim,))
        made = self.gen(z_in)

        # only the generator learns inside the stacked model
        self.critic.trainable = False

        verdict = self.critic(made)

        # stacked model
        self.stacked = Model(z_in, verdict)
        print("\n=====================stacked=====================")
        self.stacked.summary()
        self.stacked.compile(loss=['binary_crossentropy'],
                              optimizer=opt_g)

    def make_generator(self):
        z_in = Input(shape=(self.z_dim,))

        def up_block(x_in, filters=256, kernel_size=(5, 5), strides=(2, 2), bn_relu=True):
            """one upsampling stage"""
            y = Conv2DTranspose(filters, kernel_size=kernel_size, strides=strides, padding='same', use_bias=False)(x_in)
            if bn_relu:
                y = BatchNormalization()(y)
                y = Activation("relu")(y)
                
            return y

        h = Dense(4 * self.g_width * self.side // 4 * self.side // 4, use_bias=False)(z_in)
        h = BatchNormalization()(h)
        h = Activation('relu')(h)
        h = Reshape((self.side // 4, self.side // 4, self.g_width * 4))(h)
        h = up_block(h, filters=self.g_width * 2)
        h = up_block(h, filters=self.g_width    )
        h = up_block(h, filters=self.n_channels, kernel_size=(3,3), strides=(1,1), bn_relu=False)

        h = Activation('tanh')(h)

        return Model(z_in, h)

    def make_critic(self):

        def down_block(x_in, filters, strides=1, bn=True):
            """one critic stage"""
            y = Conv2D(filters, kernel_size=3, strides=strides, padding='same', use_bias=False)(x_in)
            if bn:
                y = Dropout(rate=0.8)(y)
            y = LeakyReLU(alpha=0.2)(y)
            

            return y

        # input: an image, real or made
        img_in = Input(shape=(self.side, self.side, self.n_channels))

        y = down_block(img_in, self.d_width, strides=2, bn=False)
        y = down_block(y, self.d_width*2, strides=2)

        y = Flatten()(y)
        score = Dense(1, activation='sigmoid')(y)

        return Model(img_in, score)

    def fit(self, epochs, batch_size, sample_every):
        def to_named(model, values):
            out = {}
            for pair in zip(model.metrics_names, values):
                out[pair[0]] = pair[1]
            return out

        t0 = datetime.datetime.now()

        ones = np.ones((batch_size, 1))
        zeros = np.zeros((batch_size, 1))

        n_iter = int(self.n_images/batch_size)
        os.makedirs(f"{self.out_dir}/logs/{self.stamp}", exist_ok=True)
        board = TensorBoard(f"{self.out_dir}/logs/{self.stamp}")
        board.set_model(self.gen)

        os.makedirs(f"{self.out_dir}/models/{self.stamp}/", exist_ok=True)
        with open(f"{self.out_dir}/models/{self.stamp}/generator_architecture.json", "w") as fh:
            fh.write(self.gen.to_json())
        print(f"\nbatch : {batch_size} | images : {self.n_images} | iterations : {n_iter} | stamp : {self.stamp} \n")
        for epoch in range(1, epochs+1):
            for it in range(n_iter):
                # ------------------
                #  one GAN step
                # ------------------
                real = self.batcher.sample(batch_size)

                z = np.random.normal(0, 1, (batch_size, self.z_dim))
                made = self.gen.predict(z)
                set_trainable(self.critic, True)
                d_real = self.critic.train_on_batch(real, ones * 0.9)  # smoothed labels
                d_made = self.critic.train_on_batch(made, zeros)
                d_loss = 0.5 * np.add(d_real, d_made)

                set_trainable(self.critic, False)

                g_out = self.stacked.train_on_batch([z], [ones])
                board.on_epoch_end(it, to_named(self.stacked, [g_out]))

                if it % (sample_every // 10) == 0:
                    spent = datetime.datetime.now() - t0
                    print(f"epoch:{epoch} | it : {it} / {n_iter} | time : {spent} | g : {g_out} | d : {d_loss} ")

                if (it+1) % sample_every == 0:
                    self.save_grid(epoch, it+1)

            # weights after each epoch
            self.gen.save_weights(f"{self.out_dir}/models/{self.stamp}/generator_epoch{epoch}_weights.h5")

    def save_grid(self, epoch, it):
        os.makedirs(f'{self.out_dir}/samples/{self.stamp}', exist_ok=True)
        r, c = 5, 5
        z = np.random.normal(0, 1, (r*c, self.z_dim))
        grid = self.gen.predict(z)

        # back to [0, 1]
        grid = 0.5 * grid + 0.5

        # draw the grid of made faces
        fig, axs = plt.subplots(r, c)
        for row in range(r):
            for col in range(c):
                axs[row, col].imshow(grid[5*row+col,:,:,:])
                axs[row, col].axis('off')
        fig.savefig(f"{self.out_dir}/samples/{self.stamp}/e{epoch}-i{it}.png", bbox_inches='tight', dpi=100)
        # plt.show() would block outside a notebook
        plt.close()

if __name__ == "__main__":
    net = FaceGAN()
    DEBUG = 0

    if DEBUG == 1:
        net.n_images = 50
        net.fit(epochs=2, batch_size=1, sample_every=10)
    else:
        net.fit(epochs=20, batch_size=64, sample_every=100)
