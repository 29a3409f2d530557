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


def mixup_generator(X, y, alpha):
    perm = np.random.permutation(len(X))[:len(X) // 2]
    if len(perm) % 2 != 0:
        perm = perm[:-1]
    for i in range(0, len(perm), 2):
        lam = np.random.beta(alpha, alpha)
        X[perm[i]] = lam * X[perm[i]] + (1 - lam) * X[perm[i + 1]]
        y[perm[i]] = lam * y[perm[i]] + (1 - lam) * y[perm[i + 1]]

    return X, y


def make_training_set(filelist, cropsize, patches, sr, hop_length):
    len_dataset = patches * len(filelist)
    X_dataset = np.zeros(
        (len_dataset, 2, hop_length, cropsize), dtype=np.float32)
    y_dataset = np.zeros(
        (len_dataset, 2, hop_length, cropsize), dtype=np.float32)
    for i, (X_path, y_path) in enumerate(tqdm(filelist)):
        X, y = spec_utils.cache_or_load(X_path, y_path, sr, hop_length)
        for j in range(patches):
            idx = i * patches + j
            start = np.random.randint(0, X.shape[2] - cropsize)
            X_dataset[idx] = X[:, :, start:start + cropsize]
            y_dataset[idx] = y[:, :, start:start + cropsize]
            if np.random.uniform() < 0.5:
                # swap channel
                X_dataset[idx] = X_dataset[idx, ::-1]
                y_dataset[idx] = y_dataset[idx, ::-1]

    return X_dataset, y_dataset


def make_validation_set(filelist, cropsize, offset, sr, hop_length):
    X_dataset = []
    y_dataset = []
    for i, (X_path, y_path) in enumerate(tqdm(filelist)):
        X, y = spec_utils.cache_or_load(X_path, y_path, sr, hop_length)
        left = offset
        roi_size = cropsize - offset * 2
        right = roi_size - (X.shape[2] % roi_size) + offset
        X_pad = np.pad(X, ((0, 0), (0, 0), (left, right)), mode='reflect')
        y_pad = np.pad(y, ((0, 0), (0, 0), (left, right)), mode='reflect')
        len_dataset = int(np.ceil(X.shape[2] / roi_size))
        for j in range(len_dataset):
            start = j * roi_size
            X_dataset.append(X_pad[:, :, start:start + cropsize])
            y_dataset.append(y_pad[:, :, start:start + cropsize])

    return np.float32(X_dataset), np.float32(y_dataset)


def train_val_split(mix_dir, inst_dir, val_rate, val_filelist_json):
    input_exts = ['.wav', '.m4a', '.3gp', '.oma', '.mp3', '.mp4']
    X_list = sorted([
        os.path.join(mix_dir, fname)
        for fname in os.listdir(mix_dir)
        if os.path.splitext(fname)[1] in input_exts])
    y_list = sorted([
        os.path.join(inst_dir, fname)
        for fname in os.listdir(inst_dir)
        if os.path.splitext(fname)[1] in input_exts])

    filelist = list(zip(X_list, y_list))
    random.shuffle(filelist)

    val_filelist = []
    if val_filelist_json is not None:
        with open(val_filelist_json, 'r', encoding='utf8') as f:
            val_filelist = json.load(f)

    if len(val_filelist) == 0:
        val_size = int(len(filelist) * val_rate)
        train_filelist = filelist[:-val_size]
        val_filelist = filelist[-val_size:]
    else:
        train_filelist = [
            pair for pair in filelist
            if list(pair) not in val_filelist]

    return train_filelist, val_filelist


def train_inner_epoch(X_train, y_train, model, optimizer, bs, instance_loss):
    sum_loss = 0
    model.train()
    criterion = nn.L1Loss(reduction='none')
    perm = np.random.permutation(len(X_train))
    for i in range(0, len(X_train), bs):
        local_perm = perm[i: i + bs]
        X_batch = torch.from_numpy(X_train[local_perm]).cuda()
        y_batch = torch.from_numpy(y_train[local_perm]).cuda()

        model.zero_grad()
        mask = model(X_batch)
        X_batch = spec_utils.crop_and_concat(mask, X_batch, False)
        y_batch = spec_utils.crop_and_concat(mask, y_batch, False)

        abs_diff = criterion(X_batch * mask, y_batch)
        loss = abs_diff.mean()
        loss.backward()
        optimizer.step()

        abs_diff_np = abs_diff.detach().cpu().numpy()
        instance_loss[local_perm] += abs_diff_np.mean(axis=(1, 2, 3))
        sum_loss += float(loss.detach().cpu().numpy()) * len(X_batch)

    return sum_loss / len(X_train)


def valid_inner_epoch(X_valid, y_valid, model, bs):
    sum_loss = 0
    model.eval()
    criterion = nn.L1Loss()
    with torch.no_grad():
        for i in range(0, len(X_valid), bs):
            X_batch = torch.from_numpy(X_valid[i: i + bs]).cuda()
            y_batch = torch.from_numpy(y_valid[i: i + bs]).cuda()

            mask = model(X_batch)
            X_batch = spec_utils.crop_and_concat(mask, X_batch, False)
            y_batch = spec_utils.crop_and_concat(mask, y_batch, False)

            loss = criterion(X_batch * mask, y_batch)
            sum_loss += float(loss.detach().cpu().numpy()) * len(X_batch)

    return sum_loss / len(X_valid)


def main():
    p = argparse.ArgumentParser()
    p.add_argument('--gpu', '-g', type=int, default=-1)
    p.add_argument('--seed', '-s', type=int, default=2019)
    p.add_argument('--sr', '-r', type=int, default=44100)
    p.add_argument('--hop_length', '-l', type=int, default=1024)
    p.add_argument('--mixture_dataset', '-m', required=True)
    p.add_argument('--instrumental_dataset', '-i', required=True)
    p.add_argument('--validation_rate', '-v', type=float, default=0.1)
    p.add_argument('--learning_rate', type=float, default=0.001)
    p.add_argument('--lr_min', type=float, default=0.0001)
    p.add_argument('--lr_decay_factor', type=float, default=0.9)
    p.add_argument('--lr_decay_patience', type=int, default=6)
    p.add_argument('--batchsize', '-B', type=int, default=8)
    p.add_argument('--val_batchsize', '-b', type=int, default=8)
    p.add_argument('--val_filelist', '-V', type=str, default=None)
    p.add_argument('--cropsize', '-c', type=int, default=448)
    p.add_argument('--val_cropsize', '-C', type=int, default=896)
    p.add_argument('--patches', '-p', type=int, default=16)
    p.add_argument('--epoch', '-E', type=int, default=100)
    p.add_argument('--inner_epoch', '-e', type=int, default=4)
    p.add_argument('--mixup', '-M', action='store_true')
    p.add_argument('--mixup_alpha', '-a', type=float, default=1.0)
    p.add_argument('--pretrained_model', '-P', type=str, default=None)
    args = p.parse_args()

    random.seed(args.seed)
    np.random.seed(args.seed)
    torch.manual_seed(args.seed)
    timestamp = dt.now().strftime('%Y%m%d%H%M%S')

    model = unet.MultiBandUNet()
    if args.pretrained_model is not None:
        model.load_state_dict(torch.load(args.pretrained_model))
    if args.gpu >= 0:
        model.cuda()

    optimizer = torch.optim.Adam(model.parameters(), lr=args.learning_rate)
    scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(
        optimizer,
        factor=args.lr_decay_factor,
        patience=args.lr_decay_patience,
        min_lr=args.lr_min,
        verbose=True)

    train_filelist, val_filelist = train_val_split(
        mix_dir=args.mixture_dataset,
        inst_dir=args.instrumental_dataset,
        val_rate=args.validation_rate,
        val_filelist_json=args.val_filelist)

    with open('val_{}.json'.format(timestamp), 'w', encoding='utf8') as f:
        json.dump(val_filelist, f, ensure_ascii=False)

    for i, (X_fname, y_fname) in enumerate(val_filelist):
        print(i + 1, os.path.basename(X_fname), os.path.basename(y_fname))

    X_valid, y_valid = make_validation_set(
        val_filelist, args.val_cropsize, model.offset, args.sr, args.hop_length)

    log = []
    best_loss = np.inf
    for epoch in range(args.epoch):
        X_train, y_train = make_training_set(
            train_filelist, args.cropsize, args.patches, args.sr, args.hop_length)

        if args.mixup:
            X_train, y_train = mixup_generator(
                X_train, y_train, args.mixup_alpha)

        print('# epoch', epoch)
        instance_loss = np.zeros(len(X_train), dtype=np.float32)
        for inner_epoch in range(args.inner_epoch):
            print('  * inner epoch {}'.format(inner_epoch))
            train_loss = train_inner_epoch(
                X_train, y_train, model, optimizer, args.batchsize, instance_loss)
            valid_loss = valid_inner_epoch(
                X_valid, y_valid, model, args.val_batchsize)

            print('    * training loss = {:.6f}, validation loss = {:.6f}'
                  .format(train_loss * 1000, valid_loss * 1000))

            scheduler.step(valid_loss)

            if valid_loss < best_loss:
                best_loss = valid_loss
                print('    * best validation loss')
                model_path = 'models/model_iter{}.pth'.format(epoch)
                torch.save(model.state_dict(), model_path)

            log.append([train_loss, valid_loss])
            np.save('log_{}.npy'.format(timestamp), np.asarray(log))

        del X_train, y_train
        gc.collect()


if __name__ == '__main__':
    main()
