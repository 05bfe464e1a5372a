"""What the search bot knows of Das Chemie-Kartenspiel (``chemgames.bots.search`` reads it).

Leads of 20–60 points are common, so a scale of 10 made every candidate worth ±1 (ties go to the
greedy move); 40 was measured at level hard (``bench/RESULTS-bots.md``).

``real_margin`` (issue 25): the bot makes the best real substance among its candidates whenever its
mean lead is at most this many points below the invention it ranks first (``chemgames.bots.prefer``;
what it costs in strength and gains in real substances: ``bench/bench_chemiekarten_real.py``). In
session 8 (load 12–25) it raised the real share of search:easy's compounds from 39 % to 63 % (10
seeded 3-player games; 8 points: 73 %), and the bot with it won 14 of 23 games against itself
without it (61 %, 95 % interval 41–78 %): no cost in strength that run could measure.
"""
from __future__ import annotations

from typing import Any

#: the fields of ``chemgames.bots.search.Tuning`` this game sets (the others keep their defaults)
SEARCH: dict[str, Any] = dict(method="paired", candidates=5, rollout=2, scale=40.0, effort=0.5,
                              real_margin=4.0)
