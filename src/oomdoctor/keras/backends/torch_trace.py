"""Keras's torch backend, traced: Keras's own train step run on fake tensors, every allocation recorded.

Keras's torch backend runs each Keras op as eager torch ops, and what the GPU
holds follows from them: what autograd saves for each op's backward formula,
the ``.contiguous()`` copies Keras makes to move channels-last tensors into
torch's channels-first kernels, max pooling's int64 argmax indices, the
gradients of the previous step still held while the next forward runs
(Keras's trainer calls ``zero_grad()`` after the forward pass), the
optimizer's ``torch._foreach_*`` temporaries, the previous step's input batch
(which ``keras.tree`` leaves in a reference cycle until Python's garbage
collector runs). Rather than tabulate these, the step is run: the model is
built on the ``meta`` device (shapes only, nothing filled), its variables are
swapped for ``FakeTensor``s (shape and dtype, no memory) and
``model.train_step`` runs twice under the PyTorch recorder
(``oomdoctor.pytorch.record``), which notes each new storage and when it is
freed. On the H200 ground truth the replay through the caching allocator
matched ``max_memory_allocated`` within 1 % for ResNet-50, MobileNet-v2, VGG-16,
cnn_cifar, the MLP and the seed's model.

One kernel choice may not be the GPU's: on a CUDA device Keras's LSTM tries
cuDNN (``torch._VF.lstm``) and silently falls back to its step-by-step loop if
that raises. The CPU trace takes the loop (PyTorch's fake ``_cudnn_rnn`` sizes
cuDNN's reserve space as 0, so it could not stand in); the loop matched the
measured LSTM rows within +1 to +5 %.

It runs in child processes (``python -m oomdoctor.keras.backends.torch_trace``, started
by ``oomdoctor.child``, one per batch size, side by side) because Keras picks its backend once per process and
the estimator's own process traces with JAX. Two recordings, at the batch asked
for and at twice it, give every allocation as ``fixed + per_sample x batch``
(``oomdoctor.pytorch.job``), so any other batch is a replay, not a new trace.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from dataclasses import dataclass
from typing import Any, Iterator

from ... import child
from ...cache import PerModelCache
from ...errors import one_line
from ..child_model import (
    ModelNotSendable,
    model_request,
    raise_if_unbuildable,
    rebuilt,
    refusal_to_build,
    run_child,
    source_of,
)

TIMEOUT_S = 600


@dataclass(frozen=True)
class KerasTorchRecording:
    """One traced Keras torch step at two batch sizes (sizes per storage at each), one event sequence."""

    batch_sizes: tuple[int, int]
    sizes: tuple[tuple[int, int], ...]  # per storage: bytes at batch_sizes[0], at batch_sizes[1]
    phases: tuple[str, ...]  # per storage: build, forward, backward, optimizer
    roles: tuple[str, ...]  # per storage: weights, gradients, optimizer_state, activations, ...
    steps: tuple[int, ...]  # per storage: 0 or 1
    layers: tuple[str, ...]  # per storage: the innermost Keras layer path whose call made it ("" outside)
    events: tuple[int, ...]  # +i: storage i allocated; -(i + 1): storage i freed

    def sizes_at(self, batch_size: int) -> list[int]:
        """Each storage's bytes at ``batch_size``, linear between its bytes at the two traced batch sizes."""
        from ...pytorch.job import sizes_at

        return sizes_at(batch_size, self.batch_sizes, self.sizes)

    def replay(self, batch_size: int, cap: int | None = None):
        """The step at ``batch_size`` through the caching allocator (``cap``: its limit; OutOfMemory past it)."""
        from ...pytorch.job import replay_events

        return replay_events(batch_size, self.events, self.sizes_at(batch_size), self.roles, self.phases,
                             self.layers, self.steps, cap=cap)


# ---- the parent's side --------------------------------------------------------------------

_RECORDINGS = PerModelCache()


class TraceFailed(Exception):
    """The child could not trace the step; the message says why in one line."""


def record_step(model: Any, batch_size: int, optimizer_name: str, precision: str, workspace_bytes: int,
                inputs: list[tuple[tuple, str]], output_shape: tuple) -> KerasTorchRecording:
    """Trace ``model``'s training step on Keras's torch backend (in a child process).

    The model travels as ``oomdoctor.keras.child_model`` sends it. ``inputs`` (per-sample shape and dtype of
    each input) and ``output_shape`` (the first output's, without the batch) come from oomdoctor's own
    trace, so a subclassed model needs no ``model.inputs``.
    """
    def record() -> KerasTorchRecording:
        try:
            sent = model_request(model)
        except ModelNotSendable as exc:
            raise TraceFailed(str(exc)) from exc
        first = max(batch_size, 2)  # not batch 1: see oomdoctor.pytorch.job._two_recordings
        return _record_in_child({"batch_sizes": [first, 2 * first], "optimizer": optimizer_name,
                                 "precision": precision, "workspace_bytes": workspace_bytes, **sent,
                                 "inputs": [[list(shape), dtype] for shape, dtype in inputs],
                                 "output_shape": list(output_shape)})

    key = (batch_size, optimizer_name, precision, workspace_bytes, source_of(model), tuple(inputs), tuple(output_shape))
    return _RECORDINGS.get(model, key, record)


def _record_in_child(request: dict) -> KerasTorchRecording:
    """The two recordings, one child per batch size, run side by side where there are two cores to run them
    (a recurrent model's trace is tens of seconds of Python per batch size)."""
    from concurrent.futures import ThreadPoolExecutor

    batch_sizes = request["batch_sizes"]
    workers = min(len(batch_sizes), len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                  else os.cpu_count() or 1)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        first, second = pool.map(_one_recording, [{**request, "batch_size": b} for b in batch_sizes])
    # The same allocations in the same order at both batches; a free may come a few ops later in one of them
    # (when Python lets go of a reference cycle), so the first recording's order of events is the one kept.
    if [e for e in first["events"] if e >= 0] != [e for e in second["events"] if e >= 0]:
        raise TraceFailed("the step ran different operations at two batch sizes")
    return KerasTorchRecording(
        batch_sizes=tuple(batch_sizes),
        sizes=tuple(zip(first["nbytes"], second["nbytes"])),
        phases=tuple(first["phases"]), roles=tuple(first["roles"]), steps=tuple(first["steps"]),
        layers=tuple(first["layers"]), events=tuple(first["events"]))


def _one_recording(request: dict) -> dict:
    """One child's recording of the step at ``request["batch_size"]``; TraceFailed with its reason."""
    try:
        proc = run_child("oomdoctor.keras.backends.torch_trace", "torch", request, TIMEOUT_S)
    except subprocess.TimeoutExpired as exc:
        raise TraceFailed(f"tracing took more than {TIMEOUT_S} s") from exc
    result = proc.reply
    if result is None:
        raise TraceFailed(proc.last_error_line())
    raise_if_unbuildable(result, "torch")
    if "error" in result:
        raise TraceFailed(result["error"])
    return result


# ---- the child's side ---------------------------------------------------------------------


def _build(request: dict):
    """The model, on the meta device, under the job's dtype policy."""
    import keras

    with keras.device("meta"):
        return rebuilt(request, request["precision"])


@contextlib.contextmanager
def _layer_attribution(recorder) -> Iterator[None]:
    """Each Keras layer call pushes its path on the recorder's module stack (Keras layers are
    torch modules, but Keras calls them through its own ``__call__``)."""
    from keras.src.layers.layer import Layer

    original = Layer.__call__
    stack: list[str] = []

    def call(self, *args, **kwargs):
        stack.append(self.name)
        recorder.module_stack.append("/".join(stack[1:]))  # the model itself is "", as in oomdoctor.keras.trace
        try:
            return original(self, *args, **kwargs)
        finally:
            recorder.module_stack.pop()
            stack.pop()

    Layer.__call__ = call
    try:
        yield
    finally:
        Layer.__call__ = original


@contextlib.contextmanager
def garbage_collected_promptly() -> Iterator[None]:
    """While it lasts, a tensor held only by a reference cycle is freed as soon as it is garbage.

    Python frees most tensors by reference counting, but Keras's torch layers leave a few in reference cycles
    until the cycle collector runs: every few hundred allocations, at points that depend on everything else
    the process allocated. With the default collector the trace moved with unrelated code (a change that only
    renamed oomdoctor's modules turned two of ResNet-50's batch-norm outputs from temporaries into kept
    activations). The objects alive before the trace are frozen (the collector skips them) and every
    allocation triggers a collection, so the trace no longer depends on when the collector happens to run.
    A training run collects every few hundred allocations, close to this; with the collector off, cycles
    would live to the end of the step (bench/accuracy.py --backend torch has the figures).

    Plain PyTorch's trace (``pytorch/record.py``) keeps the default collector: its Hugging Face rows came out
    the same either way, and collecting at every allocation made them take twice as long.
    """
    import gc

    thresholds = gc.get_threshold()
    ours = gc.get_freeze_count() == 0  # a process that froze its own objects keeps them frozen, and ours with them
    gc.collect()
    if ours:
        gc.freeze()
    gc.set_threshold(1, 1, 1)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        if ours:
            gc.unfreeze()


def _record_once(model, batch_size: int, request: dict, batch):
    """Two steps of ``model.train_step`` on fake tensors shaped like ``batch`` ((x, y) as KerasTensors)."""
    import keras
    import torch
    from torch._subclasses.fake_tensor import FakeTensorMode

    from ...pytorch.kernels import cuda_kernels
    from ...pytorch.record import Recorder, assign_roles, data_pointer_warnings_hidden, mark, scalar_standin

    # Every data-dependent read (``tensor.item()``) gets the ordinary answer here, not only torch.nn's: it is
    # Keras's own code that reads, never the user's. The optimizers read their learning rate (SGD's
    # ``alpha=-learning_rate``), mixed_float16's LossScaleOptimizer asks whether every gradient is finite.
    # Memory does not depend on these values; the ordinary path (finite gradients, a small learning rate) is
    # the one traced.
    class KerasRecorder(Recorder):
        def dispatch(self, func, args, kwargs):
            if func.overloadpacket.__name__ == "_local_scalar_dense":
                return scalar_standin(args[0])
            return super().dispatch(func, args, kwargs)

    recorder = KerasRecorder({}, request["workspace_bytes"])
    trainable = model.trainable_variables
    optimizer_variables = [v for optimizer in _optimizers(model) for v in optimizer.variables]
    roles = {id(v): "optimizer_state" for v in optimizer_variables}
    with garbage_collected_promptly(), data_pointer_warnings_hidden(), FakeTensorMode(), recorder.mode, \
            keras.device("cpu"), cuda_kernels(), _layer_attribution(recorder):
        # What model.to("cuda") and the optimizer's build put on the device: fake, in creation order.
        swapped: dict[int, Any] = {}
        for v in [*model.variables, *optimizer_variables, *_metric_variables(model)]:
            if id(v) in swapped:
                continue
            old = v._value
            fresh = torch.nn.Parameter(torch.empty(old.shape, dtype=old.dtype), requires_grad=old.requires_grad)
            recorder.recording.storages[recorder.note(fresh, "variable")].role = roles.get(id(v), "weights")
            v._value = fresh
            swapped[id(v)] = fresh
        # Tensors a layer keeps outside its variables (an adapted Normalization's mean and variance): on the
        # device too, and real tensors cannot meet fake ones
        for layer in model._flatten_layers(include_self=True):
            for name, value in list(vars(layer).items()):
                if isinstance(value, torch.Tensor) and not isinstance(value, torch.nn.Parameter) \
                        and not _is_fake(value):
                    constant = torch.empty(value.shape, dtype=value.dtype)
                    recorder.recording.storages[recorder.note(constant, "variable")].role = "weights"
                    object.__setattr__(layer, name, constant)
                    swapped[id(constant)] = constant
        recorder.settle(list(swapped.values()))
        # Each layer lists its variables' parameters for torch (``zero_grad()`` walks them): list the new ones.
        for layer in model._flatten_layers(include_self=True):
            if hasattr(layer, "_torch_params"):
                del layer._torch_params
                layer._track_variables()
        backward = torch.Tensor.backward

        def traced_backward(loss, *args, **kwargs):
            recorder.recording.backward_starts.append(len(recorder.recording.events))
            recorder.phase = "backward"
            result = backward(loss, *args, **kwargs)
            mark(recorder, [v.value.grad for v in trainable if v.value.grad is not None], "gradients")
            recorder.phase = "optimizer"
            return result

        def fake(spec):  # None: no labels, for a model whose own train_step takes none (a GAN, a VAE)
            return None if spec is None else torch.empty(tuple(spec.shape), dtype=getattr(torch, str(spec.dtype)))

        torch.Tensor.backward = traced_backward
        previous_inputs: list = []
        try:
            for step in range(2):
                recorder.step = step
                recorder.phase = "optimizer"
                inputs, labels = keras.tree.map_structure(fake, batch)
                for tensor in [t for t in keras.tree.flatten((inputs, labels)) if t is not None]:
                    recorder.recording.storages[recorder.note(tensor, "batch")].role = "input_batch"
                recorder.phase = "forward"
                logs = model.train_step((inputs, labels))
                # the slots of optimizers the model's own train_step builds on their first apply (a GAN's two)
                mark(recorder, [v.value for o in _optimizers(model) for v in o.variables], "optimizer_state")
                # The previous step's input batch lives on through this one. On the H200 it was still held at the
                # end of step 2 for the MLP and the seed's model (their peaks: one input batch above step 1's);
                # the block was made by Layer.__call__'s convert_input, and gc.collect() did not free it.
                previous_inputs = inputs
                del inputs, labels, logs
            del previous_inputs
        finally:
            torch.Tensor.backward = backward
            recorder.close()
    assign_roles(recorder.recording)
    return recorder.recording


def _optimizers(model) -> list:
    """The compiled optimizer and those the model keeps for its own train_step (a GAN's d_optimizer and
    g_optimizer, given to its own compile()): each made its step counter when constructed."""
    from ..step_model import own_optimizers

    return [model.optimizer, *own_optimizers(model).values()]


def _metric_variables(model) -> list:
    """The variables of every metric the step updates. Keras builds its compiled metrics at their first
    update, inside the step, and lists no variables until then; a metric given as an object
    (``metrics=[keras.metrics.SparseCategoricalAccuracy()]``) made its own in its constructor already,
    on the meta device, where the step could not add to them."""
    import keras

    found = [v for m in model.metrics for v in m.variables]
    compiled = getattr(model, "_compile_metrics", None)
    if compiled is not None and not compiled.built:
        given = keras.tree.flatten([compiled._user_metrics, compiled._user_weighted_metrics])
        found += [v for m in given if isinstance(m, keras.metrics.Metric) for v in m.variables]
    return found


def _is_fake(tensor) -> bool:
    from torch._subclasses.fake_tensor import FakeTensor

    return isinstance(tensor, FakeTensor)


def _build_variables(model, inputs: list) -> None:
    """Call the model once on a meta batch where a layer is still unbuilt (a subclassed model's), so that
    its variables exist (on the meta device) before they are swapped for fake tensors. Some ops cannot
    run on the meta device (UpSampling's repeat, RepeatVector): a built model is not called."""
    import torch

    if all(layer.built for layer in model._flatten_layers(include_self=True)):
        return
    batch = [torch.empty((1, *shape), dtype=getattr(torch, dtype), device="meta") for shape, dtype in inputs]
    with torch.no_grad():
        model(batch[0] if len(batch) == 1 else batch)


def _child(request: dict) -> dict:
    """The step recorded at ``request["batch_size"]``: per storage its bytes, phase, role, step and layer, and
    the order of allocations and frees."""
    import keras

    from ..step_model import abstract_batch, compile_arguments, labels_loss
    from ..training import keras_compile
    from .xla_compile import STAND_IN_OPTIMIZERS

    batch_size = request["batch_size"]
    try:
        model = _build(request)
    except Exception:
        refusal = refusal_to_build(request)
        if refusal is not None:
            return refusal
        raise
    with keras.device("meta"):
        _build_variables(model, request["inputs"])
        # the user's loss (a dict or list of them), loss weights and metrics; the job's kind of optimizer
        output_shapes = [tuple(request["output_shape"])]
        arguments = compile_arguments(model, model, request["optimizer"], STAND_IN_OPTIMIZERS, output_shapes)
        keras_compile(model, arguments)
        model.optimizer.build(model.trainable_variables)
    batch = abstract_batch(model, batch_size, labels_loss(model, arguments, output_shapes),
                           [(tuple(shape), dtype) for shape, dtype in request["inputs"]])
    recording = _record_once(model, batch_size, request, batch)
    return {"nbytes": [s.nbytes for s in recording.storages], "phases": [s.phase for s in recording.storages],
            "roles": [s.role for s in recording.storages], "steps": [s.step for s in recording.storages],
            "layers": [s.module for s in recording.storages], "events": recording.events}


def main() -> None:
    """The child's entry point: record the step the parent asked for and reply with it, or with ``{"error": ...}``."""
    request = child.receive()
    try:
        result = _child(request)
    except Exception as exc:  # reported to the parent in one line; it falls back to the table
        result = {"error": one_line(exc, limit=300)}
    child.reply(result)


if __name__ == "__main__":
    main()
