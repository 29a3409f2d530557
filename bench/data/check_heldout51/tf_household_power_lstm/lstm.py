import time
from keras.layers.recurrent import LSTM
from keras.layers.core import Activation, Dense, Dropout
from keras.models import Sequential, load_model
from data import read_power_windows
from numpy.random import seed
seed(1234)  # fixed numpy seed
from tensorflow import set_random_seed
set_random_seed(2)  # fixed tensorflow seed
from plot import plot_predictions


def make_net(horizon):
    net = Sequential()
    sizes = [1, 75, 100, horizon]
    net.add(LSTM(sizes[1], input_shape=(None, sizes[0]), return_sequences=True))  # first recurrent layer
    net.add(Dropout(0.2))  # its dropout
    net.add(LSTM(sizes[2], return_sequences=False))  # second recurrent layer
    net.add(Dropout(0.2))  # its dropout
    net.add(Dense(sizes[3]))  # output layer
    net.add(Activation('linear'))  # linear output
    t0 = time.time()
    net.compile(loss="mse", optimizer="rmsprop")
    print('compile took : ', time.time() - t0)
    return net


def train_power_lstm(net, window_len, horizon):
    cached = None
    t_start = time.time()
    n_epochs = 1
    fraction = 1  # share of the 2+ million readings to use
    csv_path = 'data/household_power_consumption.txt'

    if cached is None:
        print('reading data... ')
        x_tr, y_tr, x_te, y_te, mu = read_power_windows(csv_path, window_len,
                                                                  horizon, fraction)
    else:
        x_tr, y_tr, x_te, y_te = cached

    print('\ndata ready, compiling...\n')

    if net is None:
        net = make_net(horizon)
        try:
            net.fit(x_tr, y_tr, batch_size=128, epochs=n_epochs, validation_split=0.05)
            pred = net.predict(x_te)
            # pred = np.reshape(pred, (pred.size,))
            net.save('power_lstm.h5')  # keep the trained network
        except KeyboardInterrupt:  # keep the network when stopped by hand
            print('training time (s) : ', time.time() - t_start)
            net.save('power_lstm.h5')
            return net, y_te, 0
    else:  # a trained network was passed in
        print('using given network...')
        pred = net.predict(x_te)
    plot_predictions(mu, horizon, pred, y_te, t_start)

    return None
