"""Das Chemie-Kartenspiel's whole moves of a hand, listed fast for OpenSpiel (issue 31).

The definition is the hint search's walk (``hints._builds_of``: every build it weighs, in the order
of its walk) with each build's move number (``move_numbers.build_number``, which ``moves.WholeMoves.number`` uses). This module walks the same
tree in the same order, but what a build becomes once it is found is worked out once and kept:
a group of free cards (its kinds, how many of each the hand has, the charge to close) under the
same combinations always gives the same builds, so each such pair is kept as the ready builds with
their numbers, and only the payment for artificial cards, which depends on the rest of the hand, is
worked out per hand. The walk's own per-build steps (the key, divisibility, a tuple of its parts)
are what made a list cost about a millisecond.

Where the walk's budget decides (a hand of tens of thousands of builds: some level of the walk
reaches its share of :data:`hints.BUDGET`, and the walk then adds the real substances by a second
walk) this module gives ``None`` and the caller lists by the definition.
``tests/test_spiel_chemiekarten_same_game.py`` compares both on thousands of hands.

>>> import chemgames
>>> from chemgames.games.chemiekarten import hints
>>> hand = (("C", 1), ("Fe", 1), ("O", 3))
>>> fast = numbered_builds(hand)
>>> [as_build(b) for _, b in fast] == list(hints._builds_of(hand, hints.BUDGET))
True
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..chemistry import combination_uses
from ..games.chemiekarten import hints
from ..games.chemiekarten.cards import PROTO, card_set, combinations
from ..games.chemiekarten.hints import MAX_COUNT, Build
from .move_numbers import build_number

#: a group's ready entries by ``path << 40 | group key`` (see :func:`_entries`); emptied when large
_ENTRIES: dict[int, tuple[int, tuple[Any, ...]]] = {}
_ENTRIES_KEPT = 1 << 17
#: a group's free-card parts by its key (as ``hints._PARTS_BY_KEY``, but each ``_FreePart`` as the plain
#: tuple of its fields, which the garbage collector stops following)
_PARTS: dict[int, tuple[tuple[Any, ...], ...]] = {}
#: the combinations chosen on a path of the walk (formula, Protomaterie, real cards of each) -> a small number
_PATHS: dict[tuple[Any, ...], int] = {}


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, int], dict[str, int], dict[str, int], frozenset[str], dict[str, int], list[tuple[str, str, int]]]:
    """Per card kind: its code (:func:`hints._kind_codes`), its sign bits, its points; the kinds
    with charges; the combinations' charges; the combinations in the walk's order with their
    defining card and charge."""
    cards = card_set()
    codes, signs = hints._kind_codes(), hints._signs()
    points = {s: c.points for s, c in cards.items()}
    charged = frozenset(s for s, c in cards.items() if s != PROTO and c.charges)
    combos = combinations()
    charge = {f: c.charge for f, c in combos.items()}
    order = [(f, c.defining, c.charge) for f, c in combos.items()]
    return codes, signs, points, charged, charge, order


def as_build(move: Any) -> Build:
    """The :class:`hints.Build` of a listed build (:func:`numbered_builds`' plain tuple, or a Build)."""
    return move if isinstance(move, Build) else Build(move[1], move[2], move[3], move[4])


def is_build(move: Any) -> bool:
    """Is a listed whole move a build (a Build or the plain tuple of :func:`numbered_builds`, whose
    head is its number), not the engine's steps of an attack, a stop or a skip?"""
    return isinstance(move, Build) or type(move[0]) is int


def _path_id(chosen: tuple[Any, ...]) -> int:
    key = tuple((u.formula, u.proto, tuple(u.cards.items())) for u in chosen)
    got = _PATHS.get(key)
    if got is None:
        got = _PATHS[key] = len(_PATHS) + 1
    return got


def _head(chosen: tuple[Any, ...]) -> tuple[Any, ...]:
    """What the combinations ``chosen`` bring to each of their builds: their key, the prices of their
    artificial cards, points, cards, and the staging."""
    cards = card_set()
    combos = combinations()
    if chosen:
        ckey = tuple(sorted([(u.formula, u.proto) for u in chosen]))
        cprices = tuple(cards[s].points for u in chosen for s, n in u.cards.items() for _ in range(n) if cards[s].artificial)
        cpoints = sum(combos[u.formula].points for u in chosen)
        ccards = sum(sum(u.cards.values()) + u.proto for u in chosen)
    else:
        ckey, cprices, cpoints, ccards = (), (), 0, 0
    return ckey, cprices, cpoints, ccards, tuple((u.formula, u.proto) for u in chosen)


def _entries(chosen: tuple[Any, ...], parts: tuple[tuple[Any, ...], ...], head: tuple[Any, ...] | None = None) -> tuple[int, tuple[Any, ...]]:
    """What the walk's ``consider`` makes of each of ``parts`` under the combinations ``chosen``,
    as far as it does not depend on the rest of the hand: ``(how many are weighed, entries)``, an
    entry ``(number, key, points, cards, staging)`` ready (a :class:`hints.Build`'s fields), or
    ``(None, items, prices, points, cards, combinations' key, staging)`` for a build whose artificial
    cards are paid from the rest of the hand (a part the walk drops has no entry). Plain tuples of
    strings and numbers: the garbage collector stops following them (tens of thousands are kept)."""
    cards = card_set()
    ckey, cprices, cpoints, ccards, stage = head or _head(chosen)  # ``head``: the caller kept :func:`_head`
    out: list[Any] = []
    for items, n_cards, points, free_prices in parts:  # a ``_FreePart``'s fields
        if not chosen and n_cards == 1:
            if not cards[items[0][0]].stable:
                continue
        elif hints._divisible(ckey, items):
            continue
        prices = free_prices + cprices if cprices else free_prices
        if prices:
            out.append((None, items, prices, points + cpoints, n_cards + ccards, ckey, stage))
        else:
            key = (ckey, items, ())
            out.append((build_number(key), key, points + cpoints, n_cards + ccards, stage))
    return len(parts), tuple(out)


#: the last hand :func:`_paid` read and its cards with points (``(symbol, count, points)``), in its order
_LAST_REST: list[Any] = [None, ()]


def _paid(entry: tuple[Any, ...], rest: dict[str, int]) -> tuple[int, tuple[Any, ...]] | None:
    """A build with artificial cards: its payment from ``rest`` less its own free cards (as
    ``hints._payment``), or ``None`` where the rest cannot pay."""
    _, items, prices, points, n_cards, ckey, stage = entry
    if _LAST_REST[0] is not rest:  # the builds of one group, and of one path, are paid from one hand
        pts = _tables()[2]
        _LAST_REST[0], _LAST_REST[1] = rest, tuple((s, n, pts[s]) for s, n in rest.items() if s != PROTO and pts[s] > 0)
    used = {s: n for s, n, _ in items}
    target = sum(prices)
    # The first payment (``hints._payment_from``: the first set of cards in the order of points, then
    # symbol, fewest first) takes of each points value the first cards of that value: another set of
    # the same points with an earlier card would come first. So it is the first set of *points* that
    # pays (worked out once per price and points on hand: :func:`_points_paid`), each value taken from
    # the first cards that have it; no more cards of a value count than fit in the price (and four).
    by_points: dict[int, list[tuple[str, int]]] = {}
    counts: dict[int, int] = {}
    for s, n, p in _LAST_REST[1]:  # in the order of the symbols
        if p <= target:
            left = n - used.get(s, 0)
            if left > 0:
                have = counts.get(p, 0)
                room = (4 if target >= 4 * p else target // p) - have
                if room > 0:
                    take = left if left < room else room
                    if have:
                        by_points[p].append((s, take))
                    else:
                        by_points[p] = [(s, take)]
                    counts[p] = have + take
    paid = _points_paid(tuple(sorted(prices)), tuple(sorted(counts.items())))
    if paid is None:
        return None
    payment: list[str] = []
    for p in sorted(set(paid)):  # each points value, with how many cards of it pay
        k = paid.count(p)
        for s, n in by_points[p]:
            take = min(n, k)
            payment += [s] * take
            k -= take
    payment_t = tuple(payment)
    key = (ckey, items, payment_t)
    n = build_number(key)
    return n, (n, key, points, n_cards, stage)


@lru_cache(maxsize=4096)
def _points_paid(prices: tuple[int, ...], on_hand: tuple[tuple[int, int], ...]) -> tuple[int, ...] | None:
    """The points of the first payment of ``prices`` from cards of ``(points, how many)``: one to four
    cards, fewest first, then in the order of their points (``hints._payment_from``'s walk over sets
    of cards, with the cards of one value alike), whose points sum to the price and fit it
    (``payment_fits``).

    >>> _points_paid((4,), ((1, 4), (2, 1)))     # H, H, C of hints._payment_from's example
    (1, 1, 2)
    >>> _points_paid((7,), ((1, 2),)) is None
    True
    """
    got = hints.first_payment(prices, [(p, p, n) for p, n in on_hand])  # the cards of one value alike
    return None if got is None else tuple(got)


#: what a code (:func:`hints._kind_codes` plus a count) can add to a charge, as bits (:func:`_sums`): a
#: value ``v`` is the bit ``v + _OFFSET``. A card adds at most 6 × 7 (six cards of charge ±7), two kinds
#: 84, so with a balance ``extra`` within :data:`_EXTRA` no bit falls below zero; the integers stay
#: about 470 bits wide (every ``&`` and shift makes a new one: with 4,096 they were 4,200 bits, and
#: those operations were a tenth of a list)
_OFFSET = 256
_EXTRA = 128


@lru_cache(maxsize=1)
def _sums() -> tuple[dict[int, int], dict[int, int]]:
    """For each kind with charges and each count 1…:data:`MAX_COUNT` (its code), every charge its
    cards can add, ``n * q`` for ``n`` of 1…count and each charge ``q``, as the bits ``v + _OFFSET``;
    and the same for ``-v``. A group of free cards can close a balance ``extra`` only if ``extra``
    plus one such value of each kind is zero (``hints._group_parts`` needs at least one card of
    each kind), so a group whose bits do not meet has no parts.

    >>> sums, minus = _sums(); code = hints._kind_codes()["O"] | 2
    >>> sorted(b - _OFFSET for b in range(2 * _OFFSET) if sums[code] >> b & 1)
    [-4, -2]
    """
    cards = card_set()
    sums: dict[int, int] = {}
    minus: dict[int, int] = {}
    for s, code in hints._kind_codes().items():
        for count in range(1, MAX_COUNT + 1):
            values = {n * q for n in range(1, count + 1) for q in cards[s].charges}
            sums[code | count] = sum(1 << (v + _OFFSET) for v in values)
            minus[code | count] = sum(1 << (-v + _OFFSET) for v in values)
    return sums, minus


@lru_cache(maxsize=1)
def _kinds() -> dict[str, tuple[Any, ...]]:
    """Each kind with charges: its signs (:func:`hints._signs`), then for each count 1…:data:`MAX_COUNT`
    its code and the bits of :func:`_sums`' ``minus`` (what a group's walk reads of a kind, in one look-up).

    >>> k = _kinds()["O"]; k[0] == hints._signs()["O"], k[2] == (hints._kind_codes()["O"] | 2, _sums()[1][hints._kind_codes()["O"] | 2])
    (True, True)
    """
    codes, signs, _, charged, _, _ = _tables()
    minus = _sums()[1]
    return {s: (signs[s], *((codes[s] | c, minus[codes[s] | c]) for c in range(1, MAX_COUNT + 1))) for s in charged}


def _shifted(bits: int, by: int) -> int:
    return bits << by if by >= 0 else bits >> -by


#: a pair of codes' reachable charges (with the balance to close) by the pair's group key
_PAIR_SUMS: dict[int, int] = {}


def _pair_reach(a: int, b: int, extra: int) -> int:
    """The bits of ``extra + va + vb + _OFFSET`` for every value ``va`` of code ``a`` and ``vb`` of ``b``."""
    sums = _sums()[0]
    va, vb = sums[a], sums[b]
    out = 0
    while va:
        low = va & -va
        out |= _shifted(vb, low.bit_length() - 1 - _OFFSET + extra)
        va ^= low
    return out


#: a combination's first use (``combination_uses(...)[0]``: the least Protomaterie) by the formula, how
#: many cards of each of its elements the hand holds and the Protomaterie it may use; ``None``: none
_FIRST_USE: dict[tuple[Any, ...], Any] = {}


@lru_cache(maxsize=1)
def _shapes() -> tuple[tuple[str, str, tuple[str, ...], int], ...]:
    """The combinations in the walk's order: formula, defining card, elements, the most Protomaterie."""
    return tuple((f, c.defining, c.parsed.elements, c.parsed.n_atoms // 2) for f, c in combinations().items())


def _first_uses(holdings: dict[str, int], table: dict[tuple[Any, ...], Any] = _FIRST_USE, wrap: Any = None) -> list[Any]:
    """The walk's ``uses``: each combination the hand can lay, with as little Protomaterie as it needs
    (``combination_uses(formula, defining, holdings, protos)[:1]`` of each, looked up by the counts
    it reads in ``table``; ``wrap(use)`` is kept instead of a use where given).

    >>> [u.formula for u in _first_uses({"C": 1, "O": 3})] == [u.formula for f, c in combinations().items()
    ...     if c.defining == "C" or c.defining == "O" for u in combination_uses(f, c.defining, {"C": 1, "O": 3}, 0)[:1]]
    True
    """
    protos = holdings.get(PROTO, 0)
    if len(table) > _ENTRIES_KEPT:
        table.clear()
    uses = []
    for formula, defining, elements, most in _shapes():
        if holdings.get(defining):
            key = (formula, tuple([holdings.get(e, 0) for e in elements]), protos if protos < most else most)
            use = table.get(key, False)
            if use is False:
                found = combination_uses(formula, defining, holdings, protos)
                # ``wrap``: what the caller keeps of a use (walk_jit: its number)
                use = table[key] = (found[0] if wrap is None else wrap(found[0])) if found else None
            if use is not None:
                uses.append(use)
    return uses


def _parts(key: int, group: tuple[tuple[str, int], ...], extra: int) -> tuple[tuple[Any, ...], ...]:
    """The free-card parts of ``group`` closing ``extra`` (``hints._group_parts``), kept in :data:`_PARTS`
    by the group's ``key`` as plain tuples, as the entries."""
    parts = _PARTS[key] = tuple((f.items, f.cards, f.points, f.prices) for f in hints._group_parts.__wrapped__(group, extra))
    return parts


@lru_cache(maxsize=None)
def _single(symbol: str) -> tuple[Any, ...]:
    """The entry (as :func:`_entries`) of a stable card laid alone."""
    c = card_set()[symbol]
    items = ((symbol, 1, c.charges[0]),)
    return (None, items, (c.points,), c.points, 1, (), ()) if c.artificial else \
        (build_number(((), items, ())), ((), items, ()), c.points, 1, ())


class _TooMany(Exception):
    """A level of the walk reached its share of the budget: the definition lists this hand."""


def numbered_builds(hand: tuple[tuple[str, int], ...]) -> list[tuple[int, tuple[Any, ...]]] | None:
    """Each build of ``hand`` (sorted ``(kind, count)``) with its move number, in the order of the
    hint search's walk (``hints._builds_of(hand, hints.BUDGET)``), as the plain tuple ``(number, key,
    points, cards, staging)``: :func:`as_build` makes it the walk's :class:`hints.Build` (done only for
    the move chosen: a list makes none); ``None`` where the walk's budget decides."""
    budget = hints.BUDGET
    if not budget or not hints.INDEXED:
        return None
    try:
        return _numbered(hand, budget)
    except _TooMany:
        return None


@lru_cache(maxsize=64)  # OpenSpiel's ISMCTS asks for its own hand again each simulation
def _numbered(hand: tuple[tuple[str, int], ...], budget: int) -> list[tuple[int, tuple[Any, ...]]]:
    charge = _tables()[4]
    kinds = _kinds()
    cards = card_set()
    holdings = dict(hand)
    protos = holdings.get(PROTO, 0)
    uses = _first_uses(holdings)
    share = max(1, budget // 4)
    out: list[tuple[int, tuple[Any, ...]]] = []
    table = _ENTRIES
    if len(table) > _ENTRIES_KEPT:
        table.clear()
    parts_table = _PARTS
    if len(parts_table) > _ENTRIES_KEPT:
        parts_table.clear()
    sums = _sums()[0]
    after = hints._rest_after
    pair_sums = _PAIR_SUMS
    if len(pair_sums) > _ENTRIES_KEPT:
        pair_sums.clear()
    weighed = [0]
    limit = [0]

    def add(entries: tuple[Any, ...], rest: dict[str, int]) -> None:
        for e in entries:
            if e[0] is None:
                got = _paid(e, rest)
                if got is not None:
                    out.append(got)
            else:
                out.append((e[0], e))

    def groups(chosen: tuple[Any, ...], pid: int, rest: dict[str, int], extra: int, max_kinds: int) -> None:
        """``hints._free_parts_indexed(rest, extra, max_kinds)`` group by group, each group's
        builds under ``chosen`` from :data:`_ENTRIES`."""
        if not -_EXTRA < extra < _EXTRA:  # pragma: no cover - the charges are small: the walk lists such a hand
            raise _TooMany
        head = pid << 40
        if extra == 0:
            got = table.get(head)
            if got is None:
                got = table[head] = _entries(chosen, (((), 0, 0, ()),)) if chosen else (0, ())  # hints._NO_PART
            weighed[0] += got[0]
            add(got[1], rest)
        have, cs, ms, nvs = [], [], [], []
        for s, c in rest.items():
            kind = kinds.get(s)  # a kind with charges: its signs, then (code, minus bits) by count
            if kind is not None:
                c = c if c < MAX_COUNT else MAX_COUNT
                code, nv = kind[c]
                have.append((s, c))
                cs.append(code)
                ms.append(kind[0])
                nvs.append(nv)
        need = 3 if extra == 0 else 2 if extra > 0 else 1
        n = len(have)
        base = (extra + 1024) << 27

        # a group is looked up only if its cards can reach the charge at all (:func:`_sums`): a
        # necessary condition, so the groups skipped are exactly some of those without parts. The groups
        # in the walk's order (singles, pairs, triples) as (key, i, j, k), the kinds' places in ``have``
        keys: list[tuple[int, int, int, int]] = [(base | cs[i], i, -1, -1) for i in range(n) if ms[i] & need == need]
        if max_kinds >= 2:
            for i in range(n - 1):
                reach, ci = sums[cs[i]] << extra if extra >= 0 else sums[cs[i]] >> -extra, cs[i] << 9
                for j in range(i + 1, n):
                    if reach & nvs[j]:
                        keys.append((base | ci | cs[j], i, j, -1))
        if max_kinds >= 3:
            for i in range(n - 2):
                ci = cs[i] << 9
                for j in range(i + 1, n - 1):
                    pair = base | ci | cs[j]
                    got_reach = pair_sums.get(pair)
                    if got_reach is None:
                        got_reach = pair_sums[pair] = _pair_reach(cs[i], cs[j], extra)
                    reach = got_reach
                    pre = pair << 9
                    for k in range(j + 1, n):
                        if reach & nvs[k]:
                            keys.append((pre | cs[k], i, j, k))
        get, append, w, most = table.get, out.append, weighed[0], limit[0]
        for key, i, j, k in keys:  # what ``add`` does, written out: this loop runs about 60 times a list
            got = get(head | key)
            if got is None:
                parts = parts_table.get(key)
                if parts is None:
                    parts = _parts(key, (have[i],) if j < 0 else (have[i], have[j]) if k < 0 else (have[i], have[j], have[k]), extra)
                got = table[head | key] = _entries(chosen, parts) if parts else (0, ())
            if got[0]:
                w += got[0]
                if w > most:
                    raise _TooMany
                for e in got[1]:
                    if e[0] is None:
                        paid = _paid(e, rest)
                        if paid is not None:
                            append(paid)
                    else:
                        append((e[0], e))
        weighed[0] = w

    # the paths of the walk's ``level`` one level at a time: each path of ``k`` combinations (in the walk's
    # order: the paths of ``k - 1`` in order, each followed by the combinations from its last one on) with
    # the hand left and its charge; a path whose charges hold a part adding up to zero is not continued
    paths: list[tuple[tuple[Any, ...], dict[str, int], int, int]] = [((), holdings, 0, 0)]

    def level(k: int) -> bool:
        nonlocal paths
        longer = []
        for chosen, rest, total, start in paths:
            if chosen and hints._zero_inside(tuple(sorted(charge[x.formula] for x in chosen))):
                continue
            for i in range(start, len(uses)):
                rest_u = after(rest, uses[i])
                if rest_u is not None:
                    longer.append((chosen + (uses[i],), rest_u, total + charge[uses[i].formula], i))
        paths = longer
        for now, rest_u, total, _ in longer:
            groups(now, _path_id(now), rest_u, total, max(1, 3 - k))
        return bool(longer)

    spent = 0
    k = 0
    while True:
        left = budget - spent
        if left <= 0:  # pragma: no cover - caught by the level before
            raise _TooMany
        limit[0] = left - 1 if k >= 3 else min(share, left) - 1  # reaching the share: the definition decides
        weighed[0] = 0
        if k == 0:
            for s in holdings:  # stable cards laid alone, in the hand's order
                if s != PROTO and cards[s].stable:
                    weighed[0] += 1
                    add((_single(s),), holdings)
            groups((), 0, holdings, 0, 3)
            reached = True
        else:
            reached = level(k)
        if weighed[0] > limit[0]:
            raise _TooMany
        spent += weighed[0]
        if not reached:
            return out
        k += 1
