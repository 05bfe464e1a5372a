"""Engine benchmarks for Das Chemie-Kartenspiel; prints figures (no assertions).

    python bench/bench_engine.py [--games N]

Goals (issue 2): legal_actions p99 < 10 ms; apply with its explanation p99 < 5 ms after warm-up;
import chemgames < 0.3 s over a bare interpreter; >= 100 random full games per second.
Issue 13: the worst-case position (one card of each of the 18 elements with several charges
staged, alone and with oxygen that balances it): legal_actions and check(confirm) p99 <= 50 ms.
"""
from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
import tracemalloc

import chemgames
from chemgames.bots import GreedyBot, RandomBot


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def ms(x: float) -> str:
    return f"{x * 1000:.3f} ms"


def random_game(seed: int, players: int, policy: str) -> tuple[list[float], list[float], int]:
    rng = random.Random(seed)
    g = chemgames.new_game("chemiekarten", players=players, seed=seed, lang="en")
    bots = [GreedyBot(seed) if policy == "greedy" else RandomBot(seed) for _ in range(players)]
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


def bare_import_time(module: str | None, repeat: int = 7) -> float:
    code = f"import {module}" if module else "pass"
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def first_move_time() -> float:
    code = (
        "import time; t=time.perf_counter(); import chemgames; from chemgames.bots import GreedyBot;"
        "g=chemgames.new_game('chemiekarten', players=2, seed=11, lang='en');"
        "b=GreedyBot(1)\n"
        "while not any(e.action.kind in ('confirm', 'skip') for e in g.log):\n"
        "    g.apply(b.choose(g))\n"
        "print(time.perf_counter()-t)"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    return float(out.strip())


def worst_case(oxygen: int) -> "chemgames.Game":
    """Player 1 has one card of each element with several charges staged, and ``oxygen`` O cards.
    The hand is rigged from the pile (the option ``hands`` deals only seven cards)."""
    from chemgames.games.chemiekarten.cards import card_set

    g = chemgames.new_game("chemiekarten", players=2, seed=5, lang="de", dealer=1, hands=[[]])
    multi = [s for s, k in card_set().items() if len(k.charges) > 1]
    wanted = multi + ["O"] * oxygen
    for s in wanted:
        src = next(h for h in (g.s_piles[0], g.s_hands[1], g.s_hands[0]) if any(g.kinds[i] == s for i in h))
        card = next(i for i in src if g.kinds[i] == s)
        src.remove(card)
        g.s_hands[0].append(card)
    for s in wanted:
        g.apply(g.action_from_json({"game": g.id, "player": 0, "kind": "select", "params": {"card": s}}))
    return g


def bench_worst_case(repeat: int = 200) -> None:
    from chemgames.games.chemiekarten import compound

    for oxygen in (0, 14):
        g = worst_case(oxygen)
        confirm = g.action_from_json({"game": g.id, "player": 0, "kind": "confirm", "params": {}})
        for cold in (True, False):
            legal_t, check_t = [], []
            for _ in range(repeat):
                if cold:  # the verdict is cached by what is staged: clear it to time the search itself
                    compound._judge.cache_clear()
                    compound.engine_charges.cache_clear()
                    g._legal_cache = None
                t0 = time.perf_counter()
                g.legal_actions()
                t1 = time.perf_counter()
                if cold:
                    compound._judge.cache_clear()
                    compound.engine_charges.cache_clear()
                t2 = time.perf_counter()
                e = g.check(confirm)
                t3 = time.perf_counter()
                legal_t.append(t1 - t0)
                check_t.append(t3 - t2)
            print(f"[worst case: 18 elements with several charges + {oxygen} O, {'cold' if cold else 'cached'}] "
                  f"verdict {e.rule}")
            print(f"    legal_actions: median {ms(statistics.median(legal_t))}, p99 {ms(pct(legal_t, 0.99))}")
            print(f"    check(confirm): median {ms(statistics.median(check_t))}, p99 {ms(pct(check_t, 0.99))}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--worst-only", action="store_true", help="only the worst-case position")
    args = parser.parse_args()
    bench_worst_case()
    if args.worst_only:
        return

    warm = random_game(0, 3, "greedy")  # warm-up: SymPy import, caches
    del warm
    for policy in ("uniform", "random", "greedy"):
        legal_t: list[float] = []
        apply_t: list[float] = []
        total_steps = 0
        t0 = time.perf_counter()
        n = args.games if policy == "uniform" else max(50, args.games // 3)
        for seed in range(1, n + 1):
            lt, at, steps = random_game(seed, 2 + seed % 5, policy)
            legal_t += lt
            apply_t += at
            total_steps += steps
        elapsed = time.perf_counter() - t0
        print(f"[{policy:7} play] {n} games, {total_steps} actions, {n / elapsed:.1f} games/s "
              f"(policy time included)")
        print(f"    legal_actions: median {ms(statistics.median(legal_t))}, p99 {ms(pct(legal_t, 0.99))}, "
              f"max {ms(max(legal_t))}")
        print(f"    apply:         median {ms(statistics.median(apply_t))}, p99 {ms(pct(apply_t, 0.99))}, "
              f"max {ms(max(apply_t))}")

    hint_t = []
    for seed in range(40):
        rng = random.Random(seed)
        g = chemgames.new_game("chemiekarten", players=4, seed=seed, lang="en")
        while not g.is_over:
            t0 = time.perf_counter()
            g.hints()
            hint_t.append(time.perf_counter() - t0)
            g.apply(rng.choice(g.legal_actions()))
    print(f"[hints] {len(hint_t)} positions: median {ms(statistics.median(hint_t))}, p99 {ms(pct(hint_t, 0.99))}, "
          f"max {ms(max(hint_t))}")

    tracemalloc.start()
    g = chemgames.new_game("chemiekarten", players=6, seed=99, lang="de")
    bots = [GreedyBot(i) for i in range(6)]
    while not g.is_over:
        g.apply(bots[g.current_player].choose(g))
    saved = g.to_json()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"[memory] six-player family game ({len(g.log)} actions): peak {peak / 1024:.0f} KiB traced; "
          f"save file {len(saved) / 1024:.1f} KiB")

    bare = bare_import_time(None)
    imp = bare_import_time("chemgames")
    print(f"[import] python -c 'import chemgames': {imp:.3f} s, bare interpreter {bare:.3f} s, "
          f"difference {imp - bare:.3f} s")
    print(f"[first move] import + new game + first complete turn incl. SymPy warm-up: {first_move_time():.3f} s")


if __name__ == "__main__":
    main()
