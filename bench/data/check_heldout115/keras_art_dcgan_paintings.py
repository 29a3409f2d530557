import numpy as np
from numpy import expand_dims
from numpy import zeros
from numpy import ones
from numpy import vstack
from numpy.random import randn
from numpy.random import randint
from keras.models import load_model
from keras.optimizers import Adam
from keras.models import Sequential
from keras.layers import Dense
from keras.layers import Reshape
from keras.layers import Flatten
from keras.layers import Conv2D
from keras.layers import Conv2DTranspose
from keras.layers import LeakyReLU
from keras.layers import Dropout
from keras.layers import BatchNormalization
from keras.initializers import RandomNormal
from matplotlib import pyplot
import argparse
import os, os.path
import progressbar
from PIL import Image
import time

cli = argparse.ArgumentParser()
cli.add_argument('-dataset', help='sub-folder of ./data holding the paintings', required=True, type=str)
cli.add_argument('-load_model', help='name of saved weights to resume from', required=False, type=str, default='NONE')
cli.add_argument('-save_model', help='name to save weights under', required=False, type=str, default='NONE')
opts = cli.parse_args()

# usual GAN weight init
w_init = RandomNormal(mean=0.0, stddev=0.02, seed=None)

def make_critic(in_shape=(128,128,3)):
    net = Sequential()
    net.add(Conv2D(64, (3,3), strides=(2, 2), padding='same', input_shape=in_shape, kernel_initializer=w_init))
    net.add(LeakyReLU(alpha=0.2))
    net.add(Conv2D(64, (3,3), strides=(2, 2), padding='same', kernel_initializer=w_init))
    net.add(BatchNormalization())
    net.add(Conv2D(64, (3,3), strides=(2, 2), padding='same', kernel_initializer=w_init))
    net.add(BatchNormalization())
    net.add(Conv2D(64, (3,3), strides=(2, 2), padding='same', kernel_initializer=w_init))
    net.add(BatchNormalization())
    net.add(Conv2D(64, (3,3), strides=(2, 2), padding='same', kernel_initializer=w_init))
    net.add(BatchNormalization())
    net.add(Flatten())
    net.add(Dense(1, activation='sigmoid'))
    # compile
    opt = Adam(lr=0.0002, beta_1=0.5)
    net.compile(loss='binary_crossentropy', optimizer=opt, metrics=['accuracy'])
    return net

def make_painter(z_dim):
    net = Sequential()
    # 4x4 seed
    n_units = 256 * 4 * 4
    net.add(Dense(n_units, input_dim=z_dim))
    #net.add(LeakyReLU(alpha=0.2))
    net.add(Reshape((4, 4, 256)))
    # to 8x8
    net.add(Conv2DTranspose(128, (4,4), strides=(2,2), padding='same', activation='relu', kernel_initializer=w_init))
    #net.add(LeakyReLU(alpha=0.2))
    # to 16x16
    net.add(Conv2DTranspose(128, (4,4), strides=(2,2), padding='same', activation='relu', kernel_initializer=w_init))
    #net.add(LeakyReLU(alpha=0.2))
    # to 32x32
    net.add(Conv2DTranspose(128, (4,4), strides=(2,2), padding='same', activation='relu', kernel_initializer=w_init))
    #net.add(LeakyReLU(alpha=0.2))
    # to 64x64
    net.add(Conv2DTranspose(128, (4,4), strides=(2,2), padding='same', activation='relu', kernel_initializer=w_init))
    #net.add(LeakyReLU(alpha=0.2))
    # to 128x128
    net.add(Conv2DTranspose(128, (4,4), strides=(2,2), padding='same', activation='relu', kernel_initializer=w_init))
    #net.add(LeakyReLU(alpha=0.2))
    # RGB head
    net.add(Conv2D(3, (3,3), activation='tanh', padding='same'))
    return net

# painter followed by the frozen critic
def make_stack(painter, critic):
    # freeze the critic inside the stack
    critic.trainable = False
    
    net = Sequential()
    net.add(painter)
    net.add(critic)
    opt = Adam(lr=0.0002, beta_1=0.5)
    net.compile(loss='binary_crossentropy', optimizer=opt)
    return net

# random real batch
def real_batch(data, n):
    # random rows
    rows = randint(0, data.shape[0], n)
    # take them
    X = data[rows]
    # label 1
    y = ones((n, 1))
    return X, y

# latent vectors for the painter
def latent_batch(z_dim, n):
    # flat normal draws
    z = randn(z_dim * n)
    # one row per sample
    z = z.reshape(n, z_dim)
    return z

# n painted samples with label 0
def fake_batch(painter, z_dim, n):
    # latents
    z = latent_batch(z_dim, n)
    # paint
    X = painter.predict(z)
    # label 0
    y = zeros((n, 1))
    return X, y

# write a small grid of samples
def write_grid(samples, ep, n=2):
    # back to [0,1]
    samples = (samples + 1) / 2.0
    # draw
    for k in range(n * n):
        # one cell
        pyplot.subplot(n, n, 1 + k)
        # no axes
        pyplot.axis('off')
        # image
        pyplot.imshow(samples[k])
    # to disk
    fname = str(int(round(time.time() * 1000))) + '.png'
    pyplot.savefig("./out/grids/" + fname)
    pyplot.close()

# critic accuracy, a grid and the weights
def report(ep, painter, critic, data, z_dim, n=150):
    # reals
    X_r, y_r = real_batch(data, n)
    # critic accuracy on reals
    _, acc_r = critic.evaluate(X_r, y_r, verbose=0)
    # fakes
    X_f, y_f = fake_batch(painter, z_dim, n)
    # critic accuracy on fakes
    _, acc_f = critic.evaluate(X_f, y_f, verbose=0)
    # print
    print('>acc real: %.0f%%, fake: %.0f%%' % (acc_r*100, acc_f*100))
    # grid
    write_grid(X_f, ep)
    # weights
    if(opts.save_model != 'NONE'):
        painter.save("./out/weights/" + opts.save_model + '-g.h5')
        critic.save("./out/weights/" + opts.save_model + '-d.h5')

# alternating updates
def fit(painter, critic, stack, data, z_dim, n_epochs=1000, bs=64):
    steps = int(data.shape[0] / bs)
    half = int(bs / 2)
    # epochs
    for i in range(n_epochs):
        # steps per epoch
        for j in range(steps):
            # reals
            X_r, y_r = real_batch(data, half)
            # critic on reals
            d1, _ = critic.train_on_batch(X_r, y_r)
            # fakes
            X_f, y_f = fake_batch(painter, z_dim, half)
            # critic on fakes
            d2, _ = critic.train_on_batch(X_f, y_f)
            # latents for the painter step
            z = latent_batch(z_dim, bs)
            # painter wants "real"
            y_s = ones((bs, 1))
            # painter step through the stack
            g = stack.train_on_batch(z, y_s)
            # progress
            print('>%d, %d/%d, d1=%.3f, d2=%.3f g=%.3f' %
                (i+1, j+1, steps, d1, d2, g))
        if (i+1) % 1 == 0:
            report(i, painter, critic, data, z_dim)
        


def read_paintings(folder):
    print("")
    count = len([name for name in os.listdir(folder) if os.path.isfile(os.path.join(folder, name))])
    print("reading " + str(count) + " paintings from: " + folder)
    
    X = np.zeros((count, 128, 128, 3)) # must match the image size
    print ("reading...")
    
    with progressbar.ProgressBar(max_value=count) as bar:
        k = 0
        for entry in os.listdir(folder):
            name = os.fsdecode(entry)
            path = os.path.join(folder, name)
            #print(path)
            X[k] = np.array(Image.open(path),dtype=np.uint8)
            #X[k] = np.array(Image.open(path).resize((128,128), Image.LANCZOS),dtype=np.uint8)
            k+=1
            #print(k)
            bar.update(k)
    
    X = X.astype('float32')
    X = (X - 127.5) / 127.5
    return X

folder = "./data/" + opts.dataset


opts.load_model


# latent size
z_dim = 100

# resume
if(opts.load_model != 'NONE'):
    print("resuming from: " + opts.load_model)
    painter = load_model("./out/weights/" + opts.load_model + '-g.h5')
    critic = load_model("./out/weights/" + opts.load_model + '-d.h5')
    print("done")
else:
    print("fresh models")
    # critic
    critic = make_critic()
    # painter
    painter = make_painter(z_dim)
    print("done")

# stacked model
stack = make_stack(painter, critic)
# all paintings into memory
data = read_paintings(folder)
# go
fit(painter, critic, stack, data, z_dim)
