import argparse
from datetime import datetime as dt
import gc
import json
import os
import random

import numpy as np
import torch
import torch.nn as nn
from tqdm import tqdm

from lib import spec_utils
from lib import unet


def blend_pairs(X, y, beta_a):
    order = np.random.permutation(len(X))[:len(X) // 2]
    if len(order) % 2 != 0:
        order = order[:-1]
    for i in range(0, len(order), 2):
        mix_w = np.random.beta(beta_a, beta_a)
        X[order[i]] = mix_w * X[order[i]] + (1 - mix_w) * X[order[i + 1]]
        y[order[i]] = mix_w * y[order[i]] + (1 - mix_w) * y[order[i + 1]]

    return X, y


def build_train_patches(pair_files, crop_w, n_patches, sample_rate, n_bins):
    n_rows = n_patches * len(pair_files)
    X_mix_dataset = np.zeros(
        (n_rows, 2, n_bins, crop_w), dtype=np.float32)
    y_inst_dataset = np.zeros(
        (n_rows, 2, n_bins, crop_w), dtype=np.float32)
    for i, (mix_path, inst_path) in enumerate(tqdm(pair_files)):
        X, y = spec_utils.cache_or_load(mix_path, inst_path, sample_rate, n_bins)
        for j in range(n_patches):
            row = i * n_patches + j
            col0 = np.random.randint(0, X.shape[2] - crop_w)
            X_mix_dataset[row] = X[:, :, col0:col0 + crop_w]
            y_inst_dataset[row] = y[:, :, col0:col0 + crop_w]
            if np.random.uniform() < 0.5:
                # flip left and right channels
                X_mix_dataset[row] = X_mix_dataset[row, ::-1]
                y_inst_dataset[row] = y_inst_dataset[row, ::-1]

    return X_mix_dataset, y_inst_dataset


def build_val_crops(pair_files, crop_w, margin, sample_rate, n_bins):
    X_mix_dataset = []
    y_inst_dataset = []
    for i, (mix_path, inst_path) in enumerate(tqdm(pair_files)):
        X, y = spec_utils.cache_or_load(mix_path, inst_path, sample_rate, n_bins)
        pad_l = margin
        core_w = crop_w - margin * 2
        pad_r = core_w - (X.shape[2] % core_w) + margin
        X_padded = np.pad(X, ((0, 0), (0, 0), (pad_l, pad_r)), mode='reflect')
        y_padded = np.pad(y, ((0, 0), (0, 0), (pad_l, pad_r)), mode='reflect')
        n_rows = int(np.ceil(X.shape[2] / core_w))
        for j in range(n_rows):
            col0 = j * core_w
            X_mix_dataset.append(X_padded[:, :, col0:col0 + crop_w])
            y_inst_dataset.append(y_padded[:, :, col0:col0 + crop_w])

    return np.float32(X_mix_dataset), np.float32(y_inst_dataset)


def split_train_val(mix_folder, inst_folder, val_share, val_list_file):
    audio_exts = ['.wav', '.m4a', '.3gp', '.oma', '.mp3', '.mp4']
    mix_files = sorted([
        os.path.join(mix_folder, fn)
        for fn in os.listdir(mix_folder)
        if os.path.splitext(fn)[1] in audio_exts])
    inst_files = sorted([
        os.path.join(inst_folder, fn)
        for fn in os.listdir(inst_folder)
        if os.path.splitext(fn)[1] in audio_exts])

    pair_files = list(zip(mix_files, inst_files))
    random.shuffle(pair_files)

    val_files = []
    if val_list_file is not None:
        with open(val_list_file, 'r', encoding='utf8') as fh:
            val_files = json.load(fh)

    if len(val_files) == 0:
        n_val = int(len(pair_files) * val_share)
        train_files = pair_files[:-n_val]
        val_files = pair_files[-n_val:]
    else:
        train_files = [
            pr for pr in pair_files
            if list(pr) not in val_files]

    return train_files, val_files


def train_pass(train_X, train_y, model, optimizer, batch_len, per_item_loss):
    loss_total = 0
    model.train()
    l1 = nn.L1Loss(reduction='none')
    order = np.random.permutation(len(train_X))
    for i in range(0, len(train_X), batch_len):
        batch_idx = order[i: i + batch_len]
        X_batch = torch.from_numpy(train_X[batch_idx]).cuda()
        y_batch = torch.from_numpy(train_y[batch_idx]).cuda()

        model.zero_grad()
        mask = model(X_batch)
        X_batch = spec_utils.crop_and_concat(mask, X_batch, False)
        y_batch = spec_utils.crop_and_concat(mask, y_batch, False)

        abs_err = l1(X_batch * mask, y_batch)
        loss = abs_err.mean()
        loss.backward()
        optimizer.step()

        abs_err_np = abs_err.detach().cpu().numpy()
        per_item_loss[batch_idx] += abs_err_np.mean(axis=(1, 2, 3))
        loss_total += float(loss.detach().cpu().numpy()) * len(X_batch)

    return loss_total / len(train_X)


def valid_pass(val_X, val_y, model, batch_len):
    loss_total = 0
    model.eval()
    l1 = nn.L1Loss()
    with torch.no_grad():
        for i in range(0, len(val_X), batch_len):
            X_batch = torch.from_numpy(val_X[i: i + batch_len]).cuda()
            y_batch = torch.from_numpy(val_y[i: i + batch_len]).cuda()

            mask = model(X_batch)
            X_batch = spec_utils.crop_and_concat(mask, X_batch, False)
            y_batch = spec_utils.crop_and_concat(mask, y_batch, False)

            loss = l1(X_batch * mask, y_batch)
            loss_total += float(loss.detach().cpu().numpy()) * len(X_batch)

    return loss_total / len(val_X)


def run():
    cli = argparse.ArgumentParser()
    cli.add_argument('--gpu', '-g', type=int, default=-1)
    cli.add_argument('--seed', '-s', type=int, default=2019)
    cli.add_argument('--sr', '-r', type=int, default=44100)
    cli.add_argument('--hop_length', '-l', type=int, default=1024)
    cli.add_argument('--mixture_dataset', '-m', required=True)
    cli.add_argument('--instrumental_dataset', '-i', required=True)
    cli.add_argument('--validation_rate', '-v', type=float, default=0.1)
    cli.add_argument('--learning_rate', type=float, default=0.001)
    cli.add_argument('--lr_min', type=float, default=0.0001)
    cli.add_argument('--lr_decay_factor', type=float, default=0.9)
    cli.add_argument('--lr_decay_patience', type=int, default=6)
    cli.add_argument('--batchsize', '-B', type=int, default=8)
    cli.add_argument('--val_batchsize', '-b', type=int, default=8)
    cli.add_argument('--val_filelist', '-V', type=str, default=None)
    cli.add_argument('--cropsize', '-c', type=int, default=448)
    cli.add_argument('--val_cropsize', '-C', type=int, default=896)
    cli.add_argument('--patches', '-p', type=int, default=16)
    cli.add_argument('--epoch', '-E', type=int, default=100)
    cli.add_argument('--inner_epoch', '-e', type=int, default=4)
    cli.add_argument('--mixup', '-M', action='store_true')
    cli.add_argument('--mixup_alpha', '-a', type=float, default=1.0)
    cli.add_argument('--pretrained_model', '-P', type=str, default=None)
    opts = cli.parse_args()

    random.seed(opts.seed)
    np.random.seed(opts.seed)
    torch.manual_seed(opts.seed)
    stamp = dt.now().strftime('%Y%m%d%H%M%S')

    model = unet.MultiBandUNet()
    if opts.pretrained_model is not None:
        model.load_state_dict(torch.load(opts.pretrained_model))
    if opts.gpu >= 0:
        model.cuda()

    optimizer = torch.optim.Adam(model.parameters(), lr=opts.learning_rate)
    plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(
        optimizer,
        factor=opts.lr_decay_factor,
        patience=opts.lr_decay_patience,
        min_lr=opts.lr_min,
        verbose=True)

    train_files, val_files = split_train_val(
        mix_folder=opts.mixture_dataset,
        inst_folder=opts.instrumental_dataset,
        val_share=opts.validation_rate,
        val_list_file=opts.val_filelist)

    with open('val_{}.json'.format(stamp), 'w', encoding='utf8') as fh:
        json.dump(val_files, fh, ensure_ascii=False)

    for i, (mix_name, inst_name) in enumerate(val_files):
        print(i + 1, os.path.basename(mix_name), os.path.basename(inst_name))

    val_X, val_y = build_val_crops(
        val_files, opts.val_cropsize, model.offset, opts.sr, opts.hop_length)

    history = []
    best_val = np.inf
    for epoch in range(opts.epoch):
        train_X, train_y = build_train_patches(
            train_files, opts.cropsize, opts.patches, opts.sr, opts.hop_length)

        if opts.mixup:
            train_X, train_y = blend_pairs(
                train_X, train_y, opts.mixup_alpha)

        print('== epoch', epoch)
        per_item_loss = np.zeros(len(train_X), dtype=np.float32)
        for sub_epoch in range(opts.inner_epoch):
            print('  pass {}'.format(sub_epoch))
            train_loss = train_pass(
                train_X, train_y, model, optimizer, opts.batchsize, per_item_loss)
            val_loss = valid_pass(
                val_X, val_y, model, opts.val_batchsize)

            print('    train {:.6f}  val {:.6f} (x1000)'
                  .format(train_loss * 1000, val_loss * 1000))

            plateau.step(val_loss)

            if val_loss < best_val:
                best_val = val_loss
                print('    new best on validation')
                save_path = 'models/model_iter{}.pth'.format(epoch)
                torch.save(model.state_dict(), save_path)

            history.append([train_loss, val_loss])
            np.save('log_{}.npy'.format(stamp), np.asarray(history))

        del train_X, train_y
        gc.collect()


if __name__ == '__main__':
    run()
