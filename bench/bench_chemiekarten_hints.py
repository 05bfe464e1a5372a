"""Das Chemie-Kartenspiel: how long ``hints()`` and the search bot's decisions take in huge hands,
without and with the hint search's budget (``hints.BUDGET``; issue 31: against OpenSpiel's ISMCTS
11 decisions took over 1 s, one 6.8 s, in ``hints()`` for hands of 40–60 cards).

Two measurements, each with the budget off (``BUDGET = 0``: every build weighed, the list the game
gave before the budget) and on, printed with the load average:

* ``hints``: processor seconds of ``game.hints(6)`` in seeded positions whose hand is grown to
  7–60 cards (cards taken from the player's own pile), p50/p99/max, and in how many positions the
  first hint (the best real substance) differs from the one without a budget;
* ``--decisions N``: the search bot's decisions (``--level``, ``--budget`` seconds a decision, as in
  issue 31's match) in N of the same grown positions: p50/p99/max and how many took over 1 s;
* ``--ismcts N``: N games of the search bot (``--level``, ``--budget`` seconds a decision) against
  OpenSpiel's ISMCTS through ``bench/bench_bots.py``'s match, the same seeds in both settings: the
  distribution of our decision times (p50/p99/max, decisions over 1 s).

    nice -n 10 python bench/bench_chemiekarten_hints.py --positions 60 --decisions 30 --ismcts 4
"""
from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(1, str(Path(__file__).resolve().parent))

import chemgames  # noqa: E402
from chemgames.games.chemiekarten import hints as hints_module  # noqa: E402

ON = hints_module.BUDGET


def percentiles(xs: list[float]) -> str:
    """p50/p99/max of ``xs`` in seconds.

    >>> percentiles([0.1, 0.2, 0.3, 0.4])
    'p50 0.250 s, p99 0.397 s, max 0.400 s'
    """
    if not xs:
        return "no data"
    ys = sorted(xs)

    def q(p: float) -> float:
        k = (len(ys) - 1) * p
        lo = int(k)
        hi = min(lo + 1, len(ys) - 1)
        return ys[lo] + (ys[hi] - ys[lo]) * (k - lo)

    return f"p50 {q(0.5):.3f} s, p99 {q(0.99):.3f} s, max {ys[-1]:.3f} s"


def grown(seed: int, extra: int) -> chemgames.Game:
    """A two-player game whose player to move holds ``extra`` more cards from her own pile."""
    g = chemgames.new_game("chemiekarten", players=2, seed=seed, lang="de")
    p = g.current_player
    pile = g._pile(p)
    rng = random.Random(seed)
    for _ in range(min(extra, len(pile))):
        g.s_hands[p].append(pile.pop(rng.randrange(len(pile))))
    g._hands_counted.clear()
    g._kept = None
    return g


def bench_hints(positions: int) -> None:
    sizes = (0, 10, 20, 30, 40, 50)
    cases = [(seed, sizes[seed % len(sizes)]) for seed in range(positions)]
    first: dict[tuple[int, int], str] = {}
    for budget in (0, ON):
        hints_module.BUDGET = budget
        times: list[float] = []
        huge: list[float] = []
        differ = 0
        for seed, extra in cases:
            g = grown(seed, extra)
            t0 = time.process_time()
            h = g.hints(6)
            dt = time.process_time() - t0
            times.append(dt)
            if len(g.s_hands[g.current_player]) >= 40:
                huge.append(dt)
            top = f"{h[0].formula} {h[0].points} {h[0].label}" if h else ""
            if budget == 0:
                first[seed, extra] = top
            elif first[seed, extra] != top:
                differ += 1
        print(f"hints(6), budget {budget or 'off':>5}: {len(cases)} positions (hands 7–57 cards): {percentiles(times)}; "
              f"hands of 40+ cards ({len(huge)}): {percentiles(huge)}"
              + (f"; first hint differs from no budget in {differ}" if budget else "")
              + f"; load {os.getloadavg()[0]:.1f}", flush=True)


def bench_decisions(positions: int, level: str, budget: float) -> None:
    from chemgames.bots.search import SearchBot

    sizes = (0, 10, 20, 30, 40, 50)
    for hint_budget in (0, ON):
        hints_module.BUDGET = hint_budget
        times: list[float] = []
        for seed in range(positions):
            g = grown(seed, sizes[seed % len(sizes)])
            bot = SearchBot(seed, level=level, budget=budget, iterations=100_000)
            t0 = time.process_time()
            bot.decide(g)
            times.append(time.process_time() - t0)
        print(f"search:{level} ({budget:g} s) decisions, hint budget {hint_budget or 'off':>5}: {len(times)} positions "
              f"(hands 7–57 cards): {percentiles(times)}, {sum(t > 1.0 for t in times)} over 1 s; "
              f"load {os.getloadavg()[0]:.1f}", flush=True)


def bench_ismcts(games: int, level: str, budget: float, seconds: float) -> None:
    import bench_bots

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGALRM, stop)
    for hint_budget in (0, ON):
        hints_module.BUDGET = hint_budget
        signal.alarm(int(seconds))
        t0 = time.perf_counter()
        wins, times, played = bench_bots.match("chemiekarten", "ismcts", games, level, budget, 100_000)
        signal.alarm(0)
        print(f"vs ISMCTS, hint budget {hint_budget or 'off':>5}: {played} games, {wins:g} won, {len(times)} decisions: "
              f"{percentiles(times)}, {sum(t > 1.0 for t in times)} over 1 s; {time.perf_counter() - t0:.0f} s; "
              f"load {os.getloadavg()[0]:.1f}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=60, help="seeded positions for hints()")
    ap.add_argument("--decisions", type=int, default=0, help="grown positions the search bot decides in")
    ap.add_argument("--ismcts", type=int, default=0, help="games against OpenSpiel's ISMCTS per setting")
    ap.add_argument("--level", default="medium")
    ap.add_argument("--budget", type=float, default=0.1, help="processor seconds a decision, both bots")
    ap.add_argument("--seconds", type=float, default=600, help="the most wall seconds a setting of --ismcts runs")
    a = ap.parse_args()
    print(f"load average at start: {os.getloadavg()}")
    if a.positions:
        bench_hints(a.positions)
    if a.decisions:
        bench_decisions(a.decisions, a.level, a.budget)
    if a.ismcts:
        bench_ismcts(a.ismcts, a.level, a.budget, a.seconds)
    hints_module.BUDGET = ON
    print(f"load average at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
