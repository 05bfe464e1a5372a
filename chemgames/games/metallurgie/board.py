"""The brick board: positions, neighbours, visible areas and whether the lay-out stays connected.

Cards lie offset like bricks. A position is an axial coordinate ``(q, r)``: ``r`` is the row,
``q`` the place in the row, and row ``r`` is drawn shifted by half a card per row, so the card at
``(q, r)`` is drawn at ``x = q + r/2``. Each position has six neighbours: two in its own row, two
in the row above, two in the row below.

>>> sorted(neighbours((0, 0)))
[(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)]
>>> components({(0, 0), (1, 0), (3, 0)})
[[(0, 0), (1, 0)], [(3, 0)]]
"""
from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import AbstractSet as Set, Iterable, Mapping, Sequence

from ...core.i18n import minus

Pos = tuple[int, int]
_STEPS: tuple[Pos, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


@lru_cache(maxsize=None)
def neighbours(pos: Pos) -> tuple[Pos, ...]:
    """The six positions next to ``pos`` (cached: the same few hundred positions are asked again and again)."""
    q, r = pos
    return tuple((q + dq, r + dr) for dq, dr in _STEPS)


def pos_text(pos: Pos) -> str:
    """A position as players read it.

    >>> pos_text((2, -1))
    '(2|−1)'
    """
    return f"({minus(pos[0])}|{minus(pos[1])})"


def draw_x(pos: Pos) -> float:
    """Where the card is drawn across (in card widths): rows are offset by half a card."""
    return pos[0] + pos[1] / 2


def components(cells: Iterable[Pos]) -> list[list[Pos]]:
    """The connected parts of ``cells`` (sorted, each part sorted), by breadth-first search."""
    left = set(cells)
    out: list[list[Pos]] = []
    # started from the cells in order, each part starts at its smallest cell: the parts come sorted
    for start in sorted(left):
        if start not in left:
            continue
        left.discard(start)
        part = [start]
        frontier = [start]
        while frontier:
            for n in neighbours(frontier.pop()):
                if n in left:
                    left.discard(n)
                    part.append(n)
                    frontier.append(n)
        part.sort()
        out.append(part)
    return out


def is_connected(cells: Iterable[Pos]) -> bool:
    """Do ``cells`` form one piece (an empty set counts as connected)?

    >>> is_connected({(0, 0), (0, 1), (1, 0)}), is_connected({(0, 0), (2, 0)})
    (True, False)
    """
    left = set(cells)  # the cells not reached yet (a search bot asks this thousands of times a move)
    if not left:
        return True
    frontier = [left.pop()]
    while frontier and left:
        for n in neighbours(frontier.pop()):
            if n in left:
                left.remove(n)
                frontier.append(n)
    return not left


def frontier(occupied: Iterable[Pos]) -> set[Pos]:
    """The empty positions next to the lay-out (where iron may extend it).

    >>> sorted(frontier({(0, 0)})) == sorted(neighbours((0, 0)))
    True
    """
    occ = set(occupied)
    return {n for p in occ for n in neighbours(p)} - occ


def visible_areas(tops: Mapping[Pos, int]) -> list[tuple[int, list[Pos]]]:
    """The connected visible areas: (layer of the metal, positions), from the top card of each stack;
    by layer, and within a layer in the order of their first position (each area sorted).

    >>> visible_areas({(0, 0): 0, (1, 0): 0, (2, 0): 1})
    [(0, [(0, 0), (1, 0)]), (1, [(2, 0)])]
    """
    left = dict(tops)  # the positions not yet in an area, with their layer
    out = []
    # one search over the whole board; started from the positions in order, each area starts at its
    # smallest position, and the stable sort by layer keeps that order within a layer
    for start in sorted(tops):
        layer = left.pop(start, None)
        if layer is None:
            continue
        part = [start]
        todo = [start]
        while todo:
            for n in neighbours(todo.pop()):
                if left.get(n) == layer:
                    del left[n]
                    part.append(n)
                    todo.append(n)
        part.sort()
        out.append((layer, part))
    out.sort(key=itemgetter(0))
    return out


def area_at(tops: Mapping[Pos, int], pos: Pos) -> list[Pos]:
    """The visible area that ``pos`` belongs to: the positions joined to it through top cards of
    the same metal (breadth-first search).

    >>> area_at({(0, 0): 1, (1, 0): 1, (2, 0): 1, (3, 0): 0}, (0, 0))
    [(0, 0), (1, 0), (2, 0)]
    """
    layer = tops[pos]
    seen = {pos}
    todo = [pos]
    while todo:
        cur = todo.pop()
        for n in neighbours(cur):
            if n not in seen and tops.get(n) == layer:
                seen.add(n)
                todo.append(n)
    return sorted(seen)


def removal_completes(layout: Set[Pos], area: Sequence[Pos], need: int, iron: bool, whole: bool | None = None) -> bool:
    """Can ``need`` more cards of ``area`` be taken so that the lay-out stays in one piece?

    Only iron removal takes positions away (a higher metal uncovers the card below). The search
    removes one card that keeps the lay-out connected at a time; this finds a removal set whenever
    one exists, because a connected rest can always be reached by taking leaves of a spanning tree.

    >>> removal_completes({(0, 0), (1, 0), (2, 0)}, [(0, 0), (1, 0), (2, 0)], 2, True)
    True
    >>> removal_completes({(0, 0), (1, 0), (2, 0), (3, 0)}, [(1, 0), (2, 0)], 1, True)
    False
    """
    if need <= 0:
        return True
    if not iron:
        return len(area) >= need
    if not (whole if whole is not None else is_connected(layout)):  # the search below takes a lay-out in one
        # piece (``whole``: the caller knows whether it is; the game's always is)
        return any(is_connected(layout - {cell}) and removal_completes(layout - {cell}, [c for c in area if c != cell],
                                                                       need - 1, True)
                   for cell in sorted(area) if len(layout) > 1)
    return _complete(frozenset(layout), frozenset(area), need, set())


def _complete(layout: frozenset[Pos], area: frozenset[Pos], need: int, dead: set[frozenset[Pos]]) -> bool:
    if need == 0:
        return True
    if len(area) < need or layout in dead:
        return False
    for cell in sorted(area):
        rest = layout - {cell}  # ``layout`` is in one piece (see removal_completes)
        if rest and stays_connected(layout, cell) and _complete(rest, area - {cell}, need - 1, dead):
            return True
    dead.add(layout)
    return False


_RING: tuple[Pos, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # _STEPS in order around a card


@lru_cache(maxsize=None)
def _ring(pos: Pos) -> tuple[Pos, ...]:
    """The six neighbours of ``pos`` in order around it: each lies next to the one before."""
    q, r = pos
    return tuple((q + dq, r + dr) for dq, dr in _RING)


def stays_connected(layout: Set[Pos], cell: Pos) -> bool:
    """``is_connected(layout - {cell})`` for a ``layout`` in one piece that holds ``cell``, mostly
    without a search: when the neighbours of ``cell`` in the lay-out form one unbroken run around it,
    they touch each other, so every path through ``cell`` can go round it (else: the search).
    ``tests/test_metallurgie_speed.py`` compares it with ``is_connected``.

    >>> line = {(0, 0), (1, 0), (2, 0)}
    >>> stays_connected(line, (0, 0)), stays_connected(line, (1, 0)), stays_connected(line | {(1, -1), (2, -1)}, (1, 0))
    (True, False, True)
    """
    ring = _ring(cell)
    held = [n in layout for n in ring]
    runs = sum(1 for i in range(6) if held[i] and not held[i - 1])
    return runs <= 1 or is_connected(layout - {cell})


def split_parts(layout: set[Pos], cell: Pos) -> list[list[Pos]]:
    """The pieces the lay-out would fall into without ``cell`` (one piece: it stays connected).

    >>> [len(p) for p in split_parts({(0, 0), (1, 0), (2, 0)}, (1, 0))]
    [1, 1]
    """
    return components(layout - {cell})
