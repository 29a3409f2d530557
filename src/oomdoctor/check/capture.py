"""Run a training script with ``Model.fit`` intercepted, to learn what it would train.

``python -m oomdoctor.check.capture``, started by ``oomdoctor.child``, runs the
user's script (``runpy``) in this fresh process with the user's own Keras
backend. The first ``fit`` or ``train_on_batch`` call stops the script before
any training: we keep the model, its optimizer, the batch size and the data
set, estimate the step, and size the input pipeline's host buffers. The result
goes back through ``child.reply``, which the script's own output cannot
reach.
"""

from __future__ import annotations

import math
import runpy
import subprocess
import sys
import traceback
from pathlib import Path

from ..errors import HardExit, hard_exit_raises, one_line


class _Captured(BaseException):
    """Raised from the patched fit: BaseException, so user code's `except Exception` does not swallow it."""

    def __init__(self, model, batch_size, dataset):
        self.model, self.batch_size, self.dataset = model, batch_size, dataset


def _element_bytes(spec, batch_size: int = 1) -> int:
    """Bytes of one element; an unknown (batch) dimension counts as ``batch_size``."""
    import keras

    total = 0
    for leaf in keras.tree.flatten(spec):
        shape = getattr(leaf, "shape", None)
        dtype = getattr(leaf, "dtype", None)
        if shape is None or dtype is None:
            continue
        dims = [d if d is not None else batch_size for d in list(shape)]
        total += math.prod(dims) * getattr(dtype, "size", 4)
    return total


def _chain(dataset) -> list:
    """The pipeline from its last stage back to its source."""
    nodes = []
    while dataset is not None:
        nodes.append(dataset)
        dataset = getattr(dataset, "_input_dataset", None)
    return nodes


def dataset_batch_size(dataset) -> int | None:
    """The batch size a tf.data pipeline's batching stage sets, looked for from its last stage back; None
    when no stage batches."""
    for node in _chain(dataset):
        size = getattr(node, "_batch_size", None)
        if size is not None and "Batch" in type(node).__name__:
            return int(size.numpy()) if hasattr(size, "numpy") else int(size)
    return None


def _pipeline(dataset) -> dict:
    """Host memory of a tf.data pipeline: each buffer's elements times their size."""
    info = {"element_bytes": None, "buffers": [], "host_bytes": None}
    spec = getattr(dataset, "element_spec", None)
    if spec is None:
        return info
    batch = dataset_batch_size(dataset) or 1
    element = _element_bytes(spec, batch)
    info["element_bytes"] = element
    host = 0
    for node in _chain(dataset):
        kind = type(node).__name__
        here = _element_bytes(node.element_spec, batch) if hasattr(node, "element_spec") else element
        if "Shuffle" in kind and hasattr(node, "_buffer_size"):
            size = int(node._buffer_size.numpy())
            info["buffers"].append({"kind": "shuffle", "elements": size, "bytes": size * here})
            host += size * here
        elif "Prefetch" in kind and hasattr(node, "_buffer_size"):
            size = int(node._buffer_size.numpy())
            size = size if size > 0 else 2  # AUTOTUNE: tf.data starts small; count two
            info["buffers"].append({"kind": "prefetch", "elements": size, "bytes": size * here})
            host += size * here
        elif "Cache" in kind:
            filename = getattr(node, "_filename", None)
            in_memory = filename is None or (hasattr(filename, "numpy") and filename.numpy() == b"")
            info["buffers"].append({"kind": "cache in memory" if in_memory else "cache on disk",
                                    "elements": None, "bytes": None})
    info["host_bytes"] = host
    return info


def capture_script(script: Path, args: list[str], gpu: str | None, timeout: float, curve: bool = False) -> dict:
    """The parent's side: run ``script`` with ``args`` in a child (this module's ``main``) and return its reply,
    ``{"captured": True, "estimate": ..., "batch_size": ..., "pipeline": ...}``, or ``{"captured": False,
    "error": why}`` when it timed out, died, or never reached ``fit``. ``curve``: also the peak at other
    batch sizes, for the pictures."""
    from .. import child
    from ..gpus import resolve_gpu
    from ..i18n import _, language

    if gpu:
        resolve_gpu(gpu)  # a bad name fails here, before running anything
    # curve: also the peak at other batch sizes, for --html and --plot
    config = {"script": str(script.resolve()), "args": args, "gpu": gpu, "curve": curve, "lang": language()}
    try:
        proc = child.run_child("oomdoctor.check.capture", config, env={"TF_CPP_MIN_LOG_LEVEL": "3"},
                                  cwd=script.resolve().parent, timeout_s=timeout)
    except subprocess.TimeoutExpired:
        return {"captured": False, "error": _("the script did not reach fit() within {timeout:g} s and was stopped, "
                                              "with every process it started (--timeout sets the limit).").format(
            timeout=timeout)}
    if proc.reply is not None:
        return proc.reply
    return {"captured": False, "error": _("the script's process died (exit code {code}): {output}").format(
        code=proc.returncode, output=proc.last_error_line()[:300])}


# ---- the child's side ----------------------------------------------------------------------

def run(config: dict) -> dict:
    """Run ``config["script"]`` with its arguments until its first ``fit`` or ``train_on_batch``; return the
    reply: the batch size, the step's estimate (and batch curve), the pipeline's host buffers, or ``error``."""
    import keras

    def fit(self, x=None, y=None, batch_size=None, *args, **kwargs):
        spec = getattr(x, "element_spec", None)
        size = batch_size or (dataset_batch_size(x) if spec is not None else None)
        raise _Captured(self, size or 32, x if spec is not None else None)  # 32: Keras's own default

    def train_on_batch(self, x=None, y=None, *args, **kwargs):
        first = keras.tree.flatten(x)[0]
        raise _Captured(self, int(first.shape[0]), None)

    from ..i18n import _, set_language

    set_language(config.get("lang"))  # the estimate's messages in the caller's language
    keras.Model.fit = fit
    keras.Model.train_on_batch = train_on_batch
    sys.argv = [config["script"]] + config.get("args", [])
    result: dict = {"captured": False}
    try:
        runpy.run_path(config["script"], run_name="__main__")
        result["error"] = _("The script finished without calling fit() or train_on_batch().")
    except _Captured as captured:
        from ..keras.job import estimate

        result["captured"] = True
        result["batch_size"] = captured.batch_size
        est = estimate(captured.model, captured.batch_size, gpu=config.get("gpu"))
        result["estimate"] = est.to_dict()
        if config.get("curve"):
            from ..estimator.batch_curve import batch_curve

            curve = batch_curve(est)
            result["batch_curve"] = curve.to_dict() if curve else None
        result["pipeline"] = _pipeline(captured.dataset) if captured.dataset is not None else None
    except HardExit as exc:
        result["error"] = _("The script called os._exit({code}) before calling fit().").format(code=exc.code)
    except SystemExit as exc:
        result["error"] = _("The script exited (code {code}) before calling fit().").format(code=exc.code)
    except BaseException as exc:
        frames = traceback.extract_tb(exc.__traceback__)
        where = next((f for f in reversed(frames) if f.filename == config["script"]), None)
        result["error"] = (_("The script raised {error} at line {line}") if where else
                           _("The script raised {error}")).format(error=one_line(exc), line=where.lineno if where
                                                                   else None)
    return result


def main() -> int:
    """Entry point of the child process: take the config from the parent, run the script, reply; returns 0."""
    from .. import child

    config = child.receive()
    with hard_exit_raises():  # os._exit in the script would end this process before it replies
        result = run(config)
    child.reply(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
