"""``oomdoctor estimate MODEL --batch-size N``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from .. import arguments
from ..i18n import _
from . import _pictures
from ._options import gpu_choice, input_shape_option, lang_option, parse_input_shape

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
    html: Optional[Path] = _pictures.html_option(),
    plot: Optional[Path] = _pictures.plot_option(),
) -> None:
    from ..i18n import set_language

    set_language(lang)
    html, plot = _pictures.check_paths(html, plot, (model,))
    arguments.batch_size(batch_size, "--batch-size")
    shape = parse_input_shape(input_shape)
    chosen_gpu = gpu_choice(gpu, gpu_memory)
    if model.startswith("hf:"):
        show(_hf_estimate(model, batch_size, optimizer, precision, chosen_gpu, seq_len, task, strategy,
                          find_devices), as_json, html, plot)
        return
    if seq_len is not None or task is not None:
        from ..errors import OomdoctorError

        raise OomdoctorError(_("--seq-len and --task are for a Hugging Face folder (hf:FOLDER), not {model}.").format(
            model=model), _("Drop them, or give MODEL as hf:path/to/folder."))
    from ..errors import WrongFramework
    from ..loading import choose_trace_backend
    from ..pytorch.loading import is_torch_file

    # the file's imports are a first guess; the object its function returns decides
    first = "torch" if is_torch_file(model) else "keras"
    choose_trace_backend()  # its code may import keras on either path
    job = (model, batch_size, optimizer, precision, backend, jit, chosen_gpu, shape, device, strategy, find_devices)
    try:
        result = _ESTIMATORS[first](*job)
    except WrongFramework as wrong:
        result = _ESTIMATORS[wrong.framework](*job)
    show(result, as_json, html, plot)


def _keras_estimate(spec: str, batch_size: int, optimizer, precision, backend, jit, gpu, input_shape, device,
                    strategy, find_devices):
    """A .keras file, or file.py:function returning a keras.Model."""
    from .._estimate import estimate
    from ..loading import load_model, model_optimizer, prepare_keras

    if optimizer is not None:
        from ..optimizers import spec_by_name

        spec_by_name(optimizer)  # fail on a bad name before building anything
    prepare_keras(precision)
    keras_model = load_model(spec)
    return estimate(keras_model, batch_size, optimizer=optimizer or model_optimizer(keras_model), precision=precision,
                    backend=backend, gpu=gpu, jit_compile=jit, input_shape=input_shape, device=device,
                    strategy=strategy, find_devices=find_devices)


def _torch_estimate(spec: str, batch_size: int, optimizer, precision, backend, jit, gpu, input_shape, device, strategy,
                    find_devices):
    """A plain PyTorch model: file.py:function returns a module, or (module, example_batch, loss_fn)."""
    from ..measuring import require_backend
    from ..pytorch import loading

    require_backend("torch")
    return _torch_job_estimate(loading.load(spec), batch_size, optimizer, precision, input_shape, gpu, strategy,
                               find_devices)


def _hf_estimate(spec: str, batch_size: int, optimizer, precision, gpu, seq_len, task, strategy, find_devices):
    """hf:FOLDER: the model its config.json describes (with its LoRA adapter), built on fake tensors
    (``load_folder`` names the extra when torch or transformers is missing)."""
    from ..pytorch.hf_folder import load_folder

    return _torch_job_estimate(load_folder(spec, seq_len, task), batch_size, optimizer, precision, None, gpu,
                               strategy, find_devices)


def _torch_job_estimate(loaded, batch_size: int, optimizer, precision, input_shape, gpu, strategy, find_devices):
    """The estimate of a loaded PyTorch model (``TorchSpec``), with what loading it assumed first in its notes."""
    from ..pytorch.job import finish, make_job

    job = make_job(loaded.module, batch_size, loaded.example_batch, input_shape, optimizer or "adamw",
                   precision or "float32", loaded.loss, gpu, fake_mode=loaded.fake_mode, strategy=strategy)
    result = finish(job, find_devices)
    result.notes[:0] = loaded.notes
    return result


_ESTIMATORS = {"keras": _keras_estimate, "torch": _torch_estimate}


def show(result, as_json: bool, html: Path | None = None, plot: Path | None = None) -> None:
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
    else:
        from rich.console import Console

        from ..render.terminal import render

        render(result, Console())
    if html is not None or plot is not None:
        _pictures.write(html, plot, **_pictures.estimate_sections(result))
