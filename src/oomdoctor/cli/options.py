"""Options the subcommands share: their declarations, and parsing where bad values become one-line errors."""

from __future__ import annotations

import typer

from ..errors import OomdoctorError
from ..i18n import _


def lang_option():
    """The ``--lang`` option every command takes."""
    return typer.Option(None, help="en or zh (default: from the locale).")


def input_shape_option():
    """The ``--input-shape`` option: one sample's shape, for inputs with unknown dimensions."""
    return typer.Option(None, help="Per-sample input shape D1,D2,... for unknown dims.")


def parse_input_shape(text: str | None) -> tuple[int, ...] | None:
    """``--input-shape``'s text (``1491,257,1`` or ``1491x257x1``) as a tuple of positive ints; None when not given."""
    if not text:
        return None
    try:
        dims = tuple(int(part) for part in text.replace("x", ",").split(",") if part.strip())
    except ValueError:
        raise OomdoctorError(_("Cannot read --input-shape {text!r}.").format(text=text),
                             _("Write it like 1491,257,1 (no batch).")) from None
    if not dims or any(d < 1 for d in dims):
        raise OomdoctorError(_("--input-shape {text!r} must list positive sizes.").format(text=text),
                             _("Write it like 1491,257,1."))
    return dims


def gpu_choice(gpu: str | None, gpu_memory: str | None):
    """The GPU that ``--gpu`` or ``--gpu-memory`` names (one of them at most); None when neither is given."""
    from ..gpus import gpu_by_name, gpu_with_memory

    if gpu and gpu_memory:
        raise OomdoctorError(_("Give either --gpu or --gpu-memory, not both."), _("Drop one of them."))
    if gpu:
        return gpu_by_name(gpu)
    if gpu_memory:
        return gpu_with_memory(gpu_memory)
    return None
