"""Optimizer state: what each Keras optimizer keeps per trainable variable.

Built from the optimizers' ``build()`` methods in Keras 3 (keras/src/optimizers):
a table of slot rules, so the state of a 770 M-parameter model is computed
without allocating it. An optimizer not in the table is built for real on
stand-in variables and its variables are counted (see ``inspect_state``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import OomdoctorError
from ..i18n import _
from ..units import itemsize

Shape = tuple[int, ...]


def _full(n: int) -> Callable[[Shape], int]:
    return lambda shape: n * math.prod(shape)


def _adafactor(shape: Shape) -> int:
    # Factored second moments over the last two axes, plus a full "velocity"
    # (keras/src/optimizers/adafactor.py builds r, c and v).
    if len(shape) < 2:
        return 2 + math.prod(shape)
    rows = math.prod(shape[:-1])
    cols = math.prod(shape[:-2]) * shape[-1]
    return rows + cols + math.prod(shape)


@dataclass(frozen=True)
class OptimizerSpec:
    """How much state an optimizer keeps, and what its update allocates."""

    name: str  # canonical lower-case name: "adam", "sgd", "momentum"...
    display: str
    state_elements: Callable[[Shape], int]
    # Full-size temporaries alive at once during the update, in units of all
    # trainable weights when the backend updates every variable together
    # (Keras's torch backend uses torch._foreach_* over the whole list), and of
    # the largest variable when it updates one variable at a time.
    update_temporaries: float
    has_torch_foreach: bool = True
    notes: tuple[str, ...] = field(default=())

    def state_bytes(self, shapes: list[Shape], itemsize: int = 4) -> int:
        """Bytes of state kept for variables of ``shapes``, ``itemsize`` bytes per element."""
        return sum(self.state_elements(s) for s in shapes) * itemsize


# update_temporaries come from reading each optimizer's update (torch/optimizers/torch_*.py
# for the torch backend): Adam's last line makes m*alpha, sqrt(v), sqrt(v)+eps and the
# quotient, three of them alive at once.
_SPECS: dict[str, OptimizerSpec] = {
    spec.name: spec
    for spec in [
        OptimizerSpec("sgd", "SGD", _full(0), 0.0),
        OptimizerSpec("momentum", "SGD (momentum)", _full(1), 0.0),
        OptimizerSpec("nesterov", "SGD (Nesterov momentum)", _full(1), 1.0),
        OptimizerSpec("adam", "Adam", _full(2), 3.0),
        OptimizerSpec("amsgrad", "Adam (amsgrad)", _full(3), 3.0),
        OptimizerSpec("adamw", "AdamW", _full(2), 3.0),
        OptimizerSpec("adamax", "Adamax", _full(2), 3.0),
        OptimizerSpec("nadam", "Nadam", _full(2), 3.0),
        OptimizerSpec("rmsprop", "RMSprop", _full(1), 3.0),
        OptimizerSpec("rmsprop_momentum", "RMSprop (momentum)", _full(2), 3.0),
        OptimizerSpec("rmsprop_centered", "RMSprop (centered)", _full(2), 4.0),
        OptimizerSpec("adagrad", "Adagrad", _full(1), 2.0),
        OptimizerSpec("adadelta", "Adadelta", _full(2), 4.0),
        OptimizerSpec("ftrl", "Ftrl", _full(2), 5.0, has_torch_foreach=False),
        OptimizerSpec("lion", "Lion", _full(1), 2.0),
        OptimizerSpec("adafactor", "Adafactor", _adafactor, 4.0, has_torch_foreach=False),
        OptimizerSpec("lamb", "LAMB", _full(2), 4.0, has_torch_foreach=False),
        OptimizerSpec("muon", "Muon", _full(2), 4.0, has_torch_foreach=False),
        OptimizerSpec("schedulefreeadamw", "ScheduleFreeAdamW", _full(2), 3.0, has_torch_foreach=False),
    ]
}
_ALIASES = {"nag": "nesterov", "adam_w": "adamw", "rms": "rmsprop", "rmsprop": "rmsprop",
            "schedule_free_adamw": "schedulefreeadamw"}

NAMES = tuple(_SPECS)


def spec_by_name(name: str) -> OptimizerSpec:
    """The ``OptimizerSpec`` for a name or alias, in any case, ``-`` or ``_``; ``OomdoctorError`` for another."""
    key = name.strip().lower().replace("-", "_")
    key = _ALIASES.get(key, key)
    if key not in _SPECS:
        raise OomdoctorError(
            _("Unknown optimizer {name!r}.").format(name=name),
            _("Use one of: {names}.").format(names=", ".join(NAMES)),
        )
    return _SPECS[key]


def _keras_optimizer_key(optimizer: Any) -> str | None:
    cls = type(optimizer).__name__.lower()
    if cls == "sgd":
        if getattr(optimizer, "momentum", 0):
            return "nesterov" if getattr(optimizer, "nesterov", False) else "momentum"
        return "sgd"
    if cls == "adam" and getattr(optimizer, "amsgrad", False):
        return "amsgrad"
    if cls == "rmsprop":
        if getattr(optimizer, "centered", False):
            return "rmsprop_centered"
        if getattr(optimizer, "momentum", 0):
            return "rmsprop_momentum"
        return "rmsprop"
    return cls if cls in _SPECS else None


@dataclass(frozen=True)
class OptimizerPlan:
    """The optimizer of one estimate: its spec and wrappers that add state."""

    spec: OptimizerSpec
    extra_slots: int = 0  # use_ema: an average per variable; gradient accumulation: a buffer
    loss_scaling: bool = False  # LossScaleOptimizer (mixed_float16)
    inspected_state_bytes: int | None = None  # when built for real
    approximated: bool = False

    @property
    def display(self) -> str:
        """The optimizer's name as shown (``SGD (momentum)``)."""
        return self.spec.display

    def state_bytes(self, shapes: list[Shape]) -> int:
        """Bytes of state for trainable variables of ``shapes``: the count from building it, where it was built,
        else the spec's float32 slots plus ``extra_slots`` float32 copies of every variable."""
        if self.inspected_state_bytes is not None:
            return self.inspected_state_bytes
        return self.spec.state_bytes(shapes) + self.extra_slots * 4 * sum(math.prod(s) for s in shapes)


def plan_for(optimizer: Any, shapes: list[Shape]) -> OptimizerPlan:
    """From a name, a Keras optimizer instance, or None (Adam)."""
    if optimizer is None:
        return OptimizerPlan(spec_by_name("adam"))
    if isinstance(optimizer, str):
        return OptimizerPlan(spec_by_name(optimizer))
    if isinstance(optimizer, OptimizerSpec):
        return OptimizerPlan(optimizer)
    import keras

    if not isinstance(optimizer, keras.optimizers.Optimizer):
        from ..arguments import type_error

        raise type_error("optimizer", optimizer, _("a name such as 'adam' or a Keras optimizer"))
    loss_scaling = type(optimizer).__name__ == "LossScaleOptimizer"
    inner = getattr(optimizer, "inner_optimizer", optimizer) if loss_scaling else optimizer
    extra = int(bool(getattr(inner, "use_ema", False))) + int(bool(getattr(inner, "gradient_accumulation_steps", None)))
    key = _keras_optimizer_key(inner)
    if key is not None:
        return OptimizerPlan(_SPECS[key], extra_slots=extra, loss_scaling=loss_scaling)
    return inspect_state(inner, shapes, loss_scaling)


# Above this many bytes of weights, an unknown optimizer is built on scaled-down
# stand-ins instead of full-size ones, so the estimate never allocates a big model.
_INSPECT_LIMIT_BYTES = 256 << 20


def inspect_state(optimizer: Any, shapes: list[Shape], loss_scaling: bool = False) -> OptimizerPlan:
    """Build a fresh copy of an unknown optimizer on stand-in variables and count its state."""
    import keras

    clone = type(optimizer).from_config(optimizer.get_config())
    total = sum(math.prod(s) for s in shapes) * 4
    scale, probe = 1.0, shapes
    if total > _INSPECT_LIMIT_BYTES:
        # Cap each axis at 64 and scale the count back up by the element ratio:
        # exact for per-element state, an over-estimate for factored state.
        probe = [tuple(min(d, 64) for d in s) for s in shapes]
        scale = total / max(sum(math.prod(s) for s in probe) * 4, 1)
    stand_ins = [keras.Variable(keras.initializers.Zeros()(s), name=f"v{i}") for i, s in enumerate(probe)]
    clone.build(stand_ins)
    own = {id(v) for v in stand_ins}
    state = sum(
        math.prod(v.shape) * itemsize(v.dtype)
        for v in clone.variables
        if id(v) not in own and math.prod(v.shape) > 1
    )
    per_var = state / max(sum(math.prod(s) for s in probe), 1) / 4
    spec = OptimizerSpec(type(optimizer).__name__.lower(), type(optimizer).__name__,
                         _full(max(round(per_var), 0)), 3.0, has_torch_foreach=False)
    return OptimizerPlan(spec, loss_scaling=loss_scaling, inspected_state_bytes=int(state * scale),
                         approximated=scale != 1.0)
