"""TensorFlow and Triton in one process: load Triton first, or refuse it with a reason instead of a crash.

TensorFlow's wheels from 2.20 on load ``_pywrap_tensorflow_internal.so`` with ``RTLD_GLOBAL``, which puts
TensorFlow's statically linked LLVM in the process's global symbol table. Triton from 3.7 on exports the
LLVM it carries, so a ``libtriton.so`` loaded after TensorFlow binds its own LLVM calls to TensorFlow's
copy, of another version, and Python dies with SIGSEGV inside Triton's static initialisers
(``llvm::DebugCounter`` in ``PassBuilder.cpp``; tensorflow/tensorflow#124205). ``import tensorflow;
import triton`` is enough. torch imports Triton as soon as ``torch._dynamo`` loads, which
``FakeTensorMode``, torchvision's ops and transformers all do, so one process that estimates a Keras
model on TensorFlow and then traces a PyTorch model would crash, and so would a notebook that imported
TensorFlow before calling oomdoctor on a torch model.

The other order is safe: Triton loads its library with ``RTLD_LOCAL``, so TensorFlow, loaded after it,
still binds to its own LLVM. ``install()``, which ``import oomdoctor`` runs, adds an import hook that:

- imports Triton just before TensorFlow's first import, where a Triton that exports LLVM is installed
  (0.2 s);
- where TensorFlow was imported before oomdoctor, turns the import of Triton into a ``ModuleNotFoundError``
  that says why. torch treats it as "no Triton" (``has_triton_package``), so the
  trace runs; ``refusal_note()`` puts the reason in the estimate.

Nothing is imported by ``install()`` itself, and the hook compares two module names per import.
"""

from __future__ import annotations

import ctypes
import importlib
import importlib.abc
import importlib.metadata
import sys

from .i18n import _

# A symbol that every LLVM defines (every static ``cl::opt`` calls it while loading); found by dlsym in
# the global scope only when some library put its LLVM there.
_LLVM_PROBE_SYMBOL = "_ZN4llvm2cl6Option11addArgumentEv"
# The first Triton release whose libtriton.so exports its LLVM symbols (tensorflow/tensorflow#124205).
_FIRST_EXPORTING_TRITON = (3, 7)

# What happened to Triton in this process, when the hook had to refuse it or could not load it.
_triton_note: str | None = None


def _triton_version() -> tuple[int, ...] | None:
    """The installed Triton's (major, minor), or None where none is installed (read from its metadata,
    without importing it)."""
    try:
        version = importlib.metadata.version("triton")
    except importlib.metadata.PackageNotFoundError:
        return None
    numbers = []
    for part in version.split(".")[:2]:
        digits = "".join(ch for ch in part if ch.isdigit())
        numbers.append(int(digits) if digits else 0)
    return tuple(numbers)


def triton_exports_llvm() -> bool:
    """Whether the installed Triton is one whose library clashes with an LLVM loaded before it."""
    version = _triton_version()
    return sys.platform.startswith("linux") and version is not None and version >= _FIRST_EXPORTING_TRITON


def llvm_in_global_scope() -> bool:
    """Whether a library already loaded put LLVM's symbols in the global scope (TensorFlow ≥ 2.20 does)."""
    try:
        return hasattr(ctypes.CDLL(None), _LLVM_PROBE_SYMBOL)
    except OSError:  # no dlopen(NULL) on this platform: nothing is global in the ELF sense
        return False


class _TritonBeforeTensorFlow(importlib.abc.MetaPathFinder):
    """The hook: takes part in the first import of ``tensorflow`` and of ``triton``, and finds nothing itself.

    It stays in ``sys.meta_path`` once its work is done (inert): the import system walks that list while
    calling it, and removing an entry there would skip the finder after it."""

    def find_spec(self, fullname, path=None, target=None):
        global _triton_note
        if fullname == "tensorflow" and "tensorflow" not in sys.modules and "triton" not in sys.modules:
            if not llvm_in_global_scope():
                try:
                    importlib.import_module("triton")
                except Exception as error:  # a broken Triton must not break TensorFlow's import
                    _triton_note = _("Triton could not be imported before TensorFlow ({error}); a later "
                                     "import of it in this process may crash Python "
                                     "(tensorflow/tensorflow#124205).").format(
                        error=f"{type(error).__name__}: {error}".splitlines()[0])
        elif fullname == "triton" and "tensorflow" in sys.modules and llvm_in_global_scope():
            _triton_note = _(
                "Triton was not loaded: TensorFlow, imported before oomdoctor, put its LLVM in the process's "
                "global symbol table, and Triton {version} loaded after it crashes Python "
                "(tensorflow/tensorflow#124205). torch runs without Triton here, which the estimate does not "
                "need; for torch.compile in this process, import oomdoctor (or torch._dynamo) before "
                "TensorFlow.").format(version=".".join(map(str, _triton_version() or ())))
            # ModuleNotFoundError: what importlib.util.find_spec callers (torch._native) expect for "absent"
            raise ModuleNotFoundError(_triton_note, name="triton")
        return None


_HOOK = _TritonBeforeTensorFlow()


def install() -> None:
    """Add the hook, where it can matter: a Triton that exports LLVM is installed and not yet loaded."""
    if _HOOK in sys.meta_path or "triton" in sys.modules or not triton_exports_llvm():
        return
    if "tensorflow" in sys.modules and not llvm_in_global_scope():
        return  # a TensorFlow that keeps its LLVM to itself
    sys.meta_path.insert(0, _HOOK)


def refusal_note() -> str | None:
    """Why Triton was refused (or could not be loaded first) in this process, for the notes of an
    estimate that traced torch; None when nothing happened."""
    return _triton_note
