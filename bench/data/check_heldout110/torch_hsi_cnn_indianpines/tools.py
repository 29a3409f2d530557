# -*- coding: utf-8 -*-

import os
import sys
import pdb
import random
import numpy as np
import scipy.io as sio
import matplotlib.pyplot as plt
import torch


def read_data(cube_path, gt_path):
    cube = sio.loadmat(cube_path)['indian_pines_corrected']
    gt = sio.loadmat(gt_path)['indian_pines_gt']
    cube = cube.transpose(2, 0, 1)
    cube = normalize(cube)
    return cube, gt


def get_masks(gt, tr_frac, va_frac, out_dir=None):
    assert tr_frac + va_frac < 1
    tr_mask = np.zeros((gt.shape[0], gt.shape[1]))
    va_mask = tr_mask.copy()
    te_mask = tr_mask.copy()

    for c in range(1, gt.max() + 1):
        where = np.argwhere(gt == c)
        n_tr = int(round(len(where) * tr_frac))
        n_va = int(round(len(where) * va_frac))

        np.random.shuffle(where)
        tr_idx = where[:n_tr]
        va_idx = where[n_tr:n_tr + n_va]
        te_idx = where[n_tr + n_va:]

        tr_mask[tr_idx[:, 0], tr_idx[:, 1]] = 1
        va_mask[va_idx[:, 0], va_idx[:, 1]] = 1
        te_mask[te_idx[:, 0], te_idx[:, 1]] = 1

    if out_dir:
        sub = 'train_' + str(tr_frac) + '_val_' + str(va_frac)
        out_dir = os.path.join(out_dir, sub)
        if not os.path.exists(out_dir):
            os.mkdir(out_dir)
        sio.savemat(os.path.join(out_dir, 'train_mask.mat'), {'train_mask': tr_mask})
        sio.savemat(os.path.join(out_dir, 'val_mask.mat'), {'val_mask': va_mask})
        sio.savemat(os.path.join(out_dir, 'test_mask.mat'), {'test_mask': te_mask})

    return tr_mask, va_mask, te_mask


def load_masks(gt, tr_frac, va_frac, split_dir):
    # split_dir is './data'
    sub = os.path.join(split_dir, 'train_' + str(tr_frac) + '_val_' + str(va_frac))
    if not os.path.exists(sub) or os.listdir(sub) is None:
        tr_mask, va_mask, te_mask = get_masks(gt, tr_frac, va_frac, out_dir=split_dir)

    else:
        tr_mask = sio.loadmat(os.path.join(sub, 'train_mask.mat'))['train_mask']
        va_mask = sio.loadmat(os.path.join(sub, 'val_mask.mat'))['val_mask']
        te_mask = sio.loadmat(os.path.join(sub, 'test_mask.mat'))['test_mask']

    return tr_mask, va_mask, te_mask


def get_samples(cube, gt, mask, to_tensor=True):
    cube = cube*mask
    gt = gt*mask

    cube = cube.reshape(cube.shape[0], cube.shape[1]*cube.shape[2]).T
    gt = gt.ravel()
    cube = cube[gt != 0]
    gt = gt[gt != 0] - 1

    if to_tensor:
        cube = torch.from_numpy(cube).float()
        gt = torch.from_numpy(gt).long()
        if torch.cuda.is_available():
            cube = cube.cuda()
            gt = gt.cuda()

    return cube, gt


def get_patch_samples(cube, gt, mask, patch_size=13, to_tensor=True):
    # zero border
    half = patch_size // 2
    cube = np.pad(cube, ((0, 0), (half, half), (half, half)), 'constant')
    gt = np.pad(gt, ((half, half), (half, half)), 'constant')
    mask = np.pad(mask, ((half, half), (half, half)), 'constant')

    # cut a window around every selected pixel
    ys = gt * mask
    ys = ys[ys != 0] - 1
    xs = np.zeros((ys.shape[0], cube.shape[0], patch_size, patch_size))
    where = np.argwhere(mask == 1)
    for n, rc in enumerate(where):
        win = cube[:, rc[0] - half:rc[0] + half + 1, rc[1] - half:rc[1] + half + 1]
        xs[n, :, :, :] = win

    # same permutation for both
    rng_state = np.random.get_state()
    np.random.shuffle(xs)
    np.random.set_state(rng_state)
    np.random.shuffle(ys)

    # to torch
    if to_tensor:
        xs = torch.from_numpy(xs).float()
        ys = torch.from_numpy(ys).long()
        if torch.cuda.is_available():
            xs = xs.cuda()
            ys = ys.cuda()

    return xs, ys


def get_all_patches(cube, patch_size, to_tensor=True):
    half = patch_size // 2
    mask = np.ones((cube.shape[1], cube.shape[2]))
    xs = np.zeros((cube.shape[1] * cube.shape[2], cube.shape[0], patch_size, patch_size))

    cube = np.pad(cube, ((0, 0), (half, half), (half, half)), 'constant')
    mask = np.pad(mask, ((half, half), (half, half)), 'constant')
    where = np.argwhere(mask)
    for n, rc in enumerate(where):
        xs[n, :, :, :] = cube[:, rc[0] - half:rc[0] + half + 1, rc[1] - half:rc[1] + half + 1]

    if to_tensor:
        xs = torch.from_numpy(xs).float()
        if torch.cuda.is_available():
            xs = xs.cuda()

    return xs


def get_data(cube, gt, kind, tr_frac, va_frac, split_dir, **kw):
    # kind is 'patch', 'vector' or 'full_image'
    # split_dir is './data'

    # split masks
    tr_mask, va_mask, te_mask = load_masks(gt, tr_frac, va_frac, split_dir)

    # samples
    to_tensor = kw['to_tensor']
    if kind == 'patch':
        try:
            patch_size = kw['patch_size']
        except:
            print("patch samples need 'patch_size'")
            sys.exit()
        tr_x, tr_y = get_patch_samples(cube, gt, tr_mask, patch_size=patch_size, to_tensor=to_tensor)
        va_x, va_y = get_patch_samples(cube, gt, va_mask, patch_size=patch_size, to_tensor=to_tensor)
        te_x, te_y = get_patch_samples(cube, gt, te_mask, patch_size=patch_size, to_tensor=to_tensor)

    else:
        print("unknown sample kind")
        sys.exit()

    return tr_x, tr_y, va_x, va_y, te_x, te_y


def normalize(cube):
    # cube is bands x rows x cols
    cube = cube.astype(np.float)
    for b in range(len(cube)):
        cube[b, :, :] -= cube[b, :, :].min()
        cube[b, :, :] /= cube[b, :, :].max()
    return cube


def get_one_batch(xs, ys=None, batch_size=100):

    if ys is None:
        ys = torch.zeros(xs.shape[0])
        ys = torch.split(ys, batch_size, dim=0)
    else:
        ys = torch.split(ys, batch_size, dim=0)

    xs = torch.split(xs, batch_size, dim=0)

    for b in range(len(xs)):
        yield xs[b], ys[b]


def compute_accuracy(pred, gt):
    acc = float((pred == gt.data.cpu().numpy()).astype(int).sum()) / \
               float(gt.size(0))  # fraction right
    return acc


def compute_accuracy_from_mask(pred, gt, mask):
    # pred: 145 x 145 map
    # gt: 145 x 145 labels
    # mask: the split's mask
    pred = pred.copy()
    gt = gt.copy()
    # pred += 1
    pred = pred*mask
    gt = gt*mask

    pred = pred[pred != 0]
    gt = gt[gt != 0]
    acc = float((pred == gt).sum()) / float(len(pred))

    return acc


def plot_curves(loss, tr_acc, te_acc):
    f, (a1, a2) = plt.subplots(1, 2, figsize=(100, 50))
    a1.set_title('loss', fontsize='x-large')
    a2.set_title('accuracy', fontsize='x-large')
    a1.plot(loss, color='r')
    a2.plot(tr_acc, color='r', label='train')
    a2.plot(te_acc, color='g', label='test')
    leg = a2.legend(fontsize='x-large', loc='lower right', shadow=True)
    #leg.get_frame().set_facecolor('C0')
    #plt.tight_layout()
    plt.show()


def plot_classification_maps(pred, gt, **kw):
    pred_bg = pred.copy()
    pred_bg[gt == 0] = 0
    f, (a1, a2, a3) = plt.subplots(1, 3, figsize=(15, 6))
    a1.set_title('truth')
    a2.set_title('prediction')
    a3.set_title('background removed')
    a1.imshow(gt, **kw)
    a2.imshow(pred, **kw)
    a3.imshow(pred_bg, **kw)
    a1.axis('off')
    a2.axis('off')
    a3.axis('off')
    plt.tight_layout()
    plt.show()


