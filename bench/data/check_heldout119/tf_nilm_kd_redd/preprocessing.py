import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
import datetime
import time
import math
import warnings
warnings.filterwarnings("ignore")
import glob





def read_house(h, app_params, dev,root):

    k = app_params[dev]['houses'].index(h)
    folder = root+'low_freq/house_{}/'.format(h)
    fpath = folder + 'channel_{}.dat'.format(app_params[dev]['main'][k])
    frame = pd.read_table(fpath, sep=' ', names=['unix_time', "main"],
                       dtype={'unix_time': 'int64', 1: 'float64'})
    print(str(h)+"  "+str(app_params[dev]['main'][k]))
    ch=app_params[dev]['channels'][k]
    fpath = folder + 'channel_{}.dat'.format(ch)
    other = pd.read_table(fpath, sep=' ', names=['unix_time', ch],
                         dtype={'unix_time': 'int64', ch: 'float64'})
    frame = pd.merge(frame, other, how='inner', on='unix_time')
    frame['timestamp'] = frame['unix_time'].astype("datetime64[s]")
    frame = frame.set_index(frame['timestamp'].values)
    frame.drop(['unix_time', 'timestamp'], axis=1, inplace=True)
    return frame

def load_houses(root,app_params,dev):

    tr = {}
    te = {}
    for ch in app_params[dev]['train_build']:
        # one merged frame per house
        tr[ch] = read_house(ch, app_params, dev,root)
        # peek at it
        print(tr[ch].head())


    h_te = app_params[dev]['test_build']
    te[h_te] = read_house(h_te, app_params, dev,root)
    return tr,te
