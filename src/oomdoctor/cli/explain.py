"""``oomdoctor explain [LOGFILE | -]``: an out-of-memory error, explained."""

from __future__ import annotations

import json
from typing import Optional

import typer

from ._options import lang_option

HELP = ("Read an out-of-memory error (TensorFlow, XLA/JAX or PyTorch) from LOGFILE or standard input and say "
        "what happened and what to do. With --model, name the weight or layer output that failed.")


def command(
    logfile: str = typer.Argument("-", help="The log with the error; - reads standard input."),
    model: Optional[str] = typer.Option(None, help="The model that ran (a .keras file or file.py:function)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    lang: Optional[str] = lang_option(),
) -> None:
    from ..i18n import _, set_language

    set_language(lang)
    from ..files import read_log

    text, partly = read_log(logfile)
    keras_model = None
    if model:
        from ..loading import load_model, prepare_keras

        prepare_keras(None)
        keras_model = load_model(model)
    from ..explain import explain

    result = explain(text, keras_model)
    if partly:
        result.diagnosis.append(partly)
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        if not result.recognised:
            typer.echo(result.diagnosis[0])
        else:
            typer.echo(_("Out of memory ({framework}):").format(framework=result.framework))
            for line in result.diagnosis:
                typer.echo(f"  • {line}")
            typer.echo(_("What to do:"))
            for line in result.fixes:
                typer.echo(f"  • {line}")
    if not result.recognised:
        raise typer.Exit(1)
