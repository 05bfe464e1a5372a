"""Chemistry review harvest for Das Chemie-Kartenspiel (s17f; s16f's harvest.py and turns.py in one pass).

Plays games through the public API only (``chemgames.new_game``, ``hints``, ``hint_label``, ``apply``; no widget)
and records every statement a student reads about a compound:

* at the start of every build turn the tip list (``g.hints(25)``, the widget's "Tipps", best first) with each tip's
  table label (``hint_label``, de and en) and the full explanation of the tip played on a copy (de and en);
* the ranked tip list of each build turn (formula, label kind, points) to judge whether tips steer to inventions;
* every build a player confirmed (its explanation), and every refused confirm (the refusal's text: in the variant
  "real only" it says what the compound is).

Seat pattern (differs from s15f/s16f): players = 2 + (seed·5 mod 3); seats cycle greedy / random / search
(search: ``SearchBot(level="easy")``), starting at seed mod 3; ``real_only`` when seed mod 4 = 3.

Usage: ``PYTHONPATH=$PWD python bench/review/ck_harvest.py GAMES FIRST_SEED OUT.json``
"""
from __future__ import annotations

import json
import os
import random
import sys
import time
from typing import Any

import chemgames
from chemgames.bots import GreedyBot
from chemgames.bots.search import SearchBot

KINDS = ("greedy", "random", "search")


def config(seed: int) -> tuple[int, bool, list[str]]:
    """Players, variant and seat kinds of game ``seed``.

    >>> config(70000)
    (4, False, ['random', 'search', 'greedy', 'random'])
    >>> config(70003)[:2]
    (4, True)
    """
    n = 2 + (seed * 5) % 3
    real_only = seed % 4 == 3
    kinds = [KINDS[(seed + k) % 3] for k in range(n)]
    return n, real_only, kinds


def new_build_turn(g: Any, seen: tuple[int, int] | None) -> tuple[int, int] | None:
    """(turn, player) when a build turn starts now with an empty stage and was not seen before, else ``None``."""
    key = (g.s_turn, g.current_player)
    return key if key != seen and g.s_phase == "build" and g.s_stage.empty else None


def texts_of(e: Any) -> dict[str, Any]:
    return {lang: (e.in_lang(lang).title, list(e.in_lang(lang).lines)) for lang in ("de", "en")}


def main(games: int, first: int, out: str) -> None:
    seen: dict[str, dict[str, Any]] = {}
    turns: list[dict[str, Any]] = []
    t0 = time.time()

    def entry(key: str, seed: int, src: str) -> dict[str, Any]:
        d = seen.get(key)
        if d is None:
            d = seen[key] = {"formula": key, "label": None, "texts": None, "src": {}, "seeds": []}
        d["src"][src] = d["src"].get(src, 0) + 1
        if len(d["seeds"]) < 3 and seed not in d["seeds"]:
            d["seeds"].append(seed)
        return d

    for i in range(first, first + games):
        n, real_only, kinds = config(i)
        opts = {"real_only": True} if real_only else {}
        g: Any = chemgames.new_game("chemiekarten", players=n, seed=i, lang="de", **opts)
        bots: list[Any] = []
        for k, kind in enumerate(kinds):
            bots.append(GreedyBot(i * 10 + k) if kind == "greedy" else SearchBot(seed=i + k, level="easy")
                        if kind == "search" else None)
        rng = random.Random(i)
        steps = 0
        turn_seen = None
        while not g.is_over and steps < 5000:
            p = g.current_player
            if (start := new_build_turn(g, turn_seen)) is not None:
                turn_seen = start
                tips = g.hints(25)
                turns.append({"seed": i, "real_only": real_only, "player": kinds[p],
                              "tips": [(h.formula, h.label, h.points) for h in tips]})
                for r, h in enumerate(tips):
                    d = entry(h.formula, i, "tip_top3" if r < 3 else "tip")
                    if real_only:
                        d["src"]["real_only"] = d["src"].get("real_only", 0) + 1
                    if d["label"] is None:
                        d["label"] = g.hint_label(h)
                        g2 = g.copy()
                        try:
                            e = None
                            for a in h.actions:
                                e = g2.apply(a)
                            d["texts"] = texts_of(e)
                        except Exception as ex:  # a tip that cannot be played is itself a finding
                            d["texts"] = {"error": repr(ex)}
                        d["points"] = h.points
            b = bots[p]
            a = rng.choice(list(g.legal_actions())) if b is None else b.choose(g)
            steps += 1
            if a.kind == "confirm":
                e = g.apply(a)  # the ordinary path: always an explanation
                t = texts_of(e)
                key = ("PLAYED:" if e.ok else "REFUSED:") + t["de"][0].split(":")[0]
                d = entry(key, i, ("played_" if e.ok else "refused_") + kinds[p])
                if d["texts"] is None:
                    d["texts"] = t
            else:
                g.apply(a, explain=False)
        print(f"game {i} n={n} ro={real_only} {kinds} done, {len(seen)} distinct, {time.time() - t0:.0f}s "
              f"load {os.getloadavg()[0]:.2f}", file=sys.stderr, flush=True)
    json.dump({"entries": list(seen.values()), "turns": turns}, open(out, "w"), ensure_ascii=False, default=str)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])
