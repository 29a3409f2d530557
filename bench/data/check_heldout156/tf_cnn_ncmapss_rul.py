'''
1-D CNN remaining-useful-life regression on N-CMAPSS
trained on pre-windowed per-engine sample files
'''
## libraries
import gc
import argparse
import os
import json
import logging
import sys
import h5py
import time
import matplotlib
import numpy as np
import pandas as pd
import seaborn as sns
from pandas import DataFrame
import matplotlib.pyplot as plt
from matplotlib import gridspec
import math
import random
from random import shuffle
from tqdm.keras import TqdmCallback
SEED = 0
random.seed(0)
np.random.seed(SEED)
import importlib
from scipy.stats import randint, expon, uniform
import sklearn as sk
from sklearn import svm
from sklearn.utils import shuffle
from sklearn import metrics
from sklearn import preprocessing
from sklearn import pipeline
from sklearn.metrics import mean_squared_error
from math import sqrt
from tqdm import tqdm
import scipy.stats as stats
# import keras
import tensorflow as tf
print(tf.__version__)
# import keras.backend as K
import tensorflow.keras.backend as K
from tensorflow.keras import backend
from tensorflow.keras import optimizers
from tensorflow.keras.models import Sequential, load_model, Model
from tensorflow.keras.layers import Input, Dense, Flatten, Dropout, Embedding
from tensorflow.keras.layers import BatchNormalization, Activation, LSTM, TimeDistributed, Bidirectional
from tensorflow.keras.layers import Conv1D
from tensorflow.keras.layers import MaxPooling1D
from tensorflow.keras.layers import concatenate
from tensorflow.keras.callbacks import EarlyStopping, ModelCheckpoint, LearningRateScheduler
from tensorflow.python.framework.convert_to_constants import  convert_variables_to_constants_v2_as_graph
from tensorflow.keras.initializers import GlorotNormal, GlorotUniform
w_init = GlorotNormal(seed=0)
# w_init = GlorotUniform(seed=0)
from utils.data_preparation_unit import df_all_creator, df_train_creator, df_test_creator, Input_Gen
from utils.dnn import one_dcnn
# quieter pandas
pd.options.mode.chained_assignment = None  # default='warn'
#gpus = tf.config.experimental.list_physical_devices('GPU')
#for g in gpus:
#    tf.config.experimental.set_memory_growth(g, True)
# tf.config.set_visible_devices([], 'GPU')

here = os.path.dirname(os.path.abspath(__file__))
data_dir = os.path.join(here, 'N-CMAPSS')
h5_path = os.path.join(here, 'N-CMAPSS', 'N-CMAPSS_DS02-006.h5')
windows_dir = os.path.join(data_dir, 'Samples_whole')
ckpt_path = os.path.join(here, 'Models', 'oned_cnn_rep.h5')
savedmodel_dir = os.path.join(here, 'TF_Model_tf')
fig_dir = os.path.join(here, 'Figures')

'''
read windows back from the per-engine npz files
'''
def read_part (windows_dir, engine, win, hop, part):
    fname =  'Unit%s_win%s_str%s_part%s.npz' %(str(int(engine)), win, hop, part)
    fpath =  os.path.join(windows_dir, fname)
    npz = np.load(fpath)
    return npz['sample'], npz['label']

def read_parts_merged (windows_dir, engine, win, hop, n_parts):
    xs = []
    ys = []
    print ("Engine: ", engine)
    for part in range(n_parts):
      print ("Part", part+1)
      x, y = read_part (windows_dir, engine, win, hop, part+1)
      xs.append(x)
      ys.append(y)
    x = np.dstack(xs)
    y = np.concatenate(ys)
    x = x.transpose(2, 0, 1)
    print ("x.shape", x.shape)
    print ("y.shape", y.shape)
    return x, y

def read_engine (windows_dir, engine, win, hop, rate):
    fname =  'Unit%s_win%s_str%s_smp%s.npz' %(str(int(engine)), win, hop, rate)
    fpath =  os.path.join(windows_dir, fname)
    npz = np.load(fpath)
    return npz['sample'].transpose(2, 0, 1), npz['label']

def rmse(y_true, y_pred):
    return backend.sqrt(backend.mean(backend.square(y_pred - y_true), axis=-1))

def permute(x, y):
    order = list(range(len(x)))
    print("order before: ", order[:10])
    print("order before: ", order[-10:])
    order = shuffle(order)
    print("order after: ", order[:10])
    print("order after: ", order[-10:])
    print("permuting")
    x_perm = x[order, :, :]
    y_perm = y[order,]
    return x_perm, y_perm

def plot_history(hist, win, hop, bs, lr, sub):
    fig = plt.figure(figsize=(15, 8))
    plt.plot(hist.history['loss'])
    plt.plot(hist.history['val_loss'])
    plt.title('Fit', fontsize=24)
    plt.ylabel('loss', fontdict={'fontsize': 18})
    plt.xlabel('epoch', fontdict={'fontsize': 18})
    plt.legend(['train', 'val'], loc='upper left', fontsize=18)
    plt.show()
    print ("writing the loss curve")
    fig.savefig(fig_dir + "/fit_w%s_s%s_bs%s_sub%s_lr%s.png" %(int(win), int(hop), int(bs), int(sub), str(lr)))
    return

def count_flops(net):
    fn = tf.function(lambda inputs: net(inputs))
    cfn = fn.get_concrete_function(
        [tf.TensorSpec([1, *inputs.shape[1:]]) for inputs in net.inputs])
    frozen, gdef = convert_variables_to_constants_v2_as_graph(cfn)
    with tf.Graph().as_default() as g:
        tf.graph_util.import_graph_def(gdef, name='')
        meta = tf.compat.v1.RunMetadata()
        popts = tf.compat.v1.profiler.ProfileOptionBuilder.float_operation()
        fl = tf.compat.v1.profiler.profile(graph=g, run_meta=meta, cmd="op", options=popts)
        return fl.total_float_ops

def step_schedule(epoch, lr):
    if epoch == 30:
        print("step size / 10")
        return lr * 0.1
    elif epoch == 70:
        print("step size / 10")
        return lr * 0.1
    else:
        return lr

def drop_list(lst):
   del lst[:]
   del lst

train_engines = [2.0, 5.0, 10.0, 16.0, 18.0, 20.0]
test_engines = [11.0, 14.0, 15.0]

def main():
    p = argparse.ArgumentParser(description='1-D CNN RUL')
    p.add_argument('-w', type=int, default=50, help='window length', required=True)
    p.add_argument('-s', type=int, default=1, help='window stride')
    p.add_argument('-f', type=int, default=10, help='filters')
    p.add_argument('-k', type=int, default=10, help='kernel width')
    p.add_argument('-bs', type=int, default=256, help='batch size')
    p.add_argument('-ep', type=int, default=30, help='epochs')
    p.add_argument('-pt', type=int, default=20, help='early-stop patience')
    p.add_argument('-vs', type=float, default=0.1, help='validation fraction')
    p.add_argument('-lr', type=float, default=0.001, help='step size')
    p.add_argument('-sub', type=int, default=10, help='keep every sub-th window')
    p.add_argument('--sampling', type=int, default=1, help='rate used when the windows were written (10 means 0.1 Hz)')

    a = p.parse_args()

    win = a.w
    hop = a.s
    n_parts = 3
    n_filt = a.f
    k_size = a.k
    lr = a.lr
    bs = a.bs
    ep = a.ep
    pt = a.pt
    vs = a.vs
    sub = a.sub
    rate = a.sampling

    adam_ams = optimizers.Adam(learning_rate=lr, beta_1=0.9, beta_2=0.999, epsilon=1e-07, amsgrad=True, name='Adam')
    rms_opt = optimizers.RMSprop(learning_rate=lr, rho=0.9, momentum=0.0, epsilon=1e-07, centered=False,
                               name='RMSprop')

    x_parts =[]
    y_parts = []
    for eng in train_engines:
        print("reading engine: ", eng)
        x, y = read_engine (windows_dir, eng, win, hop, rate)
        #x, y = permute(x, y)
        print("x.shape", x.shape)
        print("y.shape", y.shape)
        x = x[::sub]
        y = y[::sub]
        print("thinned x.shape", x.shape)
        print("thinned y.shape", y.shape)
        x_parts.append(x)
        y_parts.append(y)
    x = np.concatenate(x_parts)
    y = np.concatenate(y_parts)
    print ("engines merged")
    drop_list(x_parts)
    drop_list(y_parts)
    x_parts =[]
    y_parts = []
    print("lists dropped")
    #x, y = permute(x, y)
    print("permuted")
    print("x.shape", x.shape)
    print("y.shape", y.shape)
    print ("x dtype", x.dtype)
    print("y dtype", y.dtype)

    # inp = Input(shape=(x.shape[1], x.shape[2]),name='k%s' %str(int(k_size)))
    # body = one_dcnn(n_filt, k_size, x, w_init)
    # h = body(inp)
    # out = Dense(1, activation='linear', kernel_initializer=w_init, name='main_output')(h)
    # net = Model(inputs=inp, outputs=out)

    net = one_dcnn(n_filt, k_size, x, w_init)
    print(net.summary())
    # net.compile(loss='mean_squared_error', optimizer=adam_ams, metrics=[rmse, 'mae'])
    t0 = time.time()
    sched = LearningRateScheduler(step_schedule)
    net.compile(loss='mean_squared_error', optimizer=adam_ams, metrics='mae')
    hist = net.fit(x, y, epochs=ep, batch_size=bs, validation_split=vs, verbose=2,
                      callbacks = [EarlyStopping(monitor='val_loss', min_delta=0, patience=pt, verbose=1, mode='min'),
                                    ModelCheckpoint(ckpt_path, monitor='val_loss', save_best_only=True, mode='min', verbose=1)]
                      )
    # TqdmCallback(verbose=2)
    # net.save(savedmodel_dir,save_format='tf')

    plot_history(hist, win, hop, bs, lr, sub)
    print("FLOPs: {}".format(count_flops(net)), flush=True)
    n_train = x.shape[0]
    t1 = time.time()
    fit_secs = t1 - t0
    print("fit seconds: ", fit_secs)

    ### evaluation on the held-out engines
    t0 = time.time()
    preds = []
    truths = []
    for eng in test_engines:
        print ("test engine: ", eng)
        x, y = read_engine(windows_dir, eng, win, hop, rate)
        # est = load_model(savedmodel_dir, custom_objects={'rmse':rmse})
        print("x.shape", x.shape)
        print("y.shape", y.shape)
        x = x[::sub]
        y = y[::sub]
        print("thinned x.shape", x.shape)
        print("thinned y.shape", y.shape)
        est = load_model(ckpt_path)
        y_hat = est.predict(x)
        preds.append(y_hat)
        truths.append(y)

    print(preds[0].shape)
    print(truths[0].shape)
    print(np.concatenate(preds).shape)
    print(np.concatenate(truths).shape)

    pred_all = np.concatenate(preds)[:, 0]
    true_all = np.concatenate(truths)
    print(pred_all.shape)
    print(true_all.shape)
    err = sqrt(mean_squared_error(pred_all, true_all))
    print(err)
    err = round(err, 2)
    t1 = time.time()
    eval_secs = t1 - t0
    n_test = pred_all.shape[0]

    for j in range(len(test_engines)):
        print(preds[j])
        print(truths[j])
        fig = plt.figure(figsize=(24, 10))
        plt.plot(preds[j], color="green")
        plt.plot(truths[j], color="red", linewidth=2.0)
        plt.title('Engine %s' %str(int(test_engines[j])), fontsize=30)
        plt.yticks(fontsize=20)
        plt.xticks(fontsize=20)
        plt.ylabel('RUL', fontdict={'fontsize': 24})
        plt.xlabel('Time index', fontdict={'fontsize': 24})
        plt.legend(['Predicted', 'Actual'], loc='upper right', fontsize=28)
        plt.show()
        fig.savefig(fig_dir + "/engine%s_test_w%s_s%s_bs%s_lr%s_sub%s_rmse-%s.png" %(str(int(test_engines[j])),
                                                                              int(win), int(hop), int(bs),
                                                                                    str(lr), int(sub), str(err)))

    print("FLOPs: {}".format(count_flops(net)), flush=True)
    print("window %s, stride %s" %(str(win), str(hop)))
    print("# train windows: ", n_train)
    print("# test windows: ", n_test)
    print("fit seconds: ", fit_secs)
    print("eval seconds: ", eval_secs)
    print("RMSE: ", err)

if __name__ == '__main__':
    main()
