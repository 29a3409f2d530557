"""Name the few things that hold the memory, in words a tired person reads at 2 a.m."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ._layers import Kind
from .i18n import _
from .units import format_bytes

if TYPE_CHECKING:
    from ._estimate import Estimate, Job, Culprit

def _category_words(category: str, backend: str = "", phase: str = "") -> str:
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


def _state_multiple(job: "Job") -> float:
    """Bytes of weight + gradient + optimizer state per trainable byte."""
    facts = job.facts()
    if not facts.trainable_bytes:
        return 2.0
    return 2.0 + facts.optimizer_state_bytes / facts.trainable_bytes


def find(estimate: "Estimate", job: "Job", limit: int = 4) -> list["Culprit"]:
    from ._estimate import Culprit

    culprits: list[Culprit] = []
    peak = max(estimate.peak_bytes, 1)
    total_params = max(estimate.params, 1)
    multiple = _state_multiple(job)

    # Layers whose parameters dominate: weight + gradient + optimizer state.
    previous = None
    for use, row in zip(job.uses, estimate.layers):
        share = row.params / total_params
        held = int(row.weight_bytes * multiple) if row.params else 0
        if row.params and (share >= 0.5 or held >= 0.25 * peak):
            label = row.name
            if use.kind is Kind.DENSE and previous is not None and previous.call.type_name in ("Flatten", "Reshape"):
                label = f"{previous.call.type_name}→{row.type}"
                flat = previous.call.outputs[0].shape[-1] if previous.call.outputs else 0
                why = " " + _("The Flatten turns a {shape} feature map into {inputs:,} inputs, and every one "
                              "connects to every unit. Pool before the head (GlobalAveragePooling or MaxPooling) "
                              "to shrink it.").format(shape=_shape_text(previous.call.inputs[0].shape), inputs=flat)
            else:
                why = ""
            culprits.append(Culprit(
                subject=row.name,
                bytes=held,
                share=held / peak,
                message=_("{label}: {params:,} parameters, {share} of the model; with {optimizer} that is {held} "
                          "before any activation.").format(label=label, params=row.params, share=_percent(share),
                                                           optimizer=estimate.optimizer, held=format_bytes(held))
                + why,
            ))
        previous = use

    return (culprits + by_category(estimate))[:limit]


def by_category(estimate: "Estimate") -> list["Culprit"]:
    """The categories of the breakdown that hold a quarter of the peak or more."""
    from ._estimate import Culprit

    culprits: list[Culprit] = []
    peak = max(estimate.peak_bytes, 1)
    for category, size in sorted(estimate.breakdown.items(), key=lambda kv: -kv[1]):
        if size < 0.25 * peak:
            break
        message = _("{what}: {size}, {share:.0f} % of the peak").format(
            what=_category_words(category, estimate.backend, estimate.peak_phase), size=format_bytes(size),
            share=size / peak * 100)
        if category == "activations":
            top = sorted(estimate.layers, key=lambda r: -r.activation_bytes)[:3]
            message += _("; they grow with the batch. Largest: {layers}").format(
                layers=", ".join(f"{r.name} ({format_bytes(r.activation_bytes)})" for r in top if r.activation_bytes))
        elif category == "temporaries":
            from ._estimate import phase_name

            message += _(" (the peak falls in the {phase})").format(phase=phase_name(estimate.peak_phase))
        elif category in ("weights", "gradients", "optimizer_state"):
            message += _("; it does not shrink with a smaller batch")
        # the sentence's full stop is the language's own ("." / "。")
        culprits.append(Culprit(subject=category, bytes=size, share=size / peak, message=message + _(".")))
    return culprits


def _shape_text(shape: tuple) -> str:
    return "×".join(str(d) for d in shape[1:])


def _percent(share: float) -> str:
    """Rounded down, so 99.9996 % reads 99.9 % and 100 % means all of it."""
    return f"{math.floor(share * 1000) / 10:.1f} %"
