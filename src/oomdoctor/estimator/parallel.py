"""Several devices: what each one holds under data, model and sharded parallelism.

A strategy changes three things about the one-device step:

* the batch: data-parallel strategies split the global batch across replicas, so
  each device runs the step at ``global_batch / data_replicas``;
* the model state (weights, gradients, optimizer state): replicated on every
  device (MirroredStrategy, DataParallel, DDP), or sharded ``1/N`` by ZeRO's
  stages (1: optimizer state; 2: + gradients; 3 / FSDP: + weights) or by a
  LayoutMap (ModelParallel: each variable divided by the mesh axes it is
  sharded on);
* communication buffers: DDP copies gradients into buckets (one more gradient-
  sized buffer, ``gradient_as_bucket_view=False``); MirroredStrategy's NCCL
  all-reduce packs all gradients into one buffer and gets one back; ZeRO-3/FSDP
  all-gather one wrapped unit's full weights (and the next one's, prefetched)
  and reduce-scatter its gradients.

Per device, ZeRO's paper counts 2Ψ + 2Ψ + KΨ bytes of model state for Ψ
parameters in mixed precision with Adam (K = 12: float32 weights, momentum and
variance): stage 1 divides KΨ by N, stage 2 also the gradients' 2Ψ, stage 3 all
three (``model_state_bytes``; tests check it against the paper's table).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from ..errors import OomdoctorError
from ..i18n import _


class StrategyKind(str, Enum):
    """The multi-device strategies modelled, by the names ``parse_strategy`` reads."""

    MIRRORED = "mirrored"  # tf.distribute.MirroredStrategy
    MULTI_WORKER = "multi_worker_mirrored"  # tf.distribute.MultiWorkerMirroredStrategy
    DATA_PARALLEL = "data_parallel"  # keras.distribution.DataParallel
    MODEL_PARALLEL = "model_parallel"  # keras.distribution.ModelParallel with a LayoutMap
    DDP = "ddp"  # torch DistributedDataParallel
    ZERO1 = "zero1"
    ZERO2 = "zero2"
    ZERO3 = "zero3"
    FSDP = "fsdp"  # FullyShardedDataParallel FULL_SHARD: ZeRO-3's sharding

    @property
    def keras(self) -> bool:
        """Whether Keras runs this strategy (tf.distribute or keras.distribution), not torch."""
        return self in (StrategyKind.MIRRORED, StrategyKind.MULTI_WORKER, StrategyKind.DATA_PARALLEL, StrategyKind.MODEL_PARALLEL)

    @property
    def zero_stage(self) -> int:
        """ZeRO's stage of sharding (FSDP: 3); 0 for the strategies that do not shard this way."""
        return {StrategyKind.ZERO1: 1, StrategyKind.ZERO2: 2, StrategyKind.ZERO3: 3, StrategyKind.FSDP: 3}.get(self, 0)


@dataclass(frozen=True)
class Strategy:
    """Training on several devices: the kind, the device count, the model shards, host offload, a LayoutMap."""

    kind: StrategyKind
    devices: int  # all devices (replicas x model shards)
    model_shards: int = 1  # ModelParallel: devices along the "model" mesh axis
    offload: bool = False  # ZeRO / FSDP: weights, gradients and optimizer state kept in host memory
    layout_map: object = None  # keras.distribution.LayoutMap (API only); None: shard every kernel's last axis

    def __post_init__(self) -> None:
        for name, value in (("devices", self.devices), ("model_shards", self.model_shards)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_DEVICES:
                raise OomdoctorError(_("A strategy's {name} must be a whole number from 1 to {most}, not {value!r}.")
                                     .format(name=name, most=f"{MAX_DEVICES:,}", value=value),
                                     _("Write it like zero2:8, ddp:4 or model_parallel:2x4."))
        if self.devices % self.model_shards:
            raise OomdoctorError(_("{devices} devices do not split into groups of {shards} model shards.").format(
                devices=self.devices, shards=self.model_shards), _("Give a device count that the shards divide."))

    @property
    def data_replicas(self) -> int:
        """Devices that each run a share of the global batch: the devices over the model shards."""
        return self.devices // self.model_shards

    def per_device_batch(self, global_batch: int) -> int:
        """The batch each device runs; the last replica may get fewer, the peak is set by the largest."""
        return -(-global_batch // self.data_replicas)

    def describe(self) -> str:
        """The strategy as ``parse_strategy`` reads it (``zero2:8``, ``model_parallel:2x4``, ``+offload``)."""
        text = f"{self.kind.value}:{self.devices}"
        if self.kind is StrategyKind.MODEL_PARALLEL:
            text = f"{self.kind.value}:{self.data_replicas}x{self.model_shards}"
        return text + ("+offload" if self.offload else "")


# More GPUs than any training run has used; a larger count is a typo
MAX_DEVICES = 1 << 20
_PATTERN = re.compile(r"^(?P<kind>[a-z0-9_]+)(?::(?P<a>\d{1,9})(?:x(?P<b>\d{1,9}))?)?(?P<offload>\+offload)?$")
ALIASES = {"mirrored_strategy": "mirrored", "multiworker": "multi_worker_mirrored", "multi_worker": "multi_worker_mirrored",
           "dp": "data_parallel", "mp": "model_parallel", "fsdp_full_shard": "fsdp"}


def parse_strategy(text: str, devices: int | None = None) -> Strategy:
    """``mirrored:4``, ``data_parallel:8``, ``model_parallel:2x4`` (data x model), ``ddp:8``, ``zero2:8``,
    ``fsdp:16+offload``; ``devices`` fills in a count the text leaves out."""
    match = _PATTERN.match(text.strip().lower().replace("-", "_"))
    names = ", ".join(k.value for k in StrategyKind)
    if not match:
        raise OomdoctorError(_("Cannot read the strategy {text!r}.").format(text=text),
                             _("Write it like zero2:8, ddp:4, data_parallel:8 or model_parallel:2x4 ({names}).").format(
                                 names=names))
    kind_text = ALIASES.get(match["kind"], match["kind"])
    try:
        kind = StrategyKind(kind_text)
    except ValueError:
        raise OomdoctorError(_("Unknown strategy {kind!r}.").format(kind=match["kind"]),
                             _("Use one of: {names}.").format(names=names)) from None
    first = int(match["a"]) if match["a"] else devices
    if first is None or first < 1:
        raise OomdoctorError(_("The strategy {text!r} does not say how many devices.").format(text=text),
                             _("Add the count: {kind}:8.").format(kind=kind.value))
    model_shards = 1
    count = first
    if match["b"]:
        if int(match["b"]) < 1:
            raise OomdoctorError(_("The strategy {text!r} has a mesh axis of size 0.").format(text=text),
                                 _("Give both axes 1 or more, like model_parallel:2x4."))
        if kind is not StrategyKind.MODEL_PARALLEL:
            raise OomdoctorError(_("Only model_parallel takes a mesh (data x model): {text!r}.").format(text=text),
                                 _("Write {kind}:{count}.").format(kind=kind.value, count=first * int(match["b"])))
        model_shards = int(match["b"])
        count = first * model_shards
    elif kind is StrategyKind.MODEL_PARALLEL:
        model_shards, count = first, first  # model_parallel:4 = a 1 x 4 mesh
    if match["offload"] and not kind.zero_stage:
        raise OomdoctorError(_("CPU offload is a ZeRO / FSDP option, not {kind}'s.").format(kind=kind.value),
                             _("Use zero3:{count}+offload or fsdp:{count}+offload.").format(count=count))
    return Strategy(kind, count, model_shards, bool(match["offload"]))


def model_state_bytes(params: int, stage: int, devices: int, k: int = 12, weight_bytes: int = 2,
                      gradient_bytes: int = 2) -> float:
    """Per-device bytes of weights + gradients + optimizer state under ZeRO ``stage`` (0: plain data parallel).

    With the defaults this is the paper's mixed-precision Adam: (2 + 2 + 12) Ψ = 16 Ψ at stage 0,
    (2 + 2 + 12/N) Ψ at 1, (2 + (2 + 12)/N) Ψ at 2, 16 Ψ / N at 3.
    """
    weights, gradients, state = weight_bytes * params, gradient_bytes * params, k * params
    if stage >= 1:
        state /= devices
    if stage >= 2:
        gradients /= devices
    if stage >= 3:
        weights /= devices
    return weights + gradients + state


# --- Keras: strategy objects, what one device holds, the fewest devices ---------------------------

import math  # noqa: E402
from typing import Any, Callable, Collection  # noqa: E402

TF_DISTRIBUTE_KINDS = frozenset({StrategyKind.MIRRORED, StrategyKind.MULTI_WORKER})  # Keras's TensorFlow backend only
KERAS_DISTRIBUTION_KINDS = frozenset({StrategyKind.DATA_PARALLEL, StrategyKind.MODEL_PARALLEL})  # keras.distribution: JAX only
DATA_AXIS, MODEL_AXIS = "batch", "model"  # keras.distribution's default batch axis name, and ours for the model
# Layers whose main weight the default layout shards on its last (output) axis, and the attribute holding it.
DEFAULT_SHARDED_LAYERS = {"Dense": "_kernel", "EinsumDense": "_kernel", "Embedding": "_embeddings"}
_MAIN_WEIGHTS = ("_kernel", "kernel", "_embeddings", "embeddings")


def strategy_from(obj: Any, devices: int | None = None) -> Strategy:
    """A ``Strategy`` from one, from text (``parse_strategy``), from ``keras.distribution.DataParallel`` /
    ``ModelParallel`` (devices from the mesh, the LayoutMap kept) or from ``tf.distribute.MirroredStrategy`` /
    ``MultiWorkerMirroredStrategy`` (``num_replicas_in_sync``)."""
    if isinstance(obj, Strategy):
        return obj
    if isinstance(obj, str):
        return parse_strategy(obj, devices)
    module = type(obj).__module__ or ""
    if module.startswith("keras"):
        from keras import distribution as keras_distribution

        if isinstance(obj, keras_distribution.ModelParallel):
            mesh = obj.device_mesh
            total = int(mesh.devices.size)
            replicas = int(mesh.shape[list(mesh.axis_names).index(obj.batch_dim_name)])
            return Strategy(StrategyKind.MODEL_PARALLEL, total, total // replicas, layout_map=obj._layout_map)
        if isinstance(obj, keras_distribution.DataParallel):
            return Strategy(StrategyKind.DATA_PARALLEL, int(obj.device_mesh.devices.size))
    if module.startswith("tensorflow"):
        import tensorflow as tf

        if isinstance(obj, tf.distribute.MultiWorkerMirroredStrategy):
            return Strategy(StrategyKind.MULTI_WORKER, int(obj.num_replicas_in_sync))
        if isinstance(obj, tf.distribute.MirroredStrategy):
            return Strategy(StrategyKind.MIRRORED, int(obj.num_replicas_in_sync))
    raise OomdoctorError(_("Cannot read a strategy from {kind}.").format(kind=type(obj).__name__),
                         _("Give text such as data_parallel:8, a keras.distribution.DataParallel or ModelParallel, "
                           "or a tf.distribute.MirroredStrategy."))


def communication_bytes(strategy: Strategy | None, gradient_bytes: int) -> int:
    """What the gradient all-reduce allocates on each device, beside the gradients themselves.

    * ``MirroredStrategy`` on GPUs reduces with ``NcclAllReduce(num_packs=1)`` (tensorflow/python/distribute/
      cross_device_ops.py, ``select_cross_device_ops``); its ``_do_batch_all_reduce`` packs every gradient
      into one concatenated tensor (``_ConcatAndSplitPacker.pack``), and the NcclAllReduce kernel writes the
      sum into a new output (core/kernels/nccl_ops.cc: ``allocate_output``); the split back is views. 2x.
    * ``MultiWorkerMirroredStrategy`` (``CollectiveAllReduce``, ``bytes_per_pack=0``: one pack) concatenates
      too (cross_device_utils.py, ``CollectiveReplicaLauncher.batch_all_reduce``) but CollectiveReduceV2
      reduces in place (``forward_input_or_allocate_output``). 1x.
    * keras.distribution on JAX: XLA's SPMD all-reduces run in place on the gradient buffers
      (xla/service/gpu/buffer_sharing.cc, ``CanShareBufferHint``: "NCCL all-reduce can be performed
      in-place"); NCCL's staging buffers are its own, outside the allocator. 0.
    """
    if strategy is None or strategy.data_replicas < 2:
        return 0
    return {StrategyKind.MIRRORED: 2, StrategyKind.MULTI_WORKER: 1}.get(strategy.kind, 0) * gradient_bytes


def mesh_axis_sizes(strategy: Strategy) -> dict[str, int]:
    """Devices along each mesh axis: the LayoutMap's own mesh, else ``batch`` x ``model``."""
    mesh = getattr(strategy.layout_map, "device_mesh", None)
    if mesh is not None:
        return {str(name): int(size) for name, size in zip(mesh.axis_names, mesh.shape)}
    return {DATA_AXIS: strategy.data_replicas, MODEL_AXIS: strategy.model_shards}


def _layout_axes(layout_map: Any, path: str) -> tuple | None:
    """The layout's axes for a variable path: LayoutMap keys are regexes (``LayoutMap.__getitem__``:
    an exact key first, else the one key that fully matches)."""
    try:
        if isinstance(layout_map, dict):  # a plain {regex: axes} mapping, matched the same way
            layout = layout_map.get(path)
            if layout is None:
                matching = [key for key in layout_map if re.fullmatch(key, path)]
                if len(matching) > 1:
                    raise ValueError(f"Path '{path}' matches multiple layout specification keys: {matching}")
                layout = layout_map[matching[0]] if matching else None
        else:
            layout = layout_map[path]
    except ValueError as exc:
        raise OomdoctorError(_("The LayoutMap is ambiguous: {message}").format(message=str(exc).splitlines()[0]),
                             _("Make each variable path match one key at most.")) from None
    if layout is None:
        return None
    return tuple(getattr(layout, "axes", layout))


def shard_factors(path: str, shape: tuple[int, ...], strategy: Strategy | None,
                  default_sharded: Collection[str] = ()) -> tuple[int, ...]:
    """Into how many pieces each axis of a variable is cut on one device (all 1: a full copy).

    Only ModelParallel shards: an axis laid out on mesh axes is divided by the product of their sizes.
    With no LayoutMap, the paths in ``default_sharded`` are cut on their last axis along ``model``.
    """
    whole = (1,) * len(shape)
    if strategy is None or strategy.kind is not StrategyKind.MODEL_PARALLEL:
        return whole
    sizes = mesh_axis_sizes(strategy)
    if strategy.layout_map is None:
        if path in default_sharded and shape:
            return whole[:-1] + (sizes[MODEL_AXIS],)
        return whole
    axes = _layout_axes(strategy.layout_map, path)
    if axes is None:
        return whole
    if len(axes) != len(shape):
        raise OomdoctorError(
            _("The layout of {path} has {given} axes but the variable has {rank} (shape {shape}).").format(
                path=path, given=len(axes), rank=len(shape), shape=shape),
            _("Give one entry per axis, None for an axis that is not sharded."))
    factors = []
    for axis, dim in zip(axes, shape):
        names = () if axis is None else (axis,) if isinstance(axis, str) else tuple(axis)
        unknown = [name for name in names if name not in sizes]
        if unknown:
            raise OomdoctorError(
                _("The layout of {path} names the mesh axis {axis!r}, which the mesh does not have ({axes}).").format(
                    path=path, axis=unknown[0], axes=", ".join(sizes)),
                _("Use the DeviceMesh's axis names."))
        factor = math.prod(sizes[name] for name in names)
        if dim % factor:
            # JAX refuses uneven shards (NamedSharding: "should evenly divide the shape")
            raise OomdoctorError(
                _("{path} has {dim} along an axis its layout splits {factor} ways; JAX needs it to divide "
                  "evenly.").format(path=path, dim=dim, factor=factor),
                _("Leave that axis unsharded (None) or use a mesh axis whose size divides {dim}.").format(dim=dim))
        factors.append(factor)
    return tuple(factors)


def per_device_shape(path: str, shape: tuple[int, ...], strategy: Strategy | None,
                     default_sharded: Collection[str] = ()) -> tuple[int, ...]:
    """The shape of the variable at ``path`` on one device: each axis divided by its ``shard_factors``."""
    return tuple(dim // factor for dim, factor in zip(shape, shard_factors(path, shape, strategy, default_sharded)))


def per_device_variable_bytes(variable: Any, strategy: Strategy | None, default_sharded: Collection[str] = ()) -> int:
    """Bytes of one variable (``ModelTrace.variables``: .path, .shape, .dtype) on one device; its gradient and
    its optimizer slots are laid out the same way (Keras's ``add_variable_from_reference`` copies the layout)."""
    from ..units import itemsize

    return math.prod(per_device_shape(variable.path, tuple(variable.shape), strategy, default_sharded)) \
        * itemsize(str(variable.dtype))


def _default_weight(layer: Any) -> Any:
    for cls in type(layer).__mro__:
        attribute = DEFAULT_SHARDED_LAYERS.get(cls.__name__)
        if attribute:
            return getattr(layer, attribute, None)
    return None


def default_sharded_paths(layers: Any, model_shards: int) -> frozenset[str]:
    """The default layout: the kernels of Dense / EinsumDense / Embedding layers whose last dimension divides
    by ``model_shards`` (their output axis: each device computes a slice of the outputs)."""
    found = set()
    if model_shards < 2:
        return frozenset()
    for layer in layers:
        weight = _default_weight(layer)
        shape = tuple(getattr(weight, "shape", ()) or ())
        if shape and shape[-1] % model_shards == 0 and getattr(weight, "path", None):
            found.add(weight.path)
    return frozenset(found)


def output_shard_factor(layer: Any, strategy: Strategy | None, default_sharded: Collection[str] = ()) -> int:
    """How many ways a layer's output is split when its main weight is sharded on its output (last) axis."""
    if strategy is None or strategy.kind is not StrategyKind.MODEL_PARALLEL:
        return 1
    for name in _MAIN_WEIGHTS:
        weight = getattr(layer, name, None)
        path, shape = getattr(weight, "path", None), tuple(getattr(weight, "shape", ()) or ())
        if path and shape:
            return shard_factors(path, shape, strategy, default_sharded)[-1]
    return 1


def default_layout_map(model: Any, device_mesh: Any) -> Any:
    """A real ``keras.distribution.LayoutMap`` with the default layout for ``model``'s variable paths (the
    mesh's last axis is the model axis). Build the model again after setting the distribution: the paths
    must be the same (``keras.backend.clear_session()`` restarts Keras's layer names)."""
    from keras import distribution as keras_distribution

    model_axis = device_mesh.axis_names[-1]
    shards = int(device_mesh.shape[-1])
    layout_map = keras_distribution.LayoutMap(device_mesh)
    for layer in model._flatten_layers(include_self=False):
        weight = _default_weight(layer)
        if weight is not None and weight.path in default_sharded_paths([layer], shards):
            layout_map[re.escape(weight.path)] = (None,) * (len(weight.shape) - 1) + (model_axis,)
    return layout_map


def keras_candidates(devices: int, data_kind: StrategyKind = StrategyKind.DATA_PARALLEL) -> list[Strategy]:
    """What a Keras job can run on ``devices`` devices: data parallel, then every ModelParallel mesh
    ``d x m`` (m >= 2 model shards, fewest first)."""
    found = [Strategy(data_kind, devices)]
    found += [Strategy(StrategyKind.MODEL_PARALLEL, devices, m) for m in range(2, devices + 1) if devices % m == 0]
    return found


def fewest_devices(fits: Callable[[Strategy], bool], candidates: Callable[[int], list[Strategy]],
                   limit: int = 1024) -> Strategy | None:
    """The smallest device count N (1..limit) for which a candidate strategy fits; ties go to the kind that
    comes first in the candidates' order, and within a kind to its first fitting candidate.

    One kind's per-device memory shrinks as N grows (a smaller share of the batch, or of the sharded state),
    so each kind is searched by doubling N until it fits, then bisecting; a kind absent at some N (no mesh)
    counts as not fitting there.
    """
    from ..search import first_true

    verdicts: dict[str, bool] = {}

    def fitting(kind: StrategyKind, n: int) -> Strategy | None:
        for strategy in candidates(n):
            if strategy.kind is kind:
                key = strategy.describe()
                if key not in verdicts:
                    verdicts[key] = bool(fits(strategy))
                if verdicts[key]:
                    return strategy
        return None

    probes = sorted({min(1 << k, limit) for k in range(limit.bit_length() + 1)})
    kinds: list[StrategyKind] = []
    for n in probes:
        for strategy in candidates(n):
            if strategy.kind not in kinds:
                kinds.append(strategy.kind)
    best: Strategy | None = None
    for kind in kinds:
        ceiling = limit if best is None else best.devices - 1  # a kind must beat the best so far
        n = first_true(lambda devices: fitting(kind, devices) is not None, ceiling) if ceiling >= 1 else None
        if n is not None:
            best = fitting(kind, n)
    return best


def device_search(gpu: Any, fits: Callable[[Strategy | None], bool], candidates: Callable[[int], list[Strategy]],
                  peak_bytes: Callable[[Strategy | None], int], batch_size: int, limit: int = 1024) -> dict:
    """``device_search`` of an estimate: one device if it fits (strategy None), else ``fewest_devices``.

    The fewest devices may not split ``batch_size`` evenly over the data replicas (7 for 512): then
    ``even_devices`` is the fewest of the same kind that do (more devices of one kind fit too).
    """
    if gpu is None:
        raise OomdoctorError(_("The device search needs a GPU to fit."), _("Add --gpu NAME or --gpu-memory SIZE."))
    found = None
    if not fits(None):
        found = fewest_devices(fits, candidates, limit)
        if found is None:
            return {"gpu": gpu.name, "devices": None, "strategy": None, "limit": limit}
    result = {"gpu": gpu.name, "devices": found.devices if found else 1,
              "strategy": found.describe() if found else "single device", "limit": limit,
              "per_device_peak_bytes": peak_bytes(found)}
    if found is not None and batch_size % found.data_replicas:
        even = next((s for n in range(found.devices + 1, limit + 1) for s in candidates(n)
                     if s.kind is found.kind and s.model_shards == found.model_shards
                     and batch_size % s.data_replicas == 0), None)
        result["even_devices"] = even.devices if even else None
        result["even_strategy"] = even.describe() if even else None
    return result


def split_words(search: dict, batch_size: int) -> str | None:
    """How a device search's batch splits over its replicas, when not evenly; None when it does."""
    if not search.get("devices") or "even_devices" not in search:
        return None
    strategy = parse_strategy(search["strategy"])
    replicas = strategy.data_replicas
    per_device = strategy.per_device_batch(batch_size)
    last = batch_size - per_device * (replicas - 1)
    text = _("Batch {batch} does not split evenly over {replicas} replicas: {full} of them take {per_device} and "
             "one takes {last}.").format(batch=batch_size, replicas=replicas, full=replicas - 1,
                                          per_device=per_device, last=last)
    if search.get("even_devices"):
        text += " " + _("{strategy} splits it evenly, {share} each.").format(
            strategy=search["even_strategy"],
            share=batch_size // parse_strategy(search["even_strategy"]).data_replicas)
    return text
