"""Engine benchmarks for ChemiX Classic; prints figures (no assertions).

    python bench/bench_chemix.py [--games N]

Figures: legal_actions and apply latency (median, p99) in bot games; random games per second
(bots over hints, and uniform atomic actions with a take-back when stuck); and the hints "every
compound I can form now" (``formable_now``) and "complete turns" (``hints``) in the fullest positions
met in random play (goal of issue 4: p99 under 50 ms).
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import chemgames
from chemgames.bots import GreedyBot, RandomBot
from chemgames.games.chemix.hints import formable_now


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def ms(x: float) -> str:
    return f"{x * 1000:.3f} ms"


SAVING = [0.0, 0.0]  # wall and CPU time spent saving positions for the hint figures (not part of the game rate)


def bot_game(seed: int, players: int, positions: list) -> tuple[list[float], list[float]]:
    g = chemgames.new_game("chemix", players=players, seed=seed, lang="en")
    bots = [GreedyBot(seed + p) if p % 2 == 0 else RandomBot(seed + p) for p in range(players)]
    legal_t, apply_t = [], []
    while not g.is_over:
        t0 = time.perf_counter()
        g.legal_actions()
        t1 = time.perf_counter()
        action = bots[g.current_player].choose(g)
        if g.s_steps == 0 and len(g.s_table) >= 6:  # a full turn start: keep it for the hint figures
            ts, cs = time.perf_counter(), time.process_time()
            positions.append((len(g.s_table) + len(g.s_free), g.to_json()))
            SAVING[0] += time.perf_counter() - ts
            SAVING[1] += time.process_time() - cs
        t2 = time.perf_counter()
        g.apply(action)
        t3 = time.perf_counter()
        legal_t.append(t1 - t0)
        apply_t.append(t3 - t2)
    return legal_t, apply_t


def uniform_game(seed: int, players: int) -> int:
    rng = random.Random(seed)
    g = chemgames.new_game("chemix", players=players, seed=seed, lang="en")
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        forms = [a for a in legal if a.kind == "form"]
        ends = [a for a in legal if a.kind == "confirm"]
        if forms:
            action = rng.choice(forms)
        elif g.s_steps > 5:
            action = rng.choice(ends) if ends else next(a for a in legal if a.kind in ("noble", "pass"))
        else:
            action = rng.choice([a for a in legal if a.kind != "pass"] or legal)
        g.apply(action)
        steps += 1
    return steps


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    args = ap.parse_args()
    legal_t: list[float] = []
    apply_t: list[float] = []
    positions: list = []
    t0, c0 = time.perf_counter(), time.process_time()
    for s in range(args.games):
        a, b = bot_game(s, 2 + s % 3, positions)
        legal_t += a
        apply_t += b
    bot_rate = args.games / (time.perf_counter() - t0 - SAVING[0])
    bot_cpu_rate = args.games / (time.process_time() - c0 - SAVING[1])  # CPU time: fair on a shared machine
    t0 = time.perf_counter()
    steps = sum(uniform_game(s, 2 + s % 3) for s in range(args.games))
    uni_rate = args.games / (time.perf_counter() - t0)
    print(f"ChemiX Classic, {args.games} games each, 2-4 players")
    print(f"legal_actions: median {ms(statistics.median(legal_t))}, p99 {ms(pct(legal_t, 0.99))}  ({len(legal_t)} calls)")
    print(f"apply (with explanation): median {ms(statistics.median(apply_t))}, p99 {ms(pct(apply_t, 0.99))}")
    print(f"bot games (greedy/random over hints): {bot_rate:.1f} games/s ({bot_cpu_rate:.1f} per CPU-second)")
    print(f"uniform atomic-action games: {uni_rate:.1f} games/s ({steps / args.games:.0f} actions a game)")
    positions.sort(key=lambda x: -x[0])
    fullest = positions[: max(50, len(positions) // 20)]
    f_t, h_t, sizes = [], [], []
    for size, text in fullest:
        g = chemgames.load_game(text)
        sizes.append(size)
        t0 = time.perf_counter()
        formable_now(g)
        t1 = time.perf_counter()
        g.hints(10)
        t2 = time.perf_counter()
        f_t.append(t1 - t0)
        h_t.append(t2 - t1)
    print(f"fullest {len(fullest)} turn starts (table compounds + free cards: {min(sizes)}-{max(sizes)}):")
    print(f"  hint 'every compound I can form now' (formable_now): median {ms(statistics.median(f_t))}, p99 {ms(pct(f_t, 0.99))}")
    print(f"  hints (complete turns, best first): median {ms(statistics.median(h_t))}, p99 {ms(pct(h_t, 0.99))}")


if __name__ == "__main__":
    main()
