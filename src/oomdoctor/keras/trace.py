"""Walk a Keras 3 model once, symbolically, and record every call it makes.

We call ``model.call`` under Keras's own ``backend.compute_output_spec`` (with
the JAX backend that is ``jax.eval_shape``): every layer and graph op runs on
abstract tensors, so no weight and no activation is allocated, yet we see the
real shapes, dtypes and nesting, including subclassed models, shared layers
and nested models. Tracing at batch 1 and batch 2 gives every tensor's size as
an affine function of the batch size, so later estimates at any batch need no
new trace.
"""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass, field
from typing import Any

from ..errors import OomdoctorError, one_line
from ..i18n import _
from ..units import format_count


@dataclass(frozen=True)
class Tensor:
    """A tensor's size as ``fixed + per_sample * batch`` elements."""

    fixed: int
    per_sample: int
    dtype: str
    shape: tuple  # at batch 1, for display

    def elements(self, batch: int) -> int:
        """Element count at batch size ``batch``."""
        return self.fixed + self.per_sample * batch

    @property
    def is_float(self) -> bool:
        """Whether the dtype is a floating-point one."""
        return "float" in self.dtype


@dataclass
class Call:
    """One call of a layer or op during the forward pass."""

    op: Any  # the keras Layer or Operation
    path: str
    type_name: str
    inputs: list[Tensor]
    outputs: list[Tensor]
    children: list["Call"] = field(default_factory=list)
    stand_in: bool = False  # could not run abstractly; its output shape came from compute_output_spec

    @property
    def is_layer(self) -> bool:
        """Whether the call is a Keras layer's, not a bare op's."""
        import keras

        return isinstance(self.op, keras.layers.Layer)


@dataclass(frozen=True)
class Variable:
    """One model variable: its path, shape, dtype, and whether it is trainable."""

    path: str
    shape: tuple[int, ...]
    dtype: str
    trainable: bool

    @property
    def elements(self) -> int:
        """Element count: the product of the shape."""
        return math.prod(self.shape)


@dataclass
class ModelTrace:
    """One symbolic forward pass of a model: its calls, variables, and input and output tensors."""

    name: str
    calls: list[Call]  # top-level calls in execution order, each with its children
    variables: list[Variable]
    inputs: list[Tensor]
    outputs: list[Tensor]


def _specs(value) -> list[tuple[tuple, str]]:
    import keras

    return [
        (tuple(int(d) for d in t.shape), str(getattr(t.dtype, "name", t.dtype)))
        for t in keras.tree.flatten(value)
        if hasattr(t, "shape") and hasattr(t, "dtype") and None not in tuple(t.shape)
    ]


def _record_calls(model, input_shapes: list[tuple[int, ...]], input_dtypes: list[str]):
    """Run model.call abstractly; return the tree of (op, inputs, outputs)."""
    import keras
    from keras.src import backend
    from keras.src.ops.operation import Operation

    roots: list[dict] = []
    stack: list[dict] = []
    original_call = Operation.__call__

    def recording_call(self, *args, **kwargs):
        node = {"op": self, "children": [], "in": _specs((args, kwargs)), "out": [], "stand_in": False}
        (stack[-1]["children"] if stack else roots).append(node)
        stack.append(node)
        try:
            out = original_call(self, *args, **kwargs)
        except Exception:
            if len(stack) == 1 and not isinstance(self, keras.layers.Layer):
                raise
            # Some layers cannot run on abstract tensors (lookups and random crops that
            # need concrete values). Ask the layer for its output shape instead, and let
            # zeros of that shape flow on; the layer is then reported as approximated.
            out = _stand_in_output(self, args, kwargs)
            node["children"] = []
            node["stand_in"] = True
        finally:
            stack.pop()
        node["out"] = _specs(out)
        return out

    inputs = [keras.KerasTensor(s, dtype=d) for s, d in zip(input_shapes, input_dtypes)]
    structure = inputs[0] if len(inputs) == 1 else inputs
    if len(inputs) > 1 and isinstance(getattr(model, "_inputs_struct", None), dict):
        # model.inputs is the structure flattened (a dict by sorted keys): packed back the same way
        structure = keras.tree.pack_sequence_as(model._inputs_struct, inputs)
    Operation.__call__ = recording_call
    try:
        with weights_left_unfilled(), tensorflow_left_unloaded(), unseeded_random_traceable():
            out = backend.compute_output_spec(model.call, structure, **_training_flag(model))
    finally:
        Operation.__call__ = original_call
    return roots, _specs(out)


def _training_flag(model) -> dict:
    """``training=True`` when the model's call takes it (a user's ``call(self, x)`` may not)."""
    import inspect

    try:
        params = inspect.signature(model.call).parameters
    except (TypeError, ValueError):
        return {}
    takes = "training" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())
    return {"training": True} if takes else {}


@contextlib.contextmanager
def tensorflow_left_unloaded():
    """Keep Keras's serializer from importing TensorFlow just to check for tf.TensorShape.

    ``get_config``/``clone_model`` ask ``tf.available``, which imports TensorFlow
    (seconds, and a gigabyte) when it is installed. A model traced with another
    backend holds no TensorFlow objects, so the answer is known.
    """
    import sys

    from keras.src.utils import module_utils

    if "tensorflow" in sys.modules:
        yield
        return
    known = module_utils.tensorflow._available
    module_utils.tensorflow._available = False
    try:
        yield
    finally:
        module_utils.tensorflow._available = known


@contextlib.contextmanager
def weights_left_unfilled(keep_created: bool = True):
    """Keep Keras from filling variables that wait for their initializer.

    Keras runs abstract evaluation inside a StatelessScope whose exit initialises
    every variable still waiting for its initializer: hidden from it, the weights
    of a model built with ``StatelessScope(initialize_variables=False)`` are never
    allocated (the seed's model: 0.2 GB of host memory instead of 12 GB).
    ``keep_created=False`` forgets the variables made inside (oomdoctor's own copies
    of a model): Keras's list would otherwise keep them, and fill them, for ever.
    """
    from keras.src.backend.common import global_state

    waiting = global_state.get_global_attribute("uninitialized_variables") or []
    global_state.set_global_attribute("uninitialized_variables", [])
    try:
        yield
    finally:
        created = global_state.get_global_attribute("uninitialized_variables") or []
        global_state.set_global_attribute("uninitialized_variables", waiting + (created if keep_created else []))


# The seed an unseeded random op gets while oomdoctor traces it (any constant: only shapes matter).
_TRACE_SEED = 1337


@contextlib.contextmanager
def unseeded_random_traceable():
    """Let random ops without a seed run while JAX traces the model.

    ``keras.random.normal(shape)`` with no seed draws from Keras's global seed
    generator, which refuses JAX tracing ("[JAX RNG] When tracing a JAX function,
    you should only use seeded random ops"): the keras.io VAE's sampling layer
    is written so, and trains as written on TensorFlow and torch. A constant seed
    gives the op the same shape and dtype, which is all a memory estimate needs.
    Outside oomdoctor's tracing, Keras keeps its refusal.
    """
    from keras.src.backend import convert_to_tensor, random_seed_dtype
    from keras.src.random import seed_generator

    original = seed_generator.global_seed_generator

    class ConstantSeed:
        def next(self, ordered=True):
            return convert_to_tensor([_TRACE_SEED, 0], dtype=random_seed_dtype())

    def traceable():
        try:
            return original()
        except ValueError as exc:
            if "[JAX RNG]" not in str(exc):
                raise
            return ConstantSeed()

    seed_generator.global_seed_generator = traceable
    try:
        yield
    finally:
        seed_generator.global_seed_generator = original


def _stand_in_output(layer, args, kwargs):
    import keras

    def symbolic(x):
        if hasattr(x, "shape") and hasattr(x, "dtype") and not isinstance(x, keras.KerasTensor):
            return keras.KerasTensor(tuple(x.shape), dtype=str(getattr(x.dtype, "name", x.dtype)))
        return x

    spec = layer.compute_output_spec(*keras.tree.map_structure(symbolic, args),
                                     **keras.tree.map_structure(symbolic, kwargs))
    return keras.tree.map_structure(lambda t: keras.ops.zeros(t.shape, dtype=t.dtype), spec)


def _combine(one: list[tuple[tuple, str]], two: list[tuple[tuple, str]]) -> list[Tensor]:
    tensors = []
    for (s1, d1), (s2, _d2) in zip(one, two):
        e1, e2 = math.prod(s1), math.prod(s2)
        tensors.append(Tensor(fixed=2 * e1 - e2, per_sample=e2 - e1, dtype=d1, shape=s1))
    return tensors


def _merge(n1: list[dict], n2: list[dict], prefix: str) -> list[Call]:
    calls = []
    for a, b in zip(n1, n2):
        name = getattr(a["op"], "name", type(a["op"]).__name__)
        path = f"{prefix}/{name}" if prefix else name
        calls.append(
            Call(
                op=a["op"],
                path=path,
                type_name=type(a["op"]).__name__,
                inputs=_combine(a["in"], b["in"]),
                outputs=_combine(a["out"], b["out"]),
                children=_merge(a["children"], b["children"], path),
                stand_in=a["stand_in"],
            )
        )
    return calls


def model_input_specs(model, input_shape: tuple[int, ...] | None) -> list[tuple[tuple, str]]:
    """Per-sample shapes (no batch dim) and dtypes of the model's inputs."""
    try:
        model_inputs = list(model.inputs)
    except (AttributeError, ValueError):
        model_inputs = []
    if not model_inputs:
        built_with = _build_input_shape(model)
        if input_shape is None and built_with is not None:
            _check_input_shape(built_with, "input")
            return [(built_with, "float32")]
        if input_shape is None:
            raise OomdoctorError(
                _("The model has no known input shape (it is subclassed or not built)."),
                _("Give one with --input-shape D1,D2,... (without the batch; input_shape= in the Python API)."),
            )
        _check_input_shape(tuple(input_shape), "input")
        return [(tuple(input_shape), "float32")]
    specs = []
    for i, t in enumerate(model_inputs):
        shape = tuple(t.shape[1:])
        if input_shape is not None and i == 0:
            if len(input_shape) != len(shape):
                raise OomdoctorError(
                    _("--input-shape has {given} dimensions but the model's input {name!r} has {expected} "
                      "(shape {shape}).").format(given=len(input_shape), name=t.name, expected=len(shape),
                                                 shape=tuple(t.shape)),
                    _("Give every dimension except the batch."),
                )
            shape = tuple(input_shape)
        if None in shape:
            raise OomdoctorError(
                _("The model's input {name!r} has unknown dimensions {shape}.").format(
                    name=getattr(t, "name", i), shape=tuple(t.shape)),
                _("Give the size you train with: --input-shape {dims} (without the batch).").format(
                    dims=",".join("N" if d is None else str(d) for d in shape)),
            )
        specs.append((shape, str(t.dtype)))
    for (shape, _dtype), tensor in zip(specs, model_inputs or [None] * len(specs)):
        _check_input_shape(shape, getattr(tensor, "name", "input"))
    return specs


# One sample of one input larger than this is a typo or a shape bug, not data: XLA aborts the whole
# process (SIGABRT, "overflow in static extent product") on shapes whose element count passes int64
LARGEST_SAMPLE_ELEMENTS = 1 << 45


def _check_input_shape(shape: tuple, name: str) -> None:
    if any(d == 0 for d in shape):
        raise OomdoctorError(_("The model's input {name!r} has shape {shape}: a dimension of size 0 holds no "
                               "data, and every figure would be meaningless.").format(name=name, shape=shape),
                             _("Give the size you train with (--input-shape D1,D2,...)."))
    if math.prod(shape) > LARGEST_SAMPLE_ELEMENTS:
        raise OomdoctorError(_("The model's input {name!r} has {count} elements per sample (shape {shape}), "
                               "more than any memory holds.").format(name=name, count=format_count(math.prod(shape)),
                                                                    shape=shape),
                             _("Check the input's shape (--input-shape D1,D2,... without the batch)."))


def _build_input_shape(model) -> tuple[int, ...] | None:
    """The per-sample shape a subclassed model was built with (``model.build((None, 96, 96, 3))``)."""
    shapes = getattr(model, "_build_shapes_dict", None) or {}
    if len(shapes) != 1:
        return None
    shape = tuple(next(iter(shapes.values())) or ())
    if len(shape) < 2 or None in shape[1:] or not all(isinstance(d, int) for d in shape[1:]):
        return None
    return tuple(shape[1:])


def trace_model(model, input_shape: tuple[int, ...] | None = None) -> ModelTrace:
    """Every layer call of one forward pass of the Keras ``model``, traced symbolically with JAX (shapes and dtypes,
    no weights, no data): the ``ModelTrace`` the per-kind table and the compiled engines start from.
    ``input_shape`` (per sample) stands in for a model that does not say its inputs."""
    import keras

    if type(model).call is keras.Model.call:
        # keras.io's VAE and GAN: sub-models composed only inside a TensorFlow train_step, which the JAX
        # trace cannot run; Keras's own error ("does not have a `call()` method") would blame the input shape
        name = type(model).__name__
        raise OomdoctorError(
            _("{name} has no call(): its forward pass is written only inside train_step, and oomdoctor finds "
              "what a step keeps by tracing call().").format(name=name),
            _("Give {name} a call() that takes the batch its train_step is given and runs a forward pass on it "
              "(a VAE's: return self.decoder(self.encoder(x)[-1]); a GAN's: return self.discriminator(x)), and "
              "estimate again: call() gives the per-layer table, and train_step itself is compiled or traced "
              "where it can be (the report names the engine).").format(name=name))
    specs = model_input_specs(model, input_shape)
    shapes1 = [(1,) + s for s, _ in specs]
    shapes2 = [(2,) + s for s, _ in specs]
    dtypes = [d for _, d in specs]
    try:
        roots1, out1 = _record_calls(model, shapes1, dtypes)
        roots2, out2 = _record_calls(model, shapes2, dtypes)
    except OomdoctorError:
        raise
    except Exception as exc:  # the user's model code failed on abstract inputs
        raise OomdoctorError(
            _("Tracing the model failed: {error}").format(error=one_line(exc)),
            _("Check that the model runs on inputs of shape {shapes} (use --input-shape to change it; "
              "--debug shows the traceback).").format(
                shapes=" and ".join(str((None,) + shape) for shape, _dtype in specs)),
        ) from exc
    variables, seen = [], set()
    for v in model.weights:
        if id(v) in seen:
            continue
        seen.add(id(v))
        variables.append(Variable(v.path, tuple(int(d) for d in v.shape), str(v.dtype), bool(v.trainable)))
    # Trace roots: the model's own call node is absent (we called model.call), so the
    # roots are the layers and ops the model calls directly.
    return ModelTrace(
        name=model.name,
        calls=_merge(roots1, roots2, ""),
        variables=variables,
        inputs=_combine([((1,) + s, d) for s, d in specs], [((2,) + s, d) for s, d in specs]),
        outputs=_combine(out1, out2),
    )
