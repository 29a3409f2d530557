"""Byte sizes: parsing what users type and printing what they read."""

from __future__ import annotations

import re

from .errors import OomdoctorError
from .i18n import _

KiB, MiB, GiB, TiB = 1 << 10, 1 << 20, 1 << 30, 1 << 40

_SIZE = re.compile(r"^\s*([0-9]*\.?[0-9]+)\s*([kmgt]?i?b?)?\s*$", re.IGNORECASE)
# "12GB" on a GPU's box means GiB in practice (a "12 GB" RTX 3060 has 12288 MiB),
# so decimal and binary suffixes are both read as binary.
_FACTORS = {"": 1, "b": 1, "k": KiB, "m": MiB, "g": GiB, "t": TiB}


def parse_size(text: str) -> int:
    """'12GiB', '12GB', '16g', '8000MiB', '1.5TB' -> bytes (binary units)."""
    match = _SIZE.match(str(text))
    if not match:
        raise OomdoctorError(
            _("Cannot read the memory size {text!r}.").format(text=text),
            _("Write it like 12GiB, 16GB or 8000MiB."),
        )
    number, unit = match.groups()
    factor = _FACTORS[(unit or "").lower()[:1]]
    value = int(float(number) * factor)
    if value <= 0:
        raise OomdoctorError(_("The memory size {text!r} is not positive.").format(text=text),
                             _("Give a size such as 12GiB."))
    return value


def format_bytes(n: float) -> str:
    """Binary units, three significant figures: 11.5 GiB, 770 MiB, 512 B."""
    sign = "-" if n < 0 else ""
    n = abs(n)
    for unit, factor in (("TiB", TiB), ("GiB", GiB), ("MiB", MiB), ("KiB", KiB)):
        if n >= factor:
            value = n / factor
            text = f"{value:.1f}" if value < 100 else f"{value:.0f}"
            return f"{sign}{text} {unit}"
    return f"{sign}{int(n)} B"


def itemsize(dtype) -> int:
    """Bytes per element of a dtype given as a string or a framework dtype (bfloat16 included)."""
    import numpy as np

    name = str(getattr(dtype, "name", dtype))
    try:
        return np.dtype(name).itemsize
    except TypeError:  # bfloat16 and friends numpy does not know by name
        return 2 if "16" in name else 1 if "8" in name else 4
