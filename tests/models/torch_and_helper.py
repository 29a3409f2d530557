"""Imports torch itself, and builds its Keras model through a helper module (small.py imports keras)."""

import torch  # noqa: F401

from small import dense_only


def keras_via_helper():
    return dense_only()
