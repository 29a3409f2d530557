"""GPU check: measured vs estimated peaks for a few models, one compact table.

Run by ``scripts/gpu-check.sh`` on a machine with a CUDA GPU (JAX and PyTorch
with CUDA installed there); each measurement is a fresh process.
"""

from __future__ import annotations

import sys
from pathlib import Path

from oomdoctor.measure.run import find_max_batch, measure
from oomdoctor.units import GiB, format_bytes

MODELS = Path(__file__).resolve().parent.parent / "bench" / "models.py"
JOBS = [("resnet50", 32), ("seed_audio", 1)]
# models no figure of the estimator was fitted on (JAX: its step laid out by XLA's GPU compiler without a GPU)
UNSEEN = [("efficientnet_b0", 32), ("densenet121", 32), ("vit_small", 128)]


def main() -> int:
    print("| backend | model | batch | measured peak | estimate | error | reserved | NVML process | step |")
    print("|---|---|---|---|---|---|---|---|---|")
    for backend in ("jax", "torch"):
        for model, batch in JOBS + UNSEEN:
            m = measure(f"{MODELS}:{model}", batch, steps=3, backend=backend)
            error = "n/a" if m.relative_error is None else f"{m.relative_error * 100:+.1f} %"
            size = lambda v: "n/a" if v is None else format_bytes(v)  # noqa: E731
            step = "n/a" if m.step_seconds is None else f"{m.step_seconds * 1000:.0f} ms"
            print(f"| {backend} | {model} | {batch} | {size(m.peak_bytes)} | {size(m.estimate_peak_bytes)} | "
                  f"{error} | {size(m.reserved_bytes)} | {size(m.nvml_process_bytes)} | {step} |", flush=True)
    search = find_max_batch(f"{MODELS}:resnet50", 16 * GiB, backend="torch")
    print(f"\nResNet-50 on torch under a 16 GiB cap: largest batch {search.max_batch_size} "
          f"(predicted {search.predicted_max_batch_size}); probes {search.probes}")
    plain_pytorch()
    several_gpus()
    return 0


def plain_pytorch() -> None:
    """Plain PyTorch modules (torch.nn only): max_memory_allocated and _reserved against the traced estimate."""
    models = Path(__file__).resolve().parent.parent / "bench" / "torch_models.py"
    print("\n| plain PyTorch | batch | precision | measured peak | estimate | error | measured reserved | note |")
    print("|---|---|---|---|---|---|---|---|")
    for model, batch in (("encoder", 32), ("convnet", 128)):
        for precision in ("float32", "bf16_autocast"):
            m = measure(f"{models}:{model}", batch, steps=2, precision=precision)
            error = "n/a" if m.relative_error is None else f"{m.relative_error * 100:+.1f} %"
            size = lambda v: "n/a" if v is None else format_bytes(v)  # noqa: E731
            note = next((n for n in m.notes if "Reserved" in n), "")
            print(f"| {model} | {batch} | {precision} | {size(m.peak_bytes)} | {size(m.estimate_peak_bytes)} | "
                  f"{error} | {size(m.reserved_bytes)} | {note} |", flush=True)


def several_gpus() -> None:
    """With 2 or more GPUs: each GPU's peak under keras.distribution on JAX, next to the per-device estimate."""
    import jax

    count = sum(d.platform == "gpu" for d in jax.devices())
    if count < 2:
        print(f"\nSeveral GPUs: skipped, {count} GPU here.")
        return
    print("\n| strategy | model | global batch | per-GPU peaks | per-device estimate |\n|---|---|---|---|---|")
    for strategy in (f"data_parallel:{count}", f"model_parallel:1x{count}"):
        m = measure(f"{MODELS}:resnet50", 32 * count, steps=3, backend="jax", strategy=strategy)
        peaks = ", ".join(format_bytes(p) for p in m.device_peaks_bytes or [])
        estimate = "n/a" if m.estimate_peak_bytes is None else format_bytes(m.estimate_peak_bytes)
        print(f"| {strategy} | resnet50 | {32 * count} | {peaks} | {estimate} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
