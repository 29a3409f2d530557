"""A model sent to a child process and rebuilt there (the Keras torch trace, TensorFlow's own XLA compile).

Keras picks its backend once per process, so steps traced or compiled on another backend run in a
child. The model travels as the user's ``path/to/file.py:function`` (run again in the child, so
classes defined only in that file work) or, without one, as its serialized config.
"""

from __future__ import annotations

import copy
from typing import Any

from .. import child
from ..child import Finished
from ..errors import OomdoctorError, first_line
from ..i18n import _
from .loading import TRACE_BACKEND_ENV


class ModelNotSendable(Exception):
    """The model has no source file and cannot be serialized; the message says why in one line."""


class ModelNotBuildable(OomdoctorError):
    """Keras cannot build the model on the backend the estimate is for: there is no step to estimate."""

    def __init__(self, backend: str, reason: str) -> None:
        super().__init__(_("Keras cannot build this model on its {backend} backend ({reason}), so it cannot "
                           "train there either.").format(backend=backend, reason=reason),
                         _("Estimate it for the backend you train it on (--backend jax or tensorflow)."))


def source_of(model: Any) -> str | None:
    """``path/to/file.py:function``, where oomdoctor.keras.loading.load_model built the model."""
    return getattr(model, "_oomdoctor_source", None)


def model_request(model: Any) -> dict:
    """``{"source": ..., "config": ...}`` for ``rebuilt`` in a child."""
    source = source_of(model)
    if source is not None:
        return {"source": source, "config": None}
    import keras

    try:
        return {"source": None, "config": keras.saving.serialize_keras_object(model)}
    except Exception as exc:
        raise ModelNotSendable(f"the model could not be serialized ({type(exc).__name__}: {str(exc)[:120]})") from exc


def rebuilt(request: dict, policy: str) -> Any:
    """The model of ``model_request``, every layer under the dtype ``policy``."""
    import keras

    keras.config.set_dtype_policy(policy)
    if request["source"] is not None:
        from .loading import load_model

        model = load_model(request["source"], abstract=False)
    else:
        # deserializing consumes the config it is given
        model = keras.saving.deserialize_keras_object(copy.deepcopy(request["config"]))
    return with_policy(model, policy)


def refusal_to_build(request: dict) -> dict | None:
    """In a child whose own way of building the model for its trace failed: build it again as a user would,
    on this backend with real weights. ``{"unbuildable": reason}`` where Keras refuses that too (NASNetMobile
    on torch); ``None`` where it builds, so that the trace's way was at fault."""
    try:
        rebuilt(request, request["precision"])
    except Exception as exc:
        return {"error": first_line(exc), "unbuildable": first_line(exc.__cause__ or exc)}
    return None


def raise_if_unbuildable(reply: dict, backend: str) -> None:
    """The parent's side of ``refusal_to_build``."""
    if "unbuildable" in reply:
        raise ModelNotBuildable(backend, reply["unbuildable"])


def with_policy(model: Any, policy: str) -> Any:
    """``model`` with every layer under ``policy``: a saved config names each layer's dtype policy, which
    overrides the global one (the XLA compile clones the model the same way)."""
    import keras

    from .step_model import layer_under

    try:
        return keras.models.clone_model(model, clone_function=layer_under(policy))
    except Exception:  # a subclassed model cannot be cloned: its layers keep the policy they were built with
        return model


def run_child(module: str, keras_backend: str, request: dict, timeout_s: int,
              env: dict[str, str] | None = None) -> Finished:
    """``python -m module`` with Keras on ``keras_backend`` and no GPU (``oomdoctor.child`` runs it);
    raises ``subprocess.TimeoutExpired`` after ``timeout_s``."""
    child_env = {"KERAS_BACKEND": keras_backend, "CUDA_VISIBLE_DEVICES": "", "TF_CPP_MIN_LOG_LEVEL": "3",
                 TRACE_BACKEND_ENV: None, **(env or {})}
    return child.run_child(module, request, env=child_env, timeout_s=timeout_s)
