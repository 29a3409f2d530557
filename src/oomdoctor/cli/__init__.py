"""The ``oomdoctor`` command. This module only registers subcommands and turns errors into one line."""

from __future__ import annotations

import errno
import sys
import traceback

import typer

from ..errors import OomdoctorError
from ..i18n import _
from . import check as _check
from . import demo as _demo
from . import estimate as _estimate
from . import explain as _explain
from . import measure as _measure

app = typer.Typer(
    name="oomdoctor",
    help="Predict a training step's GPU memory before you train: what holds it, whether it fits, what to change. "
         "Add --debug to any command to see an error's traceback.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("estimate", help=_estimate.HELP)(_estimate.command)
app.command("measure", help=_measure.HELP)(_measure.command)
app.command("explain", help=_explain.HELP)(_explain.command)
app.command("check", help=_check.HELP)(_check.command)
app.command("demo", help=_demo.HELP)(_demo.command)


def main(argv: list[str] | None = None) -> int:
    """The command line; ``argv`` None means this is the program itself (not a test calling it)."""
    from .. import child

    program = argv is None
    code = _run(list(sys.argv[1:] if argv is None else argv), program)
    if program:  # a test calling main() shares its process with pytest: nothing of that process is touched
        stopped = child.stop_strays()
        if stopped:
            print(_("oomdoctor: stopped what your code started and left running: {processes}.").format(
                processes=", ".join(stopped)), file=sys.stderr)
        child.exit_now_if_threads_linger(code)
    return code


def _run(args: list[str], program: bool) -> int:
    debug = "--debug" in args
    if debug:
        args.remove("--debug")
    from ..child import Terminated, handle_signals, interrupted

    handle_signals()  # Ctrl-C and SIGTERM unwind, so every child process is killed on the way out
    try:
        # without standalone mode click returns an exit code (typer.Exit(n)) instead of exiting;
        # on Ctrl-C typer returns 130 itself, without a word
        returned = app(args=args, prog_name="oomdoctor", standalone_mode=False)
        if returned == 130 and interrupted():
            raise KeyboardInterrupt
        if isinstance(returned, int):
            return returned
    except OomdoctorError as error:
        if debug:
            traceback.print_exc()
        print(_("oomdoctor: error: {message}").format(message=error), file=sys.stderr)
        return 2
    except typer.Exit as done:
        return done.exit_code
    except (typer.Abort, KeyboardInterrupt):
        if program:
            _process_stop_strays()
        print(_("oomdoctor: interrupted; no process of oomdoctor's is left running."),
              file=sys.stderr)
        return 130
    except Terminated:
        if program:
            _process_stop_strays()
        print(_("oomdoctor: stopped by SIGTERM; no process of oomdoctor's is left running."), file=sys.stderr)
        return 143
    except OSError as error:
        if error.errno not in (errno.ENAMETOOLONG, errno.ELOOP):
            return _internal_error(error, debug)
        print(_("oomdoctor: error: {reason}: {path}.").format(reason=error.strerror, path=_shown(error.filename)),
              file=sys.stderr)
        return 2
    except Exception as error:
        # Usage errors (a missing value, an unknown command) are click exceptions; typer vendors
        # click, so they are recognised by what they can do, not by importing click.
        if hasattr(error, "format_message") and isinstance(getattr(error, "exit_code", None), int):
            context = getattr(error, "ctx", None)
            command = getattr(context, "command_path", None) or "oomdoctor"
            print(_("oomdoctor: error: {message}. Run '{command} --help' for the options.").format(
                message=error.format_message().rstrip("."), command=command), file=sys.stderr)
            return error.exit_code
        return _internal_error(error, debug)
    return 0


def _internal_error(error: Exception, debug: bool) -> int:
    if debug:
        traceback.print_exc()
    print(_("oomdoctor: internal error: {error}: {message}. Run again with --debug for the traceback, "
            "and please report it.").format(error=type(error).__name__, message=error), file=sys.stderr)
    return 1


def _shown(path) -> str:
    text = str(path)
    return text if len(text) <= 80 else text[:40] + "…" + text[-37:]


def _process_stop_strays() -> None:
    from ..child import stop_strays

    stop_strays()  # before saying that nothing is left running


if __name__ == "__main__":
    sys.exit(main())
