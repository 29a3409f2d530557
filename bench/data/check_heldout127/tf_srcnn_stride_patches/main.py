#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""
SRCNN on luma patches with Keras
trains on overlapping crops, then
restores every picture of a test folder
and writes PSNR numbers to a csv.
"""
from keras.models import Sequential
from keras.layers import Conv2D, Input, BatchNormalization
# from keras.layers.advanced_activations import LeakyReLU
from keras.callbacks import ModelCheckpoint
from keras.optimizers import SGD, Adam
import matplotlib.pyplot as plt
import numpy as np
import math
import os
import cv2
import pandas as pd

from prepare_data import prepare_train_data, write_hdf5, prepare_test_data
import argparse


def psnr(target, ref):
    # inputs are colour images
    t = np.array(target, dtype=float)
    r = np.array(ref, dtype=float)

    delta = r - t
    delta = delta.flatten('C')

    rmse = math.sqrt(np.mean(delta ** 2.))

    return 20 * math.log10(255. / rmse)

def model():
    # leaky = LeakyReLU(alpha=0.1)
    net = Sequential()
    net.add(Conv2D(128, 9, activation='relu', padding='valid', input_shape=(32, 32, 1)))
    net.add(Conv2D(64, 3, activation='relu', padding='same'))
    # net.add(BatchNormalization())
    net.add(Conv2D(1, 5, activation='linear', padding='valid'))
    adam = Adam(lr=0.0003)
    net.compile(optimizer=adam, loss='mean_squared_error', metrics=['mean_squared_error'])
    return net


def predict_model():
    # leaky = LeakyReLU(alpha=0.1)
    net = Sequential()
    net.add(Conv2D(128, 9, activation='relu', padding='valid', input_shape=(None, None, 1)))
    net.add(Conv2D(64, 3, activation='relu', padding='same'))
    # net.add(BatchNormalization())
    net.add(Conv2D(1, 5, activation='linear', padding='valid'))
    adam = Adam(lr=0.0003)
    net.compile(optimizer=adam, loss='mean_squared_error', metrics=['mean_squared_error'])
    return net


def train(arrays, weights_path, epochs):

    net = model()
    print(net.summary())
#    x, y = pd.read_training_data("./logs/data_cache/train_data.h5")
#    vx, vy = pd.read_training_data("./logs/data_cache/test_data.h5")
    x_tr, y_tr, x_va, y_va = arrays
    x_tr, x_va = np.transpose(x_tr,(0,2,3,1)), np.transpose(x_va,(0,2,3,1))
    y_tr, y_va = np.transpose(y_tr,(0,2,3,1)), np.transpose(y_va,(0,2,3,1))

    saver = ModelCheckpoint(weights_path, monitor='val_loss', verbose=1, save_best_only=True,
                                 save_weights_only=False, mode='min')
    cbs = [saver]

    net.fit(x_tr, y_tr, batch_size=128, validation_data=(x_va, y_va),
                    callbacks=cbs, shuffle=True, epochs=epochs, verbose=0)

def predict(weights, pic_dir, out_dir):
    net = predict_model()
    net.load_weights(weights)
#    net.load_weights("SRCNN_check_building.h5")
#    PIC = "/home/user/SR/data/Set14/flowers.bmp"
    pic_names = os.listdir(pic_dir)
    names = []
    cubic_scores = []
    net_scores = []

    for pic_name in pic_names:
        stem, ext = os.path.splitext(pic_name)
#        hr_name = stem + '_hr' + ext
        lr_name = stem + '_lr' + ext
        sr_name = stem + '_sr' + ext

        pic = cv2.imread(os.path.join(pic_dir, pic_name), cv2.IMREAD_COLOR)
        pic_hr = np.copy(pic)
        pic = cv2.cvtColor(pic, cv2.COLOR_BGR2YCrCb)
        shape = pic.shape
        luma = cv2.resize(pic[:, :, 0], (shape[1] // 2, shape[0] // 2), cv2.INTER_CUBIC)
        luma = cv2.resize(luma, (shape[1], shape[0]), cv2.INTER_CUBIC)
        pic[:, :, 0] = luma
        pic = cv2.cvtColor(pic, cv2.COLOR_YCrCb2BGR)
        cv2.imwrite(os.path.join(out_dir,lr_name), pic)
        pic_lr = np.copy(pic)

        inp = np.zeros((1, pic.shape[0], pic.shape[1], 1), dtype=float)
        inp[0, :, :, 0] = luma.astype(float) / 255.
        out = net.predict(inp, batch_size=1) * 255.
        out[out[:] > 255] = 255
        out[out[:] < 0] = 0
        out = out.astype(np.uint8)
        pic = cv2.cvtColor(pic, cv2.COLOR_BGR2YCrCb)
        pic[6: -6, 6: -6, 0] = out[0, :, :, 0]
        pic = cv2.cvtColor(pic, cv2.COLOR_YCrCb2BGR)
        cv2.imwrite(os.path.join(out_dir,sr_name), pic)
        pic_sr = np.copy(pic)

        # PSNR on the luma channel
        a = cv2.imread(os.path.join(pic_dir, pic_name), cv2.IMREAD_COLOR)
        a = cv2.cvtColor(a, cv2.COLOR_BGR2YCrCb)[6: -6, 6: -6, 0]
        b = cv2.imread(os.path.join(out_dir,lr_name), cv2.IMREAD_COLOR)
        b = cv2.cvtColor(b, cv2.COLOR_BGR2YCrCb)[6: -6, 6: -6, 0]
        c = cv2.imread(os.path.join(out_dir,sr_name), cv2.IMREAD_COLOR)
        c = cv2.cvtColor(c, cv2.COLOR_BGR2YCrCb)[6: -6, 6: -6, 0]

        trio = [pic_hr, pic_lr, pic_sr]
        save_comparison(trio, os.path.join(out_dir, stem+'.png'))

        names.append(stem)
        cubic_scores.append(cv2.PSNR(a, b))
        net_scores.append(cv2.PSNR(a, c))
        stats = [names, cubic_scores, net_scores]
    return stats

def save_comparison(pics, path):
    captions = ['original', 'degraded', 'restored']
    plt.figure(figsize=(10, 4))
    for k in range(len(pics)):
        plt.subplot(1, len(pics), k+1)
        plt.title(captions[k])
        plt.imshow(cv2.cvtColor(pics[k], cv2.COLOR_BGR2RGB))
    plt.tight_layout()
    plt.savefig(path)


def save_stats(stats, path):
    table = pd.DataFrame(stats).T
    table = table.rename(columns = {0:'name',1:'bicubic',2:'SRCNN'})
    table.to_csv(os.path.join(path,'stats.csv'))

if __name__ == "__main__":

    cli = argparse.ArgumentParser(description='Keras SRCNN trainer')
    cli.add_argument('--train_data_path', type=str, default= "./data/train/", help='folder of training pictures')
    cli.add_argument('--test_data_path', type=str, default= "./data/test/", help='folder of test pictures')

    cli.add_argument('--model_path', type=str, default='./logs/model_zoo/', help='weights folder')
    cli.add_argument('--model_name_train', type=str, default="srcnn.h5", help='name of the weights to write')
    cli.add_argument('--model_name_predict', type=str, default="srcnn.h5", help='name of the weights to read')

    cli.add_argument('--result_path', type=str, default="./result", help='output folder')
    cli.add_argument('--result_stats_path', type=str, default="./logs/statistic/", help='csv folder')

    cli.add_argument('-t','--train_mode', type=lambda s: (str(s).lower() == 'true'), default=True, help='whether to fit first')
    cli.add_argument('-i','--nEpochs', type=int, default=2, help='number of epochs')
    cli.add_argument('-u','--upscale_factor', type=int, default=2, help="upscale factor")

    opts = cli.parse_args()

    if opts.train_mode:
        print('---- reading data')
        tr_x, tr_y = prepare_train_data(opts.train_data_path, opts.upscale_factor)
        print(tr_x.shape)
        print(tr_y.shape)
        te_x, te_y = prepare_test_data(opts.test_data_path, opts.upscale_factor)
        print(te_x.shape)
        print(te_y.shape)
        all_arrays = [tr_x, tr_y, te_x, te_y]
        print('---- building network')
        train(all_arrays, os.path.join(opts.model_path, opts.model_name_train), opts.nEpochs)
        predict_name = opts.model_name_train
        print('---- restoring test pictures')
        stats = predict(os.path.join(opts.model_path, predict_name), opts.test_data_path, opts.result_path)
    else:
        print('---- restoring test pictures')
        stats = predict(os.path.join(opts.model_path, opts.model_name_predict), opts.test_data_path, opts.result_path)
    save_stats(stats, opts.result_stats_path)
    print('---- done')
