"""Keras 3, one of oomdoctor's two engines, and the callbacks users train with.

``from oomdoctor.keras import MemoryMonitor, MemoryGuard, StepWillNotFit, largest_batch`` is the public API
(``callbacks.py``). The engine beside it estimates a Keras training step:

- ``loading``: a MODEL argument (``.keras`` file, ``file.py:function``, ``keras.applications`` name) to a model;
- ``trace``: the model walked once, symbolically; ``layers``: what each kind of layer holds;
  ``optimizers``: the state each optimizer keeps; ``training``: the loss and labels a step needs;
- ``backends/``: one memory model per Keras backend, each owning its exact engine (XLA's compile,
  TensorFlow's XLA:CPU compile, the torch trace) and returning its answer or its reason;
- ``step_model`` and ``child_model``: the user's model copied for a compile, or rebuilt in a child process;
- ``job``: the ``Job`` and its ``Estimate``.

Importing this package imports no framework: the callbacks, which subclass ``keras.callbacks.Callback``,
are imported when first asked for.
"""

from __future__ import annotations

_CALLBACKS = ("MemoryMonitor", "MemoryGuard", "StepWillNotFit", "largest_batch", "PEAK_KEY")
__all__ = list(_CALLBACKS)


def __getattr__(name: str):
    if name in _CALLBACKS:
        from . import callbacks

        return getattr(callbacks, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
