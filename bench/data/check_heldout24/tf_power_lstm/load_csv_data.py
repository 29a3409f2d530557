# coding: utf-8
#==========================
#  CSV reader for the
#  power readings
#  
#==========================
from __future__ import print_function

from sklearn.model_selection import train_test_split
import numpy as np
import csv
import sys

def load_time_series(csv_path='household_power_consumption.txt', test_share=0.2, window=10, quick=False):
    '''
    Reads the semicolon-separated power file and cuts it into windows.
    Returns train and test inputs with the next-step target.
    Columns used:
    The 7 numeric columns at time t-window..t-1 are the inputs,
    Global_active_power at time t is the label.

     Missing readings appear as '?' or empty fields.
    '''

    print('reading the csv file...')
    rows = []
    with open(csv_path) as fh:
        reader = csv.reader(fh, delimiter=';')
        next(reader)
        if not quick:
            for row in reader:
                rows.append(row)
        else:
            n = 0
            for row in reader:
                if n > 100000: break
                rows.append(row)
                n += 1

    rows = np.array(rows)
    rows = rows[:, 2:] # drop date and time columns
    rows[rows == '?'] = 0 # missing reading -> 0
    rows[rows == ''] = 0 # empty field -> 0
    rows = rows.astype(np.float16) # numbers from here on

    # (no per-column scaling yet)

    window_data, window_labels = [], []
    for i in range(len(rows) - window):
        window_data.append(rows[i:i + window,:])
        window_labels.append(rows[i+window,0])

    window_data = np.array(window_data).reshape(len(window_data), window, 7)
    window_labels = np.array(window_labels).reshape(len(window_labels), 1)

    # ordered split, no shuffling
    train_X, test_X, train_y, test_y = train_test_split(window_data, window_labels, test_size=test_share, shuffle=False)

    print('sizes:')
    print('  train inputs / targets: {} / {}'.format(len(train_X), len(train_y)))
    print('  test inputs / targets: {} / {}'.format(len(test_X), len(test_y)))
    print(train_X.shape)

    return (train_X, test_X), (train_y, test_y)


if __name__=='__main__':
    import argparse
    cli = argparse.ArgumentParser(description='quick check of the loader')
    cli.add_argument('-d','--debug',action='store_true',default=False, help='only read the first 100k rows')
    cli.add_argument('--test-size',default=0.2, help='share of windows kept for testing')
    cli.add_argument('--time_steps',default=20, help='window length in steps')
    opts = cli.parse_args() 

    print('debug:',opts.debug)
    print('split {} / {}'.format(1-opts.test_size, opts.test_size))
    (train_x, train_y), (test_x, test_y) = load_time_series(quick=opts.debug, 
                                                            test_share=opts.test_size,
                                                            window=opts.time_steps)

