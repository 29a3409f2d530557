"""Culprits and prescriptions for a Keras step, each prescription re-estimated, never guessed."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Callable

from ..estimator.culprits import by_category, percent, shape_text
from ..estimator.fixes import Fix, candidate, rank
from ..estimator.result import Culprit
from ..i18n import _
from ..units import format_bytes
from .backends import BackendName, Device, Precision
from .layers import Kind
from .optimizers import OptimizerPlan, spec_by_name

if TYPE_CHECKING:
    from ..estimator.result import Estimate
    from .job import Job
    from .layers import LayerUse


def _state_multiple(job: "Job") -> float:
    """Bytes of weight + gradient + optimizer state per trainable byte."""
    facts = job.facts()
    if not facts.trainable_bytes:
        return 2.0
    return 2.0 + facts.optimizer_state_bytes / facts.trainable_bytes


def culprits(estimate: "Estimate", job: "Job", limit: int = 4) -> list["Culprit"]:
    """At most ``limit`` culprits: the layers whose weights, gradients and optimizer state hold much of the peak
    (a Flatten before a Dense head named as such), then the categories that hold a quarter of it or more."""
    found: list[Culprit] = []
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
                              "to shrink it.").format(shape=shape_text(previous.call.inputs[0].shape), inputs=flat)
            else:
                why = ""
            found.append(Culprit(
                subject=row.name,
                bytes=held,
                share=held / peak,
                message=_("{label}: {params:,} parameters, {share} of the model; with {optimizer} that is {held} "
                          "before any activation.").format(label=label, params=row.params, share=percent(share),
                                                           optimizer=estimate.optimizer, held=format_bytes(held))
                + why,
            ))
        previous = use

    return (found + by_category(estimate))[:limit]


def _mixed_precision(before: "Estimate", job: "Job") -> Fix | None:
    if job.precision is not Precision.FLOAT32 or job.device is Device.CPU:
        # TensorFlow's CPU kernels compute float16 in float32 (the CPU ground truth's mixed_float16 peaks were
        # float32's to the byte); what bfloat16 does there was never measured: no saving is claimed either way
        return None

    # bfloat16 needs Ampere or newer; names from the catalog that predate it get float16.
    old = job.gpu is not None and any(t in job.gpu.name for t in ("T4", "P100", "V100", "2080"))
    precision = Precision.MIXED_FLOAT16 if old else Precision.MIXED_BFLOAT16
    after = job.reestimate(precision=precision, optimizer=replace(job.optimizer, loss_scaling=precision is Precision.MIXED_FLOAT16))
    note = ""
    state = sum(after.breakdown[k] for k in ("weights", "gradients", "optimizer_state"))
    if not after.fits and state > 0.5 * after.needed_peak_bytes:
        note = _("not enough: variables, gradients and optimizer slots stay float32 under a mixed policy, "
                 "and they dominate this model")
    return candidate("mixed_precision",
                      _("keras.mixed_precision.set_global_policy('{policy}') before building the model "
                        "(keep the last layer float32)").format(policy=precision.value), before, after, note)


def _optimizers(before: "Estimate", job: "Job") -> list[Fix]:

    fixes = []
    current = job.optimizer.spec.name
    for name, change in (("momentum", _("SGD with momentum (one slot per weight instead of two)")),
                         ("adafactor", _("Adafactor (factored second moments)")),
                         ("sgd", _("plain SGD (no optimizer state)"))):
        if name == current or (current == "sgd"):
            continue
        after = job.reestimate(optimizer=OptimizerPlan(spec_by_name(name), loss_scaling=job.optimizer.loss_scaling))
        fixes.append(candidate(f"optimizer_{name}", f"optimizer={change}", before, after))
    return fixes


def _smaller_batch(before: "Estimate", job: "Job") -> Fix | None:
    if before.max_batch_size is None or before.fits or before.max_batch_size < 1:
        return None

    batch = before.max_batch_size
    steps = math.ceil(job.batch_size / batch)
    after = job.reestimate(batch_size=batch)
    return candidate("smaller_batch",
                      _("batch_size={batch} with gradient accumulation over {steps} steps "
                        "(keras.optimizers.*(gradient_accumulation_steps={steps})) to keep the effective batch").format(
                          batch=batch, steps=steps),
                      before, after)


def _xla(before: "Estimate", job: "Job") -> Fix | None:
    if job.backend is not BackendName.TENSORFLOW:
        return None

    after = job.reestimate(jit_compile=not job.jit_compile)
    change = "model.compile(..., jit_compile=False)" if job.jit_compile else "model.compile(..., jit_compile=True)"
    return candidate("xla_off" if job.jit_compile else "xla_on", change, before, after)


def _rebuilt_estimate(job: "Job", layer_name: str | tuple[str, ...],
                      edit: Callable[[dict], None]) -> "Estimate | None":
    """Re-estimate the model rebuilt from its config with one layer's entry (or each named one's) edited in place."""
    import keras

    from .layers import classify
    from .trace import tensorflow_left_unloaded, trace_model

    if job.model is None:
        return None
    try:
        with tensorflow_left_unloaded():
            config = job.model.get_config()
        entries = config.get("layers", [])
        names = (layer_name,) if isinstance(layer_name, str) else layer_name
        targets = [e for e in entries if e.get("config", {}).get("name") in names]
        if len(targets) != len(names):
            return None
        for entry in entries:
            entry.pop("build_config", None)  # layers after the change rebuild on their new input shapes
        for target in targets:
            edit(target)
        with keras.StatelessScope(initialize_variables=False), tensorflow_left_unloaded():
            rebuilt = type(job.model).from_config(config)
        trace = trace_model(rebuilt)
    except Exception:  # a model we cannot rebuild from its config: no such fix offered
        return None
    return job.reestimate(trace=trace, uses=tuple(classify(trace.calls)), model=rebuilt)


def _pool_before_head(before: "Estimate", job: "Job") -> Fix | None:
    """Replace a Flatten that feeds a Dense head with global average pooling."""
    for prev, use in zip(job.uses, job.uses[1:]):
        if prev.call.type_name == "Flatten" and use.kind is Kind.DENSE and prev.call.inputs:
            rank = len(prev.call.inputs[0].shape) - 2
            if 1 <= rank <= 3:
                break
    else:
        return None
    name = prev.call.op.name

    def to_pooling(entry: dict) -> None:
        inner = entry["config"]
        entry.update(class_name=f"GlobalAveragePooling{rank}D", module="keras.layers", registered_name=None,
                     config={"name": name, "data_format": inner.get("data_format"), "dtype": inner.get("dtype"),
                             "trainable": inner.get("trainable", True)})

    after = _rebuilt_estimate(job, name, to_pooling)
    if after is None:
        return None
    return candidate("pool_before_dense",
                      _("replace {name} (Flatten) with GlobalAveragePooling{rank}D() so the Dense head sees "
                        "channels, not every pixel").format(name=name, rank=rank), before, after)


def _strided_first_conv(before: "Estimate", job: "Job") -> Fix | None:
    """Stride 2 in the first spatial convolution: every later feature map has a quarter of the pixels."""
    # what the step keeps, whichever moment holds the peak (XLA's autotuning can, before any activation)
    if sum(row.activation_bytes for row in before.layers) < 0.05 * before.peak_bytes:
        return None
    first = next((u for u in job.uses if u.kind is Kind.CONV and "Depthwise" not in u.call.type_name
                  and any(k > 1 for k in getattr(u.call.op, "kernel_size", (1,)))
                  and all(s == 1 for s in getattr(u.call.op, "strides", (1,)))), None)
    if first is None:
        return None
    rank = len(first.call.op.kernel_size)

    def stride_two(entry: dict) -> None:
        entry["config"]["strides"] = [2] * rank

    after = _rebuilt_estimate(job, first.call.op.name, stride_two)
    if after is None:
        return None
    very_first = next(u for u in job.uses if u.kind is Kind.CONV)
    which = (_("the first convolution {name}") if very_first is first else
             _("{name}, the first convolution with stride 1 and a kernel over 1,")).format(name=first.call.op.name)
    return candidate("strided_first_conv",
                      _("give {which} strides=2 (or pool right after it): later feature maps shrink {factor}x").format(
                          which=which, factor=2 ** rank), before, after)


def _separable_candidates(job: "Job") -> list["LayerUse"]:
    """Conv1D/Conv2D calls a separable convolution can replace: a kernel over 1 and more than one input channel."""
    found = []
    for use in job.uses:
        op = use.call.op
        if use.call.type_name not in ("Conv1D", "Conv2D") or getattr(op, "groups", 1) != 1 or not use.call.inputs:
            continue
        shape = use.call.inputs[0].shape
        channels = shape[1] if getattr(op, "data_format", "channels_last") == "channels_first" else shape[-1]
        if any(k > 1 for k in op.kernel_size) and (channels or 0) > 1:
            found.append(use)
    return found


def _to_separable(entry: dict) -> None:
    inner = entry["config"]
    # what shapes the output and the weights; the initializers and regularizers change no byte
    kept = ("name", "trainable", "dtype", "filters", "kernel_size", "strides", "padding", "data_format",
            "dilation_rate", "activation", "use_bias")
    entry.update(class_name=f"SeparableConv{len(inner['kernel_size'])}D", module="keras.layers",
                 registered_name=None, config={key: inner[key] for key in kept if key in inner})


def _separable_conv(before: "Estimate", job: "Job") -> Fix | None:
    """SeparableConv for the convolution with the most weights and the one with the largest activations.

    A separable convolution has k*k*C_in + C_in*C_out weights instead of k*k*C_in*C_out, but keeps one more
    feature map (the depthwise output) for the backward pass: which of the two wins is left to the estimator,
    trying each layer alone and both together, and the lowest peak is offered.
    """
    eligible = {id(use) for use in _separable_candidates(job)}
    candidates = {use.call.op.name: row for use, row in zip(job.uses, before.layers) if id(use) in eligible}
    if not candidates:
        return None
    heaviest = max(candidates, key=lambda name: candidates[name].params)
    widest = max(candidates, key=lambda name: candidates[name].activation_bytes)
    choices = [(heaviest,)] if heaviest == widest else [(heaviest,), (widest,), (heaviest, widest)]
    best = None
    for names in choices:
        after = _rebuilt_estimate(job, names, _to_separable)
        if after is not None and (best is None or after.needed_peak_bytes < best[1].needed_peak_bytes):
            best = (names, after)
    if best is None:
        return None
    names, after = best
    separable = "/".join(sorted({f"Separable{candidates[name].type}" for name in names}))
    return candidate("separable_conv",
                      _("replace {layers} with {separable} (same filters, kernel_size, strides, padding, activation): "
                        "{before} → {after} parameters in the model").format(
                          layers=", ".join(names), separable=separable, before=f"{before.params:,}",
                          after=f"{after.params:,}"), before, after)


def _remat(before: "Estimate", job: "Job") -> Fix | None:
    if job.remat or before.breakdown["activations"] < 0.2 * before.peak_bytes:
        return None

    after = job.reestimate(remat=True)
    return candidate("rematerialization",
                      _("build the model inside `with keras.RematScope(mode='full'):` so each layer recomputes its "
                        "activations in the backward pass (slower steps)"), before, after,
                      _("approximate: rematerialization is modelled, not yet measured"))


_PRESCRIBERS: list[Callable[["Estimate", "Job"], "Fix | list[Fix] | None"]] = [
    _pool_before_head, _strided_first_conv, _separable_conv, _smaller_batch, _mixed_precision, _remat, _optimizers,
    _xla,
]


def prescribe(before: "Estimate", job: "Job") -> list[Fix]:
    """Ranked: fixes that make it fit first, then by memory saved."""
    found: list[Fix] = []
    for prescriber in _PRESCRIBERS:
        result = prescriber(before, job)
        if result is None:
            continue
        found.extend(result if isinstance(result, list) else [result])
    return rank(found)
