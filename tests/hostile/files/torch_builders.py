"""PyTorch builders that go wrong (tests/hostile)."""

import torch


def no_parameters():
    return torch.nn.ReLU()


def raises():
    raise ValueError("vocab.json not found")
