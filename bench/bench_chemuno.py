"""Chemuno benchmarks: legal actions and apply latency (median, p99), random games per second.

    .venv/bin/python bench/bench_chemuno.py --games 300
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import chemgames
from chemgames.bots import GreedyBot, play_game


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


if __name__ == "__main__":
    main()
