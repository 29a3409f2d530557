import numpy as np
import csv

def read_power_windows(csv_path, window_len=60, horizon=5, fraction=1.0):
    cap = fraction * 2075259  # 2075259 minute readings between Dec 2006 and Nov 2010

    # read the readings
    with open(csv_path) as fh:
        rows = csv.reader(fh, delimiter=";")
        active_power = []
        n_read = 0
        for row in rows:
            try:
                active_power.append(float(row[2]))
                n_read += 1
            except ValueError:
                pass
            if n_read >= cap:  # stop at the requested share of readings
                break

    print('csv read.')
    windows = []
    # one overlapping window per start minute
    for start in range(len(active_power) - window_len):  # start=0 -> minutes 0..w, start=1 -> 1..w+1, ...
        windows.append(active_power[start: start + window_len])
    windows = np.array(windows)  # (windows, window_len)

    # subtract the mean
    mu = windows.mean()
    windows -= mu
    print('mean removed (value subtracted: ', mu, ')')
    print('windows: ', windows.shape)

    # train / test split
    train_share = 0.9
    cut = int(round(train_share * windows.shape[0]))
    tr = windows[:cut, :]
    x_tr = tr[:, :-horizon]  # inputs: all but the last horizon steps
    y_tr = tr[:, -horizon:]  # targets: the last horizon steps
    x_te = windows[cut:, :-horizon]
    y_te = windows[cut:, -horizon:]  # targets of the test windows

    x_tr = np.reshape(x_tr, (x_tr.shape[0], x_tr.shape[1], 1))
    x_te = np.reshape(x_te, (x_te.shape[0], x_te.shape[1], 1))

    return [x_tr, y_tr, x_te, y_te, mu]
