"""The answer of every ``largest_batch`` (Keras, PyTorch Lightning, the Hugging Face Trainer): one type.

Each framework's integration finds the largest batch from its own estimate (a replay of the traced or
compiled step, no trial run on the GPU) and reports it as a ``LargestBatch``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .errors import OomdoctorError
from .i18n import _


@dataclass(frozen=True)
class LargestBatch:
    """What ``largest_batch`` found."""

    batch_size: int  # the largest batch whose step fits (0: not even batch 1)
    peak_bytes: int  # the allocator peak of the step at that batch (at batch 1 when it is 0)
    gpu: str  # the device it was sized for, as the estimate names it
    accumulation_steps: int | None  # steps of gradient accumulation reaching target_batch (None without one)
    reason: str | None  # why the batch is 0
    notes: tuple[str, ...] = ()  # what was read and what was assumed


def checked_target(target_batch) -> int | None:
    """``target_batch`` if it is None or a positive whole number; otherwise a one-line error."""
    if target_batch is not None and (isinstance(target_batch, bool) or not isinstance(target_batch, int)
                                     or target_batch < 1):
        raise OomdoctorError(_("target_batch must be a positive whole number, not {value!r}.").format(
            value=target_batch), _("Give the batch you want to train with, e.g. target_batch=256."))
    return target_batch


def accumulation_steps(target_batch: int | None, batch_size: int) -> int | None:
    """Steps of gradient accumulation at ``batch_size`` that reach ``target_batch`` (None: no target, or 0)."""
    return math.ceil(target_batch / batch_size) if target_batch and batch_size else None


def split_evenly(target_batch: int, largest: int) -> tuple[int, int]:
    """The batch and the accumulation steps that reach ``target_batch`` with batches of at most ``largest``,
    the target split evenly over the steps (a target of 100 under 30: 4 steps of 25, not 30 + 30 + 30 + 10)."""
    steps = math.ceil(target_batch / largest)
    return math.ceil(target_batch / steps), steps


__all__ = ["LargestBatch", "checked_target", "accumulation_steps", "split_evenly"]
