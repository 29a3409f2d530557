# -*- coding: utf-8 -*-#
'''
# script:       quick STGCN-style temporal conv test
# what:         fits a 3-branch Conv2D block on PeMSD7 windows
# by:           (re-expressed)
# when:         2020
'''
from os.path import join as pjoin

from data_utils import *
from math_graph import *

from keras.layers import Input, Dropout, Conv2D, add
from keras.models import Model, Sequential
from keras.layers import Activation
from keras.optimizers import Adam
from keras.regularizers import l2

from layer import *

n_nodes = 228
hist_len = 12
pred_len = 9

adj_w = weight_matrix(pjoin('./data_loader/data', f'W_228.csv'))
speed_csv = f'V_228.csv'
days_train, days_val, days_test = 34, 5, 5
pems = data_gen(pjoin('./data_loader/data', speed_csv), (days_train, days_val, days_test), n_nodes, hist_len + pred_len)
print(f'>> windows built; mean {pems.mean:.2f}, std {pems.std:.2f}')

win = pems.get_data('train')
win = win.transpose(0,3,1,2)
print(win.shape)

inp_train = win[:1000]
tgt_train = win[1:1001]

print(inp_train.shape)
print(tgt_train.shape)

def make_net():
    x_in = Input(shape=(1,21,228))
    branch_a = Conv2D(filters=228, kernel_size=(1, 3))(x_in)
    print(branch_a)
    branch_b = Conv2D(filters=228, kernel_size=(1,3), activation='sigmoid')(x_in)
    print(branch_b)
    branch_c = Conv2D(filters=228, kernel_size=(1,3))(x_in)
    print(branch_c)
    merged = add([branch_a, branch_b, branch_c])
    print(merged)
    merged = Activation('relu')(merged)
    print(merged)
    net = Model(inputs=x_in, outputs=merged)
    net.compile(optimizer='adam', loss='mean_squared_error')
    return net


net = make_net()
net.fit(inp_train, tgt_train,
        epochs=2)
