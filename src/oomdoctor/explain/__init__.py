"""Read an out-of-memory error and say, in plain words, what happened and what to do.

``reading`` takes the facts out of the log (which memory, the numbers, the context); ``cases``
names the failure by a decision procedure and gives that case's advice. With the model that ran,
``explain`` also names the weight or layer output that failed, and, given the batch size,
compares the step's estimated peak with what the device had.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from ..i18n import _
from ..units import format_bytes, itemsize
from . import cases
from .reading import Facts, read

__all__ = ["explain", "Explanation"]


@dataclass
class Explanation:
    """What an out-of-memory log says: whether it is one, which memory ran out, the sizes it states and the
    advice case that follows from them (``explain.cases``)."""
    oom: bool = False
    case: str | None = None  # one of cases.CASES
    framework: str | None = None
    memory: str | None = None  # which memory ran out: gpu, host, tpu, mps
    requested_bytes: int | None = None
    free_bytes: int | None = None
    total_bytes: int | None = None
    allocated_bytes: int | None = None
    reserved_bytes: int | None = None
    limit_bytes: int | None = None
    in_use_bytes: int | None = None
    largest_free_block_bytes: int | None = None
    other_process_bytes: int | None = None
    shape: list[int] | None = None
    dtype: str | None = None
    op: str | None = None
    allocator: str | None = None
    gpu_index: int | None = None
    owner: str | None = None  # with a model: the weight or layer output that has this shape or size
    step_peak_bytes: int | None = None  # with a model and its batch: the step's estimated allocator peak
    diagnosis: list[str] = field(default_factory=list)
    fixes: list[str] = field(default_factory=list)

    @property
    def recognised(self) -> bool:
        """Whether the text was an out-of-memory error at all (``oom``)."""
        return self.oom

    def to_dict(self) -> dict:
        """The JSON of ``explain --json``: every field, in the order declared above."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _from_facts(facts: Facts) -> Explanation:
    """The explanation's copy of every figure and name the log's facts share with it."""
    shared = {f.name for f in fields(Explanation)} & {f.name for f in fields(Facts)}
    return Explanation(**{name: getattr(facts, name) for name in shared})


def explain(text: str, model=None, batch_size: int | None = None) -> Explanation:
    """What the out-of-memory error in ``text`` means and what to do about it.

    ``model``: the Keras model that ran, to name the weight or layer output that failed;
    with ``batch_size`` too, the step's estimated peak is compared with what the device had.
    """
    from ..arguments import text as checked_text

    checked_text(text, "text")
    facts = read(text)
    result = _from_facts(facts)
    result.case = cases.choose(facts)
    diagnosis, fixes = cases.advise(result.case, facts)
    if model is not None and facts.oom:
        result.owner = _owner(result, model)
        if result.owner:
            diagnosis.insert(0, _("The failed allocation is {owner}.").format(owner=result.owner))
        if batch_size is not None:
            diagnosis.extend(_step_against_device(result, facts, model, batch_size))
    result.diagnosis, result.fixes = diagnosis, fixes
    return result


def _step_against_device(result: Explanation, facts: Facts, model, batch_size: int) -> list[str]:
    """The step's estimated peak at ``batch_size`` against the memory the log says the device had."""
    from ..engines import estimate

    room = cases.capacity(facts)
    # the framework that failed, where it is a Keras backend: the estimate models how it allocates
    backend = facts.framework if facts.framework in ("tensorflow", "jax", "torch") else None
    estimate_ = estimate(model, batch_size, gpu=f"{room}B" if room else None, backend=backend)
    result.step_peak_bytes = estimate_.peak_bytes
    said = []
    if room:
        verdict = _("fits") if estimate_.peak_bytes <= room else _("does not fit")
        said.append(_("oomdoctor estimates the training step at batch {batch} at {peak} (allocator peak); the "
                      "device had {room} for it: it {verdict}.").format(
            batch=batch_size, peak=format_bytes(estimate_.peak_bytes), room=format_bytes(room), verdict=verdict))
        if estimate_.max_batch_size:
            said.append(_("The largest batch that fits there is {batch}.").format(batch=estimate_.max_batch_size))
        elif estimate_.max_batch_size == 0:
            said.append(_("Not even batch 1 fits there: what the batch does not change (weights, gradients, "
                          "optimizer state) is already too much."))
    else:
        said.append(_("oomdoctor estimates the training step at batch {batch} at {peak} (allocator peak); the log "
                      "does not say how much the device had.").format(batch=batch_size,
                                                                      peak=format_bytes(estimate_.peak_bytes)))
    return said


def _owner(result: Explanation, model) -> str | None:
    """The weight or layer output this shape or byte count belongs to."""
    from ..keras.layers import classify
    from ..keras.trace import trace_model

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
