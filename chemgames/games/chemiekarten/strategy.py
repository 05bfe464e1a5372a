"""What the search bot knows of Das Chemie-Kartenspiel (``chemgames.bots.search`` reads it).

Leads of 20–60 points are common, so a scale of 10 made every candidate worth ±1 (ties go to the
greedy move); 40 was measured at level hard (``bench/RESULTS-bots.md``).
"""
from __future__ import annotations

from typing import Any

#: the fields of ``chemgames.bots.search.Tuning`` this game sets (the others keep their defaults)
SEARCH: dict[str, Any] = dict(method="paired", candidates=5, rollout=2, scale=40.0, effort=0.5)
