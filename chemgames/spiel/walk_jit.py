"""The walk of :mod:`fastwalk` compiled by numba, for the ``spiel`` extra only (issue 31).

:func:`fastwalk.numbered_builds` stays the definition of a hand's list and the fallback: the
JupyterLite site has neither numba nor OpenSpiel, and every caller without numba lists by it. This
module walks the same paths of combinations and the same groups of free cards in the same order,
but as numbers: the hand is a vector of counts, a combination use a row of the cards it takes, a
path a number (found by its parent path and its last use), a group its integer key (fastwalk's),
and what a group gives under a path (:func:`fastwalk._entries`) is a slot of ready pieces, found by
``path << 40 | key`` in an open-addressing table of two arrays. The compiled kernel
(``walk_kernels.walk``, imported when the card game's pyspiel game is made, :func:`prepare`, or else on the first
list: registering the games imports no numba) finds the
combinations' first uses by a numeric key, returns the slots in the walk's order and pays for the
artificial cards of the kept slots (the first fitting payment, as numbers); where every group met is kept it also
gives the list as the numbers of kept items (a run of ready builds, a paid build's move, the latter looked up by
``(entry, payment)``), which Python joins at C speed (session 19: before, Python went through the slots one by one
wherever a build was paid).
A group met under a path for the first time is a miss: the kernel leaves its place in the order,
Python works it out afterwards (its parts found by the kernel, :func:`_parts`; its builds by fastwalk's
``_entries``), counts its weight for the budget (:func:`_within`) and keeps it for the next hands.

Without numba :data:`AVAILABLE` is ``False``: :func:`numbered_builds` is fastwalk's.
``tests/test_spiel_walk_jit.py`` compares both walks on thousands of random hands.

>>> from chemgames.spiel import fastwalk
>>> hand = (("C", 1), ("Fe", 1), ("O", 3))
>>> not AVAILABLE or numbered(hand, 2000) == fastwalk._numbered.__wrapped__(hand, 2000)
True
"""
from __future__ import annotations

from functools import lru_cache
from itertools import chain
from importlib.util import find_spec
from typing import Any

from ..chemistry import combination_uses
from ..games.chemiekarten import hints
from ..games.chemiekarten.cards import PROTO, card_set, combinations
from ..games.chemiekarten.hints import MAX_COUNT
from . import fastwalk
from .move_numbers import build_number
from .settle import settle, young

#: is numba installed (the ``spiel`` extra)? Without it (the site, a bare install) the Python walk lists. The
#: kernels (:mod:`walk_kernels`, numba and numpy) are imported by :func:`prepare` or the first list, not here: registering the
#: games costs no numba start (about 0.4 s)
AVAILABLE = find_spec("numba") is not None
_WK: list[Any] = []


def _kernels() -> Any:
    """The module of kernels, imported on the first call (``None`` where numba cannot be imported)."""
    if not _WK:
        try:
            from . import walk_kernels
        except ImportError:  # pragma: no cover - numba found but broken: list by the Python walk
            _WK.append(None)
        else:
            _WK.append(walk_kernels if walk_kernels.AVAILABLE else None)
    return _WK[0]


def prepare() -> None:
    """Import the kernels and let numba load their machine code now, by walking one small hand (as a list
    would): the card game's pyspiel game calls this when it is made (``pyspiel.load_game``), so its
    first list does not pay numba's import and start (about 0.6 s of processor time). Without numba
    (or with :data:`USE` off) it does nothing.

    >>> prepare()
    >>> not AVAILABLE or not USE or _kernels() is not None
    True
    """
    if AVAILABLE and USE and _kernels() is not None and hints.BUDGET and hints.INDEXED:
        numbered((("C", 1), ("Fe", 1), ("O", 3)), hints.BUDGET)  # walk, group parts, the tables' puts


@lru_cache(maxsize=1)
def _tables() -> tuple[list[str], dict[str, int], Any, Any, Any, Any, dict[int, str], Any, Any]:
    """The card kinds in the hand's order (sorted), each kind's place, and per place: its code
    (``hints._kind_codes``; 0 for a kind without charges), its signs, the charges ``n * q`` its
    cards can add (``vals[place, count]``, ``nvals`` of them: fastwalk's :func:`fastwalk._sums`), and
    the kinds by code; the combinations as the kernel reads them for their first uses
    (:func:`fastwalk._shapes`: the defining card's place, up to three elements' places, the most
    Protomaterie, Protomaterie's place); each kind's points (0 for Protomaterie, as fastwalk's payment)."""
    wk = _kernels()
    np = wk.np
    cards = card_set()
    kinds = sorted(cards)
    place = {s: i for i, s in enumerate(kinds)}
    codes, signs = hints._kind_codes(), hints._signs()
    charged = fastwalk._tables()[3]  # what fastwalk's walk reads as a group's kinds
    code = np.zeros(len(kinds), np.int64)
    sign = np.zeros(len(kinds), np.int64)
    vals = np.zeros((len(kinds), MAX_COUNT + 1, 3 * MAX_COUNT), np.int64)
    nvals = np.zeros((len(kinds), MAX_COUNT + 1), np.int64)
    for s in charged:
        code[place[s]], sign[place[s]] = codes[s], signs[s]
        for count in range(1, MAX_COUNT + 1):
            values = sorted({n * q for n in range(1, count + 1) for q in cards[s].charges})
            vals[place[s], count, :len(values)] = values
            nvals[place[s], count] = len(values)
    shapes = np.full((len(fastwalk._shapes()), 6), -1, np.int64)
    for i, (_, defining, elements, most) in enumerate(fastwalk._shapes()):
        assert len(elements) <= 3 and most < 16  # the kernel's key: 8 bits a count, 4 for the Protomaterie
        shapes[i, 0], shapes[i, 4], shapes[i, 5] = place[defining], most, place[PROTO]
        shapes[i, 1:1 + len(elements)] = [place[e] for e in elements]
    pts = np.array([0 if s == PROTO else max(0, cards[s].points) for s in kinds], np.int64)
    # every charge sum of a path of at most _DEPTH combinations fits the kernel's marks; a card has fewer
    # points than the payment's table; an artificial card costs points (the payment's test of a fit)
    assert wk._DEPTH * max(abs(c.charge) for c in combinations().values()) < wk._SUMS
    assert 2 * MAX_COUNT * max(abs(q) for c in cards.values() for q in c.charges) + 128 < wk._OFFSET
    assert max(pts) < wk._POINTS and all(c.points > 0 for c in cards.values() if c.artificial)
    return kinds, place, code, sign, vals, nvals, {int(codes[s]): s for s in charged}, shapes, pts


@lru_cache(maxsize=1)
def _charges() -> tuple[Any, Any, Any]:
    """Per place (:func:`_tables`) the charges a card of the kind may take, in the card's order, and how
    many; a buffer for the rows of :func:`walk_kernels.group_parts` (every row a group can give)."""
    np = _kernels().np
    cards = card_set()
    kinds = _tables()[0]
    most = max(len(cards[s].charges) for s in kinds)
    chg = np.zeros((len(kinds), most), np.int64)
    nchg = np.zeros(len(kinds), np.int64)
    for t, s in enumerate(kinds):
        chg[t, :len(cards[s].charges)] = cards[s].charges
        nchg[t] = len(cards[s].charges)
    return chg, nchg, np.zeros((most ** 3 * MAX_COUNT ** 2, 6), np.int64)


def _parts(key: int, group: tuple[tuple[str, int], ...], extra: int) -> tuple[tuple[Any, ...], ...]:
    """:func:`fastwalk._parts` (``hints._group_parts``' parts as plain tuples, kept in ``fastwalk._PARTS`` by
    the group's key), the choices found by the kernel; Python only makes their tuples.

    >>> group = (("Fe", 2), ("O", 3))
    >>> _parts(1, group, 0) == fastwalk._parts(1, group, 0)
    True
    """
    chg, nchg, buf = _charges()
    cards = card_set()
    place = _tables()[1]
    k = len(group)
    (s0, m0), (s1, m1), (s2, m2) = (*group, *((group[0],) * (3 - k)))
    n = _kernels().group_parts(chg, nchg, k, place[s0], place[s1], place[s2], m0, m1, m2, extra, buf)
    symbols = [s for s, _ in group]
    points = [cards[s].points for s in symbols]
    artificial = [cards[s].artificial for s in symbols]
    out = []
    held = young()  # kept: every tuple made here held until the next young collection (spiel.settle)
    for row in buf[:n].tolist():
        counts = row[:k]
        items = tuple(zip(symbols, counts, row[3:3 + k]))
        prices = tuple(p for c, p, a in zip(counts, points, artificial) if a for _ in range(c))
        part = (items, sum(counts), sum(c * p for c, p in zip(counts, points)), prices)
        held += items
        held += items, prices, part
        out.append(part)
    parts = fastwalk._PARTS[key] = tuple(out)
    held.append(parts)
    return parts


#: the most prices of one build the kernel pays (a build with more is paid by fastwalk's Python)
_PRICES = 12


class _Kept:
    """What the kernel reads and Python keeps beside it; emptied together (a path's number names the
    slots of its groups) when it grows large."""

    def __init__(self) -> None:
        wk = _kernels()
        np = wk.np
        kinds = len(_tables()[0])
        self.table = wk._Hash()  # path << 40 | group key -> slot << 24 | weight
        self.paths = wk._Hash()  # parent path << 16 | use -> path
        self.firsts = wk._Hash()  # a combination's key (walk_kernels.first_uses) -> its first use's number, -2: none
        self.next_pid = np.ones(1, np.int64)
        self.chosen: list[tuple[Any, ...]] = [()]  # a path's uses by its number
        self.slots: list[Any] = [None]  # the pieces (:func:`_pieces`) of a group's builds; 0: none
        # what a list joins, by number (walk_kernels.pay_all): a run of ready builds, or a paid build's move
        # alone; each slot's plan (its pieces' items, -1 for a build to pay) in ``plan`` from ``slot_plan``
        self.items: list[Any] = []
        self.plan = np.zeros(1 << 12, np.int64)
        self.n_plan = 0
        self.slot_plan = np.zeros((1 << 10, 2), np.int64)
        self.made = wk._Hash()  # a payment's key (``entry << 24 | payment``) -> its item
        self.made_items: dict[int, int] = {}  # the same, for Python
        self.emitted = np.zeros(2, np.int64)
        self.heads: list[Any] = []  # fastwalk._head of a path, by its number
        self.uses: list[Any] = []  # a use by its number
        self.use_ids: dict[tuple[Any, ...], int] = {}
        self.need = np.zeros((64, kinds), np.int64)  # a use's cards (Protomaterie too) by its number
        self.charge = np.zeros(64, np.int64)
        # the builds to pay (entries of fastwalk._entries whose head is None) of the kept slots, numbered in
        # the slots' order: a slot's first and how many (slot_pay), each one's own free cards by place and
        # its prices (count, sum, the prices sorted; count -1: more than _PRICES); and each payment's move
        # (``entry << 24 | payment`` -> fastwalk._paid's ``(number, entry)``)
        self.pay_entries: list[Any] = []
        self.slot_pay = np.zeros((1 << 10, 2), np.int64)
        self.pay_used = np.zeros((1 << 10, kinds), np.int64)
        self.pay_prices = np.zeros((1 << 10, 2 + _PRICES), np.int64)
        self.paid: dict[int, tuple[int, tuple[Any, ...]]] = {}
        self.uids = np.zeros(len(fastwalk._shapes()), np.int64)
        self.fmiss = np.zeros((len(fastwalk._shapes()), 2), np.int64)
        self.size(1 << 10)

    def size(self, cap: int) -> None:
        np = _kernels().np
        kinds = len(_tables()[0])
        self.cap = cap
        self.out_slot = np.zeros(cap, np.int64)
        self.out_path = np.zeros(cap, np.int64)
        self.path_rest = np.zeros((cap, kinds), np.int64)
        self.miss = np.zeros((cap, 3), np.int64)
        self.lw = np.zeros(_kernels()._DEPTH + 2, np.int64)
        self.newp = np.zeros((cap, 3), np.int64)
        self.ws = np.zeros((2, cap, 5 + _kernels()._DEPTH), np.int64)
        self.keys = np.zeros(kinds + kinds * kinds + kinds ** 3, np.int64)
        self.stamp = np.zeros(2 * _kernels()._OFFSET, np.int64)
        self.pay_out = np.zeros(cap, np.int64)
        self.emit = np.zeros(2 * cap, np.int64)

    def use_id(self, use: Any) -> int:
        """A combination use's number (uses alike in what they lay share one)."""
        key = (use.formula, use.proto, tuple(use.cards.items()))
        got = self.use_ids.get(key)
        if got is None:
            np = _kernels().np
            got = self.use_ids[key] = len(self.uses)
            self.uses.append(use)
            if got >= len(self.charge):
                self.need = np.concatenate([self.need, np.zeros_like(self.need)])
                self.charge = np.concatenate([self.charge, np.zeros_like(self.charge)])
            place = _tables()[1]
            for s, n in use.cards.items():
                self.need[got, place[s]] += n
            self.need[got, place[PROTO]] += use.proto
            self.charge[got] = combinations()[use.formula].charge
        return got

    def first_uses(self, holdings: dict[str, int], misses: list[list[int]]) -> None:
        """Keep the first uses the kernel did not find (``(combination, key)``): fastwalk's
        :func:`fastwalk._first_uses` for these counts, as a use's number (-2: none)."""
        protos = holdings.get(PROTO, 0)
        shapes = fastwalk._shapes()
        values = []
        for s, _ in misses:
            formula, defining, _, _ = shapes[s]
            found = combination_uses(formula, defining, holdings, protos)
            values.append(self.use_id(found[0]) if found else -2)
        self.firsts.add([key for _, key in misses], values)

    def to_pay(self, entries: tuple[Any, ...]) -> tuple[int, int]:
        """Number the builds to pay of a new slot (:func:`fastwalk._entries`' entries), in their order: the
        first one's number and how many (the slot's row of ``slot_pay``, put by :meth:`put_slots`)."""
        todo = [e for e in entries if e[0] is None]
        first = len(self.pay_entries)
        if not todo:
            return first, 0
        np = _kernels().np
        while first + len(todo) > len(self.pay_used):
            self.pay_used = np.concatenate([self.pay_used, np.zeros_like(self.pay_used)])
            self.pay_prices = np.concatenate([self.pay_prices, np.zeros_like(self.pay_prices)])
        place = _tables()[1]
        for g, e in enumerate(todo, first):
            self.pay_entries.append(e)
            for s, n, _ in e[1]:  # the build's own free cards (``used`` of fastwalk._paid)
                self.pay_used[g, place[s]] = n
            prices = sorted(e[2])
            if len(prices) > _PRICES:  # pragma: no cover - beyond the sheet's hands: Python pays
                self.pay_prices[g, 0] = -1
            else:
                self.pay_prices[g, :2 + len(prices)] = [len(prices), sum(prices), *prices]
        return first, len(todo)

    def plan_of(self, pieces: tuple[Any, ...]) -> list[int]:
        """A new slot's plan for the kernel (``walk_kernels.pay_all``): each run of ready builds as an item
        (kept in :attr:`items`), each build to pay as -1, in the pieces' order (put by :meth:`put_slots`)."""
        items = self.items
        codes = []
        for piece in pieces:
            if piece[0] is None:
                codes.append(-1)
            else:
                codes.append(len(items))
                items.append(piece)
        return codes

    def put_slots(self, first: int, pays: list[int], plans: list[int], codes: list[int]) -> None:
        """Put the rows of the new slots ``first``, ``first + 1``, ... for the kernel at once (a row of a numpy
        array set from Python costs about a microsecond: thousands of slots a second in a fresh process):
        ``pays`` and ``plans`` each slot's pair of ``slot_pay`` and ``slot_plan`` (flat), ``codes`` their plans
        one after the other (their places in ``plans`` count from :attr:`n_plan`)."""
        np = _kernels().np
        end = first + len(pays) // 2
        while end > len(self.slot_pay):
            self.slot_pay = np.concatenate([self.slot_pay, np.zeros_like(self.slot_pay)])
        while end > len(self.slot_plan):
            self.slot_plan = np.concatenate([self.slot_plan, np.zeros_like(self.slot_plan)])
        start = self.n_plan
        while start + len(codes) > len(self.plan):
            self.plan = np.concatenate([self.plan, np.zeros_like(self.plan)])
        self.slot_pay[first:end] = np.array(pays, np.int64).reshape(-1, 2)
        self.slot_plan[first:end] = np.array(plans, np.int64).reshape(-1, 2)
        self.plan[start:start + len(codes)] = codes
        self.n_plan += len(codes)

    def paid_items(self, ids: list[int]) -> list[int]:
        """The kernel's items of a list (``walk_kernels.pay_all``) with each payment it did not know yet
        (``-2 - (entry << 24 | payment)``) made an item: the paid build's move alone (:meth:`move_paid`), kept
        for the kernel (one table put for the list)."""
        keys: list[int] = []
        out = []
        for i in ids:
            if i < 0:
                got = -2 - i
                item = self.made_items.get(got)
                if item is None:
                    move = self.paid.get(got)
                    one = ((move if move is not None else self.move_paid(got)),)
                    item = self.made_items[got] = len(self.items)
                    self.items.append(one)
                    keys.append(got)
                    young().append(one)  # kept: see spiel.settle
                i = item
            out.append(i)
        if keys:
            self.made.add(keys, [self.made_items[k] for k in keys])
        return out

    def move_paid(self, got: int) -> tuple[int, tuple[Any, ...]]:
        """The move of a payment the kernel found (``entry << 24 | payment``), as :func:`fastwalk._paid`
        gives it, kept."""
        kinds = _tables()[0]
        _, items, _, points, n_cards, ckey, stage = self.pay_entries[got >> 24]
        payment = tuple(kinds[(got >> 6 * i & 63) - 1] for i in range(4) if got >> 6 * i & 63)
        key = (ckey, items, payment)
        n = build_number(key)
        build = (n, key, points, n_cards, stage)
        out = self.paid[got] = n, build
        young().extend((payment, key, build, out))  # kept: see spiel.settle
        return out


_KEPT: list[_Kept] = []
#: the most slots and paths kept before all is emptied; the largest buffers before a hand is left to
#: the definition
_SLOTS_KEPT = 1 << 17
_CAP_MOST = 1 << 16


def _kept() -> _Kept:
    if not _KEPT or max(len(_KEPT[0].slots), len(_KEPT[0].chosen), len(_KEPT[0].paid), _KEPT[0].firsts.count) > _SLOTS_KEPT \
            or len(_KEPT[0].uses) > 1 << 15:
        _KEPT[:] = [_Kept()]
    return _KEPT[0]


def _fill(kept: _Kept, misses: list[list[int]]) -> list[tuple[int, int]]:
    """Work out the groups the kernel met for the first time (``(path, key, level)``) as fastwalk
    does, keep them for the kernel, and give each one's ``(slot, weight)``."""
    by_code = _tables()[6]
    keys, values, got_all = [], [], []
    first = len(kept.slots)  # the new slots' rows, put at once after the loop
    pays: list[int] = []
    plans: list[int] = []
    codes: list[int] = []
    heads = kept.heads
    for pid, key, _ in misses:
        chosen = kept.chosen[pid]
        while len(heads) <= pid:
            heads.append(None)
        head = heads[pid]
        if head is None:
            head = heads[pid] = fastwalk._head(chosen)
            settle(head)
        if key == 0:  # a path closing the balance by itself (hints._NO_PART)
            got = fastwalk._entries(chosen, (((), 0, 0, ()),), head) if chosen else (0, ())
        else:
            parts = fastwalk._PARTS.get(key)
            if parts is None:
                group, extra = _group_of(key)
                parts = _parts(key, tuple((by_code[c & ~7], c & 7) for c in group), extra)
            got = fastwalk._entries(chosen, parts, head) if parts else (0, ())
        slot = 0
        if got[1]:
            slot = len(kept.slots)
            pieces = _pieces(got[1])
            _hold(pieces)
            kept.slots.append(pieces)
            pays += kept.to_pay(got[1])
            plan = kept.plan_of(pieces)
            plans += kept.n_plan + len(codes), len(plan)
            codes += plan
        keys.append(pid << 40 | key)
        values.append(slot << 24 | got[0])
        got_all.append((slot, got[0]))
    if len(fastwalk._PARTS) > fastwalk._ENTRIES_KEPT:
        fastwalk._PARTS.clear()
    if pays:
        kept.put_slots(first, pays, plans, codes)
    kept.table.add(keys, values)
    return got_all


def _hold(pieces: tuple[Any, ...]) -> None:
    """Hold the tuples of a group's new pieces (:func:`_pieces`) until the next young collection
    (``spiel.settle``): the pieces, each run and each ``(number, build)`` of it with the build and its key,
    each build to pay and its prices (their cards and combinations are held where they were made)."""
    held = young()
    held.append(pieces)
    for piece in pieces:
        held.append(piece)
        if piece[0] is None:  # a build to pay: (None, items, prices, ...)
            held.append(piece[2])
            continue
        for pair in piece:
            build = pair[1]
            held += pair, build, build[1]


def _group_of(key: int) -> tuple[tuple[int, ...], int]:
    """A group's key (fastwalk's: 9 bits a kind with its count, the balance ``extra + 1024`` above;
    a group of three has the balance 9 bits higher) as its codes and ``extra``.

    >>> base = (-3 + 1024) << 27
    >>> _group_of(base | 17), _group_of(base | 17 << 9 | 42), _group_of((base | 17 << 9 | 42) << 9 | 99)
    (((17,), -3), ((17, 42), -3), ((17, 42, 99), -3))
    """
    if key >> 18 & 511:
        return (key >> 18 & 511, key >> 9 & 511, key & 511), (key >> 36) - 1024
    return tuple(c for c in (key >> 9 & 511, key & 511) if c), (key >> 27) - 1024


def _within(levels: list[int], budget: int) -> bool:
    """The walk's budget over the weights of its levels (``fastwalk._numbered``'s ``_TooMany``):
    does no level reach its share?

    >>> _within([10, 400, 3], 2000), _within([10, 500], 2000), _within([600, 800, 600, 100], 2000)
    (True, False, False)
    """
    share, spent = max(1, budget // 4), 0
    for k, w in enumerate(levels):
        left = budget - spent
        if left <= 0 or w > (left - 1 if k >= 3 else min(share, left) - 1):
            return False
        spent += w
    return True


def _pieces(entries: tuple[Any, ...]) -> tuple[Any, ...]:
    """A group's entries (:func:`fastwalk._entries`) as the pieces a list joins, in their order: the
    ready builds in runs (``(number, entry)`` pairs, joined at once), each build to be paid alone (its
    entry, whose head is ``None``).

    >>> _pieces(((5, "a"), (6, "b"), (None, "c"), (7, "d")))
    (((5, (5, 'a')), (6, (6, 'b'))), (None, 'c'), ((7, (7, 'd')),))
    """
    out: list[Any] = []
    run: list[Any] = []
    for e in entries:
        if e[0] is None:
            if run:
                out.append(tuple(run))
                run = []
            out.append(e)
        else:
            run.append((e[0], e))
    if run:
        out.append(tuple(run))
    return tuple(out)


def numbered_builds(hand: tuple[tuple[str, int], ...]) -> list[tuple[int, tuple[Any, ...]]] | None:
    """:func:`fastwalk.numbered_builds`, walked by the compiled kernel where numba is installed (and
    :data:`USE` is on), by fastwalk's Python walk otherwise: the same builds in the same order."""
    if not (AVAILABLE and USE) or _kernels() is None:
        return fastwalk.numbered_builds(hand)
    budget = hints.BUDGET
    if not budget or not hints.INDEXED:
        return None
    return _numbered(hand, budget)


#: ``False``: list by fastwalk's Python walk even where numba is installed (tests compare both)
USE = True


@lru_cache(maxsize=64)  # OpenSpiel's ISMCTS asks for its own hand again each simulation
def _numbered(hand: tuple[tuple[str, int], ...], budget: int) -> list[tuple[int, tuple[Any, ...]]] | None:
    return numbered(hand, budget)


def numbered(hand: tuple[tuple[str, int], ...], budget: int) -> list[tuple[int, tuple[Any, ...]]] | None:
    """The compiled walk of ``hand`` (not kept: :func:`numbered_builds` keeps the last hands)."""
    wk = _kernels()
    kept = _kept()
    kinds, place, code, sign, vals, nvals, _, shapes, pts = _tables()
    vec = wk.np.zeros(len(kinds), wk.np.int64)
    for s, n in hand:
        vec[place[s]] = n
    cards = card_set()
    holdings = dict(hand)
    out: list[tuple[int, tuple[Any, ...]]] = []
    w0 = 0
    for s in holdings:  # level 0: stable cards laid alone, in the hand's order (as fastwalk)
        if s != PROTO and cards[s].stable:
            w0 += 1
            e = fastwalk._single(s)
            if e[0] is None:
                got = fastwalk._paid(e, holdings)
                if got is not None:
                    out.append(got)
            else:
                out.append((e[0], e))
    while True:
        kept.paths.room(kept.cap)  # the kernel adds at most so many paths
        status, n_out, n_levels, n_miss, n_new, n_firsts, n_pay = wk.walk(
            vec, shapes, kept.firsts.keys, kept.firsts.values, kept.uids, kept.fmiss, kept.need, kept.charge,
            code, sign, vals, nvals, kept.table.keys, kept.table.values, kept.paths.keys, kept.paths.values,
            kept.next_pid, budget, w0, kept.out_slot, kept.out_path, kept.path_rest, kept.miss, kept.newp, kept.ws,
            kept.keys, kept.stamp, kept.lw, pts, kept.slot_pay, kept.pay_used, kept.pay_prices, kept.pay_out,
            kept.plan, kept.slot_plan, kept.made.keys, kept.made.values, kept.emit, kept.emitted)
        if status == wk._USES:  # combinations met with these counts for the first time
            kept.first_uses(holdings, kept.fmiss[:n_firsts].tolist())
            continue
        kept.paths.count += n_new
        for pid, parent, u in kept.newp[:n_new].tolist():  # paths met for the first time
            assert pid == len(kept.chosen)
            kept.chosen.append(kept.chosen[parent] + (kept.uses[u],))
        if status == wk._TOO_MANY:
            return None
        if status == wk._FULL:
            if kept.cap >= _CAP_MOST:
                return None  # pragma: no cover - a hand far beyond the budget's
            kept.size(kept.cap * 4)
            continue
        break
    filled: list[tuple[int, int]] = []
    if n_miss:  # the groups met for the first time: their weights decide the budget with the rest
        misses = kept.miss[:n_miss].tolist()
        filled = _fill(kept, misses)
        levels = kept.lw[:n_levels].tolist()
        for (_, _, k), (_, weight) in zip(misses, filled):
            levels[k] += weight
        if not _within(levels, budget):
            return None
    n_emit, n_new = kept.emitted.tolist()
    if not n_miss and n_emit >= 0:  # every group kept, every build paid by the kernel: the items joined at C speed
        ids = kept.emit[:n_emit].tolist()
        if n_new:  # payments met for the first time: their moves made and kept
            ids = kept.paid_items(ids)
        out += chain.from_iterable(map(kept.items.__getitem__, ids))
        return out
    slots = kept.slots
    pays = kept.pay_out[:n_pay].tolist() if n_pay else []
    j = 0  # the next of the kernel's payments (those of the kept slots, in the list's order)
    paid_moves = kept.paid
    rests: dict[int, dict[str, int]] = {}
    for slot, row in zip(kept.out_slot[:n_out].tolist(), kept.out_path[:n_out].tolist()):
        pieces = slots[slot if slot > 0 else filled[-slot - 1][0]]
        if pieces is None:  # a group met for the first time that gives no builds
            continue
        if len(pieces) == 1 and pieces[0][0] is not None:  # the most common: ready builds only
            out += pieces[0]
            continue
        for piece in pieces:
            if piece[0] is not None:
                out += piece
                continue
            if slot > 0:  # paid by the kernel
                got = pays[j]
                j += 1
                if got >= 0:
                    move = paid_moves.get(got)
                    out.append(move if move is not None else kept.move_paid(got))
                    continue
                if got == -1:  # the rest cannot pay
                    continue
            rest = rests.get(row)
            if rest is None:  # the path's hand, as fastwalk's rest (the kinds in the hand's order)
                rest = rests[row] = {kinds[t]: n for t, n in enumerate(kept.path_rest[row].tolist()) if n}
            paid = fastwalk._paid(piece, rest)
            if paid is not None:
                out.append(paid)
    return out
