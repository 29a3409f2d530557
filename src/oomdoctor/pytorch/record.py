"""Record every allocation and free of a PyTorch training step, without weights or data.

The step (zero_grad, forward, loss, backward, optimizer step; twice, as a
training loop runs it, because the optimizer's state is created in the first)
runs on fake tensors: ``FakeTensorMode`` gives every tensor its shape, dtype
and strides but no memory, so a 124 M-parameter GPT-2 step takes a second
and a few MB. A ``TorchDispatchMode`` above the fake mode sees every aten op
*after* autograd and autocast have run, i.e. exactly the kernels a GPU would
launch, and notes each output whose storage is new. Frees are noted as they
happen, by a weak reference to each storage's Python object with a callback:
PyTorch keeps that object alive as long as the storage lives (its PyObject
preservation), so the callback runs when the last tensor or autograd node
holding the storage lets go. (Polling every live storage before each op, as
this did first, made a 100-step bidirectional LSTM's trace quadratic: 117 of
its 272 s.)

Owners: the module whose forward was running (global forward hooks), the
phase of the step, and at the end a role: weights, input batch, gradients,
optimizer state, activations (made in the forward, still alive when the
backward starts), temporaries (everything else), library workspace.
"""

from __future__ import annotations

import contextlib
import warnings
import weakref
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from ..estimator.categories import CATEGORIES
from ..units import MiB

# cuBLAS takes a workspace through the caching allocator for each (handle,
# stream) on its first GEMM: one for the forward thread, one for autograd's
# device thread. CUBLAS_WORKSPACE_CONFIG's default is ":4096:8" (32 MiB) on
# Hopper and newer, ":4096:2:16:8" (8.125 MiB) before (aten/src/ATen/cuda/CublasHandlePool.cpp).
CUBLAS_WORKSPACE_HOPPER = 32 * MiB
CUBLAS_WORKSPACE_OLDER = 4096 * 1024 * 2 + 16 * 1024 * 8
_GEMMS = frozenset({"mm", "addmm", "bmm", "baddbmm", "addbmm", "addmv", "mv", "_addmm_activation", "addr",
                    "dot", "vdot", "_scaled_mm"})

ROLES = CATEGORIES


@dataclass
class Storage:
    """One allocation: a storage the step created (views share their base's)."""

    nbytes: int
    phase: str  # build, forward, backward, optimizer
    module: str  # the innermost module whose forward was running ("" outside any)
    op: str
    step: int
    role: str = "temporaries"
    freed: bool = False


@dataclass
class Recording:
    """One recorded step: every storage it made, and the order of allocations and frees."""
    storages: list[Storage] = field(default_factory=list)
    # +i: storage i allocated; -(i + 1): storage i freed
    events: list[int] = field(default_factory=list)
    backward_starts: list[int] = field(default_factory=list)  # event index at each step's loss.backward()
    output_shapes: dict[str, tuple] = field(default_factory=dict)  # module path -> its output's shape
    ops: int = 0
    # torch.nn's own reads of a tensor's value (``_detect_is_causal_mask``), answered with a stand-in
    library_reads: list[str] = field(default_factory=list)


class Recorder:
    """The dispatch mode and the module hooks, as one context manager."""

    def __init__(self, module_names: dict[int, str], workspace_bytes: int) -> None:
        from torch.utils._python_dispatch import TorchDispatchMode

        recorder = self

        class Mode(TorchDispatchMode):
            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                return recorder.dispatch(func, args, kwargs or {})

        self.mode = Mode()
        self.recording = Recording()
        self.phase = "build"
        self.step = 0
        self.module_names = module_names
        self.module_stack: list[str] = []
        self.workspace_bytes = workspace_bytes
        self._workspace_phases: set[str] = set()
        self._live: dict[int, tuple[Any, int]] = {}  # storage key -> (weak reference, index)
        self._host: dict[int, Any] = {}  # storage key -> weak reference, for CPU-side tensors
        self._kept: dict[int, tuple[Any, int]] = {}  # like _live, for storages that live through the step
        self._closed = False  # after the step: what dies later (the child's teardown) is not the step's

    # -- storages ------------------------------------------------------------

    def note(self, tensor, op: str) -> int | None:
        """Record ``tensor``'s storage if it is new; return its index."""
        storage = tensor.untyped_storage()
        key = storage._cdata
        known = self._live.get(key) or self._kept.get(key)
        if known is not None:
            return known[1]
        index = len(self.recording.storages)
        module = self.module_stack[-1] if self.module_stack and self.phase == "forward" else ""
        self.recording.storages.append(Storage(storage.nbytes(), self.phase, module, op, self.step))
        self.recording.events.append(index)
        self._live[key] = (weakref.ref(storage, lambda _ref, key=key: self._freed(key)), index)
        return index

    def _freed(self, key: int) -> None:
        """The storage at ``key`` was just freed (its weak reference's callback)."""
        if self._closed:
            return
        entry = self._live.pop(key, None)
        if entry is None:
            self._kept.pop(key, None)  # settled storages are counted as living through the step
            return
        self.recording.storages[entry[1]].freed = True
        self.recording.events.append(-(entry[1] + 1))

    def close(self) -> None:
        """The step is over: later frees are not recorded."""
        self._closed = True

    def synthetic(self, nbytes: int, role: str, op: str) -> None:
        """An allocation made by a library, not by a tensor (cuBLAS's workspace); never freed."""
        index = len(self.recording.storages)
        self.recording.storages.append(Storage(nbytes, self.phase, "", op, self.step, role=role))
        self.recording.events.append(index)

    def settle(self, tensors: list) -> None:
        """Weights and optimizer state stay for the whole step: stop checking whether they were freed."""
        for tensor in tensors:
            key = tensor.untyped_storage()._cdata
            entry = self._live.pop(key, None)
            if entry is not None:
                self._kept[key] = entry

    def known(self, key: int) -> bool:
        """Whether the storage at ``key`` was seen already: recorded and alive, or a live host-side one."""
        if key in self._kept or key in self._live:
            return True
        host = self._host.get(key)
        if host is not None and host.expired():
            del self._host[key]  # its address now belongs to a new storage
            return False
        return host is not None

    def storage_index(self, tensor) -> int | None:
        """The index of ``tensor``'s storage in the recording while it lives, else ``None``."""
        key = tensor.untyped_storage()._cdata
        entry = self._live.get(key) or self._kept.get(key)
        return None if entry is None else entry[1]

    # -- the mode --------------------------------------------------------------

    def dispatch(self, func, args, kwargs):
        """Run one aten op and record each new output storage, unless its inputs are all host-side. Answers torch.nn's
        own scalar reads; the first matrix product of forward and of backward adds cuBLAS's workspace."""
        import torch
        from torch.utils._pytree import tree_flatten

        name = func.overloadpacket.__name__
        if name == "_local_scalar_dense":
            reader = _torch_nn_reader()
            if reader is not None:
                self.recording.library_reads.append(reader)
                return scalar_standin(args[0])
            # the user's own code branches on a value: FakeTensorMode raises, and the estimate says so
        if name in _GEMMS and self.phase in ("forward", "backward") and self.phase not in self._workspace_phases:
            self._workspace_phases.add(self.phase)
            self.synthetic(self.workspace_bytes, "workspace", f"cuBLAS workspace ({self.phase})")
        out = func(*args, **kwargs)
        self.recording.ops += 1
        outputs = [v for v in tree_flatten(out)[0] if isinstance(v, torch.Tensor) and v.device.type != "meta"]
        new = [v for v in outputs if not self.known(v.untyped_storage()._cdata)]
        if not new:
            return out  # a view or an in-place op: nothing allocated, so no free can matter yet
        inputs = [v for v in tree_flatten((args, kwargs))[0] if isinstance(v, torch.Tensor)]
        if name == "lift_fresh" or inputs and all(self.on_host(v) for v in inputs):
            for value in new:
                self.keep_on_host(value)
            return out
        for value in new:
            self.note(value, name)
        return out

    # `torch.tensor(0.0)` (aten.lift_fresh) has no device in a training loop's
    # code, so it lives on the CPU: the optimizers' step counters, say. They and
    # what is computed from them alone never reach the GPU.
    def on_host(self, tensor) -> bool:
        """Whether ``tensor``'s storage is a live host-side one, never recorded."""
        entry = self._host.get(tensor.untyped_storage()._cdata)
        return entry is not None and not entry.expired()

    def keep_on_host(self, tensor) -> None:
        """Note ``tensor``'s storage as host-side, so it and what is computed from it alone are not recorded."""
        from torch.multiprocessing.reductions import StorageWeakRef

        storage = tensor.untyped_storage()
        self._host[storage._cdata] = StorageWeakRef(storage)

    # -- module attribution -----------------------------------------------------

    @contextlib.contextmanager
    def hooks(self) -> Iterator[None]:
        """Global module forward hooks: keep ``module_stack`` on the module running, and note each module's
        output shape."""
        from torch.nn.modules import module as nn_module

        def enter(mod, _inputs):
            self.module_stack.append(self.module_names.get(id(mod), type(mod).__name__))

        def leave(mod, _inputs, output):
            import torch
            from torch.utils._pytree import tree_flatten

            if self.module_stack:
                name = self.module_stack.pop()
                first = next((t for t in tree_flatten(output)[0] if isinstance(t, torch.Tensor)), None)
                if first is not None:
                    self.recording.output_shapes[name] = tuple(first.shape)

        handles = [nn_module.register_module_forward_pre_hook(enter),
                   nn_module.register_module_forward_hook(leave, always_call=True)]
        try:
            yield
        finally:
            for handle in handles:
                handle.remove()


# A value torch.nn's own code reads from a tensor (``.item()``, ``bool(tensor)``), which a fake tensor does not
# hold. They are checks whose answer picks a kernel, not a shape: is this mask the causal one
# (``nn.Transformer``'s ``_detect_is_causal_mask``), is every value finite. The stand-ins take the ordinary
# path, as Keras's torch trace does (``oomdoctor.keras.backends.torch_trace``). A read in the user's own code is not
# answered: a branch of theirs on the data may allocate anything.
_SCALAR_STANDINS = {"bool": True, "int": 1, "float": 1e-3}


def scalar_standin(tensor):
    """The ordinary answer to a read of ``tensor``'s one value: true, 1, or a small float."""
    import torch

    kind = "bool" if tensor.dtype == torch.bool else "float" if tensor.is_floating_point() else "int"
    return _SCALAR_STANDINS[kind]


def _torch_nn_reader() -> str | None:
    """The torch.nn function that asked for a tensor's value, when the read comes from torch.nn's code and
    not from the user's (the frames between the dispatch and the first frame outside torch)."""
    import os
    import sys

    import torch

    torch_dir = os.path.dirname(torch.__file__) + os.sep
    nn_dir = os.path.join(torch_dir, "nn") + os.sep
    frame = sys._getframe(1)
    reader = None
    while frame is not None:
        path = frame.f_code.co_filename
        if path == __file__:  # the recorder's own dispatch
            frame = frame.f_back
            continue
        if not path.startswith(torch_dir):
            return reader
        if reader is None and path.startswith(nn_dir):
            reader = frame.f_code.co_name
        frame = frame.f_back
    return reader


@dataclass(frozen=True)
class StepProgram:
    """What one training step does, independent of the batch size."""

    module: Any
    make_batch: Callable[[int], Any]  # batch size -> the batch, as fake tensors
    loss: Callable[[Any, Any], Any]  # (module, batch) -> scalar loss
    make_optimizer: Callable[[list], Any]
    autocast_dtype: Any  # torch.bfloat16 / torch.float16 / None
    loss_scale: bool  # fp16: the loss is scaled before backward (GradScaler)
    workspace_bytes: int
    checkpointed: tuple[str, ...] = ()  # submodules run under torch.utils.checkpoint (activation checkpointing)


@contextlib.contextmanager
def data_pointer_warnings_hidden() -> Iterator[None]:
    """torch.nn asks tensors for their data pointers (deepcopy, fast-path checks); fake tensors have none,
    and PyTorch warns each time. Harmless for a trace: hidden."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Accessing the data pointer of FakeTensor")
        yield


def record(program: StepProgram, fake_mode, batch_size: int, steps: int = 2) -> Recording:
    """Run ``steps`` training steps at ``batch_size`` on fake tensors and record their memory."""
    import torch
    from torch.nn.utils.stateless import _reparametrize_module

    from .autocast import cuda_policy
    from .kernels import cuda_kernels

    module = program.module
    names = {id(m): (name or type(m).__name__) for name, m in module.named_modules()}
    recorder = Recorder(names, program.workspace_bytes)
    with data_pointer_warnings_hidden(), _state_kept(module), fake_mode, recorder.mode, recorder.hooks():
        # The step runs in training mode (dropout on, batch norm's batch statistics), as a training loop puts
        # it; a model loaded with ``from_pretrained`` comes in eval mode. _state_kept puts each mode back.
        module.train()
        # Build: what `.to("cuda")` puts on the device, in parameter order, then the batch.
        fresh: dict[int, Any] = {}
        mapping = {}
        for name, tensor in [*module.named_parameters(remove_duplicate=False),
                             *module.named_buffers(remove_duplicate=False)]:
            if id(tensor) not in fresh:
                copy = torch.empty_strided(tensor.shape, tensor.stride(), dtype=tensor.dtype, device="cpu")
                if tensor.requires_grad:
                    copy.requires_grad_(True)
                fresh[id(tensor)] = copy
                recorder.recording.storages[recorder.note(copy, "parameter")].role = "weights"
            mapping[name] = fresh[id(tensor)]
        recorder.settle(list(fresh.values()))
        parameters = [fresh[id(p)] for p in module.parameters() if p.requires_grad]
        batch = program.make_batch(batch_size)
        from torch.utils._pytree import tree_flatten

        for value in tree_flatten(batch)[0]:
            if isinstance(value, torch.Tensor):
                recorder.recording.storages[recorder.note(value, "batch")].role = "input_batch"
        optimizer = program.make_optimizer(parameters)
        autocast = (torch.autocast("cpu", dtype=program.autocast_dtype) if program.autocast_dtype is not None
                    else contextlib.nullcontext())
        policy = cuda_policy() if program.autocast_dtype is not None else contextlib.nullcontext()
        with _reparametrize_module(module, mapping), policy, cuda_kernels(), \
                _checkpointing(module, program.checkpointed):
            for step in range(steps):
                recorder.step = step
                recorder.phase = "optimizer"
                optimizer.zero_grad(set_to_none=True)
                recorder.phase = "forward"
                with autocast:
                    loss = program.loss(module, batch)
                if program.loss_scale:
                    loss = loss * 65536.0
                recorder.recording.backward_starts.append(len(recorder.recording.events))
                recorder.phase = "backward"
                loss.backward()
                mark(recorder, [p.grad for p in parameters if p.grad is not None], "gradients")
                recorder.phase = "optimizer"
                optimizer.step()
                state = [t for values in optimizer.state.values() for t in values.values() if isinstance(t, torch.Tensor)]
                mark(recorder, state, "optimizer_state")
                recorder.settle(state)
            del loss
        recorder.close()
    assign_roles(recorder.recording)
    return recorder.recording


@contextlib.contextmanager
def _state_kept(module) -> Iterator[None]:
    """Every submodule's attributes (its train/eval mode among them), parameters, buffers and children as
    they were before the trace.

    A forward that caches a tensor on its module the first time it runs (a positional table or a causal
    mask: ``if self.pe is None: self.pe = ...``) would otherwise keep the trace's fake tensor there, and the
    real training that follows would fail on it.
    """
    containers = ("_parameters", "_buffers", "_modules")
    saved = [(m, dict(m.__dict__), {key: dict(m.__dict__[key]) for key in containers if key in m.__dict__})
             for m in module.modules()]
    try:
        yield
    finally:
        for m, attributes, contents in saved:
            for key in [key for key in m.__dict__ if key not in attributes]:
                del m.__dict__[key]
            m.__dict__.update(attributes)
            for key, items in contents.items():
                m.__dict__[key].clear()
                m.__dict__[key].update(items)


@contextlib.contextmanager
def _checkpointing(module, names: tuple[str, ...]) -> Iterator[None]:
    """Run the named submodules under non-reentrant ``torch.utils.checkpoint``, as a user would wrap them."""
    import functools

    from torch.utils.checkpoint import checkpoint

    wrapped = []
    for name in names:
        child = module.get_submodule(name)
        original = child.forward
        child.forward = functools.partial(checkpoint, original, use_reentrant=False)
        wrapped.append(child)
    # A Hugging Face model's key/value cache would be appended to again when the backward pass recomputes a
    # block; transformers turns use_cache off itself when its own gradient checkpointing is on.
    config = getattr(module, "config", None) if names else None
    cache = getattr(config, "use_cache", None)
    if cache:
        config.use_cache = False
    try:
        yield
    finally:
        for child in wrapped:
            del child.forward  # back to the class's forward
        if cache:
            config.use_cache = cache


def mark(recorder: Recorder, tensors: list, role: str) -> None:
    """Give the recorded storages of ``tensors`` the ``role``; tensors not recorded are skipped."""
    for tensor in tensors:
        index = recorder.storage_index(tensor)
        if index is not None:
            recorder.recording.storages[index].role = role


def assign_roles(recording: Recording) -> None:
    """Forward tensors still alive when a backward starts are the activations autograd kept."""
    alive_at_backward: set[int] = set()
    live: set[int] = set()
    starts = set(recording.backward_starts)
    for position, event in enumerate(recording.events):
        if position in starts:
            alive_at_backward |= live
        if event >= 0:
            live.add(event)
        else:
            live.discard(-event - 1)
    if len(recording.events) in starts:
        alive_at_backward |= live
    for index, storage in enumerate(recording.storages):
        if storage.role == "temporaries" and storage.phase == "forward" and index in alive_at_backward:
            storage.role = "activations"
