from __future__ import print_function, division

import numpy as np
import pandas as pd
import matplotlib.pyplot as plt

# layers and models from Keras
from tensorflow.keras.layers import Input, Dense, Reshape, Flatten, BatchNormalization, LeakyReLU
from tensorflow.keras.models import Sequential, Model
from tensorflow.keras.optimizers import Adam

class FashionGAN():
    def __init__(self, image_shape, noise_dim, picture_saver):
        opt = Adam(0.0002, 0.5)
        
        self._picture_saver = picture_saver
        self.image_shape = image_shape
        self.noise_dim = noise_dim

        # assemble the three networks
        self._make_generator()
        self._make_discriminator(opt)
        self._make_stacked_model(opt)

    def train(self, epochs, train_data, batch_size):
        
        ones = np.ones((batch_size, 1))
        zeros = np.zeros((batch_size, 1))
        loss_log = []
        for epoch in range(epochs):
            #  discriminator step
            batch_idx = np.random.randint(0, train_data.shape[0], batch_size)
            real_batch = train_data[batch_idx]
            fake_images = self._sample_images(batch_size)
            d_loss_real = self.disc_model.train_on_batch(real_batch, ones)
            d_loss_fake = self.disc_model.train_on_batch(fake_images, zeros)
            d_loss = 0.5 * np.add(d_loss_real, d_loss_fake)

            #  generator step
            z = np.random.normal(0, 1, (batch_size, self.noise_dim))
            g_loss = self.stacked.train_on_batch(z, ones)

            # report progress
            print ("=========================================================")
            print ("================== step {} ==================".format(epoch))
            print ("D loss is {}".format(d_loss[0]))
            print ("G loss is {}".format(g_loss))
            print ("=========================================================")
            
            loss_log.append({"D":d_loss[0],"G":g_loss})
            
            # every 100 steps write a grid of samples
            if epoch % 100 == 0:
                self._write_samples(epoch)
                
        self._draw_losses(loss_log)
        self._picture_saver.makegif("generated/")        
    
    def _make_generator(self):
        z_in = Input(shape=(self.noise_dim,))
        gen_stack = Sequential(
                [Dense(256, input_dim=self.noise_dim),
                 LeakyReLU(alpha=0.2),
                 BatchNormalization(momentum=0.8),
                 Dense(512),
                 LeakyReLU(alpha=0.2),
                 BatchNormalization(momentum=0.8),
                 Dense(1024),
                 LeakyReLU(alpha=0.2),
                 BatchNormalization(momentum=0.8),
                 Dense(np.prod(self.image_shape), activation='tanh'),
                 Reshape(self.image_shape)])
    
        gen_out = gen_stack(z_in)       
        self.gen_model = Model(z_in, gen_out)
        
    def _make_discriminator(self, opt):
        img_in = Input(shape=self.image_shape)
        disc_stack = Sequential(
                [Flatten(input_shape=self.image_shape),
                 Dense(512),
                 LeakyReLU(alpha=0.2),
                 Dense(256),
                 LeakyReLU(alpha=0.2),
                 Dense(1, activation='sigmoid')])
    
        disc_out = disc_stack(img_in)
        self.disc_model = Model(img_in, disc_out)
        self.disc_model.compile(loss='binary_crossentropy',
            optimizer=opt,
            metrics=['accuracy'])
        self.disc_model.trainable = False
    
    def _make_stacked_model(self, opt):
        z_in = Input(shape=(self.noise_dim,))
        gen_out = self.gen_model(z_in)
        verdict = self.disc_model(gen_out)        
        
        self.stacked = Model(z_in, verdict)
        self.stacked.compile(loss='binary_crossentropy', optimizer=opt)
    
    def _write_samples(self, epoch):
        samples = self._sample_images(25)
        samples = 0.5 * samples + 0.5
        self._picture_saver.save_image(samples, epoch, "generated/")
    
    def _sample_images(self, count):
        z = np.random.normal(0, 1, (count, self.noise_dim))
        return self.gen_model.predict(z)
        
    def _draw_losses(self, loss_log):
        frame = pd.DataFrame(loss_log)
        plt.figure(figsize=(20,5))
        for col in frame.columns:
            plt.plot(frame[col],label=col)
        plt.legend()
        plt.ylabel("loss")
        plt.xlabel("epochs")
        plt.show()
