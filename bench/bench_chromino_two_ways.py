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

    python bench/bench_chromino_two_ways.py --fits 150 --policy 2000
"""
from __future__ import annotations

import argparse
import collections
import random

import chemgames
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--fits", type=int, default=0, help="games whose lay-outs are asked (deals 71000 on)")
    ap.add_argument("--policy", type=int, default=0, help="games of the two policies (deals 80000 on, both seats)")
    a = ap.parse_args()
    if a.fits:
        for kind, (share, ways) in sorted(fits(a.fits).items()):
            print(f"{kind}: fits somewhere {share:.1%}, placements {ways:.2f} on average"
                  f"{' (two ways)' if kind in ('mono', 'aba') else ''}")
    if a.policy:
        won = policy(a.policy)
        low, high = wilson(won, a.policy)
        print(f"two-way tiles first against the hints' order: {won:g} of {a.policy}, {won / a.policy:.1%} "
              f"[{low:.1%} - {high:.1%}]")


if __name__ == "__main__":
    main()
