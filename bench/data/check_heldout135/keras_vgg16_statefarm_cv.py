# -*- coding: utf-8 -*-
# pretrained VGG16 weights are read from an HDF5 file (converted Caffe weights)
__note__ = "State Farm distracted drivers, VGG16 fine-tuning with driver-wise CV"

import numpy as np
import os
import glob
import cv2
import pickle
import datetime
import pandas as pd
import time
from shutil import copy2
import warnings
warnings.filterwarnings("ignore")
from numpy.random import permutation
np.random.seed(2016)
from sklearn.cross_validation import train_test_split
from sklearn.cross_validation import KFold
from keras.models import Sequential
from keras.layers.core import Dense, Dropout, Activation, Flatten
from keras.layers.convolutional import Convolution2D, MaxPooling2D, ZeroPadding2D
from keras.optimizers import SGD
from keras.callbacks import EarlyStopping, ModelCheckpoint, Callback
from keras.utils import np_utils
from keras.models import model_from_json
from sklearn.metrics import log_loss
import h5py


use_cache = 1


def read_rgb224(path):
    img = cv2.imread(path)
    resized = cv2.resize(img, (224, 224), cv2.INTER_LINEAR)
    return resized


def driver_table():
    driver_by_photo = dict()
    by_driver = dict()
    path = os.path.join('..', 'input', 'driver_imgs_list.csv')
    print('reading driver list')
    f = open(path, 'r')
    line = f.readline()
    while (1):
        line = f.readline()
        if line == '':
            break
        arr = line.strip().split(',')
        driver_by_photo[arr[2]] = arr[0]
        if arr[0] not in by_driver.keys():
            by_driver[arr[0]] = [(arr[1], arr[2])]
        else:
            by_driver[arr[0]].append((arr[1], arr[2]))
    f.close()
    return driver_by_photo, by_driver


def subtract_means(img):
    img[:, :, 0] -= 103.939
    img[:, :, 1] -= 116.779
    img[:, :, 2] -= 123.68
    return img


def read_train_photos():
    photos = []
    photo_names = []
    classes = []
    driver_id = []
    start_time = time.time()
    driver_of_photo, photos_of_driver = driver_table()

    print('reading training photos')
    for j in range(10):
        print('class folder c{}'.format(j))
        path = os.path.join('..', 'input', 'train', 'c' + str(j), '*.jpg')
        files = glob.glob(path)
        for jpg in files:
            jpg_name = os.path.basename(jpg)
            img = read_rgb224(jpg)
            photos.append(img)
            photo_names.append(jpg_name)
            classes.append(j)
            driver_id.append(driver_of_photo[jpg_name])

    print('training photos read in {} s'.format(round(time.time() - start_time, 2)))
    drivers = sorted(list(set(driver_id)))
    print('{} drivers'.format(len(drivers)))
    print(drivers)
    return photos, classes, photo_names, driver_id, drivers


def chunk_list(l, wanted_parts=1):
    length = len(l)
    return [l[i*length // wanted_parts: (i+1)*length // wanted_parts] for i in range(wanted_parts)]


def read_test_part(part):
    path = os.path.join('..', 'input', 'test', '*.jpg')
    files = sorted(glob.glob(path))
    ch = chunk_list(files, 5)

    photos = []
    test_names = []
    print('first photo: ' + str(ch[part][0]))
    print('last photo: ' + str(ch[part][-1]))
    for jpg in ch[part]:
        jpg_name = os.path.basename(jpg)
        img = read_rgb224(jpg)
        photos.append(img)
        test_names.append(jpg_name)

    return photos, test_names


def dump_cache(data, path):
    if os.path.isdir(os.path.dirname(path)):
        file = open(path, 'wb')
        pickle.dump(data, file)
        file.close()
    else:
        print('cache folder missing')


def load_cache(path):
    data = dict()
    if os.path.isfile(path):
        file = open(path, 'rb')
        data = pickle.load(file)
    return data


def store_net(model):
    json_string = model.to_json()
    if not os.path.isdir('cache'):
        os.mkdir('cache')
    open(os.path.join('cache', 'architecture_vgg16.json'), 'w').write(json_string)
    model.save_weights(os.path.join('cache', 'model_weights_vgg16.h5'), overwrite=True)


def reload_net():
    model = model_from_json(open(os.path.join('cache', 'architecture_vgg16.json')).read())
    model.load_weights(os.path.join('cache', 'model_weights_vgg16.h5'))
    return model


def two_way_split(train, target, test_size):
    random_state = 51
    X_train, X_test, y_train, y_test = train_test_split(train, target, test_size=test_size, random_state=random_state)
    return X_train, X_test, y_train, y_test


def write_submission(predictions, test_id, info):
    out_df = pd.DataFrame(predictions, columns=['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9'])
    out_df.loc[:, 'img'] = pd.Series(test_id, index=out_df.index)
    now = datetime.datetime.now()
    if not os.path.isdir('subm'):
        os.mkdir('subm')
    suffix = info + '_' + str(now.strftime("%Y-%m-%d-%H-%M"))
    sub_file = os.path.join('subm', 'submission_' + suffix + '.csv')
    out_df.to_csv(sub_file, index=False)


def write_oof_artifacts(predictions_valid, valid_ids, model, info):
    out_df = pd.DataFrame(predictions_valid, columns=['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9'])
    out_df.loc[:, 'img'] = pd.Series(valid_ids, index=out_df.index)
    now = datetime.datetime.now()
    if not os.path.isdir(os.path.join('subm', 'data')):
        os.mkdir(os.path.join('subm', 'data'))
    suffix = info + '_' + str(now.strftime("%Y-%m-%d-%H-%M"))
    # out-of-fold predictions
    pred_file = os.path.join('subm', 'data', 's_' + suffix + '_train_predictions.csv')
    out_df.to_csv(pred_file, index=False)
    # network description
    json_string = model.to_json()
    model_file = os.path.join('subm', 'data', 's_' + suffix + '_model.json')
    open(model_file, 'w').write(json_string)
    # a copy of this script
    cur_code = os.path.realpath(__file__)
    code_file = os.path.join('subm', 'data', 's_' + suffix + '_code.py')
    copy2(cur_code, code_file)


def prepare_train_arrays():
    pkl_path = os.path.join('cache', 'train_r_' + str(224) + '_c_' + str(224) + '_t_' + str(3) + '.dat')
    if not os.path.isfile(pkl_path) or use_cache == 0:
        train_data, train_target, train_id, driver_id, drivers = read_train_photos()
        dump_cache((train_data, train_target, train_id, driver_id, drivers), pkl_path)
    else:
        print('training photos from cache')
        (train_data, train_target, train_id, driver_id, drivers) = load_cache(pkl_path)

    print('to one array')
    train_data = np.array(train_data, dtype=np.uint8)
    train_target = np.array(train_target, dtype=np.uint8)

    print('channels first')
    train_data = train_data.transpose((0, 3, 1, 2))

    print('to float16')
    train_data = train_data.astype('float16')
    bgr_means = [103.939, 116.779, 123.68]
    print('mean of channel 0')
    train_data[:, 0, :, :] -= bgr_means[0]
    print('mean of channel 1')
    train_data[:, 1, :, :] -= bgr_means[1]
    print('mean of channel 2')
    train_data[:, 2, :, :] -= bgr_means[2]

    train_target = np_utils.to_categorical(train_target, 10)

    # random row order (begin)
    order = permutation(len(train_target))
    train_data = train_data[order]
    train_target = train_target[order]
    # random row order (end)

    print('train array:', train_data.shape)
    print(train_data.shape[0], 'training photos')
    return train_data, train_target, train_id, driver_id, drivers


def prepare_test_arrays(part):
    start_time = time.time()
    pkl_path = os.path.join('cache', 'test_r_' + str(224) +
                              '_c_' + str(224) +
                              '_part_' + str(part) +
                              '.dat')
    if not os.path.isfile(pkl_path) or use_cache == 0:
        test_data, test_id = read_test_part(part)
        dump_cache((test_data, test_id), pkl_path)
    else:
        print('test part {} from cache'.format(part))
        (test_data, test_id) = load_cache(pkl_path)

    test_data = np.array(test_data, dtype=np.uint8)
    test_data = test_data.transpose((0, 3, 1, 2))

    test_data = test_data.astype('float16')
    bgr_means = [103.939, 116.779, 123.68]
    test_data[:, 0, :, :] -= bgr_means[0]
    test_data[:, 1, :, :] -= bgr_means[1]
    test_data[:, 2, :, :] -= bgr_means[2]

    print('test array:', test_data.shape)
    print(test_data.shape[0], 'test photos')
    print('test part ready in {} s'.format(round(time.time() - start_time, 2)))
    return test_data, test_id


def values_in_order(d):
    ret = []
    for i in d.items():
        ret.append(i[1])
    return ret


def average_fold_preds(data, nfolds):
    a = np.array(data[0])
    for i in range(1, nfolds):
        a += np.array(data[i])
    a /= nfolds
    return a.tolist()


def rows_of_drivers(train_data, train_target, driver_id, driver_list):
    data = []
    target = []
    index = []
    for i in range(len(driver_id)):
        if driver_id[i] in driver_list:
            data.append(train_data[i])
            target.append(train_target[i])
            index.append(i)
    data = np.array(data)
    target = np.array(target)
    index = np.array(index)
    return data, target, index


def build_vgg16():
    model = Sequential()
    model.add(ZeroPadding2D((1, 1), input_shape=(3, 224, 224)))
    model.add(Convolution2D(64, 3, 3, activation='relu'))
    model.add(ZeroPadding2D((1,1)))
    model.add(Convolution2D(64, 3, 3, activation='relu'))
    model.add(MaxPooling2D((2,2), stride=(2,2)))

    model.add(ZeroPadding2D((1,1)))
    model.add(Convolution2D(128, 3, 3, activation='relu'))
    model.add(ZeroPadding2D((1,1)))
    model.add(Convolution2D(128, 3, 3, activation='relu'))
    model.add(MaxPooling2D((2,2), stride=(2,2)))

    model.add(ZeroPadding2D((1,1)))
    model.add(Convolution2D(256, 3, 3, activation='relu'))
    model.add(ZeroPadding2D((1,1)))
    model.add(Convolution2D(256, 3, 3, activation='relu'))
    model.add(ZeroPadding2D((1,1)))
    model.add(Convolution2D(256, 3, 3, activation='relu'))
    model.add(MaxPooling2D((2,2), stride=(2,2)))

    model.add(ZeroPadding2D((1,1)))
    model.add(Convolution2D(512, 3, 3, activation='relu'))
    model.add(ZeroPadding2D((1,1)))
    model.add(Convolution2D(512, 3, 3, activation='relu'))
    model.add(ZeroPadding2D((1,1)))
    model.add(Convolution2D(512, 3, 3, activation='relu'))
    model.add(MaxPooling2D((2,2), stride=(2,2)))

    model.add(ZeroPadding2D((1,1)))
    model.add(Convolution2D(512, 3, 3, activation='relu'))
    model.add(ZeroPadding2D((1,1)))
    model.add(Convolution2D(512, 3, 3, activation='relu'))
    model.add(ZeroPadding2D((1,1)))
    model.add(Convolution2D(512, 3, 3, activation='relu'))
    model.add(MaxPooling2D((2,2), stride=(2,2)))

    model.add(Flatten())
    model.add(Dense(4096, activation='relu'))
    model.add(Dropout(0.5))
    model.add(Dense(4096, activation='relu'))
    model.add(Dropout(0.5))

    f = h5py.File('weights/vgg16_weights.h5')
    for k in range(f.attrs['nb_layers']):
        if k >= len(model.layers):
            # the saved dense layers are skipped; only conv weights are copied
            break
        g = f['layer_{}'.format(k)]
        weights = [g['param_{}'.format(p)] for p in range(g.attrs['nb_params'])]
        model.layers[k].set_weights(weights)
    f.close()
    print('conv weights copied')

    model.add(Dense(10, activation='softmax'))

    sgd = SGD(lr=1e-3, decay=1e-6, momentum=0.9, nesterov=True)
    model.compile(optimizer=sgd, loss='categorical_crossentropy')

    return model


def oof_in_order(train_data, predictions_valid):
    pv = []
    for i in range(len(train_data)):
        pv.append(predictions_valid[i])
    return pv


class StopBelowValLoss(Callback):
    def __init__(self, monitor='val_loss', value=0.00001, verbose=0):
        super(Callback, self).__init__()
        self.monitor = monitor
        self.value = value
        self.verbose = verbose

    def on_epoch_end(self, epoch, logs={}):
        current = logs.get(self.monitor)
        if current is None:
            warnings.warn("Early stopping requires %s available!" % self.monitor, RuntimeWarning)

        if current < self.value:
            if self.verbose > 0:
                print("Epoch %05d: early stopping THR" % epoch)
            self.model.stop_training = True


def cv_train(nfolds=10):
    # run settings
    batch_size = 16
    nb_epoch = 25
    random_state = 51
    restore_from_last_checkpoint = 1

    train_data, train_target, train_id, driver_id, drivers = prepare_train_arrays()

    oof_by_row = dict()
    kf = KFold(len(drivers), n_folds=nfolds, shuffle=True, random_state=random_state)
    num_fold = 0
    sum_score = 0
    for train_drivers, test_drivers in kf:
        model = build_vgg16()
        fit_drivers = [drivers[i] for i in train_drivers]
        X_train, Y_train, train_index = rows_of_drivers(train_data, train_target, driver_id, fit_drivers)
        hold_drivers = [drivers[i] for i in test_drivers]
        X_valid, Y_valid, test_index = rows_of_drivers(train_data, train_target, driver_id, hold_drivers)

        num_fold += 1
        print('fold {} of {}'.format(num_fold, nfolds))
        print('fit rows: ', len(X_train), len(Y_train))
        print('valid rows: ', len(X_valid), len(Y_valid))
        print('fit drivers: ', fit_drivers)
        print('valid drivers: ', hold_drivers)

        fold_weights = os.path.join('cache', 'weights_kfold_vgg16_' + str(num_fold) + '.h5')
        if not os.path.isfile(fold_weights) or restore_from_last_checkpoint == 0:
            callbacks = [
                StopBelowValLoss(monitor='val_loss', value=0.00001, verbose=1),
                EarlyStopping(monitor='val_loss', patience=5, verbose=0),
                ModelCheckpoint(fold_weights, monitor='val_loss', save_best_only=True, verbose=0),
            ]
            model.fit(X_train, Y_train, batch_size=batch_size, nb_epoch=nb_epoch,
                  shuffle=True, verbose=1, validation_data=(X_valid, Y_valid),
                  callbacks=callbacks)
        if os.path.isfile(fold_weights):
            model.load_weights(fold_weights)

        # (evaluate() was used here before)
        # (and printed its first value)

        predictions_valid = model.predict(X_valid.astype('float32'), batch_size=batch_size, verbose=1)
        score = log_loss(Y_valid, predictions_valid)
        print('fold log loss: ', score)
        sum_score += score*len(test_index)

        # remember each validation row's prediction
        for i in range(len(test_index)):
            oof_by_row[test_index[i]] = predictions_valid[i]

    score = sum_score/len(train_data)
    print("weighted mean log loss: ", score)

    predictions_valid = oof_in_order(train_data, oof_by_row)

    print('cv log loss {}, {} folds, {} epochs'.format(score, nfolds, nb_epoch))
    info_string = 'loss_' + str(score) \
                    + '_folds_' + str(nfolds) \
                    + '_ep_' + str(nb_epoch)

    write_oof_artifacts(predictions_valid, train_id, model, info_string)

    score1 = log_loss(train_target, predictions_valid)
    if abs(score1 - score) > 0.0001:
        print('mismatch: {} vs {}'.format(score, score1))


def extend_list(main, part):
    for p in part:
        main.append(p)
    return main


def cv_predict_test(nfolds = 10):
    batch_size = 16
    num_fold = 0
    test_preds_per_fold = []
    test_id = []

    for i in range(nfolds):
        model = build_vgg16()
        num_fold += 1
        print('fold {} of {}'.format(num_fold, nfolds))
        fold_weights = os.path.join('cache', 'weights_kfold_vgg16_' + str(num_fold) + '.h5')
        model.load_weights(fold_weights)

        fold_test_pkl = os.path.join('cache', 'test_kfold_vgg16_' + str(num_fold) + '.pickle.dat')
        test_ids_pkl = os.path.join('cache', 'test_kfold_vgg16_ids.pickle.dat')
        if not os.path.isfile(fold_test_pkl):
            test_prediction = []
            for part in range(5):
                print('test part {}'.format(part))
                test_data_chunk, test_id_chunk = prepare_test_arrays(part)
                test_prediction_chunk = model.predict(test_data_chunk, batch_size=batch_size, verbose=1)
                test_prediction = extend_list(test_prediction, test_prediction_chunk)
                if i == 0:
                    test_id = extend_list(test_id, test_id_chunk)
            dump_cache(test_prediction, fold_test_pkl)
            if i == 0:
                dump_cache(test_id, test_ids_pkl)
        else:
            print('test predictions from cache')
            test_prediction = load_cache(fold_test_pkl)
            if i == 0:
                test_id = load_cache(test_ids_pkl)

        test_preds_per_fold.append(test_prediction)

    test_res = average_fold_preds(test_preds_per_fold, nfolds)
    info_string = 'loss_' \
                + '_r_' + str(224) \
                + '_c_' + str(224) \
                + '_folds_' + str(nfolds)
    suffix = info_string + '_' + str(datetime.datetime.now().strftime("%Y-%m-%d-%H-%M"))
    dump_cache((test_preds_per_fold, test_id), os.path.join("subm", "full_array_" + suffix + ".pickle.dat"))
    write_submission(test_res, test_id, info_string)
    # per-fold submission files for debugging
    for i in range(nfolds):
        info_string1 = info_string + '_debug_' + str(i)
        write_submission(test_preds_per_fold[i], test_id, info_string1)


if __name__ == '__main__':
    num_folds = 10
    if not os.path.isdir("subm"):
        os.mkdir("subm")
    if not os.path.isdir("cache"):
        os.mkdir("cache")
    if not os.path.isfile("weights/vgg16_weights.h5"):
        print('missing weights/vgg16_weights.h5 (pretrained VGG16)')
        exit()
    cv_train(num_folds)
    cv_predict_test(num_folds)
