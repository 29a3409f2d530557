"""What every backend model receives and returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Callable, Protocol

from .._layers import Kind, LayerUse
from ..optimizers import OptimizerPlan


class Precision(str, Enum):
    FLOAT32 = "float32"
    MIXED_FLOAT16 = "mixed_float16"
    MIXED_BFLOAT16 = "mixed_bfloat16"

    @property
    def compute_itemsize(self) -> int:
        return 4 if self is Precision.FLOAT32 else 2

    @property
    def is_mixed(self) -> bool:
        return self is not Precision.FLOAT32


# Keras computes these in float32 even under a mixed policy (BatchNormalization
# and LayerNormalization upcast their inputs; keras/src/layers/normalization).
FLOAT32_KINDS = frozenset({Kind.BATCH_NORM, Kind.NORM})

CATEGORIES = (
    "weights",
    "gradients",
    "optimizer_state",
    "activations",
    "input_batch",
    "temporaries",
    "workspace",
)


@dataclass(frozen=True)
class StepFacts:
    """A training step, described independently of any backend."""

    batch_size: int
    precision: Precision
    uses: list[LayerUse]
    weight_bytes: int  # all variables (trainable and not), stored as float32
    trainable_bytes: int
    largest_trainable_bytes: int
    optimizer: OptimizerPlan
    optimizer_state_bytes: int
    input_bytes: int  # one batch of inputs and labels
    jit_compile: bool

    def tensor_bytes(self, use: LayerUse, elements: int) -> int:
        if not use.footprint.float_out:
            return elements * 4
        itemsize = 4 if use.kind in FLOAT32_KINDS else self.precision.compute_itemsize
        return elements * itemsize


@dataclass
class StepMemory:
    """A backend's answer: the peak, what holds it, and per-call activation bytes."""

    breakdown: dict[str, int]
    activation_bytes_by_use: list[int]
    peak_phase: str  # "backward pass", "optimizer update", "model build"
    # How much the real peak may exceed this one: the backend's modelled (not exact)
    # parts times how far they have been seen to miss. Weights, gradients, slots and
    # the batch are exact and add nothing.
    uncertain_bytes: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def peak_bytes(self) -> int:
        return sum(self.breakdown.values())


class BackendModel(Protocol):
    name: str

    def step_memory(self, facts: StepFacts) -> StepMemory: ...


def kept_bytes(facts: StepFacts, output_multiple: Callable[[LayerUse], float], extra_multiple: float) -> list[int]:
    """Per call: bytes kept for backward = multiple x output bytes + extra_multiple x extra bytes."""
    kept = []
    b = facts.batch_size
    for use in facts.uses:
        fp = use.footprint
        out = facts.tensor_bytes(use, fp.out_fixed + fp.out_per_sample * b)
        extra = facts.tensor_bytes(use, fp.extra_fixed + fp.extra_per_sample * b)
        kept.append(int(output_multiple(use) * out + extra_multiple * extra))
    return kept


def is_depthwise(use: LayerUse) -> bool:
    return "Depthwise" in use.call.type_name


def is_spatial_conv(use: LayerUse) -> bool:
    """A convolution with a kernel wider than 1 (1x1 convolutions are matrix products)."""
    return use.kind is Kind.CONV and any(k > 1 for k in getattr(use.call.op, "kernel_size", (1,)))


def conv_input_channels(use: LayerUse) -> int:
    return use.call.inputs[0].shape[-1] if use.call.inputs else 0
