"""Prescriptions: changes that would make the job fit, each measured by re-estimating it.

No rule of thumb: every figure here comes from running the estimator again on
the changed configuration (another batch, precision, optimizer, XLA setting,
or a model rebuilt with pooling before its Dense head, a strided first
convolution, or separable convolutions).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable

from ._layers import Kind
from .backends import BackendName, Device, Precision
from .i18n import _
from .optimizers import OptimizerPlan, spec_by_name
from .units import format_bytes

if TYPE_CHECKING:
    from ._estimate import Estimate, Job
    from ._layers import LayerUse


@dataclass(frozen=True)
class Fix:
    name: str  # stable identifier: "smaller_batch", "mixed_precision", ...
    change: str  # what to do, in words
    peak_bytes: int
    saves_bytes: int
    fits: bool | None
    max_batch_size: int | None
    helps: bool
    note: str = ""

    def to_dict(self) -> dict:
        return {"name": self.name, "change": self.change, "peak_bytes": self.peak_bytes,
                "saves_bytes": self.saves_bytes, "fits": self.fits, "max_batch_size": self.max_batch_size,
                "helps": self.helps, "note": self.note}


def candidate(name: str, change: str, before: "Estimate", after: "Estimate", note: str = "") -> Fix:
    saves = before.peak_bytes - after.peak_bytes
    helps = saves > 0.02 * before.peak_bytes
    if saves < -0.02 * before.peak_bytes:
        note = _("makes it worse")
    elif not helps and not note:
        note = _why_it_barely_helps(before, after)
    return Fix(name, change, after.peak_bytes, saves, after.fits, after.max_batch_size, helps, note)


def _why_it_barely_helps(before: "Estimate", after: "Estimate") -> str:
    """In the breakdown's words: what the change shrinks and what grows in its place, or where the peak is."""
    from .backends import category_label

    significant = 0.02 * before.peak_bytes
    deltas = {c: after.breakdown.get(c, 0) - before.breakdown.get(c, 0) for c in before.breakdown}
    fell = min(deltas, key=deltas.get)
    rose = max(deltas, key=deltas.get)
    if deltas[fell] < -significant and deltas[rose] > significant:
        return _("barely changes the peak: at the peak, {fell} {fell_by} smaller but {rose} {rose_by} "
                 "larger").format(fell=category_label(fell), fell_by=format_bytes(-deltas[fell]),
                                rose=category_label(rose), rose_by=format_bytes(deltas[rose]))
    largest = max(before.breakdown, key=before.breakdown.get)
    return _("barely changes the peak: it touches little of it ({share:.0%} of the peak is {largest})").format(
        largest=category_label(largest), share=before.breakdown[largest] / max(before.peak_bytes, 1))


def worse_than_before(fixes: list[Fix], before: "Estimate") -> tuple[list[Fix], list[str]]:
    """The fixes that do not add memory, and a note for each change that does (it is not a fix)."""
    kept, notes = [], []
    for fix in fixes:
        if fix.saves_bytes < -0.02 * before.peak_bytes:
            notes.append(_("Not a fix: {change} would add {size} (peak {peak}).").format(
                change=fix.change, size=format_bytes(-fix.saves_bytes), peak=format_bytes(fix.peak_bytes)))
        else:
            kept.append(fix)
    return kept, notes


def _mixed_precision(before: "Estimate", job: "Job") -> Fix | None:
    if job.precision is not Precision.FLOAT32 or job.device is Device.CPU:
        # TensorFlow's CPU kernels compute float16 in float32 (the CPU ground truth's mixed_float16 peaks were
        # float32's to the byte); what bfloat16 does there was never measured: no saving is claimed either way
        return None
    from ._estimate import reestimate

    # bfloat16 needs Ampere or newer; names from the catalog that predate it get float16.
    old = job.gpu is not None and any(t in job.gpu.name for t in ("T4", "P100", "V100", "2080"))
    precision = Precision.MIXED_FLOAT16 if old else Precision.MIXED_BFLOAT16
    after = reestimate(job, precision=precision, optimizer=replace(job.optimizer, loss_scaling=precision is Precision.MIXED_FLOAT16))
    note = ""
    state = sum(after.breakdown[k] for k in ("weights", "gradients", "optimizer_state"))
    if not after.fits and state > 0.5 * after.peak_bytes:
        note = _("not enough: variables, gradients and optimizer slots stay float32 under a mixed policy, "
                 "and they dominate this model")
    return candidate("mixed_precision",
                      _("keras.mixed_precision.set_global_policy('{policy}') before building the model "
                        "(keep the last layer float32)").format(policy=precision.value), before, after, note)


def _optimizers(before: "Estimate", job: "Job") -> list[Fix]:
    from ._estimate import reestimate

    fixes = []
    current = job.optimizer.spec.name
    for name, change in (("momentum", _("SGD with momentum (one slot per weight instead of two)")),
                         ("adafactor", _("Adafactor (factored second moments)")),
                         ("sgd", _("plain SGD (no optimizer state)"))):
        if name == current or (current == "sgd"):
            continue
        after = reestimate(job, optimizer=OptimizerPlan(spec_by_name(name), loss_scaling=job.optimizer.loss_scaling))
        fixes.append(candidate(f"optimizer_{name}", f"optimizer={change}", before, after))
    return fixes


def _smaller_batch(before: "Estimate", job: "Job") -> Fix | None:
    if before.max_batch_size is None or before.fits or before.max_batch_size < 1:
        return None
    from ._estimate import reestimate

    batch = before.max_batch_size
    steps = math.ceil(job.batch_size / batch)
    after = reestimate(job, batch_size=batch)
    return candidate("smaller_batch",
                      _("batch_size={batch} with gradient accumulation over {steps} steps "
                        "(keras.optimizers.*(gradient_accumulation_steps={steps})) to keep the effective batch").format(
                          batch=batch, steps=steps),
                      before, after)


def _xla(before: "Estimate", job: "Job") -> Fix | None:
    if job.backend is not BackendName.TENSORFLOW:
        return None
    from ._estimate import reestimate

    after = reestimate(job, jit_compile=not job.jit_compile)
    change = "model.compile(..., jit_compile=False)" if job.jit_compile else "model.compile(..., jit_compile=True)"
    return candidate("xla_off" if job.jit_compile else "xla_on", change, before, after)


def _rebuilt_estimate(job: "Job", layer_name: str | tuple[str, ...],
                      edit: Callable[[dict], None]) -> "Estimate | None":
    """Re-estimate the model rebuilt from its config with one layer's entry (or each named one's) edited in place."""
    import keras

    from ._estimate import reestimate
    from ._layers import classify
    from ._trace import tensorflow_left_unloaded, trace_model

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
    return reestimate(job, trace=trace, uses=tuple(classify(trace.calls)), model=rebuilt)


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
        if after is not None and (best is None or after.peak_bytes < best[1].peak_bytes):
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
    from ._estimate import reestimate

    after = reestimate(job, remat=True)
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
    return sorted(found, key=lambda f: (not bool(f.fits), not f.helps, -f.saves_bytes))


def describe(fix: Fix) -> str:
    verdict = "" if fix.fits is None else (_(" → fits") if fix.fits else _(" → still does not fit"))
    effect = (_("saves {size}").format(size=format_bytes(fix.saves_bytes)) if fix.saves_bytes >= 0
              else _("adds {size}").format(size=format_bytes(-fix.saves_bytes)))
    return _("{change}: peak {peak} ({effect}){verdict}").format(
        change=fix.change, peak=format_bytes(fix.peak_bytes), effect=effect, verdict=verdict)
