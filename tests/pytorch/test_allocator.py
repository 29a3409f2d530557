"""The caching allocator's model (oomdoctor.pytorch.allocator), rule by rule, against PyTorch's own rules."""

import pytest

from oomdoctor.pytorch.allocator import CachingAllocator, OutOfMemory, round_size, segment_size
from oomdoctor.units import MiB


def test_sizes_round_to_512_and_segments_follow_the_pools():
    assert round_size(1) == 512
    assert round_size(513) == 1024
    assert segment_size(512) == 2 * MiB  # small pool
    assert segment_size(1 * MiB) == 2 * MiB
    assert segment_size(1 * MiB + 512) == 20 * MiB  # large pool, under 10 MiB
    assert segment_size(10 * MiB) == 10 * MiB
    assert segment_size(10 * MiB + 1) == 12 * MiB  # rounded up to 2 MiB


def test_small_blocks_split_and_merge_back():
    allocator = CachingAllocator()
    a = allocator.malloc(1000)  # 1024 from a new 2 MiB segment
    b = allocator.malloc(1000)  # the rest of that segment, split again
    assert allocator.reserved == 2 * MiB and allocator.allocated == 2048
    allocator.free(a)
    allocator.free(b)
    assert allocator.allocated == 0
    c = allocator.malloc(2 * MiB - 512)  # large pool: a small-pool block is never used for it
    assert allocator.reserved == 2 * MiB + 20 * MiB
    assert c.size == 2 * MiB - 512  # split: the remaining 18 MiB + 512 is more than 1 MiB


def test_a_large_block_with_1mib_or_less_left_is_handed_out_whole():
    allocator = CachingAllocator()
    block = allocator.malloc(11 * MiB)  # 10 MiB or more: a segment of its own, rounded up to 12 MiB
    assert block.size == 12 * MiB  # 1 MiB left over is not worth a split: counted as allocated
    assert allocator.allocated == 12 * MiB
    medium = allocator.malloc(4_000_000)  # under 10 MiB: a 20 MiB segment, split
    assert medium.size == 4_000_256 and allocator.reserved == 32 * MiB


def test_best_fit_reuses_the_smallest_free_block():
    allocator = CachingAllocator()
    big, small = allocator.malloc(30 * MiB), allocator.malloc(12 * MiB)
    allocator.free(big)
    allocator.free(small)
    again = allocator.malloc(11 * MiB)
    assert again.segment is small.segment
    assert allocator.reserved == 42 * MiB


def test_a_cap_first_releases_free_segments_then_fails():
    allocator = CachingAllocator(cap=40 * MiB)
    first = allocator.malloc(30 * MiB)
    allocator.free(first)
    allocator.malloc(32 * MiB)  # 30 MiB cached + 32 MiB > 40 MiB: the free segment goes back first
    assert allocator.reserved == 32 * MiB
    with pytest.raises(OutOfMemory):
        allocator.malloc(10 * MiB)
