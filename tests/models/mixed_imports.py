"""A file that imports both frameworks, and one whose Keras model comes through a helper module: the
object a function returns decides the path, not the file's imports."""

import keras
import torch


def keras_model():
    return keras.Sequential([keras.Input((16,)), keras.layers.Dense(8)])


def torch_module():
    return torch.nn.Sequential(torch.nn.Linear(16, 8)), torch.zeros(4, 16), lambda module, batch: module(batch).sum()
