"""``oomdoctor measure MODEL --batch-size N``: real steps, the allocator's figures, the estimate beside them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

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
    from ..i18n import _, set_language
    from ..measure import run
    from .options import gpu_choice

    set_language(lang)
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
            typer.echo(f"Largest batch that trained under {cap.describe()} on {search.backend}: "
                       f"{search.max_batch_size} (predicted: {search.predicted_max_batch_size}); "
                       f"probes: " + ", ".join(f"{b}{'✓' if ok else '✗'}" for b, ok in search.probes))
        if html is not None or plot is not None:
            pictures.write(html, plot, search=search.to_dict())
        return
    if batch_size is None:
        raise OomdoctorError(_("measure needs --batch-size."), _("Add --batch-size N."))
    result = run.measure(model, batch_size, steps, backend, precision, optimizer, shape, strategy=strategy)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
    else:
        _render(result)
    if html is not None or plot is not None:
        sections = pictures.estimate_sections(result.estimate) if result.estimate is not None else {}
        pictures.write(html, plot, measurement=result.to_dict(), **sections)


def _render(result) -> None:
    from rich.console import Console
    from rich.table import Table

    from ..i18n import _
    from ..units import format_bytes

    def size(value):
        return "n/a" if value is None else format_bytes(value)

    console = Console()
    table = Table(title=_("Measured: {backend} on {device}, batch {batch}, {done}/{steps} steps").format(
        backend=result.backend, device=result.device, batch=result.batch_size, done=result.steps_done,
        steps=result.steps), title_justify="left")
    for i, column in enumerate((_("figure"), _("measured"), _("estimated"), _("error"))):
        table.add_column(column, justify="left" if i == 0 else "right")
    error = "" if result.relative_error is None else f"{result.relative_error * 100:+.1f} %"
    scope = _("last step") if result.device == "CPU:0" else _("build + steps")
    table.add_row(_("allocator peak ({scope})").format(scope=scope), size(result.peak_bytes),
                  size(result.estimate_peak_bytes), error)
    for index, peak in enumerate(result.device_peaks_bytes or []):
        table.add_row(_("GPU:{index} allocator peak ({strategy})").format(index=index, strategy=result.strategy),
                      size(peak), size(result.estimate_peak_bytes), "")
    table.add_row(_("allocator in use after the run"), size(result.in_use_bytes), "", "")
    table.add_row(_("allocator reserved pool"), size(result.reserved_bytes), "", "")
    table.add_row(_("process GPU memory (NVML, as nvidia-smi)"), size(result.nvml_process_bytes), "", "")
    table.add_row(_("step time"), "n/a" if result.step_seconds is None else f"{result.step_seconds * 1000:.1f} ms",
                  "", "")
    console.print(table)
    for note in result.notes:
        console.print(f"• {note}", highlight=False)
