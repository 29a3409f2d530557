import os
import click

import numpy as np
import torch
import torch.optim as optim
import torch.nn.functional as F
from torch.utils.data import DataLoader

from m5_dataset import SalesSeriesDataset
from lstm_model import SalesLSTM


@click.command()
@click.argument('lr', type=float,  default=0.001)
@click.argument('num_epochs', type=int,  default=20)
@click.argument('batch_size', type=int,  default=32)
@click.argument('seq_length', type=int,  default=365)
@click.argument('hidden_dim', type=int,  default=128)
@click.argument('num_layers', type=int,  default=2)
def run(**opts):
    root_dir = os.getcwd()[:-3]

    series_set = SalesSeriesDataset(root_dir + '/data/out/train.npy', opts['seq_length'])
    series_loader = DataLoader(series_set, batch_size=opts['batch_size'], shuffle=True, num_workers=4)

    net = SalesLSTM(4, opts['hidden_dim'], opts['num_layers'])

    opt = optim.Adam(net.parameters(), lr=opts['lr'])
    epoch_losses = fit(series_loader, net, opt, opts['batch_size'], opts['num_epochs'], root_dir)

    np.save(root_dir + '/notebooks/losses.npy', epoch_losses)


def fit(series_loader, net, opt, batch_size, num_epochs, root_dir, device='cuda'):
    net = net.to(device)
    epoch_losses = []

    for ep in range(num_epochs):
        running = 0

        for step, (windows, targets) in enumerate(series_loader):
            if windows.shape[0] != batch_size:
                break

            state = net.init_hidden(batch_size)
            windows, targets = windows.float().to(device), targets.float().to(device)

            opt.zero_grad()
            pred, state = net(windows, state)

            # root of the mean squared error
            err = torch.sqrt(F.mse_loss(pred, targets.flatten().unsqueeze(1)))
            err.backward()
            opt.step()

            running += err.item()

        torch.save(net, root_dir + '/models/checkpoint.pth')
        print(f'epoch [{ep + 1} / {num_epochs}] \t rmse {running / len(series_loader)}')
        epoch_losses.append(running / len(series_loader))
    return epoch_losses


if __name__ == "__main__":
    run()
