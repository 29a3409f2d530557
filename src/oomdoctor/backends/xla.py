"""XLA-compiled training steps: JAX always, TensorFlow with jit_compile.

Keras's JAX trainer jits the whole step with the model and optimizer state
donated, so the new weights and slots reuse the old buffers. At run time the
allocator holds the persistent state (weights, optimizer slots), the batch,
and one temporary buffer per executable that XLA's buffer assignment sizes
for the step's live tensors: what fusion keeps for the backward pass, the
gradients, and library scratch. On the H200 ground truth that buffer was the
``largest_alloc`` of every JAX run.

What fusion keeps is modelled per kind of layer, as a multiple of its output
bytes (``GPU_TABLE``); the multiples come from the ground truth
(``bench/accuracy.py`` checks them), grouped by mechanism rather than by model:

* convolutions with a spatial kernel keep their output and also need cuDNN
  layouts and scratch (x3.4); 1x1 convolutions are matrix products (x0.9);
  depthwise convolutions are not fused with their neighbours (x3.0); a
  spatial convolution on few input channels (<=16) is padded to tensor-core
  widths (+1.3);
* batch normalisation and ReLU fuse into their producer: their outputs are
  mostly recomputed (x0.25 and x0); residual adds cost nothing extra;
* dense layers keep half their output on average (bias and activation fuse);
* pooling keeps its output (x1), dropout its mask (x1);
* attention probabilities and recurrent gates per step are kept (x5.0 of the
  per-step/per-head extra; most of it is the softmax and its gradient).

A fixed 145 MiB covers cuBLAS/cuDNN scratch and autotuning buffers (even a
two-layer MLP peaked at 138 MiB).

Before the first step runs, XLA's GPU compiler autotunes every matrix
product: with the weights and optimizer slots already resident, it allocates
each product's operands and two outputs (a candidate's and the reference it
is checked against). For a huge Dense kernel the weight-gradient product
``x^T . dy`` has the kernel's size, so this moment can exceed the step itself
(the seed's model at batch 4: +2x the kernel). When the optimizer's update is
linear (SGD, momentum) XLA fuses it into that product as its addend, a third
kernel-sized buffer. At batch 1 the weight gradient is an outer product that
XLA computes without a matrix multiply, and nothing is autotuned.
"""

from __future__ import annotations

import math

from .._layers import Kind
from ..units import MiB
from ._base import Device, KeptTable, StepFacts, StepMemory, is_depthwise, is_spatial_conv

XLA_WORKSPACE_BYTES = 145 * MiB

_COMMON = {
    Kind.EMBEDDING: 0.0,
    Kind.ACTIVATION: 0.0,
    Kind.ELEMENTWISE: 0.5,
    Kind.MERGE: 0.0,
    Kind.CONCAT: 1.0,  # materialised; the next layer keeps it as its input
    Kind.MULTIPLY: 1.0,  # same, and its gradient reads both inputs
    Kind.POOL: 1.0,
    Kind.VIEW: 0.0,
    Kind.COPY: 0.0,
    Kind.ATTENTION: 0.0,
    Kind.NO_GRADIENT: 0.0,
    Kind.UNKNOWN: 1.0,  # its footprint is already conservative
}
# Calibrated on the JAX rows of the H200 ground truth.
GPU_TABLE = KeptTable(
    by_kind={**_COMMON, Kind.CONV: 0.9, Kind.DENSE: 0.5, Kind.BATCH_NORM: 0.25, Kind.NORM: 0.0,
             Kind.DROPOUT: 1.0, Kind.RNN: 1.9},
    spatial_conv=3.4, depthwise_conv=3.0, few_channels_conv=1.3, extra=5.0,
)
# XLA:CPU fuses less and runs convolutions as library calls with their own
# buffers; calibrated on TensorFlow's CPU allocator with jit_compile=True.
CPU_TABLE = KeptTable(
    by_kind={**_COMMON, Kind.CONV: 1.0, Kind.DENSE: 1.0, Kind.BATCH_NORM: 0.5, Kind.NORM: 2.5,
             Kind.EMBEDDING: 1.0, Kind.DROPOUT: 6.8, Kind.RNN: 15.0},
    spatial_conv=4.7, depthwise_conv=3.2, few_channels_conv=0.0, extra=4.1,
)


# Uncertainty of what the step keeps, as a fraction of it. Float32 spatial
# convolutions are the least certain: cuDNN's algorithm (and its scratch) is
# chosen by autotuning on the real GPU; cnn_cifar at batch 1024 used 75 % more
# than modelled. Everything else was within 30 %.
_UNCERTAIN_FLOAT32_CONV = 1.0
_UNCERTAIN_OTHER = 0.3
_UNCERTAIN_AUTOTUNE = 0.1


def _uncertain_bytes(facts: StepFacts, kept: list[int]) -> int:
    f32 = facts.precision.compute_itemsize == 4
    kept_part = sum(k * (_UNCERTAIN_FLOAT32_CONV if f32 and is_spatial_conv(u) else _UNCERTAIN_OTHER)
                    for u, k in zip(facts.uses, kept))
    workspace = XLA_WORKSPACE_BYTES if facts.device is Device.GPU else 0
    return int(kept_part + _UNCERTAIN_OTHER * workspace)


# Convolution autotuning: cuDNN's FFT-based algorithms are candidates for small
# images, and their scratch is a multiple of the convolution's input and output.
# XLA allocates it while it tries them, before the first step, beside the
# weights. cnn_cifar (32x32 images) peaked at 11-13x the largest convolution's
# input+output in float32 and 7x in bfloat16; on 224x224 ImageNet models no such
# phase showed. Images up to 64x64 are treated as FFT candidates.
_FFT_MAX_SIDE = 64
_FFT_SCRATCH = {4: 10.0, 2: 6.0}  # by compute itemsize


def _conv_autotune_bytes(facts: StepFacts) -> int:
    largest = 0
    b = facts.batch_size
    for use in facts.uses:
        if not is_spatial_conv(use) or is_depthwise(use) or not use.call.inputs or not use.call.outputs:
            continue
        spatial = use.call.outputs[0].shape[1:-1]
        if not spatial or max(spatial) > _FFT_MAX_SIDE:
            continue
        in_out = facts.tensor_bytes(use, use.call.inputs[0].elements(b) + use.call.outputs[0].elements(b))
        largest = max(largest, int(in_out * (1 + _FFT_SCRATCH[facts.precision.compute_itemsize])))
    return largest


# Optimizers whose update XLA folds into the weight-gradient product as an addend.
_LINEAR_UPDATES = frozenset({"sgd", "momentum", "nesterov"})


def _autotune_bytes(facts: StepFacts) -> int:
    """The largest matrix product's autotuning buffers: operands and two (or three) outputs."""
    largest = 0
    b = facts.batch_size
    outputs = 3 if facts.optimizer.spec.name in _LINEAR_UPDATES else 2
    for use in facts.uses:
        if use.kind is not Kind.DENSE or not use.call.inputs or not use.call.outputs:
            continue
        rows = b * math.prod(use.call.inputs[0].shape[1:-1])  # everything but batch and features
        if rows <= 1:
            continue  # an outer product: no matrix multiply to autotune
        kernel = getattr(use.call.op, "kernel", None)
        if kernel is None:
            continue
        kernel_bytes = math.prod(kernel.shape) * facts.precision.compute_itemsize
        operands = facts.tensor_bytes(use, use.call.inputs[0].elements(b) + use.call.outputs[0].elements(b))
        largest = max(largest, operands + outputs * kernel_bytes)
    return largest


class XLABackend:
    name = "jax"

    def step_memory(self, facts: StepFacts) -> StepMemory:
        on_gpu = facts.device is Device.GPU
        table = GPU_TABLE if on_gpu else CPU_TABLE
        kept = table.kept_bytes(facts)
        breakdown = {
            "weights": facts.weight_bytes,
            "optimizer_state": facts.optimizer_state_bytes,
            "input_batch": facts.input_bytes,
            # gradients live in XLA's temporary buffer until the fused update consumes them
            "gradients": facts.trainable_bytes,
            "activations": sum(kept),
            "temporaries": table.remat_transient_bytes(facts),
            "workspace": XLA_WORKSPACE_BYTES if on_gpu else 0,
        }
        autotune = {
            "weights": facts.weight_bytes,
            "optimizer_state": facts.optimizer_state_bytes,
            "input_batch": facts.input_bytes,
            "gradients": 0,
            "activations": 0,
            "temporaries": max(_autotune_bytes(facts), _conv_autotune_bytes(facts)) if on_gpu else 0,
            "workspace": 0,
        }
        if facts.communication_bytes:
            # tf.distribute's all-reduce with jit_compile: once every gradient exists, activations are gone
            all_reduce = {**breakdown, "activations": 0, "temporaries": facts.communication_bytes}
            if sum(all_reduce.values()) > max(sum(breakdown.values()), sum(autotune.values())):
                return StepMemory(breakdown=all_reduce, activation_bytes_by_use=kept, peak_phase="gradient all-reduce",
                                  uncertain_bytes=int(_UNCERTAIN_OTHER * all_reduce["workspace"]))
        if sum(autotune.values()) > sum(breakdown.values()):
            # convolution scratch was seen on one model only: less certain than the products'
            conv_phase = on_gpu and _conv_autotune_bytes(facts) > _autotune_bytes(facts)
            margin = _UNCERTAIN_OTHER if conv_phase else _UNCERTAIN_AUTOTUNE
            return StepMemory(breakdown=autotune, activation_bytes_by_use=kept,
                              peak_phase="compilation (XLA autotuning matrix products and convolutions)",
                              uncertain_bytes=int(margin * autotune["temporaries"]))
        return StepMemory(
            breakdown=breakdown,
            activation_bytes_by_use=kept,
            peak_phase="backward pass",
            uncertain_bytes=_uncertain_bytes(facts, kept),
        )
