"""Help CPython's garbage collector stop following the nested tuples a cache has just made (issue 31).

The collector stops tracking a tuple that holds nothing it tracks (only numbers, strings, such tuples),
but only while the tuple is still young, and a tuple is looked at before the tuples inside it unless
something outside the young objects refers to those too: of a fresh nest of tuples kept in a cache only
the innermost level is untracked in a young collection. Das Chemie-Kartenspiel's move lists keep nests
four to seven levels deep (a group's builds: runs of ``(number, build)``, each build with its key, each
key with its cards), so most of them reached the oldest generation still tracked, and every
quarter of its size so promoted started a full collection: seven in 6 s of random games through pyspiel
(session 18, at load 24), each walking the 120,000 objects numba's import leaves behind: the collector
took 0.84 s of the 6.

:func:`settle` holds each still-tracked tuple of a new cache entry in :data:`_YOUNG`, an old queue of the
last 65,536 tuples held: long enough to last until the next collection of both young generations (one
comes every few thousand tuples made), then the oldest fall out by themselves (no ``gc.callbacks``: a
callback is Python code, where a Ctrl-C arriving during a collection would be swallowed). Each such tuple
is then referred to from outside the young objects, keeps its place in allocation order (inner tuples
first) and is untracked in the same pass as the tuples inside it. Three full collections were left, the
collector took 0.43 s. Walking every nest cost more than that saved (0.84 s for 520,000
tuples), so the hot places append the tuples they have just made to :func:`young` themselves; the walk
is kept for the rare ones. A nest that a collection of both young generations meets half made (before
it is held) still goes old as it is. Nothing the program reads changes; a tuple that holds a tracked
object (a dataclass, a list) stays tracked.

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
from collections import deque
from typing import Any

#: the last tuples held (by :func:`settle`, or appended by the callers of :func:`young`): they stay held
#: past the next collection of both young generations (a tuple made just before a collection of the
#: youngest alone is in the second one when it is held, and untracked only in that one)
_YOUNG: deque[tuple[Any, ...]] = deque(maxlen=1 << 16)


def young() -> deque[tuple[Any, ...]]:
    """The queue :func:`settle` holds tuples in, for a caller that appends the tuples it has just made
    itself (each one, the innermost too: cheaper than :func:`settle`'s walk where it knows the shape)."""
    return _YOUNG


def settle(entry: Any) -> None:
    """Hold every tuple of ``entry`` (a tuple, and the tuples in it, as deep as they go) that the
    collector still tracks, until after its next collection of both young generations: see the module."""
    held, tracked = young(), gc.is_tracked
    stack = [entry]
    while stack:
        o = stack.pop()
        if type(o) is tuple and tracked(o):
            held.append(o)
            stack.extend(o)
