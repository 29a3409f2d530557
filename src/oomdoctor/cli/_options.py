"""Shared option parsing for subcommands: bad values become one-line errors."""

from __future__ import annotations

from ..errors import OomdoctorError


def parse_input_shape(text: str | None) -> tuple[int, ...] | None:
    if not text:
        return None
    try:
        dims = tuple(int(part) for part in text.replace("x", ",").split(",") if part.strip())
    except ValueError:
        raise OomdoctorError(f"Cannot read --input-shape {text!r}.", "Write it like 1491,257,1 (no batch).") from None
    if not dims or any(d < 1 for d in dims):
        raise OomdoctorError(f"--input-shape {text!r} must list positive sizes.", "Write it like 1491,257,1.")
    return dims


def gpu_choice(gpu: str | None, gpu_memory: str | None):
    from ..gpus import gpu_by_name, gpu_with_memory

    if gpu and gpu_memory:
        raise OomdoctorError("Give either --gpu or --gpu-memory, not both.", "Drop one of them.")
    if gpu:
        return gpu_by_name(gpu)
    if gpu_memory:
        return gpu_with_memory(gpu_memory)
    return None
