"""Runs real training steps in a fresh process and prints what the allocator saw.

``python -m oomdoctor.measure.worker``, started by ``oomdoctor.child``; the parent (``run.py``)
chooses the backend through KERAS_BACKEND before this process imports Keras,
and a fresh process per run is what makes the peak the step's own and lets the
GPU memory go when it exits. The result goes back through ``child.reply``.
An out-of-memory error is caught and reported with how far the run got.
"""

from __future__ import annotations

import os
import sys
import time
import traceback

from ..gpus import gpu_total_bytes


def _nvml_process_bytes() -> int | None:
    try:
        import pynvml
    except ImportError:
        return None
    try:
        pynvml.nvmlInit()
        total = 0
        for i in range(pynvml.nvmlDeviceGetCount()):
            handle = pynvml.nvmlDeviceGetHandleByIndex(i)
            for proc in pynvml.nvmlDeviceGetComputeRunningProcesses(handle):
                if proc.pid == os.getpid() and proc.usedGpuMemory:
                    total += proc.usedGpuMemory
        return total or None
    except Exception:
        return None


class _Allocator:
    """The framework's allocator statistics: one small adapter per backend."""

    device = "CPU:0"

    def reset(self) -> None: ...

    def stats(self) -> dict:
        return {}

    def gpu_count(self) -> int:
        return 0

    def device_peaks(self, count: int) -> list[int]:
        """Each of the first ``count`` GPUs' allocator peak (a strategy spreads the step over them)."""
        return []


class _TensorFlow(_Allocator):
    def __init__(self, cap_bytes: int | None):
        import tensorflow as tf

        self.tf = tf
        gpus = tf.config.list_physical_devices("GPU")
        if gpus and cap_bytes:
            tf.config.set_logical_device_configuration(
                gpus[0], [tf.config.LogicalDeviceConfiguration(memory_limit=cap_bytes // 2**20)])
        self.device = "GPU:0" if gpus else "CPU:0"
        # memory growth is TensorFlow's own setting; we report whether it was on
        self.preallocates = bool(gpus) and os.environ.get("TF_FORCE_GPU_ALLOW_GROWTH", "").lower() != "true"

    def reset(self) -> None:
        self.tf.config.experimental.reset_memory_stats(self.device)

    def stats(self) -> dict:
        info = self.tf.config.experimental.get_memory_info(self.device)
        return {"peak_bytes": int(info["peak"]), "in_use_bytes": int(info["current"])}

    def gpu_count(self) -> int:
        return len(self.tf.config.list_physical_devices("GPU"))

    def device_peaks(self, count: int) -> list[int]:
        return [int(self.tf.config.experimental.get_memory_info(f"GPU:{i}")["peak"]) for i in range(count)]


class _Jax(_Allocator):
    def __init__(self, cap_bytes: int | None):
        if cap_bytes:
            total = gpu_total_bytes()
            if total:
                # JAX's own cap: a fraction of the GPU, read once when its client starts
                os.environ["XLA_PYTHON_CLIENT_MEM_FRACTION"] = f"{min(cap_bytes / total, 1.0):.4f}"
                os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "true"
        import jax

        self.jax = jax
        self.dev = jax.devices()[0]
        self.device = "GPU:0" if self.dev.platform == "gpu" else "CPU:0"
        self.preallocates = (self.device == "GPU:0"
                             and os.environ.get("XLA_PYTHON_CLIENT_PREALLOCATE", "true").lower() != "false")

    def stats(self) -> dict:
        stats = self.dev.memory_stats()
        if not stats:
            return {}
        return {"peak_bytes": stats.get("peak_bytes_in_use"), "in_use_bytes": stats.get("bytes_in_use"),
                "reserved_bytes": stats.get("bytes_reserved") or stats.get("pool_bytes"),
                "limit_bytes": stats.get("bytes_limit")}

    def gpu_count(self) -> int:
        return sum(d.platform == "gpu" for d in self.jax.devices())

    def device_peaks(self, count: int) -> list[int]:
        return [int((d.memory_stats() or {}).get("peak_bytes_in_use", 0)) for d in self.jax.devices()[:count]]


class _Torch(_Allocator):
    def __init__(self, cap_bytes: int | None):
        import torch

        self.torch = torch
        self.cuda = torch.cuda.is_available()
        self.device = "GPU:0" if self.cuda else "CPU:0"
        if self.cuda and cap_bytes:
            total = torch.cuda.get_device_properties(0).total_memory
            torch.cuda.set_per_process_memory_fraction(min(cap_bytes / total, 1.0))
        self.preallocates = False

    def reset(self) -> None:
        if self.cuda:
            self.torch.cuda.reset_peak_memory_stats()

    def stats(self) -> dict:
        if not self.cuda:
            return {}
        c = self.torch.cuda
        return {"peak_bytes": c.max_memory_allocated(), "in_use_bytes": c.memory_allocated(),
                "reserved_bytes": c.max_memory_reserved()}


_ADAPTERS = {"tensorflow": _TensorFlow, "jax": _Jax, "torch": _Torch}


def is_oom(exc: BaseException) -> bool:
    """Whether ``exc`` is a framework's out-of-memory error, by the words TensorFlow, JAX and PyTorch use."""
    text = f"{type(exc).__name__} {exc}"
    return any(word in text for word in ("ResourceExhausted", "RESOURCE_EXHAUSTED", "out of memory",
                                         "OutOfMemory", "OOM when allocating"))


def _distributed(backend: str, strategy: dict | None, config: dict):
    """A maker of the scope to build, compile and train in under the strategy (a fresh one each time:
    keras.distribution's scope is a one-shot generator), and the tf.distribute strategy if any.

    tensorflow: MirroredStrategy over the first N GPUs. jax: keras.distribution's DataParallel, or
    ModelParallel on a (N/m) x m mesh with the default layout (oomdoctor.estimator.parallel.default_layout_map),
    whose variable paths come from a first, abstract build of the same model.
    """
    import contextlib

    if not strategy:
        return contextlib.nullcontext, None
    count = strategy["devices"]
    if backend == "tensorflow":
        import tensorflow as tf

        mirrored = tf.distribute.MirroredStrategy(devices=[f"/gpu:{i}" for i in range(count)])
        return mirrored.scope, mirrored
    import keras
    from keras import distribution as keras_distribution

    devices = keras_distribution.list_devices("gpu")[:count]
    if strategy["kind"] == "data_parallel":
        return keras_distribution.DataParallel(devices=devices).scope, None
    from ..estimator.parallel import DATA_AXIS, MODEL_AXIS, default_layout_map
    from ..keras.loading import load_model

    shards = strategy["model_shards"]
    mesh = keras_distribution.DeviceMesh((count // shards, shards), (DATA_AXIS, MODEL_AXIS), devices=devices)
    layout_map = default_layout_map(load_model(config["model"]), mesh)
    keras.backend.clear_session()  # the real build must name its layers, hence its variable paths, the same
    if config.get("precision"):
        keras.config.set_dtype_policy(config["precision"])
    return keras_distribution.ModelParallel(layout_map=layout_map, batch_dim_name=DATA_AXIS).scope, None


def _note_failure(result: dict, stage: str, exc: BaseException) -> None:
    """An out-of-memory error is a result (how far the run got); anything else is an error with its traceback."""
    if is_oom(exc):
        result["oom"] = True
        result["oom_message"] = f"{stage}: {type(exc).__name__}: {' '.join(str(exc).split())[:600]}"
    else:
        result["error"] = f"{stage}: {type(exc).__name__}: {str(exc).splitlines()[0][:500] if str(exc) else ''}"
        result["traceback"] = traceback.format_exc()[-3000:]


def _compile_for_measure(model, optimizer: str | None) -> None:
    """The model as its builder compiled it (its loss dict, metrics, its own compile() and train_step), or,
    uncompiled or with ``--optimizer``, compiled with that optimizer and the loss estimates assume."""
    from ..keras.step_model import compile_arguments
    from ..keras.training import keras_compile

    if getattr(model, "compiled", False) and optimizer is None:
        return
    # the loss, metrics and loss weights as the estimates compile them (compile_arguments: the builder's, or the
    # default loss by the outputs' shapes where the model does not train itself); the optimizer by its name
    arguments = compile_arguments(model, model, "adam", {"adam": lambda keras: keras.optimizers.Adam()})
    if optimizer is not None:
        arguments["optimizer"] = optimizer
    keras_compile(model, arguments)


def _random_batch(model, batch: int, input_shape: list | None):
    """Random (x, y) for one step: x as the model takes it (``input_shape`` for a model that does not say its
    input), y shaped for its loss (as the estimates shape it), None for a model whose own train_step takes none."""
    import keras
    import numpy as np

    from ..keras.step_model import abstract_batch, labels_loss
    from ..keras.trace import model_input_specs

    arguments = {"loss": getattr(model, "loss", None)}
    specs = model_input_specs(model, tuple(input_shape) if input_shape else None)
    outputs = None if getattr(model, "outputs", None) else [tuple(
        keras.tree.flatten(model.compute_output_spec(keras.KerasTensor((1, *specs[0][0]), specs[0][1])))[0].shape[1:])]
    symbolic = abstract_batch(model, batch, labels_loss(model, arguments, outputs), specs)
    rng = np.random.default_rng(0)

    def value(t, classes: int = 1000):
        if t is None:
            return None
        if "int" in str(t.dtype):
            return rng.integers(0, classes, size=t.shape).astype(str(t.dtype))
        return rng.uniform(0, 1, size=t.shape).astype("float32")

    x, y = symbolic
    # class indices below the output's width (sparse labels); token ids below a vocabulary of 1,000
    return keras.tree.map_structure(value, x), keras.tree.map_structure(lambda t: value(t, 2), y)


def run(config: dict) -> dict:
    """Build the Keras model ``config`` describes, run its training steps on this process's device and
    return what was measured (peaks, steps done, an out-of-memory error) as a dict for the parent."""
    backend = os.environ["KERAS_BACKEND"]
    result: dict = {"backend": backend, "steps_done": 0, "oom": False, "error": None}
    allocator = _ADAPTERS[backend](config.get("cap_bytes"))
    result["device"] = allocator.device
    result["preallocates"] = getattr(allocator, "preallocates", False)
    strategy = config.get("strategy")
    if strategy and allocator.gpu_count() < strategy["devices"]:
        result["too_few_gpus"] = {"need": strategy["devices"], "have": allocator.gpu_count()}
        return result
    import keras
    import numpy as np

    from ..keras.loading import load_model

    if config.get("precision"):
        keras.config.set_dtype_policy(config["precision"])
    stage = "building the model"
    try:
        scope, mirrored = _distributed(backend, strategy, config)
        with scope():
            model = load_model(config["model"], abstract=False)
            _compile_for_measure(model, config.get("optimizer"))
        result["jit_compile"] = bool(getattr(model, "jit_compile", False))
        x, y = _random_batch(model, config["batch_size"], config.get("input_shape"))
        xs = x if isinstance(x, list) else [x]
        if mirrored is not None:
            import tensorflow as tf

            # fit, not train_on_batch: only a distributed dataset splits the global batch among the replicas
            dataset = tf.data.Dataset.from_tensor_slices((x if len(xs) == 1 else tuple(xs), y)).batch(batch)

            def train_step():
                model.fit(dataset, epochs=1, verbose=0)
        else:
            def train_step():
                model.train_on_batch(x, y)
        times = []
        for step in range(config["steps"]):
            stage = f"training step {step + 1}"
            if step == config["steps"] - 1 and allocator.device == "CPU:0":
                # on the CPU the figure is the last step's own peak, as --device cpu predicts it
                allocator.reset()
            start = time.perf_counter()
            with scope():
                train_step()
            times.append(time.perf_counter() - start)
            result["steps_done"] = step + 1
        result["step_seconds"] = sorted(times[1:] or times)[len(times[1:] or times) // 2]
        result["first_step_seconds"] = times[0]
    except BaseException as exc:
        _note_failure(result, stage, exc)
    result.update({k: v for k, v in allocator.stats().items() if v is not None})
    if strategy:
        result["device_peaks_bytes"] = allocator.device_peaks(strategy["devices"])
        result["peak_bytes"] = max(result["device_peaks_bytes"], default=None)
    result["nvml_process_bytes"] = _nvml_process_bytes()
    return result


def run_pytorch(config: dict) -> dict:
    """A plain PyTorch module's real steps: zero_grad, forward and loss (under autocast), backward, step."""
    import contextlib

    import torch
    from torch.utils._pytree import tree_map

    from ..pytorch.job import PRECISIONS, autocast_dtype, default_loss, optimizer_factory
    from ..pytorch.loading import load

    cuda = torch.cuda.is_available()
    device = "cuda" if cuda else "cpu"
    result: dict = {"backend": "pytorch", "device": "GPU:0" if cuda else "CPU:0", "steps_done": 0, "oom": False,
                    "error": None, "jit_compile": False}
    stage = "building the model"
    try:
        if cuda and config.get("cap_bytes"):
            torch.cuda.set_per_process_memory_fraction(
                config["cap_bytes"] / torch.cuda.get_device_properties(0).total_memory)
        loaded = load(config["model"], abstract=False)
        module = loaded.module.to(device)

        def resize(value):
            if not isinstance(value, torch.Tensor):
                return value
            shape = (config["batch_size"], *value.shape[1:])
            if value.is_floating_point():
                return torch.randn(shape, dtype=value.dtype, device=device)
            return torch.zeros(shape, dtype=value.dtype, device=device)  # token ids and labels: 0 is valid

        example = loaded.example_batch
        if example is None:
            example = torch.zeros((1, *config["input_shape"])) if config.get("input_shape") else None
        if example is None:
            raise ValueError("the function returned no example batch and no --input-shape was given")
        batch = tree_map(resize, example)
        loss_fn = loaded.loss or default_loss([])
        optimizer = optimizer_factory(config.get("optimizer") or "adamw")(
            [p for p in module.parameters() if p.requires_grad])
        precision = config.get("precision")
        dtype = autocast_dtype(precision) if precision in PRECISIONS else None
        scaler = torch.amp.GradScaler(device) if dtype is torch.float16 else None
        times = []
        for step in range(config["steps"]):
            stage = f"training step {step + 1}"
            start = time.perf_counter()
            optimizer.zero_grad(set_to_none=True)
            with torch.autocast(device, dtype=dtype) if dtype is not None else contextlib.nullcontext():
                loss = loss_fn(module, batch)
            if scaler is not None:
                scaler.scale(loss).backward()
                scaler.step(optimizer)
                scaler.update()
            else:
                loss.backward()
                optimizer.step()
            if cuda:
                torch.cuda.synchronize()
            times.append(time.perf_counter() - start)
            result["steps_done"] = step + 1
        result["step_seconds"] = sorted(times[1:] or times)[len(times[1:] or times) // 2]
    except BaseException as exc:
        _note_failure(result, stage, exc)
    if cuda:
        result.update({"peak_bytes": torch.cuda.max_memory_allocated(), "in_use_bytes": torch.cuda.memory_allocated(),
                       "reserved_bytes": torch.cuda.max_memory_reserved()})
    result["nvml_process_bytes"] = _nvml_process_bytes()
    return result


def main() -> int:
    """The child process's entry point: receive the request, run it (Keras or PyTorch), reply."""
    from .. import child

    config = child.receive()
    result = run_pytorch(config) if config.get("framework") == "pytorch" else run(config)
    child.reply(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
