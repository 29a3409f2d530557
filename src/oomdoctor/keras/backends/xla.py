"""XLA-compiled training steps: JAX always, TensorFlow with jit_compile.

Keras's JAX trainer jits the whole step with the model and optimizer state
donated, so the new weights and slots reuse the old buffers. At run time the
allocator holds the persistent state (weights, optimizer slots), the batch,
and one temporary buffer per executable that XLA's buffer assignment sizes
for the step's live tensors: what fusion keeps for the backward pass, the
gradients, and library scratch. On the H200 ground truth that buffer was the
``largest_alloc`` of every JAX run.

That buffer is asked of XLA itself when JAX's CUDA plugin is installed: the
step is compiled for the target GPU without one (``oomdoctor.keras.backends.xla_compile``;
TensorFlow's XLA step is compiled as Keras's JAX trainer writes it, with no
TensorFlow GPU measurement yet to tell how far tf2xla's lowering differs)
and its buffer assignment read (to the byte the measured largest allocation for
VGG-16, MobileNet-v2 and the seed's model). What only the GPU decides is added:
the cuBLAS workspaces and cuDNN scratch autotuning picks
(``_autotuned_workspace_bytes``), the FFT workspaces of small float32
convolutions. Other batch sizes and re-estimated changes scale the per-kind
table below by how far it was from the compiled step, so one estimate compiles
once.

Without the plugin, what fusion keeps is modelled per kind of layer, as a
multiple of its output bytes (``GPU_TABLE``), calibrated on the ground truth:

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
  per-step/per-head extra; most of it is the softmax and its gradient);

and a fixed 145 MiB covers library scratch.

Before the first step runs, XLA's GPU compiler autotunes, beside the resident
weights and slots, first every convolution (operands, two outputs and cuDNN's
FFT candidates' scratch), then every matrix product: each product's operands
and two outputs (a candidate's and the reference it is checked against). For a
huge Dense kernel the weight-gradient product ``x^T . dy`` has the kernel's
size, so this moment can exceed the step itself (the seed's model at batch 4:
+2x the kernel). When the optimizer's update is linear (SGD, momentum) XLA
fuses it into that product as its addend, a third kernel-sized buffer. At batch
1 the weight gradient is an outer product that XLA computes without a matrix
multiply, and nothing is autotuned.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ...gpus import GPU
from ...i18n import _
from ...units import MiB, format_bytes
from ..layers import Kind
from .base import (
    Device,
    KeptTable,
    NotCompiled,
    StepFacts,
    StepMemory,
    StepRequest,
    bfc_fresh_region_chunk,
    conv_input_channels,
    is_depthwise,
    is_spatial_conv,
    resident_bytes,
)
from .xla_compile import CompiledStep

XLA_WORKSPACE_BYTES = 145 * MiB
# While XLA autotunes matrix products (before the first step), beside the weights and the products'
# operands: cuBLAS handles and redzone-guarded copies. A two-layer MLP, whose step needs 9 MiB,
# peaked 133 MiB above its weights. Convolutions are autotuned in a pass of their own, without it.
AUTOTUNE_WORKSPACE_BYTES = 132 * MiB

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
# The convolutions' autotuning, whose scratch is modelled: on the H200, from 27 % under (a 64x64 CNN
# at batch 128) to twice over (a float16 CNN, whose step held the peak instead).
_UNCERTAIN_CONV_AUTOTUNE = 0.5


def _uncertain_bytes(facts: StepFacts, kept: list[int]) -> int:
    f32 = facts.precision.compute_itemsize == 4
    kept_part = sum(k * (_UNCERTAIN_FLOAT32_CONV if f32 and is_spatial_conv(u) else _UNCERTAIN_OTHER)
                    for u, k in zip(facts.uses, kept))
    workspace = XLA_WORKSPACE_BYTES if facts.device is Device.GPU else 0
    return int(kept_part + _UNCERTAIN_OTHER * workspace)


# Convolution autotuning. Before the first step XLA tries cuDNN's algorithms for every
# convolution, beside the resident weights: the operands, the candidate's output and a copy of
# the first candidate's output to check the others against, and each candidate's scratch
# (xla/service/gpu/autotuning/conv_algorithm_picker.cc). Each of these buffers is allocated with
# redzones of xla_gpu_redzone_padding_bytes (8 MiB) on both sides: on the H200 the largest
# allocation of four models was their largest candidate's scratch plus 16 MiB to the byte. No
# candidate gets more than 4 GiB of scratch (TF_CUDNN_WORKSPACE_LIMIT_IN_MB), which VGG-16's
# 224x224x64 convolutions reached (measured within 1 % of operands + 4 GiB).
#
# A candidate's scratch is cuDNN's own choice, asked of it on the device, so it is modelled from
# the algorithms that need the most: the FFT ones, whose scratch holds the padded input, output
# and filter as complex spectra, 8 bytes x (N*Cin + N*Cout + Cin*Cout) x prod(side + kernel - 1)
# (last side halved + 1), computed in float32. cuDNN's FFT algorithm takes padded sides up to 256;
# beyond, FFT_TILING transforms 32x32 tiles that overlap by kernel - 1 (its spectra are those of
# every tile). Measured on the H200's autotuning logs, the largest float32 candidate's scratch was
# 4.7-5.2x those spectra for unit-stride convolutions over several channels (a 64x64 CNN at batch
# 128, a subclassed 96x96 CNN, a 160x160 U-Net): x5. Convolutions over one channel (the seed's
# pooled audio model, 1491x257x1) and in bfloat16 (cnn_cifar at batch 1024) had about half of it
# (x2.5, fitted on those two; a float16 CNN had 0.9x, so 16-bit models are estimated high).
# Strided, dilated and depthwise convolutions have no FFT candidate; their scratch is not modelled
# (on the H200: 0.2-1.5 GiB for four such models, see the README's open misses).
#
# cuDNN's scratch is asked for as an allocation that may fail: XLA then drops that candidate and
# autotunes the others (conv_algorithm_picker's "Scratch allocation failed"; TensorFlow's BFC
# allocator logs "The caller indicates that this is not a failure"). It is part of the allocator's
# peak where the GPU has the room, and of nothing a smaller GPU needs: ``required`` leaves it out.
_REDZONES = 2 * 8 * MiB
_FFT_SCRATCH_PER_SPECTRA = 5.0
_FFT_SCRATCH_PER_SPECTRA_NARROW = 2.5  # one input channel, or bfloat16/float16
_FFT_MAX_PADDED_SIDE = 256
_FFT_TILE = 32
_SCRATCH_LIMIT = 4 * 2**30


def _unit_stride(op) -> bool:
    return (all(s == 1 for s in getattr(op, "strides", (1,)))
            and all(d == 1 for d in getattr(op, "dilation_rate", (1,))))


def _fft_spectra_bytes(use, batch: int, tiled: bool = False) -> int:
    """The FFT algorithms' complex spectra of a unit-stride spatial convolution (0 for others). With ``tiled``,
    sides past cuDNN's FFT limit are transformed in 32x32 tiles, as FFT_TILING does."""
    op = use.call.op
    if not _unit_stride(op):
        return 0
    inputs, outputs = use.call.inputs[0].shape, use.call.outputs[0].shape
    kernel = [int(k) for k in op.kernel_size]
    sides = [int(n) + k - 1 for n, k in zip(inputs[1:-1], kernel)]
    if not sides or any(n <= 0 for n in sides):
        return 0
    if tiled and max(sides) > _FFT_MAX_PADDED_SIDE:
        tiles = math.prod(math.ceil(n / max(_FFT_TILE - k + 1, 1)) for n, k in zip(sides, kernel))
        per_plane = tiles * _FFT_TILE ** (len(sides) - 1) * (_FFT_TILE // 2 + 1)
    else:
        per_plane = math.prod(sides[:-1]) * (sides[-1] // 2 + 1)
    c_in, c_out = int(inputs[-1]), int(outputs[-1])
    return 8 * (batch * c_in + batch * c_out + c_in * c_out) * per_plane


def _autotuned_convolutions(facts: StepFacts):
    """The convolutions whose cuDNN candidates have FFT scratch (spatial, not depthwise, channels last)."""
    for use in facts.uses:
        if not is_spatial_conv(use) or is_depthwise(use) or not use.call.inputs or not use.call.outputs:
            continue
        if getattr(use.call.op, "data_format", "channels_last") != "channels_last":
            continue
        yield use


def _candidate_scratch_bytes(facts: StepFacts, use) -> int:
    """The largest scratch a cuDNN candidate for ``use`` asks for while XLA autotunes it (see above)."""
    wide = facts.precision.compute_itemsize == 4 and conv_input_channels(use) > 1
    multiple = _FFT_SCRATCH_PER_SPECTRA if wide else _FFT_SCRATCH_PER_SPECTRA_NARROW
    return int(min(multiple * _fft_spectra_bytes(use, facts.batch_size, tiled=wide), _SCRATCH_LIMIT))


def _conv_autotune_bytes(facts: StepFacts) -> tuple[int, int]:
    """The largest convolution's autotuning, ``(all of it, the scratch part)``: input, output and its reference
    copy, and the candidates' scratch, each with its redzones; the scratch as the allocator counts a fresh
    region made for it."""
    largest = (0, 0)
    b = facts.batch_size
    for use in _autotuned_convolutions(facts):
        x = facts.tensor_bytes(use, use.call.inputs[0].elements(b))
        y = facts.tensor_bytes(use, use.call.outputs[0].elements(b))
        scratch = _candidate_scratch_bytes(facts, use)
        scratch = bfc_fresh_region_chunk(scratch + _REDZONES) if scratch else 0
        operands = x + 2 * y + 3 * _REDZONES
        largest = max(largest, (operands + scratch, scratch))
    return largest


# For float32 convolutions on small images with few channels (sides <= 32, <= 64 channels: the
# filter's spectra, Cin x Cout, stay small) autotuning then picks an FFT algorithm, and its
# workspace joins the step: cnn_cifar (batch 128 and 1024) needed about 5.5x the FFT spectra of
# its largest convolution (above) more than compiled without a GPU, at both batches (most of it
# inside XLA's temporary buffer, which was the largest allocation measured, the rest beside it);
# VGG-16 and ResNet-50 (14x14 to 28x28 with 256-512 channels) needed none of it, and bfloat16
# convolutions do not pick it. (Fitted on those two rows; refitted from 5.4 when a 6 % cuDNN scratch
# on every float32 convolution, read off ResNet-50 alone, gave way to the stem's below.)
_FFT_MAX_SIDE = 32
_FFT_MAX_CHANNELS = 64
_FFT_IN_STEP_PER_SPECTRA = 5.5


def _fft_step_workspace_bytes(facts: StepFacts) -> int:
    """Float32 convolutions on small images run an FFT algorithm whose workspace is in the step's buffer."""
    if facts.precision.compute_itemsize != 4:
        return 0
    small = [_fft_spectra_bytes(use, facts.batch_size) for use in _autotuned_convolutions(facts)
             if max(use.call.inputs[0].shape[1:-1], default=0) <= _FFT_MAX_SIDE
             and max(use.call.inputs[0].shape[-1], use.call.outputs[0].shape[-1]) <= _FFT_MAX_CHANNELS]
    return int(min(_FFT_IN_STEP_PER_SPECTRA * max(small, default=0), 2 * _SCRATCH_LIMIT))


# Optimizers whose update XLA folds into the weight-gradient product as an addend.
_LINEAR_UPDATES = frozenset({"sgd", "momentum", "nesterov"})


def _autotune_bytes(facts: StepFacts) -> int:
    """The largest matrix product's autotuning buffers: its operands and two outputs (a candidate's
    and the reference), for each of a dense layer's three products: y = x.W, dx = dy.W^T and
    dW = x^T.dy (three outputs when a linear update is folded into dW)."""
    largest = 0
    b = facts.batch_size
    folded = facts.optimizer.spec.name in _LINEAR_UPDATES
    for use in facts.uses:
        if use.kind is not Kind.DENSE or not use.call.inputs or not use.call.outputs:
            continue
        rows = b * math.prod(use.call.inputs[0].shape[1:-1])  # everything but batch and features
        if rows <= 1:
            continue  # an outer product: no matrix multiply to autotune
        kernel = getattr(use.call.op, "kernel", None)
        if kernel is None:
            continue
        w = math.prod(kernel.shape) * facts.precision.compute_itemsize
        x = facts.tensor_bytes(use, use.call.inputs[0].elements(b))
        y = facts.tensor_bytes(use, use.call.outputs[0].elements(b))
        largest = max(largest, x + w + 2 * y, y + w + 2 * x, x + y + (3 if folded else 2) * w)
    return largest


class XLABackend:
    """An XLA-compiled step (JAX, or TensorFlow with ``jit_compile``): XLA's GPU layout when compiled, else a table."""

    name = "jax"

    def step_memory(self, facts: StepFacts) -> StepMemory:
        """The step's peak: the step itself (XLA's compiled buffer, or the per-kind table), or the autotuning before
        it, or on several devices the gradient all-reduce, whichever is largest."""
        on_gpu = facts.device is Device.GPU
        table = GPU_TABLE if on_gpu else CPU_TABLE
        kept = table.kept_bytes(facts)
        anchor = facts.xla_gpu_anchor if on_gpu else None
        if anchor is not None:
            if facts.compiled_here:
                breakdown, kept = _compiled_breakdown(facts, anchor.step, kept, anchor)
            else:  # another batch or a changed job: the table, scaled to XLA's layout of the compiled step
                kept = [int(k * anchor.activation_scale) for k in kept]
                breakdown = _compiled_breakdown(facts, None, kept, anchor)[0]
            uncertain = _compiled_uncertain_bytes(facts, breakdown, exact=facts.compiled_here)
        else:
            breakdown = {
                **resident_bytes(facts),
                # gradients live in XLA's temporary buffer until the fused update consumes them
                "gradients": facts.trainable_bytes,
                "activations": sum(kept),
                "temporaries": table.remat_transient_bytes(facts),
                "workspace": XLA_WORKSPACE_BYTES + _fft_step_workspace_bytes(facts) if on_gpu else 0,
            }
            uncertain = _uncertain_bytes(facts, kept)
        # Before the first step XLA autotunes convolutions, then matrix products, beside the state
        gemm, (conv, scratch) = (_autotune_bytes(facts), _conv_autotune_bytes(facts)) if on_gpu else (0, (0, 0))
        conv_phase = conv > gemm + AUTOTUNE_WORKSPACE_BYTES
        autotune = {
            **resident_bytes(facts),
            "gradients": 0,
            "activations": 0,
            "temporaries": conv if conv_phase else gemm,
            "workspace": 0 if conv_phase or not on_gpu else AUTOTUNE_WORKSPACE_BYTES,
        }
        if facts.communication_bytes:
            # tf.distribute's all-reduce with jit_compile: once every gradient exists, activations are gone
            all_reduce = {**breakdown, "activations": 0, "temporaries": facts.communication_bytes}
            if sum(all_reduce.values()) > max(sum(breakdown.values()), sum(autotune.values())):
                return StepMemory(breakdown=all_reduce, activation_bytes_by_use=kept, peak_phase="gradient all-reduce",
                                  uncertain_bytes=int(_UNCERTAIN_OTHER * all_reduce["workspace"]))
        if sum(autotune.values()) > sum(breakdown.values()):
            # convolution scratch is cuDNN's, modelled from its FFT algorithms: less certain than the products'
            margin = _UNCERTAIN_CONV_AUTOTUNE if conv_phase else _UNCERTAIN_AUTOTUNE
            optional = scratch if conv_phase else 0
            required = max(sum(breakdown.values()), sum(autotune.values()) - optional)
            return StepMemory(breakdown=autotune, activation_bytes_by_use=kept,
                              peak_phase="compilation (XLA autotuning matrix products and convolutions)",
                              uncertain_bytes=int(margin * autotune["temporaries"]),
                              notes=_layout_notes(facts, anchor) + _optional_scratch_notes(optional, required),
                              optional_bytes=optional, required_peak_bytes=required)
        return StepMemory(
            breakdown=breakdown,
            activation_bytes_by_use=kept,
            peak_phase="backward pass",
            uncertain_bytes=uncertain,
            notes=_layout_notes(facts, anchor),
        )


@dataclass(frozen=True)
class XLAGpuAnchor:
    """One step compiled by XLA's GPU compiler, and how far the per-kind table was from it."""

    batch_size: int
    step: CompiledStep
    activation_scale: float  # XLA's temporary buffer beyond the gradients / the table's kept bytes
    cublas_workspace_bytes: int  # what XLA gives each cuBLAS call on the target
    target: str  # the GPU it was compiled for


def compile_for_gpu(request: StepRequest, facts: StepFacts) -> XLAGpuAnchor | NotCompiled:
    """XLA's GPU compile of ``request``'s step for ``request.gpu``, without one (``xla_compile``), as the anchor
    the estimate of every batch and change is scaled to; or why it did not compile. ``facts`` describe the same
    step without an anchor."""
    from .xla_compile import compiled_step

    def compile_at(batch: int) -> CompiledStep | NotCompiled:
        return compiled_step(request.model, batch, request.optimizer_name, request.gpu, request.precision,
                             inputs=list(request.inputs), outputs=list(request.outputs))

    step = compile_at(request.batch_size)
    if isinstance(step, NotCompiled):
        return step
    anchor = xla_gpu_anchor(facts, step, request.gpu)
    # Where the buffer is mostly the gradients (a small batch; XLA also frees some of them as the fused
    # update consumes them) it tells little of how activations grow with the batch: an MLP's compile at
    # batch 256 held less than its gradients, which scaled every other batch's activations by 0. When
    # the buffer beyond the gradients is under a quarter of the table's activations, the step is
    # compiled once more at a batch where the table's activations pass twice the gradients, and the
    # slope between the two compiles scales the table.
    table_kept = sum(GPU_TABLE.kept_bytes(facts))
    if table_kept and step.temp_bytes - facts.trainable_bytes < _SECOND_COMPILE_BELOW * table_kept:
        multiple = 2
        while multiple < _SECOND_COMPILE_MAX_MULTIPLE and table_kept * multiple < 2 * facts.trainable_bytes:
            multiple *= 2
        larger = compile_at(request.batch_size * multiple)
        if not isinstance(larger, NotCompiled) and larger.temp_bytes > step.temp_bytes:
            slope = (larger.temp_bytes - step.temp_bytes) / (table_kept * (multiple - 1))
            anchor = replace(anchor, activation_scale=slope)
    return anchor


_SECOND_COMPILE_MAX_MULTIPLE = 64
_SECOND_COMPILE_BELOW = 0.25


def xla_gpu_anchor(facts: StepFacts, step: CompiledStep, target: GPU) -> XLAGpuAnchor:
    """The ``XLAGpuAnchor`` of ``step``, compiled for ``target`` at ``facts``' batch: its ``activation_scale`` (XLA's
    buffer beyond the gradients over ``GPU_TABLE``'s kept bytes) and ``target``'s cuBLAS workspace per call."""
    table_kept = sum(GPU_TABLE.kept_bytes(facts))
    beyond_gradients = max(step.temp_bytes - facts.trainable_bytes, 0)
    return XLAGpuAnchor(facts.batch_size, step, beyond_gradients / table_kept if table_kept else 1.0,
                        _CUBLAS_WORKSPACE_HOPPER if target.hopper_or_newer else _CUBLAS_WORKSPACE_OLDER,
                        target.name)


# What autotuning on the GPU adds to the compiled buffer, which a compile without a GPU cannot
# choose: without autotuning XLA emits every matrix product as a Triton kernel, with none of the
# cuBLAS workspace (xla/service/gpu: 32 MiB per call on Hopper, 4 MiB before) that the products
# autotuning hands to cuBLAS get; on the H200 the measured buffer was 1-3 workspaces larger on
# models with matrix products (transformer 79-104 MB, a seq2seq 32.7 MiB, the seed's model 32 MiB).
# And the cuDNN algorithm picked for a float32 convolution with a kernel wider than 3 over at most
# 4 channels (a stem: ResNet's 7x7, ConvNeXt's 4x4 patches) has scratch about the size of its
# output: ResNet-50's buffer was 112 MiB larger than compiled at batch 32 and 415 MiB at 128
# (1.06-1.14x its stem's output), ConvNeXt-Tiny's 44 MiB (1.19x). Models whose stems are 3x3
# (Inception-v3, Xception, EfficientNetV2-B0, MobileNet-v2) had none beyond the compiled buffer,
# nor had ResNet-50 in bfloat16, though all have float32 or 16-bit convolutions elsewhere.
_CUBLAS_WORKSPACE_HOPPER = 32 * MiB
_CUBLAS_WORKSPACE_OLDER = 4 * MiB
_LIVE_CUBLAS_WORKSPACES = 3
_STEM_MAX_CHANNELS = 4
_STEM_MIN_KERNEL = 4
_STEM_SCRATCH_PER_OUTPUT = 1.15


def _stem_scratch_bytes(facts: StepFacts) -> int:
    """The scratch of the float32 large-kernel convolution over few channels (a stem), if the model has one."""
    if facts.precision.compute_itemsize != 4:
        return 0
    return max((int(_STEM_SCRATCH_PER_OUTPUT * facts.tensor_bytes(u, u.call.outputs[0].elements(facts.batch_size)))
                for u in _autotuned_convolutions(facts)
                if 0 < conv_input_channels(u) <= _STEM_MAX_CHANNELS
                and max(getattr(u.call.op, "kernel_size", (1,))) >= _STEM_MIN_KERNEL), default=0)


def _autotuned_workspace_bytes(facts: StepFacts, cublas_workspace: int) -> int:
    products = sum(1 for u in facts.uses if u.kind is Kind.DENSE and u.call.outputs
                   and u.call.outputs[0].shape[-1] >= 8)  # narrower products become reductions
    return (min(products, _LIVE_CUBLAS_WORKSPACES) * cublas_workspace + _stem_scratch_bytes(facts)
            + _fft_step_workspace_bytes(facts))


def _optional_scratch_notes(optional: int, required: int) -> list[str]:
    if not optional:
        return []
    return [_("The peak falls while XLA autotunes the convolutions, {scratch} of it cuDNN scratch that XLA offers "
              "only when the GPU has it free (with less, it tries fewer algorithms): the step needs {required}, "
              "and whether it fits is judged on that.").format(scratch=format_bytes(optional),
                                                               required=format_bytes(required))]


def _layout_notes(facts: StepFacts, anchor: XLAGpuAnchor | None) -> list[str]:
    if facts.device is not Device.GPU:
        return []
    if anchor is None:
        # why XLA's GPU compiler did not lay the step out is the engine's note (oomdoctor.keras.job.engine_of)
        return [_("The step's temporary buffer is modelled per kind of layer (within 30 % of measured JAX peaks).")]
    if facts.compiled_here:
        return [_("The step's buffers were laid out by XLA's GPU compiler for {gpu}, compiled here without a GPU; "
                  "the library workspaces that autotuning picks on the GPU are modelled.").format(gpu=anchor.target)]
    return [_("Other batch sizes and changes scale XLA's layout of the step it compiled at batch {batch} for {gpu}.")
            .format(batch=anchor.batch_size, gpu=anchor.target)]


def _compiled_breakdown(facts: StepFacts, compiled: CompiledStep | None, kept: list[int],
                        anchor: XLAGpuAnchor) -> tuple[dict[str, int], list[int]]:
    """The step as XLA's GPU buffer assignment lays it out: the donated state and the batch, plus one
    temporary buffer holding the gradients, what the backward pass keeps, and cuBLAS/cuDNN workspaces.

    The buffer is one figure; it is split for the reader: the gradients (which it must hold until
    the fused update consumes them), and the rest as activations, attributed to the layers in the
    proportions the per-kind table gives. Without ``compiled``, ``kept`` is already XLA-scaled.
    """
    total_kept = sum(kept)
    if compiled is None:
        gradients, activations, outputs = facts.trainable_bytes, total_kept, 0
    else:
        gradients = min(facts.trainable_bytes, compiled.temp_bytes)
        activations, outputs = compiled.temp_bytes - gradients, compiled.fresh_output_bytes
    by_use = [int(activations * k / total_kept) for k in kept] if total_kept else [0] * len(kept)
    breakdown = {
        **resident_bytes(facts),
        "gradients": gradients,
        "activations": activations,
        "temporaries": outputs,  # the loss and metric values
        "workspace": _autotuned_workspace_bytes(facts, anchor.cublas_workspace_bytes),
    }
    return breakdown, by_use


# Beside XLA's buffer, at run time: the loss and metric values, the batch's transfer and what
# JAX's runtime keeps; 7-78 MB on the H200 ground truth's JAX rows.
_RUNTIME_EXTRA_BYTES = 128 * MiB
# Where the table is scaled to a compiled step (other batches, re-estimated changes).
_UNCERTAIN_SCALED = 0.15


def _compiled_uncertain_bytes(facts: StepFacts, breakdown: dict[str, int], exact: bool) -> int:
    """What a compile without the GPU cannot know: the workspaces autotuning picks (modelled, so
    counted whole), allocations beside XLA's buffer, cuDNN's LSTM reserve space, and, away from the
    compiled step itself, how far the scaled table may be from a compile at that batch."""
    margin = breakdown["workspace"] + _RUNTIME_EXTRA_BYTES
    if any(u.kind is Kind.RNN for u in facts.uses):  # cuDNN's LSTM reserve space is modelled (within 5 %)
        margin += int(0.1 * breakdown["activations"])
    if not exact:
        margin += int(_UNCERTAIN_SCALED * breakdown["activations"])
    return margin
