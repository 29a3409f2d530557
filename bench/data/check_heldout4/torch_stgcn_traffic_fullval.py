# source: https://github.com/FelixOpolka/STGCN-PyTorch/blob/f055a9418c2267363922c24fd9154c7333f48175/main.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import os
import argparse
import pickle as pk
import numpy as np
import matplotlib.pyplot as plt
import torch
import torch.nn as nn

from stgcn import STGCN
from utils import generate_dataset, load_metr_la_data, get_normalized_adj


gpu_flag = False
steps_in = 12
steps_out = 3

n_epochs = 1000
bs = 50

cli = argparse.ArgumentParser(description='spatio-temporal graph conv net')
cli.add_argument('--enable-cuda', action='store_true',
                    help='run on the GPU')
args = cli.parse_args()
args.device = None
if args.enable_cuda and torch.cuda.is_available():
    args.device = torch.device('cuda')
else:
    args.device = torch.device('cpu')


def run_epoch(inputs, targets, bs):
    """
    One pass over the training windows.
    :param inputs: windows shaped (num_samples, num_nodes,
    steps_in, num_features).
    :param targets: targets shaped (num_samples, num_nodes,
    steps_out).
    :param bs: windows per step.
    :return: mean loss over the pass.
    """
    order = torch.randperm(inputs.shape[0])

    batch_losses = []
    for start in range(0, inputs.shape[0], bs):
        net.train()
        optimizer.zero_grad()

        idx = order[start:start + bs]
        xb, yb = inputs[idx], targets[idx]
        xb = xb.to(device=args.device)
        yb = yb.to(device=args.device)

        pred = net(A_hat, xb)
        loss = criterion(pred, yb)
        loss.backward()
        optimizer.step()
        batch_losses.append(loss.detach().cpu().numpy())
    return sum(batch_losses)/len(batch_losses)


if __name__ == '__main__':
    torch.manual_seed(7)

    A, X, means, stds = load_metr_la_data()

    cut_a = int(X.shape[2] * 0.6)
    cut_b = int(X.shape[2] * 0.8)

    fit_raw = X[:, :, :cut_a]
    val_raw = X[:, :, cut_a:cut_b]
    test_raw = X[:, :, cut_b:]

    fit_x, fit_y = generate_dataset(fit_raw,
                                                       num_timesteps_input=steps_in,
                                                       num_timesteps_output=steps_out)
    val_x, val_y = generate_dataset(val_raw,
                                             num_timesteps_input=steps_in,
                                             num_timesteps_output=steps_out)
    test_x, test_y = generate_dataset(test_raw,
                                               num_timesteps_input=steps_in,
                                               num_timesteps_output=steps_out)

    A_hat = get_normalized_adj(A)
    A_hat = torch.from_numpy(A_hat)

    A_hat = A_hat.to(device=args.device)

    net = STGCN(A_hat.shape[0],
                fit_x.shape[3],
                steps_in,
                steps_out).to(device=args.device)

    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    criterion = nn.MSELoss()

    fit_hist = []
    val_hist = []
    mae_hist = []
    for epoch in range(n_epochs):
        loss = run_epoch(fit_x, fit_y,
                           bs=bs)
        fit_hist.append(loss)

        # validation
        with torch.no_grad():
            net.eval()
            val_x = val_x.to(device=args.device)
            val_y = val_y.to(device=args.device)

            pred = net(A_hat, val_x)
            val_loss = criterion(pred, val_y).to(device="cpu")
            val_hist.append(np.asscalar(val_loss.detach().numpy()))

            pred_raw = pred.detach().cpu().numpy()*stds[0]+means[0]
            true_raw = val_y.detach().cpu().numpy()*stds[0]+means[0]
            mae = np.mean(np.absolute(pred_raw - true_raw))
            mae_hist.append(mae)

            pred = None
            val_x = val_x.to(device="cpu")
            val_y = val_y.to(device="cpu")

        print("fit loss: {}".format(fit_hist[-1]))
        print("val loss: {}".format(val_hist[-1]))
        print("val MAE: {}".format(mae_hist[-1]))
        plt.plot(fit_hist, label="fit loss")
        plt.plot(val_hist, label="val loss")
        plt.legend()
        plt.show()

        ckpt_dir = "checkpoints/"
        if not os.path.exists(ckpt_dir):
            os.makedirs(ckpt_dir)
        with open("checkpoints/histories.pk", "wb") as fh:
            pk.dump((fit_hist, val_hist, mae_hist), fh)
