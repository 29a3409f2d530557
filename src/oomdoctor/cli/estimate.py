"""``oomdoctor estimate MODEL --batch-size N``."""

from __future__ import annotations

import json
from typing import Optional

import typer

from ..errors import OomdoctorError
from ._options import gpu_choice, parse_input_shape

HELP = ("Predict the peak GPU memory of one training step of MODEL: a .keras file, or "
        "path/to/file.py:function returning a keras.Model. Loading a .py file runs its code.")


def command(
    model: str = typer.Argument(..., help="A .keras file, or path/to/file.py:function returning a keras.Model."),
    batch_size: int = typer.Option(..., "--batch-size", "-b", help="Training batch size."),
    optimizer: Optional[str] = typer.Option(None, help="Optimizer name (adam, sgd, momentum, adamw, rmsprop, ...). "
                                            "Default: the compiled model's, else adam."),
    precision: Optional[str] = typer.Option(None, help="float32, mixed_float16 or mixed_bfloat16; set as Keras's "
                                            "dtype policy before the model is built."),
    backend: Optional[str] = typer.Option(None, help="Backend to predict for: tensorflow, jax or torch "
                                          "(default: your KERAS_BACKEND, else tensorflow)."),
    jit: Optional[bool] = typer.Option(None, "--jit/--no-jit", help="TensorFlow: XLA-compile the step "
                                       "(Keras's default on a GPU)."),
    gpu: Optional[str] = typer.Option(None, help="GPU name from the catalog, e.g. T4, A100-80GB, 'RTX 4090'."),
    gpu_memory: Optional[str] = typer.Option(None, help="GPU memory size instead of a name, e.g. 12GiB."),
    input_shape: Optional[str] = typer.Option(None, help="Per-sample input shape D1,D2,... for unknown dims."),
    device: str = typer.Option("gpu", help="gpu, or cpu to predict TensorFlow's CPU allocator peak "
                               "(tensorflow backend only)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object instead of the report."),
    lang: Optional[str] = typer.Option(None, help="en or zh (default: from the locale)."),
) -> None:
    from ..i18n import set_language
    from ..loading import load_model, model_optimizer, prepare_keras

    set_language(lang)
    if batch_size < 1:
        raise OomdoctorError(f"The batch size must be 1 or more, not {batch_size}.", "Give --batch-size 1 or more.")
    shape = parse_input_shape(input_shape)
    chosen_gpu = gpu_choice(gpu, gpu_memory)
    if optimizer is not None:
        from ..optimizers import spec_by_name

        spec_by_name(optimizer)  # fail on a bad name before building anything
    prepare_keras(precision)
    keras_model = load_model(model)
    from .._estimate import estimate

    result = estimate(keras_model, batch_size, optimizer=optimizer or model_optimizer(keras_model),
                      precision=precision, backend=backend, gpu=chosen_gpu, jit_compile=jit, input_shape=shape,
                      device=device)
    show(result, as_json)


def show(result, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
        return
    from rich.console import Console

    from ..render.terminal import render

    render(result, Console())
