"""Keras's torch backend: eager autograd and PyTorch's caching allocator.

Every Keras op runs as separate torch ops; autograd keeps what each op's
backward formula needs, and nothing is fused. Three moments can hold the peak:

* the end of the forward pass / start of backward: weights, optimizer slots,
  the batch, every tensor autograd saved, and the gradients (Keras's torch
  trainer reads ``.grad`` after ``loss.backward()``);
* the optimizer update: Keras's torch optimizers update all variables at once
  with ``torch._foreach_*`` ops, whose results are full copies of every
  gradient (Adam: ``m*alpha``, ``sqrt(v)``, ``sqrt(v)+eps`` and their quotient,
  three alive at once = 3x the trainable weights); a LossScaleOptimizer first
  unscales every gradient into new tensors (+1x);
* building the model: an initializer makes two temporaries the size of the
  variable it fills (uniform draw, scale, shift), so a huge kernel costs 3x
  its size at build time (the seed's model peaked at 8.6 GiB there with SGD).

The estimate runs Keras's own train step on fake tensors and replays what it
allocated through PyTorch's caching allocator (``oomdoctor.keras.backends.torch_trace``):
every mechanism above then comes from the ops themselves. Where that trace
cannot run (PyTorch not installed, a model that cannot be rebuilt from its
config), the per-kind table below is used, and the output says so.

Saved tensors per layer kind, as multiples of the output (from reading the
ops in keras/src/backend/torch and fitted on the H200 ground truth): a
spatial convolution keeps its raw output and the bias-added one (x2.1), a
1x1 one about one (x1.0); BatchNormalization computes in float32 and keeps
x, x-mean (an in-place ``mul_`` makes autograd clone it) and the result
(x2.6); layer normalisation x2.3; activations keep their result (x2.1 with
the producer's copy); dense x1.5; dropout keeps its mask and output (x2.7);
an LSTM unrolled in Python keeps ~23 tensors of its output's size per step.
A fixed 67 MiB is cuBLAS's workspace, allocated through the caching allocator
(the step-2 ``in_use`` of every run exceeded weights + slots + gradients by it).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ...i18n import _
from ...units import MiB
from ..layers import Kind
from .base import KeptTable, StepFacts, StepMemory, StepRequest, eager_step

if TYPE_CHECKING:
    from .torch_trace import KerasTorchRecording

CUBLAS_WORKSPACE_BYTES = 67 * MiB

TABLE = KeptTable(
    by_kind={
        Kind.CONV: 1.0,  # 1x1
        Kind.DENSE: 1.5,
        Kind.EMBEDDING: 0.0,
        Kind.BATCH_NORM: 2.6,
        Kind.NORM: 2.3,
        Kind.ACTIVATION: 2.1,
        Kind.ELEMENTWISE: 1.0,
        Kind.DROPOUT: 2.7,
        Kind.MERGE: 0.0,
        Kind.CONCAT: 1.0,  # materialised; the next layer keeps it as its input
        Kind.MULTIPLY: 1.0,  # same, and its gradient reads both inputs
        Kind.POOL: 0.0,
        Kind.VIEW: 0.0,
        Kind.COPY: 0.0,
        Kind.ATTENTION: 0.0,
        Kind.RNN: 23.0,
        Kind.NO_GRADIENT: 0.0,
        Kind.UNKNOWN: 1.0,
    },
    spatial_conv=2.1,
    few_channels_conv=0.9,
    # Depthwise convolutions in MobileNet-style blocks: what they keep is already
    # counted by the BatchNormalization and ReLU6 that follow them (fit: 0).
    depthwise_conv=0.0,
    # Attention probabilities and per-step gates: covered by the multiples of the
    # projections and of the RNN output on this backend (fit: 0).
    extra=0.0,
)

# What autograd keeps was within 6 % of the H200 measurements; allow 15 % on
# unseen models. The update's and initializers' temporaries are read off the code.
UNCERTAIN_SAVED = 0.15
UNCERTAIN_TEMPORARIES = 0.05
# Two temporaries the size of a variable while its initializer runs.
INITIALIZER_TEMPORARIES = 2.0


def saved_bytes(facts: StepFacts) -> list[int]:
    """What autograd keeps for the backward pass, per call."""
    return TABLE.kept_bytes(facts)


def _max_pool_indices(facts: StepFacts) -> list[int]:
    """torch's max pooling keeps the argmax of every output element for its backward, as int64
    (max_pool2d_with_indices): 2x a float32 output, 4x a bfloat16 one. The per-kind table was fitted
    without it (pooling x0); with it VGG-16 went from -5.9 % to +1.1 %, cnn_cifar from +4.8 % to +11.4 %."""
    return [8 * u.footprint.out_elements(facts.batch_size) if u.call.type_name.startswith("MaxPooling") else 0
            for u in facts.uses]


def update_temporary_bytes(facts: StepFacts) -> int:
    """Bytes the optimizer update allocates: its temporaries over all trainable weights (``torch._foreach_*``)
    or over the largest variable, plus an unscaled copy of every gradient under loss scaling."""
    spec = facts.optimizer.spec
    if spec.has_torch_foreach:
        temporaries = spec.update_temporaries * facts.trainable_bytes
    else:  # one variable at a time through keras ops
        temporaries = spec.update_temporaries * facts.largest_trainable_bytes
    if facts.optimizer.loss_scaling or facts.precision.value == "mixed_float16":
        temporaries += facts.trainable_bytes  # unscaled copies of every gradient
    return int(temporaries)


@dataclass(frozen=True)
class TracedTorchStep:
    """Keras's torch step as traced for a job (``recording``), or why it could not be (``failure``)."""

    recording: "KerasTorchRecording | None"
    batch_size: int
    # The job traced is the one estimated: every batch size replays the recording exactly. A changed job
    # (precision, optimizer, model: a fix being tried) uses the table, its activations scaled by how far
    # the table was from the trace.
    exact: bool = True
    activation_scale: float = 1.0
    failure: str | None = None

    @property
    def replays(self) -> bool:
        """The estimate is a replay of this trace (it ran, and the job is the one traced)."""
        return self.recording is not None and self.exact


# What the trace cannot see: cuDNN's per-call convolution workspace (never at the peak on the H200
# ground truth, where convolutional networks replayed within 1 %), the LSTM's kernel (+1 to +5 %), and
# when Python's garbage collector frees the input batches Keras leaves in reference cycles (the trace
# keeps the previous step's alive through the step; an older one may be too). So 5 % of what the step
# made, and one input batch.
UNCERTAIN_TRACED = 0.05


def _replayed(facts: StepFacts, traced: TracedTorchStep) -> StepMemory:
    assert traced.recording is not None
    replay = traced.recording.replay(facts.batch_size)
    by_layer = replay.activation_bytes_by_module
    kept = [by_layer.get(u.call.path, 0) for u in facts.uses]
    build = _build_phase(facts)
    if sum(build.values()) > replay.peak_bytes:
        breakdown, phase = build, "model build"
    else:
        # block sizes as the allocator counted them; their sum is max_memory_allocated
        breakdown, phase = dict(replay.breakdown), replay.peak_phase
    uncertain = int(UNCERTAIN_TRACED * (breakdown["activations"] + breakdown["temporaries"])) + facts.input_bytes
    notes = [_("Keras's torch train step was run here on fake tensors (shapes, no memory) and its allocations "
               "replayed through PyTorch's caching allocator, at batch {batch} and {double}.").format(
        batch=traced.batch_size, double=2 * traced.batch_size)]
    return StepMemory(breakdown=breakdown, activation_bytes_by_use=kept, peak_phase=phase,
                      uncertain_bytes=uncertain, notes=notes)


def fits_under(facts: StepFacts, traced: TracedTorchStep, cap: int) -> bool:
    """Does the traced step train under ``cap`` bytes of caching-allocator memory, as under
    ``torch.cuda.set_per_process_memory_fraction``: the model build, then the step replayed with the
    allocator's own answer to a full device (free the cached segments, retry, else out of memory)?"""
    from ...pytorch.allocator import OutOfMemory

    assert traced.recording is not None
    if sum(_build_phase(facts).values()) > cap:
        return False
    try:
        traced.recording.replay(facts.batch_size, cap=cap)
    except OutOfMemory:
        return False
    return True


def _build_phase(facts: StepFacts) -> dict[str, int]:
    return {"weights": facts.weight_bytes, "gradients": 0, "optimizer_state": 0, "input_batch": 0,
            "activations": 0, "workspace": 0,
            "temporaries": int(INITIALIZER_TEMPORARIES * facts.largest_trainable_bytes)}


def table_step(facts: StepFacts, kept_scale: float = 1.0) -> StepMemory:
    """The per-kind table's step (no trace), what it keeps scaled by ``kept_scale``."""
    return eager_step(facts, TABLE, workspace=CUBLAS_WORKSPACE_BYTES,
                      update_temporaries=update_temporary_bytes(facts), uncertain_kept=UNCERTAIN_SAVED,
                      uncertain_temporaries=UNCERTAIN_TEMPORARIES, other_phases={"model build": _build_phase(facts)},
                      also_kept=_max_pool_indices(facts), kept_scale=kept_scale)


def activation_scale(facts: StepFacts, traced: TracedTorchStep) -> float:
    """How much the table's activations must be scaled for its step to peak where the trace did."""
    table = table_step(facts)
    traced_peak = _replayed(facts, traced).peak_bytes
    activations = table.breakdown["activations"]
    if table.peak_phase != "backward pass" or activations <= 0:
        return 1.0
    return min(max((traced_peak - (table.peak_bytes - activations)) / activations, 0.5), 2.0)


def trace_step(request: StepRequest, facts: StepFacts, workspace_bytes: int) -> TracedTorchStep:
    """Keras's torch train step for ``request``, traced on fake tensors in a child process (``torch_trace``), with
    the table's ``activation_scale`` to it from ``facts``; or, in ``failure``, why it was not traced.
    ``workspace_bytes``: the cuBLAS/cuDNN workspace PyTorch allocates on the GPU."""
    import importlib.util
    import os

    from .torch_trace import TraceFailed, record_step
    from .xla_compile import STAND_IN_OPTIMIZERS

    if os.environ.get("OOMDOCTOR_KERAS_TORCH_TRACE") == "0":
        return TracedTorchStep(None, request.batch_size, failure="OOMDOCTOR_KERAS_TORCH_TRACE=0")
    if importlib.util.find_spec("torch") is None:
        return TracedTorchStep(None, request.batch_size, failure=_("PyTorch is not installed: pip install "
                                                                    "'oomdoctor[torch]'"))
    if request.optimizer_name not in STAND_IN_OPTIMIZERS:
        return TracedTorchStep(None, request.batch_size, failure=_("no stand-in for the optimizer {name}").format(
            name=facts.optimizer.display))
    try:
        recording = record_step(request.model, request.batch_size, request.optimizer_name, request.precision,
                                workspace_bytes, list(request.inputs), request.outputs[0])
    except TraceFailed as exc:
        return TracedTorchStep(None, request.batch_size, failure=str(exc))
    traced = TracedTorchStep(recording, request.batch_size)
    return replace(traced, activation_scale=activation_scale(facts, traced))


class TorchBackend:
    """Keras's torch backend: the traced step replayed through the caching allocator, else the per-kind table."""

    name = "torch"

    def step_memory(self, facts: StepFacts) -> StepMemory:
        """The step's peak: the trace replayed when ``facts`` is the job traced, else the per-kind table (scaled to
        the trace when there is one), with a note saying which."""
        traced = facts.keras_torch_step
        if traced is not None and traced.replays:
            return _replayed(facts, traced)
        memory = table_step(facts, traced.activation_scale if traced is not None else 1.0)
        if traced is not None and traced.recording is None:
            reason = traced.failure or _("not traced")
            memory.notes.append(_("What autograd keeps is modelled per kind of layer (within 12 % of measured "
                                  "peaks): Keras's torch step could not be traced here ({reason}).").format(
                reason=reason))
        elif traced is not None:
            memory.notes.append(_("This change is estimated with the per-kind table, scaled to the step traced "
                                  "at batch {batch}.").format(batch=traced.batch_size))
        return memory

