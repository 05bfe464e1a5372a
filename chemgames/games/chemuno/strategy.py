"""What the search bot knows of Chemuno (``chemgames.bots.search`` reads it).

Iterations are cheap and the luck is large, so many worlds, each played on greedily for four
turns and scored by the hand counts (``paired``). A noble gas still held at the end of such a line
counts as 1.5 cards fewer (``hold``, :func:`kept_value`): it fits on any card ("Die Edelgaskarten
passen nie und dürfen daher auf jede Karte gelegt werden"), so it saves a later draw that four
turns do not reach. Without it the search laid its noble gas as the first card of a game (on the
empty pile, where any card fits) in 8 of the 20 deals that gave the first player one, and in 43 of
80 positions where another card could be laid, while lines played to the end of the game (which
see the later draw) laid it in 5 of the 80; with 1.5 it lays it in 18, and the four-turn lines
choose like the lines to the end in 65 of the 80 instead of 40 (``bench/RESULTS-bots.md``,
session 10). Multipliers held stay at 0 (``hold_x``).

A noble gas may wish any of ten elements, and the hints offer one (the element the rest of the
hand shows most). The search weighs the ``wishes`` most sensible ones (:func:`candidates`,
:func:`wishes`): the wish decides whether the other player can answer or must draw, and that
depends on cards the hint does not count.
"""
from __future__ import annotations

from typing import Any

from ..chemix.cards import card_set

#: the fields of ``chemgames.bots.search.Tuning`` this game sets (the others keep their defaults)
SEARCH: dict[str, Any] = dict(method="paired", rollout=4, scale=3.0, explore=0.0, effort=4.0, wishes=3, hold=1.5)


def look_ahead(game: Any, tune: Any) -> int | None:
    """How many turns the sampled lines of this decision play on: ``tune.rollout``, or to the end of
    the game (``None``) once the draw pile holds ``tune.endgame`` cards or fewer. Near its end who
    holds fewer cards wins when everyone is stuck, so whether a card closes the game (nothing fits
    on it any more) or keeps it open decides, and four turns do not reach that far.

    >>> import chemgames
    >>> from chemgames.bots.search import Tuning
    >>> g = chemgames.new_game("chemuno", players=2, seed=1, lang="en", hands=[["Ne"], ["H2O"]],
    ...                        pile=["H2O2"], draw_left=5)
    >>> look_ahead(g, Tuning(rollout=4)), look_ahead(g, Tuning(rollout=4, endgame=5)), look_ahead(g, Tuning(rollout=4, endgame=4))
    (4, None, 4)
    """
    if tune.endgame is not None and len(game.s_draw) <= tune.endgame:
        return None
    return tune.rollout


def wishes(game: Any, card: str, n: int) -> list[str]:
    """The ``n`` most sensible wishes for the noble gas ``card`` of the current player, the hint's
    own first; then by the cards of the rest of the hand that show the element (what the player can
    lay on the wish), and among those the element fewest unseen cards show (the other hands and the
    draw pile: the fewer, the likelier the next player cannot answer and must draw). Only what the
    player sees is read: the own hand and the laid cards.

    >>> import chemgames
    >>> g = chemgames.new_game("chemuno", players=2, seed=1, lang="en", starter=0,
    ...                        hands=[["Ne", "NaCl", "FeCl3"], ["Na.1"]], pile=["H2O2"])
    >>> g.hint("Ne").wish, wishes(g, "Ne", 3), len(wishes(g, "Ne", 20))
    ('Cl', ['Cl', 'Fe', 'Na'], 10)
    """
    cs = card_set()
    me = game.current_player
    rest = list(game.s_hands[me])
    rest.remove(card)
    seen = set(game.s_hands[me]) | set(game.s_pile)
    unseen = [c for c in cs.all_ids() if c not in seen]
    first = game.hint(card).wish
    mine = {e: sum(e in cs.contents(c) for c in rest) for e in game.elements}
    open_ = {e: sum(e in cs.contents(c) for c in unseen) for e in game.elements}
    others = sorted((e for e in game.elements if e != first), key=lambda e: (-mine[e], open_[e], game.elements.index(e)))
    return [first, *others][:max(1, n)]


def candidates(game: Any, limit: int, tune: Any) -> list[Any]:
    """The moves the search weighs (``chemgames.bots.search`` calls it instead of ``hints``): the
    first ``limit`` hints other than noble gases, then one noble gas (they all do the same) with each
    of its ``tune.wishes`` sensible wishes (:func:`wishes`); with ``tune.pending_noble`` also a noble
    gas laid on a multiplier's cards to draw (they are drawn all the same, but one card fewer is
    held and the wish is the player's), which the hints leave out.

    >>> import chemgames
    >>> from chemgames.bots.search import Tuning
    >>> g = chemgames.new_game("chemuno", players=2, seed=1, lang="en", starter=0,
    ...                        hands=[["Ne", "He", "NaCl", "H2O"], ["Na.1"]], pile=["H2O2"])
    >>> [h.formula for h in g.hints()]
    ['H₂O', 'He → H', 'Ne → H']
    >>> [h.formula for h in candidates(g, 6, Tuning(wishes=3, hold=1.5))]
    ['H₂O', 'He → H', 'He → Na', 'He → Cl']
    >>> [h.formula for h in candidates(g, 6, Tuning())] == [h.formula for h in g.hints(6)]
    True
    """
    widen = tune.wishes > 1 or tune.pending_noble
    if not widen:
        return game.hints(limit=limit)
    hints = game.hints(limit=100)
    kinds = card_set().kind
    plain = [h for h in hints if kinds(h.card) != "noble"][:limit]
    noble = next((h.card for h in hints if kinds(h.card) == "noble"), None)
    if noble is None and tune.pending_noble and game.s_pending and not game.is_over:
        noble = next((a.get("card") for a in game.legal_actions()
                      if a.kind == "play" and kinds(a.get("card")) == "noble"), None)
    if noble is None:
        return plain
    return plain + [game.hint(noble, w) for w in wishes(game, noble, tune.wishes)]


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
