"""PyTorch's CUDA caching allocator, replayed on sizes alone.

``torch.cuda.max_memory_allocated()`` counts *blocks*, not tensors, and
``max_memory_reserved()`` counts the segments the allocator took from
``cudaMalloc``. Both follow from the sequence of allocations and frees and a
handful of rules in ``c10/cuda/CUDACachingAllocator.cpp`` (default settings:
no ``expandable_segments``, no ``max_split_size_mb``), which this module
replays:

* every request is rounded up to a multiple of 512 bytes (``round_size``);
* requests of at most 1 MiB come from the *small* pool, whose segments are
  2 MiB; larger ones from the *large* pool, whose segments are 20 MiB for
  requests under 10 MiB and otherwise the request rounded up to 2 MiB
  (``get_allocation_size``);
* a request takes the smallest free block of its pool that is large enough
  (best fit, lowest address on ties), and splits it when the remainder is at
  least 512 bytes (small pool) or more than 1 MiB (large pool); otherwise the
  whole block is handed out and counted as allocated;
* a freed block merges with free neighbours of the same segment;
* when ``cudaMalloc`` fails under a memory cap, the allocator returns every
  completely free segment to the driver and tries once more before raising
  the out-of-memory error.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from ..units import MiB

MIN_BLOCK = 512
SMALL_REQUEST = 1 * MiB  # kSmallSize
SMALL_SEGMENT = 2 * MiB  # kSmallBuffer
LARGE_SEGMENT = 20 * MiB  # kLargeBuffer
MIN_LARGE_ALLOC = 10 * MiB  # kMinLargeAlloc
ROUND_LARGE = 2 * MiB  # kRoundLarge


def round_size(nbytes: int) -> int:
    """``nbytes`` rounded up to a multiple of 512 bytes (512 at least)."""
    return MIN_BLOCK if nbytes < MIN_BLOCK else -(-nbytes // MIN_BLOCK) * MIN_BLOCK


def segment_size(rounded: int) -> int:
    """The segment taken from ``cudaMalloc`` for a ``rounded`` request: 2 MiB for the small pool, 20 MiB under
    10 MiB, else the request rounded up to 2 MiB."""
    if rounded <= SMALL_REQUEST:
        return SMALL_SEGMENT
    if rounded < MIN_LARGE_ALLOC:
        return LARGE_SEGMENT
    return -(-rounded // ROUND_LARGE) * ROUND_LARGE


class OutOfMemory(Exception):
    """The replay needed more than the cap (what torch reports as CUDA out of memory)."""

    def __init__(self, requested: int, reserved: int, allocated: int) -> None:
        super().__init__(f"tried to allocate {requested} bytes with {reserved} reserved, {allocated} allocated")
        self.requested = requested


@dataclass(eq=False)
class _Block:
    address: int
    size: int
    segment: "_Segment"
    small: bool
    allocated: bool = False
    prev: "_Block | None" = None
    next: "_Block | None" = None

    @property
    def key(self) -> tuple[int, int]:
        return (self.size, self.address)


@dataclass(eq=False)
class _Segment:
    address: int
    size: int
    head: _Block | None = None


@dataclass
class CachingAllocator:
    """Replays allocations and frees; ``cap`` (bytes) models a memory limit."""

    cap: int | None = None
    allocated: int = 0
    reserved: int = 0
    peak_allocated: int = 0
    peak_reserved: int = 0
    _free: dict[bool, list[tuple[int, int]]] = field(default_factory=lambda: {True: [], False: []})
    _blocks_by_key: dict[tuple[int, int], _Block] = field(default_factory=dict)
    _segments: list[_Segment] = field(default_factory=list)
    _next_address: int = 0

    def malloc(self, nbytes: int) -> _Block:
        """The block serving ``nbytes``: the best-fit free block, else a new segment, split where the rules allow;
        ``OutOfMemory`` past ``cap``."""
        size = round_size(nbytes)
        small = size <= SMALL_REQUEST
        block = self._best_fit(small, size)
        if block is None:
            block = self._new_segment(small, segment_size(size), nbytes)
        self._split(block, size)
        block.allocated = True
        self.allocated += block.size
        self.peak_allocated = max(self.peak_allocated, self.allocated)
        return block

    def free(self, block: _Block) -> None:
        """Free ``block`` and merge it with the free blocks beside it; its segment stays reserved."""
        block.allocated = False
        self.allocated -= block.size
        for neighbour in (block.prev, block.next):
            if neighbour is not None and not neighbour.allocated:
                self._take(neighbour)
                self._merge(block, neighbour)
        self._put(block)

    # -- pools ---------------------------------------------------------------

    def _best_fit(self, small: bool, size: int) -> _Block | None:
        pool = self._free[small]
        i = bisect.bisect_left(pool, (size, -1))
        if i == len(pool):
            return None
        block = self._blocks_by_key[pool[i]]
        self._take(block)
        return block

    def _take(self, block: _Block) -> None:
        pool = self._free[block.small]
        del pool[bisect.bisect_left(pool, block.key)]
        del self._blocks_by_key[block.key]

    def _put(self, block: _Block) -> None:
        bisect.insort(self._free[block.small], block.key)
        self._blocks_by_key[block.key] = block

    def _new_segment(self, small: bool, size: int, requested: int) -> _Block:
        if self.cap is not None and self.reserved + size > self.cap:
            self._release_free_segments()
            if self.reserved + size > self.cap:
                raise OutOfMemory(requested, self.reserved, self.allocated)
        segment = _Segment(self._next_address, size)
        self._next_address += size
        block = _Block(segment.address, size, segment, small)
        segment.head = block
        self._segments.append(segment)
        self.reserved += size
        self.peak_reserved = max(self.peak_reserved, self.reserved)
        return block

    def _release_free_segments(self) -> None:
        kept = []
        for segment in self._segments:
            head = segment.head
            if head is not None and not head.allocated and head.size == segment.size:
                self._take(head)
                self.reserved -= segment.size
            else:
                kept.append(segment)
        self._segments = kept

    # -- blocks --------------------------------------------------------------

    def _split(self, block: _Block, size: int) -> None:
        remaining = block.size - size
        if block.small and remaining < MIN_BLOCK or not block.small and remaining <= SMALL_REQUEST:
            return  # handed out whole, and counted whole
        rest = _Block(block.address + size, remaining, block.segment, block.small, prev=block, next=block.next)
        if block.next is not None:
            block.next.prev = rest
        block.next = rest
        block.size = size
        self._put(rest)

    def _merge(self, block: _Block, neighbour: _Block) -> None:
        if neighbour is block.prev:
            block.address = neighbour.address
            block.prev = neighbour.prev
            if block.prev is not None:
                block.prev.next = block
            if block.segment.head is neighbour:
                block.segment.head = block
        else:
            block.next = neighbour.next
            if block.next is not None:
                block.next.prev = block
        block.size += neighbour.size
