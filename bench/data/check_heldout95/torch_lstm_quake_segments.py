import numpy as np
import pandas as pd
import os
import matplotlib.pyplot as plt
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader
torch.set_num_threads(4)
quake_df = pd.read_csv('../input/train.csv', dtype={"acoustic_data": np.float32, "time_to_failure": np.float32})
quake_df.head()
step_every = 100
plt.plot(quake_df.acoustic_data.values[::step_every])
plt.plot(quake_df.time_to_failure.values[::step_every]*100)
def summary_stats(block):
    return np.c_[
        block.mean(axis=1),
        np.percentile(np.abs(block), q=[0, 25, 50, 75, 100], axis=1).T,
        block.std(axis=1)
    ]
def build_sequence(signal, win=1000, n_steps=150):
    grid = signal.reshape(n_steps, -1)
    return np.c_[
        summary_stats(grid),
        summary_stats(grid[:, -win // 10:]),
        summary_stats(grid[:, -win // 100:])
    ]
feat_count = build_sequence(quake_df.acoustic_data.values[0:150000]).shape[1]
class SegmentSet(Dataset):
    def __init__(self, frame, win=1000, n_steps=150):
        self.count = frame.shape[0] // (win*n_steps)
        self.seqs, self.targets = [], []
        for k in range(self.count):
            chunk = frame.iloc[k*win*n_steps: (k+1)*win*n_steps]
            sig = chunk.acoustic_data.values
            tgt = chunk.time_to_failure.values[-1]
            self.seqs.append(build_sequence(sig))
            self.targets.append(tgt)
    def __len__(self):
        return self.count
    def __getitem__(self, k):
        return (
            torch.from_numpy(self.seqs[k].astype(np.float32)),
            self.targets[k]
        )
segment_set = SegmentSet(quake_df)
bs = 100
steps_per_epoch = len(segment_set) // 100
seg_loader = DataLoader(segment_set, batch_size=bs, shuffle=False)
class QuakeLSTM(nn.Module):
    def __init__(self, n_in, n_hidden):
        super(QuakeLSTM, self).__init__()
        self.n_hidden = n_hidden
        self.rnn = nn.LSTM(n_in, n_hidden, batch_first=True)
        self.head = nn.Linear(n_hidden, 1)
    def forward(self, seq):
        state = (
            torch.zeros(1, seq.size(0), self.n_hidden),
            torch.zeros(1, seq.size(0), self.n_hidden)
        )
        seq_out, _ = self.rnn(seq, state)
        seq_out = self.head(seq_out[:, -1, :])
        return seq_out.view(-1)
n_in = feat_count
n_hidden = 32
net = QuakeLSTM(n_in, n_hidden)
lr = 0.01
mse = nn.MSELoss()
opt = torch.optim.Adam(net.parameters(), lr=lr)
for ep in range(2):
    for j, (batch_x, batch_y) in enumerate(seg_loader):
        pred = net(batch_x)
        loss = mse(pred, batch_y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        if j % 10 == 0:
            print(f'[pass {ep}/2, batch {j}/{steps_per_epoch}]  mse: {loss.item(): .4f}')
