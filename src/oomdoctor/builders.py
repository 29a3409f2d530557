"""A user's ``path/to/file.py:function``: the file imported and the function called, whatever the framework.

What goes wrong in the user's code is said in one line, as theirs (``errors.user_code``); both engines'
loaders (``oomdoctor.keras.loading``, ``oomdoctor.pytorch.loading``) call their builders through here.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from .errors import OomdoctorError, user_code
from .i18n import _


def call_user_function(path: Path, function: str, run, define_hint: str):
    """Import ``path`` and return ``run(its function)``; what goes wrong is said in one line.

    ``define_hint`` is the fix shown when the file has no such function; the user's code ending any
    other way than by returning (an exception, sys.exit, os._exit) is a ``UserCodeError`` in full.
    """
    module_name = f"_oomdoctor_user_{path.stem}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise OomdoctorError(_("{path} cannot be imported as Python.").format(path=path), _("Give a .py file."))
    module = importlib.util.module_from_spec(spec)
    folder = str(path.parent.resolve())
    sys.path.insert(0, folder)
    fix = _("This is an error in your code, not in oomdoctor: fix it there (--debug shows the traceback).")
    try:
        with user_code(str(path), fix):
            spec.loader.exec_module(module)
        builder = getattr(module, function, None)
        if builder is None or not callable(builder):
            raise OomdoctorError(_("{path} has no function {function!r}.").format(path=path, function=function),
                                 define_hint)
        with user_code(f"{path}:{function}", fix):
            return run(builder)
    finally:
        if folder in sys.path:  # the user's code may have changed sys.path (user_code restores it)
            sys.path.remove(folder)
