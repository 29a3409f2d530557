"""``--html FILE`` and ``--plot FILE.png``, shared by estimate, measure, check and demo."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from ..errors import OomdoctorError
from ..i18n import _

HTML_HELP = ("Also write a self-contained HTML report (verdict, charts, layers, fixes; works offline) to FILE.")
PLOT_HELP = "Also write a PNG of the two main charts (what holds the peak; peak against batch size) to FILE.png."


def html_option() -> Optional[Path]:
    """The ``--html FILE`` option: write the report as one self-contained HTML page."""
    return typer.Option(None, "--html", help=HTML_HELP, metavar="FILE", dir_okay=False)


def plot_option() -> Optional[Path]:
    """The ``--plot FILE.png`` option: write the report's charts as a PNG."""
    return typer.Option(None, "--plot", help=PLOT_HELP, metavar="FILE.png", dir_okay=False)


def check_paths(html: Path | None, plot: Path | None,
                inputs: tuple[str, ...] = ()) -> tuple[Path | None, Path | None]:
    """Fail on a path that cannot be written before any slow work, not after it; the paths made absolute, so
    that a model builder changing the working folder does not move them, and never one of ``inputs`` (the
    MODEL's or script's own file: --html model.py would overwrite the user's code)."""
    sources = {Path(text.rpartition(":")[0] if ":" in text and not Path(text).exists() else text).resolve()
               for text in inputs}
    for path in (html, plot):
        if path is None:
            continue
        _check_writable(path)
        if path.resolve() in sources:
            raise OomdoctorError(_("{path} is the model or script being read; writing the report there would "
                                   "overwrite it.").format(path=path), _("Give another file name."))
    html = html.resolve() if html is not None else None
    plot = plot.resolve() if plot is not None else None
    if plot is not None and plot.suffix.lower() != ".png":
        raise OomdoctorError(_("--plot writes a PNG, and {path} does not end in .png.").format(path=plot),
                             _("Give a file name ending in .png."))
    return html, plot


def _check_writable(path: Path) -> None:
    """``path`` can be written: its folder exists and takes a new file (tried with a temporary one, removed
    at once), and the path itself is a regular file we may write, or nothing yet."""
    import os
    import tempfile

    fix = _("Give a path in a folder you can write to.")
    folder = path.resolve().parent
    if not folder.is_dir():
        raise OomdoctorError(_("Cannot write {path}: its folder does not exist.").format(path=path),
                             _("Create the folder first, or give another path."))
    if path.exists() and (not path.is_file() or not os.access(path, os.W_OK)):
        raise OomdoctorError(_("Cannot write {path}: it is not a file you can write.").format(path=path), fix)
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".oomdoctor-", suffix=".tmp"):
            pass
    except OSError as exc:
        raise OomdoctorError(_("Cannot write {path}: {reason}.").format(path=path, reason=exc.strerror or exc),
                             fix) from None


def estimate_sections(estimate) -> dict:
    """An ``Estimate`` as the renderers take it: its JSON form and its peak at other batch sizes."""
    from ..estimator.batch_curve import batch_curve

    curve = batch_curve(estimate)
    return {"estimate": estimate.to_dict(), "curve": curve.to_dict() if curve else None}


def write(html: Path | None, plot: Path | None, **sections) -> None:
    """Write the report and the plot; say where on stderr, so ``--json`` output stays one object."""
    try:
        _write(html, plot, sections)
    except OSError as exc:  # the disk filled up, or the folder went away, after check_paths
        raise OomdoctorError(_("Cannot write {path}: {reason}.").format(path=exc.filename, reason=exc.strerror or exc),
                             _("Give a path in a folder you can write to.")) from None


def _write(html: Path | None, plot: Path | None, sections: dict) -> None:
    if html is not None:
        from ..render.html import page

        html.write_text(page(**sections), encoding="utf-8")
        print(_("Wrote the HTML report to {path}.").format(path=html), file=sys.stderr)
    if plot is not None:
        if not sections.get("estimate"):
            print(_("No plot written: there is no estimate to draw."), file=sys.stderr)
            return
        from ..render.charts import plot_png

        plot.write_bytes(plot_png(sections["estimate"], sections.get("curve")))
        print(_("Wrote the plot to {path}.").format(path=plot), file=sys.stderr)
