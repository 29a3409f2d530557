"""The estimate for a plain ``torch.nn.Module``: trace a step, replay it through the caching allocator.

Two recordings, at the batch size asked for and at twice that, give every
allocation's size as ``fixed + per_sample * batch`` (a training step's tensors
are linear in the batch: the same ops run, only the batch dimension changes).
Any other batch size, the largest batch under a cap among them, is then a
replay of the allocator, which takes milliseconds; no third trace is needed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable

from .. import arguments, native_libraries
from ..errors import OomdoctorError, one_line
from ..estimator.fixes import worse_than_before
from ..estimator.parallel import Strategy
from ..gpus import CUDA_CONTEXT_BYTES, GPU, resolve_gpu
from ..i18n import _
from ..units import format_bytes
from .allocator import CachingAllocator, OutOfMemory
from .record import CUBLAS_WORKSPACE_HOPPER, CUBLAS_WORKSPACE_OLDER, ROLES, Recording, StepProgram, record

# --precision -> the dtype torch.autocast runs the forward in (None: no autocast)
_AUTOCAST = {"float32": None, "bf16_autocast": "bfloat16", "fp16_autocast": "float16"}
PRECISIONS = tuple(_AUTOCAST)
OPTIMIZERS = ("adamw", "adam", "sgd", "momentum", "rmsprop", "adagrad", "adafactor")


# the recorder's phases, named as the other backends name theirs in Estimate.peak_phase
_PHASE_NAMES = {"build": "model build", "forward": "forward pass", "backward": "backward pass",
                "optimizer": "optimizer update"}


@dataclass(frozen=True)
class Replay:
    """The caching allocator's view of one step at one batch size."""

    batch_size: int
    peak_bytes: int  # max_memory_allocated
    reserved_bytes: int  # max_memory_reserved
    breakdown: dict[str, int]  # by role, at the allocated peak; sums to peak_bytes
    peak_phase: str
    activation_bytes_by_module: dict[str, int]


@dataclass
class TorchJob:
    """A traced PyTorch step; ``step(batch)`` replays it at another batch size."""

    program: StepProgram
    fake_mode: Any
    batch_size: int
    precision: str
    optimizer: str
    gpu: GPU | None
    loss_note: str
    first: Recording = field(repr=False)
    second: Recording = field(repr=False)
    second_batch: int = 0
    strategy: Strategy | None = None  # several devices: every figure is one device's, the batch is global

    def sizes(self, batch_size: int) -> list[int]:
        """Each storage's bytes at ``batch_size``, from the two recordings (the first at half the second's
        batch: ``_two_recordings``)."""
        return sizes_at(batch_size, (self.second_batch // 2, self.second_batch),
                        [(s1.nbytes, s2.nbytes) for s1, s2 in zip(self.first.storages, self.second.storages)])

    def replay(self, batch_size: int, cap: int | None = None) -> Replay:
        """One device's step at global ``batch_size``, through the caching allocator (``cap``: its limit)."""
        storages = self.first.storages
        events = self.first.events
        if self.strategy is None:
            sizes = self.sizes(batch_size)
        else:
            from .parallel import per_device

            sizes, extras = per_device(self, self.sizes(self.strategy.per_device_batch(batch_size)), self.strategy)
            if extras:  # allocated once the model is built, as the wrappers do
                built = next((i for i, e in enumerate(events) if e >= 0 and storages[e].phase != "build"),
                             len(events))
                first_extra = len(storages)
                storages = storages + extras
                sizes = sizes + [s.nbytes for s in extras]
                events = events[:built] + list(range(first_extra, len(storages))) + events[built:]
        return replay_events(batch_size, events, sizes, [s.role for s in storages], [s.phase for s in storages],
                             [s.module for s in storages], [s.step for s in storages], cap)

    def step(self, batch_size: int | None = None) -> Replay:
        """The traced step replayed at ``batch_size`` (the job's own by default) through the caching allocator."""
        return self.replay(self.batch_size if batch_size is None else batch_size)

    def fits(self, batch_size: int, spare: float = 0.0) -> bool:
        """Does the step replay under the GPU's memory (less the CUDA context, less ``spare`` of it)?"""
        assert self.gpu is not None
        try:
            self.replay(batch_size, cap=int(self.gpu.usable_bytes * (1 - spare)))
        except OutOfMemory:
            return False
        return True

    # ---- what every engine's job answers (oomdoctor.estimator uses only these) ----

    def point(self, batch_size: int) -> tuple[int, int, str]:
        """``(allocator peak, device total, peak phase)`` at ``batch_size``: the device total is the caching
        allocator's reserved segments plus the CUDA context, not a slack on the peak."""
        replay = self.step(batch_size)
        return replay.peak_bytes, replay.reserved_bytes + CUDA_CONTEXT_BYTES, replay.peak_phase

    def allocator_budget(self, gpu: GPU) -> int:
        """What must fit ``gpu`` is the reserved segments: its memory less the CUDA context."""
        return gpu.usable_bytes

    compiles_each_batch = False  # a replay costs milliseconds

    def reestimate(self, **changes):
        """The estimate with ``precision``, ``optimizer``, ``batch_size`` or ``checkpointed`` changed: ``reestimate``."""
        return reestimate(self, **changes)


def sizes_at(batch_size: int, batch_sizes: tuple[int, int], pairs) -> list[int]:
    """Each allocation's bytes at ``batch_size``, from its bytes at the two recorded ``batch_sizes``
    (a training step's tensors are linear in the batch)."""
    b1, b2 = batch_sizes
    return [max(int(round(s1 + (s2 - s1) * (batch_size - b1) / (b2 - b1))), 0) for s1, s2 in pairs]


def replay_events(batch_size: int, events, sizes, roles, phases, modules, steps, cap: int | None = None) -> Replay:
    """A recorded step (per storage: its bytes, role, phase, module and step) through the caching allocator."""
    allocator = CachingAllocator(cap=cap)
    blocks: dict[int, Any] = {}
    block_sizes: dict[int, int] = {}  # what each storage's block counted as allocated
    peak_position = -1
    for position, event in enumerate(events):
        if event >= 0:
            block = allocator.malloc(sizes[event])
            blocks[event] = block
            block_sizes[event] = block.size
            if allocator.allocated >= allocator.peak_allocated:
                peak_position = position
        else:
            allocator.free(blocks.pop(-event - 1))
    # What was alive at the peak: the events up to it, replayed as a set (cheaper than copying it at every
    # new peak, which in a forward pass is nearly every allocation).
    live: set[int] = set()
    for event in events[:peak_position + 1]:
        if event >= 0:
            live.add(event)
        else:
            live.discard(-event - 1)
    peak_index = events[peak_position] if peak_position >= 0 else -1
    breakdown = dict.fromkeys(ROLES, 0)
    by_module: dict[str, int] = {}
    for index in live:
        breakdown[roles[index]] += block_sizes[index]
    last_step = steps[-1] if steps else 0
    for index, role in enumerate(roles):
        if role == "activations" and modules[index] and steps[index] == last_step:
            by_module[modules[index]] = by_module.get(modules[index], 0) + sizes[index]
    phase = _PHASE_NAMES[phases[peak_index] if peak_index >= 0 else "build"]
    return Replay(batch_size, allocator.peak_allocated, allocator.peak_reserved, breakdown, phase, by_module)


# The largest batch is promised to train: the replay missed the measured peaks by up to 3 %
# (bench/accuracy_pytorch.py), so the search keeps 2 % of the memory spare.
MAX_BATCH_SPARE = 0.02


def max_batch_size(job: TorchJob, limit: int = 1 << 20) -> int:
    """The largest batch (up to ``limit``) whose replayed step fits the job's GPU with 2 % spare; 0 when none does."""
    from ..search import largest_fitting

    return largest_fitting(lambda batch: job.fits(batch, MAX_BATCH_SPARE), limit)


def largest_batch(job: TorchJob, target_batch: int | None = None, notes: tuple[str, ...] = ()):
    """``job``'s largest batch as the training integrations report it (``oomdoctor.batch_size.LargestBatch``):
    its peak, the accumulation steps reaching ``target_batch``, and ``notes`` with what the trace assumed."""
    from ..batch_size import LargestBatch, accumulation_steps

    best = max_batch_size(job)
    reason = None
    if not best:
        state = sum(job.step(1).breakdown[k] for k in ("weights", "gradients", "optimizer_state"))
        reason = _("weights, gradients and optimizer state alone take {state}").format(state=format_bytes(state))
    return LargestBatch(best, job.step(best or 1).peak_bytes, job.gpu.name, accumulation_steps(target_batch, best),
                        reason, (*notes, *trace_notes(job)))


# -- building the program ------------------------------------------------------


def _fake_batch(example: Any, batch_size: int):
    """``example`` with its first dimension replaced, as fresh (fake) tensors."""
    import torch
    from torch.utils._pytree import tree_map

    def resize(value):
        if isinstance(value, torch.Tensor):
            if value.dim() == 0:
                raise OomdoctorError(_("The example batch holds a 0-dimensional tensor; its first dimension must "
                                       "be the batch."), _("Give tensors shaped (batch, ...)."))
            return torch.empty((batch_size, *value.shape[1:]), dtype=value.dtype, device="cpu")
        return value

    return tree_map(resize, example)


def _call(module, batch):
    if isinstance(batch, dict):
        return module(**batch)
    if isinstance(batch, (tuple, list)):
        return module(*batch)
    return module(batch)


def default_loss(notes: list[str]) -> Callable[[Any, Any], Any]:
    """A Hugging Face model's ``.loss``; otherwise the sum of the outputs (said in the notes)."""
    import torch
    from torch.utils._pytree import tree_flatten

    def loss(module, batch):
        output = _call(module, batch)
        hf_loss = getattr(output, "loss", None)
        if isinstance(hf_loss, torch.Tensor):
            return hf_loss
        if isinstance(output, dict) and isinstance(output.get("loss"), torch.Tensor):
            return output["loss"]
        if not notes:
            notes.append(_("No loss function was given and the model returns no .loss: the loss is the sum of "
                           "its outputs. Give loss_fn(module, batch) for the real one."))
        values = [t for t in tree_flatten(output)[0] if isinstance(t, torch.Tensor) and t.is_floating_point()]
        if not values:
            raise OomdoctorError(_("The model's output holds no floating-point tensor to train on."),
                                 _("Give loss_fn(module, batch) returning the scalar loss."))
        total = values[0].sum()
        for value in values[1:]:
            total = total + value.sum()
        return total

    return loss


def optimizer_factory(name: str):
    """A function that makes the torch optimizer called ``name`` over given parameters, as torch
    would configure it on a GPU (foreach kernels)."""
    import torch

    name = name.lower()
    # foreach=True: what torch picks by itself when the parameters are on a GPU
    # (torch/optim/optimizer.py, _default_to_fused_or_foreach); here they are on the CPU.
    makers = {
        "adamw": lambda p: torch.optim.AdamW(p, lr=1e-4, foreach=True),
        "adam": lambda p: torch.optim.Adam(p, lr=1e-4, foreach=True),
        "sgd": lambda p: torch.optim.SGD(p, lr=1e-2, foreach=True),
        "momentum": lambda p: torch.optim.SGD(p, lr=1e-2, momentum=0.9, foreach=True),
        "rmsprop": lambda p: torch.optim.RMSprop(p, lr=1e-3, foreach=True),
        "adagrad": lambda p: torch.optim.Adagrad(p, lr=1e-2, foreach=True),
        "adafactor": lambda p: torch.optim.Adafactor(p, lr=1e-2, foreach=True),
    }
    if name not in makers:
        raise OomdoctorError(_("Unknown PyTorch optimizer {name!r}.").format(name=name),
                             _("Use one of: {names}.").format(names=", ".join(OPTIMIZERS)))
    return makers[name]


def _user_optimizer_factory(optimizer, module):
    """A factory that rebuilds the user's own ``torch.optim.Optimizer`` (its class, parameter groups and
    options) on the trace's fake parameters: the optimizer a LightningModule's ``configure_optimizers`` or the
    Hugging Face Trainer made holds the real weights, which the trace must not touch."""
    order = {id(p): i for i, p in enumerate(p for p in module.parameters() if p.requires_grad)}
    foreign = [p for group in optimizer.param_groups for p in group["params"] if p.requires_grad
               and id(p) not in order]
    if foreign:
        raise OomdoctorError(_("The optimizer {type} updates {count} tensors that are not parameters of the "
                               "module.").format(type=type(optimizer).__name__, count=len(foreign)),
                             _("Build the optimizer on module.parameters() of the module you estimate."))
    import inspect

    # what the constructor takes: an optimizer's defaults may hold more (AdamW's "decoupled_weight_decay", which
    # its parent Adam takes); the groups carry every value either way
    accepted = inspect.signature(type(optimizer).__init__).parameters
    keywords = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in accepted.values())
    defaults = {key: value for key, value in optimizer.defaults.items() if keywords or key in accepted}

    def on_gpu(options: dict) -> dict:
        # foreach=None is decided where the parameters are: torch takes foreach on a GPU, the per-tensor loop
        # on the CPU where the trace runs
        if options.get("foreach", False) is None and not options.get("fused"):
            return {**options, "foreach": True}
        return options

    defaults = on_gpu(defaults)

    def make(parameters):
        groups = [on_gpu({**{key: value for key, value in group.items() if key != "params"},
                          "params": [parameters[order[id(p)]] for p in group["params"] if id(p) in order]})
                  for group in optimizer.param_groups]
        return type(optimizer)([group for group in groups if group["params"]], **defaults)

    return make


def optimizer_name(optimizer) -> str:
    """The name estimates use for an optimizer: one of OPTIMIZERS where it is one, else its class's name."""
    if isinstance(optimizer, str):
        return optimizer.lower()
    name = type(optimizer).__name__.lower()
    if name == "sgd" and optimizer.defaults.get("momentum"):
        return "momentum"
    return name if name in OPTIMIZERS else type(optimizer).__name__


def _make_optimizer(optimizer, module):
    """The trace's optimizer factory, from a name (OPTIMIZERS) or the user's own optimizer object."""
    if optimizer is None or isinstance(optimizer, str):
        return optimizer_factory(optimizer or "adamw")
    import torch

    if not isinstance(optimizer, torch.optim.Optimizer):
        from ..arguments import type_error

        raise type_error("optimizer", optimizer, _("an optimizer's name ({names}) or a torch.optim.Optimizer").format(
            names=", ".join(OPTIMIZERS)))
    return _user_optimizer_factory(optimizer, module)


def workspace_bytes(gpu: GPU | None) -> int:
    """The cuBLAS workspace one stream takes on ``gpu`` (larger from Hopper on; Hopper's when unknown)."""
    if gpu is None or gpu.hopper_or_newer:
        return CUBLAS_WORKSPACE_HOPPER
    return CUBLAS_WORKSPACE_OLDER


def make_job(module, batch_size: int, example_inputs=None, input_shape=None, optimizer: str | None = "adamw",
             precision: str | None = "float32", loss=None, gpu=None, fake_mode=None, strategy=None) -> TorchJob:
    """A plain PyTorch training step traced at two batch sizes on fake tensors: the ``TorchJob`` whose ``step``
    replays any batch. ``optimizer``: a name (OPTIMIZERS) or the user's ``torch.optim.Optimizer``."""
    import torch
    from torch._subclasses.fake_tensor import FakeTensorMode

    batch_size = arguments.batch_size(batch_size)
    if not any(p.requires_grad for p in module.parameters()):
        raise OomdoctorError(_("The module {type} has no trainable parameters: a training step would update "
                               "nothing.").format(type=type(module).__name__),
                             _("Give the module you train (with its layers), or unfreeze its parameters."))
    precision = precision or "float32"
    if precision not in PRECISIONS:
        raise OomdoctorError(_("Unknown precision {precision!r} for a PyTorch model.").format(precision=precision),
                             _("Use one of: {names}.").format(names=", ".join(PRECISIONS)))
    if example_inputs is None:
        if input_shape is None:
            raise OomdoctorError(_("A PyTorch module does not say what its input looks like."),
                                 _("Give --input-shape D1,D2,... (per sample; input_shape= in the Python API), or "
                                   "return (module, example_batch, loss_fn) from your function (example_inputs= "
                                   "in the API)."))
        example_inputs = torch.empty((1, *arguments.input_shape(input_shape)), device="meta")
    gpu_value = resolve_gpu(gpu)
    notes: list[str] = []
    program = StepProgram(
        module=module,
        make_batch=lambda b: _fake_batch(example_inputs, b),
        loss=loss or default_loss(notes),
        make_optimizer=_make_optimizer(optimizer, module),
        autocast_dtype=autocast_dtype(precision),
        loss_scale=precision == "fp16_autocast",
        workspace_bytes=workspace_bytes(gpu_value),
    )
    fake_mode = fake_mode or FakeTensorMode(allow_non_fake_inputs=True)
    second_batch, first, second = _two_recordings(program, fake_mode, batch_size)
    return TorchJob(program, fake_mode, batch_size, precision, optimizer_name(optimizer or "adamw"), gpu_value,
                    notes[0] if notes else "", first, second, second_batch, torch_strategy(strategy))


def _two_recordings(program: StepProgram, fake_mode, batch_size: int) -> tuple[int, Recording, Recording]:
    """The step recorded at two batch sizes, the second of them (twice the first) and the two recordings.

    Batch 1 is not one of them: a tensor whose batch dimension is 1 can be contiguous in a layout where the
    same tensor at batch 2 is not, so ``.contiguous()`` copies at 2 and not at 1 (seen on Llama), and the
    two steps would not match op for op. Batch 1 is then a replay of batches 2 and 4, which over-counts
    those copies: the safe side.
    """
    first_batch = max(batch_size, 2)
    first = _record_or_explain(program, fake_mode, first_batch)
    second = _record_or_explain(program, fake_mode, 2 * first_batch)
    if [e >= 0 for e in first.events] != [e >= 0 for e in second.events] or len(first.storages) != len(second.storages):
        raise OomdoctorError(_("The training step runs different operations at batch {a} and {b}, so its memory "
                               "cannot be scaled with the batch.").format(a=first_batch, b=2 * first_batch),
                             _("This happens with data-dependent control flow; estimate each batch size on its own."))
    return 2 * first_batch, first, second


def _record_or_explain(program: StepProgram, fake_mode, batch_size: int) -> Recording:
    from torch._subclasses.fake_tensor import DataDependentOutputException, DynamicOutputShapeException

    try:
        return record(program, fake_mode, batch_size)
    except (DataDependentOutputException, DynamicOutputShapeException) as exc:
        raise OomdoctorError(
            _("The model's step depends on the values in its data ({op}), which an estimate without data cannot "
              "see.").format(op=getattr(exc, "func", type(exc).__name__)),
            _("Measure it on a GPU with `oomdoctor measure`, or give a loss_fn that avoids the data-dependent "
              "step.")) from exc
    except OomdoctorError:
        raise
    except Exception as exc:  # the module's forward or the loss raised on the example batch (fake tensors)
        raise OomdoctorError(
            _("Running the training step on a fake batch of {batch} failed: {error}").format(
                batch=batch_size, error=one_line(exc)),
            _("Check that the module and the loss run on that batch (--input-shape or the example batch sets it; "
              "--debug shows the traceback).")) from exc


# -- the estimate ----------------------------------------------------------------


def build_estimate(job: TorchJob):
    """The ``Estimate`` of ``job`` at its batch: the replayed peak and breakdown, the verdict, the largest batch
    and the culprits (fixes come from ``finish``)."""
    import torch

    from ..estimator.result import Estimate
    from . import advice

    replay = job.step()
    module = job.program.module
    parameters = list(module.parameters())
    params = sum(p.numel() for p in parameters)
    trainable = sum(p.numel() for p in parameters if p.requires_grad)
    notes = trace_notes(job)
    # Recurrent layers run oneDNN's kernels on the CPU trace; cuDNN keeps its own reserve space
    # on a GPU, which is not traced: their activations count once more in the safe figure.
    recurrent = [(name, m) for name, m in module.named_modules() if isinstance(m, torch.nn.RNNBase)]
    approximated = [f"{name} ({type(m).__name__})" for name, m in recurrent]
    safe_extra = int(0.05 * replay.peak_bytes) + sum(
        size for name, size in replay.activation_bytes_by_module.items()
        if any(name == r or name.startswith(r + ".") for r, _m in recurrent))
    if approximated:
        notes.append(_("Recurrent layers ({layers}) are traced with the CPU's kernels; cuDNN's reserve space on a "
                       "GPU differs, so their activations are approximated and counted twice in the safe "
                       "figure.").format(layers=", ".join(approximated)))
    device_total = replay.reserved_bytes + CUDA_CONTEXT_BYTES
    estimate = Estimate(
        model_name=type(module).__name__,
        backend="pytorch",
        precision=job.precision,
        optimizer=job.optimizer,
        batch_size=job.batch_size,
        jit_compile=False,
        device="gpu",
        peak_bytes=replay.peak_bytes,
        breakdown=dict(replay.breakdown),
        device_total_bytes=device_total,
        peak_phase=replay.peak_phase,
        safe_peak_bytes=replay.peak_bytes + safe_extra,
        uncertainty=_uncertainty(safe_extra),
        params=params,
        trainable_params=trainable,
        layers=_module_rows(module, replay, job.first.output_shapes),
        culprits=[],
        approximated=approximated,
        notes=notes,
        gpu=job.gpu,
        reserved_peak_bytes=replay.reserved_bytes,
        engine="torch-trace",
        strategy=job.strategy.describe() if job.strategy else None,
        devices=job.strategy.devices if job.strategy else 1,
        per_device_batch_size=job.strategy.per_device_batch(job.batch_size) if job.strategy else None,
        _job=job,
    )
    if job.gpu is not None:
        estimate.fits = job.fits(job.batch_size)
        estimate.headroom_bytes = job.gpu.total_bytes - device_total
        estimate.max_batch_size = max_batch_size(job)
        if estimate.max_batch_size == 0:
            state = sum(replay.breakdown[k] for k in ("weights", "gradients", "optimizer_state"))
            estimate.max_batch_reason = _(
                "even batch 1 does not fit {capacity}; weights, gradients and optimizer state alone take "
                "{state}").format(capacity=job.gpu.capacity_words(), state=format_bytes(state))
    estimate.notes.extend(estimate.verdict_notes())
    estimate.culprits = advice.culprits(estimate, job)
    return estimate


def trace_notes(job: TorchJob) -> list[str]:
    """What the trace assumed: the loss it chose, the values torch.nn read from tensors without data."""
    notes = [job.loss_note] if job.loss_note else []
    if triton_note := native_libraries.refusal_note():
        notes.append(triton_note)
    reads = job.first.library_reads
    if reads:
        notes.append(_("torch.nn read {count} values from tensors during the step ({functions}), which an estimate "
                       "without data does not have; each was taken as the ordinary answer (true, 1), which picks a "
                       "kernel, not a tensor's size.").format(count=len(reads),
                                                                functions=", ".join(sorted(set(reads)))))
    return notes


def _uncertainty(safe_extra: int) -> dict:
    return {
        "exact": ["weights", "gradients", "optimizer_state", "input_batch", "activations", "temporaries",
                  "allocator rounding and block splitting"],
        "modelled": ["cuBLAS workspace (one per thread that runs GEMMs)"],
        "approximated": ["cuDNN convolution workspace (chosen at run time; not counted)",
                         "kernels the CPU trace picks differently from CUDA (e.g. attention backends)"],
        "safe_margin_bytes": safe_extra,
        "statement": _("Every tensor of the step is traced op by op on fake tensors and replayed through a model "
                       "of PyTorch's caching allocator; cuDNN's per-call workspace is not visible without a GPU, "
                       "hence a 5 % margin in safe_peak_bytes."),
    }


def _module_rows(module, replay: Replay, shapes: dict[str, tuple]):
    from ..estimator.result import LayerRow
    from ..units import itemsize

    rows, seen = [], set()
    for name, child in module.named_modules():
        if not name or any(True for _ in child.children()):
            continue  # leaves only: containers are the sum of their children
        own = [p for p in child.parameters(recurse=False) if id(p) not in seen]  # a tied weight counts once
        seen.update(id(p) for p in own)
        shape = shapes.get(name, ())
        rows.append(LayerRow(
            name=name,
            type=type(child).__name__,
            output_shape=(None, *shape[1:]) if shape else (),
            params=sum(p.numel() for p in own),
            weight_bytes=sum(p.numel() * itemsize(str(p.dtype).replace("torch.", "")) for p in own),
            activation_bytes=replay.activation_bytes_by_module.get(name, 0),
            approximated=False,
        ))
    return rows


def estimate(module, batch_size: int, example_inputs=None, input_shape=None, optimizer: str | None = "adamw",
             precision: str | None = "float32", loss=None, gpu=None, strategy=None, find_devices: bool = False):
    """``oomdoctor.estimate`` for a ``torch.nn.Module``: ``make_job`` then ``finish``."""
    job = make_job(module, batch_size, example_inputs, input_shape, optimizer, precision, loss, gpu,
                   strategy=strategy)
    return finish(job, find_devices)


def finish(job: TorchJob, find_devices: bool = False):
    """The estimate of ``job`` with its prescriptions, and the device search when asked (needs a GPU)."""
    from . import advice

    result = build_estimate(job)
    result.fixes, worse = worse_than_before(advice.prescribe(result, job), result)
    result.notes.extend(worse)
    if find_devices:
        result.device_search = search_devices(job)
    return result


def autocast_dtype(precision: str):
    """The torch dtype autocast uses for ``precision`` ("float32": None)."""
    import torch

    name = _AUTOCAST[precision]
    return None if name is None else getattr(torch, name)


def reestimate(job: TorchJob, **changes):
    """The estimate with ``precision``, ``optimizer``, ``batch_size`` or ``checkpointed`` changed, re-traced."""
    precision = changes.get("precision", job.precision)
    optimizer = changes.get("optimizer", job.optimizer)
    program = replace(
        job.program,
        # the job's own factory unless the optimizer changes: it may rebuild the user's own optimizer
        make_optimizer=optimizer_factory(optimizer) if "optimizer" in changes else job.program.make_optimizer,
        autocast_dtype=autocast_dtype(precision),
        loss_scale=precision == "fp16_autocast",
        checkpointed=changes.get("checkpointed", job.program.checkpointed),
    )
    batch_size = changes.get("batch_size", job.batch_size)
    second_batch, first, second = _two_recordings(program, job.fake_mode, batch_size)
    return build_estimate(TorchJob(program, job.fake_mode, batch_size, precision, optimizer, job.gpu, job.loss_note,
                                   first, second, second_batch, job.strategy))


def torch_strategy(strategy) -> Strategy | None:
    """A Strategy for a plain PyTorch step: a Strategy, or text such as "zero2:8"; Keras's kinds are refused."""
    from ..estimator.parallel import parse_strategy

    if strategy is None or isinstance(strategy, Strategy):
        value = strategy
    else:
        value = parse_strategy(str(strategy))
    if value is not None and value.kind.keras:
        raise OomdoctorError(_("{kind} is a TensorFlow/Keras strategy; this is a plain PyTorch model.").format(
            kind=value.kind.value), _("Use ddp:{n}, zero1:{n}, zero2:{n}, zero3:{n} or fsdp:{n}.").format(
            n=value.devices))
    return value


def torch_candidates(devices: int) -> list[Strategy]:
    """What to try on ``devices`` (2 or more) GPUs, simplest first."""
    from ..estimator.parallel import StrategyKind

    if devices < 2:
        return []
    return [Strategy(StrategyKind.DDP, devices), Strategy(StrategyKind.ZERO1, devices), Strategy(StrategyKind.ZERO2, devices),
            Strategy(StrategyKind.ZERO3, devices), Strategy(StrategyKind.FSDP, devices, offload=True)]


def search_devices(job: TorchJob, limit: int = 1024) -> dict:
    """The fewest GPUs of ``job.gpu``, and the strategy, on which the step at its global batch fits."""
    from ..estimator.parallel import device_search

    return device_search(job.gpu, lambda s: replace(job, strategy=s).fits(job.batch_size), torch_candidates,
                         lambda s: replace(job, strategy=s).step().peak_bytes, job.batch_size, limit)


__all__ = ["estimate", "make_job", "build_estimate", "trace_notes", "largest_batch", "TorchJob", "Replay", "max_batch_size", "PRECISIONS",
           "OPTIMIZERS", "reestimate"]
