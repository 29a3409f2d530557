"""What an estimate says, whichever engine made it: the ``Estimate``, its layer rows and culprits, the engines.

Both engines (``oomdoctor.keras.job`` and ``oomdoctor.pytorch.job``) return these types; renderers read their
``to_dict`` form.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..gpus import GPU, past_every_gpu
from ..i18n import _
from ..units import format_bytes


@dataclass(frozen=True)
class LayerRow:
    """One layer of the report's table: its output, parameters and the bytes it holds."""
    name: str
    type: str
    output_shape: tuple
    params: int
    weight_bytes: int
    activation_bytes: int
    approximated: bool

    def to_dict(self) -> dict:
        return {"name": self.name, "type": self.type, "output_shape": list(self.output_shape),
                "params": self.params, "weight_bytes": self.weight_bytes,
                "activation_bytes": self.activation_bytes, "approximated": self.approximated}



@dataclass(frozen=True)
class Culprit:
    """What holds a large share of the peak (a layer or a category), with one sentence that says so."""
    subject: str  # a layer path or a category name
    bytes: int
    share: float  # of the peak
    message: str

    def to_dict(self) -> dict:
        return {"subject": self.subject, "bytes": self.bytes, "share": round(self.share, 4), "message": self.message}



@dataclass
class Estimate:
    """The predicted memory of one training step. Every byte figure is labelled in ``to_dict``."""

    model_name: str
    backend: str
    precision: str
    optimizer: str
    batch_size: int
    jit_compile: bool
    device: str  # "gpu", or "cpu" for TensorFlow's CPU allocator
    peak_bytes: int  # the allocator peak (get_memory_info peak / peak_bytes_in_use / max_memory_allocated)
    breakdown: dict[str, int]  # sums to peak_bytes
    device_total_bytes: int  # rough nvidia-smi figure: peak + CUDA context + pool slack
    peak_phase: str
    safe_peak_bytes: int  # a scheduler's memory request: the peak plus what the modelled parts may miss
    uncertainty: dict  # which parts are exact, modelled, approximated, in words and lists
    params: int
    trainable_params: int
    layers: list[LayerRow]
    culprits: list[Culprit]
    approximated: list[str]
    notes: list[str]
    gpu: GPU | None = None
    fits: bool | None = None
    headroom_bytes: int | None = None
    max_batch_size: int | None = None
    max_batch_reason: str | None = None
    fixes: list = field(default_factory=list)
    # PyTorch only: max_memory_reserved, the caching allocator's segments (device_total_bytes adds the context)
    reserved_peak_bytes: int | None = None
    # The peak without what the framework takes only when the device has it free (XLA's autotuning offers
    # cuDNN scratch that way): what a device must hold; fits and max_batch_size are judged on it. None: all of it
    required_peak_bytes: int | None = None
    # Several devices (oomdoctor.estimator.parallel): every byte figure above is then ONE device's, batch_size is global
    strategy: str | None = None  # e.g. "zero2:8", "model_parallel:2x4"
    devices: int = 1
    per_device_batch_size: int | None = None
    device_search: dict | None = None  # the fewest devices of the GPU, and the strategy, for which the job fits
    # which of ENGINES answered, and why the table did when it did
    engine: str = "table"
    engine_reason: str | None = None
    _job: Any = field(default=None, repr=False)  # the Job (Keras) or TorchJob it came from

    @property
    def needed_peak_bytes(self) -> int:
        """What the device must hold: the required peak where the framework takes some memory only when free."""
        return self.peak_bytes if self.required_peak_bytes is None else self.required_peak_bytes

    def verdict_notes(self) -> list[str]:
        """What the verdict must add to fits / largest batch so that they tell one story: a step no catalogued
        GPU holds, and a fit without the safe margin. Kept in ``notes`` too, for JSON."""
        return [note for note in (past_every_gpu(self.device_total_bytes), self.safe_request_warning()) if note]

    def safe_request_warning(self) -> str | None:
        """Why "fits" and the safe request disagree, when they do: the step fits as estimated, but the peak
        plus what the modelled parts may miss, with the same overheads, is more than the card has."""
        if self.gpu is None or not self.fits:
            return None
        safe_total = self.device_total_bytes + (self.safe_peak_bytes - self.peak_bytes)
        if safe_total <= self.gpu.total_bytes:
            return None
        return _("It fits as estimated, with {headroom} to spare, but not with the safe margin: the modelled parts "
                 "may need {margin} more, which would make it {safe_total} on {capacity}. Leave room, or measure it "
                 "(oomdoctor measure) before a long run.").format(
            headroom=format_bytes(self.headroom_bytes), margin=format_bytes(self.safe_peak_bytes - self.peak_bytes),
            safe_total=format_bytes(safe_total), capacity=self.gpu.capacity_words())

    def _repr_html_(self) -> str:
        """Jupyter shows the HTML report's body: verdict, charts, layers, fixes."""
        from ..render.html import body
        from .batch_curve import batch_curve

        curve = batch_curve(self)
        return body(estimate=self.to_dict(), curve=curve.to_dict() if curve else None)

    def to_dict(self) -> dict:
        data = {
            "model": self.model_name,
            "backend": self.backend,
            "precision": self.precision,
            "optimizer": self.optimizer,
            "batch_size": self.batch_size,
            "jit_compile": self.jit_compile,
            "device": self.device,
            "peak_bytes": self.peak_bytes,
            "peak_bytes_meaning": "allocator peak of one training step (framework's peak bytes in use)",
            "device_total_bytes": self.device_total_bytes,
            "device_total_bytes_meaning": "rough nvidia-smi figure: peak + CUDA context + allocator pool slack",
            "breakdown": dict(self.breakdown),
            "peak_phase": self.peak_phase,
            "engine": self.engine,
            "engine_meaning": "what sized the step: a compiler's layout or a traced step, or the per-kind table",
            "engine_reason": self.engine_reason,
            "safe_peak_bytes": self.safe_peak_bytes,
            "safe_peak_bytes_meaning": "allocator peak to request from a scheduler: peak + what the modelled "
                                       "parts may miss",
            "uncertainty": dict(self.uncertainty),
            "params": self.params,
            "trainable_params": self.trainable_params,
            "layers": [row.to_dict() for row in self.layers],
            "culprits": [c.to_dict() for c in self.culprits],
            "approximated": list(self.approximated),
            "notes": list(self.notes),
        }
        if self.gpu is not None:
            data.update({
                "gpu": self.gpu.name,
                "gpu_total_bytes": self.gpu.total_bytes,
                "fits": self.fits,
                "headroom_bytes": self.headroom_bytes,
                "max_batch_size": self.max_batch_size,
                "max_batch_reason": self.max_batch_reason,
            })
        if self.strategy is not None:
            data.update({"strategy": self.strategy, "devices": self.devices,
                         "per_device_batch_size": self.per_device_batch_size,
                         "per_device_meaning": "with a strategy, every byte figure is one device's; batch_size is "
                                               "the global batch"})
        if self.device_search is not None:
            data["device_search"] = dict(self.device_search)
        if self.required_peak_bytes is not None:
            data["required_peak_bytes"] = self.required_peak_bytes
            data["required_peak_bytes_meaning"] = "allocator peak without what the framework takes only when free " \
                                                  "(cuDNN scratch while XLA autotunes): what the device must hold"
        if self.reserved_peak_bytes is not None:
            data["reserved_peak_bytes"] = self.reserved_peak_bytes
            data["reserved_peak_bytes_meaning"] = "caching allocator's reserved segments at their peak " \
                                                  "(torch.cuda.max_memory_reserved)"
        if self.fixes:
            data["fixes"] = [f.to_dict() for f in self.fixes]
        return data


# What answered an estimate (the JSON key "engine"): a compiler's layout or a traced step, or the per-kind table.
ENGINES = ("xla-gpu-compile", "xla-cpu-compile", "tensorflow-xla-cpu", "keras-torch-trace", "torch-trace", "table")
