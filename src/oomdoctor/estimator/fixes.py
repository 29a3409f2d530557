"""Fixes, whichever engine found them: the type, how one compares with the estimate before it, their order.

No rule of thumb: each engine's advice (``oomdoctor.keras.advice``, ``oomdoctor.pytorch.advice``) finds a fix
by running its estimator again on the changed configuration (another batch, precision, optimizer, XLA setting,
or a model rebuilt with pooling before its Dense head, a strided first convolution, separable convolutions,
checkpointed blocks); here they are judged and ranked the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n import _
from ..units import format_bytes

if TYPE_CHECKING:
    from .result import Estimate


@dataclass(frozen=True)
class Fix:
    name: str  # stable identifier: "smaller_batch", "mixed_precision", ...
    change: str  # what to do, in words
    peak_bytes: int  # the allocator's peak after the change
    saves_bytes: int  # what the device must hold, before the change less after it (see candidate)
    fits: bool | None
    max_batch_size: int | None
    helps: bool
    note: str = ""
    # after the change, the peak without the memory XLA's autotuning takes only when free (None: the same)
    required_peak_bytes: int | None = None

    @property
    def needed_peak_bytes(self) -> int:
        return self.peak_bytes if self.required_peak_bytes is None else self.required_peak_bytes

    def to_dict(self) -> dict:
        data = {"name": self.name, "change": self.change, "peak_bytes": self.peak_bytes,
                "saves_bytes": self.saves_bytes, "fits": self.fits, "max_batch_size": self.max_batch_size,
                "helps": self.helps, "note": self.note}
        if self.required_peak_bytes is not None:
            data["required_peak_bytes"] = self.required_peak_bytes
        return data


def candidate(name: str, change: str, before: "Estimate", after: "Estimate", note: str = "") -> Fix:
    """The ``Fix`` that turns ``before`` into ``after``: what it saves, whether it helps (more than 2 %),
    and, when it barely helps or makes things worse, a note that says why in the breakdown's words.

    Saved is what the device must hold (``needed_peak_bytes``): cuDNN scratch that XLA's autotuning takes
    only where it is free (4 GiB for a wide convolution) is no memory a smaller GPU needs, and a change
    that leaves it in the peak (pooling before a Dense head) saves as much as one that also shrinks it."""
    saves = before.needed_peak_bytes - after.needed_peak_bytes
    helps = saves > 0.02 * before.needed_peak_bytes
    if saves < -0.02 * before.needed_peak_bytes:
        note = _("makes it worse")
    elif not helps and not note:
        note = _why_it_barely_helps(before, after)
    return Fix(name, change, after.peak_bytes, saves, after.fits, after.max_batch_size, helps, note,
               after.required_peak_bytes)


def _why_it_barely_helps(before: "Estimate", after: "Estimate") -> str:
    """In the breakdown's words: what the change shrinks and what grows in its place, or where the peak is."""
    from .categories import category_label

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
        if fix.saves_bytes < -0.02 * before.needed_peak_bytes:
            notes.append(_("Not a fix: {change} would add {size} (peak {peak}).").format(
                change=fix.change, size=format_bytes(-fix.saves_bytes), peak=format_bytes(fix.needed_peak_bytes)))
        else:
            kept.append(fix)
    return kept, notes


def rank(fixes: list[Fix]) -> list[Fix]:
    """Fixes that make it fit first, then those that help, then by memory saved: both engines' order."""
    return sorted(fixes, key=lambda f: (not bool(f.fits), not f.helps, -f.saves_bytes))


def describe(fix: Fix) -> str:
    """One line for a fix: its change, the peak after it, what it saves or adds, and whether it then fits."""
    verdict = "" if fix.fits is None else (_(" → fits") if fix.fits else _(" → still does not fit"))
    effect = (_("saves {size}").format(size=format_bytes(fix.saves_bytes)) if fix.saves_bytes >= 0
              else _("adds {size}").format(size=format_bytes(-fix.saves_bytes)))
    if fix.required_peak_bytes is not None and fix.required_peak_bytes < fix.peak_bytes:
        return _("{change}: needs {required}, peak {peak} with XLA's optional autotuning scratch ({effect}){verdict}"
                 ).format(change=fix.change, required=format_bytes(fix.required_peak_bytes),
                          peak=format_bytes(fix.peak_bytes), effect=effect, verdict=verdict)
    return _("{change}: peak {peak} ({effect}){verdict}").format(
        change=fix.change, peak=format_bytes(fix.peak_bytes), effect=effect, verdict=verdict)
