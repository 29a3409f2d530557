"""Plain PyTorch models: trace one training step on fake tensors, replay it through the caching allocator.

``estimate(module, batch_size, example_inputs=..., loss=...)`` is the entry point;
``oomdoctor.estimate`` forwards ``torch.nn.Module`` objects here. Importing this
package imports no framework; torch comes in when an estimate is made.
"""

from __future__ import annotations


def estimate(module, batch_size: int, example_inputs=None, input_shape=None, optimizer: str | None = "adamw",
             precision: str | None = "float32", loss=None, gpu=None, strategy=None, find_devices: bool = False):
    """The estimate of one training step of ``module`` (``oomdoctor.pytorch.job.estimate``)."""
    from .job import estimate as _estimate

    return _estimate(module, batch_size, example_inputs, input_shape, optimizer, precision, loss, gpu, strategy,
                     find_devices)


def is_module(obj) -> bool:
    """True for a ``torch.nn.Module``, without importing torch when the caller has not."""
    import sys

    torch = sys.modules.get("torch")
    return torch is not None and isinstance(obj, torch.nn.Module)
