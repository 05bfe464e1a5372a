"""What the search bot knows of Metallurgie (``chemgames.bots.search`` reads it).

About 95 decisions a game: fewer candidates and worlds a decision (``paired``).
"""
from __future__ import annotations

from typing import Any

#: the fields of ``chemgames.bots.search.Tuning`` this game sets (the others keep their defaults)
SEARCH: dict[str, Any] = dict(method="paired", candidates=4, rollout=2, scale=4.0, effort=0.6)
