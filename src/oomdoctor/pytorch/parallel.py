"""One device's share of a traced PyTorch step under DDP, ZeRO and FSDP.

The traced step is the one-device step; a strategy rescales its storages by role
and adds the communication buffers (see ``oomdoctor.estimator.parallel``):

* DDP: every device runs the step at its share of the batch and keeps a full
  replica; the reducer's buckets hold a flat copy of every gradient
  (``gradient_as_bucket_view=False``, the default).
* ZeRO-1 (DDP + ``ZeroRedundancyOptimizer``): optimizer state and the update's
  temporaries on 1/N of the parameters; buckets as DDP.
* ZeRO-2 (FSDP ``SHARD_GRAD_OP``): gradients and optimizer state sharded; the
  full weights stay gathered between forward and backward, beside their 1/N
  shard; one wrapped unit's full gradients wait for their reduce-scatter.
* ZeRO-3 and FSDP ``FULL_SHARD``: weights sharded too; the unit being computed
  and the next, prefetched, are all-gathered (2 units of full weights), plus one
  unit's full gradients. FSDP's units are the model's repeated blocks (the usual
  auto-wrap policy) and the rest of the model as the root unit; DeepSpeed's
  ZeRO-3 gathers module by module.
* CPU offload: weights, gradients and optimizer state in host memory, the update
  on the CPU; the device keeps the gathered units and the activations.

FSDP pads each flat parameter to a multiple of N, hence shards round up. The
buffers are counted for the whole step from the build on: on the safe side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..estimator.parallel import Strategy, StrategyKind
from .record import Storage

if TYPE_CHECKING:
    from .job import TorchJob


def unit_bytes(module, kind: StrategyKind = StrategyKind.FSDP) -> int:
    """Weight bytes of the largest unit gathered at once.

    FSDP wraps the repeated blocks (the usual auto-wrap policy) and leaves the rest
    to the root unit; without repeated blocks the whole model is one unit. DeepSpeed's
    ZeRO-3 gathers parameters module by module: the largest leaf module.
    """
    from .advice import repeated_blocks

    def size(parameters) -> int:
        return sum(p.numel() * p.element_size() for p in parameters)

    if kind is StrategyKind.ZERO3:
        return max((size(m.parameters(recurse=False)) for m in module.modules()), default=0)
    total = size(module.parameters())
    blocks = repeated_blocks(module)
    if blocks is None:
        return total  # one unit: the whole model is gathered at once
    block_sizes = [size(module.get_submodule(name).parameters()) for name in blocks[1]]
    return max(max(block_sizes), total - sum(block_sizes))


def per_device(job: "TorchJob", sizes: list[int], strategy: Strategy) -> tuple[list[int], list[Storage]]:
    """Each storage's bytes on one device, and the extra buffers the strategy allocates there."""
    devices = strategy.devices
    stage = strategy.kind.zero_stage
    offload = strategy.offload

    def shard(size: int) -> int:
        return 0 if offload else -(-size // devices)

    scaled = list(sizes)
    for index, storage in enumerate(job.first.storages):
        role = storage.role
        if role == "optimizer_state" and stage >= 1 or storage.phase == "optimizer" and role == "temporaries" \
                and stage >= 1:
            scaled[index] = shard(sizes[index])
        elif role == "gradients" and stage >= 2:
            scaled[index] = shard(sizes[index])
        elif role == "weights" and stage >= 3:
            scaled[index] = shard(sizes[index])
    module = job.program.module
    trainable = sum(p.numel() * p.element_size() for p in module.parameters() if p.requires_grad)
    extras: list[Storage] = []

    def extra(nbytes: int, role: str, what: str) -> None:
        if nbytes:
            extras.append(Storage(nbytes, "build", "", what, 0, role=role))

    if strategy.kind in (StrategyKind.DDP, StrategyKind.ZERO1):
        extra(trainable, "gradients", "DDP gradient buckets")
    elif stage == 2:
        extra(-(-trainable // devices), "weights", "FSDP weight shard (SHARD_GRAD_OP keeps the gathered weights)")
        extra(unit_bytes(module), "temporaries", "one unit's gradients before reduce-scatter")
    elif stage == 3:
        unit = unit_bytes(module, strategy.kind)
        extra(2 * unit, "weights", "all-gathered units (current + prefetched)")
        extra(unit, "temporaries", "one unit's gradients before reduce-scatter")
    return scaled, extras
