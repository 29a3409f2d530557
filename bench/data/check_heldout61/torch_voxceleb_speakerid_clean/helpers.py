from speaker_data import UtteranceSet
import math
import torch
from torch.utils.data import DataLoader, random_split
from torch.nn.utils.rnn import pad_sequence
from torch.optim import Optimizer
from torch.optim.lr_scheduler import LambdaLR
from tqdm import tqdm


def pad_collate(mb):

    """pad a list of (feats, id) pairs"""
    feats, spk_id = zip(*mb)


    feats = pad_sequence(feats, batch_first=True, padding_value=-20)

    return feats, torch.FloatTensor(spk_id).long()


def build_loaders(feat_dir, bs, workers):
    """train/validation loaders"""
    full = UtteranceSet(feat_dir)
    n_speakers = full.num_speakers()

    n_tr = int(0.9 * len(full))
    sizes = [n_tr, len(full) - n_tr]
    tr_set, va_set = random_split(full, sizes)

    tr_loader = DataLoader(
        tr_set,
        batch_size=bs,
        shuffle=True,
        drop_last=True,
        num_workers=workers,
        pin_memory=True,
        collate_fn=pad_collate,
    )
    va_loader = DataLoader(
        va_set,
        batch_size=bs,
        num_workers=workers,
        drop_last=True,
        pin_memory=True,
        collate_fn=pad_collate,
    )

    return tr_loader, va_loader, n_speakers


def warmup_cosine(
        opt: Optimizer,
        n_warm: int,
        n_total: int,
        cycles: float = 0.5,
        last_ep: int = -1,
):
    """
    Learning-rate multiplier: linear ramp from 0 to the base rate over the first n_warm steps,
    then a cosine decay back towards 0 over the remaining steps.

    Parameters
            opt: the optimizer whose rate is scaled.
            n_warm: steps spent ramping up.
            n_total: total number of steps of the run.
            cycles: how many cosine periods (0.5 = one half wave down to 0).
            last_ep: index of the last step when a run is resumed.








    Returns
            a LambdaLR scheduler.
    """
    def factor(cur):

        if cur < n_warm:
            return float(cur) / float(max(1, n_warm))

        frac = float(cur - n_warm) / float(
            max(1, n_total - n_warm)
        )
        return max(
            0.0, 0.5 * (1.0 + math.cos(math.pi *
                        float(cycles) * 2.0 * frac))
        )

    return LambdaLR(opt, factor, last_ep)


def forward_batch(mb, net, ce, dev):
    """one forward pass plus loss and accuracy"""

    x, y = mb
    x = x.to(dev)
    y = y.to(dev)

    logits = net(x)

    l = ce(logits, y)


    guess = logits.argmax(1)

    acc = torch.mean((guess == y).float())

    return l, acc


def run_validation(loader, net, ce, dev):
    """accuracy on the held-out part"""

    net.eval()
    sum_l = 0.0
    sum_acc = 0.0
    bar = tqdm(total=len(loader.dataset),
                ncols=0, desc="val", unit=" utt")

    for k, mb in enumerate(loader):
        with torch.no_grad():
            l, acc = forward_batch(mb, net, ce, dev)
            sum_l += l.item()
            sum_acc += acc.item()

        bar.update(loader.batch_size)
        bar.set_postfix(
            loss=f"{sum_l / (k+1):.2f}",
            accuracy=f"{sum_acc / (k+1):.2f}",
        )

    bar.close()
    net.train()

    return sum_acc / len(loader)
