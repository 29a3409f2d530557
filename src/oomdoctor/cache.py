"""Results kept per model object (a compile, a trace) for as long as the model lives."""

from __future__ import annotations

import weakref
from typing import Any, Callable, Hashable, TypeVar

T = TypeVar("T")


class PerModelCache:
    """``get(model, key, compute)``: ``compute()`` once per model and key; a failure (an exception) is not kept."""

    def __init__(self) -> None:
        self._known: "weakref.WeakKeyDictionary[Any, dict]" = weakref.WeakKeyDictionary()

    def get(self, model: Any, key: Hashable, compute: Callable[[], T]) -> T:
        """What ``compute()`` returned for ``(model, key)``, computed once while ``model`` lives
        (every time for an object that cannot be weakly referenced)."""
        try:
            known = self._known.setdefault(model, {})
        except TypeError:  # not weakly referable: computed every time
            known = {}
        if key not in known:
            known[key] = compute()
        return known[key]
