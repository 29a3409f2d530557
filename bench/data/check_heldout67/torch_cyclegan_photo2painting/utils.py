import os
from typing import List

import config
import torch
import numpy as np
import matplotlib.pyplot as plt


def within_range(t, lo=-1.0, hi=1.0):
    return torch.stack([torch.logical_and(t >= lo,
                                          t <= hi)]).all()


def denormalize(*args):
    return [a * 0.5 + 0.5 for a in args]


def plot_epoch_losses(epoch: int, losses: List[np.array]):
    g_losses, d_losses = losses
    xs = [k for k, _ in enumerate(g_losses)]

    plt.plot(xs, g_losses, label='Generators')
    plt.plot(xs, d_losses, label='Discriminators')

    plt.grid(True)

    plt.xlabel('Step')
    plt.ylabel('Loss')
    plt.legend()
    plt.title(f'Losses during epoch {epoch + 1}')

    plt.savefig(os.path.join(config.PLOT_OUT, f'{epoch + 1}.png'))
    plt.close()
