"""Byte sizes: parsing what users type and printing what they read."""

from __future__ import annotations

import re
from decimal import Decimal

from .errors import OomdoctorError
from .i18n import _

KiB, MiB, GiB, TiB, PiB, EiB = (1 << shift for shift in (10, 20, 30, 40, 50, 60))

# A number with a unit; the number has a bounded length so that pasted garbage is refused, not converted
_SIZE = re.compile(r"^\s*(\d{1,30}(?:\.\d{0,30})?|\.\d{1,30})\s*([kmgtpe]i?b?|b)?\s*$", re.IGNORECASE)
# "12GB" on a GPU's box means GiB in practice (a "12 GB" RTX 3060 has 12288 MiB),
# so decimal and binary suffixes are both read as binary.
_FACTORS = {"b": 1, "k": KiB, "m": MiB, "g": GiB, "t": TiB, "p": PiB, "e": EiB}
# Past this no memory exists; a size above it is a typo or a shape bug, and refusing it keeps every later
# sum and product an ordinary integer
LARGEST_SIZE = EiB


def parse_size(text: str, unit_required: bool = True) -> int:
    """'12GiB', '12GB', '16g', '8000MiB', '1.5TB' -> bytes (binary units).

    A bare number is refused unless ``unit_required`` is false (a log's byte counts): on a command
    line '12' is as likely to mean 12 GiB as 12 bytes.
    """
    match = _SIZE.match(str(text))
    if not match:
        raise OomdoctorError(
            _("Cannot read the memory size {text!r}.").format(text=shown(text)),
            _("Write it like 12GiB, 16GB or 8000MiB."),
        )
    number, unit = match.groups()
    if unit is None and unit_required:
        raise OomdoctorError(_("The memory size {text!r} has no unit.").format(text=shown(text)),
                             _("Write it with one, like {number}GiB or {number}MiB.").format(number=number))
    value = int(Decimal(number) * _FACTORS[(unit or "b").lower()[:1]])
    if value <= 0:
        raise OomdoctorError(_("The memory size {text!r} is not positive.").format(text=shown(text)),
                             _("Give a size such as 12GiB."))
    if value > LARGEST_SIZE:
        raise OomdoctorError(_("The memory size {text!r} is larger than any memory that exists.").format(
            text=shown(text)), _("Give a size such as 12GiB."))
    return value


def shown(text, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters, to fit in one line of an error message."""
    text = str(text)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def format_bytes(n: float) -> str:
    """Binary units, three significant figures: 11.5 GiB, 770 MiB, 512 B."""
    sign = "-" if n < 0 else ""
    n = abs(n)
    if n >= 1024 * EiB:  # a log or a typo can state any number; float() of it would overflow
        return f"{sign}more than 1024 EiB"
    for unit, factor in (("EiB", EiB), ("PiB", PiB), ("TiB", TiB), ("GiB", GiB), ("MiB", MiB), ("KiB", KiB)):
        if n >= factor:
            value = n / factor
            text = f"{value:.1f}" if value < 100 else f"{value:.0f}"
            return f"{sign}{text} {unit}"
    return f"{sign}{int(n)} B"


def format_count(n: int) -> str:
    """A count of elements as people read it: 1,048,576, or about 10^18 past a million billion."""
    return f"{n:,}" if n < 10**15 else magnitude(n)


def magnitude(n: int) -> str:
    """'about 10^30': a whole number too long to print, by its number of digits."""
    return f"about 10^{len(str(abs(n))) - 1}"


def itemsize(dtype) -> int:
    """Bytes per element of a dtype given as a string or a framework dtype (bfloat16 included)."""
    import numpy as np

    name = str(getattr(dtype, "name", dtype))
    try:
        return np.dtype(name).itemsize
    except TypeError:  # bfloat16 and friends numpy does not know by name
        return 2 if "16" in name else 1 if "8" in name else 4
