"""What the search bot knows of Chromino (``chemgames.bots.search`` reads it): a tree three
decisions deep, then six turns of the default policy; a lead of four counts as a near win.

Who empties the hand first wins ("out", the sheet's game), so a line cut short is judged by the
tiles each player still holds, not by the tiles laid: a draw (one tile, or up to three under the
draw limit) puts a player further back though nothing was laid. Beyond the line's end, what counts
is whether a hand can still be laid (``mobility``): a player with no tile that fits the lay-out will
draw instead of laying, about two tiles worse off than one who lays.
"""
from __future__ import annotations

from typing import Any

from .scoring import POINT_MODES

#: the fields of ``chemgames.bots.search.Tuning`` this game sets (the others keep their defaults)
SEARCH: dict[str, Any] = dict(depth=3, rollout=6, scale=4.0, mobility=1.0)


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


def mobility(world: Any, player: int) -> float:
    """How well ``player``'s hand can go on at the end of a sampled line: 1 with two or more tiles
    that fit the lay-out somewhere, 0.5 with one (the other player may close its place), 0 with none
    (the next turn draws). Counted as tiles (``Tuning.mobility`` the weight) in the game of emptying
    the hand; a points mode gets 0 (its scores are on another scale).

    >>> import chemgames
    >>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
    >>> fits = {t for t, *_ in g.placements_for(g.s_hands[0])}
    >>> mobility(g, 0) == min(len(fits), 2) / 2
    True
    """
    if world.scoring in POINT_MODES:
        return 0.0
    hand = world.s_hands[player]
    if not hand:
        return 1.0
    fits = {t for t, *_ in world.placements_for(hand)}
    return min(len(fits), 2) / 2
