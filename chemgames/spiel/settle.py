"""Help CPython's garbage collector stop following the nested tuples a cache has just made (issue 31).

The collector stops tracking a tuple that holds nothing it tracks (only numbers, strings, such tuples),
but only while the tuple is still young, and a tuple is looked at before the tuples inside it unless
something outside the young objects refers to those too: of a fresh nest of tuples kept in a cache only
the innermost level is untracked in a young collection. Das Chemie-Kartenspiel's move lists keep nests
four to seven levels deep (a group's builds: runs of ``(number, build)``, each build with its key, each
key with its cards), so most of them reached the oldest generation still tracked, and every
``1/4`` of its size so promoted started a full collection: about seven in 6 s of random games through
pyspiel, each walking the 120,000 objects numba's import leaves behind (0.6 s of the 6).

:func:`settle` holds each still-tracked tuple of a new cache entry in :data:`_YOUNG`, a list the
collector does not count as young, until the next collection ends (:func:`_after`, in
``gc.callbacks``): each such tuple is then referred to from outside, keeps its place in allocation
order (inner tuples first) and is untracked in the same pass as the tuples inside it. Nothing the
program reads changes; a tuple that holds a tracked object (a dataclass, a list) stays tracked.

>>> import gc
>>> _ = gc.collect(1)  # what came before is old now
>>> def nest(n):  # made as a cache makes it: the innermost tuple first
...     cards = ("C", n, 4)
...     return ((((cards,), 7),),)
>>> plain, settled = [nest(1)], [nest(1)]
>>> settle(settled[0])
>>> _ = gc.collect(1)  # a young collection
>>> gc.is_tracked(plain[0]), gc.is_tracked(settled[0])
(True, False)
"""
from __future__ import annotations

import gc
from typing import Any

#: the tuples :func:`settle` holds until the next collection ends
_YOUNG: list[tuple[Any, ...]] = []
_HOOKED: list[bool] = []


def _after(phase: str, info: dict[str, Any]) -> None:
    if phase == "stop":
        _YOUNG.clear()


def settle(entry: Any) -> None:
    """Hold every tuple of ``entry`` (a tuple, and the tuples in it, as deep as they go) that the
    collector still tracks until its next collection: see the module."""
    if not _HOOKED:
        gc.callbacks.append(_after)
        _HOOKED.append(True)
    young, tracked = _YOUNG, gc.is_tracked
    stack = [entry]
    while stack:
        o = stack.pop()
        if type(o) is tuple and tracked(o):
            young.append(o)
            stack.extend(o)
