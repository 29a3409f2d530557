# -*- coding: UTF-8 -*- #
"""
Single-layer LSTM on the summed LD2011_2014 load series.


"""
import numpy as np
import torch
from torch import nn
import matplotlib.pyplot as plt
from dataset import LoadSumSeries,make_loaders
import copy
import random
WIN=960
PATIENCE=100# stop after this many steps without a better validation loss
VAL_EVERY=2# compare validation loss every this many steps
from dataset import BATCH_SIZE

class LoadLSTM(nn.Module):
    def __init__(self, input_size, hidden_size, num_layers, output_size, batch_size):
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.output_size = output_size
        self.num_directions = 1 # one direction only
        self.batch_size = batch_size
        self.lstm = nn.LSTM(self.input_size, self.hidden_size, self.num_layers, batch_first=False)
        self.linear = nn.Linear(self.hidden_size, self.output_size)

    def forward(self, seq_in):
        batch_size, n_steps = seq_in.shape[0], seq_in.shape[1]
        #print("bs=  ",batch_size,"  steps=  ",n_steps)
        h_init = torch.randn(self.num_directions * self.num_layers, self.batch_size, self.hidden_size)
        c_init = torch.randn(self.num_directions * self.num_layers, self.batch_size, self.hidden_size)
        # rnn_out has shape (steps, batch, directions * hidden)
        rnn_out, _ = self.lstm(seq_in, (h_init, c_init))
        #rnn_out, _ = self.lstm(seq_in)
        out = self.linear(rnn_out)
        return out






series_ds=LoadSumSeries(length=WIN)
loader_fit, loader_val, loader_test = make_loaders(series_ds, batch_size=BATCH_SIZE)
n_samples=(LoadSumSeries.__len__(series_ds))
print(LoadSumSeries.__len__(series_ds))
# for k, batch in enumerate(loader_fit):
# 	# k counts batches, batch holds the xb and yb tensors
#     print("batch {} \n{}".format(k, batch))


net=LoadLSTM(input_size=1, hidden_size=64,num_layers= 1,output_size= 1, batch_size=BATCH_SIZE)
print('network:', net)
mse = nn.MSELoss()
opt = torch.optim.Adam(net.parameters(), lr=0.001)


# fitting

def val_step_loss(net,loader_val):
    for k, (xb,yb) in enumerate(loader_val):
        if k <random.randint(1, len(loader_val)):# pick a random validation batch by skipping ahead
            pass
        else:
            xb = xb.reshape(WIN, BATCH_SIZE, 1)
            yhat = net(xb)
            return mse(yhat, yb)

best_net = None
best_val = 50000000000
since_best=0
since_val=0
print('fit batches =',len(loader_fit))
for it ,(xb, yb) in enumerate(loader_fit):
    since_best=since_best+1
    since_val=since_val+1
    fit_losses = []
    print(since_best,since_val)
    xb=xb.reshape(WIN,BATCH_SIZE,1)
    yhat = net(xb)
    fit_loss = mse(yhat, yb)
    #print(fit_loss)
    fit_losses.append(fit_loss.item())

    opt.zero_grad()
    fit_loss.backward()
    opt.step()

    # compare on one validation batch
    cur_val = val_step_loss(net, loader_val)
    if since_val>=VAL_EVERY:
        since_val=0
        net.eval()
        if cur_val < best_val:
            best_val = cur_val
            since_best=0
            best_net = copy.deepcopy(net)

    if since_best>=PATIENCE:
        print('stopping: no better validation loss for {:03d} steps, fit loss {:.8f} best val {:.8f}'.format(since_best, np.mean(fit_losses), best_val))
        break

    print('step {:03d} fit loss {:.8f} val loss {:.8f}'.format(it, np.mean(fit_losses), cur_val))
    net.train()
