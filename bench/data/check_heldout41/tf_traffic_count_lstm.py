import numpy as np
import pandas as pd
from tensorflow import keras
from tensorflow.keras.models import Sequential
from tensorflow.keras.layers import LSTM, Dense
from sklearn.preprocessing import MinMaxScaler

# read the hourly vehicle counts of one site
counts_df = pd.read_csv('site_counts.csv')  # one site's counter export
counts = counts_df['car_count'].values.reshape(-1, 1)

# squash into [0, 1]
mm = MinMaxScaler()
counts_01 = mm.fit_transform(counts)

# cut the series into (history, next value) pairs
def to_windows(series, hist_len):
    hist, nxt = [], []
    for t in range(len(series) - hist_len):
        hist.append(series[t:t+hist_len])
        nxt.append(series[t+hist_len])
    return np.array(hist), np.array(nxt)

hist_len = 10  # how many past readings feed one prediction
win_x, win_y = to_windows(counts_01, hist_len)

# chronological cut, 80 / 20
cut = int(0.8 * len(win_x))
fit_x, eval_x = win_x[:cut], win_x[cut:]
fit_y, eval_y = win_y[:cut], win_y[cut:]

# one recurrent layer and a linear head
net = Sequential()
net.add(LSTM(50, activation='relu', input_shape=(hist_len, 1)))
net.add(Dense(1))
net.compile(optimizer='adam', loss='mse')

# fit
net.fit(fit_x, fit_y, epochs=50, batch_size=32, validation_data=(eval_x, eval_y))

# forecast the held-out part and undo the scaling
forecast = net.predict(eval_x)
forecast_counts = mm.inverse_transform(forecast)
