import pandas as pd
import numpy as np
import warnings
warnings.filterwarnings('ignore')
import os
import gc
import sys

## Keras pieces
from keras.layers import Input, Embedding, Dense, Flatten, Dropout, concatenate
from keras.layers import BatchNormalization, SpatialDropout1D, Conv1D
from keras.callbacks import Callback
from keras.models import Model
from keras.optimizers import Adam

## integer codes for categories
from sklearn.preprocessing import LabelEncoder

sys.path.append('../utils')
from constants import *

def run_fold(fit_csv, holdout_csv, submit_csv, out_dir):
    print("Setting up ...")
    if not os.path.exists(out_dir):
        os.makedirs(out_dir)

    print('reading fit rows ...')
    clicks = pd.read_csv(fit_csv, **FIT_READ_ARGS)
    n_fit = len(clicks)

    print('reading holdout rows ...')
    clicks = clicks.append(pd.read_csv(holdout_csv, **FIT_READ_ARGS))
    n_upto_holdout = len(clicks)

    print('reading submission rows ...')
    clicks = clicks.append(pd.read_csv(submit_csv, **SUB_READ_ARGS))
    gc.collect()

    print('time parts....')
    clicks['hour'] = pd.to_datetime(clicks.click_time).dt.hour.astype('uint8')
    clicks['day'] = pd.to_datetime(clicks.click_time).dt.day.astype('uint8')
    clicks['wday']  = pd.to_datetime(clicks.click_time).dt.dayofweek.astype('uint8')
    print('counts per ip/day/hour....')
    agg = clicks[['ip','day','hour','channel']].groupby(by=['ip','day','hour'])[['channel']].count().reset_index().rename(index=str, columns={'channel': 'qty'})
    clicks = clicks.merge(agg, on=['ip','day','hour'], how='left')
    del agg; gc.collect()
    print('counts per ip/app....')
    agg = clicks[['ip','app', 'channel']].groupby(by=['ip', 'app'])[['channel']].count().reset_index().rename(index=str, columns={'channel': 'ip_app_count'})
    clicks = clicks.merge(agg, on=['ip','app'], how='left')
    del agg; gc.collect()
    print('counts per ip/app/os....')
    agg = clicks[['ip','app', 'os', 'channel']].groupby(by=['ip', 'app', 'os'])[['channel']].count().reset_index().rename(index=str, columns={'channel': 'ip_app_os_count'})
    clicks = clicks.merge(agg, on=['ip','app', 'os'], how='left')
    del agg; gc.collect()
    print("narrowing dtypes....")
    clicks['qty'] = clicks['qty'].astype('uint16')
    clicks['ip_app_count'] = clicks['ip_app_count'].astype('uint16')
    clicks['ip_app_os_count'] = clicks['ip_app_os_count'].astype('uint16')
    print("category codes....")

    clicks[['app','device','os', 'channel', 'hour', 'day', 'wday']].apply(LabelEncoder().fit_transform)
    print ('splitting back....')
    
    sub_rows = clicks[n_upto_holdout: ]
    hold_rows = clicks[n_fit: n_upto_holdout]
    clicks = clicks[: n_fit]

    print("fit rows:")
    print(clicks.shape)
    print("holdout rows:")
    print(hold_rows.shape)
    print("submission rows:")
    print(sub_rows.shape)

    target = clicks['is_attributed'].values
    clicks.drop(['click_id', 'click_time','ip','is_attributed'], 1, inplace=True)

    print ('network....')

    n_app = np.max([clicks['app'].max(), hold_rows['app'].max(), sub_rows['app'].max()])+1
    n_ch = np.max([clicks['channel'].max(), hold_rows['channel'].max(), sub_rows['channel'].max()])+1
    n_dev = np.max([clicks['device'].max(), hold_rows['device'].max(), sub_rows['device'].max()])+1
    n_os = np.max([clicks['os'].max(), hold_rows['os'].max(), sub_rows['os'].max()])+1
    n_hr = np.max([clicks['hour'].max(), hold_rows['hour'].max(), sub_rows['hour'].max()])+1
    n_dy = np.max([clicks['day'].max(), hold_rows['day'].max(), sub_rows['day'].max()])+1
    n_wk = np.max([clicks['wday'].max(), hold_rows['wday'].max(), sub_rows['wday'].max()])+1
    n_q = np.max([clicks['qty'].max(), hold_rows['qty'].max(), sub_rows['qty'].max()])+1
    n_k1 = np.max([clicks['ip_app_count'].max(), hold_rows['ip_app_count'].max(), sub_rows['ip_app_count'].max()])+1
    n_k2 = np.max([clicks['ip_app_os_count'].max(), hold_rows['ip_app_os_count'].max(), sub_rows['ip_app_os_count'].max()])+1

    def to_inputs(frame):
        cols = {
            'a': np.array(frame.app),
            'c': np.array(frame.channel),
            'dv': np.array(frame.device),
            'o': np.array(frame.os),
            'hr': np.array(frame.hour),
            'dy': np.array(frame.day),
            'wk': np.array(frame.wday),
            'q': np.array(frame.qty),
            'k1': np.array(frame.ip_app_count),
            'k2': np.array(frame.ip_app_os_count)
        }
        return cols
    clicks = to_inputs(clicks)

    emb_dim = 50
    width = 1000
    x_a = Input(shape=[1], name = 'a')
    e_a = Embedding(n_app, emb_dim)(x_a)
    x_c = Input(shape=[1], name = 'c')
    e_c = Embedding(n_ch, emb_dim)(x_c)
    x_dv = Input(shape=[1], name = 'dv')
    e_dv = Embedding(n_dev, emb_dim)(x_dv)
    x_o = Input(shape=[1], name = 'o')
    e_o = Embedding(n_os, emb_dim)(x_o)
    x_hr = Input(shape=[1], name = 'hr')
    e_hr = Embedding(n_hr, emb_dim)(x_hr) 
    x_dy = Input(shape=[1], name = 'dy')
    e_dy = Embedding(n_dy, emb_dim)(x_dy) 
    x_wk = Input(shape=[1], name = 'wk')
    e_wk = Embedding(n_wk, emb_dim)(x_wk) 
    x_q = Input(shape=[1], name = 'q')
    e_q = Embedding(n_q, emb_dim)(x_q) 
    x_k1 = Input(shape=[1], name = 'k1')
    e_k1 = Embedding(n_k1, emb_dim)(x_k1) 
    x_k2 = Input(shape=[1], name = 'k2')
    e_k2 = Embedding(n_k2, emb_dim)(x_k2) 
    stacked = concatenate([(e_a), (e_c), (e_dv), (e_o), (e_hr), 
                     (e_dy), (e_wk), (e_q), (e_k1), (e_k2)])
    sdrop = SpatialDropout1D(0.2)(stacked)
    flat_a = Flatten()(sdrop)
    conv = Conv1D(100, kernel_size=4, strides=1, padding='same')(sdrop)
    flat_b = Flatten()(conv)
    joined = concatenate([(flat_a), (flat_b)])
    h = Dropout(0.2)(Dense(width,activation='relu')(joined))
    h = Dropout(0.2)(Dense(width,activation='relu')(h))
    prob = Dense(1,activation='sigmoid')(h)
    net = Model(inputs=[x_a,x_c,x_dv,x_o,x_hr,x_dy,x_wk,x_q,x_k1,x_k2], outputs=prob)

    bs = 128
    n_epochs = 3
    decay_rate = lambda start, end, n: (start/end)**(1/(n-1)) - 1
    n_steps = int(len(list(clicks)[0]) / bs) * n_epochs
    lr_start, lr_end = 0.002, 0.0002
    lr_dec = decay_rate(lr_start, lr_end, n_steps)
    opt = Adam(lr=0.002, decay=lr_dec)
    net.compile(loss='binary_crossentropy',optimizer=opt,metrics=['accuracy'])

    net.summary()

    cw = {0:1., 1:200.} # heavy weight on rare downloads
    net.fit(clicks, target, batch_size=bs, epochs=2, 
    class_weight=cw, shuffle=True, verbose=1, validation_split=0.05)
    del clicks, target; gc.collect()
    net.save_weights('./imbalanced_data.h5')

    print("Scoring submission...")
    sub_rows['pred'] = net.predict(to_inputs(sub_rows), batch_size=bs, verbose=1)
    sub_rows = sub_rows[['click_id', 'pred']]
    print("saving...")
    sub_rows.to_csv(out_dir + '/test_pred.csv',index=False)
    print("ok...")
    del sub_rows
    
    print("Scoring holdout ...")
    hold_rows['pred'] = net.predict(to_inputs(hold_rows), batch_size=bs, verbose=2)
    hold_rows = hold_rows[['is_attributed', 'pred']]
    print("saving...")
    hold_rows.to_csv(out_dir + '/oof_pred.csv',index=False)
    print("ok...")
    del hold_rows

if __name__ == "__main__":
    out_dirs = [
        "/data/clicklog/output/neuralNetwork/fold_1"
    ]
    for k in range(1):
        print("Fold #" + str(k+1))
        fit_csv = PART_CSVS[k]
        holdout_csv = HOLDOUT_CSV
        submit_csv = SUBMIT_CSV
        out_dir = out_dirs[k]
        run_fold(fit_csv, holdout_csv, submit_csv, out_dir)
        gc.collect()
