import numpy as np
import pandas as pd
from matplotlib import pyplot as plt
from sklearn.preprocessing import MinMaxScaler
from keras.models import Sequential
from keras.layers import Dense
from keras.layers import LSTM


# read the minute file and derive a calendar day per row
ticks = pd.read_csv('bitcoin.csv')
ticks['day'] = pd.to_datetime(ticks['Timestamp'],unit='s').dt.date
by_day = ticks.groupby('day')
daily_px = by_day['Weighted_Price'].mean()
# hold out the last month
horizon_days = 30
fit_series= daily_px[:len(daily_px)-horizon_days]
hold_series= daily_px[len(daily_px)-horizon_days:]


# scale and shift by one day
fit_vals=fit_series.values
fit_vals=np.reshape(fit_vals, (len(fit_vals), 1))
mm=MinMaxScaler()
fit_vals=mm.fit_transform(fit_vals)
x_fit= fit_vals[0:len(fit_vals)-1]
y_fit= fit_vals[1:len(fit_vals)]
x_fit= np.reshape(x_fit, (len(x_fit), 1, 1))


# recurrent regressor
reg = Sequential()

# one small LSTM layer
reg.add(LSTM(units = 4, activation = 'sigmoid', input_shape = (None, 1)))

# scalar output
reg.add(Dense(units = 1))

# compile (adam, mse)
reg.compile(optimizer = 'adam', loss = 'mean_squared_error')
# fit on the daily series
reg.fit(x_fit, y_fit, batch_size = 5, epochs = 100)

# forecast the held-out month
hold_vals = hold_series.values
feed = np.reshape(hold_vals, (len(hold_vals), 1))
feed = mm.transform(feed)
feed = np.reshape(feed, (len(feed), 1, 1))
guess_px = reg.predict(feed)
guess_px = mm.inverse_transform(guess_px)



# figure
plt.figure(figsize=(25,15), dpi=50, facecolor='w', edgecolor='k')
axis = plt.gca()  
plt.plot(hold_vals, color = 'red', label = 'observed BTC')
plt.plot(guess_px, color = 'blue', label = 'forecast BTC')
plt.title('BTC daily forecast', fontsize=20)
hold_series = hold_series.reset_index()
xs=hold_series.index
names = hold_series['day']
plt.xticks(xs, names, rotation = 'vertical')
for t in axis.xaxis.get_major_ticks():
    t.label1.set_fontsize(10)
for t in axis.yaxis.get_major_ticks():
    t.label1.set_fontsize(10)
plt.xlabel('Day', fontsize=10)
plt.ylabel('BTC (USD)', fontsize=20)
plt.legend(loc=2, prop={'size': 25})
plt.show()
