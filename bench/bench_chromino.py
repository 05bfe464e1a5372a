"""Benchmarks for Chromino; prints figures (no assertions).

    python bench/bench_chromino.py [--games N]

Goals (issue 7): the legal placements of a hand of eight tiles on the largest lay-outs met in random
play, p99 under 20 ms; random games per second. Also legal_actions and apply latency during play.

    python bench/bench_chromino.py --figures [--games N]

Issue 14: how the rule moves the games. Seeded 2-player bot games (greedy vs greedy, random vs
random; draw one tile, mode A points): tiles drawn, forced draws, game length, final scores.
"""
from __future__ import annotations

import argparse
import pickle
import random
import statistics
import time

import chemgames
from chemgames.bots import GreedyBot, RandomBot, play_game
from chemgames.games.chromino.layout import Layout


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def ms(x: float) -> str:
    return f"{x * 1000:.3f} ms"


def line(name: str, values: list[float]) -> None:
    print(f"{name:<52} median {ms(statistics.median(values))}   p99 {ms(pct(values, 0.99))}   "
          f"max {ms(max(values))}   (n={len(values)})")


def random_games(n: int) -> tuple[float, list[float], list[float], list[Layout]]:
    """Uniformly random legal actions: games per second, legal/apply latencies, the final lay-outs."""
    legal_t: list[float] = []
    apply_t: list[float] = []
    layouts = []
    start = time.perf_counter()
    for seed in range(n):
        rng = random.Random(seed)
        g = chemgames.new_game("chromino", players=2 + seed % 7, seed=seed, lang="en",
                               draw=("one", "until_fit", "limit")[seed % 3])
        while not g.is_over:
            t0 = time.perf_counter()
            legal = g.legal_actions()
            t1 = time.perf_counter()
            g.apply(rng.choice(legal))
            t2 = time.perf_counter()
            legal_t.append(t1 - t0)
            apply_t.append(t2 - t1)
        layouts.append(g.layout)
    return n / (time.perf_counter() - start), legal_t, apply_t, layouts


def game_figures(kind: str, n: int) -> dict[str, float]:
    """``n`` seeded 2-player games of ``kind`` bots (greedy or random): averages per game.

    Every draw is forced (only who can lay no tile may draw); a lost turn is a draw whose tile did
    not fit either, so the turn passed."""
    draws, lost, turns, actions, scores, left, out = [], [], [], [], [], [], 0
    for seed in range(n):
        g = chemgames.new_game("chromino", players=2, seed=seed, lang="en", scoring="tiles")
        bot = GreedyBot if kind == "greedy" else RandomBot
        play_game(g, [bot(2 * seed), bot(2 * seed + 1)])
        v = g.view(None)
        log = g.log
        kinds = [e.action.kind for e in log]
        draws.append(sum(v["draws"]))
        lost.append(sum(1 for i, e in enumerate(log) if e.action.kind == "draw"
                        and (i + 1 == len(log) or log[i + 1].player != e.player)))
        turns.append(v["turn"])
        actions.append(len(kinds))
        scores.extend(g.scores())
        left.append(sum(v["hand_sizes"]))
        out += v["end"]["how"] == "out"
    mean = statistics.mean
    return {"tiles drawn": mean(draws), "turns lost (drawn tile no fit)": mean(lost), "turns": mean(turns),
            "actions": mean(actions), "final score": mean(scores), "tiles left (both hands)": mean(left),
            "ended by an empty hand (share)": out / n}


def figures(n: int) -> None:
    print(f"{n} seeded 2-player games each (draw one tile, mode A points), averages per game:")
    rows = {kind: game_figures(kind, n) for kind in ("greedy", "random")}
    print(f"{'':<34}{'greedy vs greedy':>18}{'random vs random':>18}")
    for key in rows["greedy"]:
        print(f"{key:<34}{rows['greedy'][key]:>18.2f}{rows['random'][key]:>18.2f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--figures", action="store_true", help="the bot-game figures of issue 14 only")
    args = ap.parse_args()
    if args.figures:
        figures(args.games)
        return

    rate, legal_t, apply_t, layouts = random_games(args.games)
    print(f"random games (uniform legal actions, 2-8 players): {rate:.1f} games/s over {args.games} games")
    line("legal_actions during play", legal_t)
    line("apply (with explanation) during play", apply_t)

    t0 = time.perf_counter()
    for seed in range(args.games // 3):
        g = chemgames.new_game("chromino", players=2 + seed % 3, seed=seed, lang="en", scoring="specialists")
        play_game(g, [GreedyBot(seed + p) if p % 2 else RandomBot(seed + p) for p in range(g.players)])
    print(f"bot games (greedy vs random, hints() each move):  {(args.games // 3) / (time.perf_counter() - t0):.1f} games/s")

    largest = sorted(layouts, key=lambda lay: len(lay.laid), reverse=True)[:25]
    sizes = [len(lay.laid) for lay in largest]
    print(f"largest lay-outs met: {sizes[0]} tiles ({len(largest[0].cells)} squares, "
          f"{len(largest[0].need)} frontier cells); the 25 largest have {min(sizes)}-{max(sizes)} tiles")
    rng = random.Random(1)
    fresh, warm, fresh_cpu = [], [], []
    counts = []
    for lay in largest:
        on_board = {k.tile for k in lay.laid}
        pool = [t for t in range(75) if t not in on_board] or list(range(75))
        for _ in range(40):
            hand = rng.sample(pool, min(8, len(pool)))
            cold = pickle.loads(pickle.dumps(lay))  # no slot index yet: built from the frontier
            c0 = time.thread_time()
            t0 = time.perf_counter()
            found = cold.placements(hand)
            t1 = time.perf_counter()
            fresh_cpu.append(time.thread_time() - c0)
            cold.placements(hand)
            t2 = time.perf_counter()
            fresh.append(t1 - t0)
            warm.append(t2 - t1)
            counts.append(len(found))
    line("hand of 8 on the largest lay-outs, slot index built", fresh)
    line("  the same in CPU time (robust on a busy machine)", fresh_cpu)
    line("hand of 8 on the largest lay-outs, index kept", warm)
    print(f"legal placements found per hand: median {statistics.median(counts)}, max {max(counts)}")
    every = []
    for lay in largest:
        t0 = time.perf_counter()
        n_all = len(pickle.loads(pickle.dumps(lay)).placements(range(75)))
        every.append(time.perf_counter() - t0)
    line(f"the puzzle for all 75 tiles (e.g. {n_all} placements)", every)


if __name__ == "__main__":
    main()
