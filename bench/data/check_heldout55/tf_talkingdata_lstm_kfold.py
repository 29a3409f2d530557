# quick_run = 1
# keep_frac = 0.01

quick_run = 0
keep_frac = 0.8

FEATURE_SET = 18

import pandas as pd
import numpy as np

import keras
import tensorflow as tf
sess_cfg = tf.ConfigProto( device_count = {'GPU': 1 , 'CPU': 4}) 
# CPU only: device_count GPU set to 0
session = tf.Session(config=sess_cfg) 
keras.backend.set_session(session)

# (thread limits were set here once)
#     OMP threads capped at four
# otherwise
#     the GPU was hidden

from keras.layers.normalization import BatchNormalization
from keras.layers.advanced_activations import PReLU
from keras.models import Sequential, load_model
from keras.layers import Dense, Dropout, Activation, Flatten,Reshape
from keras.layers import Conv1D, MaxPooling1D
from keras.utils import np_utils
from keras.layers import LSTM, LeakyReLU
from keras.callbacks import CSVLogger, ModelCheckpoint, EarlyStopping
from sklearn.cross_validation import train_test_split
import h5py
import os, time
from keras.backend.tensorflow_backend import set_session
from sklearn import datasets, linear_model
from sklearn.model_selection import cross_val_score, KFold
from sklearn.metrics import accuracy_score
from keras.wrappers.scikit_learn import KerasRegressor
from sklearn.preprocessing import OneHotEncoder
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import StandardScaler, MinMaxScaler
from scipy import sparse
from sklearn.metrics import roc_auc_score
import gc
import psutil
import datetime
from keras.optimizers import Adam



stamp = datetime.datetime.now()
if stamp.month<10:
    mm_str = '0'+str(stamp.month)
else:
    mm_str = str(stamp.month)
if stamp.day<10:
    dd_str = '0'+str(stamp.day)
else:
    dd_str = str(stamp.day)
date_tag = str(stamp.year) + mm_str + dd_str

RNG_SEED = 1988
proc = psutil.Process(os.getpid())

if quick_run==1:
    SPLIT_TAG = 'one_day'
else:    
    SPLIT_TAG = 'full'

TRAIN_STORE = 'train_' + SPLIT_TAG + '.h5'
TEST_STORE = 'test_' + SPLIT_TAG + '.h5'
if quick_run == 0:
    TRAIN_STORE = 'converted_' + TRAIN_STORE
    TEST_STORE = 'converted_' + TEST_STORE

TRAIN_STORE = '../features/' + TRAIN_STORE    
TEST_STORE = '../features/' + TEST_STORE

stamp = datetime.datetime.now()
if stamp.month<10:
    mm_str = '0'+str(stamp.month)
else:
    mm_str = str(stamp.month)
if stamp.day<10:
    dd_str = '0'+str(stamp.day)
else:
    dd_str = str(stamp.day)
date_tag = str(stamp.year) + mm_str + dd_str

# feature set A, an earlier run
FEATURES_A = [
    'app', 'device', 'os', 'channel', 'hour',
    'ip_nunique_channel',   # first count feature
    'ip_device_os_cumcount_app',
    'ip_day_nunique_hour',
    'ip_nunique_app',
    'ip_app_nunique_os',
    'ip_nunique_device',
    'app_nunique_channel',
    'ip_device_os_nunique_app', # ninth
    'ip_os_device_app_nextclick',
    'ip_day_hour_count_channel',
    'ip_app_count_channel',
    'ip_app_os_count_channel',
    ]    


FEATURES_B = [
    # nine base columns
    'app', 'os', 'device', 'channel', 'hour',
    'ip_os_device_app_nextclick',
    'ip_device_os_nunique_app',
    'ip_nunique_channel',
    'ip_nunique_app', 
    # extra columns
    'ip_nunique_device',
    'ip_cumcount_os',
    'ip_device_os_nextclick',
    'ip_os_device_channel_app_nextclick',
    'ip_app_os_count_channel',
    'ip_count_app',
    'app_count_channel',
    'ip_device_os_nunique_channel',
    'ip_nextclick',
    'ip_channel_nextclick'
    ]

CAT_COLUMNS = [
    'ip', 'app', 'device', 'os', 'channel',     
    'mobile', 'mobile_app', 'mobile_channel', 'app_channel',
    'category', 'epochtime', 'min', 'day', 'hour'
    ]

LABEL_COLS = ['is_attributed']

if not quick_run:
    print('-' * 71)
    print('running on the full data')
    print('-' * 71)
else:
    print('-' * 71)
    print('quick check on a slice')
    print('-' * 71)


def log_rss(tag=''):
    print('resident memory ' + tag + ': ', proc.memory_info().rss/(2**30), ' GiB')


def pick_features():
    if FEATURE_SET==3:
        feat_cols = FEATURES_A
    if FEATURE_SET==18:
        feat_cols = FEATURES_B     
    print('~' * 48)
    print('feature columns:')
    for col in feat_cols:
        print (col)
    print('feature count:', len(feat_cols))            
    return feat_cols 

def pick_categorical(feat_cols):
    feat_cols = pick_features()
    cat_cols = []
    for col in feat_cols:
        if col in CAT_COLUMNS:
            cat_cols.append(col)
    print('~' * 48)
    print('categorical columns:')
    for col in cat_cols:
        print (col)
    print('categorical count:', len(cat_cols))                        
    return cat_cols  


WIDE_INT_FEATURES = [    
    'channel_count_app',
    'ip_count_app',
    'ip_app_count_os',
    'ip_count_device',
    'app_count_channel',
    'ip_device_os_nunique_channel',
    'channel_nunique_app'
    ]

def load_h5_columns(store_path, feat_cols):
    with h5py.File(store_path,'r') as h5f:
        stored_cols = list(h5f.keys())
    train_frame = pd.DataFrame()
    tic = time.time()
    for col in stored_cols:
        if col!='dump_later' and col in feat_cols:
            print('loading column', col)
            if quick_run==2:
                train_frame[col] = pd.read_hdf(store_path, key=col, 
                        start=0, stop=100) 
            if quick_run==1:
                train_frame[col] = pd.read_hdf(store_path, key=col, 
                        start=0, stop=10000000)                         
            if quick_run==0:
                train_frame[col] = pd.read_hdf(store_path, key=col)   
            if col=='day' or col=='hour' or col=='min':
                train_frame[col] = train_frame[col].fillna(0)
                train_frame[col] = train_frame[col].astype('uint8')   
            if col in WIDE_INT_FEATURES:
                print('{} -> uint32'.format(col))
                train_frame[col] = train_frame[col].fillna(0)
                train_frame[col] = train_frame[col].astype('uint32')                                                                                              
            log_rss()
    train_frame = train_frame.fillna(0)            
    toc = time.time()
    elapsed = toc-tic
    print('seconds spent reading:', elapsed)
    print(train_frame.info())   
    return train_frame

# network definitions below

# two variants
print('choosing features')
feat_cols = pick_features()
cat_cols = pick_categorical(feat_cols)
label_cols = LABEL_COLS

print('loading the train store')
print('keep fraction:',keep_frac)
train_frame = load_h5_columns(TRAIN_STORE, feat_cols+label_cols)
if keep_frac<1:
    train_frame = train_frame.sample(frac=keep_frac, random_state = RNG_SEED)
log_rss()
y_all = train_frame[label_cols]
y_all = train_frame[label_cols].values.astype('int').flatten()

train_frame = train_frame.drop(label_cols, axis=1)
train_cats = train_frame[cat_cols].as_matrix()

print('loading the test store')
test_frame = load_h5_columns(TEST_STORE, feat_cols+['click_id'])
test_cats = test_frame[cat_cols].as_matrix()
click_ids = test_frame['click_id']
test_frame = test_frame.drop('click_id', axis=1)
log_rss()

# (disabled) stacking train and test
# both_cats = np.vstack((train_cats, test_cats))
# both_cats = pd.DataFrame(both_cats, columns=cat_cols)
# print(both_cats.shape)
# log_rss()

# (disabled) label encoding
# LabelEncoder from sklearn would go here
# encode train_frame[cat_cols]
# encode test_frame[cat_cols]
# peek at the train frame
# peek at the test frame
# log_rss()

print('frames to matrices')
train_frame = train_frame.as_matrix()
test_frame = test_frame.as_matrix()
train_mat = train_frame
test_mat = test_frame
del train_frame, test_frame; gc.collect()
if quick_run: print(train_mat); print(test_mat)
log_rss()

print('standardising')
print(train_mat.shape)
std_scaler = StandardScaler()

if not quick_run:
    if FEATURE_SET==3:
        train_cache_file = 'scaled_train_setA.npy'
        test_cache_file = 'scaled_test_setA.npy'
        if os.path.exists(train_cache_file):
            print('cached scaled arrays found')
            train_mat = np.load(train_cache_file)
            test_mat = np.load(test_cache_file)
        else:
            std_scaler.fit(np.concatenate((train_mat, test_mat), axis=0))
            train_mat = std_scaler.transform(train_mat)
            test_mat = std_scaler.transform(test_mat)
    elif FEATURE_SET==18:
        train_cache_file = 'scaled_train_setB.npy'
        test_cache_file = 'scaled_test_setB.npy'
        if os.path.exists(train_cache_file):
            print('cached scaled arrays found')
            train_mat = np.load(train_cache_file)
            test_mat = np.load(test_cache_file)
        else:
            std_scaler.fit(np.concatenate((train_mat, test_mat), axis=0))
            train_mat = std_scaler.transform(train_mat)
            test_mat = std_scaler.transform(test_mat)
else:
    std_scaler.fit(np.concatenate((train_mat, test_mat), axis=0))
    train_mat = std_scaler.transform(train_mat)
    test_mat = std_scaler.transform(test_mat)        

print(train_mat.shape)        
log_rss()

feats = train_mat
del train_mat; gc.collect
feats_test = test_mat
feats_test = feats_test.reshape((feats_test.shape[0], 1, feats_test.shape[1]))
del test_mat; gc.collect

gc.collect()
print(feats.shape, feats_test.shape)
np.set_printoptions(precision=3)
print(feats)

print('building the network')
run_name='lstm_stack_run'

bs= 2048
n_epochs = 100
# steps = len(train_frame)
n_feats = len(feat_cols)

import keras.backend as kb
from keras.callbacks import Callback
import logging
from sklearn.metrics import roc_auc_score

def streaming_auc(labels_t, probs_t):
   auc_val, auc_update = tf.metrics.auc(labels_t, probs_t)
   # older contrib variant of the same metric
   kb.get_session().run(tf.local_variables_initializer())
   with tf.control_dependencies([auc_update]):
       auc_val = tf.identity(auc_val)
   return auc_val

def make_lstm_net(seq_input):
    net = Sequential()

    net.add(LSTM(512, input_shape=(seq_input.shape[1],seq_input.shape[2])))
    net.add(BatchNormalization())
    net.add(Dropout(.2))

    net.add(Dense(256, init='he_normal'))
    net.add(PReLU())
    net.add(BatchNormalization())
    net.add(Dropout(.1))

    net.add(Dense(256, init='he_normal'))
    net.add(PReLU())
    net.add(BatchNormalization())
    net.add(Dropout(.1))

    net.add(Dense(128, init='he_normal'))
    net.add(PReLU())
    net.add(BatchNormalization())
    net.add(Dropout(.05))

    net.add(Dense(64, init='he_normal'))
    net.add(PReLU())
    net.add(BatchNormalization())
    net.add(Dropout(.05))

    net.add(Dense(32, init='he_normal'))
    net.add(PReLU())
    net.add(BatchNormalization())
    net.add(Dropout(.05))

    net.add(Dense(16, init='he_normal'))
    net.add(PReLU())
    net.add(BatchNormalization())
    net.add(Dropout(.05))

    net.add(Dense(1, init='he_normal', activation='sigmoid'))


    print('restoring earlier weights')
    if quick_run:
        net.load_weights('model/best_setB_lstm_backup.hdf5')
    else:
        net.load_weights('model/best_setB_lstm_backup.hdf5')
        
    net.compile(loss='binary_crossentropy',optimizer='Adam',metrics=['accuracy', streaming_auc])

    return net

def make_dense_net():
    net = Sequential()

    net.add(Dense(512, input_dim=feats.shape[1], init='he_normal'))
    net.add(PReLU())
    net.add(BatchNormalization())
    net.add(Dropout(0.9))

    net.add(Dense(64, init='he_normal'))
    net.add(PReLU())
    net.add(BatchNormalization())
    net.add(Dropout(0.8))

    net.add(Dense(1, init='he_normal', activation='sigmoid'))
    net.compile(loss='binary_crossentropy',optimizer='Adam',metrics=['accuracy', streaming_auc])
    return (net)


def write_submission(blend_pred, seed_i):
    print('=' * 68) 
    sub_df = pd.DataFrame()
    sub_df['click_id'] = click_ids
    sub_path = date_tag + '_' + str(len(feat_cols)) + \
                'feats_nn_fold_' + str(seed_i) + '_' + str(int(100*keep_frac)) + \
                'pct_all.csv.gz'

    print("scoring the test rows")
    sub_df['is_attributed'] = blend_pred * 1./ (N_SPLITS * n_seeds)
    print("saving csv")
    sub_df.to_csv(sub_path,index=False,compression='gzip')
    print("finished")


N_SPLITS = 5
splitter = StratifiedKFold(n_splits=N_SPLITS, shuffle=True, random_state=RNG_SEED)

blend_pred = np.zeros(len(click_ids))
n_seeds = 2
print('#' * 73)
print('training begins')

for (tr_idx, va_idx) in splitter.split(feats, y_all):
    print('fold indices ready')
    x_tr = feats[tr_idx]
    y_tr = y_all[tr_idx]
    x_va = feats[va_idx]
    y_va = y_all[va_idx]
    print('adding a time axis')
    x_tr = x_tr.reshape((x_tr.shape[0], 1, x_tr.shape[1]))
    x_va = x_va.reshape((x_va.shape[0], 1, x_va.shape[1]))
    print('fit starts')
    # net = make_dense_net()
    net = make_lstm_net(x_tr)
    if quick_run: 
        bs=2048
    else: 
        bs=2048*64
    cw_map = {0:.01,1:.70} # hand-tuned weights

    # (disabled) restore weights here
    # if quick_run:
    #     net.load_weights(backup file)
    # else:
    #     net.load_weights(backup file)

    weights_path="model/best_{}pct_set{}_lstm.hdf5".format(int(keep_frac*100), FEATURE_SET)
    ckpt_cb = ModelCheckpoint(weights_path, monitor='val_streaming_auc', verbose=1, 
            save_best_only=True, save_weights_only=True, mode='max', period=1)
    stop_cb = EarlyStopping(monitor='val_streaming_auc',
            min_delta=0,
            patience=20,
            verbose=0, mode='max')
    # cb_list = [ckpt_cb, stop_cb]
    cb_list = [ckpt_cb]    
    
    net.fit(x_tr, y_tr, epochs=500, batch_size=bs, verbose=1, class_weight=cw_map,
            validation_data=[x_va, y_va], callbacks=cb_list)
    break

print('predicting')
blend_pred = net.predict_proba(x=feats_test, batch_size=bs, verbose=1)[:, 0]

print('=' * 68) 
sub_df = pd.DataFrame()
sub_df['click_id'] = click_ids
sub_path = date_tag + '_' + str(len(feat_cols)) + \
            'feats_nn_fold_' + str(int(100*keep_frac)) + \
            'pct_all_lstm.csv.gz'

print("scoring the test rows")
sub_df['is_attributed'] = blend_pred * 1.
print("saving csv")
sub_df.to_csv(sub_path,index=False,compression='gzip')
print("finished")