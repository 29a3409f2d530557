import numpy as np
import pandas as pd
import datetime
from sklearn.preprocessing import MinMaxScaler
from tensorflow.keras import Sequential
from tensorflow.keras.layers import Dense, LSTM, Dropout

raw = pd.read_csv("household_power_consumption.csv")

#Build a single timestamp column out of the separate day and clock
#columns
raw['Date'] = pd.to_datetime(raw['Date'], format="%d/%m/%Y")
raw['Datetime'] = raw['Date'].dt.strftime('%Y-%m-%d') + ' ' \
+ raw['Time']
raw['Datetime'] = pd.to_datetime(raw['Datetime'])

#Put the rows in time order
raw = raw.sort_values(['Datetime'])

#The measurement columns that should be numbers:
#active and reactive power, voltage,
#current intensity and the three
#sub-meters
meas_cols = ['Global_active_power', 'Global_reactive_power', \
'Voltage', 'Global_intensity', 'Sub_metering_1', \
'Sub_metering_2', 'Sub_metering_3']

#Turn every measurement column into numbers
for c in meas_cols:
    raw[c] = pd.to_numeric(raw[c], errors='coerce')

#Replace the gaps of each measurement column with its mean
#value
for c in meas_cols:
    raw[c].fillna(raw[c].mean(), inplace=True)

#Keep only the columns the network uses: drop the day, the clock,
#the reactive power and the combined
#timestamp
feats = raw.drop(['Date', 'Time', 'Global_reactive_power', 'Datetime'], axis = 1)

#Squash each column into the range zero to one with a min-max
#scaler fitted on the whole table and
#applied to
#it
mm = MinMaxScaler()
scaled = mm.fit_transform(feats)

#Two empty lists for the input windows and the
#targets
windows = []
targets = []

#Each sample is the last hour of readings (sixty rows) and the
#target is the active power of the following minute; walk over the
#whole table
for t in range(60, scaled.shape[0]):
    windows.append(scaled [t-60:t])
    targets.append(scaled [t, 0])

#Stack both lists into arrays for
#Keras
windows, targets = np.array(windows), np.array(targets)

#Everything before row 217440 trains the network,
#everything after it tests it
win_train = windows[:217440]
tgt_train = targets[:217440]
win_test = windows[217440:]
tgt_test = targets[217440:]

#Three stacked LSTM layers of 20, 40 and 80 units with ReLU,
#the first two returning full sequences;
#the input shape is one window (time steps by features);
#dropout after
#each
net = Sequential()
net.add(LSTM(units= 20, activation = 'relu',\
return_sequences = True,\
input_shape = (win_train.shape[1], win_train.
shape[2])))
net.add(Dropout(0.5))
net.add(LSTM(units= 40, \
activation = 'relu', \
return_sequences = True))
net.add(Dropout(0.5))
net.add(LSTM(units= 80, \
activation = 'relu'))
net.add(Dropout(0.5))
net.add(Dense(units = 1))

#Adam and a squared-error loss
#for the regression
net.compile(optimizer='adam', loss = 'mean_squared_error')

#Two epochs with batches of
#32
net.fit(win_train, tgt_train, epochs=2, batch_size=32)

#Predict the held-out windows
pred = net.predict(win_test)

#Compare the last hour of real and predicted
#consumption
plt.figure(figsize=(14,5))
plt.plot(tgt_test[-60:], color = 'black', \
label = "Measured consumption")
plt.plot(pred[-60:], color = 'gray', \
label = 'Predicted consumption')
plt.title('Household power forecast')
plt.xlabel('time')
plt.ylabel('Power Consumption')
plt.legend()
plt.show()
