import os
import sys
from pathlib import Path

sys.path.append(os.path.dirname(Path(__file__).parents[1]))

import numpy as np
import pandas as pd
import tensorflow as tf
from config import PREPARED_DATA_PATH
from evaluate import cv_report, best_threshold, to_labels
from helper import (ckpt_path, plot_metrics, write_metrics,
                    write_predictions, write_threshold)
from iterstrat.ml_stratifiers import MultilabelStratifiedKFold
from sklearn.metrics import f1_score

from model import build_vectorizers, build_net, as_inputs
from model_config import (BATCH_SIZE, MODEL_NAME, N_EPOCHS, N_SPLITS,
                          RANDOM_STATE, TEXT_ENC_COLS)
from data_tools import load_train_frame


def run_cv():
    frame = load_train_frame()
    labels = pd.read_pickle(os.path.join(PREPARED_DATA_PATH, 'target.pkl'))
    splitter = MultilabelStratifiedKFold(n_splits=N_SPLITS, shuffle=True, random_state=RANDOM_STATE)

    oof_proba = pd.DataFrame(
        data=np.zeros(shape=labels.shape),
        columns=labels.columns,
        index=labels.index
    )
    oof_labels = oof_proba.copy()
    
    for k, (tr_idx, va_idx) in enumerate(splitter.split(X=frame, y=labels)):
        print(f'{MODEL_NAME}: fold {k} starting')
        
        vectorizers = build_vectorizers(frame[TEXT_ENC_COLS])
        net = build_net(vectorizers)

        x_tr, x_va = frame.iloc[tr_idx], frame.iloc[va_idx]
        y_tr, y_va = labels.iloc[tr_idx], labels.iloc[va_idx]

        stopper = tf.keras.callbacks.EarlyStopping(
            monitor='val_soft_f1_samples_metric',
            mode='max',
            patience=3)
            
        weights_file = ckpt_path(MODEL_NAME, k)
        saver = tf.keras.callbacks.ModelCheckpoint(
            filepath=weights_file,
            save_weights_only=True,
            save_best_only=True,
            monitor='val_soft_f1_samples_metric',
            mode='max',
            verbose=1
        )

        def decay(ep, lr):
            if ep < 1:
                return lr
            else:
                return lr * tf.math.exp(-0.1)
        lr_cb = tf.keras.callbacks.LearningRateScheduler(decay)

        net.fit(
            x=as_inputs(x_tr), 
            y=y_tr, 
            epochs=N_EPOCHS, 
            batch_size=BATCH_SIZE,
            validation_split=0.15,
            validation_batch_size=BATCH_SIZE,
            callbacks=[stopper, saver, lr_cb])
        
        net.load_weights(weights_file).expect_partial()

        va_proba = net.predict(as_inputs(x_va))
        oof_proba.iloc[va_idx, :] = va_proba

        va_labels = to_labels(va_proba)
        oof_labels.iloc[va_idx, :] = va_labels
        
    print('searching the threshold')
    thr = best_threshold(labels, oof_proba)
    write_threshold(thr)
    oof_labels.loc[:, :] = np.where(oof_proba.values >= thr, 1, 0)    

    write_predictions(oof_proba, 'oof', MODEL_NAME, 'pred_proba')
    write_predictions(oof_labels, 'oof', MODEL_NAME, 'pred_labels')
    
    report = cv_report(labels, oof_labels, oof_proba)
    write_metrics(report, MODEL_NAME)
    plot_metrics(labels, oof_proba, MODEL_NAME)

    print('refit on all rows')

    stopper = tf.keras.callbacks.EarlyStopping(
            monitor='val_soft_f1_samples_metric',
            mode='max',
            patience=3)
            
    weights_file = ckpt_path(MODEL_NAME, -1)
    saver = tf.keras.callbacks.ModelCheckpoint(
        filepath=weights_file,
        save_weights_only=True,
        save_best_only=True,
        monitor='val_soft_f1_samples_metric',
        mode='max',
        verbose=1
    )

    def decay(ep, lr):
        if ep < 1:
            return lr
        else:
            return lr * tf.math.exp(-0.1)
    lr_cb = tf.keras.callbacks.LearningRateScheduler(decay)

    net.fit(
        x=as_inputs(frame), 
        y=labels, 
        epochs=N_EPOCHS, 
        batch_size=BATCH_SIZE,
        validation_split=0.15,
        validation_batch_size=BATCH_SIZE,
        callbacks=[stopper, saver, lr_cb])


if __name__ == '__main__':
    run_cv()
