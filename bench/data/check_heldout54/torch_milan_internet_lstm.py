import pandas as pd
import numpy as np
import time
from sklearn.preprocessing import MinMaxScaler
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

# Read the telecom table
TABLE_PATH = 'milan_full_sorted.parquet'
tele = pd.read_parquet(TABLE_PATH)
tele['time_interval']=pd.to_datetime(tele['time_interval'])

# Cells to forecast and the held-out week
CELLS = [6260, 4159, 4556]
hold_from = '2013-12-16'
hold_to = '2013-12-22'

# average the 10-minute slots into hours

def to_hourly(tele, value_col='internet_traffic', time_col='time_interval', id_col='square_id'):
    tele = tele.copy()
    tele[time_col] = pd.to_datetime(tele[time_col])
    per_hour = (
        tele.groupby([id_col, pd.Grouper(key=time_col, freq='h')])[value_col]
          .mean()
          .reset_index()
    )
    return per_hour

print('Averaging into hours...')
hourly = to_hourly(tele)

hold_from_h = pd.Timestamp(hold_from).floor('h')
hold_to_h = pd.Timestamp(hold_to).floor('h')
print('hourly table shape', hourly.shape)

# windows

def windows(series, lookback):
    xs, ys = [], []
    for t in range(lookback, len(series)):
        xs.append(series[t - lookback:t])
        ys.append(series[t])
    return np.array(xs, dtype=np.float32), np.array(ys, dtype=np.float32)

class TrafficLSTM(nn.Module):
    def __init__(self, input_size=1, hidden_size=64, num_layers=2, dropout=0.0):
        super().__init__()
        self.lstm = nn.LSTM(
            input_size  = input_size,
            hidden_size = hidden_size,
            num_layers  = num_layers,
            dropout     = dropout if num_layers > 1 else 0.0,
            batch_first = True
        )
        self.dropout = nn.Dropout(dropout)
        self.fc      = nn.Linear(hidden_size, 1)

    def forward(self, x):
        seq, _ = self.lstm(x)
        seq     = self.dropout(seq[:, -1, :])
        return self.fc(seq).squeeze(-1)


def fit_lstm(net, X_fit, y_fit, epochs, batch_size, patience=5):
    pairs   = TensorDataset(
        torch.tensor(X_fit).unsqueeze(-1),
        torch.tensor(y_fit)
    )
    n_val  = max(1, int(0.1 * len(pairs)))
    n_fit= len(pairs) - n_val
    fit_ds, val_ds = torch.utils.data.random_split(pairs, [n_fit, n_val])

    fit_loader = DataLoader(fit_ds, batch_size=batch_size, shuffle=True)
    val_loader   = DataLoader(val_ds,   batch_size=batch_size)

    opt  = torch.optim.Adam(net.parameters(), lr=1e-3)
    l1  = nn.L1Loss()

    best   = float('inf')
    best_weights = None
    stale = 0

    for ep in range(epochs):
        net.train()
        for xb, yb in fit_loader:
            xb, yb = xb.float(), yb.float()
            opt.zero_grad()
            loss = l1(net(xb), yb)
            loss.backward()
            opt.step()

        net.eval()
        val_errs = []
        with torch.no_grad():
            for xb, yb in val_loader:
                xb, yb = xb.float(), yb.float()
                val_errs.append(l1(net(xb), yb).item())
        val_err = np.mean(val_errs)

        if val_err < best:
            best = val_err
            best_weights = {k: v.clone() for k, v in net.state_dict().items()}
            stale = 0
        else:
            stale += 1
            if stale >= patience:
                break

    if best_weights:
        net.load_state_dict(best_weights)
    return net


def scores(truth, guess):
    mae  = np.mean(np.abs(truth - guess))
    rmse = np.sqrt(np.mean((truth - guess) ** 2))
    nz = truth != 0
    mape = np.mean(np.abs((truth[nz] - guess[nz]) / truth[nz])) * 100
    return mae, rmse, mape

# settings tried per cell
configs = {
    'base': {
        'lookback':    24,
        'hidden_size': 64,
        'num_layers':  2,
        'dropout':     0.0,
        'epochs':      10,
        'batch_size':  32,
    },
    'with_dropout': {
        'lookback':    24,
        'hidden_size': 64,
        'num_layers':  2,
        'dropout':     0.2,
        'epochs':      10,
        'batch_size':  32,
    },
}

device = torch.device('cpu')

best_per_cell = {}
metrics_per_cell = {}

for cell in CELLS:
    print('\n--- cell', cell, '---')
    cell_df = hourly[hourly['square_id']==cell].set_index('time_interval')
    n_fit = (cell_df.index < hold_from_h).sum()
    n_hold = ((cell_df.index >= hold_from_h)&(cell_df.index<=hold_to_h)).sum()
    print('fit/hold rows', n_fit, n_hold)
    if n_fit==0 or n_hold==0:
        print('cell skipped')
        continue

    series = cell_df['internet_traffic'].values.reshape(-1,1).astype(np.float32)
    mm = MinMaxScaler(); mm.fit(series[:n_fit])
    scaled = mm.transform(series).flatten()

    best_mae = float('inf')
    best_guess = None
    cell_results = {}

    for tag,cfg in configs.items():
        print(' config', tag)
        lookback = cfg['lookback']
        X_all, y_all = windows(scaled, lookback)
        n_fit_win = n_fit - lookback
        if n_fit_win <= 0:
            print(' too few windows for this lookback')
            continue
        X_fit = X_all[:n_fit_win]; y_fit = y_all[:n_fit_win]
        X_hold = X_all[n_fit_win:n_fit_win + n_hold]; y_hold_scaled = y_all[n_fit_win:n_fit_win + n_hold]
        y_hold = mm.inverse_transform(y_hold_scaled.reshape(-1,1)).flatten()

        net = TrafficLSTM(hidden_size=cfg['hidden_size'], num_layers=cfg['num_layers'], dropout=cfg['dropout']).to(device)
        net = fit_lstm(net, X_fit, y_fit, epochs=cfg['epochs'], batch_size=cfg['batch_size'], patience=3)

        net.eval()
        with torch.no_grad():
            X_hold_t = torch.tensor(X_hold).unsqueeze(-1).float()
            guess_scaled = net(X_hold_t).cpu().numpy()
        guess = mm.inverse_transform(guess_scaled.reshape(-1,1)).flatten()

        mae, rmse, mape = scores(y_hold, guess)
        print('  scores:', mae, rmse, mape)
        cell_results[tag] = {'mae':mae,'rmse':rmse,'mape':mape,'pred':guess}
        if mae < best_mae:
            best_mae = mae; best_guess = guess

    best_per_cell[cell]=best_guess
    metrics_per_cell[cell]=cell_results

print('\n--- summary ---')
for cell,res in metrics_per_cell.items():
    print('cell', cell)
    for tag,r in res.items():
        print(' ',tag, r['mae'], r['mape'])

