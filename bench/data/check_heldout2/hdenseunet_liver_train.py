# source: https://github.com/xmengli/H-DenseUNet/blob/4fe04903cbdd41ed0c4ecbacdcbfce6969faf74f/train_2ddense.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
from __future__ import print_function
import sys
sys.path.insert(0, 'Keras-2.0.8')
from multiprocessing.dummy import Pool as ThreadPool
import random
import os
import argparse

import numpy as np
from medpy.io import load
from keras.optimizers import SGD
from keras.callbacks import ModelCheckpoint
import keras.backend as K
from loss import weighted_crossentropy_2ddense
from keras.utils2.multi_gpu import make_parallel
from denseunet import DenseUNet
from skimage.transform import resize

K.set_image_dim_ordering('tf')

cli = argparse.ArgumentParser()
cli.add_argument('-data', type=str, default='data/')
cli.add_argument('-save_path', type=str, default='Experiments/')
cli.add_argument('-b', type=int, default=40)
cli.add_argument('-input_size', type=int, default=224)
cli.add_argument('-model_weight', type=str, default='./model/densenet161_weights_tf.h5')
cli.add_argument('-input_cols', type=int, default=3)
cli.add_argument('-mean', type=int, default=48)
cli.add_argument('-thread_num', type=int, default=14)
opts = cli.parse_args()

INTENSITY_MEAN = opts.mean
n_threads = opts.thread_num
tumour_free_cases = [32, 34, 38, 41, 47, 87, 89, 91, 105, 106, 114, 115, 119]


def random_crop(params):
    volume, labelmap, coord_lines, n_coords, lo, hi = params
    zoom = np.random.uniform(0.8, 1.2)
    d = int(opts.input_size * zoom)
    r = int(opts.input_size * zoom)
    c = 3
    pick = np.random.randint(1, n_coords)
    centre = np.fromstring(coord_lines[pick - 1], dtype=int, sep=' ')
    a = min(max(lo[0] + d // 2, centre[0]), hi[0] - d // 2 - 1)
    b = min(max(lo[1] + r // 2, centre[1]), hi[1] - r // 2 - 1)
    e = min(max(lo[2] + c // 2, centre[2]), hi[2] - c // 2 - 1)
    img_crop = volume[a - d // 2:a + d // 2, b - r // 2:b + r // 2, e - c // 2:e + c // 2 + 1].copy()
    lbl_crop = labelmap[a - d // 2:a + d // 2, b - r // 2:b + r // 2, e - c // 2:e + c // 2 + 1].copy()
    img_crop -= INTENSITY_MEAN
    mode = np.random.randint(0, 8)
    if mode == 1:
        img_crop, lbl_crop = np.flipud(img_crop), np.flipud(lbl_crop)
    elif mode == 2:
        img_crop, lbl_crop = np.fliplr(img_crop), np.fliplr(lbl_crop)
    elif mode == 3:
        img_crop, lbl_crop = np.rot90(img_crop, k=1, axes=(1, 0)), np.rot90(lbl_crop, k=1, axes=(1, 0))
    elif mode == 4:
        img_crop, lbl_crop = np.rot90(img_crop, k=3, axes=(1, 0)), np.rot90(lbl_crop, k=3, axes=(1, 0))
    elif mode == 5:
        img_crop, lbl_crop = np.fliplr(img_crop), np.fliplr(lbl_crop)
        img_crop, lbl_crop = np.rot90(img_crop, k=1, axes=(1, 0)), np.rot90(lbl_crop, k=1, axes=(1, 0))
    elif mode == 6:
        img_crop, lbl_crop = np.fliplr(img_crop), np.fliplr(lbl_crop)
        img_crop, lbl_crop = np.rot90(img_crop, k=3, axes=(1, 0)), np.rot90(lbl_crop, k=3, axes=(1, 0))
    elif mode == 7:
        img_crop, lbl_crop = np.flipud(img_crop), np.flipud(lbl_crop)
        img_crop, lbl_crop = np.fliplr(img_crop), np.fliplr(lbl_crop)
    lbl_crop = resize(lbl_crop, (opts.input_size, opts.input_size, opts.input_cols), order=0, mode='edge',
                      cval=0, clip=True, preserve_range=True)
    img_crop = resize(img_crop, (opts.input_size, opts.input_size, opts.input_cols), order=3, mode='constant',
                      cval=0, clip=True, preserve_range=True)
    return img_crop, lbl_crop[:, :, 1]


def batch_stream(batch_size, case_ids, volumes, labelmaps, tumour_lines, liver_lines, tumour_counts,
                 liver_counts, lows, highs):
    while 1:
        X = np.zeros((batch_size, opts.input_size, opts.input_size, opts.input_cols), dtype='float32')
        Y = np.zeros((batch_size, opts.input_size, opts.input_size, 1), dtype='int16')
        jobs = []
        for _ in range(batch_size):
            case = random.choice(case_ids)
            if np.random.randint(0, 6) < 3 or (case in tumour_free_cases):
                lines, count = liver_lines[case], liver_counts[case]
            else:
                lines, count = tumour_lines[case], tumour_counts[case]
            jobs.append([volumes[case], labelmaps[case], lines, count, lows[case], highs[case]])
        pool = ThreadPool(n_threads)
        crops = pool.map(random_crop, jobs)
        pool.close()
        pool.join()
        for k in range(len(crops)):
            X[k, :, :, :] = crops[k][0]
            Y[k, :, :, 0] = crops[k][1]
        yield (X, Y)


def read_all_cases(opts):
    case_ids = list(range(131))
    volumes, labelmaps, lows, highs = [], [], [], []
    tumour_lines, tumour_counts, liver_counts, liver_lines = [], [], [], []
    for idx in range(131):
        vol, vol_header = load(opts.data + '/myTrainingData/volume-' + str(idx) + '.nii')
        seg, seg_header = load(opts.data + '/myTrainingData/segmentation-' + str(idx) + '.nii')
        volumes.append(vol)
        labelmaps.append(seg)
        box = np.loadtxt(opts.data + '/myTrainingDataTxt/LiverBox/box_' + str(idx) + '.txt', delimiter=' ')
        lo = np.array(box[0:3], dtype='int')
        hi = np.array(box[3:6], dtype='int')
        lo[0], lo[1], lo[2] = max(lo[0] - 3, 0), max(lo[1] - 3, 0), max(lo[2] - 3, 0)
        hi[0] = min(vol.shape[0], hi[0] + 3)
        hi[1] = min(vol.shape[1], hi[1] + 3)
        hi[2] = min(vol.shape[2], hi[2] + 3)
        lows.append(lo)
        highs.append(hi)
        fh = open(opts.data + '/myTrainingDataTxt/TumorPixels/tumor_' + str(idx) + '.txt', 'r')
        t_lines = fh.readlines()
        tumour_lines.append(t_lines)
        tumour_counts.append(len(t_lines))
        fh.close()
        fh = open(opts.data + '/myTrainingDataTxt/LiverPixels/liver_' + str(idx) + '.txt', 'r')
        l_lines = fh.readlines()
        liver_lines.append(l_lines)
        liver_counts.append(len(l_lines))
        fh.close()
    return case_ids, volumes, labelmaps, tumour_lines, liver_lines, tumour_counts, liver_counts, lows, highs


def train():
    net = DenseUNet(reduction=0.5, args=opts)
    net.load_weights(opts.model_weight, by_name=True)
    net = make_parallel(net, opts.b // 10, mini_batch=10)
    net.compile(optimizer=SGD(lr=1e-3, momentum=0.9, nesterov=True), loss=[weighted_crossentropy_2ddense])

    case_ids, volumes, labelmaps, tumour_lines, liver_lines, tumour_counts, liver_counts, lows, highs = \
        read_all_cases(opts)

    if not os.path.exists(opts.save_path):
        os.mkdir(opts.save_path)
    if not os.path.exists(opts.save_path + "/model"):
        os.mkdir(opts.save_path + '/model')
        os.mkdir(opts.save_path + '/history')

    ckpt = ModelCheckpoint(opts.save_path + '/model/weights.{epoch:02d}-{loss:.2f}.hdf5', monitor='loss', verbose=1,
                           save_best_only=False, save_weights_only=False, mode='min', period=1)
    steps = 27386 // opts.b
    net.fit_generator(batch_stream(opts.b, case_ids, volumes, labelmaps, tumour_lines, liver_lines,
                                   tumour_counts, liver_counts, lows, highs),
                      steps_per_epoch=steps, epochs=6000, verbose=1, callbacks=[ckpt], max_queue_size=10,
                      workers=3, use_multiprocessing=True)


if __name__ == '__main__':
    train()
