import datetime
import glob
import torch
import torch.nn as nn
import os, math
import seaborn as sns
import numpy as np
import pandas as pd
import sys
from sklearn.preprocessing import MinMaxScaler

n_rows = 15000
out_file = "D:\d\pytorch-repo\docker-utilizations\model1"
try:
    n_rows = sys.argv[1]
    out_file = sys.argv[2]
except:
    pass

frame = pd.read_csv("data.csv", index_col=0)
mm = MinMaxScaler(feature_range=(-1, 1))
scaled = mm.fit_transform(frame.values[:n_rows, :])
# scaled = torch.FloatTensor(scaled)
def make_windows(arr, width):
    xs = []
    ys = []
    n = len(arr)
    for k in range(n - width):
        xw = arr[k:k + width]
        yw = arr[k + width:k + width + 1]
        xs.append(xw)
        ys.append(yw)
    return xs, ys


class UsageLSTM(nn.Module):
    def __init__(self, input_size=2, hidden_layer_size=56, step=150):
        super().__init__()
        self.hidden_layer_size = hidden_layer_size
        self.rnn = nn.LSTM(2, hidden_layer_size)
        self.proj = nn.Linear(hidden_layer_size, 2)
        self.step = step

    def forward(self, x):
        h0 = torch.zeros(1, self.step, self.hidden_layer_size)
        c0 = torch.zeros(1, self.step, self.hidden_layer_size)

        seq_out, self.hidden_cell = self.rnn(x, (h0, c0))
        out = self.proj(seq_out)
        return out[:, -1, :]


# batch, width, features
net = UsageLSTM()
crit = nn.MSELoss()
opt = torch.optim.Adam(net.parameters(), lr=0.001)
n_epochs = 50
bsize, width, n_feat = 99, 150, 2
xs, ys = make_windows(scaled, width)


def batches(bsize=50):
    n = len(ys)
    for b in range(math.floor(n / bsize)):
        xb = xs[b * bsize:(b + 1) * bsize]
        yb = ys[b * bsize:(b + 1) * bsize]
        yield torch.FloatTensor(np.stack(xb, axis=0)), torch.FloatTensor(np.stack(yb))


for ep in range(n_epochs):
    it = batches(bsize)
    for j, (xb, yb) in enumerate(it):
        opt.zero_grad()
        yb = yb.squeeze()
        out = net(xb)
        step_loss = crit(out, yb)
        step_loss.backward()
        opt.step()
        if j % 100 == 0:
            print(f"epoch {ep} batch {j}")
    # if ep%25 == 1:
    print(f'epoch: {ep:3} loss: {step_loss.item():10.8f}')

torch.save(net.state_dict(), out_file)
