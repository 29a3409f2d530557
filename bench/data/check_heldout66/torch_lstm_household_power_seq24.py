# %%
import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader
from sklearn.preprocessing import MinMaxScaler
import matplotlib.pyplot as plt
# %%
# read the raw meter readings
frame = pd.read_csv(r'D:\camp\day3\assignment\data\household_power_consumption\household_power_consumption.csv', sep = ";")
frame.head()

# %%
# look at columns and dtypes
frame.info()

# %%
frame['datetime'] = pd.to_datetime(frame['Date'] + " " + frame['Time'])
frame.drop(['Date', 'Time'], axis = 1, inplace = True)
# drop rows with gaps
frame.dropna(inplace = True)

# %%
print("first reading: ", frame['datetime'].min())
print("last reading: ", frame['datetime'].max())

# %%
# split by time: everything up to the end of 2009 trains,
# the rest is held out
part_a, part_b = frame.loc[frame['datetime'] <= '2009-12-31'], frame.loc[frame['datetime'] > '2009-12-31']

# %%
# min-max scaling
mm = MinMaxScaler()
cols = ['Global_active_power', 'Global_reactive_power', 'Voltage', 
                'Global_intensity', 'Sub_metering_1', 'Sub_metering_2', 'Sub_metering_3']
a_scaled = mm.fit_transform(part_a[cols])
b_scaled = mm.transform(part_b[cols])
# %%
# cut into input windows and next-step targets
def make_windows(arr, win=24):
    ins, outs = [], []
    for k in range(len(arr) - win):
        w = arr[k:(k+win)]
        t = arr[k+win][0]  # next active power value
        ins.append(w)
        outs.append(t)
    return np.array(ins), np.array(outs)

WIN = 24  # one day of steps
Xa, ya = make_windows(a_scaled, WIN)
Xb, yb = make_windows(b_scaled, WIN)
# %%
# wrap the arrays for the loaders
class MeterWindows(Dataset):
    def __init__(self, X, y):
        self.X = torch.tensor(X, dtype=torch.float32)
        self.y = torch.tensor(y, dtype=torch.float32)
    def __len__(self):
        return len(self.X)
    def __getitem__(self, i):
        return self.X[i], self.y[i]

BS = 64
set_a = MeterWindows(Xa, ya)
set_b = MeterWindows(Xb, yb)
loader_a = DataLoader(set_a, batch_size=BS, shuffle=True)
loader_b = DataLoader(set_b, batch_size=BS, shuffle=False)
# %%
# recurrent regressor
class MeterLSTM(nn.Module):
    def __init__(self, n_in, n_hidden, n_layers=1):
        super().__init__()
        self.lstm = nn.LSTM(n_in, n_hidden, n_layers, batch_first=True)
        self.fc = nn.Linear(n_hidden, 1)
    def forward(self, x):
        h, _ = self.lstm(x)
        h = h[:, -1, :]  # last step only
        h = self.fc(h)
        return h.squeeze()

N_IN = len(cols)
N_HIDDEN = 64
net = MeterLSTM(N_IN, N_HIDDEN)
# %%
# training
dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
net = net.to(dev)
mse = nn.MSELoss()
opt = torch.optim.Adam(net.parameters(), lr=0.001)
N_EPOCHS = 10

for ep in range(N_EPOCHS):
    net.train()
    acc = 0
    for xb, yb_ in loader_a:
        xb, yb_ = xb.to(dev), yb_.to(dev)
        opt.zero_grad()
        out = net(xb)
        l = mse(out, yb_)
        l.backward()
        opt.step()
        acc += l.item()
    print(f"epoch {ep+1}/{N_EPOCHS}, mse: {acc/len(loader_a):.4f}")
# %%
# held-out evaluation
net.eval()
p_list, t_list = [], []
with torch.no_grad():
    for xb, yb_ in loader_b:
        xb = xb.to(dev)
        out = net(xb)
        p_list.append(out.cpu().numpy())
        t_list.append(yb_.numpy())
p_list = np.concatenate(p_list)
t_list = np.concatenate(t_list)

# back to kW
p_kw = mm.inverse_transform(
    np.concatenate([p_list.reshape(-1,1), np.zeros((len(p_list), len(cols)-1))], axis=1)
)[:,0]
t_kw = mm.inverse_transform(
    np.concatenate([t_list.reshape(-1,1), np.zeros((len(t_list), len(cols)-1))], axis=1)
)[:,0]

from sklearn.metrics import mean_squared_error
print("held-out RMSE:", np.sqrt(mean_squared_error(t_kw, p_kw)))
# %%
# plot a stretch of predictions against the truth
plt.figure(figsize=(15,5))
plt.plot(t_kw[:500], label='measured')
plt.plot(p_kw[:500], label='predicted')
plt.legend()
plt.title('active power forecast')
plt.xlabel('step')
plt.ylabel('Global Active Power')
plt.show()
