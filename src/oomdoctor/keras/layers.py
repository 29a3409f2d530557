"""What each kind of layer or op adds to a training step's memory.

The trace (``_trace.py``) gives every call with its tensors. Here each call is
classified into a *kind* by a table of handlers (no if/elif chain), and each
kind says which of its tensors matter:

* ``out``: the tensors it produces. Every backend keeps some of them for the
  backward pass; how many depends on fusion (XLA) or on what autograd saves
  (torch), and lives in the backend modules as a coefficient per kind. Only
  outputs are counted, never inputs, so a tensor shared by a producer and its
  consumer is counted once.
* ``extra``: tensors that are not outputs of any layer yet are kept, e.g. the
  attention probabilities (batch x heads x queries x keys) or an LSTM's gates
  at every time step.

A call whose class no handler knows is *approximated*: if it has traced
children they are used; otherwise it is counted conservatively (its outputs
twice and its inputs once) and reported as approximated.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from typing import Callable

from .trace import Call, Tensor


class Kind(str, Enum):
    """What a call is for memory: the entry of a backend's ``KeptTable`` that its outputs get."""

    CONV = "conv"
    DENSE = "dense"
    EMBEDDING = "embedding"
    BATCH_NORM = "batch_norm"
    NORM = "norm"  # layer / group / RMS normalisation
    ACTIVATION = "activation"
    ELEMENTWISE = "elementwise"  # rescaling, noise, other one-in-one-out maths
    DROPOUT = "dropout"
    MERGE = "merge"  # add, subtract, average, maximum, minimum: elementwise, nothing new to keep
    CONCAT = "concat"  # a new tensor that its consumers keep (DenseNet, U-Net skips)
    MULTIPLY = "multiply"  # gating (squeeze-and-excitation): its gradient needs both inputs
    POOL = "pool"
    VIEW = "view"  # reshape, flatten, permute: no new memory on any backend
    COPY = "copy"  # padding, upsampling, cropping: a new tensor, nothing saved
    ATTENTION = "attention"
    RNN = "rnn"
    NO_GRADIENT = "no_gradient"  # preprocessing layers: nothing kept for backward
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Footprint:
    """Element counts of one call, each as fixed + per_sample * batch."""

    out_fixed: int = 0
    out_per_sample: int = 0
    extra_fixed: int = 0
    extra_per_sample: int = 0
    float_out: bool = True  # integer outputs (lookups) are counted at their own size

    def out_elements(self, batch: int) -> int:
        """Output elements at batch size ``batch``."""
        return self.out_fixed + self.out_per_sample * batch

    def extra_elements(self, batch: int) -> int:
        """Extra kept elements (attention probabilities, per-step gates) at batch size ``batch``."""
        return self.extra_fixed + self.extra_per_sample * batch


Handler = Callable[[Call], tuple[Kind, Footprint]]

_LAYER_KINDS: dict[str, Kind] = {}
_OP_KINDS: dict[str, Kind] = {}
_EXTRA: dict[str, Callable[[Call], tuple[int, int]]] = {}
# Layers whose own handler covers everything they do inside; the rest with
# traced children (MultiHeadAttention's projections, Bidirectional's two RNNs,
# TimeDistributed's inner layer, nested models) are descended into.
_DESCEND: set[str] = set()


def _register(table: dict[str, Kind], kind: Kind, *names: str) -> None:
    for name in names:
        table[name] = kind


_register(_LAYER_KINDS, Kind.CONV, "Conv1D", "Conv2D", "Conv3D", "Conv1DTranspose", "Conv2DTranspose",
          "Conv3DTranspose", "SeparableConv1D", "SeparableConv2D", "DepthwiseConv1D", "DepthwiseConv2D")
_register(_LAYER_KINDS, Kind.DENSE, "Dense", "EinsumDense")
_register(_LAYER_KINDS, Kind.EMBEDDING, "Embedding", "ReversibleEmbedding")
_register(_LAYER_KINDS, Kind.BATCH_NORM, "BatchNormalization")
_register(_LAYER_KINDS, Kind.NORM, "LayerNormalization", "GroupNormalization", "RMSNormalization",
          "UnitNormalization")
_register(_LAYER_KINDS, Kind.ACTIVATION, "Activation", "ReLU", "LeakyReLU", "ELU", "PReLU", "Softmax")
_register(_LAYER_KINDS, Kind.ELEMENTWISE, "Rescaling", "Normalization", "GaussianNoise", "ActivityRegularization",
          "Masking", "Identity")
_register(_LAYER_KINDS, Kind.DROPOUT, "Dropout", "SpatialDropout1D", "SpatialDropout2D", "SpatialDropout3D",
          "GaussianDropout", "AlphaDropout")
_register(_LAYER_KINDS, Kind.MERGE, "Add", "Subtract", "Average", "Maximum", "Minimum")
_register(_LAYER_KINDS, Kind.CONCAT, "Concatenate")
_register(_LAYER_KINDS, Kind.MULTIPLY, "Multiply", "Dot")
_register(_LAYER_KINDS, Kind.POOL, *[f"{p}{d}D" for p in ("MaxPooling", "AveragePooling", "GlobalMaxPooling",
          "GlobalAveragePooling", "AdaptiveMaxPooling", "AdaptiveAveragePooling", "MaxPool", "AvgPool",
          "GlobalMaxPool", "GlobalAvgPool") for d in (1, 2, 3)])
_register(_LAYER_KINDS, Kind.VIEW, "Flatten", "Reshape", "Permute", "InputLayer")
_register(_LAYER_KINDS, Kind.COPY, *[f"{p}{d}D" for p in ("ZeroPadding", "UpSampling", "Cropping")
          for d in (1, 2, 3)], "RepeatVector")
_register(_LAYER_KINDS, Kind.ATTENTION, "MultiHeadAttention", "GroupQueryAttention", "GroupedQueryAttention",
          "Attention", "AdditiveAttention")
_register(_LAYER_KINDS, Kind.RNN, "LSTM", "GRU", "SimpleRNN", "ConvLSTM1D", "ConvLSTM2D", "ConvLSTM3D")
_register(_LAYER_KINDS, Kind.NO_GRADIENT, "CategoryEncoding", "Discretization", "Hashing", "HashedCrossing",
          "IntegerLookup", "StringLookup", "TextVectorization", "Resizing", "CenterCrop", "AugMix",
          "AutoContrast", "CutMix", "Equalization", "MixUp", "RandAugment", "RandomBrightness",
          "RandomColorDegeneration", "RandomColorJitter", "RandomContrast", "RandomCrop",
          "RandomElasticTransform", "RandomErasing", "RandomFlip", "RandomGaussianBlur", "RandomGrayscale",
          "RandomHue", "RandomInvert", "RandomPerspective", "RandomPosterization", "RandomRotation",
          "RandomSaturation", "RandomSharpness", "RandomShear", "RandomTranslation", "RandomZoom",
          "Solarization", "MaxNumBoundingBoxes", "Pipeline", "ContrastLimitedAdaptiveHistogramEqualization")
_DESCEND.update({"MultiHeadAttention", "GroupQueryAttention", "GroupedQueryAttention", "Bidirectional",
                 "TimeDistributed", "RNN"})

# Keras ops recorded in functional graphs (``x + y`` on KerasTensors, ``ops.*`` calls).
_register(_OP_KINDS, Kind.MERGE, "Add", "Subtract", "Maximum", "Minimum", "Where")
_register(_OP_KINDS, Kind.CONCAT, "Concatenate", "Stack")
_register(_OP_KINDS, Kind.MULTIPLY, "Multiply", "Divide", "TrueDivide", "Power")
_register(_OP_KINDS, Kind.DENSE, "Matmul", "Einsum", "Dot", "Tensordot")
_register(_OP_KINDS, Kind.ACTIVATION, "Relu", "Relu6", "Sigmoid", "Tanh", "Gelu", "Silu", "Softmax",
          "LogSoftmax", "Elu", "Selu", "Softplus", "LeakyRelu", "HardSigmoid", "HardSilu", "Exp", "Log",
          "Sqrt", "Square", "Abs", "Negative", "Cast", "Rsqrt", "Erf")
_register(_OP_KINDS, Kind.VIEW, "Reshape", "Transpose", "Squeeze", "ExpandDims", "GetItem", "Slice",
          "Identity", "StopGradient", "ConvertToTensor", "Split", "BroadcastTo")
_register(_OP_KINDS, Kind.COPY, "Pad", "Tile", "Repeat", "Take", "TakeAlongAxis")
_register(_OP_KINDS, Kind.POOL, "Mean", "Sum", "Max", "Min", "AveragePool", "MaxPool")


def _elements(tensors: list[Tensor], batch_dependent: bool) -> int:
    return sum(t.per_sample if batch_dependent else t.fixed for t in tensors if t.is_float)


def _attention_scores(call: Call) -> tuple[int, int]:
    """Attention probabilities: batch x heads x queries x keys, kept for backward."""
    layer = call.op
    query = call.inputs[0]
    key = call.inputs[1] if len(call.inputs) > 1 else query
    heads = getattr(layer, "num_heads", None) or getattr(layer, "num_query_heads", None) or 1
    # every axis between batch and features is an attention axis (sequence, or spatial ones)
    q_len = math.prod(query.shape[1:-1]) or 1
    k_len = math.prod(key.shape[1:-1]) or 1
    per_sample = heads * q_len * k_len
    return 0, per_sample


def _rnn_states(call: Call) -> tuple[int, int]:
    """Gates and states at every time step, kept for backpropagation through time."""
    layer = call.op
    units = getattr(layer, "units", None) or getattr(getattr(layer, "cell", None), "units", 0) or 0
    gates = {"LSTM": 4, "GRU": 3, "SimpleRNN": 1}.get(call.type_name, 4)
    seq = call.inputs[0].shape[1] if len(call.inputs[0].shape) > 2 else 1
    if call.type_name.startswith("ConvLSTM"):
        # a full feature map per gate per step: filters x spatial output
        out = call.outputs[0]
        spatial = out.per_sample // max(getattr(layer, "filters", 1), 1)
        if getattr(layer, "return_sequences", False):
            spatial //= max(seq, 1)
        units = getattr(layer, "filters", 1) * spatial
    # gates, cell state and hidden state at each step
    return 0, seq * units * (gates + 2)


_EXTRA.update({name: _attention_scores for name in ("MultiHeadAttention", "GroupQueryAttention",
                                                       "GroupedQueryAttention", "Attention",
                                                       "AdditiveAttention")})
_EXTRA.update({name: _rnn_states for name in ("LSTM", "GRU", "SimpleRNN", "ConvLSTM1D", "ConvLSTM2D",
                                               "ConvLSTM3D")})


@dataclass
class LayerUse:
    """One modelled call: the unit of the per-layer table and of the activation sum."""

    call: Call
    kind: Kind
    footprint: Footprint
    approximated: bool


def _kind_of(call: Call) -> Kind | None:
    table = _LAYER_KINDS if call.is_layer else _OP_KINDS
    kind = table.get(call.type_name)
    if kind is None:
        # user subclasses of known layers (class MyConv(keras.layers.Conv2D)) behave as their base
        for base in type(call.op).__mro__[1:]:
            kind = table.get(base.__name__)
            if kind is not None and base.__module__.startswith("keras"):
                break
            kind = None
    return kind


def classify(calls: list[Call]) -> list[LayerUse]:
    """Flatten the call tree into the calls we model, in execution order."""
    uses: list[LayerUse] = []
    for call in calls:
        kind = _kind_of(call)
        descend = bool(call.children) and (kind is None or call.type_name in _DESCEND)
        if kind is not None:
            extra = _EXTRA.get(call.type_name, lambda c: (0, 0))(call)
            out = call.outputs if kind != Kind.ATTENTION or not descend else []
            uses.append(LayerUse(call, kind, Footprint(
                out_fixed=_elements(out, False),
                out_per_sample=_elements(out, True),
                extra_fixed=extra[0],
                extra_per_sample=extra[1],
            ), approximated=call.stand_in))
        if descend:
            uses.extend(classify(call.children))
        elif kind is None:
            # Unknown leaf: outputs twice (kept and a gradient) plus inputs once.
            uses.append(LayerUse(call, Kind.UNKNOWN, Footprint(
                out_fixed=2 * _elements(call.outputs, False) + _elements(call.inputs, False),
                out_per_sample=2 * _elements(call.outputs, True) + _elements(call.inputs, True),
            ), approximated=True))
    return uses
