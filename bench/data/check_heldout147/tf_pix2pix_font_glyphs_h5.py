
import os
import argparse

import numpy as np

import h5py
import time

import matplotlib as mpl
mpl.use('Agg')
import matplotlib.pylab as plt

import keras.backend as K
from keras.utils import generic_utils
from keras.optimizers import Adam, SGD

import models

def to_unit(X):
    return X / 127.5 - 1
def from_unit(X):
    return (X + 1.) / 2.

def abs_sum_loss(y_true, y_pred):
    return K.sum(K.abs(y_pred - y_true), axis=-1)

def as_rgb(X):
    if X.shape[-1]==3: return X
    t = X.transpose(3,1,2,0)
    rgb = np.array([t[0],t[0],t[0]])
    return rgb.transpose(3,1,2,0)

def save_triptych(tgt, src, gen_net, bs, tag):
    out = gen_net.predict(src)
    src = from_unit(src)
    tgt = from_unit(tgt)
    out = from_unit(out)

    row_s = as_rgb(src[:5])
    row_g = as_rgb(out[:5])
    row_t = as_rgb(tgt[:5])
    row_s = np.concatenate(row_s, axis=1)
    row_g = np.concatenate(row_g, axis=1)
    row_t = np.concatenate(row_t, axis=1)
    grid = np.concatenate((row_s,row_g,row_t), axis=0)

    plt.imshow(grid)
    plt.axis('off')
    plt.savefig("./figures/current_batch_"+tag+".png")
    plt.clf()
    plt.close()

# read the hdf5 file: styled glyphs and their raw/edge versions
def read_glyphs(h5_path):
    with h5py.File(h5_path, "r") as fh:
        tgt_train = fh["train_data_gen"][:].astype(np.float32)
        tgt_train = to_unit(tgt_train)
        src_train = fh["train_data_raw"][:].astype(np.float32)
        src_train = to_unit(src_train)
        tgt_val = fh["val_data_gen"][:].astype(np.float32)
        tgt_val = to_unit(tgt_val)
        src_val = fh["val_data_raw"][:].astype(np.float32)
        src_val = to_unit(src_val)
        return tgt_train, src_train, tgt_val, src_val


def cut_patches(X, p):
    pieces = []
    rows = [(i*p, (i+1)*p) for i in range(X.shape[1] // p)]
    cols = [(i*p, (i+1)*p) for i in range(X.shape[2] // p)]
    for r in rows:
        for c in cols:
            pieces.append(X[:, r[0]:r[1], c[0]:c[1], :])
    return pieces

def disc_batch(tgt, src, gen_net, counter, p):
    if counter % 2 == 0:
        # generated sample
        Xd = gen_net.predict(src)
        yd = np.zeros((Xd.shape[0], 2), dtype=np.uint8)
        yd[:, 0] = 1
    else:
        Xd = tgt
        yd = np.zeros((Xd.shape[0], 2), dtype=np.uint8)

    Xd = cut_patches(Xd, p)
    return Xd, yd


def run(args):
    # output folder
    if not os.path.exists(os.path.expanduser(args.datasetpath)):
        os.mkdir(findername)
    # figure folder
    if not os.path.exists('./figures'):
        os.mkdir('./figures')

    # data
    tgt_all, src_all, tgt_val, src_val = read_glyphs(args.datasetpath)
    print('target train : ', tgt_all.shape)
    print('source train : ', src_all.shape)
    print('target val : ', tgt_val.shape)
    print('source val : ', src_val.shape)

    in_shape = src_all.shape[-3:]
    print('in_shape : ', in_shape)
    n_patches = (in_shape[0] // args.patch_size) * (in_shape[1] // args.patch_size)
    patch_shape = (args.patch_size, args.patch_size, tgt_all.shape[-1])
    print('patch_shape : ', patch_shape)

    # optimizers
    opt_gan = Adam(lr=1E-3, beta_1=0.9, beta_2=0.999, epsilon=1e-08)
    opt_disc = Adam(lr=1E-3, beta_1=0.9, beta_2=0.999, epsilon=1e-08)

    # generator
    gen_net = models.my_load_generator(in_shape, patch_shape)
    # discriminator
    disc_net = models.my_load_DCGAN_discriminator(in_shape, patch_shape, n_patches)

    gen_net.compile(loss='mae', optimizer=opt_disc)
    disc_net.trainable = False

    gan_net = models.my_load_DCGAN(gen_net, disc_net, in_shape, args.patch_size)

    losses = [abs_sum_loss, 'binary_crossentropy']
    weights = [1E1, 1]
    gan_net.compile(loss=losses, loss_weights=weights, optimizer=opt_gan)

    disc_net.trainable = True
    disc_net.compile(loss='binary_crossentropy', optimizer=opt_disc)

    # training
    print('training starts')
    for ep in range(args.epoch):

        t0 = time.time()
        order = np.random.permutation(src_all.shape[0])
        tgt_shuf = tgt_all[order]
        src_shuf  = src_all[order]
        tgt_chunks = [tgt_shuf[i:i+args.batch_size] for i in range(0, src_all.shape[0], args.batch_size)]
        src_chunks  = [src_shuf[i:i+args.batch_size] for i in range(0, src_all.shape[0], args.batch_size)]
        it = 0
        bar = generic_utils.Progbar(len(tgt_chunks)*args.batch_size)
        for (tgt_b, src_b) in zip(tgt_chunks, src_chunks):
            it += 1
            Xd, yd = disc_batch(tgt_b, src_b, gen_net, it, args.patch_size)
            src_d, _ = disc_batch(src_b, src_b, gen_net, 1, args.patch_size)
            xd = Xd + src_d
            # discriminator update
            d_loss = disc_net.train_on_batch(xd, yd)

            # generator batch
            pick = np.random.choice(tgt_all.shape[0], args.batch_size)
            g_tgt, g_src = tgt_all[pick], src_all[pick]
            g_y = np.zeros((g_src.shape[0], 2), dtype=np.uint8)
            g_y[:, 1] = 1

            # freeze D
            disc_net.trainable = False
            g_loss = gan_net.train_on_batch(g_src, [g_tgt, g_y])
            # unfreeze D
            disc_net.trainable = True

            bar.add(args.batch_size, values=[
                ("D logloss", d_loss),
                ("G tot", g_loss[0]),
                ("G L1", g_loss[1]),
                ("G logloss", g_loss[2])
            ])

            # figures twice per epoch
            if it % (tgt_all.shape[0]//args.batch_size//2) == 0:
                save_triptych(tgt_b, src_b, gen_net, args.batch_size, "training")
                pick = np.random.choice(tgt_val.shape[0], args.batch_size)
                g_tgt, g_src = tgt_val[pick], src_val[pick]
                save_triptych(g_tgt, g_src, gen_net, args.batch_size, "validation")

        print("")
        print('Epoch %s/%s, Time: %s' % (ep + 1, args.epoch, time.time() - t0))



def main():
    parser = argparse.ArgumentParser(description='glyph pix2pix')
    parser.add_argument('--datasetpath', '-d', type=str, required=True)
    parser.add_argument('--patch_size', '-p', type=int, default=64)
    parser.add_argument('--batch_size', '-b', type=int, default=5)
    parser.add_argument('--epoch','-e', type=int, default=400)
    args = parser.parse_args()

    K.set_image_data_format("channels_last")

    run(args)


if __name__=='__main__':
    main()
