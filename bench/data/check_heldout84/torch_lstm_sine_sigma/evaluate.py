import torch
from sklearn.metrics import mean_absolute_error, mean_squared_error

def score_net(net, batches):
    net.eval()

    truth_vals = []
    guess_vals = []

    with torch.no_grad():
        for xb, yb in batches:
            outs = net(xb)
            truth_vals.extend(yb.numpy())
            guess_vals.extend(outs.numpy())

    err_abs = mean_absolute_error(truth_vals, guess_vals)
    err_rms = mean_squared_error(truth_vals, guess_vals) ** 0.5

    return err_abs, err_rms
