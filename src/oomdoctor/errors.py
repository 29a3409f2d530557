"""The one exception type a user is meant to see: a problem and its fix."""

from __future__ import annotations


class OomdoctorError(Exception):
    """Bad input or an unsupported situation, said in one line with its fix.

    The CLI prints ``str(error)`` and exits with code 2; ``--debug`` adds the
    traceback. Library callers can catch it like any exception.
    """

    def __init__(self, problem: str, fix: str | None = None) -> None:
        self.problem = problem
        self.fix = fix
        super().__init__(f"{problem} {fix}" if fix else problem)


def missing_framework(module: str, extra: str) -> OomdoctorError:
    return OomdoctorError(
        f"{module} is not installed.",
        f"Install it with: pip install 'oomdoctor[{extra}]'",
    )
