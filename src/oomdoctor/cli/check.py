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
    from ..check import check_source
    from ..i18n import _, set_language

    set_language(arguments.language(lang))
    html, plot = pictures.check_paths(html, plot, (script,))
    if not timeout > 0:
        raise OomdoctorError(_("--timeout must be more than 0 seconds, not {timeout}.").format(timeout=timeout),
                             _("Give --timeout 600, for example."))
    if plot is not None and static_only:
        raise OomdoctorError(_("--plot draws the estimate of the model the script trains, and --static-only does "
                               "not run the script."), _("Drop --static-only, or use --html for the findings."))
    findings = check_source(script)
    capture = None
    if not static_only:
        from ..check.capture import capture_script

        capture = capture_script(Path(script), script_args or [], gpu, timeout,
                                 curve=html is not None or plot is not None)
    if html is not None or plot is not None:
        estimate = capture["estimate"] if capture and capture.get("captured") else None
        pictures.write(html, plot, title=_("oomdoctor check: {script}").format(script=script),
                        check={"script": script, "findings": [f.to_dict() for f in findings], "capture": capture},
                        estimate=estimate, curve=capture.get("batch_curve") if estimate else None)
    if as_json:
        typer.echo(json.dumps({"findings": [f.to_dict() for f in findings],
                               "capture": capture if capture and capture.get("captured") else None,
                               "capture_error": capture.get("error") if capture else None},
                              indent=2, ensure_ascii=False))
        if capture is not None and not capture.get("captured"):
            _capture_failed(capture)
        return
    # memory problems first: speed advice is kept apart so that it never hides them
    memory = [f for f in findings if f.kind == "memory"]
    other = [f for f in findings if f.kind != "memory"]
    if memory:
        typer.echo(_("{count} memory problem(s) in {script}:").format(count=len(memory), script=script))
        _render_findings(memory)
    else:
        typer.echo(_("No memory problems found in {script}.").format(script=script))
    if other:
        typer.echo("\n" + _("{count} other finding(s), about speed or precision (they do not change memory "
                            "use):").format(count=len(other)))
        _render_findings(other)
    if capture is None:
        return
    if not capture.get("captured"):
        _capture_failed(capture)
    _render_capture(capture)


def _render_findings(findings: list) -> None:
    from ..i18n import _

    for finding in findings:
        typer.echo(f"\n{finding.file}:{finding.line}  [{finding.rule}]")
        typer.echo(f"  {finding.message}")
        typer.echo("  " + _("Fix: {fix}").format(fix=finding.fix))


def _capture_failed(capture: dict) -> None:
    """One line on stderr, as every error (the findings stay the output), and exit code 2."""
    from ..i18n import _

    typer.echo(_("oomdoctor: could not capture the model: {error}").format(error=capture.get("error")), err=True)
    raise typer.Exit(2)


def _render_capture(capture: dict) -> None:
    from ..i18n import _
    from ..units import format_bytes

    est = capture["estimate"]
    typer.echo("\n" + _("The script trains {model} with batch {batch} ({optimizer}, {precision}, {backend}): "
                        "peak {peak} (allocator peak; nvidia-smi about {total}).").format(
        model=est["model"], batch=capture["batch_size"], optimizer=est["optimizer"], precision=est["precision"],
        backend=est["backend"], peak=format_bytes(est["peak_bytes"]), total=format_bytes(est["device_total_bytes"])))
    for culprit in est["culprits"][:2]:
        typer.echo(f"  • {culprit['message']}")
    if "fits" in est:
        typer.echo("  " + (_("Fits {gpu}; largest batch {max_batch}.") if est["fits"] else
                           _("Does NOT fit {gpu}; largest batch {max_batch}.")).format(
            gpu=est["gpu"], max_batch=est["max_batch_size"]))
    pipeline = capture.get("pipeline")
    if pipeline and pipeline.get("element_bytes") is not None:
        typer.echo("  " + _("Input pipeline (host memory): {element} per element; buffers hold {host}.").format(
            element=format_bytes(pipeline["element_bytes"]), host=format_bytes(pipeline["host_bytes"] or 0)))
        for buffer in pipeline["buffers"]:
            size = "" if buffer["bytes"] is None else f" = {format_bytes(buffer['bytes'])}"
            count = "" if buffer["elements"] is None else f" {buffer['elements']} ×"
            typer.echo(f"    - {buffer['kind']}:{count}{size}")
