"""TensorFlow's own XLA:CPU compile of Keras's train step, read from XLA's buffer assignment.

``--device cpu`` with ``jit_compile``: TensorFlow lowers Keras's step with tf2xla and compiles it with
the XLA it ships. Its buffer assignment (the arguments, one preallocated buffer for every temporary,
the few outputs not written over the variables) is what the step allocates. The XLA in JAX, which
oomdoctor otherwise compiles with, lays the same step out differently: ResNet-50 at batch 8 needed
1061 MiB of temporaries there, 735.5 MiB in TensorFlow 2.21's, and 735.8 MiB was measured.

TensorFlow has no shape-only variables, so the child holds the real weights, optimizer slots and one
batch (zeros): models needing more than ``MAX_HOST_BYTES`` for that use JAX's compile alone. A job is
compiled here once, at its own batch size; other batch sizes scale JAX's compile by the ratio of the
two (``temporaries_scale``). Where JAX cannot compile the step at all (a ``train_step`` written with
``tf.GradientTape``, keras.io's VAE and GAN), TensorFlow's own compile answers alone: at the job's batch
and at twice it, other batches on the line through the two (``own_line``). It runs in a child (``python -m
oomdoctor.keras.backends.tensorflow_xla_cpu`` through oomdoctor.child's channel) because Keras picks
its backend once per process, with ``XLA_FLAGS=--xla_dump_to`` pointing at a temporary folder that
is deleted after.
"""

from __future__ import annotations

import glob
import os
import re
import subprocess
import tempfile
from dataclasses import dataclass
from typing import Any

from ... import child
from ...cache import PerModelCache
from ...units import GiB, format_bytes
from ..child_model import ModelNotSendable, model_request, rebuilt, run_child, source_of
from .base import NotCompiled, StepRequest
from .xla_compile import CompiledStep

MAX_HOST_BYTES = 2 * GiB
TIMEOUT_S = 600

_COMPILED = PerModelCache()


def temporaries_scale(request: StepRequest) -> float | NotCompiled:
    """TensorFlow's XLA:CPU temporaries over JAX's for ``request``'s step (compiled in float32, as the CPU computes
    float16), or why TensorFlow's own compile did not run. It runs once per job, at the job's batch: other batches
    scale JAX's compile, which costs no memory."""
    from .xla_compile import compiled_step as jax_compiled_step

    jax_step = jax_compiled_step(request.model, request.batch_size, request.optimizer_name, target=None,
                                 precision="float32", inputs=list(request.inputs), outputs=list(request.outputs))
    if isinstance(jax_step, NotCompiled):
        return jax_step
    if jax_step.temp_bytes <= 0:
        return NotCompiled("JAX's XLA:CPU step has no temporary buffer to scale")
    own = compiled_step(request.model, request.batch_size, request.optimizer_name, "float32", list(request.inputs),
                        request.outputs[0], jax_step.argument_bytes)
    if isinstance(own, NotCompiled):
        return own
    return own.temp_bytes / jax_step.temp_bytes


@dataclass(frozen=True)
class TensorFlowLine:
    """TensorFlow's own XLA:CPU compile of the step at two batch sizes, where JAX's could not compile it: what
    the step allocates (arguments and temporaries) at other batches lies on the line through the two, as the
    batch and what the step keeps of it grow together."""
    batches: tuple[int, int]
    steps: tuple[CompiledStep, CompiledStep]

    def step_bytes(self, batch_size: int) -> int:
        (b1, b2), (s1, s2) = self.batches, self.steps
        y1, y2 = s1.argument_bytes + s1.temp_bytes, s2.argument_bytes + s2.temp_bytes
        return max(round(y1 + (y2 - y1) * (batch_size - b1) / (b2 - b1)), 0)


def own_line(request: StepRequest, host_bytes: int) -> TensorFlowLine | NotCompiled:
    """TensorFlow's own compile of ``request``'s step at its batch and at twice it (``host_bytes``: the
    weights, slots and one batch the child holds)."""
    steps = []
    batches = (request.batch_size, 2 * request.batch_size)
    for batch, held in zip(batches, (host_bytes, 2 * host_bytes)):
        step = compiled_step(request.model, batch, request.optimizer_name, "float32", list(request.inputs),
                             request.outputs[0], held)
        if isinstance(step, NotCompiled):
            return step
        steps.append(step)
    return TensorFlowLine(batches, (steps[0], steps[1]))


def compiled_step(model: Any, batch_size: int, optimizer_name: str, precision: str,
                  inputs: list[tuple[tuple, str]], output_shape: tuple, host_bytes: int) -> CompiledStep | NotCompiled:
    """TensorFlow's XLA:CPU executable of one training step: its arguments, and every buffer it
    allocates itself (counted as temporaries: the preallocated temporary buffer and the few outputs
    not written over the variables).

    Why not, where it is not done here: TensorFlow is not installed, the child would hold more than
    ``MAX_HOST_BYTES`` (``host_bytes``: weights, slots and a batch), the model cannot be sent to the
    child, or the child could not compile it.
    """
    import importlib.util

    if os.environ.get("OOMDOCTOR_TF_XLA_CPU") == "0":
        return NotCompiled("OOMDOCTOR_TF_XLA_CPU=0")
    if importlib.util.find_spec("tensorflow") is None:
        return NotCompiled("TensorFlow is not installed: pip install 'oomdoctor[tensorflow]'")
    if host_bytes > MAX_HOST_BYTES:
        return NotCompiled(f"its weights, slots and a batch take {format_bytes(host_bytes)}, more than the "
                           f"{format_bytes(MAX_HOST_BYTES)} TensorFlow's compile is given here")

    def compile_in_child() -> CompiledStep | NotCompiled:
        try:
            sent = model_request(model)
        except ModelNotSendable as exc:
            return NotCompiled(str(exc))
        return _run_child({"batch_size": batch_size, "optimizer": optimizer_name, "precision": precision, **sent,
                           "inputs": [[list(shape), dtype] for shape, dtype in inputs],
                           "output_shape": list(output_shape)})

    key = (batch_size, optimizer_name, precision, source_of(model), tuple(inputs), tuple(output_shape))
    return _COMPILED.get(model, key, compile_in_child)


def _run_child(request: dict) -> CompiledStep | NotCompiled:
    with tempfile.TemporaryDirectory(prefix="oomdoctor-xla-") as dump:
        flags = f"{os.environ.get('XLA_FLAGS', '')} --xla_dump_to={dump}".strip()
        try:
            proc = run_child("oomdoctor.keras.backends.tensorflow_xla_cpu", "tensorflow", request, TIMEOUT_S,
                             env={"XLA_FLAGS": flags})
        except subprocess.TimeoutExpired:
            return NotCompiled(f"TensorFlow's compile ran past {TIMEOUT_S} s")
        if proc.reply is None:
            return NotCompiled(f"TensorFlow's compile failed: {proc.last_error_line()}")
        return buffer_assignment(dump)


def buffer_assignment(dump: str) -> CompiledStep | NotCompiled:
    """The train step's buffer assignment, from XLA's ``*-buffer-assignment.txt`` in ``dump``."""
    files = glob.glob(os.path.join(dump, "*train_step*after_optimizations-buffer-assignment.txt"))
    if len(files) != 1:
        return NotCompiled(f"XLA wrote {len(files)} buffer assignments for the train step, not one")
    text = open(files[0], encoding="utf-8").read()
    arguments = temporaries = 0
    for match in re.finditer(r"^allocation \d+: size (\d+), (\w+)", text, re.M):
        if match.group(2) == "parameter":
            arguments += int(match.group(1))
        else:
            temporaries += int(match.group(1))
    if not temporaries:
        return NotCompiled("XLA's buffer assignment for the train step has no temporaries")
    return CompiledStep(argument_bytes=arguments, output_bytes=0, alias_bytes=0, temp_bytes=temporaries)


# ---- the child's side ---------------------------------------------------------------------


def _child(request: dict) -> None:
    import keras
    import numpy as np
    import tensorflow as tf

    from ..step_model import abstract_batch, compile_arguments, labels_loss
    from ..training import keras_compile
    from .xla_compile import STAND_IN_OPTIMIZERS

    model = rebuilt(request, request["precision"])
    # the user's loss (a dict or list of them), loss weights and metrics; the job's kind of optimizer
    output_shapes = [tuple(request["output_shape"])]
    arguments = compile_arguments(model, model, request["optimizer"], STAND_IN_OPTIMIZERS, output_shapes)
    keras_compile(model, {**arguments, "jit_compile": True})
    batch = abstract_batch(model, request["batch_size"], labels_loss(model, arguments, output_shapes),
                           [(tuple(shape), dtype) for shape, dtype in request["inputs"]])
    # no labels (None) for a model whose own train_step takes none (a GAN, a VAE)
    x, y = keras.tree.map_structure(lambda t: None if t is None else tf.constant(np.zeros(t.shape, dtype=t.dtype)),
                                    batch)
    model.optimizer.build(model.trainable_variables)
    step = tf.function(model.train_step, jit_compile=True)
    # compiling for the IR after XLA's passes writes the buffer assignment into XLA_FLAGS's dump folder
    step.experimental_get_compiler_ir((x, y))(stage="optimized_hlo")


def main() -> None:
    """The child's entry point: compile the step the parent asked for (XLA dumps its buffer assignment) and reply."""
    request = child.receive()
    _child(request)
    child.reply({"compiled": True})


if __name__ == "__main__":
    main()
