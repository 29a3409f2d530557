"""The one exception type a user is meant to see: a problem and its fix."""

from __future__ import annotations

from .i18n import _


class OomdoctorError(Exception):
    """Bad input or an unsupported situation, said in one line with its fix.

    The CLI prints ``str(error)`` and exits with code 2; ``--debug`` adds the
    traceback. Library callers can catch it like any exception.
    """

    def __init__(self, problem: str, fix: str | None = None) -> None:
        self.problem = problem
        self.fix = fix
        # Chinese sentences end in a full-width stop and run on without a space
        separator = "" if problem.endswith(("。", "）", "：")) else " "
        super().__init__(f"{problem}{separator}{fix}" if fix else problem)


def missing_framework(module: str, extra: str) -> OomdoctorError:
    return OomdoctorError(
        _("{module} is not installed.").format(module=module),
        _("Install it with: pip install 'oomdoctor[{extra}]'").format(extra=extra),
    )


def first_line(exc: BaseException) -> str:
    """``Type: first line of the message``, for a report's note."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return f"{type(exc).__name__}: {lines[0][:300] if lines else ''}".rstrip(": ")
