"""The compiled kernels of :mod:`walk_jit` (numba), imported when the card game's pyspiel game is made
(``walk_jit.prepare``) or on the first list that uses them (issue 31).

Only :mod:`walk_jit` imports this module, and only where numba is installed (the ``spiel`` extra): so
registering the games (``chemgames.spiel.register``) neither imports numba (about 0.4 s) nor numpy, and the
JupyterLite site never sees it. :mod:`walk_jit` says what the kernels compute and keeps their tables;
``tests/test_spiel_walk_jit.py`` compares the lists they make with fastwalk's Python walk.

>>> h = _Hash(8); h.add([3], [30]); hget(h.keys, h.values, 3), hget(h.keys, h.values, 4)
(30, -1)
"""
from __future__ import annotations

from typing import Any

try:  # only walk_jit imports this module, and only where numba is installed; a walk over every module (the
    import numpy as np  # site's test, tests/test_lite_parts.py) imports it without: then nothing is compiled
    from numba import njit
    AVAILABLE = True
except ImportError:  # pragma: no cover - numba comes with the extra
    AVAILABLE = False

#: the statuses of :func:`walk`
_OK, _TOO_MANY, _USES, _FULL, _PARTS = 0, 1, 2, 3, 4
#: a path's charges kept for the test of a zero part (deeper paths: the definition lists the hand)
_DEPTH = 24
_SUMS = 256  # a path's combination charges add up to at most this (checked in :func:`_tables`)
_OFFSET = 256  # a charge sum ``v`` is the place ``v + _OFFSET`` of the kernel's marks


def _njit(f: Any) -> Any:
    """numba's ``njit`` with its cache on disk: only the first process after a change compiles (``f``
    itself without numba: never called then)."""
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
def walk(hand: Any, shapes: Any, fk: Any, fv: Any, uids: Any, fmiss: Any, need: Any, charge: Any, code: Any,
         sign: Any, vals: Any, nvals: Any, chg: Any, nchg: Any, gbuf: Any, gk: Any, gv: Any, pkeys: Any, pcount: Any,
         bk: Any, bv: Any, bmiss: Any, pk: Any, pv: Any, next_pid: Any, budget: int, w0: int, path_rest: Any,
         newp: Any, ws: Any, keys: Any, kix: Any, stamp: Any, lw: Any, pts: Any, pay_used: Any, pay_prices: Any,
         mk: Any, mv: Any, emit: Any, pypay: Any, rs: Any, st: Any) -> Any:  # pragma: no cover - compiled
    # Returns (status, levels, new paths, first uses to work out, items emitted, payments not kept yet, builds
    # met for the first time, builds Python pays). ``st[0]``: the groups put into ``gk``/``gv`` by this call
    st[0] = 0
    n_uses = first_uses(hand, shapes, fk, fv, uids, fmiss)
    if n_uses < 0:  # combinations met with these counts for the first time: Python works them out
        return _USES, 0, 0, -n_uses - 1, 0, 0, 0, 0
    n_kinds = hand.shape[0]
    cap_paths, cap_new, cap_emit, cap_miss = path_rest.shape[0], newp.shape[0], emit.shape[0], bmiss.shape[0]
    share = max(1, budget // 4)
    n_paths = 0
    n_new = 0
    n_emit = 0
    n_fresh = 0  # payments whose move is not kept yet
    n_miss = 0  # builds (path, part) met for the first time: nothing is emitted once there is one
    n_py = 0
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
            return _TOO_MANY, k, n_new, 0, 0, 0, 0, 0
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
                    return _TOO_MANY, k, n_new, 0, 0, 0, 0, 0
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
                        return _FULL, k, n_new, 0, 0, 0, 0, 0
                    for t in range(n_kinds):
                        path_rest[n_paths, t] = path_rest[row, t] - need[u, t]
                    pkey = cur[p, 3] << 16 | u
                    pid = hget(pk, pv, pkey)
                    if pid < 0:
                        if n_new >= cap_new:
                            return _FULL, k, n_new, 0, 0, 0, 0, 0
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
            row, extra, pid = cur[p, 0], cur[p, 1], cur[p, 3]
            if not -128 < extra < 128:  # the charges are small: the definition lists such a hand
                return _TOO_MANY, k, n_new, 0, 0, 0, 0, 0
            n_rs = 0
            if extra == 0 and pid > 0:  # the balance is closed already: the path's own build (pkeys[0], no cards)
                rs[0, 0], rs[0, 1] = 0, 1
                n_rs = 1
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
            # the sums reachable are marked with the stamp ``mark``); ``kix`` the group's kinds
            nk = 0
            for i in range(n):
                if ms[i] & need_sign == need_sign:
                    keys[nk] = base | cs[i]
                    kix[nk, 0], kix[nk, 1] = 1, i
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
                                kix[nk, 0], kix[nk, 1], kix[nk, 2] = 2, i, j
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
                                    kix[nk, 0], kix[nk, 1], kix[nk, 2], kix[nk, 3] = 3, i, j, t3
                                    nk += 1
                                    break
            for q in range(nk):
                got = hget(gk, gv, keys[q])
                if got < 0:  # a group met for the first time: its parts worked out here, kept by the group's key
                    start = pcount[0]
                    if start + gbuf.shape[0] > pkeys.shape[0]:
                        return _PARTS, k, n_new, 0, 0, 0, 0, 0
                    if st[0] >= cap_paths:  # the most groups put in one call (Python made room for them)
                        return _FULL, k, n_new, 0, 0, 0, 0, 0
                    g = kix[q, 0]
                    a0 = kix[q, 1]
                    a1 = kix[q, 2] if g > 1 else a0
                    a2 = kix[q, 3] if g > 2 else a1
                    got = group_keys(chg, nchg, g, ks[a0], ks[a1], ks[a2], cc[a0], cc[a1], cc[a2], extra, gbuf,
                                     pkeys[start:])
                    pcount[0] = start + got
                    got |= start << 20
                    hput(gk, gv, keys[q], got)
                    st[0] += 1
                if got & 0xFFFFF:
                    rs[n_rs, 0], rs[n_rs, 1] = got >> 20, got & 0xFFFFF
                    n_rs += 1
            # each part of the path's groups, in order: its build under the path (``pid << 42 | part key``)
            head = pid << 42
            for r in range(n_rs):
                w += rs[r, 1]  # a group weighs as many as its parts, kept or dropped
                if w > most:
                    return _TOO_MANY, k, n_new, 0, 0, 0, 0, 0
                for e in range(rs[r, 0], rs[r, 0] + rs[r, 1]):
                    got = hget(bk, bv, head | pkeys[e])
                    if got < 0:  # met for the first time: Python works it out, then the hand is walked again
                        if n_miss >= cap_miss:
                            return _FULL, k, n_new, 0, 0, 0, 0, 0
                        bmiss[n_miss, 0], bmiss[n_miss, 1] = pid, pkeys[e]
                        n_miss += 1
                        continue
                    if n_miss or got == 0:  # nothing emitted once a build is missing; 0: the walk drops it
                        continue
                    if got & 1:  # ready: its item
                        item = got >> 1
                    else:  # to pay from the path's rest: the payment's item, kept by ``entry << 24 | payment``
                        g = (got >> 1) - 1
                        paid = pay(path_rest[row], pay_used[g], pay_prices[g], pts)
                        if paid == -1:  # the rest cannot pay
                            continue
                        if paid == -2:  # pragma: no cover - more prices than the kernel pays: Python pays
                            if n_py >= pypay.shape[0]:
                                return _FULL, k, n_new, 0, 0, 0, 0, 0
                            pypay[n_py, 0], pypay[n_py, 1] = g, row
                            n_py += 1
                            item = -1
                        else:
                            key = g << 24 | paid
                            item = hget(mk, mv, key)
                            if item < 0:
                                item = -2 - key
                                n_fresh += 1
                    if n_emit >= cap_emit:
                        return _FULL, k, n_new, 0, 0, 0, 0, 0
                    emit[n_emit] = item
                    n_emit += 1
        if w > most:
            return _TOO_MANY, k, n_new, 0, 0, 0, 0, 0
        if k >= lw.shape[0]:
            return _TOO_MANY, k, n_new, 0, 0, 0, 0, 0
        lw[k] = w
        spent += w
        if k > 0 and n_grp == 0:
            return _OK, k + 1, n_new, 0, n_emit, n_fresh, n_miss, n_py
        k += 1


@_njit
def first_uses(hand: Any, shapes: Any, fk: Any, fv: Any, uids: Any, fmiss: Any) -> int:  # pragma: no cover - compiled
    # fastwalk._first_uses by numbers: each combination (a row of ``shapes``: its defining card's place,
    # its elements' places (-1: none), the most Protomaterie, Protomaterie's place) the hand holds the
    # defining card of, keyed as fastwalk keys it (the counts of its elements, the Protomaterie it may use)
    # in ``fk``/``fv``: its use's number, or -2 (it cannot be laid). Returns how many uses, or -1 - the
    # keys not kept yet (``fmiss``: combination, key), which Python works out before walking again
    n, n_miss = 0, 0
    protos = hand[shapes[0, 5]]
    for s in range(shapes.shape[0]):
        if hand[shapes[s, 0]] <= 0:
            continue
        key = s
        for e in range(1, 4):
            t = shapes[s, e]
            key = key << 8 | (hand[t] if t >= 0 else 0)
        most = shapes[s, 4]
        key = key << 4 | (protos if protos < most else most)
        got = hget(fk, fv, key)
        if got == -1:
            fmiss[n_miss, 0], fmiss[n_miss, 1] = s, key
            n_miss += 1
        elif got >= 0:
            uids[n] = got
            n += 1
    return -1 - n_miss if n_miss else n


_POINTS = 16  # a card has fewer points (checked in walk_jit._tables)


@_njit
def pay(rest: Any, used: Any, prices: Any, pts: Any) -> int:  # pragma: no cover - compiled
    # fastwalk._paid by numbers: the first payment of ``prices`` (its count, their sum, then the prices
    # sorted) from ``rest`` less the build's own free cards ``used``, as up to four card places (each
    # place + 1 in 6 bits, in the payment's order), -1 where none pays, -2 where Python pays
    n_pr, target = prices[0], prices[1]
    if n_pr < 0:
        return -2
    # of each points value the first cards that have it, in the order of the kinds (fastwalk's by_points)
    counts = np.zeros(_POINTS, np.int64)
    nb = np.zeros(_POINTS, np.int64)
    at = np.empty((_POINTS, 4), np.int64)
    took = np.empty((_POINTS, 4), np.int64)
    for t in range(rest.shape[0]):
        p = pts[t]  # 0 for Protomaterie and cards without points
        if p <= 0 or p > target:
            continue
        left = rest[t] - used[t]
        if left > 0:
            have = counts[p]
            room = (4 if target >= 4 * p else target // p) - have
            if room > 0:
                take = left if left < room else room
                at[p, nb[p]], took[p, nb[p]] = t, take
                nb[p] += 1
                counts[p] = have + take
    vals = np.empty(_POINTS, np.int64)
    cnt = np.empty(_POINTS, np.int64)
    nv = 0
    for p in range(1, _POINTS):
        if counts[p] > 0:
            vals[nv], cnt[nv] = p, counts[p]
            nv += 1
    chosen = np.empty(4, np.int64)
    size = first_points(vals, cnt, nv, target, prices[2:2 + n_pr], chosen)
    if size == 0:
        return -1
    out, pos, i = 0, 0, 0
    while i < size:  # each points value chosen, taken from its first cards
        v, k = chosen[i], 0
        while i < size and chosen[i] == v:
            k += 1
            i += 1
        p = vals[v]
        for b in range(nb[p]):
            take = took[p, b] if took[p, b] < k else k
            for _ in range(take):
                out |= (at[p, b] + 1) << (6 * pos)
                pos += 1
            k -= take
    return out


@_njit
def first_points(vals: Any, cnt: Any, nv: int, target: int, prices: Any, chosen: Any) -> int:  # pragma: no cover - compiled
    # hints.first_payment over points values (``cnt[i]`` cards of ``vals[i]`` points, ascending): the
    # first one to four of them, fewest first, then in order, whose points pay ``prices`` exactly; its
    # size (the values' places in ``chosen``), or 0. The same walk as its recursion, as a loop over levels
    sums = np.zeros(5, np.int64)
    for size in range(1, 5):
        level = 0
        chosen[0] = 0
        while level >= 0:
            i = chosen[level]
            if i >= nv or sums[level] + (size - level) * vals[i] > target:
                level -= 1  # every later value has as many points or more: back to the level above
                if level >= 0:
                    chosen[level] += 1
                continue
            used = 0  # how many of this value the levels above took already
            for a in range(level):
                if chosen[a] == i:
                    used += 1
            if used >= cnt[i]:
                chosen[level] += 1
                continue
            if level == size - 1:
                if sums[level] + vals[i] == target and fits(prices, vals, chosen, size):
                    return size
                chosen[level] += 1
                continue
            sums[level + 1] = sums[level] + vals[i]
            chosen[level + 1] = i
            level += 1
    return 0


@_njit
def fits(prices: Any, vals: Any, chosen: Any, size: int) -> bool:  # pragma: no cover - compiled
    # compound.payment_fits for points adding up to the prices' sum: can each price be paid exactly by
    # some of the ``size`` chosen cards? Every price is above zero (walk_jit._tables), so each needs a
    # card of its own; every way to give each card to a price is tried (at most 4 ** 4)
    n_pr = prices.shape[0]
    if n_pr > size:
        return False
    room = np.empty(n_pr, np.int64)
    for way in range(n_pr ** size):
        room[:] = prices
        ok, left = True, way
        for a in range(size):
            j = left % n_pr
            left //= n_pr
            room[j] -= vals[chosen[a]]
            if room[j] < 0:
                ok = False
                break
        if ok:  # no room below zero and the sums equal: every price paid exactly
            return True
    return False


@_njit
def group_parts(chg: Any, nchg: Any, k: int, t0: int, t1: int, t2: int, m0: int, m1: int, m2: int, extra: int,
                out: Any) -> int:  # pragma: no cover - compiled (hints._group_parts)
    # hints._group_parts by numbers: the free-card choices of exactly the ``k`` kinds at places t0, t1, t2
    # (at most m0, m1, m2 cards of each) whose charges (``chg[place, :nchg[place]]``) close ``extra``, in its
    # order (each kind's charges, the first kind slowest, then the counts of all but the last kind): a row
    # each of ``out``, the counts of the kinds then their charges; how many rows
    n = 0
    last_m = m0 if k == 1 else m1 if k == 2 else m2
    for c0 in range(nchg[t0]):
        for c1 in range(nchg[t1] if k > 1 else 1):
            for c2 in range(nchg[t2] if k > 2 else 1):
                q0 = chg[t0, c0]
                q1 = chg[t1, c1] if k > 1 else 0
                q2 = chg[t2, c2] if k > 2 else 0
                last_q = q0 if k == 1 else q1 if k == 2 else q2
                if last_q == 0:
                    continue
                lo = min(q0, q1, q2) if k == 3 else min(q0, q1) if k == 2 else q0
                hi = max(q0, q1, q2) if k == 3 else max(q0, q1) if k == 2 else q0
                if (extra >= 0 and lo > 0) or (extra <= 0 and hi < 0):
                    continue  # all of one sign: the total can never reach zero
                for n0 in range(1, (m0 if k > 1 else 1) + 1):
                    for n1 in range(1, (m1 if k > 2 else 1) + 1):
                        total = extra + (n0 * q0 if k > 1 else 0) + (n1 * q1 if k > 2 else 0)
                        if (-total) % last_q != 0 or (-total) // last_q < 1:
                            continue
                        n_last = (-total) // last_q
                        if n_last > last_m:
                            continue
                        out[n, 0] = n_last if k == 1 else n0
                        out[n, 1] = n_last if k == 2 else n1
                        out[n, 2] = n_last
                        out[n, 3], out[n, 4], out[n, 5] = q0, q1, q2
                        n += 1
    return n


#: a part's key: 14 bits a kind of it, in the group's order (the first the highest): its place + 1 (6 bits), its
#: count (3 bits), its charge + 16 (5 bits); 0 the part without cards (the balance closed by the path itself)
_PART_BITS = 14


@_njit
def group_keys(chg: Any, nchg: Any, k: int, t0: int, t1: int, t2: int, m0: int, m1: int, m2: int, extra: int,
               buf: Any, out: Any) -> int:  # pragma: no cover - compiled
    # :func:`group_parts` (its rows in ``buf``), each part written to ``out`` as its key (``_PART_BITS``); how many
    n = group_parts(chg, nchg, k, t0, t1, t2, m0, m1, m2, extra, buf)
    for r in range(n):
        key = 0
        for a in range(k):
            t = t0 if a == 0 else t1 if a == 1 else t2
            key = key << _PART_BITS | (t + 1) << 8 | buf[r, a] << 5 | (buf[r, 3 + a] + 16)
        out[r] = key
    return n


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
