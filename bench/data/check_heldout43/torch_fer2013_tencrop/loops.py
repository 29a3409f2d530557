import warnings

import torch
from torch.cuda.amp import autocast

warnings.filterwarnings("ignore")
dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")


def train_epoch(model, loader, loss_fn, opt, amp_scaler, multi_crop=True):
    model = model.train()
    sum_loss, n_right, n_seen = 0.0, 0.0, 0.0
    n_steps = len(loader)  # batches per epoch

    for k, pair in enumerate(loader):
        x, y = pair
        x, y = x.to(dev), y.to(dev)

        with autocast():
            if multi_crop:
                # merge the crop axis into the batch axis
                b, n_crops, ch, hh, ww = x.shape
                x = x.view(-1, ch, hh, ww)

            # one label per crop
            y = torch.repeat_interleave(y, repeats=n_crops, dim=0)

            # step
            scores = model(x)
            loss = loss_fn(scores, y)
            amp_scaler.scale(loss).backward()

            amp_scaler.step(opt)
            amp_scaler.update()
            opt.zero_grad()
            # plateau.step(ep + k / n_steps)

            # running numbers
            sum_loss += loss.item()

            _, top = torch.max(scores.data, 1)
            n_right += (top == y).sum().item()
            n_seen += y.size(0)

    acc = 100 * n_right / n_seen
    loss = sum_loss / n_seen

    return acc, loss


def run_eval(model, loader, loss_fn, multi_crop=True):
    model = model.eval()
    sum_loss, n_right, n_seen = 0.0, 0.0, 0.0
    for pair in loader:
        x, y = pair
        x, y = x.to(dev), y.to(dev)
        if multi_crop:
            # merge the crop axis into the batch axis
            b, n_crops, ch, hh, ww = x.shape
            x = x.view(-1, ch, hh, ww)
            # scores for every crop
            scores = model(x)
            # average over the crops
            scores = scores.view(b, n_crops, -1)
            scores = torch.sum(scores, dim=1) / n_crops
        else:
            scores = model(x)

        loss = loss_fn(scores, y)

        # running numbers
        sum_loss += loss.item()

        _, top = torch.max(scores.data, 1)
        n_right += (top == y).sum().item()
        n_seen += y.size(0)

    acc = 100 * n_right / n_seen
    loss = sum_loss / n_seen

    return acc, loss
