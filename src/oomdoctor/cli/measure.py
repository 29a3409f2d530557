"""``oomdoctor measure MODEL --batch-size N``: real steps, the allocator's figures, the estimate beside them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from .. import arguments
from ..errors import OomdoctorError
from . import pictures
from .options import input_shape_option, lang_option, parse_input_shape

HELP = ("Run real training steps of MODEL on random data shaped like its inputs (on the GPU when there is one) "
        "and report the allocator's peak, its reserved pool, the process's GPU memory (NVML), the step time, "
        "and the estimate beside each. Loading a .py file runs its code.")


def command(
    model: str = typer.Argument(..., help="A .keras file, or path/to/file.py:function returning a keras.Model "
                                "(or, in a file importing torch, a torch.nn.Module or (module, batch, loss_fn))."),
    batch_size: Optional[int] = typer.Option(None, "--batch-size", "-b", help="Training batch size."),
    steps: int = typer.Option(3, help="Training steps to run."),
    backend: Optional[str] = typer.Option(None, help="tensorflow, jax or torch (default: your KERAS_BACKEND, else the "
                                           "backend in ~/.keras/keras.json, else tensorflow)."),
    precision: Optional[str] = typer.Option(None, help="float32, mixed_float16 or mixed_bfloat16."),
    optimizer: Optional[str] = typer.Option(None, help="Optimizer name (default: the compiled model's, else adam)."),
    input_shape: Optional[str] = input_shape_option(),
    find_max_batch: bool = typer.Option(False, "--find-max-batch", help="Search the largest batch that trains "
                                        "under --gpu-memory (or --gpu), each probe a fresh process. Needs a GPU."),
    gpu_memory: Optional[str] = typer.Option(None, help="Memory cap for --find-max-batch, e.g. 16GiB."),
    gpu: Optional[str] = typer.Option(None, help="Or a GPU name from the catalog, as the cap."),
    strategy: Optional[str] = typer.Option(None, help="Measure under several GPUs: mirrored:N (tensorflow), "
                                           "data_parallel:N or model_parallel:DxM (jax); each GPU's peak is "
                                           "reported next to the per-device estimate."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    lang: Optional[str] = lang_option(),
    html: Optional[Path] = pictures.html_option(),
    plot: Optional[Path] = pictures.plot_option(),
) -> None:
    """``oomdoctor measure``: run real training steps in a fresh process and print the measured peak
    beside the estimate."""
    from ..i18n import _, set_language
    from ..measure import run
    from .options import gpu_choice

    set_language(arguments.language(lang))
    html, plot = pictures.check_paths(html, plot, (model,))
    shape = parse_input_shape(input_shape)
    if backend is not None:
        from ..keras.backends import parse_backend

        backend = parse_backend(backend).value
    if find_max_batch:
        cap = gpu_choice(gpu, gpu_memory)
        if cap is None:
            raise OomdoctorError(_("--find-max-batch needs a memory cap."), _("Add --gpu-memory 16GiB (or --gpu T4)."))
        search = run.find_max_batch(model, cap.usable_bytes if gpu else cap.total_bytes, backend, precision,
                                          optimizer, shape)
        if as_json:
            typer.echo(json.dumps(search.to_dict(), indent=2))
        else:
            from ..render.measurement import search_line

            typer.echo(search_line(search, cap.describe()))
        if html is not None or plot is not None:
            pictures.write(html, plot, search=search.to_dict())
        return
    if batch_size is None:
        raise OomdoctorError(_("measure needs --batch-size."), _("Add --batch-size N."))
    result = run.measure(model, batch_size, steps, backend, precision, optimizer, shape, strategy=strategy)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
    else:
        from rich.console import Console

        from ..render.measurement import render

        render(result, Console())
    if html is not None or plot is not None:
        sections = pictures.estimate_sections(result.estimate) if result.estimate is not None else {}
        pictures.write(html, plot, measurement=result.to_dict(), **sections)
