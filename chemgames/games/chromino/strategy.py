"""What the search bot knows of Chromino (``chemgames.bots.search`` reads it): a tree three
decisions deep, then six turns of the default policy; a lead of four counts as a near win.

Who empties the hand first wins ("out", the sheet's game), so a line cut short is judged by the
tiles each player still holds, not by the tiles laid: a draw (one tile, or up to three under the
draw limit) puts a player further back though nothing was laid.
"""
from __future__ import annotations

from typing import Any

from .scoring import POINT_MODES

#: the fields of ``chemgames.bots.search.Tuning`` this game sets (the others keep their defaults)
SEARCH: dict[str, Any] = dict(depth=3, rollout=6, scale=4.0)


def standing(world: Any) -> list[float]:
    """Each player's standing at the end of a sampled line, more is better: minus the tiles in the
    hand in the game of emptying the hand, the points in a points mode.

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
    >>> standing(g) == [-len(h) for h in g.s_hands]
    True
    """
    if world.scoring in POINT_MODES:
        return [float(s) for s in world.scores()]
    return [-float(len(hand)) for hand in world.s_hands]
