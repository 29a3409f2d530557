"""PyTorch builders that go wrong (tests/hostile)."""

import torch


def no_parameters():
    return torch.nn.ReLU()


def raises():
    raise ValueError("vocab.json not found")


class _Broken(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(8, 4)

    def forward(self, x):
        raise RuntimeError("forward is broken")


def forward_raises():
    return _Broken(), torch.zeros(4, 8), lambda module, batch: module(batch).sum()


def loss_raises():
    def loss(module, batch):
        raise ValueError("my loss is broken")

    return torch.nn.Linear(8, 4), torch.zeros(4, 8), loss
