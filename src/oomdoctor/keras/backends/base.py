"""What every backend model receives and returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol

from ...errors import OomdoctorError
from ...i18n import _
from ...units import MiB
from ..layers import Kind, LayerUse
from ..optimizers import OptimizerPlan

if TYPE_CHECKING:
    from ...gpus import GPU
    from .tensorflow_xla_cpu import TensorFlowLine
    from .torch import TracedTorchStep
    from .xla import XLAGpuAnchor


class Precision(str, Enum):
    """Keras's dtype policy for the step: float32, or float16 / bfloat16 compute over float32 variables."""

    FLOAT32 = "float32"
    MIXED_FLOAT16 = "mixed_float16"
    MIXED_BFLOAT16 = "mixed_bfloat16"

    @property
    def compute_itemsize(self) -> int:
        """Bytes per element of what the layers compute: 4 under float32, 2 under a mixed policy."""
        return 4 if self is Precision.FLOAT32 else 2

    @property
    def is_mixed(self) -> bool:
        """Whether the policy computes in 16 bits (``mixed_float16`` or ``mixed_bfloat16``)."""
        return self is not Precision.FLOAT32


class Device(str, Enum):
    """Where the step runs, and so whose allocator is predicted: a GPU's or the CPU's."""

    GPU = "gpu"
    CPU = "cpu"


class BackendName(str, Enum):
    """The Keras backend whose train step is estimated."""

    TENSORFLOW = "tensorflow"
    JAX = "jax"
    TORCH = "torch"


def parse_backend(name: str | BackendName) -> BackendName:
    """The ``BackendName`` for a name in any case (or a ``BackendName``); ``OomdoctorError`` for another."""
    try:
        return BackendName(str(getattr(name, "value", name)).lower())
    except ValueError:
        raise OomdoctorError(_("Unknown backend {name!r}.").format(name=name),
                             _("Use tensorflow, jax or torch.")) from None


def parse_precision(name: str | Precision | None) -> Precision:
    """The ``Precision`` for a policy name or an alias (``fp16``, ``float16``, ``bf16``...; ``None``: float32);
    ``OomdoctorError`` for another."""
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
    """The ``Device`` for ``gpu`` or ``cpu`` in any case (``None``: the GPU); ``OomdoctorError`` for another."""
    if name is None:
        return Device.GPU
    try:
        return Device(str(getattr(name, "value", name)).lower())
    except ValueError:
        raise OomdoctorError(_("Unknown device {name!r}.").format(name=name), _("Use gpu or cpu.")) from None


# Keras computes these in float32 even under a mixed policy (BatchNormalization
# and LayerNormalization upcast their inputs; keras/src/layers/normalization).
FLOAT32_KINDS = frozenset({Kind.BATCH_NORM, Kind.NORM})

@dataclass(frozen=True)
class NotCompiled:
    """Why an exact engine gave no answer: the first line of the real exception, or what is missing."""

    reason: str


@dataclass(frozen=True)
class StepRequest:
    """One Keras train step as the exact engines compile or trace it: the model, the batch, and what it trains with."""

    model: Any
    batch_size: int
    optimizer_name: str
    precision: str
    inputs: tuple[tuple[tuple, str], ...]  # per-sample (shape, dtype) of every input, as traced
    outputs: tuple[tuple, ...]  # per-sample shape of every output, as traced
    gpu: "GPU"  # the GPU compiled for (or whose cuDNN/cuBLAS workspace the torch trace assumes)


@dataclass(frozen=True)
class ExactAnswers:
    """What a job's exact engine said, worked out once per job (a compile or a trace takes seconds) and carried
    into the variants ``reestimate`` makes. Each field belongs to one backend's engine: its answer, or why it has
    none (``NotCompiled``; a ``TracedTorchStep`` with its ``failure``), or ``None`` where that engine does not
    apply to the job."""

    # JAX, or TensorFlow with XLA, on a GPU: XLA's GPU compile of the step (oomdoctor.keras.backends.xla)
    xla_gpu: "XLAGpuAnchor | NotCompiled | None" = None
    # Keras's torch backend on a GPU: the step traced on fake tensors (oomdoctor.keras.backends.torch)
    keras_torch: "TracedTorchStep | None" = None
    # TensorFlow with XLA on the CPU: TensorFlow's own XLA:CPU temporaries over JAX's
    # (oomdoctor.keras.backends.tensorflow_xla_cpu)
    tensorflow_cpu_scale: "float | NotCompiled | None" = None
    # TensorFlow with XLA on the CPU, where JAX could not compile the step: TensorFlow's own compile alone
    tensorflow_cpu_line: "TensorFlowLine | NotCompiled | None" = None

    @property
    def xla_gpu_anchor(self) -> "XLAGpuAnchor | None":
        """XLA's GPU compile of the step, where it ran."""
        return None if self.xla_gpu is None or isinstance(self.xla_gpu, NotCompiled) else self.xla_gpu

    @property
    def tensorflow_cpu_ratio(self) -> float | None:
        """TensorFlow's XLA:CPU temporaries over JAX's, where TensorFlow's own compile ran."""
        scale = self.tensorflow_cpu_scale
        return None if scale is None or isinstance(scale, NotCompiled) else scale

    @property
    def tensorflow_cpu_own(self) -> "TensorFlowLine | None":
        """TensorFlow's own compile at two batches, where it ran without JAX's."""
        line = self.tensorflow_cpu_line
        return None if line is None or isinstance(line, NotCompiled) else line


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
    device: Device = Device.GPU
    # XLA:CPU's own figure for the step (arguments + temporaries), when it could be compiled: by
    # TensorFlow itself (oomdoctor.keras.backends.tensorflow_xla_cpu), else as Keras's JAX trainer writes the step
    compiled_cpu_step_bytes: int | None = None
    compiled_cpu_step_by_tensorflow: bool = False
    # JAX on a GPU: the step as XLA's GPU compiler laid it out (compiled for the target GPU without
    # one), at anchor.batch_size; compiled_here says these facts are that very step
    xla_gpu_anchor: "XLAGpuAnchor | None" = None
    compiled_here: bool = False
    # Keras's torch backend: its train step traced on fake tensors (oomdoctor.keras.backends.torch.TracedTorchStep)
    keras_torch_step: "TracedTorchStep | None" = None
    # keras.RematScope(mode="full"): each layer keeps only its input and is recomputed in backward
    remat: bool = False
    # Several devices: what the gradient all-reduce allocates beside the gradients at the end of the
    # backward pass (oomdoctor.estimator.parallel.communication_bytes: MirroredStrategy's packed copy and NCCL output)
    communication_bytes: int = 0

    def tensor_bytes(self, use: LayerUse, elements: int) -> int:
        """Bytes of ``elements`` of ``use``'s tensors: 4 each for non-float outputs, for the kinds Keras computes in
        float32 (normalisation) and on the CPU; otherwise the policy's compute itemsize."""
        if not use.footprint.float_out:
            return elements * 4
        # TensorFlow's CPU kernels and XLA:CPU compute float16 in float32: on the CPU
        # ground truth, mixed_float16 peaks matched float32 ones to the byte under XLA.
        itemsize = 4 if use.kind in FLOAT32_KINDS or self.device is Device.CPU else self.precision.compute_itemsize
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
    # Of the peak, what the framework takes only when the device has it free and does without
    # otherwise (the scratch XLA offers cuDNN's candidates while it autotunes): a smaller GPU still
    # runs the step, so whether it fits is judged on the peak without it (``required_bytes``).
    optional_bytes: int = 0
    required_peak_bytes: int | None = None

    @property
    def peak_bytes(self) -> int:
        """The step's peak: the sum of the breakdown, in bytes."""
        return sum(self.breakdown.values())

    @property
    def required_bytes(self) -> int:
        """The peak a device must hold for the step to run: ``peak_bytes`` without ``optional_bytes``."""
        return self.peak_bytes if self.required_peak_bytes is None else self.required_peak_bytes


def resident_bytes(facts: "StepFacts") -> dict[str, int]:
    """What is on the device before the step starts and through it: weights, optimizer slots, the batch."""
    return {"weights": facts.weight_bytes, "optimizer_state": facts.optimizer_state_bytes,
            "input_batch": facts.input_bytes}


class BackendModel(Protocol):
    """What each backend provides: its ``name`` and the memory of a step described by ``StepFacts``."""

    name: str

    def step_memory(self, facts: StepFacts) -> StepMemory:
        """The peak of the step ``facts`` describes, what holds it, and per-call activation bytes."""


@dataclass(frozen=True)
class KeptTable:
    """What a backend keeps for the backward pass: multiples of each call's output bytes.

    ``by_kind`` covers every kind; spatial convolutions (kernel > 1) get their own
    multiples, as they differ most between backends; ``extra`` multiplies a call's
    extra tensors (attention probabilities, recurrent gates per step).
    """

    by_kind: dict[Kind, float]
    spatial_conv: float
    depthwise_conv: float
    few_channels_conv: float  # added for spatial convolutions on <= 16 input channels
    extra: float

    def multiple(self, use: LayerUse) -> float:
        """The multiple of ``use``'s output bytes kept for backward: its kind's, or for a spatial convolution the
        depthwise or spatial one (plus ``few_channels_conv`` on 16 input channels or fewer)."""
        if not is_spatial_conv(use):
            return self.by_kind.get(use.kind, 1.0)
        if is_depthwise(use):
            return self.depthwise_conv
        return self.spatial_conv + (self.few_channels_conv if conv_input_channels(use) <= 16 else 0.0)

    def kept_bytes(self, facts: "StepFacts") -> list[int]:
        """Per call: multiple x output bytes + extra x extra bytes.

        Under full rematerialisation a layer keeps only its output (the next layer's
        input) and recomputes the rest during the backward pass; that recomputation
        is a transient, counted by ``remat_transient_bytes``.
        """
        kept = []
        b = facts.batch_size
        for use in facts.uses:
            fp = use.footprint
            out = facts.tensor_bytes(use, fp.out_elements(b))
            extra = facts.tensor_bytes(use, fp.extra_elements(b))
            full = self.multiple(use) * out + self.extra * extra
            kept.append(int(min(full, out) if facts.remat else full))
        return kept

    def remat_transient_bytes(self, facts: "StepFacts") -> int:
        """The largest single layer's recomputed tensors, alive while its gradient runs."""
        if not facts.remat:
            return 0
        b = facts.batch_size
        largest = 0
        for use in facts.uses:
            fp = use.footprint
            out = facts.tensor_bytes(use, fp.out_elements(b))
            extra = facts.tensor_bytes(use, fp.extra_elements(b))
            largest = max(largest, int(self.multiple(use) * out + self.extra * extra))
        return largest


def is_depthwise(use: LayerUse) -> bool:
    """Whether ``use`` is a depthwise convolution (its layer's class name says ``Depthwise``)."""
    return "Depthwise" in use.call.type_name


def is_spatial_conv(use: LayerUse) -> bool:
    """A convolution with a kernel wider than 1 (1x1 convolutions are matrix products)."""
    return use.kind is Kind.CONV and any(k > 1 for k in getattr(use.call.op, "kernel_size", (1,)))


def conv_input_channels(use: LayerUse) -> int:
    """The last dimension of ``use``'s first input (its channels, channels-last); 0 without inputs."""
    return use.call.inputs[0].shape[-1] if use.call.inputs else 0


def eager_step(facts: StepFacts, table: KeptTable, *, workspace: int, update_temporaries: int,
               uncertain_kept: float, uncertain_temporaries: float,
               other_phases: dict[str, dict[str, int]] | None = None, notes: list[str] | None = None,
               also_kept: list[int] | None = None, kept_scale: float = 1.0) -> StepMemory:
    """An op-by-op step (torch eager, TensorFlow's graph executor): the largest of its phases.

    Backward pass: state + batch + what autograd or the executor kept. Optimizer update: state +
    batch + the update's temporaries. A backend may add phases (the torch model build).
    """
    kept = table.kept_bytes(facts)
    if also_kept:
        kept = [k + a for k, a in zip(kept, also_kept)]
    if kept_scale != 1.0:  # the table scaled to a traced step (oomdoctor.keras.backends.torch)
        kept = [int(k * kept_scale) for k in kept]
    state = {**resident_bytes(facts), "gradients": facts.trainable_bytes, "workspace": workspace}
    phases = {
        "backward pass": {**state, "activations": sum(kept), "temporaries": table.remat_transient_bytes(facts)},
        "optimizer update": {**state, "activations": 0, "temporaries": update_temporaries},
        **(other_phases or {}),
    }
    if facts.communication_bytes:
        # the all-reduce starts once every gradient exists: what backward kept is gone by then
        phases["gradient all-reduce"] = {**state, "activations": 0, "temporaries": facts.communication_bytes}
    phase = max(phases, key=lambda p: sum(phases[p].values()))
    chosen = phases[phase]
    return StepMemory(
        breakdown=chosen,
        activation_bytes_by_use=kept,
        peak_phase=phase,
        uncertain_bytes=int(uncertain_kept * chosen["activations"] + uncertain_temporaries * chosen["temporaries"]),
        notes=list(notes or []),
    )


# The BFC allocator (xla/tsl/framework/bfc_allocator.cc) of TensorFlow (on the CPU with
# TF_CPU_ALLOCATOR_USE_BFC) and of XLA's GPU client (JAX without preallocation), growing:
# memory comes in regions, the first 2 MiB, each next one twice as large (or doubled until the
# request fits), and a request takes a whole free chunk, counted whole in bytes_in_use, unless the
# chunk is at least twice the request or more than 128 MiB larger, when it is split.
BFC_FIRST_REGION = 2 * MiB
BFC_MAX_INTERNAL_FRAGMENTATION = 128 * MiB


def bfc_fresh_region_chunk(request: int) -> int:
    """What a BFC allocator counts in use for ``request`` bytes served from a region made for it.

    XLA:CPU's step makes one buffer for all its temporaries, the largest request of the step,
    which a fresh region serves: on the CPU ground truth the step's peak above the variables and
    the batch was exactly such a region (cnn_cifar at batch 128 with SGD or momentum: 256.0 MiB
    for XLA's 226; MobileNet-v2: 512.0; DenseNet-121: 1024.0). Where the allocator's regions had
    already grown past it, the chunk is split and this counts too much, not too little. On the H200,
    JAX counted a CNN's 451 MiB autotuning scratch (redzones included) as 512 MiB, a 199 MiB one as 256.
    """
    region = BFC_FIRST_REGION
    while region < request:
        region *= 2
    if region >= 2 * request or region - request >= BFC_MAX_INTERNAL_FRAGMENTATION:
        return request
    return region
