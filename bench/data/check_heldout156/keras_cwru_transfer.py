"""
    Bearing fault diagnosis by transferring a model trained on one rig condition

    Based on:
        a 1-D convolution CWRU example
"""

import os
import sys
import scipy.io
import numpy as np
from sklearn.model_selection import train_test_split

WIN = 400
HOP = 20

def read_recording(path, win=WIN, hop=HOP):
    mat = scipy.io.loadmat(path)
    de_key = [k for k in mat.keys() if k.endswith("DE_time")][0]
    fe_key = [k for k in mat.keys() if k.endswith("FE_time")][0]

    start = 0
    n_points = min(len(mat[de_key]), len(mat[fe_key]))
    
    de_windows = []
    fe_windows = []
    while start + win < n_points:
        de_windows.append([v for row in mat[de_key][start:start+win] for v in row])
        fe_windows.append([v for row in mat[fe_key][start:start+win] for v in row])
        start += hop
        #start += win
    
    windows = np.stack([de_windows, fe_windows], axis=2).astype('float32')
    print("Read {} -> windows {}".format(path, windows.shape))
    return windows

# w = read_recording('data\\train\\1797.mat', win=400)
# print(w.shape)
# print(type(w))

# class index from the file stem
def index_labels(names):
    mapping = {}
    nxt = 0
    for name in names:
        stem = name.split('.')[0]
        if not stem in mapping:
            mapping[stem] = nxt
            nxt += 1
    return mapping

# grow the full set one recording at a time
def stack_sets(x_all, y_all, x_new, y_new):
    if x_all is None or y_all is None:
        x_all = x_new
        y_all = y_new
    else:
        x_all = np.concatenate((x_all, x_new))
        y_all = np.concatenate((y_all, y_new))
    return x_all, y_all

# read every recording of one folder
def read_folder(folder):
    names = os.listdir(folder)
    mapping = index_labels(names)
    print("class map for {}: {}".format(folder, mapping))
    xs = None
    ys = None
    for name in names:
        windows = read_recording(folder + name)
        win_labels = np.ones(windows.shape[0]) * mapping[name.split('.')[0]]
        xs, ys = stack_sets(xs, ys, windows, win_labels)

    return xs, ys, mapping



# te_x, te_y, te_map = read_folder("data\\test\\")
# print("test x: {}".format(te_x.shape))
# print("test y: {}".format(te_y.shape))

# network
import keras
import keras.backend as K
from keras import layers
from keras import Input
from keras.models import Model
from keras.callbacks import EarlyStopping, ReduceLROnPlateau
from keras.utils import to_categorical

def macro_f1(y_true,y_pred):
    def rec(y_true, y_pred):
        tp = K.sum(K.round(K.clip(y_true * y_pred, 0, 1)))
        pos = K.sum(K.round(K.clip(y_true, 0, 1)))
        r = tp / (pos + K.epsilon())
        return r
    def prec(y_true, y_pred):
        tp = K.sum(K.round(K.clip(y_true * y_pred, 0, 1)))
        pred_pos = K.sum(K.round(K.clip(y_pred, 0, 1)))
        p = tp / (pred_pos + K.epsilon())
        return p
    p = prec(y_true, y_pred)
    r = rec(y_true, y_pred)
    return 2*((p*r)/(p+r+K.epsilon()))

def make_net(in_shape, n_classes, donor=None):

    """ small variant
    inp = Input(shape = in_shape, dtype = 'float32', name = 'input')
    h = layers.Conv1D(filters=64, kernel_size=64, activation = 'relu', name = 'conv1d_1')(inp)
    h = layers.MaxPooling1D(pool_size = 8, name='max_pooling1d_1')(h)
    h = layers.Flatten(name='flatten')(h)
    out = layers.Dense(n_classes, activation='softmax', name='condition')(h)
    """

    # larger variant
    inp = Input(shape=in_shape, dtype='float32', name='input')
    b1 = layers.Conv1D(filters=128, kernel_size=64)(inp)
    b1 = layers.normalization.BatchNormalization()(b1)
    b1 = layers.Activation('relu')(b1)
    b1 = layers.Dropout(0.5)(b1)

    b2 = layers.Conv1D(filters=128, kernel_size=32)(b1)
    b2 = layers.normalization.BatchNormalization()(b2)
    b2 = layers.Activation('relu')(b2)
    b2 = layers.Dropout(0.5)(b2)

    # b3 = layers.Conv1D(128, kernel_size=3)(b2)
    # b3 = layers.normalization.BatchNormalization()(b3)
    # b3 = layers.Activation('relu')(b3)
    # b3 = layers.Dropout(0.5)(b3)

    pooled = layers.pooling.GlobalAveragePooling1D()(b2)
    out = layers.Dense(n_classes, activation='softmax', name='condition')(pooled)

    net = Model(inp, out)

    if donor is not None:
        print("copying weights from the donor model")
        for j in range(len(net.layers) - 1):
            net.layers[j].set_weights(donor.layers[j].get_weights())

    net.compile(optimizer=keras.optimizers.Adam(), loss='categorical_crossentropy', 
            metrics=['categorical_crossentropy'])
    print(net.summary())

    return net


N_EPOCHS = 10
def fit_net(x, y, donor=None):
    hist = net.fit(x, y, epochs=N_EPOCHS, validation_split=0.3, 
                        callbacks=[EarlyStopping(patience=10), ReduceLROnPlateau()])

src_dir = "data\\source\\"
tgt_dir = "data\\target\\"
src_ckpt = "result\\source_model.hdf5"
tgt_ckpt = "result\\target_model.hdf5"

if sys.argv[1] == "train_model":
    # source condition only: fit and save
    src_x, src_y, src_map = read_folder(src_dir)
    src_y_oh = to_categorical(src_y)
    print("source x: {}".format(src_x.shape))
    print("source y: {}".format(src_y.shape))

    in_shape = [src_x.shape[1], src_x.shape[2]]
    n_classes = len(src_map)
    net = make_net(in_shape, n_classes, donor=None)

    # halve the step size on plateaus
    lr_cb = keras.callbacks.ReduceLROnPlateau(monitor='categorical_crossentropy', factor=0.5, patience=50,
                                                    min_lr=0.0001)
    # keep the best weights
    ckpt_cb = keras.callbacks.ModelCheckpoint(filepath=src_ckpt, monitor='categorical_crossentropy',
                                                        save_best_only=True)
    cbs=[lr_cb,ckpt_cb]
    hist = net.fit(src_x, src_y_oh, verbose=2, epochs=N_EPOCHS, validation_split=0.1, 
                        callbacks=cbs)

elif sys.argv[1] == "transfer_model":
    tgt_x, tgt_y, tgt_map = read_folder(tgt_dir)
    print("target x: {}".format(tgt_x.shape))
    print("target y: {}".format(tgt_y.shape))
    tgt_y_oh = to_categorical(tgt_y)

    x_tr, x_te, y_tr, y_te = train_test_split(tgt_x, tgt_y_oh, 
        test_size=0.2, random_state=42)

    donor = keras.models.load_model(src_ckpt)

    in_shape = [tgt_x.shape[1], tgt_x.shape[2]]
    n_classes = len(tgt_map)
    net = make_net(in_shape, n_classes, donor)

    # halve the step size on plateaus
    lr_cb = keras.callbacks.ReduceLROnPlateau(monitor='categorical_crossentropy', factor=0.5, patience=50,
                                                    min_lr=0.0001)
    # keep the best weights
    ckpt_cb = keras.callbacks.ModelCheckpoint(filepath=tgt_ckpt, monitor='categorical_crossentropy',
                                                        save_best_only=True)
    cbs=[lr_cb,ckpt_cb]
    # open question: freeze all but the head?
    hist = net.fit(x_tr, y_tr, verbose=2, epochs=N_EPOCHS, validation_split=0.1, 
                        callbacks=cbs)
    y_hat = np.argmax(net.predict(x_te), axis=1)
    scores = net.evaluate(x_te, y_te)
    print(type(scores))
    print(scores)
