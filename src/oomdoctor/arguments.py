"""The values users give oomdoctor, on the command line or through the API, checked in one place.

Each check names the argument and says what would be accepted, so a bad value ends in one line
(``OomdoctorError``) before any work, never as a framework's exception halfway through.
"""

from __future__ import annotations

import operator
from typing import Any

from .errors import OomdoctorError
from .i18n import _, known_language
from .units import magnitude, shown

# Frameworks index a batch with 32-bit integers in places (CUDA grid sizes, cuDNN descriptors);
# a batch past this is a typo
LARGEST_BATCH = 2**31 - 1


def whole_number(value: Any) -> int | None:
    """``value`` as an int if it is a whole number (NumPy's included, bool not), else None."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def batch_size(value: Any, name: str = "batch_size") -> int:
    """A whole number from 1 to ``LARGEST_BATCH``."""
    number = whole_number(value)
    if number is not None and 1 <= number <= LARGEST_BATCH:
        return number
    given = repr(value) if number is None or number < 10**12 else magnitude(number)
    raise OomdoctorError(_("The batch size must be a whole number from 1 to {most}, not {value}.").format(
        most=f"{LARGEST_BATCH:,}", value=given), _("Give {name} a whole number such as 32.").format(name=name))


def type_error(name: str, value: Any, expected: str) -> OomdoctorError:
    """``name`` got a value of the wrong kind."""
    return OomdoctorError(_("{name} must be {expected}, not {type} {value}.").format(
        name=name, expected=expected, type=type(value).__name__, value=shown(repr(value), 60)))


def input_shape(value: Any) -> tuple[int, ...] | None:
    """None, or a per-sample shape: a tuple or list of whole numbers of 1 or more."""
    if value is None:
        return None
    if isinstance(value, (tuple, list)) and value:
        dims = tuple(whole_number(d) for d in value)
        if all(d is not None and d >= 1 for d in dims):
            return dims
    raise type_error("input_shape", value, _("a tuple of sizes of 1 or more, without the batch, such as (224, 224, 3)"))


def text(value: Any, name: str) -> str:
    """``value`` if it is a str; a type error naming ``name`` otherwise."""
    if not isinstance(value, str):
        raise type_error(name, value, _("text (str)"))
    return value


def language(value: str | None) -> str | None:
    """None (the environment's language), or a language oomdoctor has a catalog for."""
    if value is None or known_language(value):
        return value
    raise OomdoctorError(_("Unknown language {lang!r}.").format(lang=value), _("Use --lang en or --lang zh."))
