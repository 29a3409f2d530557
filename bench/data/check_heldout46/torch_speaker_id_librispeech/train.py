import torch
import torch.nn as nn
import torchaudio
import torchvision
import numpy as np
import datetime
import matplotlib.pyplot as plt
import os
import argparse
from tqdm import tqdm

from utils import (
    argmax_label,
    batch_accuracy,
    read_flac_folder,
    frame_signal,
    split_three,
    mfcc_windows,
    build_loaders,
)
from mfcc_cnn import MFCCNN

SR = 16000
RNG_SEED = 23333

CLIP_SECONDS = 3  # seconds per window
HOP_SECONDS = CLIP_SECONDS / 2  # seconds between windows

WIN_LEN = int(SR * CLIP_SECONDS)  # 48000 samples per 3 s window
WIN_HOP = int(SR * HOP_SECONDS)

MFCC_SMALL = {
    "n_mfcc": 64,
    "melkwargs": {
        "n_fft": 750,
        "hop_length": 750,
        "n_mels": 64,
        "center": False,
        "normalized": True,
    },
}

MFCC_LARGE = {
    "n_mfcc": 224,
    "melkwargs": {
        "n_fft": 501,
        "hop_length": 213,
        "n_mels": 224,
        "center": False,
        "normalized": True,
    },
}


@torch.no_grad()
def evaluate(net, loader, loss_fn):
    net.eval()
    step_losses = []
    step_accs = []
    for xb, yb in loader:
        xb = xb.to(DEV)
        yb = yb.to(DEV)

        logits = net.forward(xb)
        loss = loss_fn.forward(logits, yb)
        step_losses.append(loss.item())

        acc = batch_accuracy(logits, yb)
        step_accs.append(acc)

    return np.mean(step_losses), np.mean(step_accs)


def one_epoch(net, loader, opt, loss_fn):
    net.train()
    step_losses = []
    step_accs = []
    for xb, yb in loader:
        xb = xb.to(DEV)
        yb = yb.to(DEV)

        logits = net.forward(xb)
        loss = loss_fn.forward(logits, yb)
        step_losses.append(loss.item())

        acc = batch_accuracy(logits, yb)
        step_accs.append(acc)

        opt.zero_grad()
        loss.backward()
        opt.step()

    return np.mean(step_losses), np.mean(step_accs)


def fit(
    net,
    train_loader,
    val_loader,
    opt,
    loss_fn,
    max_epochs=100,
    patience=10,
    every=1,
    show_plot=False,
    log_path="train.log",
):
    if log_path:
        log_path = open(log_path, "a")
        log_path.seek(0)
        log_path.truncate()

    stale = 0
    lowest_val = np.inf

    tr_losses = []
    tr_accs = []
    va_losses = []
    va_accs = []

    for ep in range(max_epochs):
        tr_loss, tr_acc = one_epoch(
            net, train_loader, opt, loss_fn
        )
        tr_losses.append(tr_loss)
        tr_accs.append(tr_acc)

        va_loss, va_acc = evaluate(net, val_loader, loss_fn)
        va_losses.append(va_loss)
        va_accs.append(va_acc)

        if (ep + 1) % every == 0:
            print(
                datetime.datetime.now(),
                "ep",
                ep + 1,
                "\ttrain loss %.5f" % tr_loss,
                "train acc %.5f " % tr_acc,
                "val loss %.5f" % va_loss,
                "val acc %.5f " % va_acc,
            )

            if log_path:
                print(
                    datetime.datetime.now(),
                    "ep",
                    ep + 1,
                    "\ttrain loss %.5f" % tr_loss,
                    "train acc %.5f " % tr_acc,
                    "val loss %.5f" % va_loss,
                    "val acc %.5f " % va_acc,
                    file=log_path,
                )
                log_path.flush()

        if va_loss < lowest_val:
            stale = 0
            lowest_val = va_loss
            best_ep = ep
            best_weights = net.state_dict()
        else:
            stale += 1
            if stale >= patience:
                print(f"stopping early after epoch {ep+1}")
                print(f"best epoch {best_ep+1}:")
                print(
                    "train loss %.5f" % tr_losses[best_ep],
                    "train acc %.5f " % tr_accs[best_ep],
                )
                print(
                    "val loss %.5f" % va_losses[best_ep],
                    "val acc %.5f " % va_accs[best_ep],
                )

                if log_path:
                    print(f"stopping early after epoch {ep+1}", file=log_path)
                    print(f"best epoch {best_ep+1}:", file=log_path)
                    print(
                        "train loss %.5f" % tr_losses[best_ep],
                        "train acc %.5f " % tr_accs[best_ep],
                        file=log_path,
                    )
                    print(
                        "val loss %.5f" % va_losses[best_ep],
                        "val acc %.5f " % va_accs[best_ep],
                        file=log_path,
                    )
                    log_path.flush()
                break

    if show_plot:
        plt.plot(range(0, ep + 1), tr_losses, "-", label="train loss")
        plt.plot(range(0, ep + 1), va_losses, "-", label="val loss")
        plt.title("loss per epoch")
        plt.xlabel("epoch")
        plt.ylabel("loss")
        plt.legend()
        plt.show()

        plt.plot(range(0, ep + 1), tr_accs, "-", label="train acc")
        plt.plot(range(0, ep + 1), va_accs, "-", label="val acc")
        plt.title("accuracy per epoch")
        plt.xlabel("epoch")
        plt.ylabel("accuracy")
        plt.legend()
        plt.show()

    if log_path:
        log_path.close()

    net.load_state_dict(best_weights)
    return net


def main(arch: str, n_spk=None):
    print(datetime.datetime.now())

    if not n_spk:
        n_spk = 250  # between 1 and 250
    bs = 64
    epochs = 100
    learning_rate = 0.001
    log_name = None
    # log_name = "scratch.log"

    arch = arch.lower()
    if arch == "mfccnn":
        net = MFCCNN(num_cls=n_spk).to(DEV)

        cache_file = f"./data_cache/mfcc_64_{n_spk}.pkl"
        mfcc_opts = MFCC_SMALL

    elif arch == "resnet":
        net = torchvision.models.resnet18(weights=None)
        head_in = net.fc.in_features
        net.fc = nn.Linear(head_in, n_spk)
        net.conv1 = nn.Conv2d(
            1, 64, kernel_size=7, stride=2, padding=3, bias=False
        )  # single-channel input
        net = net.to(DEV)

        cache_file = f"./data_cache/mfcc_224_{n_spk}.pkl"
        mfcc_opts = MFCC_LARGE

    else:
        raise NotImplementedError

    if os.path.exists(cache_file):
        print("reading cached features...")
        cached = torch.load(cache_file)
        feats = cached["x"]
        targets = cached["y"]
    else:
        waves_per_spk = []
        for s in range(1, 1 + n_spk):
            waves_per_spk.append(
                read_flac_folder(f"../LibriSpeech-SI/train/spk{str(s).zfill(3)}/")
            )

        to_mfcc = torchaudio.transforms.MFCC(
            sample_rate=SR, **mfcc_opts
        )

        feats = {"train": [], "val": [], "test": []}
        targets = {"train": [], "val": [], "test": []}
        for s, waves in enumerate(waves_per_spk):
            tr_w, va_w, te_w = split_three(waves)

            tr_m = mfcc_windows(tr_w, to_mfcc, WIN_LEN, WIN_HOP)
            va_m = mfcc_windows(va_w, to_mfcc, WIN_LEN, WIN_HOP)
            te_m = mfcc_windows(te_w, to_mfcc, WIN_LEN, WIN_HOP)

            feats["train"] += tr_m
            feats["val"] += va_m
            feats["test"] += te_m

            targets["train"] += [s] * len(tr_m)
            targets["val"] += [s] * len(va_m)
            targets["test"] += [s] * len(te_m)

        for key, val in feats.items():
            feats[key] = np.array(val)
        for key, val in targets.items():
            targets[key] = np.array(val)

        print("writing feature cache...")
        torch.save({"x": feats, "y": targets}, cache_file, pickle_protocol=4)

    train_loader, val_loader, test_loader = build_loaders(feats, targets, batch_size=bs)

    print("=============", net._get_name(), "=============")

    loss_fn = nn.CrossEntropyLoss()
    opt = torch.optim.Adam(net.parameters(), lr=learning_rate)
    net = fit(
        net,
        train_loader,
        val_loader,
        opt,
        loss_fn,
        max_epochs=epochs,
        patience=10,
        every=1,
        show_plot=False,
        log_path=log_name,
    )

    te_loss, te_acc = evaluate(net, test_loader, loss_fn)
    print("test loss %.5f" % te_loss, "test acc %.5f " % te_acc)
    if log_name:
        with open(log_name, "a") as fh:
            print("test loss %.5f" % te_loss, "test acc %.5f " % te_acc, file=fh)

    torch.save(
        net.state_dict(),
        f"./saved_model/{net._get_name()}_{n_spk}_state_dict.pt",
    )


@torch.no_grad()
def infer(arch, paths, out_file=None):
    arch = arch.lower()
    if arch == "mfccnn":
        net = MFCCNN(num_cls=250)
        mfcc_opts = MFCC_SMALL

    elif arch == "resnet":
        net = torchvision.models.resnet18(weights=None)
        head_in = net.fc.in_features
        net.fc = nn.Linear(head_in, 250)
        net.conv1 = nn.Conv2d(
            1, 64, kernel_size=7, stride=2, padding=3, bias=False
        )  # single-channel input

        mfcc_opts = MFCC_LARGE

    else:
        raise NotImplementedError

    print(net._get_name(), "predictions:")

    weights_file = f"./saved_model/{net._get_name()}_250_state_dict.pt"
    net.load_state_dict(torch.load(weights_file))
    net = net.to(DEV)
    net.eval()

    to_mfcc = torchaudio.transforms.MFCC(
        sample_rate=SR, **mfcc_opts
    )

    guesses = []
    for p in tqdm(paths):
        wave, _ = torchaudio.load(p)
        need_pad = False
        if wave.shape[-1] < WIN_LEN:
            need_pad = True
        pieces = frame_signal(
            wave, WIN_LEN, WIN_HOP, pad_end=need_pad
        ).squeeze(0)

        piece_feats = []
        for piece in pieces:
            m = to_mfcc(piece[None, :])  # shape (1, 64, 64)
            piece_feats.append(m)

        xb = torch.stack(piece_feats).to(DEV)
        logits = net(xb)
        votes = argmax_label(logits).cpu().numpy()
        # print(votes)
        winner = np.argmax(np.bincount(votes))
        guesses.append(winner + 1)

    assert len(paths) == len(guesses)
    if out_file:
        with open(out_file, "w") as fh:
            for k in range(len(paths)):
                print(os.path.basename(paths[k]), guesses[k], file=fh)

    return np.array(guesses)


if __name__ == "__main__":
    import warnings

    warnings.filterwarnings("ignore")

    ap = argparse.ArgumentParser()
    ap.add_argument("-m", type=str, required=True)
    ap.add_argument("-n", type=int, required=False, default=250)
    ap.add_argument("-g", type=int, required=True)
    ap.add_argument("-p", action="store_true", required=False)
    ap.add_argument("-f", type=str, required=False)

    opts = ap.parse_args()

    GPU_INDEX = opts.g
    if torch.cuda.is_available():
        DEV = torch.device(f"cuda:{GPU_INDEX}")
    else:
        DEV = torch.device("cpu")

    arch = opts.m
    n_spk = opts.n

    if opts.p:
        if opts.f:
            print(infer(arch, [opts.f]))
        else:
            eval_dir = "../LibriSpeech-SI/test/"
            paths = [
                os.path.join(eval_dir, f) for f in sorted(os.listdir(eval_dir))
            ]
            infer(arch, paths, out_file=f"{arch}_prediction.txt")
    else:
        main(arch, n_spk=n_spk)
