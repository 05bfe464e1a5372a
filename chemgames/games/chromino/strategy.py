"""What the search bot knows of Chromino (``chemgames.bots.search`` reads it): a tree three
decisions deep, then six turns of the default policy; a lead of four points counts as a near win.
"""
from __future__ import annotations

from typing import Any

#: the fields of ``chemgames.bots.search.Tuning`` this game sets (the others keep their defaults)
SEARCH: dict[str, Any] = dict(depth=3, rollout=6, scale=4.0)
