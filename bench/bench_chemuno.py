"""Chemuno benchmarks: legal actions and apply latency (median, p99), random games per second, and
how long games last (actions; median, longest, how many end by everyone passing) against the bound
``max_actions`` for greedy bots and for hoarders (players who stall as much as the rules let them).

    .venv/bin/python bench/bench_chemuno.py --games 300
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import chemgames
from chemgames.bots import GreedyBot, play_game
from chemgames.games.chemuno.rules import max_actions

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from test_chemuno_properties import hoarder  # noqa: E402 - the stalling player the property test uses


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    args = ap.parse_args()
    legal_t: list[float] = []
    apply_t: list[float] = []
    actions = 0
    start = time.perf_counter()
    for seed in range(args.games):
        rng = random.Random(seed)
        g = chemgames.new_game("chemuno", players=2 + seed % 3, seed=seed, lang="en")
        while not g.is_over:
            t0 = time.perf_counter()
            legal = g.legal_actions()
            t1 = time.perf_counter()
            g.apply(rng.choice(legal))
            t2 = time.perf_counter()
            legal_t.append(t1 - t0)
            apply_t.append(t2 - t1)
            actions += 1
    wall = time.perf_counter() - start
    print(f"uniform random play: {args.games / wall:.1f} games/s ({actions} actions, {actions / args.games:.0f} per game)")
    for name, xs in (("legal_actions", legal_t), ("apply", apply_t)):
        print(f"{name}: median {statistics.median(xs) * 1e3:.3f} ms, p99 {pct(xs, .99) * 1e3:.3f} ms, "
              f"max {max(xs) * 1e3:.2f} ms")
    start = time.perf_counter()
    for seed in range(args.games):
        g = chemgames.new_game("chemuno", players=2 + seed % 3, seed=seed, lang="en")
        play_game(g, [GreedyBot(seed + p) for p in range(g.players)])
    print(f"greedy bots: {args.games / (time.perf_counter() - start):.1f} games/s")
    lengths(args.games)


def lengths(games: int) -> None:
    """Actions per game for greedy bots and hoarders, 2 to 4 players, against ``max_actions``."""
    for players in (2, 3, 4):
        for way in ("greedy", "hoard"):
            counts, passed = [], 0
            for seed in range(games):
                g = chemgames.new_game("chemuno", players=players, seed=seed, lang="en")
                rng, bot, n = random.Random(seed), GreedyBot(seed), 0
                while not g.is_over:
                    g.apply(hoarder(g, rng) if way == "hoard" else bot.choose(g))
                    n += 1
                counts.append(n)
                passed += g.s_winner is None
            print(f"{players} players, {way}: median {statistics.median(counts):.0f} actions, longest "
                  f"{max(counts)}, bound {max_actions(players)}; {passed}/{games} ended by everyone passing")


if __name__ == "__main__":
    main()
