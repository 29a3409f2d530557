"""A copy of the user's model to compile a training step on, compiled as the user compiled it.

The compiled step must be the one the user trains: their loss (a dict or list of them, with
weights), their metrics, their optimizer with its schedule, their own ``train_step`` or added
losses, every input and output, frozen layers. Compiling the user's model object itself would
build optimizer slots and metric counters inside it, so the step is compiled on a copy:

* a functional or sequential model is cloned layer by layer under the job's dtype policy
  (``keras.models.clone_model``). A layer that cannot be rebuilt from its config (a ``Lambda``
  holding a Python function, a custom layer without ``get_config``) is shared with the
  original: the compile only reads its variables' shapes.
* a model that cannot be cloned (subclassed) is built again by the user's function when
  oomdoctor loaded it from ``path/to/file.py:function``.

Keras's ``clone_model`` compiles a clone of a compiled model from its config, which creates
optimizer variables from values; inside the ``StatelessScope`` that keeps weights unallocated
that is refused ("You are attempting to create a variable while in a stateless scope"), so
the clone is made uncompiled and compiled afterwards, outside the scope.
"""

from __future__ import annotations

import contextlib
import math
from typing import Any

from ..errors import first_line


class NotCopied(Exception):
    """The model cannot be copied for a compile; the message says why in one line."""


def working_copy(model: Any, policy: str) -> Any:
    """A model of oomdoctor's own with ``model``'s layers under ``policy``, its weights unallocated."""
    import keras

    from .trace import tensorflow_left_unloaded, weights_left_unfilled

    failure = None
    if _clonable(model):
        try:
            with _uncompiled(model), keras.StatelessScope(initialize_variables=False), weights_left_unfilled(), \
                    tensorflow_left_unloaded():
                return keras.models.clone_model(model, clone_function=layer_under(policy))
        except Exception as exc:
            failure = exc
    source = getattr(model, "_oomdoctor_source", None)
    if source is not None:
        from .loading import rebuild_from_source

        return rebuild_from_source(source, policy)
    if failure is not None:
        raise NotCopied(f"the model could not be cloned ({first_line(failure)})") from failure
    raise NotCopied("a subclassed model given as an object cannot be copied; give it to the CLI as "
                    "path/to/file.py:function")


def layer_under(policy: str):
    """``clone_model``'s ``clone_function``: each layer rebuilt from its config under the dtype ``policy``
    (a saved config names each layer's policy, which overrides the global one), or shared where it
    cannot be rebuilt (a ``Lambda``'s Python function in safe mode, a layer without ``get_config``)."""
    def clone(layer):
        try:
            config = layer.get_config()
            if "dtype" in config:
                config["dtype"] = policy
            return layer.__class__.from_config(config)
        except Exception:
            return layer

    return clone


def _clonable(model: Any) -> bool:
    from keras.src.models.functional import Functional
    from keras.src.models.sequential import Sequential

    return isinstance(model, (Functional, Sequential))


@contextlib.contextmanager
def _uncompiled(model: Any):
    """``clone_model`` compiles a clone of a compiled model; this one is compiled later, outside the scope."""
    compiled = getattr(model, "compiled", False)
    model.compiled = False
    try:
        yield
    finally:
        model.compiled = compiled


def compile_arguments(model: Any, copy: Any, optimizer_name: str, stand_ins: dict,
                      output_shapes: list[tuple] | None = None) -> dict:
    """``compile()``'s arguments for ``copy``: the user's (fresh objects), with the optimizer of the job's kind.

    The user's optimizer is kept when it is of the job's kind (its schedule, EMA and accumulation
    included); otherwise, as for ``--optimizer`` or an uncompiled model, a stand-in of that kind.
    An uncompiled model gets the loss ``measure`` would use for it, by the per-sample shape of each
    output (``output_shapes``, as oomdoctor traced them: a subclassed model has no ``outputs``).
    """
    import keras

    from .loading import model_optimizer
    from .optimizers import plan_for

    arguments = dict(_user_compile_arguments(model) or getattr(copy, "_oomdoctor_compile", None) or {})
    for unused in ("jit_compile", "run_eagerly", "steps_per_execution", "auto_scale_loss"):
        arguments.pop(unused, None)
    own = arguments.get("optimizer") or model_optimizer(model)
    if own is not None and not isinstance(own, str) and plan_for(own, []).spec.name == optimizer_name:
        arguments["optimizer"] = _fresh_optimizer(own)
    elif optimizer_name in stand_ins:
        arguments["optimizer"] = stand_ins[optimizer_name](keras)
    else:
        raise NotCopied(f"no stand-in for the optimizer {optimizer_name}")
    if "loss" not in arguments and not _trains_itself(copy):
        arguments["loss"] = _default_loss(copy, output_shapes)
    return arguments


def _default_loss(copy: Any, output_shapes: list[tuple] | None) -> Any:
    """The loss ``measure`` would use for an uncompiled model, by the per-sample shape of each output."""
    from .training import default_loss

    if output_shapes is None:
        output_shapes = [tuple(t.shape[1:]) for t in copy.outputs]
    losses = [default_loss((None, *shape)) for shape in output_shapes]
    return losses[0] if len(losses) == 1 else losses


def labels_loss(copy: Any, arguments: dict, output_shapes: list[tuple] | None = None) -> Any:
    """The loss a batch's labels are shaped for (``abstract_batch``): the compiled one. A model that
    overrides ``compute_loss`` and keeps Keras's ``train_step`` (keras.io's distiller) compiles no loss
    but is still given ``(x, y)`` and reads ``y`` in its own loss: its labels are shaped for the default
    loss of each output. A model with its own ``train_step`` (a GAN, a VAE) is given ``x`` alone."""
    if arguments.get("loss") is not None or "train_step" in own_training(copy):
        return arguments.get("loss")
    return _default_loss(copy, output_shapes)


def _user_compile_arguments(model: Any) -> dict | None:
    """What the user passed to ``compile()``, as fresh objects (their metrics keep their own counters)."""
    config = getattr(model, "_compile_config", None)
    if not getattr(model, "compiled", False) or config is None:
        return None
    from keras.src.saving import serialization_lib

    try:
        return dict(serialization_lib.deserialize_keras_object(config.serialize()))
    except Exception:  # a custom loss or metric Keras cannot rebuild: the objects themselves
        return dict(config.config)


def _fresh_optimizer(optimizer: Any) -> Any:
    inner = getattr(optimizer, "inner_optimizer", optimizer)  # a LossScaleOptimizer is re-made by compile()
    try:
        return inner.__class__.from_config(inner.get_config())
    except Exception:
        return inner


def _trains_itself(model: Any) -> bool:
    """The model overrides ``train_step`` or ``compute_loss`` (a GAN, a VAE): it needs no compiled loss."""
    return bool(own_training(model))


def own_training(model: Any) -> list[str]:
    """Which of Keras's ``train_step`` and ``compute_loss`` the model overrides with its own."""
    import keras

    cls = type(model)
    return [name for name in ("train_step", "compute_loss") if getattr(cls, name) is not getattr(keras.Model, name)]


def own_optimizers(model: Any) -> dict[str, Any]:
    """The optimizers the model keeps besides the compiled one, by attribute (a GAN's ``d_optimizer`` and
    ``g_optimizer``, given to its own compile() for its own train_step)."""
    import keras

    compiled = getattr(model, "optimizer", None)
    return {name: value for name, value in vars(model).items()
            if isinstance(value, keras.optimizers.Optimizer) and value is not compiled}


def untraced_layer_outputs(model: Any, traced: set[int]) -> tuple[list[str], int]:
    """The layers the model holds that ``call()`` never ran (ids not in ``traced``: a distiller's teacher, a
    GAN's generator, which its own step runs), and the elements of their outputs per sample, where a
    functional sub-model says them."""
    names, elements = [], 0
    for layer in model._flatten_layers(include_self=False):
        if id(layer) in traced or layer._flatten_layers(include_self=False, recursive=False) \
                or type(layer).__name__ == "InputLayer":
            continue  # traced, a container whose own layers are counted, or the batch itself
        try:
            shape = layer.output.shape
        except (AttributeError, ValueError):  # never called in a graph: its outputs are not known
            continue
        if shape and all(isinstance(d, int) for d in shape[1:]):
            names.append(layer.name)
            elements += math.prod(shape[1:])
    return names, elements


def abstract_batch(model: Any, batch_size: int, loss: Any, inputs: list[tuple[tuple, str]] | None):
    """(x, y) as KerasTensors shaped like one batch: x in the structure the model takes, y per output."""
    import keras

    from .training import label_spec

    specs = inputs or [(tuple(t.shape[1:]), str(t.dtype)) for t in model.inputs]
    tensors = [keras.KerasTensor((batch_size,) + tuple(shape), dtype=dtype) for shape, dtype in specs]
    structure = getattr(model, "_inputs_struct", None)
    if isinstance(structure, dict) and len(structure) == len(tensors):
        x = keras.tree.pack_sequence_as(structure, tensors)  # model.inputs is it flattened
    elif isinstance(structure, (list, tuple)) and len(tensors) > 1:
        x = list(tensors)
    else:
        x = tensors[0] if len(tensors) == 1 else list(tensors)
    if loss is None:
        return x, None
    outputs = getattr(model, "_outputs_struct", None)
    if outputs is None:
        outputs = keras.tree.map_structure(lambda t: keras.KerasTensor((batch_size,) + tuple(t.shape[1:]), t.dtype),
                                           model.compute_output_spec(x))

    def label(output, output_loss):
        shape, dtype = label_spec(output_loss, (batch_size,) + tuple(output.shape[1:]), batch_size)
        return keras.KerasTensor(shape, dtype=dtype)

    if isinstance(outputs, dict):
        return x, {name: label(out, _loss_for(loss, name, i)) for i, (name, out) in enumerate(outputs.items())}
    if isinstance(outputs, (list, tuple)):
        return x, [label(out, _loss_for(loss, out.name, i)) for i, out in enumerate(outputs)]
    return x, label(outputs, _loss_for(loss, None, 0))


def _loss_for(loss: Any, name: str | None, index: int) -> Any:
    """The loss of one output, from a single loss, a dict by output name, or a list by position."""
    if isinstance(loss, dict):
        return loss.get(name, next(iter(loss.values())))
    if isinstance(loss, (list, tuple)):
        return loss[index] if index < len(loss) else loss[-1]
    return loss
