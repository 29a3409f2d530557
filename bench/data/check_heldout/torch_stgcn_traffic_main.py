# source: https://github.com/FelixOpolka/STGCN-PyTorch/blob/f055a9418c2267363922c24fd9154c7333f48175/main.py + utils.py (memory issue: https://github.com/FelixOpolka/STGCN-PyTorch/issues/12)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import os
import pickle as pk
import zipfile

import numpy as np
import torch
import torch.nn as nn

from stgcn import STGCN

steps_in = 12
steps_out = 3
epochs = 1000
batch_size = 50
use_cuda = True
device = torch.device('cuda') if use_cuda and torch.cuda.is_available() else torch.device('cpu')


def load_metr_la():
    if not os.path.isfile("data/adj_mat.npy") or not os.path.isfile("data/node_values.npy"):
        with zipfile.ZipFile("data/METR-LA.zip", 'r') as z:
            z.extractall("data/")
    adj = np.load("data/adj_mat.npy")
    values = np.load("data/node_values.npy").transpose((1, 2, 0))
    values = values.astype(np.float32)
    means = np.mean(values, axis=(0, 2))
    values = values - means.reshape(1, -1, 1)
    stds = np.std(values, axis=(0, 2))
    values = values / stds.reshape(1, -1, 1)
    return adj, values, means, stds


def normalized_adjacency(adj):
    adj = adj + np.diag(np.ones(adj.shape[0], dtype=np.float32))
    deg = np.array(np.sum(adj, axis=1)).reshape((-1,))
    deg[deg <= 10e-5] = 10e-5
    inv_sqrt = np.reciprocal(np.sqrt(deg))
    return np.multiply(np.multiply(inv_sqrt.reshape((-1, 1)), adj), inv_sqrt.reshape((1, -1)))


def windows(series, steps_in, steps_out):
    spans = [(i, i + (steps_in + steps_out)) for i in range(series.shape[2] - (steps_in + steps_out) + 1)]
    inputs, targets = [], []
    for i, j in spans:
        inputs.append(series[:, :, i:i + steps_in].transpose((0, 2, 1)))
        targets.append(series[:, 0, i + steps_in:j])
    return torch.from_numpy(np.array(inputs)), torch.from_numpy(np.array(targets))


def train_one_epoch(train_x, train_y, batch_size):
    order = torch.randperm(train_x.shape[0])
    losses = []
    for i in range(0, train_x.shape[0], batch_size):
        net.train()
        optimizer.zero_grad()
        picked = order[i:i + batch_size]
        xb, yb = train_x[picked], train_y[picked]
        xb = xb.to(device=device)
        yb = yb.to(device=device)
        out = net(A_hat, xb)
        loss = loss_fn(out, yb)
        loss.backward()
        optimizer.step()
        losses.append(loss.detach().cpu().numpy())
    return sum(losses) / len(losses)


if __name__ == '__main__':
    torch.manual_seed(7)
    adj, series, means, stds = load_metr_la()

    cut1 = int(series.shape[2] * 0.6)
    cut2 = int(series.shape[2] * 0.8)
    train_x, train_y = windows(series[:, :, :cut1], steps_in, steps_out)
    val_x, val_y = windows(series[:, :, cut1:cut2], steps_in, steps_out)
    test_x, test_y = windows(series[:, :, cut2:], steps_in, steps_out)

    A_hat = torch.from_numpy(normalized_adjacency(adj))
    A_hat = A_hat.to(device=device)

    net = STGCN(A_hat.shape[0], train_x.shape[3], steps_in, steps_out).to(device=device)
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    loss_fn = nn.MSELoss()

    train_curve = []
    val_curve = []
    val_mae_curve = []
    for epoch in range(epochs):
        train_curve.append(train_one_epoch(train_x, train_y, batch_size=batch_size))

        with torch.no_grad():
            net.eval()
            val_x = val_x.to(device=device)
            val_y = val_y.to(device=device)

            out = net(A_hat, val_x)
            val_loss = loss_fn(out, val_y).to(device="cpu")
            val_curve.append(val_loss.detach().numpy().item())

            pred = out.detach().cpu().numpy() * stds[0] + means[0]
            truth = val_y.detach().cpu().numpy() * stds[0] + means[0]
            val_mae_curve.append(np.mean(np.absolute(pred - truth)))

            out = None
            val_x = val_x.to(device="cpu")
            val_y = val_y.to(device="cpu")

        print(train_curve[-1], val_curve[-1], val_mae_curve[-1])
        os.makedirs("checkpoints/", exist_ok=True)
        with open("checkpoints/losses.pk", "wb") as fd:
            pk.dump((train_curve, val_curve, val_mae_curve), fd)
