"""A chosen start position for ChemiX Classic (options ``hands``, ``table``, ``won``, ``nobles``,
``draw_top``, ``starter``), so that a teacher can show the sheet's own examples in class.

Every chosen card comes out of the box's supply (element cards from the draw pile, multipliers
from their stacks, compound cards from the display), so no card is created or lost; whatever is
not chosen is dealt as usual from the seed. A bad choice raises ``OptionError`` saying what is
wrong. The options are plain lists, so they are written into save files and replay.

>>> import chemgames
>>> g = chemgames.new_game("chemix", players=2, seed=1, lang="en",
...                        hands=[["Cl", "H", "C"], ["N", "P", "Fe"]], table=[["H2O", 1]], nobles=["Ar", "He"])
>>> sorted(g.face(i) for i in g.view(0)["hand"]), g.view(None)["table"][0]["formula"], g.current_player
(['C', 'Cl', 'H'], 'H2O', 0)
>>> chemgames.new_game("chemix", players=2, seed=1, lang="en", hands=[["H", "H", "H", "H"]])
Traceback (most recent call last):
...
chemgames.core.errors.OptionError: hands: player 1 would hold 4 cards, at most 3 are allowed.
"""
from __future__ import annotations

from typing import Any

from ...core.errors import OptionError
from ...core.game import Option
from ...core.i18n import tr
from .cards import HAND_LIMIT, MULTIPLIERS, card_set


OPTIONS = {
    "hands": Option(None, kind=(list, tuple)),     # per player: up to 3 cards (faces "H", "2" or ids "H.1")
    "table": Option(None, kind=(list, tuple)),     # compounds laid in earlier turns: [formula, owner]
    "won": Option(None, kind=(list, tuple)),       # compounds laid and taken back long ago: [formula, owner]
    "nobles": Option(None, kind=(list, tuple)),    # per player: a noble gas, a list of them, or None (dealt)
    "draw_top": Option(None, kind=(list, tuple)),  # cards on top of the draw pile, the first drawn first
    "starter": Option(None, kind=int),             # who begins (default: the highest atomic number)
}


class Supply:
    """The cards not yet placed: the shuffled draw pile, the multiplier stacks, the display."""

    def __init__(self, lang: str, draw: list[str], stacks: dict[str, list[str]], display: list[str]) -> None:
        self.lang, self.draw, self.stacks, self.display = lang, draw, stacks, display

    def fail(self, key: str, **params: Any) -> OptionError:
        return OptionError(tr(self.lang, key, **params))

    def take(self, card: Any, option: str) -> str:
        """Take one card (a face such as ``"H"``/``"2"`` or an id such as ``"H.1"``) out of the supply."""
        cs = card_set()
        if isinstance(card, str) and card in MULTIPLIERS and self.stacks[card]:
            return self.stacks[card].pop()
        if isinstance(card, str) and card in cs.multiplier_ids and card in self.stacks[cs.face(card)]:
            self.stacks[cs.face(card)].remove(card)
            return card
        if isinstance(card, str):
            for i in reversed(self.draw):
                if i == card or cs.face(i) == card:
                    self.draw.remove(i)
                    return i
        raise self.fail("cx.setup_no_card", card=str(card)[:20], option=option)

    def compound(self, entry: Any, option: str, players: int) -> tuple[str, int]:
        """A ``[formula, owner]`` pair (owner 0-based), its compound card taken out of the display."""
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            raise self.fail("cx.setup_compound_shape", option=option, value=repr(entry)[:40])
        formula, owner = entry
        if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < players:
            raise self.fail("cx.setup_owner", option=option, value=repr(owner)[:20], players=players)
        if formula not in card_set().compounds:
            raise self.fail("cx.setup_no_compound", option=option, formula=str(formula)[:20])
        if formula not in self.display:
            raise self.fail("cx.setup_compound_twice", option=option, formula=formula)
        self.display.remove(formula)
        return formula, owner


def per_player(value: Any, option: str, players: int, lang: str) -> list[Any]:
    """A list of at most one entry per player, padded with ``None`` (dealt as usual)."""
    if value is None:
        return [None] * players
    if len(value) > players:
        raise OptionError(tr(lang, "cx.setup_too_many", option=option, players=players))
    return list(value) + [None] * (players - len(value))


def chosen_nobles(value: Any, shuffled: list[str], players: int, lang: str) -> list[list[str] | None]:
    """The noble gases chosen per player (``None``: dealt), each taken out of ``shuffled``."""
    out: list[list[str] | None] = []
    for gases in per_player(value, "nobles", players, lang):
        if gases is None:
            out.append(None)
            continue
        gases = [gases] if isinstance(gases, str) else gases
        if not isinstance(gases, (list, tuple)):
            raise OptionError(tr(lang, "cx.setup_no_noble", gas=repr(gases)[:20]))
        for gas in gases:
            if gas not in shuffled:
                raise OptionError(tr(lang, "cx.setup_no_noble", gas=repr(gas)[:20]))
            shuffled.remove(gas)
        out.append(list(gases))
    return out


def chosen_hands(value: Any, supply: Supply, players: int) -> list[list[str] | None]:
    out: list[list[str] | None] = []
    for p, hand in enumerate(per_player(value, "hands", players, supply.lang)):
        if hand is None:
            out.append(None)
            continue
        if not isinstance(hand, (list, tuple)):
            raise supply.fail("cx.setup_hand_shape", value=repr(hand)[:40])
        if len(hand) > HAND_LIMIT:
            raise supply.fail("cx.setup_hand_size", player=p + 1, n=len(hand), limit=HAND_LIMIT)
        out.append([supply.take(card, "hands") for card in hand])
    return out


__all__ = ["OPTIONS", "Supply", "chosen_hands", "chosen_nobles", "per_player"]
