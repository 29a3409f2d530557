"""Turn the MODEL argument of the CLI into a Keras model, without training anything.

MODEL is a ``.keras`` file or ``path/to/file.py:function`` returning a
``keras.Model`` (or a tuple whose first item is one). Models are built inside
``keras.StatelessScope`` so that, with the JAX backend, weights are recorded
by shape and never allocated.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import sys
import zipfile
from pathlib import Path

from ..builders import call_user_function
from ..errors import OomdoctorError, UserCodeError, WrongFramework, one_line
from ..files import read_zip_member, regular_file
from ..i18n import _

TRACE_BACKEND_ENV = "OOMDOCTOR_USER_KERAS_BACKEND"
# What Keras 3 accepts in KERAS_BACKEND (keras/src/backend/config.py)
KERAS_BACKENDS = ("tensorflow", "jax", "torch", "numpy", "openvino")


def keras_json_backend() -> tuple[str | None, Path]:
    """The backend named in Keras's own config file (``$KERAS_HOME/keras.json``), and the file's path."""
    config = Path(os.environ.get("KERAS_HOME", Path.home() / ".keras")) / "keras.json"
    try:
        name = json.loads(config.read_text()).get("backend")
    except (OSError, ValueError, AttributeError):
        name = None
    return (name if isinstance(name, str) else None), config


def choose_trace_backend() -> None:
    """Choose the Keras backend used for tracing, before Keras is imported (by oomdoctor or by the user's
    own code, which may import it through a helper module).

    The user's own backend (KERAS_BACKEND) is remembered as the backend to
    predict for; tracing uses JAX when it is installed, because jax.eval_shape
    never allocates weights, unless the user asked for a backend explicitly.
    """
    if "keras" not in sys.modules:
        user = os.environ.get("KERAS_BACKEND")
        if user and user not in KERAS_BACKENDS:
            raise OomdoctorError(_("KERAS_BACKEND is {name!r}, which is not a Keras backend.").format(name=user),
                                 _("Set it to tensorflow, jax or torch, or unset it."))
        if user:
            os.environ.setdefault(TRACE_BACKEND_ENV, user)
        elif importlib.util.find_spec("jax") is not None:
            # the user's `import keras` would get keras.json's backend, else tensorflow: that is the one
            # predicted for, whatever traces here
            os.environ.setdefault(TRACE_BACKEND_ENV, keras_json_backend()[0] or "tensorflow")
            os.environ["KERAS_BACKEND"] = "jax"
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
        # With JAX's CUDA plugin installed, oomdoctor compiles for the target GPU without one
        # (oomdoctor.keras.backends.xla_compile); on a machine with no GPU the plugin's version check would stop it.
        os.environ.setdefault("JAX_SKIP_CUDA_CONSTRAINTS_CHECK", "1")


def prepare_keras(precision: str | None) -> None:
    """Choose the Keras backend used for tracing (``choose_trace_backend``), import Keras, and set the
    dtype policy."""
    choose_trace_backend()
    try:
        import keras
    except ImportError as exc:
        raise OomdoctorError(_("Keras 3 is not installed."),
                             _("pip install oomdoctor (it brings keras and jax).")) from exc
    if precision:
        from .backends.base import parse_precision

        keras.config.set_dtype_policy(parse_precision(precision).value)


def load_model(spec: str, abstract: bool = True):
    """The model named by ``spec``; ``abstract=False`` builds it with real weights (to train it)."""
    import keras

    if ":" in spec and not Path(spec).exists():
        path_text, _colon, function = spec.rpartition(":")
        model = _from_function(Path(path_text), function, abstract)
        # where a child process can build it again (its classes may live only in that file)
        model._oomdoctor_source = f"{Path(path_text).resolve()}:{function}"
        return model
    path = regular_file(Path(spec), _("Give a .keras file or path/to/file.py:function."))
    if path.suffix == ".py":
        raise OomdoctorError(_("{path} is a Python file but names no function.").format(path=spec),
                             _("Write {path}:build_model, naming the function that returns the model.").format(
                                 path=spec))
    if path.suffix != ".keras" or not zipfile.is_zipfile(path):
        raise OomdoctorError(_("{path} is not a Keras model file.").format(path=spec),
                             _("Give a .keras file saved with model.save(), or path/to/file.py:function."))
    try:
        with zipfile.ZipFile(path) as archive:
            config = json.loads(read_zip_member(archive, "config.json"))
    except OomdoctorError:
        raise
    except Exception as exc:
        raise _unreadable(path, exc) from exc
    if not abstract:
        try:
            return keras.saving.load_model(path, safe_mode=True)
        except Exception as exc:
            raise _unreadable(path, exc) from exc
    return _from_config(path, config)


def _from_config(path: Path, config: dict):
    """Rebuild the architecture from the file's config.json; the stored weights are never read."""
    import keras

    try:
        # the architecture only: compile() would create metric variables
        architecture = {**config, "compile_config": None}
        model = build_abstractly(lambda: keras.saving.deserialize_keras_object(architecture, safe_mode=True))
        # a compiled model keeps its optimizer config
        compile_config = config.get("compile_config") or {}
        optimizer = compile_config.get("optimizer")
        if optimizer is not None:
            model._oomdoctor_optimizer = keras.optimizers.deserialize(optimizer)
        return model
    except OomdoctorError:
        raise
    except Exception as exc:
        raise _unreadable(path, exc) from exc


def _unreadable(path: Path, exc: Exception) -> OomdoctorError:
    """Keras's own message in full, with the fix that fits it."""
    message = one_line(exc)
    if "safe_mode" in message or "lambda" in message.lower():
        fix = _("oomdoctor never runs code stored in a model file: give the function that builds the model "
                "instead, as path/to/file.py:function.")
    elif "Could not locate" in message or "custom" in message.lower():
        fix = _("The file uses a class defined in your code: give the function that builds the model instead, "
                "as path/to/file.py:function.")
    elif isinstance(exc, (json.JSONDecodeError, KeyError, zipfile.BadZipFile, UnicodeDecodeError)):
        fix = _("Save the model again with model.save('model.keras'); this file is damaged.")
    else:
        fix = _("If the file comes from another Keras version, save it again there with model.save('model.keras'), "
                "or give the function that builds the model as path/to/file.py:function.")
    return OomdoctorError(_("Could not read the model in {path}: {message}").format(path=path, message=message), fix)


def _from_function(path: Path, function: str, abstract: bool = True):
    import keras

    regular_file(path, _("Give path/to/file.py:function with an existing file."))
    model = _model_of(_run_builder(path, function, lambda builder: build_abstractly(builder) if abstract
                                   else builder()))
    torch = sys.modules.get("torch")  # a torch module exists only where torch was imported
    # (a Keras model on Keras's torch backend is a torch.nn.Module too, and stays on this path)
    if not isinstance(model, keras.Model) and torch is not None and isinstance(model, torch.nn.Module):
        raise WrongFramework(_("{path}:{function} returned a torch.nn.Module.").format(path=path, function=function),
                             "torch")
    if not isinstance(model, keras.Model):
        raise OomdoctorError(_("{path}:{function} returned {type}, not a keras.Model.").format(
            path=path, function=function, type=type(model).__name__),
            _("Return the model (or a tuple whose first item is the model)."))
    return model


def build_abstractly(builder):
    """Run ``builder`` so that its weights are recorded by shape, not allocated.

    Inside ``keras.StatelessScope`` Keras defers every variable with an
    initializer. ``compile()`` called by the builder is recorded there and run
    after the scope (it makes metric counters from values, which the scope
    refuses). Other code that creates a variable from a value (an optimizer
    constructed in the builder, ``Normalization.adapt``) cannot run there; such
    a builder is run again normally, and its weights are then allocated once.
    """
    from .training import keras_compile

    result, arguments = _built(builder)
    model = _model_of(result)
    if arguments is not None and hasattr(model, "compile"):
        keras_compile(model, arguments)  # the part that was deferred: an override of compile() has run
        # as given: compile() keeps jit_compile resolved for this process's backend, where "auto" is always True
        model._oomdoctor_compile = arguments
    return result


def _built(builder):
    """``(builder(), the arguments it gave compile() or None)``, compile() not run."""
    import keras

    from .trace import tensorflow_left_unloaded, unseeded_random_traceable, weights_left_unfilled

    # weights_left_unfilled: a Lambda's output shape is computed in a StatelessScope of its own, whose exit
    # into eager mode fills every variable still waiting, other models' too (a 770 M-parameter model left
    # abstract by an earlier estimate would be allocated here)
    with tensorflow_left_unloaded(), weights_left_unfilled(), unseeded_random_traceable(), \
            _compile_recorded() as recorded:
        names = _name_counters()
        try:
            with keras.StatelessScope(initialize_variables=False):
                return builder(), recorded.get("arguments")
        except ValueError as exc:
            if "stateless scope" not in str(exc):
                raise
        recorded.clear()
        # the second run names its layers as the user's one run does (conv2d, not conv2d_3), so the
        # report's layer names are the ones model.summary() shows them
        _restore_name_counters(names)
        return builder(), recorded.get("arguments")


def _name_counters() -> dict:
    """A copy of Keras's counters of automatic names (``conv2d``, ``conv2d_1``, ...)."""
    from keras.src.backend.common import global_state

    return dict(global_state.get_global_attribute("object_name_uids") or {})


def _restore_name_counters(saved: dict) -> None:
    import collections

    from keras.src.backend.common import global_state

    global_state.set_global_attribute("object_name_uids", collections.defaultdict(int, saved))


@contextlib.contextmanager
def _compile_recorded():
    """While it lasts, ``keras.Model.compile`` records its arguments instead of compiling."""
    import keras

    recorded: dict = {}
    original = keras.Model.compile

    def record(self, optimizer="rmsprop", **kwargs):  # compile()'s own default optimizer
        recorded["arguments"] = {"optimizer": optimizer, **kwargs}

    keras.Model.compile = record
    try:
        yield recorded
    finally:
        keras.Model.compile = original


def rebuild_from_source(source: str, policy: str):
    """The model of ``path/to/file.py:function`` built again under the dtype ``policy``, uncompiled,
    with what its builder gave ``compile()`` in ``_oomdoctor_compile`` (to compile a step on it)."""
    path_text, _colon, function = source.rpartition(":")
    with global_dtype_policy(policy):
        result, arguments = _run_builder(Path(path_text), function, _built)
    model = _model_of(result)
    model._oomdoctor_compile = arguments
    return model


def _run_builder(path: Path, function: str, run):
    """``run(the user's model builder)``, with the fix to show when the file has no such function, and the one
    to show when the user's code needs the backend they train with, not the one oomdoctor traces with."""
    try:
        return call_user_function(path, function, run,
                                  _("Define def {function}(): ... returning a keras.Model.").format(function=function))
    except UserCodeError as error:
        traced_by = os.environ.get("KERAS_BACKEND")
        user = os.environ.get(TRACE_BACKEND_ENV)
        if traced_by == "jax" and user not in (None, "", "jax") and "jax backend" in str(error):
            # oomdoctor traces with JAX; the user's code is written for their own backend
            raise UserCodeError(error.problem, _("oomdoctor builds the model with JAX to trace it, and this "
                                                 "part of it needs {backend}: run with KERAS_BACKEND={backend} "
                                                 "to trace with it.").format(backend=user)) from error
        raise


def _model_of(result):
    """What a builder returned: the model, or a tuple whose first item is the model."""
    return result[0] if isinstance(result, tuple) and result else result


def model_optimizer(model):
    """The optimizer a compiled model carries, if any."""
    return getattr(model, "_oomdoctor_optimizer", None) or getattr(model, "optimizer", None)


@contextlib.contextmanager
def global_dtype_policy(name: str):
    """Keras's global dtype policy set to ``name`` while it lasts (layers built inside take it)."""
    import keras

    before = keras.config.dtype_policy()
    keras.config.set_dtype_policy(name)
    try:
        yield
    finally:
        keras.config.set_dtype_policy(before)
