# -*- coding: utf-8 -*-

# ---------------------------------------------------------------
# residual denoising CNN (DnCNN, Zhang et al., TIP 2017), Keras
#
#
#
#
#
#
#
#
#
#
#
#
# ---------------------------------------------------------------

# training entry point

# ---------------------------------------------------------------
# batch norm momentum is kept at 0 here: with the noise input a
# short memory keeps the statistics stable
# ---------------------------------------------------------------

import argparse
import re
import os, glob, datetime
import numpy as np
from keras.layers import  Input,Conv2D,BatchNormalization,Activation,Subtract
from keras.models import Model, load_model
from keras.callbacks import CSVLogger, ModelCheckpoint, LearningRateScheduler
from keras.optimizers import Adam
import patch_data as patchgen
import keras.backend as K

## options
cli = argparse.ArgumentParser()
cli.add_argument('--model', default='DnCNN', type=str, help='model tag')
cli.add_argument('--batch_size', default=128, type=int, help='minibatch size')
cli.add_argument('--train_data', default='data/Train400', type=str, help='folder with the 400 training PNGs')
cli.add_argument('--sigma', default=25, type=int, help='Gaussian noise sigma (0-255 scale)')
cli.add_argument('--epoch', default=300, type=int, help='epochs')
cli.add_argument('--lr', default=1e-3, type=float, help='Adam learning rate at start')
cli.add_argument('--save_every', default=1, type=int, help='checkpoint period in epochs')
opt = cli.parse_args()


ckpt_dir = os.path.join('ckpts',opt.model+'_'+'s'+str(opt.sigma))

if not os.path.exists(ckpt_dir):
    os.mkdir(ckpt_dir)

def build_denoiser(n_layers,filters=64,chans=1, with_bn=True):
    idx = 0
    inp = Input(shape=(None,None,chans),name = 'in'+str(idx))
    # first block: conv + relu
    idx += 1
    h = Conv2D(filters=filters, kernel_size=(3,3), strides=(1,1),kernel_initializer='Orthogonal', padding='same',name = 'conv'+str(idx))(inp)
    idx += 1
    h = Activation('relu',name = 'relu'+str(idx))(h)
    # middle blocks: conv + bn + relu
    for j in range(n_layers-2):
        idx += 1
        h = Conv2D(filters=filters, kernel_size=(3,3), strides=(1,1),kernel_initializer='Orthogonal', padding='same',use_bias = False,name = 'conv'+str(idx))(h)
        if with_bn:
            idx += 1
            #
            h = BatchNormalization(axis=3, momentum=0.0,epsilon=0.0001, name = 'b'+str(idx))(h)
        idx += 1
        h = Activation('relu',name = 'relu'+str(idx))(h)
    # output conv
    idx += 1
    h = Conv2D(filters=chans, kernel_size=(3,3), strides=(1,1), kernel_initializer='Orthogonal',padding='same',use_bias = False,name = 'conv'+str(idx))(h)
    idx += 1
    h = Subtract(name = 'residual' + str(idx))([inp, h])   # predicted clean = input - predicted noise
    net = Model(inputs=inp, outputs=h)

    return net


def latest_epoch(ckpt_dir):
    ckpts = glob.glob(os.path.join(ckpt_dir,'model_*.hdf5'))  # every saved checkpoint
    #
    if ckpts:
        seen = []
        for fp in ckpts:
            m = re.findall(".*model_(.*).hdf5.*",fp)
            #
            seen.append(int(m[0]))
        start_ep=max(seen)
    else:
        start_ep = 0
    return start_ep

def stamp(*opt,**kw):
     print(datetime.datetime.now().strftime("[%H:%M:%S]"),*opt,**kw)

def lr_at(ep):
    base_lr = opt.lr
    if ep<=30:
        cur_lr = base_lr
    elif ep<=60:
        cur_lr = base_lr/10
    elif ep<=80:
        cur_lr = base_lr/20
    else:
        cur_lr = base_lr/20
    stamp('lr now %2.8f' %cur_lr)
    return cur_lr

def patch_batches(steps_per_round=2000,rounds=5,bs=128,folder=opt.train_data):
    while(True):
        built = 0
        if built == 0:
            #
            patches = patchgen.datagenerator(folder)
            assert len(patches)%opt.batch_size ==0, \
            stamp('patch count must be a multiple of the batch size (batch norm)')
            patches = patches.astype('float32')/255.0
            order = list(range(patches.shape[0]))
            built = 1
        for _ in range(rounds):
            np.random.shuffle(order)    # new order each round
            for j in range(0, len(order), bs):
                clean = patches[order[j:j+bs]]
                nz =  np.random.normal(0, opt.sigma/255.0, clean.shape)    # gaussian noise
                #
                noisy = clean + nz
                yield noisy, clean

# loss
def half_sse(target, pred):
    #
    #
    return K.sum(K.square(pred - target))/2

if __name__ == '__main__':
    # build
    net = build_denoiser(n_layers=17,filters=64,chans=1,with_bn=True)
    net.summary()

    # resume from the newest checkpoint if any
    start_ep = latest_epoch(ckpt_dir=ckpt_dir)
    if start_ep > 0:
        print('resume from epoch %03d'%start_ep)
        net = load_model(os.path.join(ckpt_dir,'model_%03d.hdf5'%start_ep), compile=False)

    # compile
    net.compile(optimizer=Adam(0.001), loss=half_sse)

    # callbacks
    ckpt_cb = ModelCheckpoint(os.path.join(ckpt_dir,'model_{epoch:03d}.hdf5'),
                verbose=1, save_weights_only=False, period=opt.save_every)
    csv_cb = CSVLogger(os.path.join(ckpt_dir,'train_log.csv'), append=True, separator=',')
    lr_cb = LearningRateScheduler(lr_at)

    hist = net.fit_generator(patch_batches(bs=opt.batch_size),
                steps_per_epoch=2000, epochs=opt.epoch, verbose=1, initial_epoch=start_ep,
                callbacks=[ckpt_cb,csv_cb,lr_cb])

















