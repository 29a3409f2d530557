# %%
# Kaggle notebook environment: numpy, pandas and friends are preinstalled
# (see the kaggle/python docker image)
# 

import numpy as np # arrays
import pandas as pd # csv reading


# competition files live under ../input/
# list them to be sure they are there

import os
print(os.listdir("../input"))

# files written to the working directory become outputs
# %%

import numpy as np 
import pandas as pd
import os
from tqdm import tqdm

# seeds
from numpy.random import seed
seed(639)
from tensorflow import set_random_seed
set_random_seed(5944)

# read the whole signal (timed with %time in the notebook)
signal = pd.read_csv("../input/train.csv", dtype={"acoustic_data": np.float32, "time_to_failure": np.float32}).values
# %%
np.shape(signal)
# %%
quake_rows = [5656573, 50085877, 104677355, 138772452, 187641819, 218652629, 245829584, 307838916, 338276286, 375377847, 419368879, 461811622, 495800224, 528777114, 585568143, 621985672]
# %%
import matplotlib.pyplot as plt
acoustic_view = signal[:, 0]
acoustic_view = acoustic_view[: : 100]
print(acoustic_view)
ttf_view = signal[:, 1]
ttf_view = ttf_view[::100]

def draw_signal(acoustic_view, ttf_view, title="acoustic signal and time to failure, every 100th row"):
    fig, ax1 = plt.subplots(figsize=(12, 8))
    plt.title(title)
    plt.plot(acoustic_view, color='r')
    ax1.set_ylabel('acoustic', color='r')
    plt.legend(['acoustic'], loc=(0.01, 0.95))
    ax2 = ax1.twinx()
    plt.plot(ttf_view, color='b')
    ax2.set_ylabel('time to failure', color='b')
    plt.legend(['time to failure'], loc=(0.01, 0.9))
    plt.grid(True)

draw_signal(acoustic_view, ttf_view)
for k in range(1 , 1500000, 150000):
    acoustic_view = signal[k : k + 150000, 0]
    ttf_view = signal[k : k + 150000, 1]
    draw_signal(acoustic_view, ttf_view,  title = "first 150k rows")
del acoustic_view
del ttf_view
# %%
def summarise(block):
     return np.c_[block.mean(axis=1), 
                  block.min(axis=1),
                  block.max(axis=1),
                  block.std(axis=1),
                  block.sum(axis=1),
                  np.abs(block).max(axis=1),
                  np.abs(block).min(axis=1),
                  np.quantile(block, 0.01, axis=1),
                  np.quantile(block, 0.05, axis=1),
                  np.quantile(block, 0.95, axis=1),
                  np.quantile(block, 0.99, axis=1),
                  np.mean((np.diff(block, axis=1)),axis=1)]
# %%
def segment_features(x, end=None, n_steps=150, step_length=1000):
    if end == None:
        end=len(x)
       
    assert end - n_steps * step_length >= 0

    # cut the last 150k values into 150 rows and roughly standardise (mean 5, sd 3)
    block = (x[(end - n_steps * step_length):end].reshape(n_steps, -1) - 5 ) / 3
    
    # statistics of each full row and of its last 200, 100, 50, 40, 25, 20
    # and 10 values
    return np.c_[summarise(block),
                 summarise(block[:, -step_length // 5:]),
                 summarise(block[:, -step_length // 10:]),
                 summarise(block[:, -step_length // 20:]),
                 summarise(block[:, -step_length // 25:]),
                 summarise(block[:, -step_length // 40:]),
                 summarise(block[:, -step_length // 50:]),
                 summarise(block[:, -step_length // 100:])]

# %%
# run it once to learn the feature count
n_features = segment_features(signal[0:150000]).shape[1]
print("features per step: %i"% n_features)
        
batch_size = 32

# row of the second of 16 quakes, used as a clean
# boundary between training and validation
second_quake = 50085877
eighth_quake = quake_rows[7] #307838916
print(signal[eighth_quake, 1])
print(signal[eighth_quake, 0])
# %%
def batches(arr, lo=0, hi=None, batch_size=16, n_steps=150, step_length=1000):
    if hi is None:
        hi = len(arr) - 1
     
    while True:
        # random end rows
        ends = np.random.randint(lo + n_steps * step_length, hi, size=batch_size)
         
        # room for one batch
        xb = np.zeros((batch_size, n_steps, n_features))
        yb = np.zeros(batch_size, )
        
        for j, r in enumerate(ends):
            xb[j] = segment_features(arr[:, 0], end=r, n_steps=n_steps, step_length=step_length)
            yb[j] = arr[r - 1, 1]
        yield xb, yb
# %%
#fit_batches = batches(signal, batch_size=batch_size) # the whole signal scores better
fit_batches = batches(signal, batch_size=batch_size, lo=quake_rows[1] + 1)
val_batches = batches(signal, batch_size=batch_size, hi=quake_rows[1])
# %%
from keras.models import Sequential
from keras.layers import Dense, CuDNNGRU, CuDNNLSTM, Dropout
from keras.optimizers import adam
from keras.callbacks import ModelCheckpoint
from keras import regularizers
from keras.utils import plot_model

cbs = [ModelCheckpoint("model.hdf5", save_best_only=True, period=3)]

net = Sequential()
net.add(CuDNNLSTM(48, input_shape=(None, n_features), kernel_regularizer =regularizers.l2(0.01)))
net.add(Dropout(0.2))
net.add(Dense(10, activation='relu'))
net.add(Dense(1))

net.summary()
# draw the layer graph
plot_model(net, show_shapes=True, to_file='model_graph.png')
# %%
net.compile(optimizer=adam(lr=0.0005), loss="mae")

hist = net.fit_generator(fit_batches,
                              steps_per_epoch=1000,
                              epochs=50,
                              verbose=2,
                              callbacks=cbs,
                              validation_data=val_batches,
                              validation_steps=200)

# %%
import matplotlib.pyplot as plt

def curves(hist, what = 'loss'):
    tr = hist.history[what]
    va = hist.history['val_' + what]
    ep = np.asarray(hist.epoch) + 1
    
    plt.plot(ep, tr, 'bo', label = "fit " + what)
    plt.plot(ep, va, 'b', label = "val " + what)
    plt.title("fit and val " + what)
    plt.xlabel("epoch")
    plt.legend()
    plt.show()
    return None

curves(hist)
# %%
sub = pd.read_csv('../input/sample_submission.csv', index_col='seg_id', dtype={"time_to_failure": np.float32})

# one small test file per segment: features, then a prediction
for k, seg_id in enumerate(tqdm(sub.index)):
  #  print(k)
    seg = pd.read_csv('../input/test/' + seg_id + '.csv')
    x = seg['acoustic_data'].values
    sub.time_to_failure[k] = net.predict(np.expand_dims(segment_features(x), 0))

sub.head()

# write it
sub.to_csv('submission.csv')
