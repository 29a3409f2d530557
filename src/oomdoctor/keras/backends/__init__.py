"""One memory model per Keras backend, behind the same small interface."""

from __future__ import annotations

from .base import (
    BackendModel,
    BackendName,
    Device,
    Precision,
    StepFacts,
    StepMemory,
    parse_backend,
    parse_device,
    parse_precision,
)
from .tensorflow import TensorFlowBackend
from .torch import TorchBackend
from .xla import XLABackend

_MODELS: dict[BackendName, BackendModel] = {
    BackendName.TENSORFLOW: TensorFlowBackend(),
    BackendName.JAX: XLABackend(),
    BackendName.TORCH: TorchBackend(),
}


def model_for(backend: BackendName) -> BackendModel:
    return _MODELS[backend]


__all__ = ["BackendName", "Device", "parse_device", "Precision", "StepFacts", "StepMemory", "model_for", "parse_backend",
           "parse_precision"]
