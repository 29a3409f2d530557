"""Name the few things that hold the memory, in words a tired person reads at 2 a.m."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..i18n import _
from ..units import format_bytes

if TYPE_CHECKING:
    from .result import Culprit, Estimate

def category_words(category: str, backend: str = "", phase: str = "") -> str:
    """A breakdown category's name in words, for ``backend`` and the peak's ``phase`` (at an XLA
    autotuning peak the temporaries are the candidates' buffers)."""
    if category == "temporaries" and phase.startswith("compilation"):
        # the peak is XLA's autotuning, before the step runs: its temporaries are the candidates' buffers
        return _("Temporaries of XLA's autotuning (each candidate kernel's output and scratch, while the step "
                 "compiles)")
    if category == "temporaries" and backend == "pytorch":
        return _("Temporaries (working tensors: gradients flowing backward, the optimizer update's copies)")
    return {
        "weights": _("The model's weights"),
        "gradients": _("Gradients (one per trainable weight)"),
        "optimizer_state": _("Optimizer state"),
        "activations": _("Activations kept for the backward pass"),
        "input_batch": _("The input batch"),
        "temporaries": _("Temporaries (the optimizer update's or the initializers' working copies)"),
        "workspace": _("Library workspace (cuBLAS/cuDNN scratch)"),
    }[category]


def by_category(estimate: "Estimate") -> list["Culprit"]:
    """The categories of the breakdown that hold a quarter of the peak or more."""
    from .result import Culprit

    culprits: list[Culprit] = []
    peak = max(estimate.peak_bytes, 1)
    for category, size in sorted(estimate.breakdown.items(), key=lambda kv: -kv[1]):
        if size < 0.25 * peak:
            break
        message = _("{what}: {size}, {share:.0f} % of the peak").format(
            what=category_words(category, estimate.backend, estimate.peak_phase), size=format_bytes(size),
            share=size / peak * 100)
        if category == "activations":
            top = sorted(estimate.layers, key=lambda r: -r.activation_bytes)[:3]
            message += _("; they grow with the batch. Largest: {layers}").format(
                layers=", ".join(f"{r.name} ({format_bytes(r.activation_bytes)})" for r in top if r.activation_bytes))
        elif category == "temporaries":
            from .categories import phase_name

            message += _(" (the peak falls in the {phase})").format(phase=phase_name(estimate.peak_phase))
        elif category in ("weights", "gradients", "optimizer_state"):
            message += _("; it does not shrink with a smaller batch")
        # the sentence's full stop is the language's own ("." / "。")
        culprits.append(Culprit(subject=category, bytes=size, share=size / peak, message=message + _(".")))
    return culprits


def shape_text(shape: tuple) -> str:
    """A per-sample shape (the batch dimension dropped) as ``1489×255×16``."""
    return "×".join(str(d) for d in shape[1:])


def percent(share: float) -> str:
    """Rounded down, so 99.9996 % reads 99.9 % and 100 % means all of it."""
    return f"{math.floor(share * 1000) / 10:.1f} %"
