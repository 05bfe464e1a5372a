"""Chemuno: which value of a noble gas kept in hand (``Tuning.hold``) makes the search's four-turn
lines choose like lines played to the end of the game (issue 31, session 10)?

A noble gas fits on any card, so it saves a later draw; four turns scored by hand counts do not
reach that draw, lines to the end do (they are too dear for the bot's time). Positions: deals
from ``--first`` on, the player to move after 0, 2, 4 or 6 greedy turns (the first turn twice as
often), kept when the hints offer a noble gas and another card. Each setting decides every
position with the same seed and iteration cap (no clock); the row says in how many positions it
lays the noble gas and in how many it agrees with the lines to the end about laying it.

    PYTHONPATH=$PWD nice -n 10 python bench/bench_chemuno_hold.py --positions 40 --first 20000
    PYTHONPATH=$PWD nice -n 10 python bench/bench_chemuno_hold.py --positions 40 --first 30000 --holds 0,1.5,2,3
"""
from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import chemgames  # noqa: E402
from chemgames.bots import GreedyBot, play_turn  # noqa: E402
from chemgames.bots.search import SearchBot  # noqa: E402
from chemgames.games.chemix.cards import card_set  # noqa: E402


def lays_noble(game, tune: dict, seed: int, iterations: int) -> bool:
    """Does the search (``tune`` over the committed tuning, ``effort`` 1) lay a noble gas here?"""
    bot = SearchBot(seed=seed, budget=60.0, iterations=iterations, tuning={"effort": 1.0, **tune})
    plays = [a for a in bot.decide(game) if a.kind == "play"]
    return bool(plays) and card_set().kind(plays[0].get("card")) == "noble"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--first", type=int, default=20000, help="the first deal's seed")
    ap.add_argument("--iterations", type=int, default=160, help="sampled lines a decision (level medium: 160)")
    ap.add_argument("--holds", default="0,1,1.5,2", help="comma-separated values of Tuning.hold")
    a = ap.parse_args()
    settings = [("to the end", {"rollout": None, "hold": 0.0})] + \
        [(f"hold={h}", {"hold": float(h)}) for h in a.holds.split(",")]
    kinds = card_set().kind
    laid = {name: 0 for name, _ in settings}
    agree = {name: 0 for name, _ in settings}
    first_turn = {name: 0 for name, _ in settings}
    count = turns0 = 0
    seed = a.first
    while count < a.positions:
        seed += 1
        g = chemgames.new_game("chemuno", players=2, seed=seed, lang="en")
        k = random.Random(seed).choice([0, 0, 2, 4, 6])
        for _ in range(k):
            if not g.is_over:
                play_turn(g, GreedyBot(seed))
        hints = [] if g.is_over else g.hints(limit=20)
        if not any(kinds(h.card) == "noble" for h in hints) or not any(kinds(h.card) != "noble" for h in hints):
            continue
        count += 1
        turns0 += k == 0
        got = {name: lays_noble(g, tune, seed, a.iterations) for name, tune in settings}
        for name, noble in got.items():
            laid[name] += noble
            agree[name] += noble == got["to the end"]
            first_turn[name] += noble and k == 0
        print(seed, f"after {k} turns:", " ".join(f"{name} {'N' if got[name] else '-'}" for name, _ in settings), flush=True)
    print(f"\n{count} positions ({turns0} first turns), {a.iterations} sampled lines a decision, "
          f"load average {os.getloadavg()[0]:.1f}")
    for name, _ in settings:
        print(f"{name:>12}: lays the noble gas in {laid[name]} ({first_turn[name]} of the first turns), "
              f"agrees with the lines to the end in {agree[name]}")


if __name__ == "__main__":
    main()
