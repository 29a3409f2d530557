"""The one exception type a user is meant to see: a problem and its fix."""

from __future__ import annotations

import contextlib
import os

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


class UserCodeError(OomdoctorError):
    """The user's own code (a model builder, a model's ``call``) raised or exited: said as theirs, in full."""


class WrongFramework(OomdoctorError):
    """The user's function returned the other framework's model than its file's imports suggested; the
    caller builds it again on ``framework``'s path ("keras" or "torch")."""

    def __init__(self, problem: str, framework: str) -> None:
        super().__init__(problem)
        self.framework = framework


class HardExit(BaseException):
    """``os._exit`` called by the user's code while oomdoctor ran it, which would end the process without a
    word (BaseException: the user's ``except Exception`` does not catch it)."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


@contextlib.contextmanager
def hard_exit_raises():
    """While it lasts, ``os._exit`` in this process raises ``HardExit``; a child forked meanwhile (by
    multiprocessing) still exits."""
    real, pid = os._exit, os.getpid()

    def raising_exit(code=0):
        if os.getpid() != pid:
            real(code)
        raise HardExit(code)

    os._exit = raising_exit
    try:
        yield
    finally:
        os._exit = real


@contextlib.contextmanager
def user_code(where: str, fix: str):
    """Run the user's code; every way it can end other than by returning becomes one ``UserCodeError``.

    ``where`` names the code ("model.py:build"); ``fix`` is shown after an exception. Ctrl-C passes
    through as itself; a KeyboardInterrupt the code raises on its own is the code's.
    """
    from . import child

    with hard_exit_raises(), _process_state_kept():
        try:
            yield
        except OomdoctorError:
            raise
        except HardExit as exc:
            raise UserCodeError(_("{where} called os._exit({code}) instead of returning.").format(
                where=where, code=exc.code), _("Remove the exit from it.")) from None
        except SystemExit as exc:
            raise UserCodeError(_("{where} called sys.exit({code!r}) instead of returning.").format(
                where=where, code=exc.code), _("Remove the exit from it.")) from None
        except KeyboardInterrupt as exc:
            if child.interrupted():
                raise
            raise UserCodeError(_("{where} raised KeyboardInterrupt.").format(where=where), fix) from exc
        except Exception as exc:
            raise UserCodeError(_("{where} raised {error}").format(where=where, error=one_line(exc)), fix) from exc
        except BaseException as exc:  # a BaseException subclass of the user's own; GeneratorExit
            if isinstance(exc, child.Terminated):
                raise
            raise UserCodeError(_("{where} raised {error}").format(where=where, error=one_line(exc)), fix) from exc


@contextlib.contextmanager
def _process_state_kept():
    """The working folder, ``sys.path`` and oomdoctor's signal handlers as they were before the user's code ran:
    a builder that changes folder would move where --html is written, one that clears sys.path would break
    later imports, and one that sets a SIGTERM handler would keep oomdoctor from stopping."""
    import signal
    import sys
    import threading

    folder, path = os.getcwd(), list(sys.path)
    main_thread = threading.current_thread() is threading.main_thread()
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)} if main_thread else {}
    try:
        yield
    finally:
        try:
            os.chdir(folder)
        except OSError:
            pass  # the folder was removed meanwhile; the paths oomdoctor writes are already absolute
        sys.path[:] = path
        for signum, handler in handlers.items():
            signal.signal(signum, handler)


def missing_framework(module: str, extra: str) -> OomdoctorError:
    """The error for a framework that is not installed, naming the exact pip command of its extra."""
    return OomdoctorError(
        _("{module} is not installed.").format(module=module),
        _("Install it with: pip install 'oomdoctor[{extra}]'").format(extra=extra),
    )


# The frameworks a step can run on; each is also the name of the extra that installs it.
FRAMEWORKS = ("tensorflow", "jax", "torch")


def require_framework(name: str) -> None:
    """Raise the one-line error that names the extra to install when framework ``name`` is not importable."""
    import importlib.util

    if importlib.util.find_spec(name) is None:
        raise missing_framework(name, name)


def first_line(exc: BaseException) -> str:
    """``Type: first line of the message``, for a report's note."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return f"{type(exc).__name__}: {lines[0][:300] if lines else ''}".rstrip(": ")


def one_line(exc: BaseException, limit: int = 1500) -> str:
    """``Type: the whole message`` on one line (its lines joined by " / "), for an error the user must read in
    full; only a message longer than ``limit`` is cut, at a word, with "…"."""
    text = " / ".join(line.strip() for line in str(exc).splitlines() if line.strip())
    if len(text) > limit:
        text = text[:limit].rsplit(" ", 1)[0] + " …"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
