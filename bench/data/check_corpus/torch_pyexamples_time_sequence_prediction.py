# source: https://github.com/pytorch/examples/blob/04b1f3cec923d40972d998a7ed3c00c1b37e765e/time_sequence_prediction/train.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
from __future__ import print_function
import argparse
import torch
import torch.nn as nn
import torch.optim as optim
import numpy as np
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt


class SineForecaster(nn.Module):
    def __init__(self):
        super(SineForecaster, self).__init__()
        self.cell_a = nn.LSTMCell(1, 51)
        self.cell_b = nn.LSTMCell(51, 51)
        self.head = nn.Linear(51, 1)
        self.anchor = nn.Parameter(torch.empty(0))

    def forward(self, inputs, future=0):
        preds = []
        dev = self.anchor.device
        h1 = torch.zeros(inputs.size(0), 51, dtype=torch.double).to(dev)
        c1 = torch.zeros(inputs.size(0), 51, dtype=torch.double).to(dev)
        h2 = torch.zeros(inputs.size(0), 51, dtype=torch.double).to(dev)
        c2 = torch.zeros(inputs.size(0), 51, dtype=torch.double).to(dev)

        for column in inputs.split(1, dim=1):
            h1, c1 = self.cell_a(column, (h1, c1))
            h2, c2 = self.cell_b(h1, (h2, c2))
            y_t = self.head(h2)
            preds += [y_t]
        for _ in range(future):
            # keep going past the end, feeding each prediction back in
            h1, c1 = self.cell_a(y_t, (h1, c1))
            h2, c2 = self.cell_b(h1, (h2, c2))
            y_t = self.head(h2)
            preds += [y_t]
        preds = torch.cat(preds, dim=1)
        return preds


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--steps', type=int, default=15, help='number of LBFGS steps')
    ap.add_argument('--device', type=str, default='cuda', help='cuda, mps or cpu')
    cli = ap.parse_args()
    if cli.device == 'cuda' and not torch.cuda.is_available():
        print('no CUDA device here')
        exit(-1)
    elif cli.device == 'mps' and not torch.backends.mps.is_available():
        print('no MPS device here')
        exit(-1)
    dev = torch.device(cli.device)
    torch.manual_seed(0)
    np.random.seed(0)
    # rows 3.. train, rows 0..2 are held out
    wave_data = torch.from_numpy(torch.load('sine_waves.pt')).to(dev)
    inputs = wave_data[3:, :-1]
    targets = wave_data[3:, 1:]
    test_inputs = wave_data[:3, :-1]
    test_targets = wave_data[:3, 1:]
    forecaster = SineForecaster().to(dev).double()
    loss_fn = nn.MSELoss().to(dev)
    # full-batch problem, so a quasi-Newton method fits
    lbfgs = optim.LBFGS(forecaster.parameters(), lr=0.8)
    for step in range(cli.steps):
        print('step', step)

        def closure():
            lbfgs.zero_grad()
            fitted = forecaster(inputs)
            loss = loss_fn(fitted, targets)
            print('train loss', loss.item())
            loss.backward()
            return loss
        lbfgs.step(closure)
        with torch.no_grad():
            horizon = 1000
            forecast = forecaster(test_inputs, future=horizon)
            loss = loss_fn(forecast[:, :-horizon], test_targets)
            print('held-out loss', loss.item())
            curves = forecast.cpu().detach().numpy()
        plt.figure(figsize=(30, 10))
        plt.title('Continuation of the sine waves (dotted: extrapolated)', fontsize=30)
        plt.xlabel('t', fontsize=20)
        plt.ylabel('value', fontsize=20)
        plt.xticks(fontsize=20)
        plt.yticks(fontsize=20)

        def plot_curve(curve, colour):
            n = inputs.size(1)
            plt.plot(np.arange(n), curve[:n], colour, linewidth=2.0)
            plt.plot(np.arange(n, n + horizon), curve[n:], colour + ':', linewidth=2.0)
        for row, colour in ((0, 'r'), (1, 'g'), (2, 'b')):
            plot_curve(curves[row], colour)
        plt.savefig('forecast_%d.pdf' % step)
        plt.close()
