"""The one search every "how far can we go" question uses: the largest batch, the fewest devices."""

from __future__ import annotations

from typing import Callable


def first_true(predicate: Callable[[int], bool], limit: int, start: int = 1) -> int | None:
    """The smallest n in 1..limit with ``predicate(n)``, for a predicate that stays true once true.

    Doubling from ``start`` until it holds, then bisection: about 2 log2(n) calls, fewer when ``start`` is a
    good guess (each call may be a real training step). None when it never holds.
    """
    low, high, n = 0, None, max(1, min(start, limit))  # low: the largest n known false (0: none)
    while n <= limit:
        if predicate(n):
            high = n
            break
        low, n = n, n * 2
    if high is None:
        if low >= limit or not predicate(limit):
            return None
        high = limit
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (low, mid) if predicate(mid) else (mid, high)
    return high


def largest_fitting(fits: Callable[[int], bool], limit: int, start: int = 1) -> int:
    """The largest batch in 0..limit for which ``fits`` holds (memory grows with the batch); 0: not even 1.
    ``start``: the first batch tried (a prediction)."""
    first_too_big = first_true(lambda batch: not fits(batch), limit + 1, start)
    return limit if first_too_big is None else first_too_big - 1
