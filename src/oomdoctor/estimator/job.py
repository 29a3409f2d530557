"""What the engine-neutral steps (the batch curve, fixes, culprits by category) ask of an engine's job.

Keras's ``oomdoctor.keras.job.Job`` and PyTorch's ``oomdoctor.pytorch.job.TorchJob`` both answer these; nothing
in ``oomdoctor.estimator`` imports either engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..gpus import GPU
    from .result import Estimate


class Job(Protocol):
    """One training step of one model, ready to be sized at any batch."""

    batch_size: int
    gpu: "GPU | None"

    @property
    def compiles_each_batch(self) -> bool:
        """Whether another batch size costs a compile of the whole step (seconds), not a replay (milliseconds)."""

    def point(self, batch_size: int) -> tuple[int, int, str]:
        """``(allocator peak, device total, peak phase)`` of the step at ``batch_size``."""

    def allocator_budget(self, gpu: "GPU") -> int:
        """The allocator peak at which the device total reaches ``gpu``'s total memory."""

    def reestimate(self, **changes) -> "Estimate":
        """The estimate of this job with ``changes`` (``batch_size``, ``precision``, ``optimizer``...)."""
