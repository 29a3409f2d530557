# source: https://github.com/smallflyingpig/lstm_stock_pred_pytorch/blob/277e44e5321c809dcf4df4683d1463cbdf146600/lstm_stock_pred.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# idea taken from a blog post on lstm price forecasting


import pandas as pd
import numpy as np
import matplotlib.pyplot as plt
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence
from torch.utils.data import DataLoader, Dataset
import tqdm
from torch.autograd import Variable
import argparse

cli = argparse.ArgumentParser("lstm")
cli.add_argument("--data_path", type=str, default="./prices/series_1.csv", help="csv with the price series")

args = cli.parse_args()

class PriceLSTM(nn.Module):
    def __init__(self, in_dim, hidden):
        super(PriceLSTM, self).__init__()
        self.dim = in_dim
        self.hidden = hidden
        self.embed = nn.Linear(in_dim, hidden)
        self.head = nn.Linear(hidden, in_dim)
        self.n_layers = 2
        self.lstm = nn.LSTM(input_size=hidden, hidden_size=hidden, num_layers=self.n_layers, batch_first=True)

    def zero_state(self, x):
        n = x.shape[0]
        state = (torch.zeros(self.n_layers, n, self.hidden, device=x.device).requires_grad_(),
                torch.zeros(self.n_layers, n, self.hidden, device=x.device).requires_grad_())
        return state

    def forward(self, seq, h0=None):
        # batch x time x dim
        h0 = h0 if h0 else self.zero_state(seq)
        x = self.embed(seq)

        out, state = self.lstm(x, h0)

        y = self.head(out[:,-1,:].squeeze()).squeeze()
        return y, state



class PriceWindows(Dataset):
    def __init__(self, csv_path, T=10, train_flag=True):
        # read the csv
        with open(csv_path, "r", encoding="GB2312") as fh:
            frame = pd.read_csv(fh)
        self.train_flag = train_flag
        self.split = 0.8
        self.T = T # window length
        if train_flag:
            self.n = int(self.split * len(frame))
            series = np.array(frame['high_price'])[::-1]
            series = (series-np.mean(series))/np.std(series)
            self.series = series[:self.n]
        else:
            self.n = int((1-self.split) * len(frame))
            series = np.array(frame['high_price'])[::-1]
            series = (series-np.mean(series))/np.std(series)
            self.series = series[-self.n:]
        print("series length:{}".format(self.n))


    def __len__(self):
        return self.n-self.T

    def __getitem__(self, i):
        return self.series[i:i+self.T], self.series[i+self.T]


def sq_loss(pred, target):
    loss = torch.nn.functional.mse_loss(pred, target, size_average=True)
    return loss

def fit_epoch(net, loader, opt):
    net.train()

    bar = tqdm.tqdm(loader)
    total = 0
    for i, (window, target) in enumerate(bar):
        # window: batch, time
        window = window.unsqueeze(2)
        window, target = Variable(window.float()), Variable(target.float())
        pred, _ = net(window)
        opt.zero_grad()
        loss = sq_loss(pred, target)
        loss.backward()
        opt.step()
        total += loss.detach().item()

    total /= len(bar)
    return total


def check_epoch(net, loader):
    net.eval()
    bar = tqdm.tqdm(loader)
    total = 0
    for i, (window, target) in enumerate(bar):
        # window: batch, time x 1
        window = window.unsqueeze(2)
        window, target = window.float(), target.float()
        pred, _ = net(window)
        loss = sq_loss(pred, target)
        total += loss.detach().item()
    total /= len(bar)
    return total

def plot_predictions(net, loader):
    loader.shuffle = False
    guesses = []
    truths = []
    net.eval()
    bar = tqdm.tqdm(loader)
    for i, (window, target) in enumerate(bar):
        # window: batch, time x 1
        window, target = window.float().unsqueeze(2), target.float()
        pred, _ = net(window)
        guesses+=(pred.detach().tolist())
        truths+=(target.detach().tolist())

    # draw both curves
    fig, ax = plt.subplots()
    xs = list(range(len(guesses)))
    ax.plot(xs, guesses, **{"color":"blue", "linestyle":"-.",  "marker":","})
    ax.plot(xs, truths, **{"color":"red", "linestyle":":", "marker":","})
    plt.show()


def main():
    fit_set = PriceWindows(csv_path=args.data_path)
    check_set = PriceWindows(csv_path=args.data_path, train_flag=False)

    fit_loader = DataLoader(fit_set, batch_size=64, shuffle=True)
    check_loader = DataLoader(check_set, batch_size=64, shuffle=True)

    net = PriceLSTM(in_dim=1, hidden=8)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    n_epochs = 100
    #plot_predictions(net, check_loader)
    for ep in range(n_epochs):
        fit_loss = fit_epoch(net, fit_loader, opt)
        print("phase: fit, epoch:{:5d}, loss:{:6.3f}".format(ep, fit_loss))
        if ep%10==0:
            check_loss = check_epoch(net, check_loader)
            print("phase: check, epoch:{:5d}, loss:{:6.3f}".format(ep, check_loss))
    plot_predictions(net, check_loader)





if __name__ == "__main__":
    main()


