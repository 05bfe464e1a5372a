"""The walk of :mod:`fastwalk` compiled by numba, for the ``spiel`` extra only (issue 31).

:func:`fastwalk.numbered_builds` stays the definition of a hand's list and the fallback: the
JupyterLite site has neither numba nor OpenSpiel, and every caller without numba lists by it. This
module walks the same paths of combinations and the same groups of free cards in the same order,
but as numbers: the hand is a vector of counts, a combination use a row of the cards it takes, a
path a number (found by its parent path and its last use), a group its integer key (fastwalk's),
and what a group gives under a path (:func:`fastwalk._entries`) is a slot of ready pieces, found by
``path << 40 | key`` in an open-addressing table of two arrays. The compiled kernel (:func:`walk`)
returns the slots in the walk's order; Python only joins their builds and pays for artificial cards.
A group met under a path for the first time is a miss: the kernel leaves its place in the order,
Python works it out afterwards with fastwalk's own functions, counts its weight for the budget
(:func:`_within`) and keeps it for the next hands.

Without numba :data:`AVAILABLE` is ``False``: :func:`numbered_builds` is fastwalk's.
``tests/test_spiel_walk_jit.py`` compares both walks on thousands of random hands.

>>> from chemgames.spiel import fastwalk
>>> hand = (("C", 1), ("Fe", 1), ("O", 3))
>>> not AVAILABLE or numbered(hand, 2000) == fastwalk._numbered.__wrapped__(hand, 2000)
True
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..games.chemiekarten import hints
from ..games.chemiekarten.cards import PROTO, card_set, combinations
from ..games.chemiekarten.hints import MAX_COUNT
from . import fastwalk

try:  # the extra ``spiel`` brings numba; without it (the site, a bare install) the Python walk lists
    import numpy as np
    from numba import njit
    AVAILABLE = True
except ImportError:  # pragma: no cover - numba comes with the extra, CI installs it
    AVAILABLE = False

#: the statuses of :func:`walk`
_OK, _TOO_MANY, _FULL = 0, 1, 3
#: a path's charges kept for the test of a zero part (deeper paths: the definition lists the hand)
_DEPTH = 24
_SUMS = 256  # a path's combination charges add up to at most this (checked in :func:`_tables`)
_OFFSET = 256  # a charge sum ``v`` is the place ``v + _OFFSET`` of the kernel's marks


def _njit(f: Any) -> Any:
    """numba's ``njit`` with its cache on disk (only the first process after a change compiles), or
    ``f`` itself without numba (then never called)."""
    return njit(cache=True, nogil=True)(f) if AVAILABLE else f


@_njit
def zero_inside(chg: Any, n: int) -> bool:  # pragma: no cover - compiled (hints._zero_inside)
    # does a non-empty part of the first n charges add up to zero? sums seen so far as marks
    seen = np.zeros(2 * _SUMS + 1, np.bool_)  # every sum lies within ±_SUMS (:func:`_tables`)
    vals = np.empty(2 * _SUMS + 1, np.int64)
    m = 0
    for a in range(n):
        q = chg[a]
        top = m
        for b in range(-1, top):  # -1: the charge alone, then added to each sum seen before it
            t = q if b < 0 else vals[b] + q
            if t == 0:
                return True
            if not seen[t + _SUMS]:
                seen[t + _SUMS] = True
                vals[m] = t
                m += 1
    return False


@_njit
def walk(hand: Any, uids: Any, need: Any, charge: Any, code: Any, sign: Any, vals: Any, nvals: Any,
         tk: Any, tv: Any, pk: Any, pv: Any, next_pid: Any, budget: int, w0: int,
         out_slot: Any, out_path: Any, path_rest: Any, miss: Any, newp: Any, ws: Any, keys: Any, stamp: Any,
         lw: Any) -> Any:  # pragma: no cover - compiled
    n_kinds = hand.shape[0]
    n_uses = uids.shape[0]
    cap_out, cap_paths, cap_miss, cap_new = out_slot.shape[0], path_rest.shape[0], miss.shape[0], newp.shape[0]
    share = max(1, budget // 4)
    n_out = 0
    n_paths = 0
    n_miss = 0
    n_new = 0
    # the paths of the level being walked (ws[0]) and of the next one (ws[1]), a row each: their
    # row in path_rest, charge, first use, number, depth, then their charges
    cur, nxt = ws[0], ws[1]
    # a group's kinds: code with count, signs, kind, count
    cs = np.empty(n_kinds, np.int64)
    ms = np.empty(n_kinds, np.int64)
    ks = np.empty(n_kinds, np.int64)
    cc = np.empty(n_kinds, np.int64)
    stamp[:] = 0
    mark = 0
    path_rest[0, :] = hand
    n_paths = 1
    cur[0, 0], cur[0, 1], cur[0, 2], cur[0, 3], cur[0, 4] = 0, 0, 0, 0, 0
    n_cur = 1
    spent = 0
    k = 0
    while True:
        left = budget - spent
        if left <= 0:
            return _TOO_MANY, n_out, k, n_miss, n_new
        most = left - 1 if k >= 3 else min(share, left) - 1
        w = w0 if k == 0 else 0
        # the paths to group: at level 0 the empty path, then each path of the last level
        # followed by each use from its last one on (not after a path holding a zero part)
        if k == 0:
            n_grp = 1
        else:
            n_grp = 0
            for p in range(n_cur):
                d = cur[p, 4]
                if d > 0 and zero_inside(cur[p, 5:], d):
                    continue
                if d + 1 >= _DEPTH:  # a path this deep: the definition lists the hand
                    return _TOO_MANY, n_out, k, n_miss, n_new
                row = cur[p, 0]
                for i in range(cur[p, 2], n_uses):
                    u = uids[i]
                    fits = True
                    for t in range(n_kinds):
                        if need[u, t] > path_rest[row, t]:
                            fits = False
                            break
                    if not fits:
                        continue
                    if n_paths >= cap_paths or n_grp >= cap_paths:
                        return _FULL, n_out, k, n_miss, n_new
                    for t in range(n_kinds):
                        path_rest[n_paths, t] = path_rest[row, t] - need[u, t]
                    pkey = cur[p, 3] << 16 | u
                    pid = hget(pk, pv, pkey)
                    if pid < 0:
                        if n_new >= cap_new:
                            return _FULL, n_out, k, n_miss, n_new
                        pid = next_pid[0]
                        next_pid[0] += 1
                        hput(pk, pv, pkey, pid)
                        newp[n_new, 0], newp[n_new, 1], newp[n_new, 2] = pid, cur[p, 3], u
                        n_new += 1
                    nxt[n_grp, 0] = n_paths
                    nxt[n_grp, 1] = cur[p, 1] + charge[u]
                    nxt[n_grp, 2] = i
                    nxt[n_grp, 3] = pid
                    nxt[n_grp, 4] = d + 1
                    for a in range(d):
                        nxt[n_grp, 5 + a] = cur[p, 5 + a]
                    nxt[n_grp, 5 + d] = charge[u]
                    n_paths += 1
                    n_grp += 1
            for p in range(n_grp):
                cur[p, 0], cur[p, 1], cur[p, 2] = nxt[p, 0], nxt[p, 1], nxt[p, 2]
                cur[p, 3], cur[p, 4] = nxt[p, 3], nxt[p, 4]
                for a in range(nxt[p, 4]):
                    cur[p, 5 + a] = nxt[p, 5 + a]
            n_cur = n_grp
        max_kinds = 3 if k == 0 else max(1, 3 - k)
        for p in range(n_grp):
            row, extra = cur[p, 0], cur[p, 1]
            if not -128 < extra < 128:  # the charges are small: the definition lists such a hand
                return _TOO_MANY, n_out, k, n_miss, n_new
            head = cur[p, 3] << 40
            if extra == 0:  # the balance is closed already: the path's own builds
                got = hget(tk, tv, head)
                if got < 0:  # met for the first time: Python works it out (weight and builds) after
                    if n_miss >= cap_miss or n_out >= cap_out:
                        return _FULL, n_out, k, n_miss, n_new
                    miss[n_miss, 0], miss[n_miss, 1], miss[n_miss, 2] = cur[p, 3], 0, k
                    n_miss += 1
                    out_slot[n_out], out_path[n_out] = -n_miss, row
                    n_out += 1
                else:
                    w += got & 0xFFFFFF
                    if got >> 24:
                        if n_out >= cap_out:
                            return _FULL, n_out, k, n_miss, n_new
                        out_slot[n_out], out_path[n_out] = got >> 24, row
                        n_out += 1
            n = 0
            for t in range(n_kinds):
                c = path_rest[row, t]
                if c > 0 and code[t] > 0:
                    c = min(c, 6)
                    cs[n], ms[n], ks[n], cc[n] = code[t] | c, sign[t], t, c
                    n += 1
            need_sign = 3 if extra == 0 else 2 if extra > 0 else 1
            base = (extra + 1024) << 27
            # the groups in the walk's order (itertools.combinations): singles, pairs, triples; a
            # group is looked up only if its cards can reach the charge (fastwalk's bit sets: here
            # the sums reachable are marked with the stamp ``mark``)
            nk = 0
            for i in range(n):
                if ms[i] & need_sign == need_sign:
                    keys[nk] = base | cs[i]
                    nk += 1
            if max_kinds >= 2:
                for i in range(n - 1):
                    mark += 1
                    for a in range(nvals[ks[i], cc[i]]):
                        stamp[vals[ks[i], cc[i], a] + extra + _OFFSET] = mark
                    for j in range(i + 1, n):
                        for b in range(nvals[ks[j], cc[j]]):
                            if stamp[_OFFSET - vals[ks[j], cc[j], b]] == mark:
                                keys[nk] = base | cs[i] << 9 | cs[j]
                                nk += 1
                                break
            if max_kinds >= 3:
                for i in range(n - 2):
                    for j in range(i + 1, n - 1):
                        mark += 1
                        for a in range(nvals[ks[i], cc[i]]):
                            va = vals[ks[i], cc[i], a] + extra + _OFFSET
                            for b in range(nvals[ks[j], cc[j]]):
                                stamp[va + vals[ks[j], cc[j], b]] = mark
                        pre = (base | cs[i] << 9 | cs[j]) << 9
                        for t3 in range(j + 1, n):
                            for c3 in range(nvals[ks[t3], cc[t3]]):
                                if stamp[_OFFSET - vals[ks[t3], cc[t3], c3]] == mark:
                                    keys[nk] = pre | cs[t3]
                                    nk += 1
                                    break
            for q in range(nk):
                got = hget(tk, tv, head | keys[q])
                if got < 0:  # as above; its weight is counted by Python (the walk's w is a lower bound)
                    if n_miss >= cap_miss or n_out >= cap_out:
                        return _FULL, n_out, k, n_miss, n_new
                    miss[n_miss, 0], miss[n_miss, 1], miss[n_miss, 2] = cur[p, 3], keys[q], k
                    n_miss += 1
                    out_slot[n_out], out_path[n_out] = -n_miss, row
                    n_out += 1
                    continue
                weight = got & 0xFFFFFF
                if weight:
                    w += weight
                    if w > most:
                        return _TOO_MANY, n_out, k, n_miss, n_new
                    if got >> 24:
                        if n_out >= cap_out:
                            return _FULL, n_out, k, n_miss, n_new
                        out_slot[n_out], out_path[n_out] = got >> 24, row
                        n_out += 1
        if w > most:
            return _TOO_MANY, n_out, k, n_miss, n_new
        if k >= lw.shape[0]:
            return _TOO_MANY, n_out, k, n_miss, n_new
        lw[k] = w
        spent += w
        if k > 0 and n_grp == 0:
            return _OK, n_out, k + 1, n_miss, n_new
        k += 1



@_njit
def _slot(keys: Any, k: int) -> int:  # pragma: no cover - compiled
    # open addressing: the place of ``k`` in ``keys`` or of the free place (-1) it would take
    mask = keys.shape[0] - 1
    i = ((k * -7046029254386353131) >> 20) & mask
    while keys[i] != k and keys[i] != -1:
        i = (i + 1) & mask
    return i


@_njit
def hget(keys: Any, values: Any, k: int) -> int:  # pragma: no cover - compiled
    i = _slot(keys, k)
    return values[i] if keys[i] == k else -1


@_njit
def hput(keys: Any, values: Any, k: int, v: int) -> None:  # pragma: no cover - compiled
    i = _slot(keys, k)
    keys[i], values[i] = k, v


@_njit
def put(keys: Any, values: Any, new_keys: Any, new_values: Any) -> None:  # pragma: no cover - compiled
    for i in range(new_keys.shape[0]):
        hput(keys, values, new_keys[i], new_values[i])


class _Hash:
    """A table of int64 keys (none below zero) to int64 values as two arrays, which the kernel reads
    without a Python object (numba's typed dictionary costs a third of a second to set up in every
    process); kept at most half full.

    >>> h = _Hash(8); h.add([5, 1 << 40], [50, 7]); h.add(list(range(10, 20)), list(range(10)))
    >>> [hget(h.keys, h.values, k) for k in (5, 1 << 40, 19, 6)], h.count, len(h.keys)
    ([50, 7, 9, -1], 12, 32)
    """

    def __init__(self, cap: int = 1 << 12) -> None:
        self.keys = np.full(cap, -1, np.int64)
        self.values = np.zeros(cap, np.int64)
        self.count = 0

    def room(self, more: int) -> None:
        """Make room for ``more`` keys (the table at most half full)."""
        if 2 * (self.count + more) > len(self.keys):
            old_k, old_v = self.keys, self.values
            cap = len(old_k)
            while 2 * (self.count + more) > cap:
                cap *= 2
            self.keys, self.values = np.full(cap, -1, np.int64), np.zeros(cap, np.int64)
            used = old_k >= 0
            put(self.keys, self.values, old_k[used], old_v[used])

    def add(self, keys: list[int], values: list[int]) -> None:
        self.room(len(keys))
        put(self.keys, self.values, np.array(keys, np.int64), np.array(values, np.int64))
        self.count += len(keys)


@lru_cache(maxsize=1)
def _tables() -> tuple[list[str], dict[str, int], Any, Any, Any, Any, dict[int, str]]:
    """The card kinds in the hand's order (sorted), each kind's place, and per place: its code
    (``hints._kind_codes``; 0 for a kind without charges), its signs, the charges ``n * q`` its
    cards can add (``vals[place, count]``, ``nvals`` of them: fastwalk's :func:`fastwalk._sums`), and
    the kinds by code."""
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
    # every charge sum of a path of at most _DEPTH combinations fits the kernel's marks
    assert _DEPTH * max(abs(c.charge) for c in combinations().values()) < _SUMS
    assert 2 * MAX_COUNT * max(abs(q) for c in cards.values() for q in c.charges) + 128 < _OFFSET
    return kinds, place, code, sign, vals, nvals, {int(codes[s]): s for s in charged}


class _Kept:
    """What the kernel reads and Python keeps beside it; emptied together (a path's number names the
    slots of its groups) when it grows large."""

    def __init__(self) -> None:
        kinds = len(_tables()[0])
        self.table = _Hash()  # path << 40 | group key -> slot << 24 | weight
        self.paths = _Hash()  # parent path << 16 | use -> path
        self.next_pid = np.ones(1, np.int64)
        self.chosen: list[tuple[Any, ...]] = [()]  # a path's uses by its number
        self.slots: list[Any] = [None]  # the pieces (:func:`_pieces`) of a group's builds; 0: none
        self.heads: list[Any] = []  # fastwalk._head of a path, by its number
        self.uses: list[Any] = []  # a use by its number
        self.use_ids: dict[tuple[Any, ...], int] = {}
        self.first: dict[tuple[Any, ...], Any] = {}  # fastwalk._first_uses' table, of use numbers
        self.need = np.zeros((64, kinds), np.int64)  # a use's cards (Protomaterie too) by its number
        self.charge = np.zeros(64, np.int64)
        self.size(1 << 10)

    def size(self, cap: int) -> None:
        kinds = len(_tables()[0])
        self.cap = cap
        self.out_slot = np.zeros(cap, np.int64)
        self.out_path = np.zeros(cap, np.int64)
        self.path_rest = np.zeros((cap, kinds), np.int64)
        self.miss = np.zeros((cap, 3), np.int64)
        self.lw = np.zeros(_DEPTH + 2, np.int64)
        self.newp = np.zeros((cap, 3), np.int64)
        self.ws = np.zeros((2, cap, 5 + _DEPTH), np.int64)
        self.keys = np.zeros(kinds + kinds * kinds + kinds ** 3, np.int64)
        self.stamp = np.zeros(2 * _OFFSET, np.int64)

    def use_id(self, use: Any) -> int:
        """A combination use's number (uses alike in what they lay share one)."""
        key = (use.formula, use.proto, tuple(use.cards.items()))
        got = self.use_ids.get(key)
        if got is None:
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


_KEPT: list[_Kept] = []
#: the most slots and paths kept before all is emptied; the largest buffers before a hand is left to
#: the definition
_SLOTS_KEPT = 1 << 17
_CAP_MOST = 1 << 16


def _kept() -> _Kept:
    if not _KEPT or len(_KEPT[0].slots) > _SLOTS_KEPT or len(_KEPT[0].chosen) > _SLOTS_KEPT or len(_KEPT[0].uses) > 1 << 15:
        _KEPT[:] = [_Kept()]
    return _KEPT[0]


def _fill(kept: _Kept, misses: list[list[int]]) -> list[tuple[int, int]]:
    """Work out the groups the kernel met for the first time (``(path, key, level)``) as fastwalk
    does, keep them for the kernel, and give each one's ``(slot, weight)``."""
    by_code = _tables()[6]
    keys, values, got_all = [], [], []
    heads = kept.heads
    for pid, key, _ in misses:
        chosen = kept.chosen[pid]
        while len(heads) <= pid:
            heads.append(None)
        head = heads[pid]
        if head is None:
            head = heads[pid] = fastwalk._head(chosen)
        if key == 0:  # a path closing the balance by itself (hints._NO_PART)
            got = fastwalk._entries(chosen, (((), 0, 0, ()),), head) if chosen else (0, ())
        else:
            parts = fastwalk._PARTS.get(key)
            if parts is None:
                group, extra = _group_of(key)
                parts = fastwalk._parts(key, tuple((by_code[c & ~7], c & 7) for c in group), extra)
            got = fastwalk._entries(chosen, parts, head) if parts else (0, ())
        slot = 0
        if got[1]:
            slot = len(kept.slots)
            kept.slots.append(_pieces(got[1]))
        keys.append(pid << 40 | key)
        values.append(slot << 24 | got[0])
        got_all.append((slot, got[0]))
    if len(fastwalk._PARTS) > fastwalk._ENTRIES_KEPT:
        fastwalk._PARTS.clear()
    kept.table.add(keys, values)
    return got_all


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
    if not (AVAILABLE and USE):
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
    kept = _kept()
    kinds, place, code, sign, vals, nvals, _ = _tables()
    holdings = dict(hand)
    uids = np.array(fastwalk._first_uses(holdings, kept.first, kept.use_id), np.int64)
    vec = np.zeros(len(kinds), np.int64)
    for s, n in hand:
        vec[place[s]] = n
    cards = card_set()
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
        status, n_out, n_levels, n_miss, n_new = walk(
            vec, uids, kept.need, kept.charge, code, sign, vals, nvals, kept.table.keys, kept.table.values,
            kept.paths.keys, kept.paths.values, kept.next_pid,
            budget, w0, kept.out_slot, kept.out_path, kept.path_rest, kept.miss, kept.newp, kept.ws, kept.keys,
            kept.stamp, kept.lw)
        kept.paths.count += n_new
        for pid, parent, u in kept.newp[:n_new].tolist():  # paths met for the first time
            assert pid == len(kept.chosen)
            kept.chosen.append(kept.chosen[parent] + (kept.uses[u],))
        if status == _TOO_MANY:
            return None
        if status == _FULL:
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
    slots = kept.slots
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
            rest = rests.get(row)
            if rest is None:  # the path's hand, as fastwalk's rest (the kinds in the hand's order)
                rest = rests[row] = {kinds[t]: n for t, n in enumerate(kept.path_rest[row].tolist()) if n}
            paid = fastwalk._paid(piece, rest)
            if paid is not None:
                out.append(paid)
    return out
