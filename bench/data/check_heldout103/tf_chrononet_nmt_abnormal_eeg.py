# ------------------------------------------------------------
# ChronoNet-style normal / abnormal EEG classifier (Keras).
# Re-expressed from a public research repository; see labels.json
# for the source address.
# ------------------------------------------------------------
from pdb import set_trace
import mne
import pandas as pd
import numpy as np
import math
import os
import h5py
import tensorflow as tf
import matplotlib.pyplot as plt
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import SimpleRNN,LSTM, Dense, Activation, Bidirectional
from tensorflow.keras.utils import to_categorical
from sklearn.metrics import confusion_matrix
from sklearn.preprocessing import StandardScaler
from tensorflow.keras.layers import Flatten
from tensorflow.keras.layers import Dropout
from tensorflow.keras.layers import Convolution2D
from tensorflow.keras.layers import BatchNormalization
from tensorflow.keras.layers import MaxPooling2D
from tensorflow.keras.models import load_model
from tensorflow.keras.utils import multi_gpu_model
from tensorflow.keras.callbacks import ModelCheckpoint
from tensorflow.keras.callbacks import EarlyStopping
def windows_from_folder(folder):

    stack = np.empty((15000, 22), dtype='f')
    for name in os.listdir(folder):
        if '.edf' in name:
            fpath=os.path.join(folder, name)
            print(fpath)
            raw = mne.io.read_raw_edf(fpath, montage = None, eog = ['FP1', 'FP2', 'F3', 'F4',
            'C3', 'C4', 'P3', 'P4', 'O1', 'O2', 'F7', 'F8',
            'T3', 'T4', 'T5', 'T6', 'PZ', 'FZ', 'CZ', 'A1', 'A2'
            ], verbose = 'error', preload = True)
            raw_250 = raw.resample(250, npad = "auto")# resample everything to 250 Hz
            df = raw_250.to_data_frame(picks = None, index = None, scaling_time = 1000.0, scalings = None,
            copy = True, start = None, stop = None)# one column per electrode
            m01 = (df.loc[: , 'FP1']) - (df.loc[: , 'F7'])
            m02 = (df.loc[: , 'FP2']) - (df.loc[: , 'F8'])
            m03 = (df.loc[: , 'F7']) - (df.loc[: , 'T3'])
            m04 = (df.loc[: , 'F8']) - (df.loc[: , 'T4'])
            m05 = (df.loc[: , 'T3']) - (df.loc[: , 'T5'])
            m06 = (df.loc[: , 'T4']) - (df.loc[: , 'T6'])
            m07 = (df.loc[: , 'T5']) - (df.loc[: , 'O1'])
            m08 = (df.loc[: , 'T6']) - (df.loc[: , 'O2'])
            m09 = (df.loc[: , 'A1']) - (df.loc[: , 'T3'])
            m10 = (df.loc[: , 'T4']) - (df.loc[: , 'A2'])
            m11 = (df.loc[: , 'T3']) - (df.loc[: , 'C3'])
            m12 = (df.loc[: , 'C4']) - (df.loc[: , 'T4'])
            m13 = (df.loc[: , 'C3']) - (df.loc[: , 'CZ'])
            m14 = (df.loc[: , 'CZ']) - (df.loc[: , 'C4'])
            m15 = (df.loc[: , 'FP1']) - (df.loc[: , 'F3'])
            m16 = (df.loc[: , 'FP2']) - (df.loc[: , 'F4'])
            m17 = (df.loc[: , 'F3']) - (df.loc[: , 'C3'])
            m18 = (df.loc[: , 'F4']) - (df.loc[: , 'C4'])
            m19 = (df.loc[: , 'C3']) - (df.loc[: , 'P3'])
            m20 = (df.loc[: , 'C4']) - (df.loc[: , 'P4'])
            m21 = (df.loc[: , 'P3']) - (df.loc[: , 'O1'])
            m22 = (df.loc[: , 'P4']) - (df.loc[: , 'O2'])
            bipolar = {
            'FP1-F7': m01,
            'FP2-F8': m02,
            'F7-T3': m03,
            'F8-T4': m04,
            'T3-T5': m05,
            'T4-T6': m06,
            'T5-O1': m07,
            'T6-O2': m08,
            'A1-T3': m09,
            'T4-A2': m10,
            'T3-C3': m11,
            'C4-T4': m12,
            'C3-CZ': m13,
            'CZ-C4': m14,
            'FP1-F3': m15,
            'FP2-F4': m16,
            'F3-C3': m17,
            'F4-C4': m18,
            'C3-P3': m19,
            'C4-P4': m20,
            'P3-O1': m21,
            'P4-O2': m22
            }
            montage_df = pd.DataFrame(bipolar, columns = ['FP1-F7', 'FP2-F8', 'F7-T3', 'F8-T4', 'T3-T5', 'T4-T6', 'T5-O1', 'T6-O2', 'A1-T3', 'T4-A2', 'T3-C3', 'C4-T4', 'C3-CZ',
            'CZ-C4', 'FP1-F3', 'FP2-F4', 'F3-C3', 'F4-C4', 'C3-P3', 'C4-P4', 'P3-O1', 'P4-O2'
            ])
            sr = raw_250.info['sfreq']
            [n_rows, n_cols] = montage_df.shape
            n_win = math.ceil(n_rows / (15000 - (sr * 5)))
            lo = 0;
            hi = 15000;
            print(n_rows)

            for w in range(n_win - 1):

                print(lo, hi)
                if w>1:
                    break
                elif w == 0:
                    first = montage_df[0: 15000]
                    stack=np.dstack((stack,first.to_numpy()))
                elif hi < n_rows:
                    seg = montage_df[lo: hi]
                    stack = np.dstack((stack, seg.to_numpy()))
                else :
                    seg = montage_df[-15000: ]
                    stack = np.dstack((stack, seg.to_numpy()))
                    break
                lo = int(hi - (sr * 5))
                hi = int(hi + 15000 - (sr * 5))
            print(stack.shape)
        stack=stack[:,:,1:]
    return stack.astype('float32')

import config
print('reading folders')
norm_x = windows_from_folder(folder = config.normaldir)
norm_n = norm_x.shape[-1]
# print("normal windows")
# print(norm_n)
norm_y = np.zeros(norm_n)
# print("normal labels")
# print(norm_y)

abn_x = windows_from_folder(folder = config.abnormaldir)
abn_n = abn_x.shape[-1]
#print(abn_n)
abn_y = np.ones(abn_n)
#print(abn_n)

x_all = np.dstack((norm_x, abn_x))
y_all = np.append(norm_y, abn_y)

x_all = np.swapaxes(x_all,0,2)

n_ex,steps,feats = x_all.shape


print(x_all.shape)
print(y_all.shape)
print(x_all.dtype)
print(y_all.dtype)
y_onehot = to_categorical(y_all, num_classes=2)              
y_all= y_onehot
print(x_all.shape)
print(y_all.shape)
print(x_all.dtype)
print(y_all.dtype)
print('labels ready')

# ---------------------- ChronoNet ----------------------
from tensorflow.keras.layers import Input,Dense,concatenate,Flatten,GRU,Conv1D
from tensorflow.keras.models import Model
inp= Input(shape=(steps,feats))
# ------------------ inception block 1
b1 = Conv1D(32, 2, strides=2,activation='relu',padding="causal")(inp)
b1 = BatchNormalization()(b1)
b2 = Conv1D(32, 4, strides=2,activation='relu',padding="causal")(inp)
b2 = BatchNormalization()(b2)
b3 = Conv1D(32, 8, strides=2,activation='relu',padding="causal")(inp)
b3 = BatchNormalization()(b3)
h = concatenate([b1,b2,b3],axis=2)
h = Dropout(0.45)(h)

# ---------------------- inception block 2
b1 = Conv1D(32, 2, strides=2,activation='relu',padding="causal")(h)
b1 = BatchNormalization()(b1)
b2 = Conv1D(32, 4, strides=2,activation='relu',padding="causal")(h)
b2 = BatchNormalization()(b2)
b3 = Conv1D(32, 8, strides=2,activation='relu',padding="causal")(h)
b3 = BatchNormalization()(b3)
h = concatenate([b1,b2,b3],axis=2)
h = Dropout(0.45)(h)

# ---------------------------------- inception block 3
b1 = Conv1D(32, 2, strides=2,activation='relu',padding="causal")(h)
b1 = BatchNormalization()(b1)
b2 = Conv1D(32, 4, strides=2,activation='relu',padding="causal")(h)
b2 = BatchNormalization()(b2)
b3 = Conv1D(32, 8, strides=2,activation='relu',padding="causal")(h)
b3 = BatchNormalization()(b3)
h = concatenate([b1,b2,b3],axis=2)
h = Dropout(0.55)(h)

g1 = GRU(32,activation='tanh',return_sequences=True)(h)
g2 = GRU(32,activation='tanh',return_sequences=True)(g1)
g12 = concatenate([g1,g2],axis=2)
g3 = GRU(32,activation='tanh',return_sequences=True)(g12)
h = concatenate([g1,g2,g3])
h = GRU(32,activation='tanh')(h)

probs = Dense(2,activation='softmax')(h)
net = Model(inputs=inp, outputs=probs)

net.compile(optimizer = 'adam', loss = 'categorical_crossentropy', metrics=['accuracy'])
print(net.metrics_names)
print(net.summary())

# callbacks
stopper = EarlyStopping(monitor='val_loss', min_delta=0.01, mode='min', verbose=1, patience=25)                          # patience
best_acc = ModelCheckpoint('best_by_acc.hdf5', monitor='val_acc', mode='max', verbose=1, save_best_only=True)        # best by accuracy
best_loss = ModelCheckpoint('best_by_loss.hdf5', monitor='val_loss', mode='min', verbose=1, save_best_only=True)      # best by loss

# fit
hist=net.fit(x_all,y_all,validation_split=0.2,epochs=500,batch_size=32,verbose=1,callbacks=[stopper, best_acc,best_loss],shuffle=True) # train
print('done')
