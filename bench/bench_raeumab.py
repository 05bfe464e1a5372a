"""Benchmarks for Räum-Ab!; prints figures (no assertions).

    python bench/bench_raeumab.py [--games N]

Prints legal_actions and apply latency (median, p99; apply includes the SymPy explanation), hints
latency, random full games per second (uniform random actions and greedy bots), and the size of a
widget update.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import chemgames
from chemgames.bots import GreedyBot, play_game


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def ms(x: float) -> str:
    return f"{x * 1000:.3f} ms"


def timed_game(seed: int, players: int) -> tuple[list[float], list[float], list[float]]:
    rng = random.Random(seed)
    g = chemgames.new_game("raeumab", players=players, seed=seed, lang=rng.choice(["de", "en"]))
    legal_t, apply_t, hint_t = [], [], []
    while not g.is_over:
        t0 = time.perf_counter()
        legal = g.legal_actions()
        t1 = time.perf_counter()
        g.hints()
        t2 = time.perf_counter()
        action = rng.choice(legal)
        t3 = time.perf_counter()
        g.apply(action)
        t4 = time.perf_counter()
        legal_t.append(t1 - t0)
        hint_t.append(t2 - t1)
        apply_t.append(t4 - t3)
        g._legal_cache = None  # measure the next legal_actions() from scratch, as after any apply
    return legal_t, apply_t, hint_t


def games_per_second(n: int, policy: str) -> tuple[float, float]:
    t0 = time.perf_counter()
    pairs = 0
    for seed in range(n):
        players = 1 + seed % 4
        g = chemgames.new_game("raeumab", players=players, seed=10_000 + seed, lang="en")
        if policy == "greedy":
            play_game(g, [GreedyBot(seed + p) for p in range(players)])
        else:
            rng = random.Random(seed)
            while not g.is_over:
                g.apply(rng.choice(g.legal_actions()))
        pairs += sum(g.scores()) // 2
    dt = time.perf_counter() - t0
    return n / dt, pairs / n


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    t0 = time.perf_counter()
    chemgames.new_game("raeumab", seed=0)
    print(f"first game (imports, deck, SymPy): {ms(time.perf_counter() - t0)}")
    timed_game(0, 2)  # warm-up: the factorisations are cached per number
    legal_t: list[float] = []
    apply_t: list[float] = []
    hint_t: list[float] = []
    for seed in range(1, 101):
        a, b, c = timed_game(seed, 1 + seed % 4)
        legal_t += a
        apply_t += b
        hint_t += c
    print(f"legal_actions over {len(legal_t)} positions: median {ms(statistics.median(legal_t))}, "
          f"p99 {ms(pct(legal_t, .99))}, max {ms(max(legal_t))}")
    print(f"apply (check + explanation + move): median {ms(statistics.median(apply_t))}, p99 {ms(pct(apply_t, .99))}, "
          f"max {ms(max(apply_t))}")
    print(f"hints (every pair, double first): median {ms(statistics.median(hint_t))}, p99 {ms(pct(hint_t, .99))}")
    for policy in ("uniform", "greedy"):
        rate, pairs = games_per_second(args.games, policy)
        print(f"random games per second ({policy}, 1-4 players, {args.games} games): {rate:.1f}  "
              f"(pairs taken per game: {pairs:.1f})")
    try:
        from chemgames.widgets import play_raeumab
    except ImportError:  # pragma: no cover - the widget extras are missing
        return
    w = play_raeumab(players=2, bots=["greedy"], seed=1, lang="de")
    sizes = []
    while not w.game.is_over:
        if w.game.current_player == 0:
            w.apply(w.game.hints()[0].actions[0])
        else:
            w.bot_turn()
        sizes.append(w.last_sync_bytes)
    print(f"widget update after a move: median {statistics.median(sizes):.0f} bytes, max {max(sizes)} bytes")


if __name__ == "__main__":
    main()
