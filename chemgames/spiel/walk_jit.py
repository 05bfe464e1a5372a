"""The walk of :mod:`fastwalk` compiled by numba, for the ``spiel`` extra only (issue 31).

:func:`fastwalk.numbered_builds` stays the definition of a hand's list and the fallback: the
JupyterLite site has neither numba nor OpenSpiel, and every caller without numba lists by it. This
module walks the same paths of combinations and the same groups of free cards in the same order,
but as numbers: the hand is a vector of counts, a combination use a row of the cards it takes, a
path a number (found by its parent path and its last use), a group its integer key (fastwalk's),
a group its integer key (fastwalk's), a free-card part of a group its integer key
(``walk_kernels._PART_BITS``: each kind's place, count and charge). The compiled kernel (``walk_kernels.walk``,
imported when the card game's pyspiel game is made, :func:`prepare`, or else on the first list: registering the
games imports no numba) finds the combinations' first uses by a numeric key, works out each group's parts itself
the first time it meets the group (``walk_kernels.group_keys``, ``hints._group_parts`` as numbers; kept by the
group's key, so a group's weight for the budget is known at once), and looks up what each part gives under the
path (:func:`fastwalk._entries` for that one part) by ``path << 42 | part key`` in an open-addressing table of two
arrays: dropped, a ready build (an item of :attr:`_Kept.items`), or a build to pay, which the kernel pays from the
path's rest (the first fitting payment, as numbers; the payment's move looked up by ``(entry, payment)``). It gives
the list as the numbers of those items, which Python joins at C speed.

A build met under a path for the first time (``(path, part)``) is a miss: the kernel goes on walking to find them
all, Python works each one out by fastwalk's ``_entries`` (:func:`_fill`), and the kernel walks the hand again
(session 20: before, the kernel kept a whole group's builds under a path, so every group met under a path for the
first time, about 79,000 in a fresh process's first 6 s, was worked out in Python, its parts and their tuples
too; a part recurs in many groups and paths, and now 32,000 builds are worked out in that time).

Without numba :data:`AVAILABLE` is ``False``: :func:`numbered_builds` is fastwalk's.
``tests/test_spiel_walk_jit.py`` compares both walks on thousands of random hands.

>>> from chemgames.spiel import fastwalk
>>> hand = (("C", 1), ("Fe", 1), ("O", 3))
>>> not AVAILABLE or numbered(hand, 2000) == fastwalk._numbered.__wrapped__(hand, 2000)
True
"""
from __future__ import annotations

from functools import lru_cache
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


def _parts(group: tuple[tuple[str, int], ...], extra: int) -> tuple[tuple[Any, ...], ...]:
    """The free-card parts of ``group`` closing ``extra`` as the walk finds them: the kernel's keys
    (``walk_kernels.group_keys``, what the compiled walk keeps of a group) made the plain tuples of
    :func:`fastwalk._parts` by :func:`_part` (``hints._group_parts``' fields).

    >>> group = (("Fe", 2), ("O", 3))
    >>> _parts(group, 0) == fastwalk._parts(1, group, 0)
    True
    """
    chg, nchg, buf = _charges()
    place = _tables()[1]
    k = len(group)
    (s0, m0), (s1, m1), (s2, m2) = (*group, *((group[0],) * (3 - k)))
    out = _kernels().np.zeros(len(buf), _kernels().np.int64)
    n = _kernels().group_keys(chg, nchg, k, place[s0], place[s1], place[s2], m0, m1, m2, extra, buf, out)
    return tuple(_part(key) for key in out[:n].tolist())


#: a part by its key (``walk_kernels._PART_BITS``): ``(items, cards, points, prices)`` as :func:`fastwalk._parts`
_PART: dict[int, tuple[Any, ...]] = {}


def _part(key: int) -> tuple[Any, ...]:
    """The part with the kernel's ``key`` (``walk_kernels.group_keys``; 0: no cards), as fastwalk keeps a
    ``hints._FreePart``: its items ``(symbol, count, charge)`` in the group's order, how many cards, their
    points, the prices of the artificial ones. Kept by its key (parts recur in group after group).

    >>> fe, o = _tables()[1]["Fe"] + 1, _tables()[1]["O"] + 1
    >>> _part((fe << 8 | 2 << 5 | 3 + 16) << 14 | o << 8 | 3 << 5 | -2 + 16), _part(0)
    (((('Fe', 2, 3), ('O', 3, -2)), 5, 7, ()), ((), 0, 0, ()))
    """
    got = _PART.get(key)
    if got is None:
        bits = _kernels()._PART_BITS
        kinds = _tables()[0]
        cards = card_set()
        chunks = []
        rest = key
        while rest:
            chunks.append(rest & ((1 << bits) - 1))
            rest >>= bits
        items = tuple((kinds[(c >> 8) - 1], c >> 5 & 7, (c & 31) - 16) for c in reversed(chunks))
        prices = tuple(cards[s].points for s, n, _ in items for _ in range(n) if cards[s].artificial)
        got = (items, sum(n for _, n, _ in items), sum(n * cards[s].points for s, n, _ in items), prices)
        if len(_PART) >= 1 << 16:
            _PART.clear()
        _PART[key] = got
        young().extend((*items, items, prices, got))  # kept: see spiel.settle
    return got


#: the most prices of one build the kernel pays (a build with more is paid by fastwalk's Python)
_PRICES = 12


class _Kept:
    """What the kernel reads and Python keeps beside it; emptied together (a path's number names its
    builds) when it grows large."""

    def __init__(self) -> None:
        wk = _kernels()
        np = wk.np
        kinds = len(_tables()[0])
        self.groups = wk._Hash()  # a group's key -> where its parts' keys begin in ``pkeys`` << 20 | how many
        self.pkeys = np.zeros(1 << 14, np.int64)  # the parts' keys (walk_kernels._PART_BITS); 0: no cards
        self.pcount = np.ones(1, np.int64)  # pkeys[0] is the part without cards
        self.builds = wk._Hash()  # path << 42 | part key -> what the walk makes of it (:func:`_fill`)
        self.paths = wk._Hash()  # parent path << 16 | use -> path
        self.firsts = wk._Hash()  # a combination's key (walk_kernels.first_uses) -> its first use's number, -2: none
        self.next_pid = np.ones(1, np.int64)
        self.chosen: list[tuple[Any, ...]] = [()]  # a path's uses by its number
        # what a list joins, by number: a ready build ``(number, entry)``, or a paid build's move
        self.items: list[Any] = []
        self.made = wk._Hash()  # a payment's key (``entry << 24 | payment``) -> its item
        self.made_items: dict[int, int] = {}  # the same, for Python
        self.heads: list[Any] = []  # fastwalk._head of a path, by its number
        self.uses: list[Any] = []  # a use by its number
        self.use_ids: dict[tuple[Any, ...], int] = {}
        self.need = np.zeros((64, kinds), np.int64)  # a use's cards (Protomaterie too) by its number
        self.charge = np.zeros(64, np.int64)
        # the builds to pay (entries of fastwalk._entries whose head is None), numbered as met: each one's own
        # free cards by place and its prices (count, sum, the prices sorted; count -1: more than _PRICES); and
        # each payment's move (``entry << 24 | payment`` -> fastwalk._paid's ``(number, entry)``)
        self.pay_entries: list[Any] = []
        self.pay_used = np.zeros((1 << 10, kinds), np.int64)
        self.pay_prices = np.zeros((1 << 10, 2 + _PRICES), np.int64)
        self.paid: dict[int, tuple[int, tuple[Any, ...]]] = {}
        self.uids = np.zeros(len(fastwalk._shapes()), np.int64)
        self.fmiss = np.zeros((len(fastwalk._shapes()), 2), np.int64)
        self.st = np.zeros(1, np.int64)
        self.size(1 << 10)

    def size(self, cap: int) -> None:
        np = _kernels().np
        kinds = len(_tables()[0])
        self.cap = cap
        self.path_rest = np.zeros((cap, kinds), np.int64)
        self.lw = np.zeros(_kernels()._DEPTH + 2, np.int64)
        self.newp = np.zeros((cap, 3), np.int64)
        self.ws = np.zeros((2, cap, 5 + _kernels()._DEPTH), np.int64)
        self.keys = np.zeros(kinds + kinds * kinds + kinds ** 3, np.int64)
        self.kix = np.zeros((len(self.keys), 4), np.int64)
        self.rs = np.zeros((len(self.keys) + 1, 2), np.int64)
        self.stamp = np.zeros(2 * _kernels()._OFFSET, np.int64)
        self.emit = np.zeros(2 * cap, np.int64)
        self.bmiss = np.zeros((2 * cap, 2), np.int64)
        self.pypay = np.zeros((cap, 2), np.int64)

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

    def to_pay(self, entry: tuple[Any, ...]) -> int:
        """Number a build to pay (an entry of :func:`fastwalk._entries` whose head is ``None``) for the kernel's
        payment: its own free cards and its prices in the rows of that number."""
        g = len(self.pay_entries)
        np = _kernels().np
        if g >= len(self.pay_used):
            self.pay_used = np.concatenate([self.pay_used, np.zeros_like(self.pay_used)])
            self.pay_prices = np.concatenate([self.pay_prices, np.zeros_like(self.pay_prices)])
        place = _tables()[1]
        self.pay_entries.append(entry)
        for s, n, _ in entry[1]:  # the build's own free cards (``used`` of fastwalk._paid)
            self.pay_used[g, place[s]] = n
        prices = sorted(entry[2])
        if len(prices) > _PRICES:  # pragma: no cover - beyond the sheet's hands: Python pays
            self.pay_prices[g, 0] = -1
        else:
            self.pay_prices[g, :2 + len(prices)] = [len(prices), sum(prices), *prices]
        return g

    def paid_items(self, ids: list[int]) -> list[int]:
        """The kernel's items of a list with each payment it did not know yet (``-2 - (entry << 24 | payment)``)
        made an item: the paid build's move (:meth:`move_paid`), kept for the kernel (one table put for the
        list); -1 (a build Python pays) stays."""
        keys: list[int] = []
        out = []
        for i in ids:
            if i < -1:
                got = -2 - i
                item = self.made_items.get(got)
                if item is None:
                    move = self.paid.get(got)
                    item = self.made_items[got] = len(self.items)
                    self.items.append(move if move is not None else self.move_paid(got))
                    keys.append(got)
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
#: the most builds, paths, groups kept before all is emptied; the largest buffers before a hand is left to
#: the definition
_SLOTS_KEPT = 1 << 17
_CAP_MOST = 1 << 16


def _kept() -> _Kept:
    kept = _KEPT[0] if _KEPT else None
    if kept is None or max(len(kept.items), len(kept.chosen), len(kept.paid), kept.firsts.count, kept.builds.count,
                           kept.groups.count) > _SLOTS_KEPT or len(kept.uses) > 1 << 15 or kept.pcount[0] > 1 << 22:
        kept = _Kept()
        _KEPT[:] = [kept]
    return kept


def _fill(kept: _Kept, misses: list[list[int]]) -> None:
    """Work out the builds the kernel met for the first time, each ``(path, part key)``, as fastwalk's
    :func:`fastwalk._entries` makes them, and keep them for the kernel: 0 where the walk drops the part, an
    odd ``1 + 2 * item`` for a ready build (its ``(number, entry)`` the item), an even ``2 + 2 * g`` for the
    ``g``-th build to pay (:meth:`_Kept.to_pay`)."""
    shift = 3 * _kernels()._PART_BITS
    heads, items, held = kept.heads, kept.items, young()
    got: dict[int, int] = {}
    for pid, pkey in misses:
        key = pid << shift | pkey
        if key in got:  # pragma: no cover - a part is met once under a path in one walk
            continue
        while len(heads) <= pid:
            heads.append(None)
        head = heads[pid]
        chosen = kept.chosen[pid]
        if head is None:
            head = heads[pid] = fastwalk._head(chosen)
            settle(head)
        entries = fastwalk._entries(chosen, (_part(pkey),), head)[1]
        if not entries:
            got[key] = 0
            continue
        e = entries[0]
        if e[0] is None:
            got[key] = 2 + 2 * kept.to_pay(e)
            held += e[2], e  # kept: see spiel.settle
        else:
            pair = (e[0], e)
            got[key] = 1 + 2 * len(items)
            items.append(pair)
            held += e[1], e, pair
    kept.builds.add(list(got), list(got.values()))


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
    chg, nchg, gbuf = _charges()
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
    filled = False
    while True:
        kept.paths.room(kept.cap)  # the kernel adds at most so many paths, and so many groups
        kept.groups.room(kept.cap)
        status, _, n_new, n_firsts, n_emit, n_fresh, n_miss, n_py = wk.walk(
            vec, shapes, kept.firsts.keys, kept.firsts.values, kept.uids, kept.fmiss, kept.need, kept.charge,
            code, sign, vals, nvals, chg, nchg, gbuf, kept.groups.keys, kept.groups.values, kept.pkeys, kept.pcount,
            kept.builds.keys, kept.builds.values, kept.bmiss, kept.paths.keys, kept.paths.values, kept.next_pid,
            budget, w0, kept.path_rest, kept.newp, kept.ws, kept.keys, kept.kix, kept.stamp, kept.lw, pts,
            kept.pay_used, kept.pay_prices, kept.made.keys, kept.made.values, kept.emit, kept.pypay, kept.rs, kept.st)
        kept.groups.count += int(kept.st[0])
        if status == wk._USES:  # combinations met with these counts for the first time
            kept.first_uses(holdings, kept.fmiss[:n_firsts].tolist())
            continue
        kept.paths.count += n_new
        for pid, parent, u in kept.newp[:n_new].tolist():  # paths met for the first time
            assert pid == len(kept.chosen)
            kept.chosen.append(kept.chosen[parent] + (kept.uses[u],))
        if status == wk._TOO_MANY:
            return None
        if status == wk._PARTS:  # the parts' keys fill their array: twice as long, the keys kept
            kept.pkeys = wk.np.concatenate([kept.pkeys, wk.np.zeros_like(kept.pkeys)])
            continue
        if status == wk._FULL:
            if kept.cap >= _CAP_MOST:
                return None  # pragma: no cover - a hand far beyond the budget's
            kept.size(kept.cap * 4)
            continue
        if n_miss:  # builds met for the first time: worked out, kept, and the hand walked again
            if filled:  # the walk meets the same builds again: what _fill keeps must be what the kernel reads
                raise AssertionError(f"the compiled walk met {n_miss} builds again after they were kept")
            _fill(kept, kept.bmiss[:n_miss].tolist())
            filled = True
            continue
        break
    ids = kept.emit[:n_emit].tolist()
    if n_fresh:  # payments met for the first time: their moves made and kept
        ids = kept.paid_items(ids)
    if not n_py:
        out += map(kept.items.__getitem__, ids)
        return out
    j = 0  # pragma: no cover - builds with more prices than the kernel pays: paid here, from the path's rest
    for i in ids:  # pragma: no cover
        if i >= 0:
            out.append(kept.items[i])
            continue
        g, row = kept.pypay[j].tolist()
        j += 1
        rest = {kinds[t]: n for t, n in enumerate(kept.path_rest[row].tolist()) if n}
        paid = fastwalk._paid(kept.pay_entries[g], rest)
        if paid is not None:
            out.append(paid)
    return out
