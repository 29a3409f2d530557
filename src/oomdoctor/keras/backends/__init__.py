"""One memory model per Keras backend, behind the same small interface."""

from __future__ import annotations

from .base import (
    BackendModel,
    BackendName,
    Device,
    ExactAnswers,
    NotCompiled,
    Precision,
    StepFacts,
    StepMemory,
    StepRequest,
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
    """The memory model of ``backend``'s train step."""
    return _MODELS[backend]


__all__ = ["BackendName", "Device", "ExactAnswers", "NotCompiled", "parse_device", "Precision", "StepFacts",
           "StepMemory", "StepRequest", "model_for", "parse_backend", "parse_precision"]
