"""What the search bot knows of ChemiX Classic (``chemgames.bots.search`` reads it).

A hint costs about 30 ms here, so few candidates are weighed, each answered by the other
player's best turn in the same worlds (``paired``); passing is weighed only when nothing can be
laid.
"""
from __future__ import annotations

from typing import Any

#: the fields of ``chemgames.bots.search.Tuning`` this game sets (the others keep their defaults)
SEARCH: dict[str, Any] = dict(method="paired", candidates=4, passing=False, rollout=1, scale=6.0)
