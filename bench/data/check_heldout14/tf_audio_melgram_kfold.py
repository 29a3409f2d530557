#! /usr/bin/env python3
'''
Fit a CNN that labels sound clips from their stored mel spectrograms
(re-expressed from the panotti training script; see labels.json for the source)
'''
from __future__ import print_function
import sys
import os
from os.path import isfile
from random import shuffle
import numpy as np
from keras.models import Sequential, load_model
from keras.layers import Dense, Dropout, Activation, Flatten, Conv2D, MaxPooling2D
from keras.layers.normalization import BatchNormalization
from panotti.multi_gpu import MultiGPUModelCheckpoint, make_parallel, get_available_gpus


def visible_entries(dir_path, dirs_only=False, omit_csv=True):
    for entry in os.listdir(dir_path):
        if not entry.startswith('.'):
            if ((False == dirs_only) or (os.path.isdir(dir_path + "/" + entry))):
                if ('.csv' == os.path.splitext(entry)[1]) and (omit_csv):
                    pass
                else:
                    yield entry


def read_category_names(dir_path="Preproc/Train/"):
    return sorted(list(visible_entries(dir_path, dirs_only=True)))


def count_files(category_names, dir_path="Preproc/Train/"):
    n_total = 0
    for sub in category_names:
        sub_files = os.listdir(dir_path + sub)
        n_total += len(sub_files)
    return n_total


def read_mel_file(mel_path):
    stem, ext = os.path.splitext(mel_path)
    if ('.npy' == ext):
        spec = np.load(mel_path)
    elif ('.npz' == ext):          # zipped .npz archive, the usual format
        with np.load(mel_path) as npz_data:
            spec = npz_data['melgram']
    return spec


def probe_mel_shape(category_names, dir_path='Preproc/Train/'):
    category = category_names[0]
    clip_path = dir_path + category + '/'
    fname = os.listdir(clip_path)[0]
    spec = read_mel_file(clip_path + fname)
    return spec.shape


def one_hot_category(category_name, category_names, label_eps=0.005):
    try:
        pos = category_names.index(category_name)
        n_cat = len(category_names)
        onehot = np.zeros(n_cat)
        onehot[pos] = 1
        if label_eps > 0:
            onehot = onehot * (1 - label_eps) + label_eps / n_cat
        return onehot
    except ValueError:
        return None


def permute_xy_paths(X_all, Y_all, clip_paths):   # one random order applied to X, Y and the paths together
    assert (X_all.shape[0] == Y_all.shape[0])
    pos = np.array(range(Y_all.shape[0]))
    np.random.shuffle(pos)
    X_perm = np.copy(X_all)
    Y_perm = np.copy(Y_all)
    paths_perm = clip_paths[:]
    for i in range(len(pos)):
        X_perm[i] = X_all[pos[i], :, :]
        Y_perm[i] = Y_all[pos[i], :]
        paths_perm[i] = clip_paths[pos[i]]
    return X_perm, Y_perm, paths_perm


def round_down_to(n, step):   # rounds a down to a whole multiple of b
    return int(n / step) * step


def assemble_dataset(dir_path="Preproc/Train/", frac_to_load=1.0, batch_sz=None, tile_channels=False, per_category_cap=0):
    category_names = read_category_names(dir_path=dir_path)
    n_categories = len(category_names)

    files_total = count_files(category_names, dir_path=dir_path)
    n_to_load = int(files_total * frac_to_load)
    if per_category_cap > 0:
        n_to_load = min(n_to_load, per_category_cap * n_categories)
    if (batch_sz is not None):                # Keras wants the sample count to divide by the batch size
        n_to_load = round_down_to(n_to_load, batch_sz)
    print("files found:", files_total, "; clips to read:", n_to_load)

    # allocate the full arrays up front rather than growing them with concatenate
    mel_shape = probe_mel_shape(category_names, dir_path=dir_path)  # shape of one stored spectrogram
    if (tile_channels):
        dims_list = list(mel_shape)
        dims_list[3] = 3
        mel_shape = tuple(dims_list)
    X_all = np.zeros((n_to_load, mel_shape[1], mel_shape[2], mel_shape[3]))
    Y_all = np.zeros((n_to_load, n_categories))
    clip_paths = []

    n_loaded = 0
    for pos, category in enumerate(category_names):
        Y_row = np.array(one_hot_category(category, category_names))
        Y_row = Y_row[np.newaxis, :]
        category_files = os.listdir(dir_path + category)
        shuffle(category_files)  # drop whatever order the directory listing had
        n_in_category = len(category_files)
        n_take = int(n_in_category * frac_to_load)
        if per_category_cap > 0:
            n_take = min(n_take, per_category_cap)
        files_chosen = category_files[0:n_take]

        for j, fname in enumerate(files_chosen):   # read every chosen file of this class
            clip_path = dir_path + category + '/' + fname
            spec = read_mel_file(clip_path)
            if (tile_channels) and (spec.shape != mel_shape):
                spec = np.tile(spec, 3)
            elif (spec.shape != mel_shape):
                print("\n\n    NOTE: expected spectrogram shape", mel_shape, "but this file has shape", spec.shape)

            width = min(X_all.shape[2], spec.shape[2])
            X_all[n_loaded, :, 0:width] = spec[:, :, 0:width]
            Y_all[n_loaded, :] = Y_row
            clip_paths.append(clip_path)
            n_loaded += 1
            if (n_loaded >= n_to_load):   # stop once the batch-aligned count is reached
                break
        if (n_loaded >= n_to_load):   # and leave the class loop as well
            break

    if (n_loaded != n_to_load):  # sanity check on the number of clips read
        raise Exception("read " + str(n_loaded) + " clips, wanted " + str(n_to_load))

    X_all, Y_all, clip_paths = permute_xy_paths(X_all, Y_all, clip_paths)  # interleave the classes
    return X_all, Y_all, clip_paths, category_names


def build_panotti_model(X_dims, n_categories, n_conv_layers=4):
    n_filters = 32  # channels per conv layer
    ksize = (3, 3)  # conv window
    pool_shape = (2, 2)  # max-pool window
    conv_drop = 0.5    # dropout after conv blocks
    dense_drop = 0.6    # dropout after the dense layer

    in_shape = (X_dims[1], X_dims[2], X_dims[3])
    keras_model = Sequential()
    keras_model.add(Conv2D(n_filters, ksize, padding='same', input_shape=in_shape, name="Input"))
    keras_model.add(MaxPooling2D(pool_size=pool_shape))
    keras_model.add(Activation('relu'))
    keras_model.add(BatchNormalization(axis=-1))
    for layer_i in range(n_conv_layers - 1):   # the remaining conv blocks
        keras_model.add(Conv2D(n_filters, ksize, padding='same'))
        keras_model.add(MaxPooling2D(pool_size=pool_shape))
        keras_model.add(Activation('elu'))
        keras_model.add(Dropout(conv_drop))
    keras_model.add(Flatten())
    keras_model.add(Dense(128))            # hidden width, chosen loosely
    keras_model.add(Activation('elu'))
    keras_model.add(Dropout(dense_drop))
    keras_model.add(Dense(n_categories))
    keras_model.add(Activation("softmax", name="Output"))
    return keras_model


def prepare_model(X_all, category_names, n_conv_layers=4, resume_ckpt=True,
                weights_path='weights.hdf5', silent=False):
    single_model = build_panotti_model(X_all.shape, n_categories=len(category_names), n_conv_layers=n_conv_layers)
    if (resume_ckpt):
        if (isfile(weights_path)):
            print('Found saved weights, restoring them from', weights_path)
            ckpt_model = load_model(weights_path)
            single_model.set_weights(ckpt_model.get_weights())
    optimizer_name = 'adadelta'
    single_model.compile(loss='categorical_crossentropy', optimizer=optimizer_name, metrics=['accuracy'])
    n_gpus = get_available_gpus()
    if (n_gpus >= 2):
        keras_model = make_parallel(single_model, gpu_count=n_gpus)
        keras_model.compile(loss='categorical_crossentropy', optimizer=optimizer_name, metrics=['accuracy'])
    else:
        keras_model = single_model
    return keras_model, single_model


def run_training(weights_path="weights.hdf5", class_dir="Preproc/Train/",
                  n_epochs=50, batch_sz=20, val_fraction=0.2, tile_channels=False, per_category_cap=0,
                  n_folds=1):
    np.random.seed(1)
    train_X, train_Y, train_paths, category_names = assemble_dataset(dir_path=class_dir,
        batch_sz=batch_sz, tile_channels=tile_channels, per_category_cap=per_category_cap)

    keep_best_only = (val_fraction > 1e-6)
    assert n_folds <= 1 / val_fraction   # folds must not overlap

    for fold in range(n_folds):
        keras_model, single_model = prepare_model(train_X, category_names,
            weights_path=weights_path, silent=(fold != 0))

        cut = int(train_X.shape[0] * (1 - val_fraction))   # leading part trains, trailing part validates
        val_X, val_Y = train_X[cut:], train_Y[cut:]
        train_X, train_Y = train_X[:cut], train_Y[:cut]

        cb_list = None if (fold < n_folds - 1) else [MultiGPUModelCheckpoint(filepath=weights_path, verbose=1, save_best_only=keep_best_only,
              serial_model=single_model, period=1, class_names=category_names)]

        keras_model.fit(train_X, train_Y, batch_size=batch_sz, epochs=n_epochs, shuffle=True,
              verbose=1, callbacks=cb_list, validation_data=(val_X, val_Y))

        if fold < n_folds - 1:  # rebuild the full array and rotate it for the next fold
            print("\n\n====== next cross-validation fold:", fold + 2, "of", n_folds, "======")
            train_X = np.concatenate((val_X, train_X))  # this time the held-out part goes first
            train_Y = np.concatenate((val_Y, train_Y))

    with open('class_names.txt', 'w') as fh:
        fh.write("\n".join(category_names))

    # evaluate on the held-out Test folder
    test_X, test_Y, test_paths, test_category_names = assemble_dataset(dir_path=class_dir + "../Test/", tile_channels=tile_channels)
    assert (category_names == test_category_names)
    test_scores = keras_model.evaluate(test_X, test_Y, verbose=0)
    print('loss on test set:', test_scores[0])
    print('accuracy on test set:', test_scores[1])


if __name__ == '__main__':
    import argparse
    cli = argparse.ArgumentParser(description="fit the sound classifier on the training folder")
    cli.add_argument('-w', '--weights', default="weights.hdf5")
    cli.add_argument('-c', '--classpath', default="Preproc/Train/")
    cli.add_argument('--epochs', default=20, type=int)
    cli.add_argument('--batch_size', default=40, type=int)
    cli.add_argument('--val', default=0.2, type=float)
    cli.add_argument("--tile", action="store_true")
    cli.add_argument('-m', '--maxper', type=int, default=0)
    cli.add_argument('-k', '--kfold', type=int, default=1)
    opts = cli.parse_args()
    run_training(weights_path=opts.weights, class_dir=opts.classpath, n_epochs=opts.epochs,
        batch_sz=opts.batch_size, val_fraction=opts.val, tile_channels=opts.tile, per_category_cap=opts.maxper,
        n_folds=opts.kfold)
