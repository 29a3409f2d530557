"""``oomdoctor estimate MODEL --batch-size N``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from .. import arguments
from ..i18n import _
from . import pictures
from .options import gpu_choice, input_shape_option, lang_option, parse_input_shape

HELP = ("Predict the peak GPU memory of one training step of MODEL: a .keras file, or "
        "path/to/file.py:function returning a keras.Model, or a torch.nn.Module (or a tuple "
        "(module, example_batch, loss_fn)), or hf:FOLDER, a Hugging Face config.json (and a PEFT "
        "adapter_config.json) built without weights, with --seq-len. Loading a .py file runs its code.")


def command(
    model: str = typer.Argument(..., help="A .keras file, path/to/file.py:function returning a keras.Model or a "
                                "torch.nn.Module, or hf:FOLDER holding a Hugging Face config.json."),
    batch_size: int = typer.Option(..., "--batch-size", "-b", help="Training batch size."),
    optimizer: Optional[str] = typer.Option(None, help="Optimizer name (adam, sgd, momentum, adamw, rmsprop, ...). "
                                            "Default: the compiled model's, else adam."),
    precision: Optional[str] = typer.Option(None, help="float32, mixed_float16 or mixed_bfloat16; set as Keras's "
                                            "dtype policy before the model is built."),
    backend: Optional[str] = typer.Option(None, help="Backend to predict for: tensorflow, jax or torch "
                                          "(default: your KERAS_BACKEND, else the backend in ~/.keras/keras.json, else tensorflow)."),
    jit: Optional[bool] = typer.Option(None, "--jit/--no-jit", help="TensorFlow: XLA-compile the step "
                                       "(Keras's default on a GPU)."),
    gpu: Optional[str] = typer.Option(None, help="GPU name from the catalog, e.g. T4, A100-80GB, 'RTX 4090'."),
    gpu_memory: Optional[str] = typer.Option(None, help="GPU memory size instead of a name, e.g. 12GiB."),
    input_shape: Optional[str] = input_shape_option(),
    device: str = typer.Option("gpu", help="gpu, or cpu to predict TensorFlow's CPU allocator peak "
                               "(tensorflow backend only)."),
    strategy: Optional[str] = typer.Option(
        None, help="Several devices; every figure is then one device's and --batch-size is the global batch. "
                   "Keras: mirrored:4, multi_worker_mirrored:8, data_parallel:8, model_parallel:2x4 (data x model). "
                   "PyTorch: ddp:8, zero1:8, zero2:8, zero3:8, fsdp:8, fsdp:8+offload."),
    find_devices: bool = typer.Option(False, "--find-devices", help="Search the fewest GPUs of --gpu, and the "
                                      "strategy, on which the job fits."),
    seq_len: Optional[int] = typer.Option(None, "--seq-len", help="hf:FOLDER: tokens per sample."),
    task: Optional[str] = typer.Option(None, "--task", help="hf:FOLDER: causal-lm, masked-lm, seq-cls, token-cls, "
                                       "seq2seq-lm or qa (default: from the config's architectures)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead of the report."),
    lang: Optional[str] = lang_option(),
    html: Optional[Path] = pictures.html_option(),
    plot: Optional[Path] = pictures.plot_option(),
) -> None:
    """``oomdoctor estimate``: load MODEL, estimate one training step and print the report (or JSON)."""
    from ..i18n import set_language

    set_language(arguments.language(lang))
    html, plot = pictures.check_paths(html, plot, (model,))
    arguments.batch_size(batch_size, "--batch-size")
    shape = parse_input_shape(input_shape)
    chosen_gpu = gpu_choice(gpu, gpu_memory)
    if seq_len is not None or task is not None:
        if not model.startswith("hf:"):
            from ..errors import OomdoctorError

            raise OomdoctorError(_("--seq-len and --task are for a Hugging Face folder (hf:FOLDER), not {model}.").format(
                model=model), _("Drop them, or give MODEL as hf:path/to/folder."))
    from ..engines import estimate_spec

    result = estimate_spec(model, batch_size, optimizer=optimizer, precision=precision, backend=backend,
                           jit_compile=jit, gpu=chosen_gpu, input_shape=shape, device=device, strategy=strategy,
                           find_devices=find_devices, seq_len=seq_len, task=task)
    show(result, as_json, html, plot)


def show(result, as_json: bool, html: Path | None = None, plot: Path | None = None) -> None:
    """Print ``result`` as JSON or as the terminal report, and write the HTML and PNG pictures if asked."""
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
    else:
        from rich.console import Console

        from ..render.terminal import render

        render(result, Console())
    if html is not None or plot is not None:
        pictures.write(html, plot, **pictures.estimate_sections(result))
