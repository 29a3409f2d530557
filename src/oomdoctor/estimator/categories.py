"""The categories every estimate's breakdown is split into, whichever engine made it, and their words."""

from __future__ import annotations

from ..i18n import _

CATEGORIES = (
    "weights",
    "gradients",
    "optimizer_state",
    "activations",
    "input_batch",
    "temporaries",
    "workspace",
)
# What the model's size fixes, whatever the batch: the weights, their gradients and the optimizer's state.
STATE = ("weights", "gradients", "optimizer_state")


def category_label(category: str) -> str:
    """A category of ``CATEGORIES`` as the reports name it."""
    return {
        "weights": _("weights"),
        "gradients": _("gradients"),
        "optimizer_state": _("optimizer state"),
        "activations": _("activations (kept for backward)"),
        "input_batch": _("input batch"),
        "temporaries": _("temporaries"),
        "workspace": _("workspace"),
    }[category]


def phase_name(phase: str) -> str:
    """A step's peak phase in the user's language (``peak_phase`` itself stays English in the JSON)."""
    return {
        "backward pass": _("backward pass"),
        "optimizer update": _("optimizer update"),
        "model build": _("model build"),
        "forward pass": _("forward pass"),
        "XLA:CPU executable (buffer assignment read from XLA)":
            _("XLA:CPU executable (buffer assignment read from XLA)"),
        "compilation (XLA autotuning matrix products and convolutions)":
            _("compilation (XLA autotuning matrix products and convolutions)"),
        "gradient all-reduce": _("gradient all-reduce"),
    }.get(phase, phase)
