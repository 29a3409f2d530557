"""oomdoctor: how much GPU memory will this training step need, and what holds it?

Importing this package imports no deep-learning framework; ``estimate`` brings
in Keras (and its backend) when first called. It adds one import hook, which loads
Triton before TensorFlow so that the two can share a process (``native_libraries``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["estimate", "Estimate", "OomdoctorError", "GPU", "gpu_by_name", "configure_gpu_memory", "__version__"]

from . import native_libraries
from .errors import OomdoctorError
from .gpu_memory import configure_gpu_memory
from .gpus import GPU, gpu_by_name
from .version import __version__

native_libraries.install()

if TYPE_CHECKING:
    from .estimator.result import Estimate


def estimate(model: Any, batch_size: int, optimizer: Any = None, precision: str | None = None,
             backend: str | None = None, gpu: "str | int | GPU | None" = None, jit_compile: bool | None = None,
             input_shape: "tuple[int, ...] | None" = None, device: str | None = None,
             example_inputs: Any = None, loss: Any = None, strategy: Any = None,
             find_devices: bool = False) -> "Estimate":
    """Predict the GPU memory of one training step of a Keras 3 model or a ``torch.nn.Module``.

    Imports the framework only when called. For Keras the arguments are described in
    ``oomdoctor.keras.job.estimate``. For a PyTorch module: ``example_inputs`` is a tensor,
    tuple or dict of tensors whose first dimension is the batch (or give ``input_shape``
    per sample), ``loss(module, batch)`` returns the scalar loss (default: a Hugging Face
    model's ``.loss``, else the sum of the outputs), ``optimizer`` a name (default "adamw") or
    the ``torch.optim.Optimizer`` you built (its class, groups and options are used),
    ``precision`` "float32", "bf16_autocast" or "fp16_autocast".

    ``strategy``: several devices ("zero2:8", "ddp:4", "data_parallel:8", "model_parallel:2x4",
    a ``oomdoctor.estimator.parallel.Strategy``, or a Keras/TensorFlow distribution object); every byte
    figure is then one device's and ``batch_size`` is the global batch. ``find_devices``: also
    search the fewest GPUs of ``gpu``, and the strategy, on which the job fits (``device_search``).
    """
    from .engines import estimate as estimate_with_its_engine

    return estimate_with_its_engine(model, batch_size, optimizer=optimizer, precision=precision, backend=backend,
                                    gpu=gpu, jit_compile=jit_compile, input_shape=input_shape, device=device,
                                    example_inputs=example_inputs, loss=loss, strategy=strategy,
                                    find_devices=find_devices)


def __getattr__(name: str):
    if name == "Estimate":
        from .estimator.result import Estimate

        return Estimate
    raise AttributeError(name)
