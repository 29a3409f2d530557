import pandas as pd
import numpy as np
from numpy import array
import matplotlib.pyplot as plt
import matplotlib.dates as mdates
import os
from scipy.interpolate import interp1d
from datetime import datetime
import math

from keras.models import Sequential
from keras.layers import LSTM
from keras.layers import Dense
import sklearn.metrics


def split_sequence(sequence, n_steps):
    X, y = list(), list()
    for i in range(len(sequence)):
        end_ix = i + n_steps
        if end_ix > len(sequence)-1:
            break

        seq_x, seq_y = sequence[i:end_ix], sequence[end_ix]
        X.append(seq_x)
        y.append(seq_y)
    return array(X), array(y)


os.chdir('/data/wind_power')
in_file = 'Amprion.csv'

df = pd.read_csv(in_file)

count=0
for i in df.isnull().sum():
    if i==1 :
        count=1
if(count==0):
    print("No NUll Value in DF")


date = df.iloc[0].Date
times = df.columns

dt_string = date + ' ' + times[1]
dt = datetime.strptime(dt_string, '%d/%m/%Y %H:%M:%S')

time_list = []
data_list = []
for i in range(df.shape[0]):
    date = df.iloc[i].Date
    for j in range(df.shape[1]):
        if j == 0:
            continue
        else:
            t = times[j]
            dt_string = date + ' ' + t
            dt = datetime.strptime(dt_string, '%d/%m/%Y %H:%M:%S')
            time_list.append(dt)

            data_list.append(df.iloc[i][j])

ts = pd.DataFrame(list(zip(time_list, data_list)), columns =['datetime', 'value'])


time_array = np.asarray(time_list)
data_array = np.asarray(data_list)
y = np.arange(len(data_array))

idx = np.nonzero(data_array)
interp = interp1d(y[idx],data_array[idx])

ynew = interp(y)

fig, ax = plt.subplots()
plt.axhline(y = 0, c = 'lightgrey', zorder =0 )
plt.plot(ts.datetime, ts.value)
plt.scatter(ts.datetime, ts.value, s = 10, label = 'Raw Data')

plt.plot(time_array, ynew, c = 'm', lw = 1, label = 'Interpolation')
plt.ylabel('Energy Production [TWh]')
plt.xlabel('Date')
plt.legend()

fmt_half_year = mdates.DayLocator(interval=1)
ax.xaxis.set_major_locator(fmt_half_year)

fmt_hr = mdates.HourLocator()
ax.xaxis.set_minor_locator(fmt_hr)

ax.xaxis.set_major_formatter(mdates.DateFormatter('%m-%d-%y'))

plt.xlim(datetime(2019, 8, 28, 23, 0), datetime(2019, 8, 30, 1, 0))
plt.ylim(-5,60)


train_start = 0
train_stop = 10000
raw_seq = ynew[train_start:train_stop]
test_start = train_stop
test_stop = 15000

n_steps = 8
n_features = 1

X, y = split_sequence(raw_seq, n_steps)
X = X.reshape((X.shape[0], X.shape[1], n_features))


model = Sequential()
model.add(LSTM(50, activation='relu', input_shape=(n_steps, n_features)))
model.add(Dense(1))
model.compile(optimizer='adam', loss='mse')

a = model.fit(X, y, epochs=50, verbose = True)

test_seq = ynew[test_start:test_stop]
X2, y2 = split_sequence(test_seq, n_steps)
x_input = X2.reshape((X2.shape[0], n_steps, n_features))
yhat = model.predict(x_input, verbose= True)
yhat_list = [el for el in yhat]

