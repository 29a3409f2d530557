import time
import warnings
import numpy as np
from numpy import newaxis
from keras.layers.core import Dense, Activation, Dropout
from keras.layers.recurrent import LSTM
from keras.models import Sequential
import matplotlib.pyplot as plt


warnings.filterwarnings("ignore")

def plot_rolling_forecasts(forecast_chunks, actual_y, horizon):
    figure_obj = plt.figure(facecolor='white')
    axis = figure_obj.add_subplot(111)
    axis.plot(actual_y, label='actual')
    print('plotting')
    # left-pad each chunk with None so it starts at its own offset
    for i, price_data in enumerate(forecast_chunks):
        lead_pad = [None for p in range(i * horizon)]
        plt.plot(lead_pad + price_data, label='forecast')
        plt.legend()
    plt.show()

def read_price_windows(csv_path, window_len, scale_windows):
    raw_text = open(csv_path, 'r').read()
    price_data = raw_text.split('\n')

    span = window_len + 1
    windows = []
    for start in range(len(price_data) - span):
        windows.append(price_data[start: start + span])
    
    if scale_windows:
        windows = scale_to_first(windows)

    windows = np.array(windows)

    split_at = round(0.9 * windows.shape[0])
    train_rows = windows[:int(split_at), :]
    np.random.shuffle(train_rows)
    train_x = train_rows[:, :-1]
    train_y = train_rows[:, -1]
    test_x = windows[int(split_at):, :-1]
    test_y = windows[int(split_at):, -1]

    train_x = np.reshape(train_x, (train_x.shape[0], train_x.shape[1], 1))
    test_x = np.reshape(test_x, (test_x.shape[0], test_x.shape[1], 1))  

    return [train_x, train_y, test_x, test_y]

def scale_to_first(raw_windows):
    scaled_windows = []
    for win in raw_windows:
        scaled_win = [((float(p) / float(win[0])) - 1) for p in win]
        scaled_windows.append(scaled_win)
    return scaled_windows

def make_lstm_model(layer_sizes):
    seq_model = Sequential()

    seq_model.add(LSTM(layer_sizes[1],
        input_dim=layer_sizes[0],
        return_sequences=True))
    seq_model.add(Dropout(0.2))

    seq_model.add(LSTM(
        layer_sizes[2],
        return_sequences=False))
    seq_model.add(Dropout(0.2))

    seq_model.add(Dense(layer_sizes[3]))
    seq_model.add(Activation("linear"))

    t_start = time.time()
    seq_model.compile(loss="mse", optimizer="rmsprop")
    print("compile took (s):", time.time() - t_start)
    return seq_model

def forecast_one_step(seq_model, price_data):
    # one-step-ahead forecast for every window of real history
    preds = seq_model.predict(price_data)
    preds = np.reshape(preds, (preds.size,))
    return preds

def forecast_full_rollout(seq_model, price_data, window_len):
    # roll forward: append each forecast to the window and forecast again
    cur_window = price_data[0]
    preds = []
    for i in range(len(price_data)):
        preds.append(seq_model.predict(cur_window[newaxis,:,:])[0,0])
        cur_window = cur_window[1:]
        cur_window = np.insert(cur_window, [window_len-1], preds[-1], axis=0)
    return preds

def forecast_in_chunks(seq_model, price_data, window_len, horizon):
    # forecast `horizon` steps from each chunk start, then jump to the next chunk
    chunked_preds = []
    for i in range(len(price_data)//horizon):
        cur_window = price_data[i*horizon]
        preds = []
        for j in range(horizon):
            preds.append(seq_model.predict(cur_window[newaxis,:,:])[0,0])
            cur_window = cur_window[1:]
            cur_window = np.insert(cur_window, [window_len-1], preds[-1], axis=0)
        chunked_preds.append(preds)
    return chunked_preds