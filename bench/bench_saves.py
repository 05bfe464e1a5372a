"""Autosave cost (issue 15): the time to write a game's save after each completed turn, as the
widget does (``chemgames.saves.write_save``: the save text, a temporary file, ``os.replace``), over
whole games between greedy bots; the size of the save of a long game; and the time to load it.

    python bench/bench_saves.py [--games N]

Goal: median autosave cost <= 5 ms a turn on this machine. Prints figures, asserts nothing.
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import chemgames
from chemgames.bots import GreedyBot, RandomBot, play_turn
from chemgames.saves import write_save


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp())
    print(f"{'game':14} {'turns':>6} {'median':>9} {'p95':>9} {'max':>9} {'longest save':>14} {'its actions':>11} {'load':>9}")
    for info in chemgames.games():
        times: list[float] = []
        longest = ("", 0, 0)
        for seed in range(args.games):
            g = chemgames.new_game(info.id, players=2, seed=seed, lang="de")
            bots = [GreedyBot(seed), RandomBot(seed + 1)]
            path = folder / f"{info.id}-{seed}.json"
            turns = 0
            while not g.is_over and turns < 2000:
                play_turn(g, bots[g.current_player])
                t0 = time.perf_counter()
                write_save(g, path)
                times.append(time.perf_counter() - t0)
                turns += 1
            text = path.read_text()
            if len(text) > longest[1]:
                longest = (text, len(text), len(g.log))
        t0 = time.perf_counter()
        chemgames.load_game(longest[0])
        load = time.perf_counter() - t0
        print(f"{info.id:14} {len(times):6d} {statistics.median(times) * 1e3:7.2f} ms {pct(times, 0.95) * 1e3:7.2f} ms "
              f"{max(times) * 1e3:7.2f} ms {longest[1] / 1024:11.1f} kB {longest[2]:11d} {load * 1e3:7.0f} ms")


if __name__ == "__main__":
    main()
