#! /usr/bin/env python3
'''
Classify sounds using database
Author: Scott H. Hawley
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


def listdir_nohidden(path, subdirs_only=False, skip_csv=True):
    for f in os.listdir(path):
        if not f.startswith('.'):
            if ((False == subdirs_only) or (os.path.isdir(path + "/" + f))):
                if ('.csv' == os.path.splitext(f)[1]) and (skip_csv):
                    pass
                else:
                    yield f


def get_class_names(path="Preproc/Train/"):
    return sorted(list(listdir_nohidden(path, subdirs_only=True)))


def get_total_files(class_names, path="Preproc/Train/"):
    sum_total = 0
    for subdir in class_names:
        files = os.listdir(path + subdir)
        sum_total += len(files)
    return sum_total


def load_melgram(file_path):
    name, extension = os.path.splitext(file_path)
    if ('.npy' == extension):
        melgram = np.load(file_path)
    elif ('.npz' == extension):          # compressed npz file (preferred)
        with np.load(file_path) as data:
            melgram = data['melgram']
    return melgram


def get_sample_dimensions(class_names, path='Preproc/Train/'):
    classname = class_names[0]
    audio_path = path + classname + '/'
    infilename = os.listdir(audio_path)[0]
    melgram = load_melgram(audio_path + infilename)
    return melgram.shape


def encode_class(class_name, class_names, label_smoothing=0.005):
    try:
        idx = class_names.index(class_name)
        num_classes = len(class_names)
        vec = np.zeros(num_classes)
        vec[idx] = 1
        if label_smoothing > 0:
            vec = vec * (1 - label_smoothing) + label_smoothing / num_classes
        return vec
    except ValueError:
        return None


def shuffle_XY_paths(X, Y, paths):   # generates a randomized order, keeping X&Y(&paths) together
    assert (X.shape[0] == Y.shape[0])
    idx = np.array(range(Y.shape[0]))
    np.random.shuffle(idx)
    newX = np.copy(X)
    newY = np.copy(Y)
    newpaths = paths[:]
    for i in range(len(idx)):
        newX[i] = X[idx[i], :, :]
        newY[i] = Y[idx[i], :]
        newpaths[i] = paths[idx[i]]
    return newX, newY, newpaths


def nearest_multiple(a, b):   # returns number smaller than a, which is the nearest multiple of b
    return int(a / b) * b


def build_dataset(path="Preproc/Train/", load_frac=1.0, batch_size=None, tile=False, max_per_class=0):
    class_names = get_class_names(path=path)
    nb_classes = len(class_names)

    total_files = get_total_files(class_names, path=path)
    total_load = int(total_files * load_frac)
    if max_per_class > 0:
        total_load = min(total_load, max_per_class * nb_classes)
    if (batch_size is not None):                # keras gets particular: dataset size must be mult. of batch_size
        total_load = nearest_multiple(total_load, batch_size)
    print("total files = ", total_files, ", going to load total_load = ", total_load)

    # pre-allocate memory for speed (old method used np.concatenate, slow)
    mel_dims = get_sample_dimensions(class_names, path=path)  # get dims of sample data file
    if (tile):
        ldims = list(mel_dims)
        ldims[3] = 3
        mel_dims = tuple(ldims)
    X = np.zeros((total_load, mel_dims[1], mel_dims[2], mel_dims[3]))
    Y = np.zeros((total_load, nb_classes))
    paths = []

    load_count = 0
    for idx, classname in enumerate(class_names):
        this_Y = np.array(encode_class(classname, class_names))
        this_Y = this_Y[np.newaxis, :]
        class_files = os.listdir(path + classname)
        shuffle(class_files)  # just to remove any special ordering
        n_files = len(class_files)
        n_load = int(n_files * load_frac)
        if max_per_class > 0:
            n_load = min(n_load, max_per_class)
        file_list = class_files[0:n_load]

        for idx2, infilename in enumerate(file_list):   # Load files in a particular class
            audio_path = path + classname + '/' + infilename
            melgram = load_melgram(audio_path)
            if (tile) and (melgram.shape != mel_dims):
                melgram = np.tile(melgram, 3)
            elif (melgram.shape != mel_dims):
                print("\n\n    WARNING: Expecting spectrogram with dimensions mel_dims = ", mel_dims, ", but got one with melgram.shape = ", melgram.shape)

            use_len = min(X.shape[2], melgram.shape[2])
            X[load_count, :, 0:use_len] = melgram[:, :, 0:use_len]
            Y[load_count, :] = this_Y
            paths.append(audio_path)
            load_count += 1
            if (load_count >= total_load):   # Abort loading files after last even multiple of batch size
                break
        if (load_count >= total_load):   # Second break needed to get out of loop over classes
            break

    if (load_count != total_load):  # check to make sure we loaded everything we thought we would
        raise Exception("Loaded " + str(load_count) + " files but was expecting " + str(total_load))

    X, Y, paths = shuffle_XY_paths(X, Y, paths)  # mix up classes, & files within classes
    return X, Y, paths, class_names


def Panotti_CNN(X_shape, nb_classes, nb_layers=4):
    nb_filters = 32  # number of convolutional filters = "feature maps"
    kernel_size = (3, 3)  # convolution kernel size
    pool_size = (2, 2)  # size of pooling area for max pooling
    cl_dropout = 0.5    # conv. layer dropout
    dl_dropout = 0.6    # dense layer dropout

    input_shape = (X_shape[1], X_shape[2], X_shape[3])
    model = Sequential()
    model.add(Conv2D(nb_filters, kernel_size, padding='same', input_shape=input_shape, name="Input"))
    model.add(MaxPooling2D(pool_size=pool_size))
    model.add(Activation('relu'))
    model.add(BatchNormalization(axis=-1))
    for layer in range(nb_layers - 1):   # add more layers than just the first
        model.add(Conv2D(nb_filters, kernel_size, padding='same'))
        model.add(MaxPooling2D(pool_size=pool_size))
        model.add(Activation('elu'))
        model.add(Dropout(cl_dropout))
    model.add(Flatten())
    model.add(Dense(128))            # 128 is 'arbitrary' for now
    model.add(Activation('elu'))
    model.add(Dropout(dl_dropout))
    model.add(Dense(nb_classes))
    model.add(Activation("softmax", name="Output"))
    return model


def setup_model(X, class_names, nb_layers=4, try_checkpoint=True,
                weights_file='weights.hdf5', quiet=False):
    serial_model = Panotti_CNN(X.shape, nb_classes=len(class_names), nb_layers=nb_layers)
    if (try_checkpoint):
        if (isfile(weights_file)):
            print('Weights file detected. Loading from ', weights_file)
            loaded_model = load_model(weights_file)
            serial_model.set_weights(loaded_model.get_weights())
    opt = 'adadelta'
    serial_model.compile(loss='categorical_crossentropy', optimizer=opt, metrics=['accuracy'])
    gpu_count = get_available_gpus()
    if (gpu_count >= 2):
        model = make_parallel(serial_model, gpu_count=gpu_count)
        model.compile(loss='categorical_crossentropy', optimizer=opt, metrics=['accuracy'])
    else:
        model = serial_model
    return model, serial_model


def train_network(weights_file="weights.hdf5", classpath="Preproc/Train/",
                  epochs=50, batch_size=20, val_split=0.2, tile=False, max_per_class=0,
                  k_fold=1):
    np.random.seed(1)
    X_train, Y_train, paths_train, class_names = build_dataset(path=classpath,
        batch_size=batch_size, tile=tile, max_per_class=max_per_class)

    save_best_only = (val_split > 1e-6)
    assert k_fold <= 1 / val_split   # make sure we don't repeat folds

    for k in range(k_fold):
        model, serial_model = setup_model(X_train, class_names,
            weights_file=weights_file, quiet=(k != 0))

        split_index = int(X_train.shape[0] * (1 - val_split))   # Train first, Val second
        X_val, Y_val = X_train[split_index:], Y_train[split_index:]
        X_train, Y_train = X_train[:split_index], Y_train[:split_index]

        callbacks = None if (k < k_fold - 1) else [MultiGPUModelCheckpoint(filepath=weights_file, verbose=1, save_best_only=save_best_only,
              serial_model=serial_model, period=1, class_names=class_names)]

        model.fit(X_train, Y_train, batch_size=batch_size, epochs=epochs, shuffle=True,
              verbose=1, callbacks=callbacks, validation_data=(X_val, Y_val))

        if k < k_fold - 1:  # reconstitute and re-split the data for the next loop
            print("\n\n------ Starting another round of cross-validation, for k =", k + 2, "/", k_fold, "------")
            X_train = np.concatenate((X_val, X_train))  # stick the val at the front this time
            Y_train = np.concatenate((Y_val, Y_train))

    with open('class_names.txt', 'w') as outfile:
        outfile.write("\n".join(class_names))

    # Score the model against Test dataset
    X_test, Y_test, paths_test, class_names_test = build_dataset(path=classpath + "../Test/", tile=tile)
    assert (class_names == class_names_test)
    score = model.evaluate(X_test, Y_test, verbose=0)
    print('Test loss:', score[0])
    print('Test accuracy:', score[1])


if __name__ == '__main__':
    import argparse
    parser = argparse.ArgumentParser(description="trains network using training dataset")
    parser.add_argument('-w', '--weights', default="weights.hdf5")
    parser.add_argument('-c', '--classpath', default="Preproc/Train/")
    parser.add_argument('--epochs', default=20, type=int)
    parser.add_argument('--batch_size', default=40, type=int)
    parser.add_argument('--val', default=0.2, type=float)
    parser.add_argument("--tile", action="store_true")
    parser.add_argument('-m', '--maxper', type=int, default=0)
    parser.add_argument('-k', '--kfold', type=int, default=1)
    args = parser.parse_args()
    train_network(weights_file=args.weights, classpath=args.classpath, epochs=args.epochs,
        batch_size=args.batch_size, val_split=args.val, tile=args.tile, max_per_class=args.maxper,
        k_fold=args.kfold)
