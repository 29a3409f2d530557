import pandas as pd
import os
import numpy as np
import random
from sklearn import preprocessing
from collections import deque
import time
import tensorflow as tf 
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import Dense, Dropout, LSTM, BatchNormalization
from tensorflow.keras.callbacks import TensorBoard, ModelCheckpoint

LOOKBACK = 60
HORIZON = 3
COIN = "ETH-USD" # one of BTC-USD, LTC-USD, ETH-USD, BCH-USD
BS = 64
N_EPOCHS = 10
RUN_TAG = "{}-{}-lookback-{}-ahead-{}".format(COIN, LOOKBACK, HORIZON, int(time.time()))

def up_or_down(now, later):
    if float(later) > float(now):
        return 1
    else:
        return 0

def to_balanced_windows(frame):   
    frame = frame.drop("future", 1)
    
    for c in frame.columns:
        if c != "target":
            frame[c] = frame[c].pct_change()
            frame.dropna(inplace=True)
            frame[c] = preprocessing.scale(frame[c].values)

    frame.dropna(inplace=True)

    windows = []
    recent = deque(maxlen=LOOKBACK)

    for row in frame.values:
        recent.append([v for v in row[:-1]])
        if len(recent) == LOOKBACK:
            windows.append([np.array(recent), row[-1]])
    
    random.shuffle(windows)

    ups = []
    downs = []

    for w, lab in windows:
        if lab == 0:
            downs.append([w, lab])
        if lab == 1:
            ups.append([w, lab])
    
    random.shuffle(ups)
    random.shuffle(downs)

    n_min = min(len(ups), len(downs))

    # keep equal counts of both classes
    ups = ups[:n_min]
    downs = downs[:n_min]

    windows = ups+downs
    random.shuffle(windows)

    feats = []
    labs = []

    for w, lab in windows:
        feats.append(w)
        labs.append(lab)
        
    return np.array(feats), labs

merged = pd.DataFrame()

coins = ["BTC-USD", "LTC-USD", "ETH-USD", "BCH-USD"]
for coin in coins:
    csv_file = "crypto_data/{}.csv".format(coin)
   
    part = pd.read_csv(csv_file, names=["time", "low", "high", "open", "close", "volume"])
    part.rename(columns={"close": "{}_close".format(coin), "volume": "{}_volume".format(coin)}, inplace=True)
   
    part.set_index("time", inplace=True)
    part = part[["{}_close".format(coin), "{}_volume".format(coin)]]

    if len(merged) == 0:
        merged = part
    else:
        merged = merged.join(part)

merged["future"] = merged["{}_close".format(COIN)].shift(-HORIZON)
merged["target"] = list(map(up_or_down, merged["{}_close".format(COIN)], merged["future"]))
# print(merged[["{}_close".format(COIN), "future", "target"]].head(10))

stamps = sorted(merged.index.values)
cut_stamp = stamps[-int(0.05*len(stamps))]
# print(cut_stamp)

holdout_df = merged[(merged.index >= cut_stamp)]
merged = merged[(merged.index < cut_stamp)]

x_fit, y_fit = to_balanced_windows(merged)
x_hold, y_hold = to_balanced_windows(holdout_df)

x_fit = np.asarray(x_fit)
y_fit = np.asarray(y_fit)
x_hold = np.asarray(x_hold)
y_hold = np.asarray(y_hold)



print("fit windows: {}, holdout windows: {}".format(len(x_fit), len(x_hold)))
print("fit down: {}, up: {}".format(np.ndarray.tolist(y_fit).count(0), np.ndarray.tolist(y_fit).count(1)))
print("holdout down: {}, up: {}".format(np.ndarray.tolist(y_hold).count(0), np.ndarray.tolist(y_hold).count(1)))


net = Sequential()
net.add(LSTM(128, activation="relu", input_shape=(x_fit.shape[1:]), return_sequences=True))
net.add(Dropout(0.2))
net.add(BatchNormalization())

net.add(LSTM(128, activation="relu", input_shape=(x_fit.shape[1:]), return_sequences=True))
net.add(Dropout(0.1))
net.add(BatchNormalization())

net.add(LSTM(128, activation="relu", input_shape=(x_fit.shape[1:])))
net.add(Dropout(0.2))
net.add(BatchNormalization())

net.add(Dense(32, activation="relu"))
net.add(Dropout(0.2))

net.add(Dense(2, activation="softmax"))

opt = tf.keras.optimizers.Adam(lr=0.001, decay=1e-6)

net.compile(loss="sparse_categorical_crossentropy",
              optimizer=opt,
              metrics=["accuracy"])

tb = TensorBoard(log_dir="logs/{}".format(RUN_TAG))
ckpt_name = "lstm_updown-{epoch:02d}-{val_acc:.3f}" # name carries epoch and validation accuracy
ckpt = ModelCheckpoint("models/{}.model".format(ckpt_name, monitor="val_acc", verbose=1, save_best_only=True, mode="max")) # keep only improving ones

hist = net.fit(x_fit, y_fit, batch_size=BS, epochs=N_EPOCHS, validation_data=(x_hold, y_hold), callbacks=[tb, ckpt])
