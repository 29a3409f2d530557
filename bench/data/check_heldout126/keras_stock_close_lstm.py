import numpy as np
from sklearn.preprocessing import MinMaxScaler
from keras.models import Sequential
from keras.layers import Dense, LSTM

# squash closing prices into 0..1
mm = MinMaxScaler(feature_range=(0,1))
closes_scaled = mm.fit_transform(data[['closing price']].values)

# cut the series into look-back windows and next-day targets
def windowize(series, lookback):
    xs, ys = [], []
    for k in range(len(series)-lookback-1):
        xs.append(series[k:(k+lookback), 0])
        ys.append(series[k+lookback, 0])
    return np.array(xs), np.array(ys)

# look back about three trading months
lookback = 60

# chronological 80/20 split
n_fit = int(len(closes_scaled) * 0.8)
n_eval = len(closes_scaled) - n_fit
fit_part, eval_part = closes_scaled[:n_fit], closes_scaled[n_fit:]

x_fit, y_fit = windowize(fit_part, lookback)
x_eval, y_eval = windowize(eval_part, lookback)

# LSTM wants (samples, steps, features)
x_fit = x_fit.reshape(x_fit.shape[0], x_fit.shape[1], 1)
x_eval = x_eval.reshape(x_eval.shape[0], x_eval.shape[1], 1)

# two stacked LSTMs and a small head
net = Sequential()
net.add(LSTM(50, return_sequences=True, input_shape=(x_fit.shape[1], 1)))
net.add(LSTM(50, return_sequences=False))
net.add(Dense(25))
net.add(Dense(1))

# squared error on the scaled price
net.compile(optimizer='adam', loss='mean_squared_error')

# fit
net.fit(x_fit, y_fit, batch_size=64, epochs=10)
