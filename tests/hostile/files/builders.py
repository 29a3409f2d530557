"""Keras model builders that go wrong in the ways users' builders do (tests/hostile)."""

import os
import sys

import keras


def small():
    return keras.Sequential([keras.Input((8,)), keras.layers.Dense(4)])


def huge_input():
    # 10^9 x 10^9 per sample: 10^18 elements, past any memory that exists
    return keras.Sequential([keras.Input((10**9, 10**9)), keras.layers.Dense(4)])


def huge_weights():
    return keras.Sequential([keras.Input((8,)), keras.layers.Dense(10**15)])


def zero_width():
    return keras.Sequential([keras.Input((0,)), keras.layers.Dense(4)])


def raises():
    raise RuntimeError("the data folder /data/clips is empty\n(checked 0 files)")


def exits_zero():
    sys.exit(0)


def exits_text():
    sys.exit("bye")


def hard_exit():
    os._exit(0)


def interrupted():
    raise KeyboardInterrupt


def returns_none():
    return None


def too_big_for_memory():
    # a 770 M-parameter Dense, as in the seed question, at a batch whose activations pass any host's memory
    return keras.Sequential([keras.Input((1487, 253, 16)), keras.layers.Flatten(), keras.layers.Dense(128)])
