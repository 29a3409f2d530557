"""``oomdoctor check train.py [-- script args]``: static findings, then what the script would train."""

from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import typer

from .. import arguments
from ..errors import OomdoctorError
from . import pictures
from .options import lang_option

HELP = ("Check a training script for what wastes GPU and host memory (each finding with its line and fix), then "
        "run it with Model.fit intercepted, so nothing trains, to estimate the model it builds. Running the script "
        "runs your code: use --static-only to only read it.")


def command(
    script: str = typer.Argument(..., help="The training script."),
    script_args: Optional[List[str]] = typer.Argument(None, help="Arguments for the script, after --."),
    static_only: bool = typer.Option(False, "--static-only", help="Only read the script; do not run it."),
    gpu: Optional[str] = typer.Option(None, help="GPU name or size to check the captured model against."),
    timeout: float = typer.Option(600, "--timeout", metavar="SECONDS", help="Stop the script if it has not "
                                  "reached fit() after this many seconds (it and every process it started)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    lang: Optional[str] = lang_option(),
    html: Optional[Path] = pictures.html_option(),
    plot: Optional[Path] = pictures.plot_option(),
) -> None:
    """``oomdoctor check``: read a training script (and, unless --static-only, run it up to fit())
    and print its findings."""
    from ..check import check_script
    from ..i18n import _, set_language

    set_language(arguments.language(lang))
    html, plot = pictures.check_paths(html, plot, (script,))
    if not timeout > 0:
        raise OomdoctorError(_("--timeout must be more than 0 seconds, not {timeout}.").format(timeout=timeout),
                             _("Give --timeout 600, for example."))
    if plot is not None and static_only:
        raise OomdoctorError(_("--plot draws the estimate of the model the script trains, and --static-only does "
                               "not run the script."), _("Drop --static-only, or use --html for the findings."))
    findings, datasets, keras = check_script(script)
    named = [d.to_dict() for d in datasets]
    capture = None
    not_run = None  # why the script was not run, where it trains with no Keras fit() to stop at
    if not static_only:
        from ..check.capture import capture_script

        if keras:
            capture = capture_script(Path(script), script_args or [], gpu, timeout,
                                     curve=html is not None or plot is not None)
        elif plot is not None:
            raise OomdoctorError(_("--plot draws the estimate of the model a Keras script trains, and {script} "
                                   "imports neither Keras nor TensorFlow.").format(script=script),
                                 _("Use --html for the findings, or estimate its model: oomdoctor estimate "
                                   "{script}:build_model --batch-size 32 (the function that builds it).").format(
                                     script=script))
        else:
            not_run = _("The script was not run: it imports neither Keras nor TensorFlow, and the run stops at "
                        "Keras's fit() only, so a PyTorch or JAX loop would train for real. The findings come from "
                        "reading it; for its model's peak, oomdoctor estimate {script}:build_model --batch-size 32 "
                        "(the function that builds it).").format(script=script)
    if html is not None or plot is not None:
        estimate = capture["estimate"] if capture and capture.get("captured") else None
        pictures.write(html, plot, title=_("oomdoctor check: {script}").format(script=script),
                        check={"script": script, "findings": [f.to_dict() for f in findings], "capture": capture,
                               "datasets_named": named},
                        estimate=estimate, curve=capture.get("batch_curve") if estimate else None)
    if as_json:
        typer.echo(json.dumps({"findings": [f.to_dict() for f in findings],
                               "datasets_named": named,
                               "capture": capture if capture and capture.get("captured") else None,
                               "capture_error": capture.get("error") if capture else None,
                               "capture_skipped": not_run},
                              indent=2, ensure_ascii=False))
        if capture is not None and not capture.get("captured"):
            _capture_failed(capture)
        return
    from ..render import check as report

    _echo(report.findings_lines(script, findings))
    if (sentence := report.datasets_sentence(named)) is not None:
        typer.echo("\n" + sentence)
    if not_run is not None:
        typer.echo(not_run)
    if capture is None:
        return
    if not capture.get("captured"):
        _capture_failed(capture)
    _echo(report.capture_lines(capture))


def _echo(lines: list[str]) -> None:
    for line in lines:
        typer.echo(line)


def _capture_failed(capture: dict) -> None:
    """One line on stderr, as every error (the findings stay the output), and exit code 2."""
    from ..i18n import _

    typer.echo(_("oomdoctor: could not capture the model: {error}").format(error=capture.get("error")), err=True)
    raise typer.Exit(2)
