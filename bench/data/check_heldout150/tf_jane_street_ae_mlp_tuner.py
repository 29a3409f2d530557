#%%
from tensorflow.keras.layers import Input, Dense, BatchNormalization, Dropout, Concatenate, Lambda, GaussianNoise, Activation
from tensorflow.keras.models import Model, Sequential
from tensorflow.keras.losses import BinaryCrossentropy
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.callbacks import EarlyStopping
from tensorflow.keras.layers.experimental.preprocessing import Normalization
from tensorflow.keras.metrics import AUC
import tensorflow as tf
import kerastuner as kt
import numpy as np
import pandas as pd
import pickle
from sklearn.model_selection import GroupKFold

from tqdm import tqdm
from random import choices

import os, sys

ROOT = os.path.abspath(os.path.join('.', os.pardir))
WEIGHTS_DIR = os.path.join(ROOT,  'models')
INPUT_DIR = os.path.join(ROOT,  'data')
sys.path.append(ROOT) 
from utils import *
from utils_js import *
#%%
DO_FIT = True
DO_FIT_AE = True
DO_SEARCH = True
USE_GPU = True
LOAD_TUNED = True
N_SPLITS = 5
RNG_SEED = 1127

if USE_GPU:
    devs = tf.config.experimental.list_physical_devices(device_type="GPU")
    tf.config.experimental.set_visible_devices(devices=devs[0], device_type="GPU")
    tf.config.experimental.set_memory_growth(device=devs[0], enable=True)

# %% read the market table
with timer("Reading market parquet"):
    market_path = os.path.join(INPUT_DIR, 'train.parquet')
    market = pd.read_parquet(market_path)
print(market.info())

# %%
with timer("clean market table"):
    market = preprocess(market)

#%%
feat_names = [c for c in market.columns if 'feature' in c]

ret_names = ['resp_1', 'resp_2', 'resp_3', 'resp', 'resp_4']

inputs_np = market[feat_names].values
labels_np = np.stack([(market[c] > 0).astype('int') for c in ret_names]).T # five binary heads

feat_avg = np.mean(market[feat_names[1:]].values,axis=0)
# %% denoising autoencoder

def build_autoencoder(n_in, n_out, noise=0.05, dropout=0.15):
    inp = Input(n_in)
    enc = BatchNormalization()(inp)
    enc = GaussianNoise(noise)(enc)
    enc = Dense(64,activation='relu')(enc)
    dec = Dropout(dropout)(enc)
    dec = BatchNormalization()(dec)
    dec = Dense(n_in,name='decoded')(dec)
    h = Dense(32,activation='relu')(dec)
    h = BatchNormalization()(h)
    h = Dropout(dropout)(h)
    h = Dense(32,activation='relu')(h)
    h = BatchNormalization()(h)
    h = Dropout(dropout)(h)    
    h = Dense(n_out, activation='sigmoid', name='label_output')(h)
    
    enc_model = Model(inputs=inp,outputs=enc)
    ae_model = Model(inputs=inp,outputs=[dec,h])
    
    ae_model.compile(optimizer=Adam(0.001),
                        loss={'decoded':'mse',
                              'label_output':'binary_crossentropy'})
    return ae_model, enc_model

def build_head(hp,n_in,n_out,enc_model):
    inp = Input(n_in)
    
    h = enc_model(inp)
    h = Concatenate()([h,inp, h]) # raw and encoded inputs side by side
    h = BatchNormalization()(h)
    h = Dropout(hp.Float('init_dropout',0.0,0.5))(h)
    
    for k in range(hp.Int('num_layers',1,5)):
        h = Dense(hp.Int(f'num_units_{k}',64,256))(h)
        h = BatchNormalization()(h)
        h = Lambda(tf.keras.activations.swish)(h)
        h = Dropout(hp.Float(f'dropout_{k}',0.0,0.5))(h)
    h = Dense(n_out,activation='sigmoid')(h)
    net = Model(inputs=inp,outputs=h)
    net.compile(optimizer=Adam(hp.Float('lr',0.00001,0.1,
                                default=0.001)),
                                loss=BinaryCrossentropy(label_smoothing=hp.Float('label_smoothing',0.0,0.1)),
                                metrics=[AUC(name = 'auc')])
    return net
# %%
ae_model, enc_model = build_autoencoder(inputs_np.shape[-1],labels_np.shape[-1],noise=0.1)
if DO_FIT_AE:
    ae_model.fit(inputs_np, (inputs_np,labels_np),
                    epochs=1000,
                    batch_size=4096*2, 
                    validation_split=0.1,
                    callbacks=[EarlyStopping('val_loss',
                               patience=10,
                               restore_best_weights=True)])
    enc_model.save_weights(WEIGHTS_DIR+'/encoder.hdf5')
else:
    enc_model.load_weights(WEIGHTS_DIR+'/encoder.hdf5')

enc_model.trainable = True

#%%

class FoldTuner(kt.engine.tuner.Tuner):
    def run_trial(self, trial, X, y, splits, batch_size=32, verbose=2, epochs=1, callbacks=None):
        fold_scores = []
        for tr_idx, va_idx in splits:
            xs_tr, xs_va = [a[tr_idx] for a in X], [a[va_idx] for a in X]
            ys_tr, ys_va = [b[tr_idx] for b in y], [b[va_idx] for b in y]
            if len(xs_tr) < 2:
                xs_tr = xs_tr[0]
                xs_va = xs_va[0]
            if len(ys_tr) < 2:
                ys_tr = ys_tr[0]
                ys_va = ys_va[0]
            
            net = self.hypermodel.build(trial.hyperparameters)
            log = net.fit(xs_tr,ys_tr,
                      validation_data=(xs_va,ys_va),
                      epochs=epochs,
                      batch_size=batch_size,
                      callbacks=callbacks,
                      verbose=verbose)
            
            fold_scores.append([log.history[k][-1] for k in log.history])

        fold_scores = np.asarray(fold_scores)
        self.oracle.update_trial(trial.trial_id, 
                {k:np.mean(fold_scores[:,j]) for j,k in enumerate(log.history.keys())})
        self.save_model(trial.trial_id, net)

make_head = lambda hp: build_head(hp,inputs_np.shape[-1],labels_np.shape[-1], enc_model)

searcher = FoldTuner(
        hypermodel=make_head,
        directory=f'ae_mlp_{RNG_SEED}',
        oracle=kt.oracles.BayesianOptimization(
        objective= kt.Objective('val_auc', direction='max'),
        num_initial_points=10,
        max_trials=50))

splitter = PurgedGroupTimeSeriesSplit(n_splits = N_SPLITS, group_gap=5)
fold_idx = list(splitter.split(labels_np, groups=market['date'].values))
#%%
if DO_SEARCH:
    searcher.search((inputs_np,),(labels_np,),
                 splits=fold_idx,
                 batch_size=8192,
                 epochs=50,
                 verbose=2,
                 callbacks=[EarlyStopping('val_auc', 
                                          mode='max',
                                          patience=5)])
    hp  = searcher.get_best_hyperparameters(1)[0]

    with open(WEIGHTS_DIR+f'/best_hp_{RNG_SEED}.pkl', 'wb') as fh:
        pickle.dump(hp, fh, protocol=pickle.HIGHEST_PROTOCOL)
    searcher.results_summary()
#%%
if DO_FIT:
    with open(WEIGHTS_DIR+f'/best_hp_{RNG_SEED}.pkl', 'rb') as fh:
        hp = pickle.load(fh)

    for k_fold, (tr_idx, va_idx) in enumerate(fold_idx):
        net = make_head(hp)
        xs_tr, xs_va = inputs_np[tr_idx], inputs_np[va_idx]
        ys_tr, ys_va = labels_np[tr_idx], labels_np[va_idx]
        net.fit(xs_tr,
                  ys_tr,
                  validation_data=(xs_va,ys_va),
                  epochs=100, 
                  batch_size=8192,
                  callbacks=[EarlyStopping('val_auc',
                                           mode='max',
                                           patience=10,
                                           restore_best_weights=True)])
        net.save_weights(WEIGHTS_DIR + f'/model_{RNG_SEED}_{k_fold}.hdf5')
        net.compile(Adam(hp.get('lr')/100),loss='binary_crossentropy')

        net.fit(xs_va, ys_va, epochs=3, batch_size=8192)
        net.save_weights(WEIGHTS_DIR+f'/model_{RNG_SEED}_{k_fold}_finetune.hdf5')
    
else:
    heads = []
    hp = pd.read_pickle(WEIGHTS_DIR+f'/best_hp_{RNG_SEED}.pkl')
    for k in range(N_SPLITS):
        net = make_head(hp)
        if LOAD_TUNED:
            net.load_weights(WEIGHTS_DIR+f'/model_{RNG_SEED}_{k}_finetune.hdf5')
        else:
            net.load_weights(WEIGHTS_DIR+f'/model_{RNG_SEED}_{k}.hdf5')
        heads.append(net)
# %%
