"""Measure the real thing: run training steps in a fresh process and read the allocator.

Each run is a subprocess (``_measure_worker.py``) so the backend can be chosen
before Keras loads, the peak belongs to this job alone, and an out-of-memory
error cannot take the caller down or leave GPU memory held: the process exits.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from typing import Any

from .. import arguments, child
from ..errors import FRAMEWORKS, OomdoctorError, require_framework
from ..gpus import gpu_total_bytes
from ..i18n import _
from ..keras.loading import TRACE_BACKEND_ENV
from ..units import format_bytes


def preallocation_advice(backend: str) -> str:
    """What to set so that nvidia-smi shows what ``backend`` uses instead of what it reserved at start."""
    return {
        "tensorflow": _("TensorFlow reserves nearly all free GPU memory when it starts, so nvidia-smi shows far "
                        "more than the job uses. Turn on memory growth: "
                        "tf.config.experimental.set_memory_growth(gpu, True) for each GPU, or "
                        "TF_FORCE_GPU_ALLOW_GROWTH=true, or oomdoctor.configure_gpu_memory()."),
        "jax": _("JAX reserves 75 % of the GPU when it starts, so nvidia-smi shows far more than the job uses. Set "
                 "XLA_PYTHON_CLIENT_PREALLOCATE=false (or XLA_PYTHON_CLIENT_MEM_FRACTION=0.5) before importing "
                 "JAX, or call oomdoctor.configure_gpu_memory() first."),
        "torch": _("PyTorch's caching allocator keeps freed blocks reserved for reuse: nvidia-smi shows the reserved "
                   "pool. torch.cuda.empty_cache() returns unused blocks; "
                   "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True reduces fragmentation."),
    }[backend]


@dataclass
class Measurement:
    backend: str
    device: str
    batch_size: int
    steps: int
    steps_done: int
    peak_bytes: int | None  # measured allocator peak
    in_use_bytes: int | None
    reserved_bytes: int | None
    nvml_process_bytes: int | None
    step_seconds: float | None
    oom: bool
    oom_message: str | None
    preallocates: bool
    jit_compile: bool | None
    estimate_peak_bytes: int | None = None
    notes: list[str] = field(default_factory=list)
    # Under a strategy: each GPU's allocator peak (peak_bytes is then the largest), beside the per-device estimate
    strategy: str | None = None
    device_peaks_bytes: list[int] | None = None
    estimate: Any = field(default=None, repr=False)  # the Estimate beside it, for the HTML report; not in to_dict

    @property
    def relative_error(self) -> float | None:
        """(estimate - measured) / measured for the allocator peak; None without both figures."""
        if not self.peak_bytes or self.estimate_peak_bytes is None:
            return None
        return (self.estimate_peak_bytes - self.peak_bytes) / self.peak_bytes

    def to_dict(self) -> dict:
        return {
            "backend": self.backend,
            "device": self.device,
            "batch_size": self.batch_size,
            "steps": self.steps,
            "steps_done": self.steps_done,
            "peak_bytes": self.peak_bytes,
            "peak_bytes_meaning": ("measured allocator peak" + (" of the last step (CPU)" if self.device == "CPU:0"
                                                                 else " over model build and all steps")),
            "estimate_peak_bytes": self.estimate_peak_bytes,
            "relative_error": None if self.relative_error is None else round(self.relative_error, 4),
            "in_use_bytes": self.in_use_bytes,
            "reserved_bytes": self.reserved_bytes,
            "nvml_process_bytes": self.nvml_process_bytes,
            "step_seconds": self.step_seconds,
            "oom": self.oom,
            "oom_message": self.oom_message,
            "preallocates": self.preallocates,
            "jit_compile": self.jit_compile,
            "notes": list(self.notes),
            **({"strategy": self.strategy, "device_peaks_bytes": self.device_peaks_bytes,
                "device_peaks_bytes_meaning": "each GPU's allocator peak; peak_bytes is the largest, and the "
                                              "estimate is one device's"} if self.strategy else {}),
        }


def run_worker(config: dict, backend: str, timeout: float = 3600) -> dict:
    """The measuring worker's reply; its host memory is limited to what this machine has free, so a step
    that cannot fit ends with a message instead of the kernel's out-of-memory killer."""
    env = {"KERAS_BACKEND": backend, "TF_CPP_MIN_LOG_LEVEL": "3",
           # count every allocation on TensorFlow's CPU allocator (the default skips small ones)
           "TF_CPU_ALLOCATOR_USE_BFC": "true", TRACE_BACKEND_ENV: None}
    limit = host_memory_limit()
    try:
        proc = child.run_child("oomdoctor.measure.worker", config, env=env, timeout_s=timeout,
                                  memory_limit_bytes=limit)
    except subprocess.TimeoutExpired:
        raise OomdoctorError(_("The measurement did not finish within {timeout:.0f} s.").format(timeout=timeout),
                             _("Use fewer --steps or a smaller --batch-size.")) from None
    except child.MemoryLimitExceeded as exc:
        raise OomdoctorError(_("The measuring process used {used} of host memory, more than the {limit} this "
                               "machine had free, and was stopped.").format(used=format_bytes(exc.rss_bytes),
                                                                            limit=format_bytes(exc.limit_bytes)),
                             _("Measure a smaller --batch-size; `oomdoctor estimate` predicts the full one "
                               "without running it.")) from None
    if proc.reply is not None:
        return proc.reply
    raise OomdoctorError(_("The measuring process died (exit code {code}): {output}").format(
        code=proc.returncode, output=proc.last_error_line()[:300]),
        _("Run with --debug, or try a smaller --batch-size."))


def host_memory_limit() -> int | None:
    """90 % of the memory this machine has free now (MemAvailable), or None where /proc/meminfo is missing."""
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024 * 9 // 10
    except OSError:
        pass
    return None


def _measured_strategy(strategy, backend: str | None):
    """The strategy a measurement can run here, and its backend; None when there is none."""
    from dataclasses import replace

    from ..estimator.parallel import StrategyKind
    from ..keras.job import backend_for_strategy, keras_strategy

    if strategy is None:
        return None, backend
    value = keras_strategy(strategy)
    if backend == "torch":
        raise OomdoctorError(_("Keras's torch backend trains in one process on one GPU: {strategy} is not measured "
                               "on torch.").format(strategy=value.describe()),
                             _("Measure it with --backend jax (data_parallel, model_parallel) or tensorflow "
                               "(mirrored)."))
    if value.kind is StrategyKind.MULTI_WORKER:
        raise OomdoctorError(_("MultiWorkerMirroredStrategy needs one process per worker and a cluster: measuring it "
                               "is out of scope."),
                             _("Measure one machine's GPUs with mirrored:N and compare with the estimate."))
    # a LayoutMap object cannot travel to the worker: it shards with the default layout, and so does the estimate
    return replace(value, layout_map=None), backend_for_strategy(value, backend).value


def measure(model_spec: str, batch_size: int, steps: int = 3, backend: str | None = None,
            precision: str | None = None, optimizer: str | None = None, input_shape: tuple | None = None,
            estimate: bool = True, strategy=None) -> Measurement:
    """Run ``steps`` real training steps of the model named by ``model_spec`` and measure them.

    ``strategy`` (text or ``oomdoctor.estimator.parallel.Strategy``): train on this machine's GPUs under
    tf.distribute.MirroredStrategy (tensorflow) or keras.distribution DataParallel / ModelParallel with
    the default layout (jax), and report each GPU's peak next to the per-device estimate.
    """
    from ..keras.job import configured_backend

    arguments.batch_size(batch_size, "--batch-size")
    if isinstance(steps, bool) or not isinstance(steps, int) or not 1 <= steps <= 10_000:
        raise OomdoctorError(_("--steps must be a whole number from 1 to 10,000, not {steps!r}.").format(
            steps=steps), _("Give --steps 3, for example."))
    from ..pytorch.loading import is_torch_file

    if is_torch_file(model_spec):
        return _measure_pytorch(model_spec, batch_size, steps, precision, optimizer, input_shape, estimate, strategy)
    strategy, backend = _measured_strategy(strategy, backend)
    backend = backend or configured_backend().value
    if backend not in FRAMEWORKS:
        raise OomdoctorError(_("Unknown backend {name!r}.").format(name=backend), _("Use tensorflow, jax or torch."))
    require_framework(backend)
    before = None
    if estimate and strategy is None and gpu_total_bytes() is None:
        # No GPU: the step runs in host memory. Estimated first, it is refused if it cannot fit, rather than
        # run until the kernel kills it (TensorFlow's estimate is then the CPU allocator's own).
        before = _estimate_for(model_spec, batch_size, backend, "cpu" if backend == "tensorflow" else "gpu",
                               None, precision, optimizer, input_shape)
        _refuse_past_host_memory(before)
    config = {"model": model_spec, "batch_size": batch_size, "steps": steps, "precision": precision,
              "optimizer": optimizer, "input_shape": list(input_shape) if input_shape else None}
    if strategy is not None:
        config["strategy"] = {"kind": strategy.kind.value, "devices": strategy.devices,
                              "model_shards": strategy.model_shards}
    raw = run_worker(config, backend)
    if raw.get("too_few_gpus"):
        have = raw["too_few_gpus"]["have"]
        raise OomdoctorError(
            _("{strategy} needs {need} GPUs; this machine has {have}.").format(
                strategy=strategy.describe(), need=strategy.devices, have=have),
            _("Measure on a machine with {need} GPUs, or with a strategy over the {have} here.").format(
                need=strategy.devices, have=have) if have else
            _("Measure on a machine with {need} GPUs.").format(need=strategy.devices))
    if raw.get("error"):
        raise OomdoctorError(_("The training step failed while {error}").format(error=raw["error"]),
                             _("Check that the model trains as written (--debug shows the worker's traceback)."))
    _refuse_no_step(raw)
    result = Measurement(
        backend=backend, device=raw["device"], batch_size=batch_size, steps=steps, steps_done=raw["steps_done"],
        peak_bytes=raw.get("peak_bytes"), in_use_bytes=raw.get("in_use_bytes"),
        reserved_bytes=raw.get("reserved_bytes"), nvml_process_bytes=raw.get("nvml_process_bytes"),
        step_seconds=raw.get("step_seconds"), oom=raw["oom"], oom_message=raw.get("oom_message"),
        preallocates=raw.get("preallocates", False), jit_compile=raw.get("jit_compile"),
        strategy=None if strategy is None else strategy.describe(), device_peaks_bytes=raw.get("device_peaks_bytes"),
    )
    if result.peak_bytes is None:
        result.notes.append(_("{backend} reports no allocator statistics on the CPU; only TensorFlow does. "
                              "Run on a GPU, or measure with --backend tensorflow.").format(backend=backend))
    if result.oom:
        result.notes.append(_("Out of memory after {done} of {steps} steps — {message}").format(
            done=result.steps_done, steps=steps, message=result.oom_message))
    if result.preallocates:
        result.notes.append(preallocation_advice(backend))
    elif backend == "torch" and result.reserved_bytes and result.peak_bytes:
        result.notes.append(_("Reserved {reserved} for an allocated peak of {peak}.").format(
            reserved=format_bytes(result.reserved_bytes), peak=format_bytes(result.peak_bytes))
            + " " + preallocation_advice("torch"))
    if estimate:
        on_cpu = result.device == "CPU:0"
        if on_cpu and result.backend != "tensorflow":
            result.estimate = None  # nothing measured to compare it with
        elif before is not None and on_cpu:
            result.estimate = before
        else:
            result.estimate = _estimate_for(model_spec, batch_size, backend, "cpu" if on_cpu else "gpu",
                                            result.jit_compile, precision, optimizer, input_shape, strategy)
        result.estimate_peak_bytes = None if result.estimate is None else result.estimate.peak_bytes
    return result


def _refuse_past_host_memory(estimate) -> None:
    available = host_memory_limit()
    if estimate is None or available is None or estimate.peak_bytes <= available:
        return
    raise OomdoctorError(_("This step's estimated allocator peak is {peak}, and this machine has {free} of memory "
                           "free: it would run until the system stops it.").format(
        peak=format_bytes(estimate.peak_bytes), free=format_bytes(available)),
        _("Measure a smaller --batch-size here, or on a GPU; `oomdoctor estimate` predicts this one without running "
          "it."))


def _refuse_no_step(raw: dict) -> None:
    """A measurement in which no step finished has nothing to report."""
    if raw.get("steps_done") or not raw.get("oom"):
        return
    raise OomdoctorError(_("No training step finished: out of memory on {device} ({message}).").format(
        device=raw.get("device"), message=(raw.get("oom_message") or "")[:300]),
        _("Measure a smaller --batch-size; `oomdoctor estimate` predicts this one without running it, "
          "with the largest batch that fits."))


def _measure_pytorch(model_spec: str, batch_size: int, steps: int, precision, optimizer, input_shape, estimate: bool,
                     strategy) -> Measurement:
    """A plain PyTorch module (file.py:function importing torch): real steps on this machine's first GPU."""
    if strategy is not None:
        raise OomdoctorError(_("Measuring a plain PyTorch model under a strategy needs torchrun and one process "
                               "per GPU, which oomdoctor does not launch."),
                             _("Measure one GPU here; estimate the strategy with oomdoctor estimate --strategy."))
    require_framework("torch")
    config = {"framework": "pytorch", "model": model_spec, "batch_size": batch_size, "steps": steps,
              "precision": precision, "optimizer": optimizer, "input_shape": list(input_shape) if input_shape else None}
    raw = run_worker(config, "torch")
    if raw.get("error"):
        raise OomdoctorError(_("The training step failed while {error}").format(error=raw["error"]),
                             _("Check that the model trains as written (--debug shows the worker's traceback)."))
    _refuse_no_step(raw)
    result = Measurement(
        backend="pytorch", device=raw["device"], batch_size=batch_size, steps=steps, steps_done=raw["steps_done"],
        peak_bytes=raw.get("peak_bytes"), in_use_bytes=raw.get("in_use_bytes"),
        reserved_bytes=raw.get("reserved_bytes"), nvml_process_bytes=raw.get("nvml_process_bytes"),
        step_seconds=raw.get("step_seconds"), oom=raw["oom"], oom_message=raw.get("oom_message"),
        preallocates=False, jit_compile=False)
    if result.peak_bytes is None:
        result.notes.append(_("PyTorch reports no allocator statistics on the CPU: the step ran, but only a GPU "
                              "gives max_memory_allocated. The estimate is shown alone."))
    if result.oom:
        result.notes.append(_("Out of memory after {done} of {steps} steps — {message}").format(
            done=result.steps_done, steps=steps, message=result.oom_message))
    if estimate:
        from ..pytorch import loading
        from ..pytorch.job import build_estimate, make_job

        loaded = loading.load(model_spec)
        job = make_job(loaded.module, batch_size, loaded.example_batch, input_shape, optimizer or "adamw",
                       precision or "float32", loaded.loss, fake_mode=loaded.fake_mode)
        result.estimate = build_estimate(job)
        result.estimate_peak_bytes = result.estimate.peak_bytes
        if result.reserved_bytes:
            result.notes.append(_("Reserved by the caching allocator: measured {measured}, estimated {estimate}.")
                                .format(measured=format_bytes(result.reserved_bytes),
                                        estimate=format_bytes(result.estimate.reserved_peak_bytes)))
    return result


def _estimate_for(model_spec, batch_size: int, backend: str, device: str, jit_compile, precision, optimizer,
                  input_shape, strategy=None):
    """The estimate beside a Keras measurement: the same MODEL, batch and settings, loaded as ``estimate`` loads it."""
    from ..engines import estimate_spec

    return estimate_spec(model_spec, batch_size, optimizer=optimizer, precision=precision, backend=backend,
                         jit_compile=jit_compile, input_shape=input_shape, device=device, strategy=strategy)


@dataclass
class BatchSearch:
    backend: str
    cap_bytes: int
    max_batch_size: int  # largest batch that trained under the cap (0: not even 1)
    predicted_max_batch_size: int | None
    probes: list[tuple[int, bool]]  # (batch, trained) in the order tried

    def to_dict(self) -> dict:
        return {"backend": self.backend, "cap_bytes": self.cap_bytes, "max_batch_size": self.max_batch_size,
                "predicted_max_batch_size": self.predicted_max_batch_size,
                "probes": [{"batch_size": b, "trained": ok} for b, ok in self.probes]}


def find_max_batch(model_spec: str, cap_bytes: int, backend: str | None = None, precision: str | None = None,
                   optimizer: str | None = None, input_shape: tuple | None = None, limit: int = 1 << 16) -> BatchSearch:
    """Largest batch that trains under a memory cap: binary search, each probe a fresh process under the
    framework's own cap (TensorFlow logical-device limit, JAX memory fraction, torch memory fraction)."""
    from ..gpus import CUDA_CONTEXT_BYTES, GPU
    from ..keras.job import configured_backend, estimate
    from ..keras.loading import load_model, model_optimizer, prepare_keras

    backend = backend or configured_backend().value
    require_framework(backend)
    prepare_keras(precision)
    model = load_model(model_spec)
    predicted = estimate(model, 1, optimizer=optimizer or model_optimizer(model), precision=precision,
                         backend=backend, input_shape=input_shape,
                         gpu=GPU("cap", cap_bytes + CUDA_CONTEXT_BYTES)).max_batch_size
    probes: list[tuple[int, bool]] = []

    def trains(batch: int) -> bool:
        config = {"model": model_spec, "batch_size": batch, "steps": 2, "precision": precision,
                  "optimizer": optimizer, "input_shape": list(input_shape) if input_shape else None,
                  "cap_bytes": cap_bytes}
        raw = run_worker(config, backend)  # the worker applies the framework's own cap
        if raw["device"] == "CPU:0":
            raise OomdoctorError(
                _("--find-max-batch needs a GPU: the frameworks cannot cap CPU memory."),
                _("Run it on a GPU machine; here, `oomdoctor estimate --gpu-memory SIZE` predicts it."))
        if raw.get("error"):
            raise OomdoctorError(
                _("A probe at batch {batch} failed while {error}").format(batch=batch, error=raw["error"]),
                _("Check the model trains."))
        ok = not raw["oom"]
        probes.append((batch, ok))
        return ok

    from ..search import largest_fitting

    largest = largest_fitting(trains, limit, start=max(predicted or 1, 1))  # the prediction is probed first
    return BatchSearch(backend, cap_bytes, largest, predicted, probes)
