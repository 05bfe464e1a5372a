"""The charges of a compound: one charge per element kind, chosen so that the total is zero.

The sheet: "Hat ein Element mehrere Ladungen, muss sich zuerst für eine Ladung entschieden werden,
diese gilt dann für alle Karten dieses Elements in dieser Verbindung." With ``k`` elements of two
charges each there are ``2**k`` choices; trying them all doubles the work with every element. A
dynamic programme over the reachable totals finds the choices that balance without that product:
``reach[i]`` holds every total the elements ``i…`` can still add, so a depth-first walk over the
elements in a fixed order only enters branches that end at zero (the totals are small integers, so
the sets stay small).

Of the balancing choices the engine takes the first that is not divisible (Beispiel 2), else the
first at all; "first" in the order of a cost per charge where the caller gives one (:func:`ranked_choices`:
the cheapest total first, a best-first search over the same reachable totals), else in the order of the
options. "Divisible" needs no search when the compound has more units than a bound: a set of non-zero integers in ``[−m, p]`` that adds up to zero and has no proper part adding up to zero has
at most ``m + p`` members (order the units so that the running sum stays in ``[−m + 1, p]``; a
running sum met twice, or zero before the end, marks a part that adds up to zero). So a compound
of more units than the largest positive plus the largest negative charge on offer is always
divisible, and the search for an indivisible choice only runs on small compounds.

>>> choose_charges((("Fe", 2), ("O", 3)), {"Fe": (3, 2), "O": (-2,)})
{'Fe': 3, 'O': -2}
>>> choose_charges((("Fe", 1), ("Cu", 1), ("O", 2)), {"Fe": (3, 2), "Cu": (2, 1), "O": (-2,)})
{'Fe': 3, 'Cu': 1, 'O': -2}
>>> choose_charges((("Na", 2),), {"Na": (1,)}) is None
True
"""
from __future__ import annotations

import heapq
from typing import Iterator, Mapping, Sequence

from ...chemistry import ChargeTerm, find_zero_part


def balancing_choices(items: Sequence[tuple[int, Sequence[int]]], extra: int = 0) -> Iterator[tuple[int, ...]]:
    """Every choice of one charge per item ``(count, options)`` with ``extra + Σ count·charge = 0``,
    in the order of the items and their options (lexicographic), without trying the dead ends.

    >>> list(balancing_choices([(1, (4, -4)), (4, (1, -1))]))  # C and 4 H: CH4 either way round
    [(4, -1), (-4, 1)]
    >>> next(balancing_choices([(1, (q, -q)) for q in range(1, 41)]))[:3]  # 2**40 choices, found at once
    (1, 2, 3)
    """
    k = len(items)
    reach: list[set[int]] = [set() for _ in range(k + 1)]
    reach[k] = {0}
    for i in range(k - 1, -1, -1):
        n, options = items[i]
        reach[i] = {n * q + t for q in options for t in reach[i + 1]}
    if -extra not in reach[0]:
        return
    chosen: list[int] = []

    def walk(i: int, need: int) -> Iterator[tuple[int, ...]]:
        if i == k:
            yield tuple(chosen)
            return
        n, options = items[i]
        for q in options:
            if need - n * q in reach[i + 1]:
                chosen.append(q)
                yield from walk(i + 1, need - n * q)
                chosen.pop()

    yield from walk(0, -extra)


def ranked_choices(items: Sequence[tuple[int, Sequence[int]]], extra: int = 0,
                   costs: Sequence[Sequence[int]] | None = None) -> Iterator[tuple[int, ...]]:
    """Every choice that :func:`balancing_choices` gives, cheapest first: ``costs[i][j]`` is what option ``j`` of item
    ``i`` costs (a whole number, summed over the choice); equal totals in the lexicographic order of the options. A
    best-first search whose estimate is exact (the cheapest way the remaining items can close each total, one pass
    backwards), so it walks straight to each next choice and never lists all 2ᵏ. Without ``costs``:
    :func:`balancing_choices`.

    >>> list(ranked_choices([(1, (4, -4)), (4, (1, -1))], 0, [(1, 0), (0, 0)]))  # C −4 costs less
    [(-4, 1), (4, -1)]
    >>> next(ranked_choices([(1, (q, -q)) for q in range(1, 41)], 0, [(0, 1)] * 40))[:3]  # 2**40 choices, at once
    (1, 2, 3)
    """
    if costs is None:
        yield from balancing_choices(items, extra)
        return
    k = len(items)
    cheapest: list[dict[int, int]] = [{} for _ in range(k + 1)]
    cheapest[k] = {0: 0}
    for i in range(k - 1, -1, -1):
        n, options = items[i]
        row = cheapest[i]
        for j, q in enumerate(options):
            for t, c in cheapest[i + 1].items():
                c += costs[i][j]
                if c < row.get(n * q + t, c + 1):
                    row[n * q + t] = c
    need = -extra
    if need not in cheapest[0]:
        return
    heap: list[tuple[int, tuple[int, ...], int, int]] = [(cheapest[0][need], (), 0, need)]
    while heap:
        _, path, spent, need = heapq.heappop(heap)
        i = len(path)
        if i == k:
            yield tuple(items[m][1][j] for m, j in enumerate(path))
            continue
        n, options = items[i]
        for j, q in enumerate(options):
            rest = need - n * q
            if rest in cheapest[i + 1]:
                now = spent + costs[i][j]
                heapq.heappush(heap, (now + cheapest[i + 1][rest], path + (j,), now, rest))


def indivisible_bound(values: Sequence[int]) -> int:
    """The most units a compound with unit charges ``values`` can have and still be indivisible.

    >>> indivisible_bound([1, -1, 4, -4]), indivisible_bound([0, 2, -2])
    (8, 1)
    """
    if any(v == 0 for v in values):
        return 1  # a unit of charge 0 is a part that adds up to zero by itself
    return max([v for v in values if v > 0], default=0) + max([-v for v in values if v < 0], default=0)


def choose_charges(free: Sequence[tuple[str, int]], options: Mapping[str, Sequence[int]],
                   combos: Sequence[int] = (), costs: Mapping[str, Sequence[int]] | None = None) -> dict[str, int] | None:
    """The charges the engine gives the free cards ``(symbol, count)`` beside charged combinations
    ``combos``: of the choices that balance, the first that is not divisible, else the first; ``None``
    if no choice balances. ``options`` lists each element's charges in the order to try (a fixed
    charge is a single option); ``costs``, each option's cost (a whole number) in the same order: the
    cheapest choice is first (:func:`ranked_choices`)."""
    items = [(n, tuple(options[s])) for s, n in free]
    extra = sum(combos)
    units = sum(n for _, n in free) + len(combos)
    offered = [q for _, opts in items for q in opts] + list(combos)
    first: tuple[int, ...] | None = None
    ranked = None if costs is None else [tuple(costs[s]) for s, _ in free]
    for choice in ranked_choices(items, extra, ranked):
        if first is None:
            first = choice
            if units > indivisible_bound(offered):
                break  # every choice is divisible: no need to look further
        if units > indivisible_bound(list(choice) + list(combos)):
            continue
        terms = tuple(ChargeTerm(s, n, q) for (s, n), q in zip(free, choice)) + tuple(
            ChargeTerm(f"#{i}", 1, q) for i, q in enumerate(combos))
        if find_zero_part(terms) is None:
            return {s: q for (s, _), q in zip(free, choice)}
    return None if first is None else {s: q for (s, _), q in zip(free, first)}


__all__ = ["balancing_choices", "choose_charges", "indivisible_bound", "ranked_choices"]
