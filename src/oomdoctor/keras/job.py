"""The estimator: one training step of a Keras model, on a given backend and GPU."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from .. import arguments, native_libraries
from ..errors import OomdoctorError
from ..estimator import parallel
from ..estimator.categories import phase_name
from ..estimator.fixes import worse_than_before
from ..estimator.parallel import Strategy, StrategyKind
from ..estimator.result import Estimate, LayerRow
from ..gpus import CATALOG, CUDA_CONTEXT_BYTES, GPU, resolve_gpu
from ..i18n import _
from ..units import PiB, format_bytes, format_count, itemsize
from . import advice
from .backends import (
    BackendName,
    Device,
    ExactAnswers,
    NotCompiled,
    Precision,
    StepFacts,
    StepMemory,
    StepRequest,
    model_for,
    parse_backend,
    parse_device,
    parse_precision,
)
from .layers import Kind, LayerUse, classify
from .optimizers import OptimizerPlan, plan_for
from .trace import ModelTrace, trace_model

# nvidia-smi shows more than the allocator's peak: the CUDA context, and pool
# slack. PyTorch's caching allocator reserved 1-8 % above its peak on the H200
# runs; BFC (TensorFlow, JAX) grows in regions of doubling size, ~10 %.
POOL_SLACK = {BackendName.TORCH: 0.08, BackendName.JAX: 0.10, BackendName.TENSORFLOW: 0.10}


# With no --gpu, XLA compiles for an H200, the card the ground truth was measured on.
_COMPILE_TARGET = CATALOG["H200"]


def configured_backend() -> BackendName:
    """The backend the user trains with: KERAS_BACKEND, else ~/.keras/keras.json, else tensorflow."""
    from .loading import keras_json_backend

    name = os.environ.get("OOMDOCTOR_USER_KERAS_BACKEND") or os.environ.get("KERAS_BACKEND")
    source = "KERAS_BACKEND"
    if not name:
        name, config = keras_json_backend()
        source = str(config)
    try:
        return BackendName(name or "tensorflow")
    except ValueError:
        raise OomdoctorError(_("{source} names the backend {name!r}, which oomdoctor does not predict for.").format(
            source=source, name=name), _("Use tensorflow, jax or torch (or give --backend).")) from None


def _layers_of(calls) -> list:
    """Every layer the trace called, nested ones included."""
    found = []
    for call in calls:
        if call.is_layer:
            found.append(call.op)
        found.extend(_layers_of(call.children))
    return found


@dataclass(frozen=True)
class Job:
    """Everything one estimate depends on; re-estimating a change is ``replace(job, ...)``."""

    trace: ModelTrace
    uses: tuple[LayerUse, ...]
    batch_size: int
    backend: BackendName
    precision: Precision
    optimizer: OptimizerPlan
    jit_compile: bool
    gpu: GPU | None
    model: Any = None  # kept for fixes that rebuild the model
    device: Device = Device.GPU
    remat: bool = False  # the model is built under keras.RematScope(mode="full")
    # Several devices: batch_size stays the global batch, and facts() describes ONE device
    strategy: Strategy | None = None
    # What the exact engine said about the job a re-estimated variant changes (None: ask it for this job)
    inherited: ExactAnswers | None = None

    @cached_property
    def _default_sharded(self) -> frozenset[str]:
        """ModelParallel without a LayoutMap: the kernels the default layout shards (oomdoctor.estimator.parallel)."""
        s = self.strategy
        if s is None or s.kind is not StrategyKind.MODEL_PARALLEL or s.layout_map is not None:
            return frozenset()
        return parallel.default_sharded_paths(_layers_of(self.trace.calls), s.model_shards)

    @cached_property
    def _device_shapes(self) -> list[tuple[int, ...]]:
        """Each variable's shape on one device (its full shape unless ModelParallel shards it)."""
        return [parallel.per_device_shape(v.path, v.shape, self.strategy, self._default_sharded)
                for v in self.trace.variables]

    @cached_property
    def _device_uses(self) -> list[LayerUse]:
        """The calls, with the outputs of layers sharded on their output axis divided among the model shards."""
        if self.strategy is None or self.strategy.kind is not StrategyKind.MODEL_PARALLEL:
            return list(self.uses)
        uses = []
        for use in self.uses:
            factor = parallel.output_shard_factor(use.call.op, self.strategy, self._default_sharded)
            if factor > 1:
                fp = use.footprint
                use = replace(use, footprint=replace(fp, out_fixed=-(-fp.out_fixed // factor),
                                                     out_per_sample=-(-fp.out_per_sample // factor)))
            uses.append(use)
        return uses

    def facts(self, batch_size: int | None = None) -> StepFacts:
        """The step at ``batch_size`` (default: the job's), as every backend's model reads it."""
        return self._facts(self.batch_size if batch_size is None else batch_size, self.exact)

    def _facts(self, b: int, exact: ExactAnswers) -> StepFacts:
        if self.strategy is not None:
            b = self.strategy.per_device_batch(b)  # the global batch, split among the data replicas
        variables = self.trace.variables
        sized = [(v, math.prod(shape) * itemsize(v.dtype)) for v, shape in zip(variables, self._device_shapes)]
        trainable = [(v, size) for v, size in sized if v.trainable]
        trainable_shapes = [shape for v, shape in zip(variables, self._device_shapes) if v.trainable]
        weight_bytes = sum(size for _v, size in sized)
        trainable_bytes = sum(size for _v, size in trainable)
        tensors = self.trace.inputs + self.trace.outputs  # inputs and same-shaped labels
        input_bytes = sum(t.elements(b) * (itemsize(t.dtype) if not t.is_float else 4) for t in tensors)
        optimizer_state_bytes = self.optimizer.state_bytes(trainable_shapes)
        if self.optimizer.inspected_state_bytes is not None and self.strategy is not None:
            # counted on stand-ins for the whole model: sharded slots scale with the variables' share
            whole = sum(v.elements for v in variables if v.trainable)
            here = sum(math.prod(shape) for shape in trainable_shapes)
            optimizer_state_bytes = int(optimizer_state_bytes * here / max(whole, 1))
        return StepFacts(
            batch_size=b,
            precision=self.precision,
            uses=list(self._device_uses),
            weight_bytes=weight_bytes,
            trainable_bytes=trainable_bytes,
            largest_trainable_bytes=max((size for _v, size in trainable), default=0),
            optimizer=self.optimizer,
            optimizer_state_bytes=optimizer_state_bytes,
            input_bytes=input_bytes,
            jit_compile=self.jit_compile,
            device=self.device,
            **({} if self.remat else self._compiled_cpu_step(b, exact)),
            xla_gpu_anchor=exact.xla_gpu_anchor,
            # these facts are the very step XLA compiled (not another batch, nor a re-estimated change)
            compiled_here=(exact.xla_gpu_anchor is not None and self.inherited is None
                           and b == exact.xla_gpu_anchor.batch_size),
            keras_torch_step=exact.keras_torch,
            remat=self.remat,
            communication_bytes=parallel.communication_bytes(self.strategy, trainable_bytes),
        )

    def _compiled_cpu_step(self, batch_size: int, exact: ExactAnswers) -> dict:
        """StepFacts' fields for XLA:CPU's figure of the step (arguments + temporaries): JAX's compile,
        its temporaries scaled to TensorFlow's own compile of this job where that ran; where JAX's could not
        compile the step, TensorFlow's own compiles alone."""
        if not (self.device is Device.CPU and self.jit_compile and self.model is not None):
            return {}
        from .backends.xla_compile import CompiledStep

        step = self._jax_cpu_step(batch_size)
        if not isinstance(step, CompiledStep):
            own = exact.tensorflow_cpu_own
            if own is None:
                return {}
            return {"compiled_cpu_step_bytes": own.step_bytes(batch_size), "compiled_cpu_step_by_tensorflow": True}
        tensorflow_scale = exact.tensorflow_cpu_ratio
        if tensorflow_scale is None:
            return {"compiled_cpu_step_bytes": step.argument_bytes + step.temp_bytes}
        return {"compiled_cpu_step_bytes": step.argument_bytes + round(step.temp_bytes * tensorflow_scale),
                "compiled_cpu_step_by_tensorflow": True}

    def _jax_cpu_step(self, batch_size: int) -> "CompiledStep | NotCompiled":
        """JAX's XLA:CPU compile of the step at ``batch_size`` (float16 is computed in float32 on the CPU)."""
        from .backends.xla_compile import compiled_step

        return compiled_step(self.model, batch_size, self.optimizer.spec.name, target=None, precision="float32",
                             inputs=self._input_specs, outputs=self._output_shapes)

    @cached_property
    def exact(self) -> ExactAnswers:
        """What this job's exact engine said (oomdoctor.keras.backends: XLA's GPU compile, Keras's torch trace,
        TensorFlow's XLA:CPU compile), or, for a variant ``reestimate`` made, what it said about the job changed.
        A compile or trace takes seconds, so it runs once per job, at the job's batch; other batches and the fixes
        tried are scaled to it. Engines that do not apply to the job (another backend or device, a strategy,
        RematScope) are ``None``."""
        if self.inherited is not None:
            return self.inherited
        if self.model is None or self.strategy is not None or self.remat:
            return ExactAnswers()
        from .backends import tensorflow_xla_cpu, torch, xla

        if self.device is Device.CPU:
            if not self.jit_compile:
                return ExactAnswers()
            from .backends.xla_compile import CompiledStep

            request = self._request(None)
            scale = tensorflow_xla_cpu.temporaries_scale(request)
            if not isinstance(scale, NotCompiled) or isinstance(self._jax_cpu_step(self.batch_size), CompiledStep):
                return ExactAnswers(tensorflow_cpu_scale=scale)
            # JAX cannot compile this step (a train_step written with tf.GradientTape): TensorFlow's own alone
            facts = self._facts(self.batch_size, ExactAnswers())
            held = facts.weight_bytes + facts.optimizer_state_bytes + facts.input_bytes
            return ExactAnswers(tensorflow_cpu_scale=scale, tensorflow_cpu_line=tensorflow_xla_cpu.own_line(request, held))
        if self.backend is BackendName.TORCH:
            from ..pytorch.job import workspace_bytes

            return ExactAnswers(keras_torch=torch.trace_step(self._request(self.gpu or _COMPILE_TARGET),
                                                             self._facts(self.batch_size, ExactAnswers()),
                                                             workspace_bytes(self.gpu)))
        if self.backend is BackendName.JAX or self.jit_compile:
            return ExactAnswers(xla_gpu=xla.compile_for_gpu(self._request(self.gpu or _COMPILE_TARGET),
                                                            self._facts(self.batch_size, ExactAnswers())))
        return ExactAnswers()

    def _request(self, gpu: GPU | None) -> StepRequest:
        """This job's step as the exact engines compile or trace it, for ``gpu`` (None: the CPU)."""
        return StepRequest(model=self.model, batch_size=self.batch_size, optimizer_name=self.optimizer.spec.name,
                           precision="float32" if gpu is None else self.precision.value,
                           inputs=tuple(self._input_specs), outputs=tuple(self._output_shapes), gpu=gpu)

    @property
    def _input_specs(self) -> list[tuple[tuple, str]]:
        """Per-sample (shape, dtype) of every input, as traced (``--input-shape``, subclassed models)."""
        return [(tuple(t.shape[1:]), t.dtype) for t in self.trace.inputs]

    @property
    def _output_shapes(self) -> list[tuple]:
        """Per-sample shape of every output, as traced."""
        return [tuple(t.shape[1:]) for t in self.trace.outputs]

    def step(self, batch_size: int | None = None) -> StepMemory:
        """The memory of one training step at ``batch_size`` (the job's own by default), from the
        backend's memory model and the exact engine's answer where one ran."""
        return model_for(self.backend).step_memory(self.facts(batch_size))

    # ---- what every engine's job answers (oomdoctor.estimator uses only these) ----

    def device_total(self, peak: int) -> int:
        """The rough nvidia-smi figure for an allocator ``peak``: the CUDA context and the pool's slack added."""
        return int(peak * (1 + POOL_SLACK[self.backend])) + CUDA_CONTEXT_BYTES

    def point(self, batch_size: int) -> tuple[int, int, str]:
        """``(allocator peak, device total, peak phase)`` of the step at ``batch_size``."""
        memory = self.step(batch_size)
        return memory.peak_bytes, self.device_total(memory.peak_bytes), memory.peak_phase

    def allocator_budget(self, gpu: GPU) -> int:
        """The allocator peak at which the device total (``device_total``) reaches ``gpu``'s total."""
        return max(int((gpu.total_bytes - CUDA_CONTEXT_BYTES) / (1 + POOL_SLACK[self.backend])), 0)

    @property
    def compiles_each_batch(self) -> bool:
        """Each other batch size costs a compile of the whole step (XLA:CPU): seconds per point."""
        return self.device is Device.CPU and self.jit_compile and not self.remat

    def reestimate(self, **changes) -> Estimate:
        """The estimate with ``changes`` (``batch_size``, ``precision``, ``optimizer``...): ``reestimate``."""
        return reestimate(self, **changes)


def _device_total(job: Job, peak: int) -> int:
    return job.device_total(peak)


def _fits(job: Job, batch_size: int) -> bool:
    assert job.gpu is not None
    traced = job.exact.keras_torch
    if traced is not None and traced.replays:
        # Keras's torch step was traced: replay it under the GPU's memory as the caching allocator would,
        # keeping as much spare as for a plain PyTorch model
        from ..pytorch.job import MAX_BATCH_SPARE
        from .backends.torch import fits_under

        return fits_under(job.facts(batch_size), traced, int(job.gpu.usable_bytes * (1 - MAX_BATCH_SPARE)))
    return _device_total(job, job.step(batch_size).required_bytes) <= job.gpu.total_bytes


def max_batch_size(job: Job, limit: int = 1 << 24) -> int:
    """Largest batch whose predicted device total fits the GPU (peak grows with the batch)."""
    from ..search import largest_fitting

    return largest_fitting(lambda batch: _fits(job, batch), limit)


def _layer_rows(job: Job, memory: StepMemory) -> list[LayerRow]:
    rows, seen = [], set()
    for use, kept in zip(job.uses, memory.activation_bytes_by_use):
        op = use.call.op
        params = weight_bytes = 0
        for v in getattr(op, "weights", []):
            if id(v) in seen:
                continue
            seen.add(id(v))
            params += math.prod(v.shape)
            if job.strategy is not None:  # one device's share of it
                weight_bytes += parallel.per_device_variable_bytes(v, job.strategy, job._default_sharded)
            else:
                weight_bytes += math.prod(v.shape) * itemsize(str(v.dtype))
        shape = use.call.outputs[0].shape if use.call.outputs else ()
        rows.append(LayerRow(
            name=use.call.path,
            type=use.call.type_name,
            output_shape=(None,) + tuple(shape[1:]) if shape else (),
            params=params,
            weight_bytes=weight_bytes,
            activation_bytes=kept,
            approximated=use.approximated,
        ))
    return rows


def engine_of(job: Job) -> tuple[str, str | None]:
    """``(engine, why the table answers)``; the reason is ``None`` when an exact engine answered."""
    from .backends.xla_compile import CompiledStep

    exact = job.exact
    if job.remat:
        return "table", _("a model built under RematScope is estimated from the table")
    if job.backend is BackendName.TORCH:
        traced = exact.keras_torch
        if traced is not None and traced.replays:
            return "keras-torch-trace", None
        if traced is not None and traced.failure:
            return "table", _("Keras's torch step could not be traced: {reason}").format(reason=traced.failure)
        if job.strategy is not None:
            return "table", _("Keras's torch backend has no multi-device strategy to trace")
        return "table", _("Keras's torch step was not traced")
    if not job.jit_compile:
        return "table", _("TensorFlow without XLA runs the step op by op; no compiler lays it out")
    if job.device is Device.CPU:
        if exact.tensorflow_cpu_ratio is not None or exact.tensorflow_cpu_own is not None:
            return "tensorflow-xla-cpu", None
        step = job._jax_cpu_step(job.batch_size) if job.model is not None else None
        if isinstance(step, CompiledStep):
            if any(use.kind is Kind.RNN for use in job.uses):
                # backends.tensorflow: TensorFlow's while loop keeps far more per step than JAX's scan
                own = exact.tensorflow_cpu_scale
                return "table", _("TensorFlow's own XLA:CPU compile did not run ({reason}), and JAX's layout of "
                                  "a recurrent layer's loop does not carry over to TensorFlow's").format(
                    reason=own.reason if isinstance(own, NotCompiled) else _("not asked"))
            return "xla-cpu-compile", None
        reason = step.reason if isinstance(step, NotCompiled) else _("no model to compile")
        if isinstance(exact.tensorflow_cpu_line, NotCompiled):
            return "table", _("XLA:CPU could not compile the step through Keras's JAX trainer ({reason}) nor with "
                              "TensorFlow's own ({own})").format(reason=reason, own=exact.tensorflow_cpu_line.reason)
        return "table", _("XLA:CPU could not compile the step: {reason}").format(reason=reason)
    if exact.xla_gpu_anchor is not None:
        return "xla-gpu-compile", None
    if job.strategy is not None:
        return "table", _("a step spread over several devices is estimated from the table")
    reason = exact.xla_gpu.reason if isinstance(exact.xla_gpu, NotCompiled) else _("no model to compile")
    return "table", _("XLA's GPU compiler could not compile the step: {reason}").format(reason=reason)


def _own_optimizer_notes(job: Job) -> list[str]:
    """A model that keeps optimizers of its own for its own train_step (a GAN's d_optimizer and g_optimizer):
    the optimizer the report names is the one compile() gave Keras, which Keras builds all the same."""
    from .step_model import own_optimizers

    own = own_optimizers(job.model) if job.model is not None else {}
    if not own:
        return []
    return [_("{model} keeps optimizers of its own ({optimizers}); the optimizer named above is the one compile() "
              "gave Keras, which Keras builds even where the model's own train_step never uses it.").format(
        model=type(job.model).__name__,
        optimizers=", ".join(f"{name}: {type(optimizer).__name__}" for name, optimizer in own.items()))]


def _own_step_margin(job: Job, notes: list[str]) -> int:
    """Where the table answers for a model that trains itself (its own train_step or compute_loss), what the
    table cannot see: a note, and for the safe figure twice the outputs of the layers call() never runs (kept
    for their backward pass, and their gradients): a distiller's teacher, a GAN's generator."""
    from .step_model import own_training, untraced_layer_outputs

    if job.model is None or not (own := own_training(job.model)):
        return 0
    names, elements = untraced_layer_outputs(job.model, {id(u.call.op) for u in job.uses})
    margin = 2 * elements * job.batch_size * 4
    what = " and ".join(own)
    if names:
        notes.append(_("{model} has its own {what}: the per-kind table sizes one forward and backward pass of "
                       "call(), and what its own step does beyond that is not in the peak. The safe figure adds "
                       "{size}: twice the outputs of {count} layer(s) call() never runs ({layers}).").format(
            model=type(job.model).__name__, what=what, size=format_bytes(margin), count=len(names),
            layers=", ".join(names[:4]) + ("..." if len(names) > 4 else "")))
    else:
        notes.append(_("{model} has its own {what}: the per-kind table sizes one forward and backward pass of "
                       "call(), and what its own step does beyond that is not in the peak.").format(
            model=type(job.model).__name__, what=what))
    return margin


def build_estimate(job: Job) -> Estimate:
    """The ``Estimate`` of a Keras ``job``: its step at the job's batch (from the engine the job chose), the verdict
    against the GPU, the largest batch and the culprits. Fixes are added by ``estimate``."""

    memory = job.step()
    peak = memory.peak_bytes
    variables = job.trace.variables
    approximated = sorted({u.call.path + f" ({u.call.type_name})" for u in job.uses if u.approximated})
    if job.optimizer.approximated:
        approximated.append(f"optimizer state of {job.optimizer.display} (scaled from stand-in variables)")
    engine, table_reason = engine_of(job)
    notes = list(memory.notes)
    if table_reason is not None:
        notes.insert(0, _("Estimated from the per-kind table, not an exact engine: {reason}.").format(
            reason=table_reason))
    if engine == "keras-torch-trace" and (triton_note := native_libraries.refusal_note()):
        notes.append(triton_note)
    if approximated:
        notes.append(_("{count} part(s) are approximated conservatively (counted high): {parts}").format(
            count=len(approximated), parts=", ".join(approximated[:5]) + ("..." if len(approximated) > 5 else "")))
    notes.extend(_own_optimizer_notes(job))
    own_step_margin = _own_step_margin(job, notes) if engine == "table" else 0
    estimate = Estimate(
        safe_peak_bytes=peak + memory.uncertain_bytes + own_step_margin,
        uncertainty=_uncertainty(job, memory, approximated),
        model_name=job.trace.name,
        backend=job.backend.value,
        precision=job.precision.value,
        optimizer=job.optimizer.display,
        batch_size=job.batch_size,
        jit_compile=job.jit_compile,
        device=job.device.value,
        peak_bytes=peak,
        breakdown=dict(memory.breakdown),
        device_total_bytes=_device_total(job, peak),
        peak_phase=memory.peak_phase,
        params=sum(v.elements for v in variables),
        trainable_params=sum(v.elements for v in variables if v.trainable),
        layers=_layer_rows(job, memory),
        culprits=[],
        approximated=approximated,
        notes=notes,
        gpu=job.gpu,
        engine=engine,
        engine_reason=table_reason,
        required_peak_bytes=memory.required_bytes if memory.optional_bytes else None,
        _job=job,
    )
    if job.strategy is not None:
        _describe_strategy(estimate, job)
    if job.gpu is not None:
        estimate.fits = _fits(job, job.batch_size)
        # what the card has beyond what the step needs (the peak without what is only taken when free)
        estimate.headroom_bytes = job.gpu.total_bytes - _device_total(job, memory.required_bytes)
        estimate.max_batch_size = max_batch_size(job)
        if estimate.max_batch_size == 0:
            fixed = job.step(1)
            state = fixed.breakdown["weights"] + fixed.breakdown["gradients"] + fixed.breakdown["optimizer_state"]
            estimate.max_batch_reason = _(
                "even batch 1 needs {need} on the device, more than {capacity}; weights, gradients and "
                "optimizer state alone take {state}").format(
                need=format_bytes(_device_total(job, fixed.peak_bytes)), capacity=job.gpu.capacity_words(),
                state=format_bytes(state))
    estimate.notes.extend(estimate.verdict_notes())
    estimate.culprits = advice.culprits(estimate, job)
    return estimate


def _describe_strategy(estimate: Estimate, job: Job) -> None:
    """Fill in the strategy's fields, and say what one device was assumed to hold."""
    strategy = job.strategy
    assert strategy is not None
    per_device = strategy.per_device_batch(job.batch_size)
    estimate.strategy = strategy.describe()
    estimate.devices = strategy.devices
    estimate.per_device_batch_size = per_device
    words = {"strategy": strategy.describe(), "batch": job.batch_size, "per_device": per_device}
    if strategy.kind is StrategyKind.MODEL_PARALLEL:
        estimate.notes.append(_(
            "One device of {strategy}: the global batch of {batch} runs as {per_device} per data replica; each "
            "variable, its gradient and its optimizer slots are divided by the mesh axes its layout shards it on."
        ).format(**words))
        if strategy.layout_map is None:
            estimate.notes.append(_(
                "No LayoutMap given: assumed the default layout, the last axis of the {count} Dense/EinsumDense/"
                "Embedding kernels whose last dimension divides by {shards} sharded on the \"model\" axis, every "
                "other variable replicated.").format(count=len(job._default_sharded), shards=strategy.model_shards))
        sharded = [u for u in job.uses if parallel.output_shard_factor(u.call.op, strategy, job._default_sharded) > 1]
        if sharded:
            part = _("activations of {count} layer(s) whose kernel is sharded on its output axis (divided by the "
                     "model shards; the all-gathers XLA inserts between them are not counted)").format(
                count=len(sharded))
            estimate.approximated.append(part)
            estimate.uncertainty["approximated"] = list(estimate.approximated)
            estimate.uncertainty["statement"] += " " + _("Approximated: {part}.").format(part=part)
    else:
        estimate.notes.append(_(
            "One device of {strategy}: the global batch of {batch} runs as {per_device} per replica; every device "
            "holds all the weights, gradients and optimizer state.").format(**words))
    all_reduce = job.facts().communication_bytes
    if strategy.kind is StrategyKind.MIRRORED and all_reduce:
        estimate.notes.append(_(
            "The gradient all-reduce (NcclAllReduce) packs every gradient into one buffer and receives the sum in "
            "another: {size} per device once the backward pass ends.").format(size=format_bytes(all_reduce)))
    elif strategy.kind is StrategyKind.MULTI_WORKER and all_reduce:
        estimate.notes.append(_(
            "The gradient all-reduce (CollectiveAllReduce) packs every gradient into one buffer and reduces it in "
            "place: {size} per device once the backward pass ends.").format(size=format_bytes(all_reduce)))
    elif strategy.kind in parallel.KERAS_DISTRIBUTION_KINDS and strategy.data_replicas > 1:
        estimate.notes.append(_(
            "XLA all-reduces the gradients in place: no buffer beyond the gradients (NCCL's own staging buffers "
            "are outside the allocator)."))


def _uncertainty(job: Job, memory: StepMemory, approximated: list[str]) -> dict:
    exact = ["weights", "gradients", "input_batch"]
    exact_words = {"weights": _("weights"), "gradients": _("gradients"), "input_batch": _("input batch"),
                    "optimizer_state": _("optimizer state")}
    if not job.optimizer.approximated:
        exact.append("optimizer_state")
    modelled = ["activations", "temporaries", "workspace"]
    modelled_layers = sum(not u.approximated for u in job.uses)
    traced = job.exact.keras_torch
    if traced is not None and traced.replays:
        statement = _(
            "Exact (from shapes and dtypes): {exact}. Traced: every allocation of Keras's torch train step, run "
            "here on fake tensors and replayed through PyTorch's caching allocator; the peak falls in the {phase}. "
            "The real peak may be up to {margin} higher: request safe_peak_bytes from a scheduler.").format(
            exact=_(", ").join(exact_words[c] for c in exact), phase=phase_name(memory.peak_phase),
            margin=format_bytes(memory.uncertain_bytes))
        return {"exact": exact, "modelled": modelled, "approximated": list(approximated),
                "uncertain_bytes": memory.uncertain_bytes, "statement": statement}
    statement = _(
        "Exact (from shapes and dtypes): {exact}. Modelled: what {layers} layers keep for the backward pass, "
        "temporaries and workspace on {backend}, calibrated against measured peaks; the peak falls in the {phase}. "
        "The real peak may be up to {margin} higher: request safe_peak_bytes from a scheduler.").format(
        exact=_(", ").join(exact_words[c] for c in exact), layers=modelled_layers, backend=job.backend.value,
        phase=phase_name(memory.peak_phase), margin=format_bytes(memory.uncertain_bytes))
    if approximated:
        statement += " " + _("Approximated on the safe side: {parts}.").format(parts=", ".join(approximated))
    if job.backend is BackendName.TENSORFLOW and job.device is Device.GPU:
        statement += " " + _("TensorFlow on a GPU has no measurements yet: its figures rest on the XLA and "
                             "eager models.")
    return {"exact": exact, "modelled": modelled, "approximated": list(approximated),
            "uncertain_bytes": memory.uncertain_bytes, "statement": statement}


def _asked_jit(model: Any) -> bool | None:
    """jit_compile as the user chose it, where that can be told apart from Keras's "auto".

    compile() stores "auto" already resolved for the machine it ran on, and on a machine
    without a GPU TensorFlow's "auto" resolves to False, which says nothing about the GPU
    the estimate is for. So a stored False counts only where "auto" would have said True.
    """
    given = getattr(model, "_oomdoctor_compile", None)  # what a builder gave compile(), "auto" unresolved
    if isinstance(given, dict):
        asked = given.get("jit_compile", "auto")
        return asked if isinstance(asked, bool) else None
    config = getattr(getattr(model, "_compile_config", None), "config", None) or {}
    asked = config.get("jit_compile")
    if asked is True:
        return True
    if asked is False:
        try:
            auto_here = bool(model._resolve_auto_jit_compile())
        except Exception:
            auto_here = False
        return False if auto_here else None
    return None


def _default_jit(backend: BackendName, jit_compile: bool | None, model: Any, device: Device) -> bool:
    if backend is BackendName.JAX:
        return True  # JAX always compiles the step with XLA
    if jit_compile is None:
        jit_compile = _asked_jit(model)
        if jit_compile is None:
            # Keras's "auto" (Trainer._resolve_auto_jit_compile): XLA on a GPU, where every layer supports it;
            # never on a machine with only CPUs, which is what --device cpu predicts for
            layers = model._flatten_layers() if model is not None and hasattr(model, "_flatten_layers") else []
            jit_compile = (backend is BackendName.TENSORFLOW and device is Device.GPU
                           and all(getattr(layer, "supports_jit", True) for layer in layers))
    return bool(jit_compile) and backend is BackendName.TENSORFLOW


def keras_strategy(strategy: Any) -> Strategy:
    """``parallel.strategy_from``, refusing what a Keras model cannot train under (PyTorch's strategies)."""
    value = parallel.strategy_from(strategy)
    if not value.kind.keras:
        raise OomdoctorError(
            _("{strategy} is a PyTorch strategy; a Keras model trains under mirrored, multi_worker_mirrored, "
              "data_parallel or model_parallel.").format(strategy=value.describe()),
            _("Use data_parallel:{count}, or model_parallel with a LayoutMap to shard the weights.").format(
                count=value.devices))
    return value


def backend_for_strategy(strategy: Strategy, backend: Any) -> BackendName:
    """tf.distribute runs on Keras's TensorFlow backend only, keras.distribution on JAX only; with no
    backend asked for, the strategy's own is taken."""
    needed = BackendName.TENSORFLOW if strategy.kind in parallel.TF_DISTRIBUTE_KINDS else BackendName.JAX
    if backend is None:
        return needed
    asked = parse_backend(backend)
    if asked is needed:
        return asked
    if needed is BackendName.TENSORFLOW:
        raise OomdoctorError(
            _("{strategy} is tf.distribute, which runs only on Keras's TensorFlow backend, not {backend}.").format(
                strategy=strategy.describe(), backend=asked.value),
            _("Use --backend tensorflow, or data_parallel:{count} with --backend jax.").format(count=strategy.devices))
    raise OomdoctorError(
        _("{strategy} is keras.distribution, which Keras implements only for the JAX backend, not {backend}.").format(
            strategy=strategy.describe(), backend=asked.value),
        _("Use --backend jax, or mirrored:{count} with --backend tensorflow.").format(count=strategy.devices))


def _model_precision(model) -> str:
    """The mixed policy the model's layers were built under (a builder may set and reset the global
    one), else Keras's global policy, else float32."""
    import keras

    mixed = ("mixed_float16", "mixed_bfloat16")
    for layer in getattr(model, "layers", None) or []:
        name = getattr(getattr(layer, "dtype_policy", None), "name", None)
        if name in mixed:
            return name
    policy = keras.config.dtype_policy().name
    return policy if policy in mixed else "float32"


def make_job(model, batch_size, optimizer=None, precision=None, backend=None, gpu=None, jit_compile=None,
             input_shape=None, trace: ModelTrace | None = None, device=None, strategy=None) -> Job:
    """A Keras model's training job: the arguments checked and resolved (backend, optimizer, precision, GPU,
    strategy) and the model traced; each engine computes its step from it lazily."""
    batch_size = arguments.batch_size(batch_size)
    import keras

    if not isinstance(model, keras.Model):
        raise arguments.type_error("model", model, _("a keras.Model or a torch.nn.Module"))
    strategy_value = keras_strategy(strategy) if strategy is not None else None
    if strategy_value is not None:
        backend_name = backend_for_strategy(strategy_value, backend)
        if parse_device(device) is Device.CPU:
            raise OomdoctorError(_("A strategy spreads the step over several GPUs; --device cpu predicts one CPU "
                                   "allocator."), _("Drop the strategy or the --device cpu."))
        if (strategy_value.kind in parallel.TF_DISTRIBUTE_KINDS and jit_compile is None
                and _asked_jit(model) is None):
            jit_compile = False  # Keras's "auto" turns XLA off under tf.distribute (_resolve_auto_jit_compile)
    else:
        backend_name = parse_backend(backend) if backend is not None else configured_backend()
    device_value = parse_device(device)
    if device_value is Device.CPU:
        if backend_name is not BackendName.TENSORFLOW:
            raise OomdoctorError(_("--device cpu predicts TensorFlow's CPU allocator; the {backend} backend has no "
                                   "CPU allocator statistics.").format(backend=backend_name.value),
                                 _("Use --backend tensorflow with --device cpu."))
        if gpu is not None:
            raise OomdoctorError(_("A GPU was given with --device cpu."),
                                 _("Drop --gpu/--gpu-memory, or the --device cpu."))
    if precision is None:
        precision = _model_precision(model)
    precision_value = parse_precision(precision)
    if trace is None:
        trace = trace_model(model, arguments.input_shape(input_shape))
    _check_sizes(trace, batch_size)
    trainable_shapes = [v.shape for v in trace.variables if v.trainable]
    if optimizer is None:
        optimizer = getattr(model, "_oomdoctor_optimizer", None) or getattr(model, "optimizer", None)
    plan = plan_for(optimizer, trainable_shapes)
    if precision_value is Precision.MIXED_FLOAT16 and not plan.loss_scaling:
        plan = replace(plan, loss_scaling=True)  # Keras wraps the optimizer in a LossScaleOptimizer
    return Job(
        trace=trace,
        uses=tuple(classify(trace.calls)),
        batch_size=batch_size,
        backend=backend_name,
        precision=precision_value,
        optimizer=plan,
        jit_compile=_default_jit(backend_name, jit_compile, model, device_value),
        gpu=resolve_gpu(gpu),
        model=model,
        device=device_value,
        strategy=strategy_value,
    )


# A single tensor larger than this exists on no machine (the largest GPU systems hold a few hundred TiB in
# all); a job that has one is a typo in the batch or a shape bug, and is refused before any engine runs
LARGEST_TENSOR_BYTES = PiB


def _check_sizes(trace: ModelTrace, batch_size: int) -> None:
    """Refuse a job with a weight or a tensor past ``LARGEST_TENSOR_BYTES``, naming it."""
    for variable in trace.variables:
        size = variable.elements * itemsize(variable.dtype)
        if size > LARGEST_TENSOR_BYTES:
            raise OomdoctorError(_("The weight {path} of shape {shape} holds {size}, more than any machine has.")
                                 .format(path=variable.path, shape=variable.shape, size=format_bytes(size)),
                                 _("Check the layer's size (units, filters, the input it gets)."))
    pending = list(trace.calls)
    tensors = [(_("the model's input"), tensor) for tensor in trace.inputs]
    while pending:
        call = pending.pop()
        tensors.extend((_("the output of {layer}").format(layer=call.path), tensor) for tensor in call.outputs)
        pending.extend(call.children)
    for what, tensor in tensors:
        size = tensor.elements(batch_size) * itemsize(tensor.dtype)
        if size > LARGEST_TENSOR_BYTES:
            raise OomdoctorError(_("At batch {batch}, {what} holds {size}, more than any machine has.").format(
                batch=format_count(batch_size), what=what, size=format_bytes(size)),
                                 _("Give a smaller --batch-size, or check the input's shape."))


def estimate(model, batch_size: int, optimizer=None, precision=None, backend=None, gpu=None,
             jit_compile=None, input_shape=None, device=None, strategy=None, find_devices: bool = False) -> Estimate:
    """Predict the GPU memory of one training step of a Keras 3 model.

    ``optimizer``: a name ("adam", "sgd", "momentum"...) or a Keras optimizer; by default
    the compiled model's optimizer, else Adam. ``precision``: "float32", "mixed_float16" or
    "mixed_bfloat16" (default: Keras's global dtype policy). ``backend``: "tensorflow",
    "jax" or "torch" (default: the Keras backend you have configured). ``gpu``: a catalog
    name ("T4", "A100-80GB") or a size ("12GiB"). ``jit_compile``: for TensorFlow, whether
    the step is XLA-compiled (Keras's default on a GPU). ``input_shape``: per-sample input
    shape, for models whose inputs have unknown dimensions. ``device``: "gpu" (default) or
    "cpu", which predicts TensorFlow's CPU allocator peak (tensorflow backend only).
    ``strategy``: several GPUs, as text ("data_parallel:8", "model_parallel:2x4", "mirrored:4"),
    an ``oomdoctor.estimator.parallel.Strategy``, a ``keras.distribution.DataParallel`` / ``ModelParallel``
    or a ``tf.distribute.MirroredStrategy``; every byte figure is then one device's, ``batch_size``
    the global batch, and ``max_batch_size`` the largest global batch that fits each device.
    """
    job = make_job(model, batch_size, optimizer, precision, backend, gpu, jit_compile, input_shape, device=device,
                   strategy=strategy)
    result = build_estimate(job)
    result.fixes, worse = worse_than_before(advice.prescribe(result, job), result)
    result.notes.extend(worse)
    if find_devices:
        result.device_search = search_devices(job)
    return result


def search_devices(job: Job, limit: int = 1024) -> dict:
    """The fewest GPUs of ``job.gpu``, and the strategy, on which the step at its global batch fits.

    TensorFlow runs several GPUs with MirroredStrategy; keras.distribution (data and model
    parallel) runs on JAX; Keras's torch backend has neither, so it gets one device or none.
    """
    from ..estimator.parallel import StrategyKind, device_search, keras_candidates

    if job.backend is BackendName.TENSORFLOW:
        candidates = lambda n: [s for s in keras_candidates(n, StrategyKind.MIRRORED) if s.kind is StrategyKind.MIRRORED]  # noqa: E731
    elif job.backend is BackendName.JAX:
        candidates = keras_candidates
    else:
        candidates = lambda n: []  # noqa: E731
    return device_search(job.gpu, lambda s: _fits(replace(job, strategy=s), job.batch_size), candidates,
                         lambda s: replace(job, strategy=s).step().peak_bytes, job.batch_size, limit)


def reestimate(job: Job, **changes) -> Estimate:
    """``job`` with ``changes``; XLA's compile of ``job`` is not redone, its scale carries over, and the torch
    trace of ``job`` replays exactly where only the batch size changes."""
    exact = job.exact
    if exact.keras_torch is not None:
        exact = replace(exact, keras_torch=replace(exact.keras_torch,
                                                   exact=exact.keras_torch.exact and set(changes) <= {"batch_size"}))
    return build_estimate(replace(job, inherited=exact, **changes))
