"""The ``oomdoctor`` command. This module only registers subcommands and turns errors into one line."""

from __future__ import annotations

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
    args = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in args
    if debug:
        args.remove("--debug")
    from .._process import Terminated, handle_signals, interrupted

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
        print(_("oomdoctor: interrupted; no process of oomdoctor's is left running."),
              file=sys.stderr)
        return 130
    except Terminated:
        print(_("oomdoctor: stopped by SIGTERM; no process of oomdoctor's is left running."), file=sys.stderr)
        return 143
    except Exception as error:
        # Usage errors (a missing value, an unknown command) are click exceptions; typer vendors
        # click, so they are recognised by what they can do, not by importing click.
        if hasattr(error, "show") and isinstance(getattr(error, "exit_code", None), int):
            error.show()
            return error.exit_code
        if debug:
            traceback.print_exc()
        print(_("oomdoctor: internal error: {error}: {message}. Run again with --debug for the traceback, "
                "and please report it.").format(error=type(error).__name__, message=error), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
