"""One call that sets the framework's GPU memory behaviour the right way."""

from __future__ import annotations

import os
import sys

from .errors import OomdoctorError
from .i18n import _
from .units import MiB, parse_size


def _framework() -> str:
    """The framework in use: the one already imported, else Keras's configured backend."""
    for name in ("tensorflow", "jax", "torch"):
        if name in sys.modules:
            return name
    from .keras.job import configured_backend

    return configured_backend().value


def configure_gpu_memory(growth: bool = True, limit: int | str | None = None, framework: str | None = None) -> str:
    """Stop the framework from taking the whole GPU, and optionally cap it.

    - TensorFlow: memory growth on every GPU (``growth``), or one logical device of
      ``limit`` bytes. Must run before TensorFlow touches the GPU.
    - JAX: ``XLA_PYTHON_CLIENT_PREALLOCATE=false`` (``growth``), or
      ``XLA_PYTHON_CLIENT_MEM_FRACTION`` for ``limit``. Must run before JAX starts
      its GPU client; raises if it already has.
    - PyTorch: already grows on demand; ``limit`` becomes
      ``torch.cuda.set_per_process_memory_fraction``, and ``growth`` sets
      ``expandable_segments`` to curb fragmentation when the allocator has not started.

    ``limit`` is bytes or a size such as "10GiB". Returns what was done, in words.
    """
    limit_bytes = parse_size(limit) if isinstance(limit, str) else limit
    name = framework or _framework()
    if name == "tensorflow":
        return _tensorflow(growth, limit_bytes)
    if name == "jax":
        return _jax(growth, limit_bytes)
    if name == "torch":
        return _torch(growth, limit_bytes)
    raise OomdoctorError(_("Unknown framework {name!r}.").format(name=name), _("Use tensorflow, jax or torch."))


def _tensorflow(growth: bool, limit: int | None) -> str:
    import tensorflow as tf

    gpus = tf.config.list_physical_devices("GPU")
    if not gpus:
        os.environ["TF_FORCE_GPU_ALLOW_GROWTH"] = "true" if growth else "false"
        return "TensorFlow sees no GPU: nothing to configure (TF_FORCE_GPU_ALLOW_GROWTH set for later)."
    try:
        for gpu in gpus:
            if limit:
                tf.config.set_logical_device_configuration(
                    gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=limit // MiB)])
            else:
                tf.config.experimental.set_memory_growth(gpu, growth)
    except RuntimeError as exc:
        raise OomdoctorError(
            _("TensorFlow has already initialised its GPUs; the memory setting cannot change now."),
            _("Call oomdoctor.configure_gpu_memory() first thing, before building any model.")) from exc
    what = f"a {limit // MiB} MiB limit" if limit else ("memory growth" if growth else "no memory growth")
    return f"TensorFlow: {what} on {len(gpus)} GPU(s)."


def _jax_started() -> bool:
    if "jax" not in sys.modules:
        return False
    try:
        from jax._src import xla_bridge

        return bool(getattr(xla_bridge, "_backends", {}))
    except Exception:
        return True


def _jax(growth: bool, limit: int | None) -> str:
    if _jax_started():
        raise OomdoctorError(_("JAX has already started its device client; its memory settings are read only then."),
                             _("Call oomdoctor.configure_gpu_memory() before anything runs JAX code."))
    if limit:
        from .gpus import gpu_total_bytes

        total = gpu_total_bytes()
        if total is None:  # neither NVML nor nvidia-smi answers: there is no NVIDIA GPU to cap, as for the others
            return "JAX: no GPU found (NVML, nvidia-smi): no limit set."
        os.environ["XLA_PYTHON_CLIENT_MEM_FRACTION"] = f"{min(limit / total, 1.0):.4f}"
        return f"JAX: XLA_PYTHON_CLIENT_MEM_FRACTION={os.environ['XLA_PYTHON_CLIENT_MEM_FRACTION']}."
    os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false" if growth else "true"
    return f"JAX: XLA_PYTHON_CLIENT_PREALLOCATE={os.environ['XLA_PYTHON_CLIENT_PREALLOCATE']}."


def _torch(growth: bool, limit: int | None) -> str:
    import torch

    done = []
    if growth and "PYTORCH_CUDA_ALLOC_CONF" not in os.environ and not torch.cuda.is_initialized():
        os.environ["PYTORCH_CUDA_ALLOC_CONF"] = "expandable_segments:True"
        done.append("PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True")
    if limit:
        if not torch.cuda.is_available():
            return "PyTorch sees no GPU: no limit set."
        total = torch.cuda.get_device_properties(0).total_memory
        torch.cuda.set_per_process_memory_fraction(min(limit / total, 1.0))
        done.append(f"memory fraction {limit / total:.3f}")
    return "PyTorch: " + (", ".join(done) if done else "grows on demand already; nothing to change.")
