"""Culprits and prescriptions for a PyTorch step, each prescription re-traced, never guessed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import OomdoctorError
from ..estimator.fixes import Fix, candidate, rank
from ..i18n import _
from ..units import format_bytes

if TYPE_CHECKING:
    from ..estimator.result import Culprit, Estimate
    from .job import TorchJob

# bytes of weight + gradient + optimizer state per trainable byte
_STATE_MULTIPLE = {"adamw": 4.0, "adam": 4.0, "sgd": 2.0, "momentum": 3.0, "rmsprop": 3.0, "adagrad": 3.0,
                   "adafactor": 2.1}


def culprits(estimate: "Estimate", job: "TorchJob", limit: int = 4) -> list["Culprit"]:
    """At most ``limit`` culprits of ``estimate``: the layers whose weights, with the optimizer's state,
    hold a large share of the peak, then the largest categories of the breakdown."""
    from ..estimator.culprits import by_category
    from ..estimator.result import Culprit

    found: list[Culprit] = []
    peak = max(estimate.peak_bytes, 1)
    total = max(estimate.params, 1)
    multiple = _STATE_MULTIPLE.get(job.optimizer, 4.0)
    for row in sorted(estimate.layers, key=lambda r: -r.params):
        held = int(row.weight_bytes * multiple)
        share = row.params / total
        if not row.params or held < 0.1 * peak or (share < 0.5 and held < 0.25 * peak):
            break  # rows are sorted by parameters: no later one holds more
        found.append(Culprit(subject=row.name, bytes=held, share=held / peak, message=_(
            "{label}: {params:,} parameters, {share:.0f} % of the model; with {optimizer} that is {held} before any "
            "activation.").format(label=f"{row.name} ({row.type})", params=row.params, share=share * 100,
                                  optimizer=job.optimizer, held=format_bytes(held))))
    return (found + by_category(estimate))[:limit]


def prescribe(before: "Estimate", job: "TorchJob") -> list[Fix]:
    """Autocast, another optimizer and a smaller batch, each re-traced; best first."""
    fixes: list[Fix] = []
    if job.precision == "float32":
        after = job.reestimate(precision="bf16_autocast")
        note = ""
        state = sum(after.breakdown[k] for k in ("weights", "gradients", "optimizer_state"))
        if after.peak_bytes and state > 0.5 * after.peak_bytes:
            note = _("autocast keeps weights, gradients and optimizer state in float32; they dominate this step")
        fixes.append(candidate("mixed_precision", _("torch.autocast('cuda', dtype=torch.bfloat16) around the "
                                                    "forward and loss (float16 needs a GradScaler)"),
                               before, after, note))
    for name, change in (("momentum", _("torch.optim.SGD(momentum=0.9): one state tensor per weight instead of "
                                        "two")),
                         ("sgd", _("plain torch.optim.SGD: no optimizer state"))):
        if job.optimizer in ("sgd",) or name == job.optimizer:
            continue
        after = job.reestimate(optimizer=name)
        fixes.append(candidate(f"optimizer_{name}", change, before, after))
    blocks = repeated_blocks(job.program.module)
    if blocks and not job.program.checkpointed:
        container, names = blocks
        try:
            after = job.reestimate(checkpointed=names)
        except OomdoctorError as exc:  # the model's blocks do not run under torch.utils.checkpoint
            before.notes.append(_("Activation checkpointing was not proposed: tracing it failed ({error}).").format(
                error=exc.problem))
        else:
            fixes.append(candidate("activation_checkpointing", _(
                "torch.utils.checkpoint.checkpoint(block, ..., use_reentrant=False) around each of the {count} "
                "blocks of {container}: their activations are recomputed in the backward pass instead of "
                "kept").format(
                count=len(names), container=container), before, after))
    if job.gpu is not None and before.fits is False and before.max_batch_size:
        batch = before.max_batch_size
        steps = -(-job.batch_size // batch)
        after = job.reestimate(batch_size=batch)
        fixes.append(candidate("smaller_batch", _("batch {batch} with {steps} gradient-accumulation steps "
                                                  "(same effective batch {effective})").format(
            batch=batch, steps=steps, effective=job.batch_size), before, after))
    return rank(fixes)


def repeated_blocks(module) -> tuple[str, tuple[str, ...]] | None:
    """The largest group of same-type blocks holding weights inside one ModuleList/Sequential (a transformer's
    layers, a ResNet stage): where activation checkpointing and FSDP's auto-wrap are applied in practice."""
    import torch

    best = None
    for name, child in module.named_modules():
        if not isinstance(child, (torch.nn.ModuleList, torch.nn.Sequential)):
            continue
        groups: dict[type, list[str]] = {}
        for key, sub in child.named_children():
            if any(True for _ in sub.parameters()):
                groups.setdefault(type(sub), []).append(f"{name}.{key}" if name else key)
        for members in groups.values():
            if len(members) >= 2 and (best is None or len(members) > len(best[1])):
                best = (name or type(module).__name__, tuple(members))
    return best
