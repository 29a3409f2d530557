from __future__ import print_function
from __future__ import division

import os
import time
import pickle
import numpy as np

from keras.models import Sequential
from keras.optimizers import Adam
from keras.callbacks import EarlyStopping, ModelCheckpoint, TensorBoard
from keras.layers.core import Dense, Activation, Flatten, Dropout
from keras.layers.convolutional import Convolution2D
from keras.layers.normalization import BatchNormalization

from sklearn.metrics import log_loss
from sklearn.cross_validation import LabelShuffleSplit

from utilities import write_submission, calc_geom, calc_geom_arr, mkdirp

QUICK_TEST = False

DATA_PKL_PATH = os.environ.get('DATASET_PATH', 'dataset/data_20.pkl' if not QUICK_TEST else 'dataset/data_20_subset.pkl')

CKPT_DIR = os.environ.get('CHECKPOINT_PATH', 'checkpoints/')
LOGS_DIR = os.environ.get('SUMMARY_PATH', 'summaries/')
MODEL_DIR = os.environ.get('MODEL_PATH', 'models/')

mkdirp(CKPT_DIR)
mkdirp(LOGS_DIR)
mkdirp(MODEL_DIR)

EPOCHS_PER_FOLD = 5 if not QUICK_TEST else 1
N_FOLDS = 3
SHRINK = 20

IMG_W, IMG_H, IMG_C = 640 // SHRINK, 480 // SHRINK, 3
BATCH_LEN = 50

with open(DATA_PKL_PATH, 'rb') as fh:
    raw_train_X, raw_train_y, test_X, test_X_ids, drivers = pickle.load(fh)
_, driver_codes = np.unique(np.array(drivers), return_inverse=True)

fold_test_preds = [] # test predictions, one entry per fold
fold_scores = [] # validation log loss, one entry per fold
fold_no = 0

def small_vgg_bn():
    bn_model = Sequential()
    bn_model.add(Convolution2D(32, 3, 3, border_mode='same', init='he_normal', input_shape=(IMG_C, IMG_W, IMG_H)))
    bn_model.add(BatchNormalization())
    bn_model.add(Activation('relu'))
    bn_model.add(Convolution2D(32, 3, 3, border_mode='same', init='he_normal'))
    bn_model.add(BatchNormalization())
    bn_model.add(Activation('relu'))
    bn_model.add(Convolution2D(64, 3, 3, subsample=(2, 2), init='he_normal'))
    bn_model.add(BatchNormalization())
    bn_model.add(Activation('relu'))
    bn_model.add(Convolution2D(64, 3, 3, border_mode='same', init='he_normal'))
    bn_model.add(BatchNormalization())
    bn_model.add(Activation('relu'))
    bn_model.add(Convolution2D(128, 3, 3, subsample=(2, 2), init='he_normal'))
    bn_model.add(BatchNormalization())
    bn_model.add(Activation('relu'))
    bn_model.add(Convolution2D(128, 3, 3, border_mode='same', init='he_normal'))
    bn_model.add(BatchNormalization())
    bn_model.add(Activation('relu'))
    bn_model.add(Flatten())
    bn_model.add(Dense(128, activation='sigmoid', init='he_normal'))
    bn_model.add(Dropout(0.5))
    bn_model.add(Dense(10, activation='softmax', init='he_normal'))
    bn_model.compile(Adam(lr=1e-3), loss='categorical_crossentropy', metrics=['accuracy'])
    return bn_model

for train_idx, valid_idx in LabelShuffleSplit(driver_codes, n_iter=N_FOLDS, test_size=0.2, random_state=67):
    print('fold {} of {}'.format(fold_no + 1, N_FOLDS))

    # (disabled) a fold could be skipped when the following fold
    # already had saved weights on disk; the check built that
    # fold's weight file name, tested whether it existed,
    #     and if so printed a note and
    #     moved on to the next split

    train_X, train_y = raw_train_X[train_idx,...], raw_train_y[train_idx,...]
    valid_X, valid_y = raw_train_X[valid_idx,...], raw_train_y[valid_idx,...]

    fold_model = small_vgg_bn()

    arch_json_path = os.path.join(MODEL_DIR, 'model_{}.json'.format(fold_no))
    with open(arch_json_path, 'w') as fh:
        fh.write(fold_model.to_json())

    # resume from saved weights when there are any
    ckpt_path = os.path.join(CKPT_DIR, 'model_{}.h5'.format(fold_no))
    if os.path.exists(ckpt_path):
        print('saved weights found, resuming this fold')
        fold_model.load_weights(ckpt_path)

    tb_log_dir = os.path.join(LOGS_DIR, 'model_{}'.format(fold_no))
    mkdirp(tb_log_dir)

    fold_callbacks = [
        EarlyStopping(monitor='val_loss', patience=2, verbose=0, mode='auto'),
        ModelCheckpoint(ckpt_path, monitor='val_loss', verbose=0, save_best_only=True, mode='auto'),
        TensorBoard(log_dir=tb_log_dir, histogram_freq=0)
    ]
    fold_model.fit(train_X, train_y, \
            batch_size=BATCH_LEN, nb_epoch=EPOCHS_PER_FOLD, \
            shuffle=True, \
            verbose=1, \
            validation_data=(valid_X, valid_y), \
            callbacks=fold_callbacks)

    valid_pred = fold_model.predict(valid_X, batch_size=100, verbose=1)
    valid_logloss = log_loss(valid_y, valid_pred)
    fold_scores.append(valid_logloss)

    print('validation log loss {}'.format(valid_logloss))

    test_pred = fold_model.predict(test_X, batch_size=100, verbose=1)
    fold_test_preds.append(test_pred)

    fold_no += 1

mean_score = calc_geom(fold_scores, N_FOLDS)
mean_test_pred = calc_geom_arr(fold_test_preds, N_FOLDS)

submission_file = os.path.join(LOGS_DIR, 'submission_{}_{:.2}.csv'.format(int(time.time()), mean_score))
write_submission(mean_test_pred, test_X_ids, submission_file)
