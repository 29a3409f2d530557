from keras.models import Sequential
from keras.layers import LSTM, Dense
import numpy as np
import pandas as pd

n_feat = 59
seq_len = 128
n_out = 59
n_train_windows = 150000

fh = open('alert_hist.csv')
frame = pd.read_csv(filepath_or_buffer = fh, header=None)
stamp_abs = np.array(frame.iloc[:,0].values)
stamp_gap = np.array(frame.iloc[:,1].values)
alert_counts = np.array(frame.iloc[:,2:].values)

def make_windows():
  head_part=alert_counts[:n_train_windows+seq_len+1]
  win_x,win_y=[],[]
  for k in range(n_train_windows):
    chunk=head_part[k:k+seq_len,:]
    nxt=head_part[k+seq_len,:]
    win_x.append(chunk.tolist())
    win_y.append(nxt.tolist())

  tail_part=alert_counts[n_train_windows+seq_len+1:]
  hold_x,hold_y=[],[]
  for k in range(len(tail_part)-seq_len-1):
    chunk=tail_part[k:k+seq_len,:]
    nxt=tail_part[k+seq_len,:]
    hold_x.append(chunk.tolist())
    hold_y.append(nxt.tolist())

  return win_x,win_y,hold_x,hold_y

# the network reads (batch, seq_len, n_feat) histograms of alert types
net = Sequential()
net.add(LSTM(32, return_sequences=True,
               input_shape=(seq_len, n_feat)))
net.add(LSTM(32, return_sequences=True))
net.add(LSTM(59))

net.compile(loss='mse',
              optimizer='rmsprop',
              metrics=['accuracy'])


tr_x,tr_y,va_x,va_y=make_windows()
net.fit(tr_x, tr_y,
          batch_size=64, epochs=5,
          validation_data=(va_x, va_y))
