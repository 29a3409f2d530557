#!/usr/bin/env python
# coding: utf-8








import pandas as pd
import numpy as np
import keras





raw_frame = pd.read_csv('../data/train.csv', dtype={'acoustic_data': np.int16, 'time_to_failure': np.float32})
print("csv loaded")




quake_df = raw_frame











SEG_LEN = 150000

n_segments = int(np.floor(quake_df.shape[0]/SEG_LEN))

seg_feats = pd.DataFrame(index=range(n_segments), dtype=np.float32, columns=['min','max','std', 'avg', 'sum', 'median', 'mean_diff',
                                                                       'q05', 'q25', 'q75', 'q95'])
seg_target = pd.DataFrame(index=range(n_segments), dtype=np.float32, columns=['ttf'])

def summarize_segment(piece, feat_table, seg_idx, column='acoustic_data'):
    sig = piece[column]
    feat_table.loc[seg_idx, 'min'] = sig.min()
    feat_table.loc[seg_idx, 'max'] = sig.max()
    feat_table.loc[seg_idx, 'std'] = sig.std()
    feat_table.loc[seg_idx, 'avg'] = sig.mean()
    feat_table.loc[seg_idx, 'sum'] = sig.sum()
    feat_table.loc[seg_idx, 'median'] = sig.median()
    feat_table.loc[seg_idx, 'mean_diff'] = np.mean(np.diff(sig))
    feat_table.loc[seg_idx, 'q05'] = np.quantile(sig, 0.05)
    feat_table.loc[seg_idx, 'q25'] = np.quantile(sig, 0.25)
    feat_table.loc[seg_idx, 'q75'] = np.quantile(sig, 0.75)
    feat_table.loc[seg_idx, 'q95'] = np.quantile(sig, 0.95)
    return feat_table





from tqdm import tqdm
for seg_idx in tqdm(range(n_segments)):
    piece = quake_df.iloc[seg_idx*SEG_LEN:seg_idx*SEG_LEN+SEG_LEN]
    seg_feats = summarize_segment(piece, seg_feats, seg_idx)
    last_ttf = piece['time_to_failure'].values[-1]
    seg_target.loc[seg_idx, 'ttf'] = last_ttf





print(seg_feats.shape)
print(seg_target.shape)
print(seg_feats.shape[1])
seg_feats.head()





from sklearn.model_selection import train_test_split
tr_x, te_x, tr_y, te_y = train_test_split(seg_feats.values, seg_target.values, test_size=0.2)


tr_x.shape





from keras.models import Sequential
from keras.layers import Dense, Dropout, Flatten, LSTM, Bidirectional
from keras.optimizers import adam
from keras.callbacks import ModelCheckpoint

net = Sequential()
net.add(Bidirectional(LSTM(512, kernel_initializer="RandomUniform", input_shape= (tr_x.shape[1], 1), return_sequences = True)))

net.add(Dropout(0.2))
net.add(LSTM(256, dropout = 0.3, recurrent_dropout = 0.3))
net.add(Dropout(0.2))
net.add(Dense(64, activation="relu"))
net.add(Dropout(0.2))
net.add(Dense(64, activation="relu"))
net.add(Dropout(0.2))

net.add(Dense(1))








tr_x3d = np.reshape(tr_x, (tr_x.shape[0], tr_x.shape[1], 1))
tr_y3d = np.reshape(tr_y, (tr_y.shape[0], tr_y.shape[1], 1))

print(tr_x3d.shape)
print(tr_y3d.shape)









optim = keras.optimizers.Adam(learning_rate=1e-5)
net.compile(loss="mean_absolute_error", optimizer=optim, metrics=["mae", "mse"])


hist = net.fit(tr_x3d, tr_y, epochs=150, batch_size=30, validation_split = 0.20, verbose=1, shuffle = False)





import matplotlib.pyplot as plt

print(hist.history.keys())

plt.plot(hist.history['mae'])
plt.plot(hist.history['val_mae'])
plt.title('mean abs error per epoch')
plt.ylabel('mae')
plt.xlabel('epoch')
plt.legend(['fit', 'held-out'], loc='upper left')
plt.show()

plt.plot(hist.history['loss'])
plt.plot(hist.history['val_loss'])
plt.title('loss per epoch')
plt.ylabel('loss')
plt.xlabel('epoch')
plt.legend(['fit', 'held-out'], loc='upper left')
plt.show()





net.save("lstm_ordered.h5")
print("weights written")







sub_frame = pd.read_csv("../data/sample_submission.csv", index_col='seg_id', dtype={"time_to_failure": np.float32})
test_feats = pd.DataFrame(columns=seg_feats.columns, dtype=np.float32)

for k, segment_name in enumerate(tqdm(sub_frame.index)):
    test_seg = pd.read_csv('../data/test/' + str(segment_name) + '.csv')
    test_table = summarize_segment(test_seg, test_feats, k)





test_x3d = np.reshape(test_table.values, (test_table.shape[0], test_table.shape[1], 1))
test_pred = net.predict(test_x3d)
sub_frame['time_to_failure'] = test_pred

sub_frame.to_csv('lstm_predictions.csv')







near_quake = sub_frame.loc[sub_frame["time_to_failure"] < 1.0]
print(near_quake)
print(type(near_quake))
print(near_quake.columns)


for segment_name in near_quake.index:
    print(segment_name)
    test_seg = pd.read_csv('../data/test/' + segment_name + '.csv')
    figure, axis_a = plt.subplots(figsize=(8, 4))
    plt.title("signal of test segment {}".format(segment_name))
    plt.plot(test_seg['acoustic_data'].values, color='b')
    axis_a.set_ylabel('acoustic_data', color='b')
    plt.legend(['acoustic_data'])







