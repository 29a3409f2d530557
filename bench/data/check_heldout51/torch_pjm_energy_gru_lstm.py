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

print(torch.__version__)

# folder with the hourly csv files
csv_dir = "./data"
print(os.listdir(csv_dir))

pd.read_csv(os.path.join(csv_dir, "DEOK_hourly.csv")).head()

def windows_from(arr, span, feat_idx, target_idx):
    """
    arr: numpy array of the scaled table
    span: window length
    feat_idx: columns used as inputs
    """

    # (number of windows, span (time steps), number of input columns)
    xs = np.zeros((len(arr) - span, span, len(feat_idx)))
    ys = np.zeros(len(arr) - span)

    for t in range(span, len(arr)):
        xs[t - span] = arr[t - span : t, feat_idx]
        ys[t - span] = arr[t, target_idx]
    xs = xs.reshape(-1, span, len(feat_idx))
    ys = ys.reshape(-1, 1)
    print(xs.shape, ys.shape)

    return xs, ys

target_idx = 0  # the load is the value to predict
feat_idx = range(
    5
)  # load, hour, weekday, month and day of year as inputs

# window length in hours
span = 90

# one target scaler per file, to undo the scaling at evaluation time
target_scalers = {}

tr_x = []
te_x = {}
te_y = {}

# only the csv files
csv_files = [
    f for f in os.listdir(csv_dir) if os.path.splitext(f)[1] == ".csv"
]

n_files = 5

for f in tqdm_notebook(csv_files[:n_files]):
    print(f"reading {f} ...")
    # the table of this region
    tbl = pd.read_csv(os.path.join(csv_dir, f), parse_dates=["Datetime"])

    # calendar columns from the timestamp
    tbl["hour"] = tbl.apply(lambda r: r["Datetime"].hour, axis=1)
    tbl["dayofweek"] = tbl.apply(lambda r: r["Datetime"].dayofweek, axis=1)
    tbl["month"] = tbl.apply(lambda r: r["Datetime"].month, axis=1)
    tbl["dayofyear"] = tbl.apply(lambda r: r["Datetime"].dayofyear, axis=1)
    tbl = tbl.sort_values("Datetime").drop("Datetime", axis=1)

    # scale every column
    sc = MinMaxScaler()
    target_sc = MinMaxScaler()
    arr = sc.fit_transform(tbl.values)

    # separate scaler for the load column so predictions can be
    # mapped back to megawatts later
    target_sc.fit(tbl.iloc[:, target_idx].values.reshape(-1, 1))
    target_scalers[f] = target_sc

    # build the windows
    xs, ys = windows_from(
        arr,
        span,
        feat_idx=feat_idx,
        target_idx=target_idx,
    )

    # stack the windows of every file
    # last 10% of each file is kept for testing, the rest goes into one training array
    n_test = int(0.1 * len(xs))
    if len(tr_x) == 0:  # first file
        tr_x = xs[:-n_test]
        tr_y = ys[:-n_test]
    else:
        tr_x = np.concatenate((tr_x, xs[:-n_test]))
        tr_y = np.concatenate((tr_y, ys[:-n_test]))
    te_x[f] = xs[-n_test:]
    te_y[f] = ys[-n_test:]

tr_x.shape, te_x["DEOK_hourly.csv"].shape

batch_size = 1024

tr_set = TensorDataset(torch.from_numpy(tr_x), torch.from_numpy(tr_y))

# drop the last partial batch
tr_loader = DataLoader(
    tr_set, shuffle=True, batch_size=batch_size, drop_last=True
)

print(
    f"train: {tr_x.shape}, batch: {batch_size}, steps per epoch: {int(tr_x.shape[0]/batch_size)}"
)

# free the arrays
del tr_x, tr_y

# use the GPU when there is one
has_gpu = torch.cuda.is_available()

# pick the device used below
if has_gpu:
    device = torch.device("cuda")
    print("using the GPU")
else:
    device = torch.device("cpu")

class GRUForecaster(nn.Module):
    def __init__(self, input_dim, hidden_dim, output_dim, n_layers, drop_prob=0.2):
        super(GRUForecaster, self).__init__()
        self.hidden_dim = hidden_dim
        self.n_layers = n_layers

        self.gru = nn.GRU(
            input_dim, hidden_dim, n_layers, batch_first=True, dropout=drop_prob
        )
        self.fc = nn.Linear(hidden_dim, output_dim)
        self.relu = nn.ReLU()

    def forward(self, x, h):
        out, h = self.gru(x, h)
        # print(out[:, -1].shape, h.shape)
        # hidden state of the last step (t=90): (1024, 256)
        out = self.fc(self.relu(out[:, -1]))  # out[:, -1, :]
        # print(out.shape) # (1024, 1)
        return out, h

    def init_hidden(self, batch_size):
        # zero h_0
        w = next(self.parameters()).data
        hidden = (
            w.new(self.n_layers, batch_size, self.hidden_dim).zero_().to(device)
        )
        return hidden


class LSTMForecaster(nn.Module):
    def __init__(self, input_dim, hidden_dim, output_dim, n_layers, drop_prob=0.2):
        super(LSTMForecaster, self).__init__()
        self.hidden_dim = hidden_dim
        self.n_layers = n_layers

        self.lstm = nn.LSTM(
            input_dim, hidden_dim, n_layers, batch_first=True, dropout=drop_prob
        )
        self.fc = nn.Linear(hidden_dim, output_dim)
        self.relu = nn.ReLU()

    def forward(self, x, h):
        out, h = self.lstm(x, h)
        out = self.fc(self.relu(out[:, -1]))
        return out, h

    def init_hidden(self, batch_size):
        w = next(self.parameters()).data
        # zero h_0 and c_0
        hidden = (
            w.new(self.n_layers, batch_size, self.hidden_dim)
            .zero_()
            .to(device),  # h_0
            w.new(self.n_layers, batch_size, self.hidden_dim).zero_().to(device),
        )
        return hidden

def fit(
    loader,
    learn_rate,
    hidden_dim=256,
    n_layers=2,
    n_epochs=5,
    kind="GRU",
    print_every=100,
):

    input_dim = next(iter(loader))[0].shape[2]  # 5

    # one batch is (inputs, targets)
    # print(next(iter(loader))[0].shape, next(iter(loader))[1].shape) # torch.Size([1024, 90, 5]) torch.Size([1024, 1])

    output_dim = 1

    # build the network
    if kind == "GRU":
        net = GRUForecaster(input_dim, hidden_dim, output_dim, n_layers)
    else:
        net = LSTMForecaster(input_dim, hidden_dim, output_dim, n_layers)
    net.to(device)

    # loss and optimizer
    loss_fn = nn.MSELoss()  # mean squared error
    opt = torch.optim.Adam(net.parameters(), lr=learn_rate)

    net.train()
    print("training the {} network".format(kind))
    ep_times = []

    # epochs
    for ep in range(1, n_epochs + 1):
        t0 = time.process_time()
        h = net.init_hidden(batch_size)
        run_loss = 0.0
        step = 0
        for x, y in loader:
            step += 1
            if kind == "GRU":
                h = h.data
            # both h_0 and c_0
            elif kind == "LSTM":
                h = tuple([e.data for e in h])

            # clear the gradients, torch accumulates them
            # across backward calls
            net.zero_grad()

            out, h = net(x.to(device).float(), h)
            loss = loss_fn(out, y.to(device).float())

            # backprop
            loss.backward()
            opt.step()

            run_loss += loss.item()
            if step % print_every == 0:
                print(
                    f"epoch {ep} - step {step}/{len(loader)} - mean loss so far: {run_loss/step}"
                )
        t1 = time.process_time()

        print(
            f"epoch {ep}/{n_epochs} done, loss: {run_loss/len(loader)}"
        )

        print(f"epoch time: {t1-t0} s")

        ep_times.append(t1 - t0)

    print(f"total training time: {sum(ep_times)} s")
    return net

# seq_len = 90  (time steps)
n_hidden = 256
n_layers = 2
n_epochs = 5
print_every = 100
lr = 0.001
gru_net = fit(
    tr_loader,
    learn_rate=lr,
    hidden_dim=n_hidden,
    n_layers=n_layers,
    n_epochs=n_epochs,
    kind="GRU",
    print_every=print_every,
)

torch.save(gru_net.state_dict(), "./models/gru_model.pt")

lstm_net = fit(
    tr_loader,
    learn_rate=lr,
    hidden_dim=n_hidden,
    n_layers=n_layers,
    n_epochs=n_epochs,
    kind="LSTM",
    print_every=print_every,
)

torch.save(lstm_net.state_dict(), "./models/lstm_model.pt")

# evaluate on the CPU so the GPU does not run out
device = "cpu"

hidden_dim = 256
input_dim = 5
output_dim = 1
n_layers = 2
gru_net = GRUForecaster(input_dim, hidden_dim, output_dim, n_layers)
gru_net.load_state_dict(torch.load("./models/gru_model.pt"))

# put it on the evaluation device
gru_net.to(device)

hidden_dim = 256
input_dim = 5
output_dim = 1
n_layers = 2
lstm_net = LSTMForecaster(input_dim, hidden_dim, output_dim, n_layers)
lstm_net.load_state_dict(torch.load("./models/lstm_model.pt"))

# put it on the evaluation device
lstm_net.to(device)

def smape(pred, truth):
    val = (
        100
        / len(truth)
        * np.sum(np.abs(pred - truth) / (np.abs(pred + truth)) / 2)
    )
    return val

def score(net, te_x, te_y, target_scalers):
    net.eval()
    preds = []
    truths = []
    t0 = time.process_time()
    # one region at a time
    for f in te_x.keys():
        xs = torch.from_numpy(np.array(te_x[f]))
        ys = torch.from_numpy(np.array(te_y[f]))

        h = net.init_hidden(xs.shape[0])

        # predict
        with torch.no_grad():
            out, h = net(xs.to(device).float(), h)

        preds.append(
            target_scalers[f]
            .inverse_transform(out.cpu().detach().numpy())
            .reshape(-1)
        )

        truths.append(
            target_scalers[f].inverse_transform(ys.numpy()).reshape(-1)
        )

    # all regions together
    all_preds = np.concatenate(preds)
    all_truths = np.concatenate(truths)

    print(f"evaluation time: {time.process_time()-t0}")
    print(f"sMAPE: {round(smape(all_preds, all_truths), 3)}%")

    # per-region lists
    return preds, truths, smape

gru_preds, truths, gru_smape = score(gru_net, te_x, te_y, target_scalers)

lstm_preds, truths, lstm_smape = score(lstm_net, te_x, te_y, target_scalers)

len(
    gru_preds
)  # one array of predictions per region

regions = list(te_x.keys())

regions

plt.figure(figsize=(14, 10))
plt.subplot(2, 2, 1)
plt.plot(gru_preds[0][-100:], "-o", color="g", label="GRU", markersize=2)
plt.plot(
    lstm_preds[0][-100:], "-o", color="r", label="LSTM", markersize=2
)
plt.plot(truths[0][-100:], color="b", label="actual")
plt.ylabel("load (MW)")
plt.title(f"load of {regions[0]}")
plt.legend()

plt.subplot(2, 2, 2)
plt.plot(gru_preds[1][-50:], "-o", color="g", label="GRU", markersize=2)
plt.plot(lstm_preds[1][-50:], "-o", color="r", label="LSTM", markersize=2)
plt.plot(truths[1][-50:], color="b", label="actual")
plt.ylabel("load (MW)")
plt.title(f"load of {regions[1]}")
plt.legend()

plt.subplot(2, 2, 3)
plt.plot(gru_preds[2][:50], "-o", color="g", label="GRU", markersize=2)
plt.plot(lstm_preds[2][:50], "-o", color="r", label="LSTM", markersize=2)
plt.plot(truths[2][:50], color="b", label="actual")
plt.ylabel("load (MW)")
plt.title(f"load of {regions[2]}")
plt.legend()

plt.subplot(2, 2, 4)
plt.plot(gru_preds[3][:100], "-o", color="g", label="GRU", markersize=2)
plt.plot(lstm_preds[3][:100], "-o", color="r", label="LSTM", markersize=2)
plt.plot(truths[3][:100], color="b", label="actual")
plt.title(f"load of {regions[3]}")
plt.ylabel("load (MW)")
plt.legend()
plt.show()
