"""``MemoryMonitor``: a Keras callback that records the allocator's peak in ``logs``.

    from oomdoctor.keras import MemoryMonitor
    model.fit(x, y, callbacks=[MemoryMonitor(batch_size=32)])

Each epoch's peak goes into ``logs["peak_memory_bytes"]`` (and each batch's with
``per_batch=True``), so ``History``, ``CSVLogger`` and TensorBoard record it.
At the start of training it prints the predicted peak next to what the device
has, and it warns once when the peak passes ``warn_fraction`` of the device.
On a CPU-only machine it records TensorFlow's CPU allocator (complete with
``TF_CPU_ALLOCATOR_USE_BFC=true``); JAX and PyTorch keep no CPU statistics.

``largest_batch``: the largest batch whose training step fits a GPU, from the
estimate alone (no trial step runs), and the gradient-accumulation steps that
reach a larger batch:

    from oomdoctor.keras import largest_batch
    found = largest_batch(model, gpu="A100-40GB", target_batch=512)
    model.fit(x, y, batch_size=found.batch_size)   # accumulate found.accumulation_steps
"""

from __future__ import annotations

import warnings

import keras

from ..batch_size import LargestBatch, accumulation_steps, checked_target
from ..errors import OomdoctorError
from ..gpus import resolve_auto
from ..i18n import _
from ..units import format_bytes

PEAK_KEY = "peak_memory_bytes"


class _Reader:
    """Peak / reset / capacity of the active backend's allocator."""

    def __init__(self) -> None:
        self.backend = keras.backend.backend()
        self.device = "CPU:0"
        self.capacity: int | None = None
        if self.backend == "tensorflow":
            import tensorflow as tf

            self.tf = tf
            if tf.config.list_logical_devices("GPU"):
                self.device = "GPU:0"
        elif self.backend == "jax":
            import jax

            self.jax_device = jax.devices()[0]
            stats = self.jax_device.memory_stats() or {}
            if stats:
                self.device = "GPU:0"
                self.capacity = stats.get("bytes_limit")
        elif self.backend == "torch":
            import torch

            self.torch = torch
            if torch.cuda.is_available():
                self.device = "GPU:0"
                self.capacity = torch.cuda.get_device_properties(0).total_memory
        if self.capacity is None and self.device == "GPU:0":
            from ..gpus import gpu_total_bytes

            self.capacity = gpu_total_bytes()

    def peak(self) -> int | None:
        if self.backend == "tensorflow":
            return int(self.tf.config.experimental.get_memory_info(self.device)["peak"])
        if self.backend == "jax":
            stats = self.jax_device.memory_stats()
            return stats.get("peak_bytes_in_use") if stats else None
        if self.backend == "torch" and self.device == "GPU:0":
            return int(self.torch.cuda.max_memory_allocated())
        return None

    def reset(self) -> None:
        if self.backend == "tensorflow":
            self.tf.config.experimental.reset_memory_stats(self.device)
        elif self.backend == "torch" and self.device == "GPU:0":
            self.torch.cuda.reset_peak_memory_stats()
        # JAX keeps one running peak per process: epochs then report the peak so far


class MemoryMonitor(keras.callbacks.Callback):
    """Records the allocator's peak in ``logs["peak_memory_bytes"]`` each epoch (each batch with ``per_batch``),
    prints the predicted peak at the start when given ``batch_size``, and warns once above ``warn_fraction``."""

    def __init__(self, per_batch: bool = False, warn_fraction: float = 0.9, batch_size: int | None = None,
                 verbose: int = 1) -> None:
        super().__init__()
        self.per_batch = per_batch
        self.warn_fraction = warn_fraction
        self.batch_size = batch_size
        self.verbose = verbose
        self.predicted_peak_bytes: int | None = None
        self._reader: _Reader | None = None
        self._warned = False

    def on_train_begin(self, logs=None):
        """Open the backend's allocator statistics, print the predicted peak beside the device's memory, and reset
        the peak."""
        self._reader = _Reader()
        if self.batch_size:
            try:
                from .job import estimate

                device = "cpu" if self._reader.device == "CPU:0" else "gpu"
                backend = self._reader.backend
                if device == "cpu" and backend != "tensorflow":
                    device, backend = "gpu", backend  # no CPU statistics to compare with; show the GPU figure
                self.predicted_peak_bytes = estimate(self.model, self.batch_size, backend=backend,
                                                     device=device).peak_bytes
            except Exception as exc:  # the prediction is a courtesy; training goes on
                self.predicted_peak_bytes = None
                if self.verbose:
                    print(f"oomdoctor: no prediction ({type(exc).__name__}: {str(exc)[:120]})")
        if self.verbose:
            reader = self._reader
            predicted = format_bytes(self.predicted_peak_bytes) if self.predicted_peak_bytes else "not estimated"
            if reader.device == "CPU:0" and reader.backend != "tensorflow":
                print(f"oomdoctor: {reader.backend} keeps no allocator statistics on the CPU, so no peak will be "
                      f"recorded; predicted GPU peak {predicted}")
            else:
                have = format_bytes(reader.capacity) if reader.capacity else "no fixed limit"
                print(f"oomdoctor: predicted peak {predicted} (allocator peak); {reader.device} has {have} "
                      f"({reader.backend} allocator)")
        self._reader.reset()

    def on_epoch_begin(self, epoch, logs=None):
        """Reset the allocator's peak so the epoch records its own (JAX's cannot be reset)."""
        if self._reader is not None:
            self._reader.reset()

    def _record(self, logs) -> None:
        peak = self._reader.peak() if self._reader is not None else None
        if peak is None or logs is None:
            return
        logs[PEAK_KEY] = peak
        capacity = self._reader.capacity
        if capacity and not self._warned and peak > self.warn_fraction * capacity:
            self._warned = True
            warnings.warn(f"oomdoctor: peak memory {format_bytes(peak)} is above {self.warn_fraction:.0%} of "
                          f"the device's {format_bytes(capacity)}", stacklevel=2)

    def on_train_batch_end(self, batch, logs=None):
        """With ``per_batch``, write the peak so far into the batch's ``logs``."""
        if self.per_batch:
            self._record(logs)

    def on_epoch_end(self, epoch, logs=None):
        """Write the epoch's peak into ``logs``; warn once when it passes ``warn_fraction`` of the device."""
        self._record(logs)


def largest_batch(model, gpu="auto", target_batch: int | None = None, optimizer=None, precision: str | None = None,
                  backend: str | None = None) -> LargestBatch:
    """The largest batch whose training step of ``model`` fits ``gpu``, estimated without running a step.

    ``gpu``: a catalog name ("T4"), a size ("12GiB" or bytes), or "auto": this machine's first GPU, its memory
    less what other processes hold (NVML through nvidia-smi). ``target_batch``: the batch you want; the answer
    then says how many steps of gradient accumulation reach it. ``optimizer``, ``precision`` and ``backend``
    are as in ``oomdoctor.estimate`` (default: the model's own, and your Keras backend).
    """
    from .job import estimate

    gpu = resolve_auto(gpu)
    target_batch = checked_target(target_batch)
    found = estimate(model, target_batch or 1, optimizer=optimizer, precision=precision, backend=backend, gpu=gpu)
    best = found.max_batch_size or 0
    steps = accumulation_steps(target_batch, best)
    # on that card, what the step takes: the cuDNN scratch that does not fit is not taken (required_bytes)
    peak = found._job.step(best or 1).required_bytes
    return LargestBatch(best, peak, found.gpu.name, steps, found.max_batch_reason)


class StepWillNotFit(OomdoctorError):
    """Raised by ``MemoryGuard`` before the first step of a training run whose step will not fit the GPU."""


class MemoryGuard(keras.callbacks.Callback):
    """Estimates the step ``fit()`` is about to run and stops training before its first step if it will not fit.

        model.fit(x, y, batch_size=64, callbacks=[MemoryGuard(batch_size=64)])

    ``gpu`` is as in ``largest_batch`` ("auto": this machine's first GPU, less what other processes hold).
    ``on_fail="raise"`` raises ``StepWillNotFit`` (one message: the peak, what the device has, the best fix);
    ``"warn"`` warns and lets training go on. The estimate is at the model's own optimizer and dtype policy.
    """

    def __init__(self, batch_size: int, gpu="auto", on_fail: str = "raise") -> None:
        super().__init__()
        if on_fail not in ("raise", "warn"):
            raise OomdoctorError(_("on_fail must be 'raise' or 'warn', not {value!r}.").format(value=on_fail),
                                 _("MemoryGuard(batch_size, on_fail='warn') only warns."))
        self.batch_size = batch_size
        self.gpu = gpu
        self.on_fail = on_fail
        self.estimate = None  # the oomdoctor.Estimate it made, for a look afterwards

    def on_train_begin(self, logs=None):
        """Estimate the step at ``batch_size`` on ``gpu``; when it will not fit, raise ``StepWillNotFit`` (or warn)
        with the best fix."""
        from .job import estimate

        self.estimate = found = estimate(self.model, self.batch_size, gpu=resolve_auto(self.gpu))
        if found.fits is not False:
            return
        needed = found.required_peak_bytes or found.peak_bytes
        best = next((fix for fix in found.fixes if fix.fits), None) or next(
            (fix for fix in found.fixes if fix.helps), None)
        message = _("oomdoctor: this training step will not fit: at batch {batch} it needs about {need} on the "
                    "device ({peak} allocator peak), more than {capacity}.").format(
            batch=self.batch_size, need=format_bytes(found._job.device_total(needed)), peak=format_bytes(needed),
            capacity=found.gpu.capacity_words())
        if best is not None:
            message += " " + _("Best fix: {change} (peak {peak}).").format(change=best.change,
                                                                          peak=format_bytes(best.peak_bytes))
        elif found.max_batch_size:
            message += " " + _("The largest batch that fits is {batch}.").format(batch=found.max_batch_size)
        if self.on_fail == "warn":
            warnings.warn(message, stacklevel=2)
            return
        raise StepWillNotFit(message)
