"""A memo of a pure function in one plain dict, emptied when it holds ``most`` results.

``functools.lru_cache(maxsize=n)`` keeps each result in a linked list of four-element lists: one object
the garbage collector tracks per result, and every full collection walks them all. Where results are
made by the tens of thousands and mostly asked for again soon (Das Chemie-Kartenspiel's move numbers
and divisibility tests, issue 31), a dict emptied when full answers the same and adds no such object:
in a process of 6 s of random games through pyspiel the two lru caches held 65,000 of those lists.

>>> calls = []
>>> @memo(2)
... def square(x: int) -> int:
...     calls.append(x)
...     return x * x
>>> square(3), square(3), square(4), square(5), square(3), calls
(9, 9, 16, 25, 9, [3, 4, 5, 3])
>>> square.__wrapped__(6), len(square.cache)
(36, 2)
"""
from __future__ import annotations

from functools import wraps
from typing import Any, Callable, TypeVar

R = TypeVar("R")


def memo(most: int) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """Keep the results of a pure function of hashable positional arguments, at most ``most`` of them
    (the function keeps ``__wrapped__``, its ``cache`` and ``cache_clear``)."""
    def wrap(f: Callable[..., R]) -> Callable[..., R]:
        cache: dict[Any, R] = {}
        get = cache.get

        @wraps(f)
        def kept(*args: Any) -> R:
            got = get(args)
            if got is None:
                if len(cache) >= most:  # emptied, not evicted one by one: no order to keep
                    cache.clear()
                got = cache[args] = f(*args)  # a result of None is worked out again each time
            return got

        kept.cache = cache  # type: ignore[attr-defined]
        kept.cache_clear = cache.clear  # type: ignore[attr-defined]
        return kept
    return wrap
