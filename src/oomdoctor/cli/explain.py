"""``oomdoctor explain [LOGFILE | -]``: an out-of-memory error, explained."""

from __future__ import annotations

import json
from typing import Optional

import typer

from .. import arguments
from .options import lang_option

HELP = ("Read an out-of-memory error (TensorFlow, XLA/JAX, PyTorch, NCCL) from LOGFILE or standard input, name "
        "which memory ran out and why (the case), and say what to do. With --model, name the weight or layer "
        "output that failed; with --batch-size too, compare the step's estimated peak with what the device had.")


def command(
    logfile: str = typer.Argument("-", help="The log with the error; - reads standard input."),
    model: Optional[str] = typer.Option(None, help="The model that ran (a .keras file or file.py:function)."),
    batch_size: Optional[int] = typer.Option(None, "--batch-size", "-b", min=1,
                                             help="The batch size that ran (with --model: estimate its step)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    lang: Optional[str] = lang_option(),
) -> None:
    """``oomdoctor explain``: read an out-of-memory log and print what ran out, why, and the fix."""
    from ..i18n import _, set_language

    set_language(arguments.language(lang))
    from ..files import read_log

    text, partly = read_log(logfile)
    keras_model = None
    if model:
        from ..keras.loading import load_model, prepare_keras

        prepare_keras(None)
        keras_model = load_model(model)
    from ..explain import explain

    if batch_size is not None and keras_model is None:
        from ..errors import OomdoctorError

        raise OomdoctorError(_("--batch-size needs --model: the estimate is of the model that ran."),
                             _("Give --model model.keras (or file.py:function) too."))
    result = explain(text, keras_model, batch_size)
    if partly:
        result.diagnosis.append(partly)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        if not result.recognised:
            for line in result.diagnosis + result.fixes:
                typer.echo(line)
        else:
            typer.echo(_("Out of memory: {memory} ({framework}). Case: {case}.").format(
                memory=_memory_words(result), framework=result.framework or _("framework unknown"),
                case=result.case))
            for line in result.diagnosis:
                typer.echo(f"  • {line}")
            typer.echo(_("What to do:"))
            for line in result.fixes:
                typer.echo(f"  • {line}")
    if not result.recognised:
        raise typer.Exit(1)


def _memory_words(result) -> str:
    from ..i18n import _

    if result.memory == "host":
        return _("host RAM")
    if result.memory == "tpu":
        return _("TPU HBM")
    if result.memory == "mps":
        return _("Apple GPU (MPS)")
    if result.gpu_index is not None:
        return _("GPU {index}").format(index=result.gpu_index)
    return _("GPU")
