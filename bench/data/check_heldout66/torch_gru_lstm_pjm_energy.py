# %%
import os
import time

import numpy as np
import pandas as pd
import matplotlib.pyplot as plt

import torch
import torch.nn as nn
from torch.utils.data import TensorDataset, DataLoader

from tqdm.notebook import tqdm as tqdm_notebook
from sklearn.preprocessing import MinMaxScaler
# %%
print(torch.__version__)
# %%
# folder holding the regional hourly csv files
csv_root = "./data"
print(os.listdir(csv_root))
# %%
pd.read_csv(os.path.join(csv_root, "DEOK_hourly.csv")).head()
# %%
def make_windows(arr, span, feat_idx, target_idx):
    """
    arr: numpy array of the scaled table
    span: number of past hours per sample
    feat_idx: which columns go into the inputs
    """

    # (samples made by sliding, hours per sample, features per hour)
    xs = np.zeros((len(arr) - span, span, len(feat_idx)))
    ys = np.zeros(len(arr) - span)

    for t in range(span, len(arr)):
        xs[t - span] = arr[t - span : t, feat_idx]
        ys[t - span] = arr[t, target_idx]
    xs = xs.reshape(-1, span, len(feat_idx))
    ys = ys.reshape(-1, 1)
    print(xs.shape, ys.shape)

    return xs, ys
# %%
target_idx = 0  # the load column is what we forecast
feat_idx = range(
    5
)  # load, hour, weekday, month and day of year as inputs

# hours of history per sample
span = 90

# one target scaler per file, to map predictions back to megawatts later
target_scalers = {}

fit_x = []
hold_x = {}
hold_y = {}

# only the csv files
csv_files = [
    f for f in os.listdir(csv_root) if os.path.splitext(f)[1] == ".csv"
]

n_files = 5

for f in tqdm_notebook(csv_files[:n_files]):
    print(f"reading {f} ...")
    # one region's table
    tbl = pd.read_csv(os.path.join(csv_root, f), parse_dates=["Datetime"])

    # calendar features from the timestamp
    tbl["hour"] = tbl.apply(lambda r: r["Datetime"].hour, axis=1)
    tbl["dayofweek"] = tbl.apply(lambda r: r["Datetime"].dayofweek, axis=1)
    tbl["month"] = tbl.apply(lambda r: r["Datetime"].month, axis=1)
    tbl["dayofyear"] = tbl.apply(lambda r: r["Datetime"].dayofyear, axis=1)
    tbl = tbl.sort_values("Datetime").drop("Datetime", axis=1)

    # scale every column
    mm = MinMaxScaler()
    target_mm = MinMaxScaler()
    scaled = mm.fit_transform(tbl.values)

    # a separate scaler for the load column so that predictions can be
    # mapped back to real values at evaluation time
    target_mm.fit(tbl.iloc[:, target_idx].values.reshape(-1, 1))
    target_scalers[f] = target_mm

    # slide the window over the table
    xs, ys = make_windows(
        scaled,
        span,
        feat_idx=feat_idx,
        target_idx=target_idx,
    )

    # join the samples of every file.
    # the last tenth of each file is held out, the rest is appended to one training array
    n_hold = int(0.1 * len(xs))
    if len(fit_x) == 0:  # first file
        fit_x = xs[:-n_hold]
        fit_y = ys[:-n_hold]
    else:
        fit_x = np.concatenate((fit_x, xs[:-n_hold]))
        fit_y = np.concatenate((fit_y, ys[:-n_hold]))
    hold_x[f] = xs[-n_hold:]
    hold_y[f] = ys[-n_hold:]
# %%
fit_x.shape, hold_x["DEOK_hourly.csv"].shape
# %%
bs = 1024

fit_ds = TensorDataset(torch.from_numpy(fit_x), torch.from_numpy(fit_y))

# the last short batch is dropped
fit_loader = DataLoader(
    fit_ds, shuffle=True, batch_size=bs, drop_last=True
)
# %%
print(
    f"samples: {fit_x.shape}, batch: {bs}, steps per epoch: {int(fit_x.shape[0]/bs)}"
)
# %%
# drop the names to free memory
del fit_x, fit_y
# %%
# is there a GPU?
has_gpu = torch.cuda.is_available()

# pick the device used below
if has_gpu:
    device = torch.device("cuda")
    print("using the GPU")
else:
    device = torch.device("cpu")
# %%
class GRUForecaster(nn.Module):
    def __init__(self, n_in, n_hidden, n_out, n_layers, drop_prob=0.2):
        super(GRUForecaster, self).__init__()
        self.n_hidden = n_hidden
        self.n_layers = n_layers

        self.gru = nn.GRU(
            n_in, n_hidden, n_layers, batch_first=True, dropout=drop_prob
        )
        self.fc = nn.Linear(n_hidden, n_out)
        self.relu = nn.ReLU()

    def forward(self, x, h):
        seq, h = self.gru(x, h)
        # keep only the last hour's hidden state
        # -> (batch, hidden)
        seq = self.fc(self.relu(seq[:, -1]))  # seq[:, -1, :]
        # -> (batch, 1)
        return seq, h

    def init_hidden(self, n):
        # zero initial state
        w = next(self.parameters()).data
        h0 = (
            w.new(self.n_layers, n, self.n_hidden).zero_().to(device)
        )
        return h0


class LSTMForecaster(nn.Module):
    def __init__(self, n_in, n_hidden, n_out, n_layers, drop_prob=0.2):
        super(LSTMForecaster, self).__init__()
        self.n_hidden = n_hidden
        self.n_layers = n_layers

        self.lstm = nn.LSTM(
            n_in, n_hidden, n_layers, batch_first=True, dropout=drop_prob
        )
        self.fc = nn.Linear(n_hidden, n_out)
        self.relu = nn.ReLU()

    def forward(self, x, h):
        seq, h = self.lstm(x, h)
        seq = self.fc(self.relu(seq[:, -1]))
        return seq, h

    def init_hidden(self, n):
        w = next(self.parameters()).data
        # zero h_0 and c_0
        h0 = (
            w.new(self.n_layers, n, self.n_hidden)
            .zero_()
            .to(device),  # h_0
            w.new(self.n_layers, n, self.n_hidden).zero_().to(device),
        )
        return h0
# %%
def fit(
    fit_loader,
    learn_rate,
    n_hidden=256,
    n_layers=2,
    n_epochs=5,
    kind="GRU",
    print_every=100,
):

    n_in = next(iter(fit_loader))[0].shape[2]  # 5

    # one batch is (inputs, targets)
    # shapes: (1024, 90, 5) and (1024, 1)

    n_out = 1

    # build the requested network
    if kind == "GRU":
        net = GRUForecaster(n_in, n_hidden, n_out, n_layers)
    else:
        net = LSTMForecaster(n_in, n_hidden, n_out, n_layers)
    net.to(device)

    # loss and optimiser
    mse = nn.MSELoss()  # squared error
    opt = torch.optim.Adam(net.parameters(), lr=learn_rate)

    net.train()
    print("training the {} network".format(kind))
    durations = []

    # epochs
    for ep in range(1, n_epochs + 1):
        t0 = time.process_time()
        h = net.init_hidden(bs)
        run_loss = 0.0
        step = 0
        for xb, yb in fit_loader:
            step += 1
            if kind == "GRU":
                h = h.data
            # detach both h_0 and c_0
            elif kind == "LSTM":
                h = tuple([e.data for e in h])

            # clear the gradients left from the
            # previous step
            net.zero_grad()

            pred, h = net(xb.to(device).float(), h)
            l = mse(pred, yb.to(device).float())

            # backward pass and update
            l.backward()
            opt.step()

            run_loss += l.item()
            if step % print_every == 0:
                print(
                    f"epoch {ep} - step {step}/{len(fit_loader)} - mean loss so far {run_loss/step}"
                )
        t1 = time.process_time()

        print(
            f"epoch {ep}/{n_epochs} finished, mean loss {run_loss/len(fit_loader)}"
        )

        print(f"epoch took {t1-t0} s")

        durations.append(t1 - t0)

    print(f"total training time {sum(durations)} s")
    return net
# %%
# history length = 90 hours
n_hidden = 256
n_layers = 2
n_epochs = 5
print_every = 100
lr = 0.001
gru_net = fit(
    fit_loader,
    learn_rate=lr,
    n_hidden=n_hidden,
    n_layers=n_layers,
    n_epochs=n_epochs,
    kind="GRU",
    print_every=print_every,
)
# %%
torch.save(gru_net.state_dict(), "./models/gru_model.pt")
# %%
lstm_net = fit(
    fit_loader,
    learn_rate=lr,
    n_hidden=n_hidden,
    n_layers=n_layers,
    n_epochs=n_epochs,
    kind="LSTM",
    print_every=print_every,
)
# %%
torch.save(lstm_net.state_dict(), "./models/lstm_model.pt")
# %%
# evaluate on the CPU so that the GPU does not run out
device = "cpu"
# %%
n_hidden = 256
n_in = 5
n_out = 1
n_layers = 2
gru_net = GRUForecaster(n_in, n_hidden, n_out, n_layers)
gru_net.load_state_dict(torch.load("./models/gru_model.pt"))
# %%
# put it on the chosen device
gru_net.to(device)
# %%
n_hidden = 256
n_in = 5
n_out = 1
n_layers = 2
lstm_net = LSTMForecaster(n_in, n_hidden, n_out, n_layers)
lstm_net.load_state_dict(torch.load("./models/lstm_model.pt"))
# %%
# put it on the chosen device
lstm_net.to(device)
# %%
def smape(pred, truth):
    smape = (
        100
        / len(truth)
        * np.sum(np.abs(pred - truth) / (np.abs(pred + truth)) / 2)
    )
    return smape
# %%
def evaluate(net, hold_x, hold_y, target_scalers):
    net.eval()
    preds = []
    truths = []
    t0 = time.process_time()
    # every region's held-out part
    for f in hold_x.keys():
        xin = torch.from_numpy(np.array(hold_x[f]))
        yin = torch.from_numpy(np.array(hold_y[f]))

        h = net.init_hidden(xin.shape[0])

        # forecast
        with torch.no_grad():
            pred, h = net(xin.to(device).float(), h)

        preds.append(
            target_scalers[f]
            .inverse_transform(pred.cpu().detach().numpy())
            .reshape(-1)
        )

        truths.append(
            target_scalers[f].inverse_transform(yin.numpy()).reshape(-1)
        )

    # all regions together
    all_preds = np.concatenate(preds)
    all_truths = np.concatenate(truths)

    print(f"evaluation took {time.process_time()-t0}")
    print(f"sMAPE: {round(smape(all_preds, all_truths), 3)}%")

    # per-region predictions and targets
    return preds, truths, smape
# %%
gru_preds, truths, gru_smape = evaluate(gru_net, hold_x, hold_y, target_scalers)
# %%
lstm_preds, truths, lstm_smape = evaluate(lstm_net, hold_x, hold_y, target_scalers)
# %%
len(
    gru_preds
)  # one array of predictions per region
# %%
regions = list(hold_x.keys())
# %%
regions
# %%
plt.figure(figsize=(14, 10))
plt.subplot(2, 2, 1)
plt.plot(gru_preds[0][-100:], "-o", color="g", label="GRU", markersize=2)
plt.plot(
    lstm_preds[0][-100:], "-o", color="r", label="LSTM", markersize=2
)
plt.plot(truths[0][-100:], color="b", label="measured")
plt.ylabel("Load (MW)")
plt.title(f"Load for {regions[0]}")
plt.legend()

plt.subplot(2, 2, 2)
plt.plot(gru_preds[1][-50:], "-o", color="g", label="GRU", markersize=2)
plt.plot(lstm_preds[1][-50:], "-o", color="r", label="LSTM", markersize=2)
plt.plot(truths[1][-50:], color="b", label="measured")
plt.ylabel("Load (MW)")
plt.title(f"Load for {regions[1]}")
plt.legend()

plt.subplot(2, 2, 3)
plt.plot(gru_preds[2][:50], "-o", color="g", label="GRU", markersize=2)
plt.plot(lstm_preds[2][:50], "-o", color="r", label="LSTM", markersize=2)
plt.plot(truths[2][:50], color="b", label="measured")
plt.ylabel("Load (MW)")
plt.title(f"Load for {regions[2]}")
plt.legend()

plt.subplot(2, 2, 4)
plt.plot(gru_preds[3][:100], "-o", color="g", label="GRU", markersize=2)
plt.plot(lstm_preds[3][:100], "-o", color="r", label="LSTM", markersize=2)
plt.plot(truths[3][:100], color="b", label="measured")
plt.title(f"Load for {regions[3]}")
plt.ylabel("Load (MW)")
plt.legend()
plt.show()
