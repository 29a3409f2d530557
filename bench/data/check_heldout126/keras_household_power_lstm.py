import matplotlib.pyplot as plt
import numpy as np
import time
import csv
from keras.layers.core import Dense, Activation, Dropout
from keras.layers.recurrent import LSTM
from keras.models import Sequential
np.random.seed(1234)


def load_power_windows(csv_file,
                       window=50,
                       fraction=1.0):

    cap = fraction * 2049280

    with open(csv_file) as fh:
        rows = csv.reader(fh, delimiter=";")
        series = []
        n_read = 0
        for rec in rows:
            try:
                series.append(float(rec[2]))
                n_read += 1
            except ValueError:
                pass
            # the full file has 2049280 usable readings (fraction = 1.0)
            if n_read >= cap:
                break

    print("csv read, building windows...")

    windows = []
    for start in range(len(series) - window):
        windows.append(series[start: start + window])
    windows = np.array(windows)  # about (2049230, 50) at fraction 1.0

    centre = windows.mean()
    windows -= centre
    print("offset removed: ", centre)
    print("windows: ", windows.shape)

    cut = round(0.9 * windows.shape[0])
    head = windows[:cut, :]
    np.random.shuffle(head)
    x_fit = head[:, :-1]
    y_fit = head[:, -1]
    x_hold = windows[cut:, :-1]
    y_hold = windows[cut:, -1]

    x_fit = np.reshape(x_fit, (x_fit.shape[0], x_fit.shape[1], 1))
    x_hold = np.reshape(x_hold, (x_hold.shape[0], x_hold.shape[1], 1))

    return [x_fit, y_fit, x_hold, y_hold]


def make_net():
    net = Sequential()
    widths = [1, 50, 100, 1]

    net.add(LSTM(
        input_dim=widths[0],
        output_dim=widths[1],
        return_sequences=True))
    net.add(Dropout(0.2))

    net.add(LSTM(
        widths[2],
        return_sequences=False))
    net.add(Dropout(0.2))

    net.add(Dense(
        output_dim=widths[3]))
    net.add(Activation("linear"))

    t0 = time.time()
    net.compile(loss="mse", optimizer="rmsprop")
    print("compile seconds: ", time.time() - t0)
    return net


def run(net=None, arrays=None):
    t_start = time.time()
    n_epochs = 1
    fraction = 0.5
    window = 50
    csv_file = 'household_power_consumption.txt'

    if arrays is None:
        print('reading csv...')
        x_fit, y_fit, x_hold, y_hold = load_power_windows(
            csv_file, window, fraction)
    else:
        x_fit, y_fit, x_hold, y_hold = arrays

    print('\narrays ready, building net...\n')

    if net is None:
        net = make_net()

    try:
        net.fit(
            x_fit, y_fit,
            batch_size=512, nb_epoch=n_epochs, validation_split=0.05)
        guess = net.predict(x_hold)
        guess = np.reshape(guess, (guess.size,))
    except KeyboardInterrupt:
        print('seconds so far: ', time.time() - t_start)
        return net, y_hold, 0

    try:
        fig = plt.figure()
        ax = fig.add_subplot(111)
        ax.plot(y_hold[:100])
        plt.plot(guess[:100])
        plt.show()
    except Exception as err:
        print(str(err))
    print('seconds so far: ', time.time() - t_start)
    
    return net, y_hold, guess
