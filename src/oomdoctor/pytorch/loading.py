"""``path/to/file.py:function`` for PyTorch: the function returns a module, or (module, batch[, loss_fn]).

The function runs under ``FakeTensorMode``, so building a 124 M-parameter
model allocates no weights; the tensors it makes (the example batch) are fake
too, and the same mode traces the step.
"""

from __future__ import annotations

import ast
import contextlib
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from ..errors import OomdoctorError, WrongFramework
from ..i18n import _

_TORCH_ROOTS = {"torch", "torchvision", "transformers", "timm", "torchaudio"}
_KERAS_ROOTS = {"keras", "tensorflow", "tf_keras"}


def is_torch_file(spec: str) -> bool:
    """Does ``file.py:function`` name a file that imports PyTorch and not Keras? Read, not run."""
    if ":" not in spec:
        return False
    path = Path(spec.rpartition(":")[0])
    if path.suffix != ".py" or not path.is_file():
        return False
    try:
        tree = ast.parse(path.read_text(errors="replace"))
    except (SyntaxError, RecursionError):  # importing it will say what is wrong, as Python says it
        return False
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            roots.add(node.module.split(".")[0])
    return bool(roots & _TORCH_ROOTS) and not roots & _KERAS_ROOTS


def _is_keras_model(value) -> bool:
    keras = sys.modules.get("keras")  # a Keras model exists only where keras was imported
    return keras is not None and isinstance(value, keras.Model)


@contextlib.contextmanager
def initializers_skipped() -> Iterator[None]:
    """Make ``torch.nn.init``'s in-place initializers return their tensor untouched.

    The values of fake weights do not exist, and some initializers look at them
    (``trunc_normal_`` redraws until every value is in range), which a fake tensor
    cannot answer. Only memory matters here, and initializing in place allocates
    none that outlives the call.
    """
    import torch

    saved = {}
    for name in dir(torch.nn.init):
        function = getattr(torch.nn.init, name)
        if name.endswith("_") and not name.startswith("_") and callable(function):
            saved[name] = function
            setattr(torch.nn.init, name, lambda tensor, *args, **kwargs: tensor)
    try:
        yield
    finally:
        for name, function in saved.items():
            setattr(torch.nn.init, name, function)


@dataclass
class TorchSpec:
    module: Any
    example_batch: Any
    loss: Callable | None
    fake_mode: Any
    notes: tuple[str, ...] = ()  # what building it assumed, for the report


def load(spec: str, abstract: bool = True) -> TorchSpec:
    """The module, example batch and loss of ``spec``; ``abstract=False`` builds it for real, to train it."""
    import torch
    from torch._subclasses.fake_tensor import FakeTensorMode

    from ..builders import call_user_function

    path_text, _colon, function = spec.rpartition(":")
    path = Path(path_text)
    fake_mode = FakeTensorMode(allow_non_fake_inputs=True)

    def build(builder):
        from torch._subclasses.fake_tensor import DataDependentOutputException

        if not abstract:
            return builder()
        from .record import data_pointer_warnings_hidden

        try:
            with data_pointer_warnings_hidden(), fake_mode, initializers_skipped():
                return builder()
        except DataDependentOutputException:
            # The constructor reads values of tensors it made (RegNet computes its widths with
            # torch ops): build it for real on the CPU, without initializing the weights.
            with initializers_skipped():
                return builder()

    result = call_user_function(path, function, build, _(
        "Define def {function}(): ... returning a torch.nn.Module, or (module, example_batch, loss_fn).").format(
        function=function))
    items = result if isinstance(result, tuple) else (result,)
    if items and _is_keras_model(items[0]):
        raise WrongFramework(_("{path}:{function} returned a Keras model.").format(path=path, function=function),
                             "keras")
    if not items or not isinstance(items[0], torch.nn.Module) or len(items) > 3:
        raise OomdoctorError(_("{path}:{function} returned {type}, not a torch.nn.Module or (module, example_batch, "
                               "loss_fn).").format(path=path, function=function, type=type(result).__name__),
                             _("Return the module, or a tuple (module, example_batch, loss_fn)."))
    example = items[1] if len(items) > 1 else None
    loss = items[2] if len(items) > 2 else None
    if loss is not None and not callable(loss):
        raise OomdoctorError(_("The third item returned by {function} is not callable.").format(function=function),
                             _("Return loss_fn(module, batch) -> scalar loss as the third item."))
    return TorchSpec(items[0], example, loss, fake_mode if abstract else None)
