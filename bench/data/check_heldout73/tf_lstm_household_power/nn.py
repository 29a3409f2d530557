import read_dataset as rd
from keras.preprocessing.sequence import TimeseriesGenerator
from keras.models import Sequential
from keras.layers import Dense, LSTM
import matplotlib.pyplot as plt


EPOCHS = 10
BATCH_SIZE = 64

STEPS = 48  # the whole project works with 48 samples a day


# more days made the fit worse
daily, day_labels = rd.read_dataset(points=STEPS, days=500)
scaled = rd.preprocess(daily)

tr, te = rd.split_data(scaled)
tr = tr.flatten()
tr = tr.reshape((len(tr), 1))

gen = TimeseriesGenerator(tr, tr,
                                      length=STEPS,
                                      sampling_rate=1, stride=1,
                                      batch_size=BATCH_SIZE)

units = 144

net = Sequential()
net.add(LSTM(units, input_shape=(STEPS, 1), return_sequences=True))
net.add(LSTM(1, input_shape=(units,), return_sequences=True))
net.add(LSTM(units, input_shape=(1,)))
net.add(Dense(1))
net.compile(loss='mse', optimizer='adam')

hist = net.fit(gen, epochs=EPOCHS)

net.save('main_model.h5')

plt.plot(hist.history['loss'])
plt.title('training loss')
plt.show()
