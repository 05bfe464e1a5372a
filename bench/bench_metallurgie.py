"""Benchmarks for Metallurgie; prints figures (no assertions).

    python bench/bench_metallurgie.py [--games N]

Prints legal_actions and apply latency (median, p99) over uniform random games and bot games,
random full games per second, the cost of hints (the greedy bot's search), the scoring search on
iron areas, and the size of a widget sync.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import chemgames
from chemgames.bots import GreedyBot, RandomBot


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def ms(x: float) -> str:
    return f"{x * 1000:.3f} ms"


def one_game(seed: int, players: int, policy: str) -> tuple[list[float], list[float], int]:
    rng = random.Random(seed)
    g = chemgames.new_game("metallurgie", players=players, seed=seed, lang="en")
    bots = [GreedyBot(seed + p) if policy == "greedy" else RandomBot(seed + p) for p in range(players)]
    legal_t, apply_t = [], []
    steps = 0
    while not g.is_over:
        t0 = time.perf_counter()
        legal = g.legal_actions()
        t1 = time.perf_counter()
        action = rng.choice(legal) if policy == "uniform" else bots[g.current_player].choose(g)
        t2 = time.perf_counter()
        g.apply(action)
        t3 = time.perf_counter()
        legal_t.append(t1 - t0)
        apply_t.append(t3 - t2)
        steps += 1
    return legal_t, apply_t, steps


def report(name: str, values: list[float]) -> None:
    print(f"  {name:<22} median {ms(statistics.median(values))}  p99 {ms(pct(values, 0.99))}  max {ms(max(values))}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    one_game(0, 3, "greedy")  # warm-up: SymPy, periodictable, caches

    for policy, n in (("uniform", args.games), ("greedy", max(10, args.games // 10))):
        legal_t: list[float] = []
        apply_t: list[float] = []
        steps = 0
        t0 = time.perf_counter()
        for seed in range(n):
            lt, at, s = one_game(seed, 2 + seed % 3, policy)
            legal_t += lt
            apply_t += at
            steps += s
        elapsed = time.perf_counter() - t0
        print(f"{policy} games: {n} games, {steps} actions, {n / elapsed:.1f} games/s, {steps / elapsed:.0f} actions/s")
        report("legal_actions", legal_t)
        report("apply (+explanation)", apply_t)

    g = chemgames.new_game("metallurgie", players=3, seed=5, lang="en")
    rng = random.Random(5)
    hint_t = []
    while not g.is_over and len(hint_t) < 300:
        t0 = time.perf_counter()
        g.hints(25)
        hint_t.append(time.perf_counter() - t0)
        g.apply(rng.choice(g.legal_actions()))
    print("hints (greedy bot search):")
    report("hints(25)", hint_t)

    # the scoring search: a 20-card iron area laid as a ring, where many cards are cut vertices
    ring = [(q, 0) for q in range(10)] + [(q, 1) for q in range(-1, 9)]
    layout = [[q, r, "Fe"] for q, r in ring[:-1]] + [[ring[-1][0], ring[-1][1], "Fe", "Cu"]]
    t_legal = []
    for seed in range(50):
        h = chemgames.new_game("metallurgie", players=2, seed=seed, lang="en", layout=layout, hands=[["Fe", "Fe", "Fe"]])
        h.apply(chemgames.Action("metallurgie", 0, "lay", (("metal", "Fe"), ("pos", (10, 0)))))
        h.apply(chemgames.Action("metallurgie", 0, "done"))
        h._legal_cache = None
        t0 = time.perf_counter()
        h.legal_actions()
        t_legal.append(time.perf_counter() - t0)
    print("scoring search on a 20-card iron area (legal takes, connectivity search):")
    report("legal_actions", t_legal)

    from chemgames.widgets import MetallurgieWidget

    w = MetallurgieWidget(chemgames.new_game("metallurgie", players=2, seed=3, lang="en"), seats=["human", "random"])
    sizes = []
    for _ in range(60):
        if w.game.is_over:
            break
        if w.game.current_player == 0:
            w.apply(random.Random(len(sizes)).choice(w.game.legal_actions()))
        else:
            w.bot_turn()
        sizes.append(w.last_sync_bytes)
    print(f"widget sync: median {statistics.median(sizes):.0f} bytes, max {max(sizes)} bytes per update")


if __name__ == "__main__":
    main()
