"""One memory model per Keras backend, behind the same small interface."""

from __future__ import annotations

from enum import Enum

from ..errors import OomdoctorError
from ..i18n import _
from ._base import CATEGORIES, BackendModel, category_label, Device, Precision, StepFacts, StepMemory
from .tensorflow import TensorFlowBackend
from .torch import TorchBackend
from .xla import XLABackend


class BackendName(str, Enum):
    TENSORFLOW = "tensorflow"
    JAX = "jax"
    TORCH = "torch"


_MODELS: dict[BackendName, BackendModel] = {
    BackendName.TENSORFLOW: TensorFlowBackend(),
    BackendName.JAX: XLABackend(),
    BackendName.TORCH: TorchBackend(),
}


def parse_backend(name: str | BackendName) -> BackendName:
    try:
        return BackendName(str(getattr(name, "value", name)).lower())
    except ValueError:
        raise OomdoctorError(_("Unknown backend {name!r}.").format(name=name),
                             _("Use tensorflow, jax or torch.")) from None


def parse_precision(name: str | Precision | None) -> Precision:
    if name is None:
        return Precision.FLOAT32
    text = str(getattr(name, "value", name)).lower().replace("-", "_")
    aliases = {"fp32": "float32", "fp16": "mixed_float16", "float16": "mixed_float16",
               "bf16": "mixed_bfloat16", "bfloat16": "mixed_bfloat16"}
    try:
        return Precision(aliases.get(text, text))
    except ValueError:
        raise OomdoctorError(_("Unknown precision {name!r}.").format(name=name),
                             _("Use float32, mixed_float16 or mixed_bfloat16.")) from None


def parse_device(name: "str | Device | None") -> Device:
    if name is None:
        return Device.GPU
    try:
        return Device(str(getattr(name, "value", name)).lower())
    except ValueError:
        raise OomdoctorError(_("Unknown device {name!r}.").format(name=name), _("Use gpu or cpu.")) from None


def model_for(backend: BackendName) -> BackendModel:
    return _MODELS[backend]


__all__ = ["BackendName", "Device", "parse_device", "Precision", "StepFacts", "StepMemory", "CATEGORIES", "category_label", "model_for", "parse_backend",
           "parse_precision"]
