"""Chromino's tiles that read the same from both ends (issue 31, session 18): how often each kind of
tile fits the lay-out, and whether a player who lays those first wins more.

A tile that reads the same from both ends (single-colour A-A-A or A-B-A: 25 of the 75,
``chemgames.games.chromino.strategy.TWO_WAYS``) is the same placement turned end over end, so on a
spot where another tile may lie in four ways it lies in two. ``--fits N``: on the lay-outs of N
games of the search's line policy (``playout.play_out``: the hints' order, a random one of the first
three 10 % of the time), every third turn, the share of the tiles not yet laid that fit somewhere,
per kind. ``--policy N``: N games of that policy against itself, deals 80000 + i // 2, seat i % 2,
where one seat lays a tile of ``TWO_WAYS`` first whenever one fits (else the same order); its score
(a shared win half) with the Wilson interval. Both are the engine's rules of a turn (``play_out``),
without the bot's search: cheap (a few processor seconds for 2,000 games).

``--weigh N`` (session 20): N games of that policy (each seat, drawn at random a game, in the hints' order or
two-way tiles first), deals 300000 on; at the start of every turn (not after a draw) what the mover and the
other player hold: tiles, tiles that fit somewhere, two-way tiles, two-way tiles that fit. For each hand size
of the mover a logistic fit of "the mover wins" (shared wins left out) on the other's hand minus the mover's
(the tiles' lead), each player's ``mobility`` (``min(fitting tiles, 2) / 2``, the search's term) and each
player's two-way tiles, the two-way tiles split by whether they fit: each weight printed in tiles of lead, with
its z (weight / standard error). What the search's line ends weigh (``SEARCH``: a tile 1, a two-way tile 1 more,
``mobility`` 1 for each player) can be read beside it. About 15 processor seconds for 4,000 games.

    python bench/bench_chromino_two_ways.py --fits 150 --policy 2000
    python bench/bench_chromino_two_ways.py --weigh 4000
"""
from __future__ import annotations

import argparse
import collections
import random

import chemgames
from chemgames.games.chromino.playout import ranked
from chemgames.games.chromino.strategy import TWO_WAYS
from chemgames.games.chromino.layout import Layout
from chemgames.games.chromino.playout import play_out, two_ways_first
from chemgames.games.chromino.tiles import TILES

try:
    from bench_bots import wilson
except ImportError:  # run from the repository's root as ``python bench/...``
    from bench.bench_bots import wilson


def fits(games: int, first: int = 71000) -> dict[str, tuple[float, float]]:
    """Per kind of tile: the share of positions in which a tile of it not yet laid fits somewhere,
    and its mean number of placements."""
    fitted: collections.Counter[str] = collections.Counter()
    asked: collections.Counter[str] = collections.Counter()
    ways: collections.Counter[str] = collections.Counter()
    for s in range(games):
        g = chemgames.new_game("chromino", players=2, seed=first + s, lang="en")
        rng, turn = random.Random(s), 0
        while not g.s_over:
            if turn % 3 == 0:
                per = collections.Counter(t for t, *_ in g.s_layout.placements(range(len(TILES))))
                laid = {k.tile for k in g.s_layout.laid}
                for t in range(len(TILES)):
                    if t not in laid:
                        kind = TILES[t].kind
                        asked[kind] += 1
                        fitted[kind] += per[t] > 0
                        ways[kind] += per[t]
            play_out(g, 1, rng, 0.1, float("inf"))
            turn += 1
    return {k: (fitted[k] / asked[k], ways[k] / asked[k]) for k in asked}


def policy(games: int, first: int = 80000) -> float:
    """The score of the seat that lays ``TWO_WAYS`` first against the hints' order (game i: deal
    ``first + i // 2``, that seat ``i % 2``)."""
    score = 0.0
    for i in range(games):
        g = chemgames.new_game("chromino", players=2, seed=first + i // 2, lang="en")
        seat = i % 2

        def rank(lay: Layout, hand: list[int], g: object = g, seat: int = seat) -> list[tuple[int, int, int, int]]:
            from chemgames.games.chromino.playout import ranked
            return two_ways_first(lay, hand) if g.s_current == seat else ranked(lay, hand)  # type: ignore[attr-defined]

        play_out(g, None, random.Random(i), 0.1, float("inf"), rank)
        won = g.winners()
        score += 1 / len(won) if seat in won else 0.0
    return score


def positions(games: int, first: int = 300000) -> list[tuple[float, ...]]:
    """For ``--weigh``: one row a turn's start (not a turn after a draw) of ``games`` policy games: the
    mover's tiles, fitting tiles, two-way tiles, fitting two-way tiles, then the same of the other player,
    then whether the mover won (1, 0; a shared win 0.5)."""
    rows = []
    for s in range(games):
        g = chemgames.new_game("chromino", players=2, seed=first + s, lang="en")
        order = [random.Random(s * 7 + 1).random() < 0.5, random.Random(s * 7 + 2).random() < 0.5]

        def rank(lay: Layout, hand: list[int], limit: int = 3, g: object = g,
                 order: list[bool] = order) -> list[tuple[int, int, int, int]]:
            first_two = order[g.s_current]  # type: ignore[attr-defined]
            return two_ways_first(lay, hand, limit) if first_two else ranked(lay, hand, limit)

        rng, seen = random.Random(s), []
        while not g.s_over:
            p = g.s_current
            if not g.s_drawn:
                row: list[float] = []
                for q in (p, 1 - p):
                    hand = g.s_hands[q]
                    fit = {t for t, *_ in g.s_layout.placements(hand)}
                    row += [len(hand), len(fit), sum(t in TWO_WAYS for t in hand), sum(t in TWO_WAYS for t in fit)]
                seen.append((p, row))
            play_out(g, 1, rng, 0.1, float("inf"), rank)
        won = g.winners()
        rows += [(*row, 1.0 if won == [p] else 0.5 if p in won else 0.0) for p, row in seen]
    return rows


def logistic(x: list[list[float]], y: list[float]) -> tuple[list[float], list[float]]:
    """Logistic regression by Newton's method: the weights (the constant first) and their standard errors.

    >>> w, se = logistic([[0.0], [1.0], [0.0], [1.0], [0.0], [1.0]], [0.0, 1.0, 0.0, 1.0, 1.0, 0.0])
    >>> round(w[1], 3), round(w[1], 3) == round(2 * __import__("math").log(2), 3)   # odds 1:2 against 2:1
    (1.386, True)
    """
    import numpy as np

    a, b = np.c_[np.ones(len(x)), np.asarray(x, float)], np.asarray(y, float)
    w = np.zeros(a.shape[1])
    for _ in range(40):
        p = 1 / (1 + np.exp(-a @ w))
        h = a.T @ (a * (p * (1 - p))[:, None]) + 1e-9 * np.eye(a.shape[1])
        w = w + np.linalg.solve(h, a.T @ (b - p))
    return [float(v) for v in w], [float(v) for v in np.sqrt(np.diag(np.linalg.inv(h)))]


def weigh(games: int) -> None:
    """``--weigh``: the fits per hand size of the mover, printed (see the module's text)."""
    rows = [r for r in positions(games) if r[-1] != 0.5]
    for size in range(2, 8):
        mine = [r for r in rows if r[0] == size]
        y = [r[-1] for r in mine]
        lead = [r[4] - r[0] for r in mine]
        mob = [(min(r[1], 2) / 2, min(r[5], 2) / 2) for r in mine]
        for name, x, names in (
                ("as the search counts", [[d, m, o, r[2], r[6]] for d, (m, o), r in zip(lead, mob, mine)],
                 "mobility, the other's mobility, two-way tiles, the other's two-way tiles"),
                ("two-way tiles split", [[d, m, o, r[3], r[2] - r[3], r[7], r[6] - r[7]] for d, (m, o), r in zip(lead, mob, mine)],
                 "mobility, the other's, own two-way tiles that fit / fit nowhere, the other's that fit / fit nowhere")):
            w, se = logistic(x, y)
            tiles = ", ".join(f"{v / w[1]:+.2f} (z {v / e:+.1f})" for v, e in zip(w[2:], se[2:]))
            print(f"mover's hand {size}, {len(mine)} positions, {name}: a tile of lead z {w[1] / se[1]:.1f}; "
                  f"in tiles: {names}: {tiles}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--fits", type=int, default=0, help="games whose lay-outs are asked (deals 71000 on)")
    ap.add_argument("--policy", type=int, default=0, help="games of the two policies (deals 80000 on, both seats)")
    ap.add_argument("--weigh", type=int, default=0, help="games whose turns are fitted (deals 300000 on)")
    a = ap.parse_args()
    if a.fits:
        for kind, (share, ways) in sorted(fits(a.fits).items()):
            print(f"{kind}: fits somewhere {share:.1%}, placements {ways:.2f} on average"
                  f"{' (two ways)' if kind in ('mono', 'aba') else ''}")
    if a.weigh:
        weigh(a.weigh)
    if a.policy:
        won = policy(a.policy)
        low, high = wilson(won, a.policy)
        print(f"two-way tiles first against the hints' order: {won:g} of {a.policy}, {won / a.policy:.1%} "
              f"[{low:.1%} - {high:.1%}]")


if __name__ == "__main__":
    main()
