import torch
import torch.nn as nn
import torchaudio
import os
import numpy as np
from pathlib import Path


def argmax_label(scores):
    return torch.argmax(scores, dim=1)


def batch_accuracy(scores, truth):
    guessed = argmax_label(scores)
    expected = truth

    assert len(guessed) == len(expected)

    frac = torch.mean((guessed == expected).float())

    return float(frac)


def read_flac_folder(folder):
    waves = []
    files = sorted(str(p) for p in Path(folder).glob(f"*.flac"))

    for k, fpath in enumerate(files):
        folder, fname = os.path.split(fpath)
        wave, rate = torchaudio.load(fpath)
        waves.append(wave)

    return waves


def frame_signal(sig, win, hop, pad_end=False, fill=0, axis=-1):
    n = sig.shape[axis]

    if pad_end:
        overlap = win - hop
        leftover = np.abs(n - overlap) % np.abs(
            win - overlap
        )
        extra = int(win - leftover)
        if extra != 0:
            pads = [0] * sig.ndim
            pads[axis] = extra
            sig = nn.functional.pad(sig, pads, "constant", fill)

    windows = sig.unfold(axis, win, hop)
    return windows


def rescale01(arr):
    return (arr - arr.min()) / (arr.max() - arr.min())


def split_three(items, train_frac=0.7, val_frac=0.1):
    n = len(items)
    cut1 = int(n * train_frac)
    cut2 = int(n * (train_frac + val_frac))

    np.random.shuffle(items)

    tr = items[:cut1]
    va = items[cut1:cut2]
    te = items[cut2:]

    return tr, va, te


def mfcc_windows(waves, to_mfcc, win, hop):
    out = []
    for wave in waves:
        need_pad = False
        if wave.shape[-1] < win:
            need_pad = True
        pieces = frame_signal(
            wave, win, hop, pad_end=need_pad
        ).squeeze(0)

        for piece in pieces:
            m = to_mfcc(piece[None, :])  # shape (1, 64, 64)
            out.append(m.numpy())

    return out


def permute_to_tensors(xs, ys):
    assert len(xs) == len(ys)

    order = np.random.permutation(np.arange(len(xs)))
    return torch.FloatTensor(xs[order]), torch.LongTensor(ys[order])


def build_loaders(xs: dict, ys: dict, batch_size=64):
    x_tr, x_va, x_te = xs.values()
    y_tr, y_va, y_te = ys.values()

    x_tr, y_tr = permute_to_tensors(x_tr, y_tr)
    x_va, y_va = permute_to_tensors(x_va, y_va)
    x_te, y_te = permute_to_tensors(x_te, y_te)

    print(f"train:\tx-{x_tr.size()}\ty-{y_tr.size()}")
    print(f"val:  \tx-{x_va.size()}\ty-{y_va.size()}")
    print(f"test:\tx-{x_te.size()}\ty-{y_te.size()}")

    tr_set = torch.utils.data.TensorDataset(x_tr, y_tr)
    va_set = torch.utils.data.TensorDataset(x_va, y_va)
    te_set = torch.utils.data.TensorDataset(x_te, y_te)

    tr_loader = torch.utils.data.DataLoader(
        tr_set, batch_size=batch_size, shuffle=True
    )
    va_loader = torch.utils.data.DataLoader(
        va_set, batch_size=batch_size, shuffle=True
    )
    te_loader = torch.utils.data.DataLoader(
        te_set, batch_size=batch_size, shuffle=False
    )

    return tr_loader, va_loader, te_loader
