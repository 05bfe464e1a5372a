"""The fast engine path (issue 16), measured through the public API; prints a table (no assertions).

    nice -n 10 python bench/bench_engine_fast.py [GAME ...] [--seconds S] [--loads N]

For each game (default: all six): uniform random full games (2 players) per second and atomic
actions per second, on the fast path (``apply(action, explain=False)``, what a search bot and a
replay use) and on the ordinary path (``apply(action)``, every explanation made); then the time
``load_game`` takes for a long save (the longest of several uniform random games, built on the
fast path; at least 1 000 actions where the game is that long), the median of ``--loads`` loads.

Times are CPU seconds of this process (``time.process_time``): the machine is shared, and wall
time would count the other processes' work. Each game is first played for ``--warm`` seconds on
other seeds (imports, and the caches the engines keep between games, as a search bot's process
would have them); ``--warm 0`` measures from a cold start. Goals (issue 16): at least 100 uniform random games a
second, or for an inherently long game at least 50 000 actions a second; ``load_game`` of a
1 000-action save in at most 50 ms.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import chemgames

GAMES = ["chemiekarten", "chemix", "chemuno", "chromino", "metallurgie", "raeumab"]
PLAYERS = 2
LONG_SAVE = 1000  # actions


def play(game_id: str, seed: int, explain: bool) -> tuple[chemgames.Game, int]:
    """One uniform random game (the choice seeded by ``seed``); returns the game and its actions."""
    rng = random.Random(seed)
    g = chemgames.new_game(game_id, players=PLAYERS, seed=seed, lang="de")
    n = 0
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()), explain=explain)
        n += 1
    return g, n


def throughput(game_id: str, explain: bool, seconds: float, first_seed: int = 1) -> tuple[int, int, float]:
    """Play uniform random games for about ``seconds`` CPU seconds (at least one game): (games,
    actions, CPU seconds)."""
    games = actions = 0
    t0 = time.process_time()
    seed = first_seed
    while games == 0 or time.process_time() - t0 < seconds:
        actions += play(game_id, seed, explain)[1]
        games += 1
        seed += 1
    return games, actions, time.process_time() - t0


def long_save(game_id: str, seconds: float) -> tuple[str, int]:
    """The save of the longest uniform random game found in about ``seconds`` (stops at the first of
    at least ``LONG_SAVE`` actions), and its number of actions."""
    best: tuple[int, str] = (-1, "")
    t0 = time.process_time()
    seed = 10_000
    while best[0] < LONG_SAVE and (best[0] < 0 or time.process_time() - t0 < seconds):
        g, n = play(game_id, seed, explain=False)
        if n > best[0]:
            best = (n, g.to_json())
        seed += 1
    return best[1], best[0]


def load_time(save: str, loads: int) -> float:
    """The median CPU time of ``load_game(save)``."""
    times = []
    for _ in range(loads):
        t0 = time.process_time()
        chemgames.load_game(save)
        times.append(time.process_time() - t0)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=GAMES, help="game ids (default: all six)")
    parser.add_argument("--seconds", type=float, default=8.0, help="CPU seconds per game and path")
    parser.add_argument("--loads", type=int, default=7, help="loads of the long save (the median is shown)")
    parser.add_argument("--warm", type=float, default=4.0, help="CPU seconds of warm-up games per game")
    args = parser.parse_args()
    rows = []
    for game_id in args.games:
        throughput(game_id, False, args.warm, first_seed=1_000)  # warm-up: imports, caches
        fast = throughput(game_id, False, args.seconds)
        slow = throughput(game_id, True, args.seconds)
        save, length = long_save(game_id, args.seconds)
        rows.append((game_id, fast, slow, length, load_time(save, args.loads)))
        print(f"{game_id}: done", flush=True)
    head = ("game", "fast games/s", "fast actions/s", "ordinary games/s", "ordinary actions/s", "speed-up",
            "actions/game", "save actions", "load_game ms")
    table = [head]
    for game_id, (fg, fa, ft), (sg, sa, st), length, load in rows:
        table.append((game_id, f"{fg / ft:.1f}", f"{fa / ft:.0f}", f"{sg / st:.1f}", f"{sa / st:.0f}",
                      f"{(fa / ft) / (sa / st):.1f}x", f"{fa / fg:.0f}", str(length), f"{load * 1000:.1f}"))
    widths = [max(len(row[i]) for row in table) for i in range(len(head))]
    print()
    print(f"uniform random games, {PLAYERS} players; CPU time of this process after {args.warm:g} s of warm-up"
          f" per game; load_game: median of {args.loads}")
    for k, row in enumerate(table):
        print("  ".join(cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths))))
        if k == 0:
            print("  ".join("-" * w for w in widths))


if __name__ == "__main__":
    main()
