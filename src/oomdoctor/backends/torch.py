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

from .._layers import Kind
from ..units import MiB
from ._base import KeptTable, StepFacts, StepMemory, eager_step

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
    spec = facts.optimizer.spec
    if spec.has_torch_foreach:
        temporaries = spec.update_temporaries * facts.trainable_bytes
    else:  # one variable at a time through keras ops
        temporaries = spec.update_temporaries * facts.largest_trainable_bytes
    if facts.optimizer.loss_scaling or facts.precision.value == "mixed_float16":
        temporaries += facts.trainable_bytes  # unscaled copies of every gradient
    return int(temporaries)


class TorchBackend:
    name = "torch"

    def step_memory(self, facts: StepFacts) -> StepMemory:
        build = {"weights": facts.weight_bytes, "gradients": 0, "optimizer_state": 0, "input_batch": 0,
                 "activations": 0, "workspace": 0,
                 "temporaries": int(INITIALIZER_TEMPORARIES * facts.largest_trainable_bytes)}
        return eager_step(facts, TABLE, workspace=CUBLAS_WORKSPACE_BYTES,
                          update_temporaries=update_temporary_bytes(facts), uncertain_kept=UNCERTAIN_SAVED,
                          uncertain_temporaries=UNCERTAIN_TEMPORARIES, other_phases={"model build": build},
                          also_kept=_max_pool_indices(facts))
