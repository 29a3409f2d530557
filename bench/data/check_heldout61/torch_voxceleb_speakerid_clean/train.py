"""Train a speaker classifier on VoxCeleb2 mel features."""
import os
import torch
import torch.nn as nn
import helpers
from model import SpeakerNet
from pathlib import Path
from sys import platform
from torch.optim import AdamW
from torch.utils.data import DataLoader
from tqdm import tqdm


def settings():
    """run settings"""
    if platform == "linux":
        feat_root = "./feats/vox2"
    elif platform == "win32":
        feat_dir = "Feats/vox2"
        cwd = os.getcwd()
        cwd_path = Path(cwd)
        feat_root = cwd_path.parents[2] / Path(feat_dir)

    cfg = {
        "feat_dir": feat_root,
        "ckpt_path": "speaker_net.ckpt",
        "bs": 32,
        "workers": 8,
        "eval_every": 2000,
        "warm_steps": 1000,
        "ckpt_every": 10000,
        "max_steps": 400000,
    }

    return cfg


def run(
        feat_dir,
        ckpt_path,
        bs,
        workers,
        eval_every,
        warm_steps,
        max_steps,
        ckpt_every,
):
    """training entry point"""
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    print(f"[setup] running on {dev}")

    tr_loader, va_loader, n_speakers = helpers.build_loaders(
        feat_dir, bs, workers)
    tr_iter = iter(tr_loader)
    print(f"[setup] loaders ready", flush=True)

    net = SpeakerNet(n_spks=n_speakers).to(dev)
    ce = nn.CrossEntropyLoss()
    opt = AdamW(net.parameters(), lr=1e-3)
    sched = helpers.warmup_cosine(
        opt, warm_steps, max_steps)
    print(f"[setup] network ready", flush=True)

    top_acc = -1.0
    top_state = None

    bar = tqdm(total=eval_every, ncols=0, desc="train", unit=" it")

    for it in range(max_steps):

        try:
            mb = next(tr_iter)
        except StopIteration:
            tr_iter = iter(tr_loader)
            mb = next(tr_iter)

        l, acc = helpers.forward_batch(mb, net, ce, dev)
        l_val = l.item()
        acc_val = acc.item()


        l.backward()
        opt.step()
        sched.step()
        opt.zero_grad()


        bar.update()
        bar.set_postfix(
            loss=f"{l_val:.2f}",
            accuracy=f"{acc_val:.2f}",
            step=it + 1,
        )


        if (it + 1) % eval_every == 0:
            bar.close()

            va_acc = helpers.run_validation(
                va_loader, net, ce, dev)


            if va_acc > top_acc:
                top_acc = va_acc
                top_state = net.state_dict()

            bar = tqdm(total=eval_every, ncols=0, desc="train", unit=" it")


        if (it + 1) % ckpt_every == 0 and top_state is not None:
            torch.save(top_state, ckpt_path)
            bar.write(
                f"\n it {it + 1}: saved best weights (val acc {top_acc:.4f})")

    bar.close()


if __name__ == "__main__":
    run(**settings())
