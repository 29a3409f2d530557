import numpy as np # arrays
import pandas as pd # csv reading (pd.read_csv)

from subprocess import check_output
from keras.layers.core import Dense, Activation, Dropout
from keras.layers.recurrent import LSTM
from keras.models import Sequential
from sklearn.model_selection import train_test_split
import time # timing
from sklearn.preprocessing import MinMaxScaler
import matplotlib.pyplot as plt
from numpy import newaxis
import math
from sklearn.metrics import mean_squared_error

quotes =  pd.read_csv('./input/prices.csv', header=0)

yhoo = quotes[quotes['symbol']=='YHOO']
raw_close = yhoo.close.values.astype('float32')
raw_close = raw_close.reshape(raw_close.shape[0], 1)

plt.figure(1)
plt.subplot(211)
plt.plot(raw_close)
#plt.show()
mm = MinMaxScaler(feature_range=(0, 1))
close = mm.fit_transform(raw_close)

# plt.subplot(212)
# plt.plot(close)
# plt.show()

n_fit = int(len(close) * 0.80)
n_hold = len(close) - n_fit
fit_part, hold_part = close[0:n_fit,:], close[n_fit:len(close),:]
print(len(fit_part), len(hold_part))


# turn a series into (window, next value) pairs
def make_pairs(series, lag=1):
	xs, ys = [], []
	for t in range(len(series)-lag-1):
		w = series[t:(t+lag), 0]
		xs.append(w)
		ys.append(series[t + lag, 0])
	return np.array(xs), np.array(ys)


# X=t, Y=t+1
lag = 1
fitX, fitY = make_pairs(fit_part, lag)
holdX, holdY = make_pairs(hold_part, lag)

fitX = np.reshape(fitX, (fitX.shape[0], 1, fitX.shape[1]))
holdX = np.reshape(holdX, (holdX.shape[0], 1, holdX.shape[1]))

#Part 2: the network
net = Sequential()

net.add(LSTM(
    input_dim=1,
    output_dim=50,
    return_sequences=True))
net.add(Dropout(0.2))

net.add(LSTM(
    100,
    return_sequences=False))
net.add(Dropout(0.2))

net.add(Dense(
    output_dim=1))
net.add(Activation('linear'))

t0 = time.time()
net.compile(loss='mse', optimizer='rmsprop')
print ('compile took : ', time.time() - t0)


net.fit(
    fitX,
    fitY,
    batch_size=128,
    nb_epoch=10,
    validation_split=0.05)

#
# # predictions
# fitPred = net.predict(fitX)
# holdPred = net.predict(holdX)
#
# # back to prices
# fitPred = mm.inverse_transform(fitPred)
# fitY = mm.inverse_transform([fitY])
# holdPred = mm.inverse_transform(holdPred)
# holdY = mm.inverse_transform([holdY])
#
# # errors
# fitRmse = math.sqrt(mean_squared_error(fitY[0], fitPred[:,0]))
# print('Fit RMSE: %.2f' % (fitRmse))
# holdRmse = math.sqrt(mean_squared_error(holdY[0], holdPred[:,0]))
# print('Hold RMSE: %.2f' % (holdRmse))
#
# # shift the fit predictions for plotting
# fitPlot = np.empty_like(close)
# fitPlot[:, :] = np.nan
# fitPlot[lag:len(fitPred)+lag, :] = fitPred
#
# # shift the hold predictions for plotting
# holdPlot = np.empty_like(close)
# holdPlot[:, :] = np.nan
# holdPlot[len(fitPred)+(lag*2)+1:len(close)-1, :] = holdPred

# plot series and predictions
#plt.plot(raw_close)
#plt.plot(fitPlot)
#plt.plot(holdPlot)
#plt.show()


# roll the model forward from one real window
def roll_forward(net, first, steps):
    outs = []
    window = first

    for k in range(steps):
        got = []

        print(net.predict(window[newaxis, :, :]))
        got.append(net.predict(window[newaxis, :, :])[0, 0])

        window = window[0:]
        window = np.insert(window[0:], k + 1, got[-1], axis=0)

        outs.append(got[-1])

    return outs

def plot_rolled(pred, truth,steps):
    #plt.plot(mm.inverse_transform(truth.reshape(-1, 1))[steps:])
    plt.plot(mm.inverse_transform(np.array(pred).reshape(-1, 1))[steps:])
    plt.show()

horizon=5
rolled = roll_forward(net, holdX[0], horizon)
print(mm.inverse_transform(np.array(rolled).reshape(-1, 1)))
# print(mm.inverse_transform(np.array(rolled).reshape(-1, 1)))
plt.subplot(212)
plot_rolled(rolled, holdY, horizon)
