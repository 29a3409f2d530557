"""The peak at other batch sizes, each point from the engine's own job (``Job.point``), for the charts.

A step at another batch is the same trace extrapolated (no new trace), so a dozen
points cost milliseconds; only TensorFlow's CPU allocator with XLA compiles the
train step once per batch (``Job.compiles_each_batch``), and there the curve takes three points.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..gpus import GPU
    from .job import Job
    from .result import Estimate

_POINTS = 12
_COMPILED_POINTS = 3  # XLA:CPU compiles the whole train step for each batch: seconds per point


@dataclass(frozen=True)
class GpuLine:
    name: str
    total_bytes: int  # nvidia-smi's "Total"
    allocator_bytes: int  # the largest allocator peak that fits: total - CUDA context - pool slack

    def to_dict(self) -> dict:
        return {"name": self.name, "total_bytes": self.total_bytes, "allocator_bytes": self.allocator_bytes}


@dataclass(frozen=True)
class BatchCurve:
    points: list[tuple[int, int, int]]  # (batch, allocator peak, device total), batch ascending
    batch_size: int  # the estimate's own batch
    max_batch_size: int | None
    gpus: list[GpuLine] = field(default_factory=list)
    # Where the curve starts flat: the peak does not grow with the batch up to ``flat_until`` because it falls
    # in ``flat_phase`` (XLA's autotuning at compile time, the model build), which the batch does not size
    flat_until: int | None = None
    flat_phase: str | None = None

    def to_dict(self) -> dict:
        return {"points": [{"batch_size": b, "peak_bytes": p, "device_total_bytes": t} for b, p, t in self.points],
                "batch_size": self.batch_size, "max_batch_size": self.max_batch_size,
                "gpus": [g.to_dict() for g in self.gpus], "flat_until": self.flat_until,
                "flat_phase": self.flat_phase, "flat_words": self.flat_words()}

    def flat_words(self) -> str | None:
        """The flat start of the curve in words, or None."""
        if self.flat_until is None:
            return None
        from ..i18n import _
        from .categories import phase_name

        return _("Up to batch {batch} the peak stays the same: it falls in the {phase}, which does not grow with "
                 "the batch.").format(batch=self.flat_until, phase=phase_name(self.flat_phase or ""))


def flat_start(points: list[tuple[int, int, int]], phases: list[str]) -> tuple[int | None, str | None]:
    """The last batch of a flat start of at least two points (the same peak to the byte: a moment of the step
    that the batch does not size, not one where the batch's share is merely small), and its phase."""
    first = points[0][1]
    run = 0
    while run < len(points) and points[run][1] == first:
        run += 1
    if run < 2:
        return None, None
    return points[run - 1][0], phases[0]


def _batches(job: "Job", max_batch: int | None) -> list[int]:
    batch = job.batch_size
    if job.compiles_each_batch:
        return sorted({max(batch // 2, 1), batch, batch * 2})  # the estimate's own batch is already compiled
    top = max(2 * batch, 4)
    if max_batch:
        top = max(top, int(max_batch * 1.25) + 1)
    step = max(top // (_POINTS - 1), 1)
    chosen = {1, batch, top, *range(step, top, step)}
    if max_batch:
        chosen |= {max_batch, max_batch + 1}  # the curve visibly crosses the GPU's line there
    return sorted(chosen)


def batch_curve(estimate: "Estimate", gpus: "list[GPU] | None" = None) -> BatchCurve | None:
    """Peak and device total at a spread of batch sizes around the estimate's batch and largest batch."""
    job = estimate._job
    if job is None:
        return None
    chosen = list(gpus) if gpus is not None else ([estimate.gpu] if estimate.gpu is not None else [])
    points, phases = [], []
    for batch in _batches(job, estimate.max_batch_size):
        if batch == job.batch_size:  # the estimate itself: no second trace or compile
            peak, total, phase = estimate.peak_bytes, estimate.device_total_bytes, estimate.peak_phase
        else:
            peak, total, phase = job.point(batch)
        points.append((batch, peak, total))
        phases.append(phase)
    lines = [GpuLine(g.name, g.total_bytes, job.allocator_budget(g)) for g in chosen]
    return BatchCurve(points, job.batch_size, estimate.max_batch_size, lines, *flat_start(points, phases))
