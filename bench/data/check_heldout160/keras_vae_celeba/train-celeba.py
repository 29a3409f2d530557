# Convolutional VAE on CelebA faces (64x64), Keras; batches come from a Python generator over the image folder.
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

from keras.layers import Dense, Input
from keras.layers import Conv2D, Flatten, Lambda
from keras.layers import Reshape, Conv2DTranspose
from keras.models import Model
from keras.datasets import mnist
from keras.losses import mse, binary_crossentropy
from keras.utils import plot_model
from keras.callbacks import ModelCheckpoint
from keras import optimizers
from keras import backend as K

import numpy as np
import matplotlib.pyplot as plt
import argparse
import os

from models_celebA import *
from celebA_loader import *


def plot_results(models,
                 data,
                 batch_size=128,
                 model_name="vae_DCNN_celebA"):
    """Decode a random latent sample and print its shape (leftover plotting helper).

    models is (encoder, decoder); data is (x, y); the other arguments are unused here.
    """

    encoder, decoder = models
    x_test, y_test = data
    os.makedirs(model_name, exist_ok=True)
    filename = os.path.join(model_name, "digits_over_latent.png")
    n = 1
    digit_size = 64
    figure = np.zeros((digit_size * n, digit_size * n,3))
    grid_x = np.linspace(-4, 4, n)
    grid_y = np.linspace(-4, 4, n)[::-1]


    for i, yi in enumerate(grid_y):
        for j, xi in enumerate(grid_x):
            z_sample = np.random.uniform(size=(2,128))

            x_decoded = decoder.predict(z_sample)
            print(x_decoded.shape)

image_size = 64
channels = 3
input_shape = (image_size, image_size, channels)
batch_size = 64
kernel_size = 5
filters = np.array([64,32])
z_dim = 2048
epochs = 10
dir='/data/celeba/img_align_celeba/'
if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    help_ = "Load h5 model trained weights"
    parser.add_argument("-w", "--weights", help=help_)
    help_ = "Use mse loss instead of binary cross entropy (default)"
    parser.add_argument("-m", "--mse", help=help_, action='store_true')
    args = parser.parse_args()
    df_dim = 64
    height = np.array([64])
    width = np.array([64])

    inputs = Input(shape=input_shape)

    vaegan_encoder = encoder(num_filters=filters[0], ch=channels,
                                rows=height, cols=width, z_dim=z_dim, kernel_size=kernel_size)
    vaegan_decoder = generator(num_filters=filters[1], ch=channels,
                                z_dim=z_dim, kernel_size=kernel_size)
    vaegan_encoder.summary()
    vaegan_decoder.summary()

    models = (vaegan_encoder, vaegan_decoder)
    outputs = vaegan_decoder(vaegan_encoder(inputs)[2])
    print("outputshape", outputs.shape)
    vae = Model(inputs, outputs, name='vae')

    if args.mse:
        reconstruction_loss = mse(K.flatten(inputs), K.flatten(outputs))
    else:
        reconstruction_loss = binary_crossentropy(K.flatten(inputs),
                                                K.flatten(outputs))

    reconstruction_loss *= image_size * image_size * channels
    kl_loss = 1 + vaegan_encoder(inputs)[1] - K.square(vaegan_encoder(inputs)[0]) - K.exp(vaegan_encoder(inputs)[1])
    kl_loss = K.sum(kl_loss, axis=-1)
    kl_loss *= -0.5
    vae_loss = K.mean(reconstruction_loss + kl_loss)

    vae.add_loss(vae_loss)
    rmsprop = optimizers.rmsprop(lr=0.0003)
    vae.compile(optimizer=rmsprop)
    vae.summary()
    plot_model(vae, to_file='vae_dcnn.png', show_shapes=True)

    # either resume from weights or train from the streaming generator
    if args.weights:
        vae.load_weights(args.weights)
    else:
        checkpoint_period = 1
        checkpoint_path = 'checkpoints/'
        checkpointer = ModelCheckpoint(filepath=checkpoint_path + 'model-{epoch:05d}.hdf5',
                                        verbose=1,
                                        save_weights_only=True,
                                        period=checkpoint_period)
        vae.fit_generator(celeb_loader(dir=dir,
                            randomize=True,
                            batch_size=batch_size,
                            height=image_size,
                            width=image_size,
                            norm=True),

                epochs=epochs,
                steps_per_epoch=int(202599/batch_size),
                callbacks=[checkpointer]
                )
        vae.save_weights('vae_celebA_2048lat.h5')
