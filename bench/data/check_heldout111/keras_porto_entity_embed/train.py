import sys
import os
from datetime import datetime
import random
import math

import pandas as pd
import numpy as np
import tensorflow as tf

from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import StandardScaler

from keras.models import Model, Sequential
from keras.layers import Input, Dense, Dropout, Activation, Flatten, Merge, Lambda
from keras.layers.normalization import BatchNormalization
from keras.layers.embeddings import Embedding
from keras.layers.merge import concatenate, Concatenate
from keras.optimizers import Adam, SGD
from keras.utils import np_utils
from keras.models import load_model
from keras import backend as K
from keras.callbacks import EarlyStopping, ModelCheckpoint, ReduceLROnPlateau, LearningRateScheduler
from keras import regularizers

from package.preprocess import fillna, dummy_encoding, count_encoding, target_encoding, drop_calc, drop_cat
from package.loss_and_metric import gini_lgb, gini_norm, roc_auc_callback
from package.util import Logger
from package.feature import high_diff_corr_pca, high_corr_pca, high_2_4_diff_corr_pca
from package.feature import kinetic_feature, combine_continuous_features
from package.feature import sum_of_na, ps_car_13_x_ps_reg_03, pascal_recon_ps_reg_03
from package.feature import higher_than_median, higher_than_mean, all_one_hot


def make_net(hp, tr_frame, te_frame, embed_feats, dense_feats):
    branches = []
    for feat in embed_feats:
        levels = np.unique(pd.concat([tr_frame[feat], te_frame[feat]]).values)
        net = Sequential()
        if len(levels) > 100:
            net.add(Embedding(len(levels), round(math.sqrt(len(levels))), input_length=1))
        else:
            net.add(Embedding(len(levels), (len(levels)+1)//2, input_length=1))
        net.add(Flatten())
        branches.append(net)

    dense_branch = Sequential()
    dense_branch.add(Lambda(lambda x: x + 0, input_shape=(len(dense_feats),)))
    branches.append(dense_branch)

    net = Sequential()
    net.add(Merge(branches, mode='concat'))
    net.add(Dense(hp['l1_out'],
        ))
    net.add(BatchNormalization())
    net.add(Activation('relu'))
    net.add(Dropout(hp['l1_drop']))
    net.add(Dense(hp['l2_out'],
        ))
    net.add(BatchNormalization())
    net.add(Activation('relu'))
    net.add(Dropout(hp['l2_drop']))
    net.add(Dense(1, activation='sigmoid'))

    return net


def batch_stream(xs, ys, bsz):
    while 1:
        order = np.random.permutation(len(ys))
        xs_prev = xs.copy()
        xs = []
        for a in xs_prev:
            xs.append(a[order])
        ys = ys[order]

        for st in range(len(ys) // bsz):
            xb = []
            for a in xs:
                xb.append(a[st * bsz:(st + 1) * bsz])
            yb = ys[st * bsz:(st + 1) * bsz]

            yield xb, yb


def to_inputs(df, te_frame, fit_idx, val_idx, embed_feats, dense_feats):
    tr_frame = df.iloc[fit_idx, :]
    va_frame = df.iloc[val_idx, :]

    x_fit = []
    x_val = []
    x_te = []
    for feat in embed_feats:
        distinct = np.unique(pd.concat([df[feat], te_frame[feat]]))
        code_of = {}
        for j in range(len(distinct)):
            code_of[distinct[j]] = j
        x_fit.append(tr_frame[feat].map(code_of).values)
        x_val.append(va_frame[feat].map(code_of).values)
        x_te.append(te_frame[feat].map(code_of).values)

    x_fit.append(tr_frame[dense_feats].values)
    x_val.append(va_frame[dense_feats].values)
    x_te.append(te_frame[dense_feats].values)

    return x_fit, x_val, x_te


def run_cv(tr_frame, te_frame, hp, tag=None):
    if tag == None:

        tag = 'nn_entity'
    lg = Logger(os.path.join('log', '%s.txt'%tag))

    np.random.seed(41)
    random.seed(41)
    tf.set_random_seed(41)

    feat_names = [c for c in tr_frame.columns if c not in ['id','target']]

    lg.info('Input columns:')
    for feat in feat_names:
        lg.info('  * %s'%feat)
    lg.info('\n')

    lg.info('Settings:')
    hp_items = hp.items()
    for kv in hp_items:
        lg.info('  * %s = %s' %(kv[0], str(kv[1])))
    lg.info('\n')

    both_frame = pd.concat([tr_frame[feat_names], te_frame[feat_names]], axis=0)
    embed_feats = []
    dense_feats = []
    for feat in feat_names:
        if ('cat' in feat or 'bin' in feat) and not 'made' in feat and len(np.unique(both_frame[feat])) >= 3:
            embed_feats.append(feat)
        else:
            dense_feats.append(feat)

    lg.info('Columns fed to embeddings:')
    for feat in embed_feats:
        lg.info('  * %s' %feat)
    lg.info('\n')
    lg.info('Columns fed as numbers:')
    for feat in dense_feats:
        lg.info('  * %s' %feat)
    lg.info('\n')

    xs = tr_frame[feat_names].values
    ys = tr_frame['target'].values
    x_te = te_frame[feat_names].values

    for feat in dense_feats:
        scaler = StandardScaler()
        scaler.fit(both_frame[feat].values.reshape(-1, 1))
        tr_frame[feat] = scaler.transform(tr_frame[feat].values.reshape(-1, 1))[:, 0]
        te_frame[feat] = scaler.transform(te_frame[feat].values.reshape(-1, 1))[:, 0]

    oof = np.zeros(len(xs))
    test_avg = np.zeros(len(x_te))

    n_folds = 5
    fold_scores = []
    splitter = StratifiedKFold(n_splits=n_folds, shuffle=True, random_state=41)
    for j, (fit_idx, val_idx) in enumerate(splitter.split(xs, ys)):
        y_fit, y_val = ys[fit_idx], ys[val_idx]

        x_fit, x_val, x_te = to_inputs(tr_frame, te_frame, fit_idx, val_idx, embed_feats, dense_feats)

        net = make_net(hp, tr_frame, te_frame, embed_feats, dense_feats)

        net.summary()

        net.compile(optimizer=Adam(lr=hp['lr']),
                    loss='binary_crossentropy',
                    metrics=['accuracy'])

        cbs = [
            roc_auc_callback(training_data=(x_fit, y_fit), validation_data=(x_val, y_val)),
            EarlyStopping(monitor='norm_gini_val', min_delta=0, patience=10, mode='max'),
            ReduceLROnPlateau(monitor='norm_gini_val', factor=0.1, patience=2, mode='max', epsilon=0.0001, min_lr=1e-4, verbose=1),
            ModelCheckpoint(monitor='norm_gini_val', filepath='processed/tmp.hdf5', mode='max', verbose=1, save_best_only=True)]

        net.fit_generator(batch_stream(x_fit, y_fit, hp['batch_size']),
            steps_per_epoch=len(y_fit)*4//hp['batch_size'],
            epochs=hp['n_epoch'],
            verbose=1,
            validation_data=(x_val, y_val),
            callbacks=cbs)

        net.load_weights('processed/tmp.hdf5')

        p = net.predict_proba(x_val, batch_size=4096)[:, 0]
        oof[val_idx] = p
        sc = gini_norm(p, y_val)
        fold_scores.append(sc)
        lg.info('fold %d of %d gini %f' %(j + 1, n_folds, sc))

        p = net.predict_proba(x_te, batch_size=4096)[:, 0]
        test_avg += p / n_folds

    avg_sc = np.mean(fold_scores)
    lg.info('average gini %f' %avg_sc)

    oof_frame = pd.DataFrame({'id': tr_frame['id'], 'target': oof})
    oof_frame.to_csv(os.path.join('local_cv', '%s.csv.gz'%tag),
        index=False, compression='gzip')
    sub_frame = pd.DataFrame({'id': te_frame['id'], 'target': test_avg})
    sub_frame.to_csv(os.path.join('submission', '%s.csv.gz'%tag),
        index=False, compression='gzip')

    return avg_sc


def entry():

    tr_frame = pd.read_csv('input/train.csv')
    te_frame = pd.read_csv('input/test.csv')


    print('raw train rows/cols: %s'%str(tr_frame.shape))
    print('raw test rows/cols: %s'%str(te_frame.shape))


    tr_frame, te_frame = fillna(tr_frame, te_frame)
    tr_frame, te_frame = fillna(tr_frame, te_frame, all_feature=True)
    tr_frame, te_frame = drop_calc(tr_frame, te_frame)



    print('train after cleaning: %s'%str(tr_frame.shape))
    print('test after cleaning: %s'%str(te_frame.shape))

    hp = {
        'n_epoch': 10000,
        'batch_size': 64,
        'lr': 1e-3,
        'l1_out': 64,
        'l2_out': 32,
        'l1_drop': 0.3,
        'l2_drop': 0.3}

    run_cv(tr_frame, te_frame, hp)


if __name__ == '__main__':
    entry()
