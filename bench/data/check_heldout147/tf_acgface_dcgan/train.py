# anime face DCGAN, training entry
from keras.layers import Input, Dense, Reshape, Flatten, Dropout
from keras.layers import BatchNormalization, Activation, ZeroPadding2D, GaussianNoise
from keras.layers.advanced_activations import LeakyReLU
from keras.layers.convolutional import UpSampling2D, Conv2D
from keras.models import Sequential, Model
from keras.optimizers import Adam, SGD
from keras import backend as K
from keras.models import load_model

import matplotlib.pyplot as plt
import sys
import numpy as np

from utils import *
from nets import *

# run settings
n_steps = 50000
ckpt_every = 50

resume = False
ckpt_files = {'d': '../models/discriminator.h5', 'g': '../models/generator.h5'}

bs = 16
w = h = 256
ch = 3
z_len = 100

in_shape = (h, w, ch)
adam = Adam(0.0002, 0.5)

# read the face folder
faces = loadData('../datasets/acg_faces/')
# into [-1, 1]
faces = faces / 127.5 - 1.

# networks
if resume:
    disc = load_model(ckpt_files['d'], compile=False)
    disc.compile(optimizer=adam, loss='binary_crossentropy', metrics=['accuracy'])
    gen = load_model(ckpt_files['g'], compile=False)
else:
    # discriminator
    disc = makeD(img_shape=in_shape)
    disc.compile(optimizer=adam, loss='binary_crossentropy', metrics=['accuracy'])
    # generator
    gen = makeG(noise_dim=z_len, channels=ch)

# wire z -> G -> D
z_in = Input(shape=(z_len,))
fake_out = gen(z_in)
disc.trainable = False
verdict = disc(fake_out)
# stacked model for the generator update
stacked = Model(inputs=z_in, outputs=verdict)
stacked.compile(optimizer=adam, loss='binary_crossentropy')

# loop
for step in range(n_steps):
    #### discriminator step
    # noise batch
    z = np.random.normal(0, 1, (bs, z_len))
    fakes = gen.predict(z)

    # real batch
    pick = np.random.randint(0, faces.shape[0], bs)
    reals = faces[pick]

    # update D
    ones_ = np.ones((bs, 1))
    d_r = disc.train_on_batch(reals, ones_)
    zeros_ = np.zeros((bs, 1))
    d_f = disc.train_on_batch(fakes, zeros_)
    
    #### generator step
    target = np.ones((bs, 1))
    g_l = stacked.train_on_batch(z, target)

    #### logging and snapshots
    # print the D loss
    d_l = 0.5 * np.add(d_r, d_f)
    print("step: %d [D loss: %f, acc.: %.2f%%]" % (step, d_l[0], 100*d_l[1]))

    # every ckpt_every steps save models and a sample grid
    if step % ckpt_every == 0:
        disc.save('../models/discriminator.h5')
        gen.save('../models/generator.h5')
        save_imgs(step, z_len, gen)
