import glob
import io
import math
import time

import keras.backend as K
import matplotlib.gridspec as gridspec
import matplotlib.pyplot as plt
import numpy as np
import tensorflow as tf
from PIL import Image
from keras import Sequential, Input, Model
from keras.applications.inception_resnet_v2 import InceptionResNetV2, preprocess_input
from keras.callbacks import TensorBoard
from keras.layers import Conv2D
from keras.layers import Dense
from keras.layers import ReLU
from keras.layers import Reshape
from keras.layers.advanced_activations import LeakyReLU
from keras.layers.convolutional import UpSampling2D
from keras.layers.core import Activation
from keras.layers.core import Flatten
from keras.layers.normalization import BatchNormalization
from keras.layers.pooling import MaxPooling2D
from keras.optimizers import Adam, SGD
from keras.preprocessing import image
from scipy.misc import imread, imsave
from scipy.stats import entropy

K.set_image_dim_ordering('tf')

np.random.seed(1337)


def make_gen():
    g_net = Sequential()

    g_net.add(Dense(input_dim=100, output_dim=2048))
    g_net.add(ReLU())

    g_net.add(Dense(256 * 8 * 8))
    g_net.add(BatchNormalization())
    g_net.add(ReLU())
    g_net.add(Reshape((8, 8, 256), input_shape=(256 * 8 * 8,)))
    g_net.add(UpSampling2D(size=(2, 2)))

    g_net.add(Conv2D(128, (5, 5), padding='same'))
    g_net.add(ReLU())

    g_net.add(UpSampling2D(size=(2, 2)))

    g_net.add(Conv2D(64, (5, 5), padding='same'))
    g_net.add(ReLU())

    g_net.add(UpSampling2D(size=(2, 2)))

    g_net.add(Conv2D(3, (5, 5), padding='same'))
    g_net.add(Activation('tanh'))
    return g_net


def make_critic():
    d_net = Sequential()
    d_net.add(
        Conv2D(128, (5, 5),
               padding='same',
               input_shape=(64, 64, 3))
    )
    d_net.add(LeakyReLU(alpha=0.2))
    d_net.add(MaxPooling2D(pool_size=(2, 2)))

    d_net.add(Conv2D(256, (3, 3)))
    d_net.add(LeakyReLU(alpha=0.2))
    d_net.add(MaxPooling2D(pool_size=(2, 2)))

    d_net.add(Conv2D(512, (3, 3)))
    d_net.add(LeakyReLU(alpha=0.2))
    d_net.add(MaxPooling2D(pool_size=(2, 2)))

    d_net.add(Flatten())
    d_net.add(Dense(1024))
    d_net.add(LeakyReLU(alpha=0.2))

    d_net.add(Dense(1))
    d_net.add(Activation('sigmoid'))

    return d_net


def stack_gan(g_net, d_net):
    net = Sequential()
    net.add(g_net)
    d_net.trainable = False
    net.add(d_net)
    return net


def log_scalar(tb, name, loss, step):
    """
    Push one scalar to the TensorBoard writer
    """
    # one value per call
    smry = tf.Summary()
    entry = smry.value.add()
    entry.simple_value = loss
    entry.tag = name
    tb.writer.add_summary(smry, step)
    tb.writer.flush()


def incep_score(img_glob, bs=1, n_splits=10):
    # Inception network used as the classifier
    net = InceptionResNetV2()

    stack = None
    for fpath in glob.glob(img_glob):
        # read the file
        pic = image.load_img(fpath, target_size=(299, 299))

        # PIL -> array
        pic = image.img_to_array(pic)

        # leading batch axis
        pic = np.expand_dims(pic, axis=0)

        # grow the stacked array one picture at a time
        if stack is None:
            stack = pic
        else:
            stack = np.concatenate([stack, pic], axis=0)

    # how many chunks
    n_chunks = (stack.shape[0] + bs - 1) // bs

    all_p = None

    # class probabilities chunk by chunk
    for i in range(n_chunks):
        real_chunk = stack[i * bs:(i + 1) * bs, :, :, :]
        p = net.predict(preprocess_input(real_chunk))

        if all_p is None:
            all_p = p
        else:
            all_p = np.concatenate([p, all_p], axis=0)

    # KL based score per split
    kl_vals = []
    part_len = all_p.shape[0] // n_splits

    for i in range(n_splits):
        p_part = all_p[(i * part_len):((i + 1) * part_len), :]
        p_marg = np.expand_dims(np.mean(p_part, 0), 0)
        kl = p_part * (np.log(p_part / p_marg))
        kl = np.mean(np.sum(kl, 1))
        kl_vals.append(np.exp(kl))

    return np.mean(kl_vals), np.std(kl_vals)


def mode_score(fake_glob, real_glob, bs=32, n_splits=10):
    # Inception network used as the classifier
    net = InceptionResNetV2()

    # stack of real pictures
    real_stack = None
    for fpath in glob.glob(real_glob):
        # read the file
        pic = image.load_img(fpath, target_size=(299, 299))

        # PIL -> array
        pic = image.img_to_array(pic)

        # leading batch axis
        pic = np.expand_dims(pic, axis=0)

        # grow the stacked array one picture at a time
        if real_stack is None:
            real_stack = pic
        else:
            real_stack = np.concatenate([real_stack, pic], axis=0)

    # stack of generated pictures
    fake_stack = None
    for fpath in glob.glob(fake_glob):
        # read the file
        pic = image.load_img(fpath, target_size=(299, 299))

        # PIL -> array
        pic = image.img_to_array(pic)

        # leading batch axis
        pic = np.expand_dims(pic, axis=0)

        # grow the stacked array one picture at a time
        if fake_stack is None:
            fake_stack = pic
        else:
            fake_stack = np.concatenate([fake_stack, pic], axis=0)

    # chunks of generated pictures
    fake_chunks = (fake_stack.shape[0] + bs - 1) // bs
    fake_p = None
    # class probabilities of generated pictures
    for i in range(fake_chunks):
        real_chunk = fake_stack[i * bs:(i + 1) * bs, :, :, :]
        p = net.predict(preprocess_input(real_chunk))

        if fake_p is None:
            fake_p = p
        else:
            fake_p = np.concatenate([p, fake_p], axis=0)

    # chunks of real pictures
    real_chunks = (real_stack.shape[0] + bs - 1) // bs
    real_p = None
    # class probabilities of real pictures
    for i in range(real_chunks):
        real_chunk = real_stack[i * bs:(i + 1) * bs, :, :, :]
        p = net.predict(preprocess_input(real_chunk))

        if real_p is None:
            real_p = p
        else:
            real_p = np.concatenate([p, real_p], axis=0)

    # per-split KL terms
    n_fake = len(fake_stack)
    part_scores = []

    for j in range(n_splits):
        fake_part = fake_p[j * (n_fake // n_splits): (j + 1) * (n_fake // n_splits), :]
        real_part_ = real_p[j * (n_fake // n_splits): (j + 1) * (n_fake // n_splits), :]
        fake_marg = np.mean(fake_part, axis=0)
        real_marg = np.mean(real_part_, axis=0)
        ents = []
        for i in range(fake_part.shape[0]):
            ents.append(entropy(fake_part[i, :], fake_marg))

        part_scores.append(np.exp(np.mean(ents) - entropy(fake_marg, real_marg)))

    avg = np.mean(part_scores)
    spread = np.std(part_scores)

    return avg, spread


def to_pixels(im):
    im = (im + 1) * 127.5
    return im.astype(np.uint8)


def to_unit(im):
    return (im - 127.5) / 127.5


def show_rgb(im):
    """
    Show one RGB picture on screen
    :param im: the picture
    """
    canvas = plt.figure()
    pane = canvas.add_subplot(1, 1, 1)
    pane.imshow(im)
    pane.axis("off")
    pane.set_title("Picture")
    plt.show()


def dump_rgb(im, path):
    """
    Write one RGB picture to disk
    """
    canvas = plt.figure()
    pane = canvas.add_subplot(1, 1, 1)
    pane.imshow(im)
    pane.axis("off")
    pane.set_title("Sample")

    plt.savefig(path)
    plt.close()


def run_training():
    t0 = time.time()
    pattern = "faces/*.*"
    bs = 128
    z_dim = 100
    n_epochs = 10000
    d_lr = 0.005
    g_lr = 0.005
    d_mom = 0.5
    g_mom = 0.5
    d_nest = True
    g_nest = True

    d_opt = SGD(lr=d_lr, momentum=d_mom, nesterov=d_nest)
    g_opt = SGD(lr=g_lr, momentum=g_mom, nesterov=g_nest)

    # read every face picture
    pics = []
    for k, fname in enumerate(glob.glob(pattern)):
        pics.append(imread(fname, flatten=False, mode='RGB'))

    X = np.array(pics)
    X = (X - 127.5) / 127.5
    X = X.astype(np.float32)

    d_net = make_critic()
    d_net.compile(loss='binary_crossentropy', optimizer=d_opt)

    g_net = make_gen()
    g_net.compile(loss='mse', optimizer=g_opt)

    gan = stack_gan(g_net, d_net)
    gan.compile(loss='binary_crossentropy', optimizer=g_opt)

    tb_cb = TensorBoard(log_dir="tb/{}".format(time.time()), write_images=True, write_grads=True, write_graph=True)
    tb_cb.set_model(g_net)
    tb_cb.set_model(d_net)

    for ep in range(n_epochs):
        print("==========")
        print("epoch {}".format(ep))

        d_hist = []
        g_hist = []

        n_chunks = int(X.shape[0] / bs)

        print("{} batches".format(n_chunks))
        for k in range(n_chunks):
            print("batch {}".format(k))

            noise = np.random.normal(0, 1, size=(bs, z_dim))
            # noise = np.random.uniform(-1, 1, size=(bs, 100))

            fakes = g_net.predict_on_batch(noise)

            # show_rgb(fakes[0])

            """
            Critic step
            """

            d_net.trainable = True

            real_chunk = X[k * bs:(k + 1) * bs]

            ones_ = np.ones((bs, )) * 0.9
            zeros_ = np.zeros((bs, )) * 0.1

            d_real = d_net.train_on_batch(real_chunk, ones_)
            d_fake = d_net.train_on_batch(fakes, zeros_)

            d_val = (d_real+d_fake)/2
            print("critic loss", d_val)

            d_net.trainable = False

            """
            Generator step through the stacked model
            """
            noise = np.random.normal(0, 1, size=(bs, z_dim))
            # noise = np.random.uniform(-1, 1, size=(bs, 100))

            g_val = gan.train_on_batch(noise, ones_)
            print("generator loss", g_val)

            d_hist.append(d_val)
            g_hist.append(g_val)

        """
        Every 100 epochs write two samples
        """
        if ep % 100 == 0:
            noise = np.random.normal(0, 1, size=(bs, z_dim))
            preview = g_net.predict_on_batch(noise)

            for im in preview[:2]:
                dump_rgb(im, "samples/ep_{}.png".format(ep))

        print("epoch {} critic {}".format(ep, np.mean(d_hist)))
        print("epoch {} generator {}".format(ep, np.mean(g_hist)))

        """
        Epoch means to TensorBoard
        """
        log_scalar(tb_cb, 'discriminator_loss', np.mean(d_hist), ep)
        log_scalar(tb_cb, 'generator_loss', np.mean(g_hist), ep)

    """
    Write the networks
    """
    g_net.save("gen_net.h5")
    d_net.save("gen_net.h5")

    print("elapsed", (time.time() - t0))


if __name__ == '__main__':
    run_training()
