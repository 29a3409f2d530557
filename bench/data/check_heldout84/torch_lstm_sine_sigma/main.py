import numpy as np
from torch.utils.data import DataLoader

from datasets.timeseries_dataset import WindowSeries
from models.lstm_model import RecurrentForecaster
from train import fit_net
from evaluate import score_net
from visualize import draw_forecast

from sklearn.preprocessing import MinMaxScaler

# synthetic noisy sine series
np.random.seed(42)
steps = np.arange(0, 300)
signal = 50 + 10 * np.sin(0.05 * steps) + np.random.normal(0, 2, size=300)

mm = MinMaxScaler()
signal_01 = mm.fit_transform(signal.reshape(-1, 1)).flatten()

# windows and batches
LOOKBACK = 24
BS = 16

windows = WindowSeries(signal_01, LOOKBACK)
batches = DataLoader(windows, batch_size=BS, shuffle=True)

# network
net = RecurrentForecaster()

# fitting
fit_net(net, batches, n_epochs=20)

# scores
err_abs, err_rms = score_net(net, batches)
print("mean abs err:", err_abs)
print("root mse:", err_rms)

# figure
# forecasts again, for the figure
truth, guess = [], []

import torch
net.eval()
with torch.no_grad():
    for xb, yb in batches:
        outs = net(xb)
        truth = mm.inverse_transform(yb.numpy().reshape(-1, 1)).flatten().tolist()
        guess = mm.inverse_transform(outs.numpy().reshape(-1, 1)).flatten()

draw_forecast(truth, guess)
