"""What the search bot knows of Räum-Ab! (``chemgames.bots.search`` reads it): every card lies
face up, so the tree is three decisions deep and the lines are played to the end.
"""
from __future__ import annotations

from typing import Any

#: the fields of ``chemgames.bots.search.Tuning`` this game sets (the others keep their defaults)
SEARCH: dict[str, Any] = dict(depth=3, rollout=None, scale=6.0, effort=0.6)
