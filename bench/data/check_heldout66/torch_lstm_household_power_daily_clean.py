# %%
import numpy as np
import pandas as pd

# %%
# read the meter file
meter = pd.read_csv('data//household_power_consumption.txt', sep = ";")
meter.head()

# %%
# inspect it
meter.info()

# %%
meter['datetime'] = pd.to_datetime(meter['Date'] + " " + meter['Time'])
meter.drop(['Date', 'Time'], axis = 1, inplace = True)
# remove incomplete rows
meter.dropna(inplace = True)

# %%
print("from: ", meter['datetime'].min())
print("to: ", meter['datetime'].max())

# %%
# split into a training part and a test part
# the two parts do not overlap in time
# order the rows by timestamp
meter = meter.sort_values('datetime').reset_index(drop=True)

# bounds of the covered period
t_first = meter['datetime'].min()
t_last = meter['datetime'].max()

# one timestamp per day inside those bounds
daily_idx = pd.date_range(
    start=t_first,
    end=t_last,
    freq='24h'  # one point a day keeps the series short
)

# take the reading at each daily timestamp (carry the last one forward)
daily = meter.set_index('datetime').reindex(daily_idx, method='ffill')

# drop days that fell outside the data
daily = daily.dropna(subset=meter.drop(columns=['datetime']).columns)

# give the frame its original column names back
daily.reset_index(inplace=True)
daily.columns = ['datetime'] + meter.drop(columns=['datetime']).columns.tolist()

# first 80 percent of days for training
n_fit = int(len(daily) * 0.8)
fit_part = daily.iloc[:n_fit]
hold_part = daily.iloc[n_fit:]


# %%
# scaling
from sklearn.preprocessing import MinMaxScaler
 
# fit the scaler on the training days only
num_cols = fit_part.drop(columns=['datetime']).columns
mm = MinMaxScaler()
mm.fit(fit_part[num_cols])
 
# scale both parts
fit_scaled = fit_part.copy()
hold_scaled = hold_part.copy()
fit_scaled[num_cols] = mm.transform(fit_part[num_cols])
hold_scaled[num_cols] = mm.transform(hold_part[num_cols])
 
# %%
# inputs and target
# the target is the active power
GOAL = 'Global_active_power'
INPUTS = fit_scaled.drop(columns=['datetime', GOAL]).columns

def to_windows(tbl, goal, inputs, span=24):
    xs, ys = [], []
    vals = tbl[inputs].values
    goals = tbl[goal].values
    for j in range(len(tbl) - span):
        xs.append(vals[j:j+span])
        ys.append(goals[j+span])
    return np.array(xs), np.array(ys)

SPAN = 24  # 24 steps per window
Xf, yf = to_windows(fit_scaled, GOAL, INPUTS, SPAN)
Xh, yh = to_windows(hold_scaled, GOAL, INPUTS, SPAN)

# %%
# loaders
import torch
from torch.utils.data import TensorDataset, DataLoader

dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

Xf_t = torch.tensor(Xf, dtype=torch.float32).to(dev)
yf_t = torch.tensor(yf, dtype=torch.float32).unsqueeze(1).to(dev)
Xh_t = torch.tensor(Xh, dtype=torch.float32).to(dev)
yh_t = torch.tensor(yh, dtype=torch.float32).unsqueeze(1).to(dev)

fit_ds = TensorDataset(Xf_t, yf_t)
fit_dl = DataLoader(fit_ds, batch_size=64, shuffle=True)
hold_ds = TensorDataset(Xh_t, yh_t)
hold_dl = DataLoader(hold_ds, batch_size=64, shuffle=False)
# %%
# the network
import torch.nn as nn
 
class DailyLSTM(nn.Module):
    def __init__(self, n_in, n_hidden=64, n_layers=3):
        super().__init__()
        self.lstm = nn.LSTM(n_in, n_hidden, n_layers, batch_first=True)
        self.fc = nn.Linear(n_hidden, 1)
        
    def forward(self, x):
        seq_out, _ = self.lstm(x)
        return self.fc(seq_out[:, -1, :])  # last time step
 
N_IN = Xf.shape[2]  # number of input columns
net = DailyLSTM(N_IN).to(dev)
# %%
# training loop
import torch.optim as optim

opt = optim.Adam(net.parameters(), lr=0.001)
mse = nn.MSELoss()

n_epochs = 100
fit_hist = []
hold_hist = []

for ep in range(n_epochs):
    net.train()
    fit_sum = 0.0
    for bx, by in fit_dl:
        opt.zero_grad()
        out = net(bx)
        l = mse(out, by)
        nb = bx.size(0)
        fit_sum += l.item() * nb
        l.backward()
        opt.step()
    
    net.eval()
    hold_sum = 0.0
    with torch.no_grad():
        for bx, by in hold_dl:
            out = net(bx)
            l = mse(out, by)
            nb = bx.size(0)
            hold_sum += l.item() * nb
    
    fit_avg = fit_sum / len(fit_dl.dataset)
    hold_avg = hold_sum / len(hold_dl.dataset)
    fit_hist.append(fit_avg)
    hold_hist.append(hold_avg)
    print(f'epoch {ep+1}/{n_epochs} | fit mse: {fit_avg:.6f} | hold mse: {hold_avg:.6f}', flush=True)
# %%
# predictions on the held-out days
net.eval()
with torch.no_grad():
    guess = net(Xh_t).cpu().numpy()
    truth = yh_t.cpu().numpy()

# undo the scaling by padding the other columns with zeros
pad = np.zeros((guess.shape[0], 6))
guess_full = np.hstack([pad, guess.reshape(-1, 1)])
truth_full = np.hstack([pad, truth.reshape(-1, 1)])

guess_kw = mm.inverse_transform(guess_full)[:, -1]
truth_kw = mm.inverse_transform(truth_full)[:, -1]

# %%
# draw both curves
import matplotlib.pyplot as plt
plt.figure(figsize=(14, 6))
plt.plot(truth_kw, label='measured', alpha=0.7)
plt.plot(guess_kw, label='predicted', alpha=0.7)
plt.title('measured vs predicted')
plt.xlabel('day')
plt.ylabel('Power (kW)')
plt.grid(True)
plt.legend()
plt.show()
