"""What the search bot knows of Chemuno (``chemgames.bots.search`` reads it).

Iterations are cheap and the luck is large, so many worlds, each played on greedily for four
turns and scored by the hand counts (``paired``). Counting noble gases and multipliers held as
cards fewer at the end of a line was measured and gave nothing (``bench/RESULTS-bots.md``): the
weights stay 0, and :func:`kept_value` is there for the bench's ``--tune hold=…,hold_x=…``.
"""
from __future__ import annotations

from typing import Any

from ..chemix.cards import card_set

#: the fields of ``chemgames.bots.search.Tuning`` this game sets (the others keep their defaults)
SEARCH: dict[str, Any] = dict(method="paired", rollout=4, scale=3.0, explore=0.0, effort=4.0)


def kept_value(world: Any, player: int, hold: float, hold_x: float) -> float:
    """What the noble gases (they fit on anything) and multipliers (an attack) in ``player``'s hand
    of this sampled world are worth beyond the look-ahead, in cards fewer: the bot's own hand or one
    dealt for another player, never the real other hand.

    >>> import chemgames
    >>> g = chemgames.new_game("chemuno", players=2, seed=1, hands=[["Ne", "x2.1", "H2O"], ["H2O2"]])
    >>> kept_value(g, 0, 0.5, 0.25), kept_value(g, 1, 0.5, 0.25)
    (0.75, 0.0)
    """
    kinds = card_set().kind
    weight = {"noble": hold, "multiplier": hold_x}
    return sum(weight.get(kinds(card), 0.0) for card in world.s_hands[player])
