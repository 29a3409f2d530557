import math
import numpy as np
import pandas as pd

class DataLoader():
    """Reads the price table and cuts it into LSTM windows"""

    def __init__(self, filename, split, cols):
        table = pd.read_csv(filename)
        cut = int(len(table) * split)
        self.data_train = table.get(cols).values[:cut]
        self.data_test  = table.get(cols).values[cut:]
        self.len_train  = len(self.data_train)
        self.len_test   = len(self.data_test)
        self.len_train_windows = None

    def get_test_data(self, seq_len, normalise):
        '''
        All test windows as x, y arrays.
        Note: builds every window at once; if memory is short,
        shrink the test share.
        '''
        wins = []
        for s in range(self.len_test - seq_len):
            wins.append(self.data_test[s:s+seq_len])

        wins = np.array(wins).astype(float)
        wins = self.normalise_windows(wins, single_window=False) if normalise else wins

        wx = wins[:, :-1]
        wy = wins[:, -1, [0]]
        return wx,wy

    def get_train_data(self, seq_len, normalise):
        '''
        All training windows as x, y arrays.
        Note: builds every window at once; if memory is short,
        use the batch generator instead.
        '''
        xs = []
        ys = []
        for s in range(self.len_train - seq_len):
            wx, wy = self._next_window(s, seq_len, normalise)
            xs.append(wx)
            ys.append(wy)
        return np.array(xs), np.array(ys)

    def generate_train_batch(self, seq_len, batch_size, normalise):
        '''Endless generator of training batches cut from the train rows'''
        s = 0
        while s < (self.len_train - seq_len):
            bx = []
            by = []
            for _ in range(batch_size):
                if s >= (self.len_train - seq_len):
                    # rows ran out: emit a short last batch and start over
                    yield np.array(bx), np.array(by)
                    s = 0
                wx, wy = self._next_window(s, seq_len, normalise)
                bx.append(wx)
                by.append(wy)
                s += 1
            yield np.array(bx), np.array(by)

    def _next_window(self, s, seq_len, normalise):
        '''One window starting at row s'''
        win = self.data_train[s:s+seq_len]
        win = self.normalise_windows(win, single_window=True)[0] if normalise else win
        wx = win[:-1]
        wy = win[-1, [0]]
        return wx, wy

    def normalise_windows(self, window_data, single_window=False):
        '''Express each window relative to its first row'''
        out = []
        window_data = [window_data] if single_window else window_data
        for win in window_data:
            cols_out = []
            for c in range(win.shape[1]):
                col = [((float(v) / float(win[0, c])) - 1) for v in win[:, c]]
                cols_out.append(col)
            cols_out = np.array(cols_out).T # back to rows x columns
            out.append(cols_out)
        return np.array(out)
