import os
import cv2
import pickle
import numpy as np
import pandas as pd
import keras.backend as K
from keras.layers import Dropout
from keras.models import load_model
from sklearn.metrics import recall_score, multilabel_confusion_matrix
from keras.optimizers import Adam
from keras.callbacks import EarlyStopping, ReduceLROnPlateau, Callback, ModelCheckpoint

from generators import build_batches
from utils.weighted_recall import WeightedRecall, calculate_recall
from utils.focal_loss import categorical_focal_loss


def swish_act(x, beta = 1):
    return (x * K.sigmoid(beta * x))


class DropoutFixedShape(Dropout):
    def _get_noise_shape(self, inputs):
        if self.noise_shape is None:
            return self.noise_shape

        symbolic_shape = K.shape(inputs)
        noise_shape = [symbolic_shape[axis] if shape is None else shape
                       for axis, shape in enumerate(self.noise_shape)]
        return tuple(noise_shape)


def heads_loss():

    return {
    	'grapheme_root': 'categorical_crossentropy',
    	'vowel_diacritic': 'categorical_crossentropy',
        'consonant_diacritic': 'categorical_crossentropy'
    }, {
        'grapheme_root': 1,
        'vowel_diacritic': 1,
        'consonant_diacritic': 1
    }


def report_recall(model, name):

    model.load_weights('results/{}/train_full.h5'.format(name))
    tr_batches, va_batches = build_batches(name, 128)

    va_out = va_batches.predict_all(model).sort_index()
    tr_out = tr_batches.predict_all(model).sort_index()

    valid_score, valid_gr_score, valid_vd_score, valid_cd_score = calculate_recall(va_out)
    train_score, train_gr_score, train_vd_score, train_cd_score = calculate_recall(tr_out)

    print('held-out weighted recall: {} ({} - {} - {})'.format(valid_score, valid_gr_score, valid_vd_score, valid_cd_score))
    print('training weighted recall: {} ({} - {} - {})'.format(train_score, train_gr_score, train_vd_score, train_cd_score))


def warmup_fit(model, name, settings):

    if not os.path.exists('results/{}'.format(name)):
        os.makedirs('results/{}'.format(name))

    loss, head_w = heads_loss()
    tr_batches, va_batches = build_batches(settings['split'], settings['batchsize'])
    recall_cb = WeightedRecall(tr_batches, va_batches)
    model.compile(optimizer=Adam(settings['learning_rate']), loss=loss, loss_weights=head_w)
    hist = model.fit_generator(
        tr_batches, steps_per_epoch=tr_batches.__len__(), epochs=settings['epochs'],
        validation_data=va_batches, validation_steps=va_batches.__len__(),
    )
    with open('results/{}/pretrain_history'.format(name), 'wb') as f:
        pickle.dump(hist.history, f)

    model.save_weights('results/{}/warmup_fit.h5'.format(name))


def full_fit(model, name, settings, retrain=False, recall=False):

    print('building batch iterators')
    tr_batches, va_batches = build_batches(settings['split'], settings['batchsize'])
    print('restoring weights')
    if retrain:
        model.load_weights('results/{}/train_full.h5'.format(name))
    else:
        model.load_weights('results/{}/warmup_fit.h5'.format(name))
    loss, head_w = heads_loss()

    print('setting up callbacks')
    lr_drop = ReduceLROnPlateau(monitor='val_grapheme_root_loss', factor=0.2, patience=2, min_lr=0.0000001, verbose=1)
    stopper = EarlyStopping(monitor='val_grapheme_root_loss', patience=10, restore_best_weights=True, verbose=1)
    ckpt = ModelCheckpoint('results/{}/train_full.h5'.format(name), monitor='val_grapheme_root_loss', verbose=1, save_best_only=True, save_weights_only=True)
    if recall:
        recall_cb = WeightedRecall(tr_batches, va_batches)
        cb_list = [recall_cb, lr_drop, stopper, ckpt]
    else:
        cb_list = [lr_drop, stopper, ckpt]

    print('fitting')
    model.compile(optimizer=Adam(settings['learning_rate']), metrics=['categorical_accuracy'], loss=loss, loss_weights=head_w)
    hist = model.fit_generator(
        tr_batches, steps_per_epoch=tr_batches.__len__(), epochs=settings['epochs'],
        validation_data=va_batches, validation_steps=va_batches.__len__(),
        cb_list=cb_list
    )

    print('writing history and weights')
    with open('results/{}/full_train'.format(name), 'wb') as f:
        pickle.dump(hist.history, f)

    model.save_weights('results/{}/train_full.h5'.format(name))
    print('finished')


def head_only_fit(model, backend, split, name, settings):

    tr_batches, va_batches = build_batches(settings['split'], settings['batchsize'])
    loss, head_w = heads_loss()

    for layer in backbone.layers:
        layer.trainable = False

    recall_cb = WeightedRecall(tr_batches, va_batches)
    lr_drop = ReduceLROnPlateau(monitor='val_grapheme_root_loss', factor=0.1, patience=2, min_lr=0.000001, verbose=1)
    stopper = EarlyStopping(monitor='val_grapheme_root_loss', patience=3, restore_best_weights=True, verbose=1)

    model.compile(optimizer=Adam(lr=0.0001), loss=loss, metrics=['categorical_accuracy'], clipnorm=0.1)
    hist = model.fit_generator(
        tr_batches, steps_per_epoch=tr_batches.__len__(), epochs=1000,
        validation_data=va_batches, validation_steps=va_batches.__len__(),
        cb_list=[recall_cb, stopper, lr_drop]
    )

    with open('results/{}/head_train'.format(training_path, title), 'wb') as f:
        pickle.dump(hist.history, f)

    model.save('results/{}/model.h5'.format(training_path))
