#!/usr/bin/env python
# coding: utf-8


import pandas as pd
import numpy as np
import math
import matplotlib.pyplot as plt
import gc

import tensorflow as tf
import keras
from keras import backend as K
from keras import layers
from keras.layers.core import Activation
from keras.utils.generic_utils import get_custom_objects













full = pd.read_parquet('../input/ubiquant-parquet/train_low_mem.parquet')



full.info()



def cols_of_dtype(frame, kind):
    mask = (frame.dtypes==kind)
    return list(mask[mask].index)

print('columns of this dtype:', cols_of_dtype(full, 'object'))
print('columns of this dtype:', cols_of_dtype(full, 'uint16'))



for c in cols_of_dtype(full, 'float32'):
    full[c] = full[c].astype(np.float16)



rows_per_asset = full.groupby(['investment_id'])['target'].count()

rows_per_asset.hist(bins=60, alpha = 0.5, figsize=(10, 5))
plt.xlabel('rows per asset')
plt.ylabel('count')
plt.title('how many rows each asset has')
plt.grid(True)
plt.show()



mean_per_asset = full.groupby(['investment_id'])['target'].mean()
mean_per_asset.hist(bins=60, alpha = 0.5, figsize=(10, 5))
plt.xlabel('mean target per asset')
plt.ylabel('count')
plt.title("distribution of per-asset target means")
plt.grid(True)
plt.show()



import seaborn as sns
grid = sns.jointplot(x=rows_per_asset, y=mean_per_asset, kind='reg',height=8, color = 'blue')
grid.ax_joint.set_xlabel('rows')
grid.ax_joint.set_ylabel('mean target')
plt.show()



noisy_assets = mean_per_asset[abs(mean_per_asset)>0.4].index.tolist()
kept = full[~full['investment_id'].isin(noisy_assets)]



del full
del mean_per_asset
del rows_per_asset
del noisy_assets
gc.collect()



kept.info()











kept[['investment_id', 'time_id']].hist(bins=50, figsize=(12,5))
plt.show



from sklearn.model_selection import StratifiedShuffleSplit

splitter = StratifiedShuffleSplit(n_splits=1, test_size=0.2, random_state=42)
fit_rows, hold_rows = list(splitter.split(kept, kept['time_id']))[0]



fit_x = kept.iloc[fit_rows]
hold_x = kept.iloc[hold_rows]



del kept
gc.collect()



display(fit_x['time_id'].value_counts() / len(fit_x))
display(hold_x['time_id'].value_counts() / len(hold_x))



fit_y = fit_x.pop('target')
hold_y = hold_x.pop('target')
_ = fit_x.pop('row_id')
fit_time = fit_x.pop('time_id')
_ = hold_x.pop('row_id')
hold_time = hold_x.pop('time_id')



print(fit_x.info())
print(hold_x.info())



def to_tfdata(asset_ids, feats, target_vals=None, bsz=1024):
    if target_vals is not None:
        parts = ((asset_ids, feats), target_vals)
    else:
        parts = ((asset_ids, feats))

    pipe = tf.data.Dataset.from_tensor_slices(parts)
    pipe = pipe.batch(bsz).cache().prefetch(tf.data.experimental.AUTOTUNE)

    return pipe



def mlp_regressor(widths=[256, 128, 32], activation='swish', use_bn=True, drop=None):
    net = keras.Sequential()
    if not use_bn:
        use_bn = False
    if not isinstance(use_bn, list):
        use_bn = [use_bn] * len(widths)
    if not drop:
        drop = 0.0
    if not isinstance(drop, list):
        drop = [drop] * len(widths)
    for w,bn_on,p_drop in zip(widths, use_bn, drop):
        net.add(keras.layers.Dense(w))
        if bn_on:
            net.add(keras.layers.BatchNormalization())
        net.add(keras.layers.Activation(activation))
        if p_drop>0:
            net.add(keras.layers.Dropout(p_drop))



    net.add(keras.layers.Dense(1, activation='linear'))

    rmse_metric = tf.keras.metrics.RootMeanSquaredError(name="rmse")

    net.compile(loss="mean_squared_error", optimizer="adam", metrics=["mse", rmse_metric])

    return net



def two_input_regressor():
    id_in = tf.keras.Input(shape=(1,), dtype=tf.uint16, name='investment_id')
    id_h = layers.Dense(64, activation='relu')(id_in)

    feat_in = tf.keras.Input(shape=(300,), dtype=tf.float16, name='features')
    feat_h = layers.Dense(512, activation='swish')(feat_in)
    feat_h = layers.Dense(256, activation='swish')(feat_h)


    merged = layers.concatenate([id_h, feat_h], axis=-1)
    mix_h = layers.Dense(32, activation='relu')(merged)
    out = layers.Dense(1)(mix_h)

    net = keras.models.Model([id_in, feat_in], out, name='two_input_net')
    rmse_metric = tf.keras.metrics.RootMeanSquaredError(name="rmse")
    net.compile(optimizer='adam', loss='mse', metrics=['mse', rmse_metric])

    return net



ckpt_cb = keras.callbacks.ModelCheckpoint("mlp_plain.h5", monitor="val_mse", save_best_only=True, mode="min", verbose=1)
net=mlp_regressor(activation='swish')
net.fit(fit_x, fit_y, epochs=15, validation_data=(hold_x, hold_y), callbacks=[ckpt_cb])



stop_cb = keras.callbacks.EarlyStopping(monitor="val_mse", patience=4, mode="min")
ckpt_cb = keras.callbacks.ModelCheckpoint("mlp_plain_es.h5", monitor="val_mse", save_best_only=True, mode="min", verbose=1)
net=mlp_regressor(activation='swish')
net.fit(fit_x, fit_y, epochs=50, validation_data=(hold_x, hold_y), callbacks=[stop_cb, ckpt_cb])



def sine_act(z):


    return K.sin(math.pi * z /2)






ckpt_cb = keras.callbacks.ModelCheckpoint("mlp_sine.h5", monitor="val_mse", save_best_only=True, mode="min", verbose=1)
net=mlp_regressor(activation=sine_act)
net.fit(fit_x, fit_y, epochs=15, validation_data=(hold_x, hold_y), callbacks=[ckpt_cb])



asset_ids = fit_x.pop('investment_id')
fit_pipe = to_tfdata(asset_ids=asset_ids, feats=fit_x, target_vals=fit_y)
hold_ids = hold_x.pop('investment_id')



net = two_input_regressor()
tf.keras.utils.plot_model(net, show_shapes=True)
ckpt_cb = keras.callbacks.ModelCheckpoint("mlp_two_inputs.h5", monitor="val_mse", save_best_only=True, mode="min", verbose=1)



net.fit(fit_pipe, validation_data=((hold_ids, hold_x), hold_y), epochs=15, callbacks=[ckpt_cb])



test_frame = pd.read_parquet('../input/ubiquant-parquet/example_test.parquet')



sub = test_frame[['row_id','time_id']]



test_frame.drop(['row_id','time_id'],axis=1,inplace=True)



extra_objs = {"sine_act": sine_act}
net = keras.models.load_model('mlp_sine.h5',compile=True, custom_objects= extra_objs)
yhat = net.predict(test_frame)



sub = pd.concat([sub,pd.DataFrame(yhat, columns=['target'])], axis=1)



sub.head()



sub.to_csv('preds_example_test.csv')





