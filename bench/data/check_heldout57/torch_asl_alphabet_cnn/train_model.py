import torch
import numpy as np
import argparse
from time import time

from model import *
from model_anna import * 
from load_dataset import *
from util import *

def evaluate(net, loader_val, loss_fn):
    dev_name = "cuda" if torch.cuda.is_available() else "cpu"
    dev = torch.device(dev_name)

    net = net.eval()

    n_wrong = 0.0
    loss_sum = 0.0
    n_seen = 0

    for k, batch in enumerate(loader_val, 0):
        xs, ys = batch
        ys = ys.long()
        ys = ys.to(dev)
        xs = xs.to(dev)

        scores = net(xs)
        ys = ys.squeeze(1)

        loss = loss_fn(scores, ys)
        loss_sum += loss.item()
        n_wrong += torch.sum(ys != scores.argmax(dim=1)).item()
        n_seen += len(ys)

    err = float(n_wrong) / n_seen
    loss = float(loss_sum) / (k+1)

    net = net.train()

    return err, loss

def train_model(batch_size, lr, epochs, decay, filter, params, path):
    torch.manual_seed(9)
    dev_name = "cuda" if torch.cuda.is_available() else "cpu"
    dev = torch.device(dev_name)

    loader_train, loader_val = load_datasets(batch_size, filter)

    net = ASLCNN()
    # net = Net()

    net = net.double()
    if torch.cuda.is_available():
        net = net.cuda()

    loss_fn = nn.CrossEntropyLoss()

    opt = torch.optim.Adam(net.parameters())
    # opt = torch.optim.SGD(net.parameters(), lr=lr, momentum=0.9)


    tr_err = np.zeros(epochs)
    tr_loss = np.zeros(epochs)
    va_err = np.zeros(epochs)
    va_loss = np.zeros(epochs)
    xs_axis = np.linspace(1, epochs, epochs)

    n_steps = len(loader_train)
    wrong_sum = 0.0
    loss_sum = 0.0
    n_seen = 0

    best_err = 1.0

    t_start = time()

    for ep in range(epochs):
        wrong_sum = 0.0
        loss_sum = 0.0
        n_seen = 0

        for k, (xs, ys) in enumerate(loader_train, 0):
            ys = ys.long()
            ys = ys.to(dev)
            xs = xs.to(dev)

            scores = net(xs)
            ys = ys.squeeze(1)
            loss = loss_fn(scores, ys)

            before = list(net.parameters())[0].clone()
            opt.zero_grad()
            loss.backward()
            opt.step()
            after = list(net.parameters())[0].clone()
            if torch.equal(before.data, after.data):
                print('first layer did not move')
                # print(list(net.parameters())[0].grad)

            wrong_sum += torch.sum(ys != scores.argmax(dim=1)).item()
            loss_sum += loss.item()
            n_seen += len(ys)

        tr_err[ep] = float(wrong_sum) / n_seen
        tr_loss[ep] = float(loss_sum) / (k + 1)
        va_err[ep], va_loss[ep] = evaluate(net, loader_val, loss_fn)

        if va_err[ep] < best_err:
            save_model(net, ep, va_err[ep], path)
            best_err = va_err[ep]

        print("epoch %d: train err %0.4f | train loss %0.4f | val err %0.4f | val loss %0.4f" % (ep + 1,
                                                                                                     tr_err[ep],
                                                                                                     tr_loss[ep],
                                                                                                     va_err[ep],
                                                                                                     va_loss[ep]))

    t_end = time()
    took = t_end - t_start
    print("took {:.2f} s in all".format(took))
    save_data(path, xs_axis, tr_err, tr_loss, va_err, va_loss, params)
    plot(xs_axis, va_err, tr_err, params, path)
    return net, xs_axis, tr_err, tr_loss, va_err, va_loss

def main():
    cli = argparse.ArgumentParser()
    cli.add_argument('--batch_size', type=int, default=32)
    cli.add_argument('--lr', type=float, default=0.01)
    cli.add_argument('--epochs', type=int, default=25)
    cli.add_argument('--decay', type=float, default=1e-04)
    cli.add_argument('--filter', type=int, default=0)
    cli.add_argument('--config', type=str, default='configuration.json')

    opts = vars(cli.parse_args())

    if opts['config'] != '':
        params = load_config(opts['config'])
        print('settings from the config file')
    else:
        params = opts

    batch_size = params['batch_size']
    lr = params['lr']
    epochs = params['epochs']
    decay = params['decay']
    filter = params['filter']

    path = get_path(params)
    copy_files(path)
    net, xs_axis, tr_err, tr_loss, va_err, va_loss = train_model(batch_size,
                                                                        lr,
                                                                        epochs,
                                                                        decay,
                                                                        filter,
                                                                        params,
                                                                        path)

if __name__ == '__main__':
    main()
