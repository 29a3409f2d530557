"""Read an out-of-memory error and say, in plain words, what happened and what to do.

Each framework's message has its own parser in ``PARSERS`` (TensorFlow's
``OOM when allocating tensor`` and its BFC allocator dump, XLA/JAX's
``RESOURCE_EXHAUSTED``, PyTorch's ``CUDA out of memory``). A parser returns the
numbers it found; the diagnosis works on those numbers, not on the text.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Callable

from .errors import OomdoctorError
from .i18n import _
from .units import format_bytes, itemsize, parse_size

# A size as the frameworks print it ("20.00 MiB", "3.06 GiB"). The look-behind makes a search start only
# where a number starts: without it, each position inside a long run of digits or dots would start a new
# match that scans to the run's end, and a log with 20,000 digits after an OOM line took 97 s.
_SIZE = r"(?<![0-9.])(\d+(?:\.\d+)?\s*[KMGTPE]?i?B)"
# A count of bytes (XLA, TensorFlow's stats), on the same terms
_COUNT = r"(?<!\d)(\d+)"
# Logs can state any number; past this one they are clamped, so every sum and ratio stays a float
_LARGEST = 1 << 70
_TF_DTYPES = {"float": "float32", "half": "float16", "double": "float64", "bfloat16": "bfloat16", "int32": "int32",
              "int64": "int64", "int8": "int8", "uint8": "uint8", "bool": "bool"}


@dataclass
class Explanation:
    framework: str | None = None
    requested_bytes: int | None = None
    free_bytes: int | None = None
    total_bytes: int | None = None
    allocated_bytes: int | None = None
    reserved_bytes: int | None = None
    limit_bytes: int | None = None
    in_use_bytes: int | None = None
    largest_free_block_bytes: int | None = None
    shape: list[int] | None = None
    dtype: str | None = None
    op: str | None = None
    allocator: str | None = None
    owner: str | None = None  # with --model: the weight or layer output that has this shape or size
    diagnosis: list[str] = field(default_factory=list)
    fixes: list[str] = field(default_factory=list)

    @property
    def recognised(self) -> bool:
        return self.framework is not None

    def to_dict(self) -> dict:
        keys = ("framework", "requested_bytes", "free_bytes", "total_bytes", "allocated_bytes", "reserved_bytes",
                "limit_bytes", "in_use_bytes", "largest_free_block_bytes", "shape", "dtype", "op", "allocator",
                "owner", "diagnosis", "fixes")
        return {key: getattr(self, key) for key in keys}


def _size(text: str | None) -> int | None:
    if not text:
        return None
    try:
        return parse_size(text.replace(" ", ""))
    except OomdoctorError:  # more than exists: the log says so, and it is shown as "more than 1024 EiB"
        return _LARGEST


def _count(text: str) -> int:
    return min(int(text), _LARGEST) if len(text) < 30 else _LARGEST


def _first(pattern: str, text: str, flags: int = 0):
    match = re.search(pattern, text, flags)
    return match.groups() if match else None


def _parse_tensorflow(text: str) -> Explanation | None:
    found = _first(r"OOM when allocating tensor with shape\s*\[([0-9,\s]*)\]\s*(?:and type (\w+))?"
                   r"(?:.*?by allocator (\w+))?", text)
    ran_out = _first(r"Allocator \((\w+)\) ran out of memory trying to allocate " + _SIZE +
                     r"(?:\s*\(rounded to (\d{1,30})\))?(?:\s*requested by op (\S+))?", text)
    if not found and not ran_out:
        return None
    result = Explanation(framework="tensorflow")
    if found:
        dims, dtype, allocator = found
        result.shape = [_count(d) for d in dims.replace(" ", "").split(",") if d]
        result.dtype = _TF_DTYPES.get(dtype or "", dtype)
        result.allocator = allocator
    if ran_out:
        allocator, size, rounded, op = ran_out
        result.allocator = result.allocator or allocator
        result.requested_bytes = _count(rounded) if rounded else _size(size)
        result.op = op
    if result.requested_bytes is None and result.shape is not None and result.dtype:
        result.requested_bytes = min(math.prod(result.shape) * itemsize(result.dtype), _LARGEST)
    # [ \t]*, not \s*: \s* also crosses line ends, and every line of a run of empty lines would scan the rest
    stats = {key: _count(value) for key, value in
             re.findall(r"^[ \t]*(Limit|InUse|LargestFreeBlock):[ \t]+(\d+)", text, re.M)}
    limit = _first(r"memory_limit_:\s*" + _COUNT, text)
    result.limit_bytes = stats.get("Limit") or (_count(limit[0]) if limit else None)
    in_use = _first(r"Sum Total of in-use chunks:\s*" + _SIZE, text)
    result.in_use_bytes = stats.get("InUse") or (_size(in_use[0]) if in_use else None)
    result.largest_free_block_bytes = stats.get("LargestFreeBlock") or None
    if result.limit_bytes is not None and result.in_use_bytes is not None:
        result.free_bytes = max(result.limit_bytes - result.in_use_bytes, 0)
    op = _first(r"\[Op:(\w+)\]", text) or _first(r"Node: (\S+?) =", text)
    result.op = result.op or (op[0] if op else None)
    return result


def _parse_xla(text: str) -> Explanation | None:
    found = _first(r"RESOURCE_EXHAUSTED: Out of memory (?:while trying to allocate|allocating) (\d+) bytes", text)
    if not found:
        return None
    result = Explanation(framework="jax", requested_bytes=_count(found[0]))
    limit = _first(r"(?:bytes_limit|Limit):?\s+" + _COUNT, text)
    in_use = _first(r"(?:bytes_in_use|InUse):?\s+" + _COUNT, text)
    result.limit_bytes = _count(limit[0]) if limit else None
    result.in_use_bytes = _count(in_use[0]) if in_use else None
    if result.limit_bytes is not None and result.in_use_bytes is not None:
        result.free_bytes = max(result.limit_bytes - result.in_use_bytes, 0)
    return result


def _parse_torch(text: str) -> Explanation | None:
    requested = _first(r"CUDA out of memory\. Tried to allocate " + _SIZE, text)
    if not requested:
        return None
    result = Explanation(framework="torch", requested_bytes=_size(requested[0]))
    total = _first(r"total capacity of " + _SIZE, text) or _first(_SIZE + r" total capacity", text)
    free = _first(r"of which " + _SIZE + r" is free", text) or _first(_SIZE + r" free;", text)
    in_use = _first(r"this process has " + _SIZE + r" memory in use", text)
    allocated = (_first(r"Of the allocated memory " + _SIZE + r" is allocated by PyTorch", text)
                 or _first(_SIZE + r" already allocated", text))
    unallocated = _first(_SIZE + r" is reserved by PyTorch but unallocated", text)
    reserved_total = _first(_SIZE + r" reserved in total by PyTorch", text)
    result.total_bytes = _size(total[0]) if total else None
    result.free_bytes = _size(free[0]) if free else None
    result.in_use_bytes = _size(in_use[0]) if in_use else None
    result.allocated_bytes = _size(allocated[0]) if allocated else None
    if unallocated and result.allocated_bytes is not None:
        result.reserved_bytes = result.allocated_bytes + _size(unallocated[0])
    elif reserved_total:
        result.reserved_bytes = _size(reserved_total[0])
    return result


PARSERS: list[Callable[[str], Explanation | None]] = [_parse_tensorflow, _parse_xla, _parse_torch]


def _diagnose(result: Explanation) -> None:
    say, fix = result.diagnosis.append, result.fixes.append
    requested = result.requested_bytes
    capacity = result.limit_bytes or result.total_bytes
    if requested is not None and result.free_bytes is not None:
        say(_("It asked for {requested} when only {free} was free.").format(
            requested=format_bytes(requested), free=format_bytes(result.free_bytes)))
    elif requested is not None:
        say(_("It asked for {requested} and the device could not provide it.").format(
            requested=format_bytes(requested)))
    if capacity and result.in_use_bytes is not None:
        say(_("{in_use} of {capacity} was already in use.").format(
            in_use=format_bytes(result.in_use_bytes), capacity=format_bytes(capacity)))
    unallocated = None
    if result.reserved_bytes is not None and result.allocated_bytes is not None:
        unallocated = result.reserved_bytes - result.allocated_bytes
    fragmented = (unallocated is not None and requested is not None and unallocated >= requested) or (
        result.free_bytes is not None and requested is not None and result.free_bytes >= requested
        and result.largest_free_block_bytes is not None and result.largest_free_block_bytes < requested)
    if fragmented:
        say(_("Enough memory was free in total, but not in one piece: the allocator's pool is fragmented."))
        fix({"torch": _("Set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True before the first CUDA call."),
             "tensorflow": _("Set TF_GPU_ALLOCATOR=cuda_malloc_async before TensorFlow starts."),
             "jax": _("JAX: set XLA_PYTHON_CLIENT_ALLOCATOR=platform to allocate exactly what is needed.")}
            [result.framework])
    if requested is not None and capacity and requested > 0.25 * capacity:
        say(_("One tensor of {requested} is {share:.0%} of the device: a single layer or weight dominates.").format(
            requested=format_bytes(requested), share=requested / capacity))
        if result.shape and len(result.shape) == 2 and result.shape[0] > 100 * result.shape[1]:
            fix(_("The shape {shape} looks like the kernel of a Dense layer after Flatten: pool before the head "
                  "(GlobalAveragePooling2D or MaxPooling2D) to shrink it.").format(shape=result.shape))
    if result.op and any(name in result.op.lower() for name in ("adam", "rmsprop", "nadam", "adamax")):
        say(_("It failed inside the optimizer update ({op}): the optimizer's state and its temporaries are "
              "the size of the weights.").format(op=result.op))
        fix(_("Use an optimizer with less state: SGD with momentum, or Adafactor."))
    if result.framework == "tensorflow":
        say(_("TensorFlow reserves nearly all GPU memory at start unless memory growth is on, so nvidia-smi "
              "always looks full; the numbers above are what the job itself used."))
        fix(_("Turn on memory growth before building the model: oomdoctor.configure_gpu_memory()."))
    elif result.framework == "jax":
        fix(_("JAX reserves 75 % of the GPU at start; XLA_PYTHON_CLIENT_MEM_FRACTION raises it, "
              "XLA_PYTHON_CLIENT_PREALLOCATE=false turns it off."))
    fix(_("Use a smaller batch (with gradient accumulation to keep the effective batch), or mixed precision; "
          "`oomdoctor estimate` shows how much each change saves."))


def _owner(result: Explanation, model, batch_size: int | None) -> str | None:
    """The weight or layer output this shape or byte count belongs to."""
    from ._trace import trace_model
    from ._layers import classify

    trace = trace_model(model)
    if result.shape:
        shape = tuple(result.shape)
        for variable in trace.variables:
            if variable.shape == shape:
                return _("the weight {path}").format(path=variable.path)
        for use in classify(trace.calls):
            for tensor in use.call.outputs:
                if len(tensor.shape) == len(shape) and tuple(tensor.shape[1:]) == shape[1:]:
                    return _("the output of layer {name} ({type}) at batch {batch}").format(
                        name=use.call.path, type=use.call.type_name, batch=shape[0])
    if result.requested_bytes:
        for variable in trace.variables:
            size = variable.elements * itemsize(variable.dtype)
            if abs(size - result.requested_bytes) <= 256:  # allocators round to 256 bytes
                return _("a tensor the size of the weight {path}").format(path=variable.path)
    return None


def explain(text: str, model=None, batch_size: int | None = None) -> Explanation:
    from .arguments import text as checked_text

    checked_text(text, "text")
    for parser in PARSERS:
        result = parser(text)
        if result is not None:
            break
    else:
        return Explanation(diagnosis=[_("No out-of-memory error from TensorFlow, XLA/JAX or PyTorch was found in "
                                        "this text.")])
    if model is not None:
        result.owner = _owner(result, model, batch_size)
        if result.owner:
            result.diagnosis.insert(0, _("The failed allocation is {owner}.").format(owner=result.owner))
    _diagnose(result)
    return result
