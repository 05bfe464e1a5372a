"""A chosen position for Chemuno, so that a teacher can show a rule in class without playing up to it.

The options (all plain lists and numbers, written into save files, which replay them):

- ``hands``: the exact hands of the first players, by card id (``"H2O"``, ``"H.1"``, ``"x2.1"``, ``"Ne"``);
  the other players are dealt seven cards as usual.
- ``draw_top``: the first cards of the draw pile, the first drawn first.
- ``pile``: cards already laid, bottom first, the top card last; the first player must lay a card
  that fits on it. A noble gas cannot be the top card (its wish would be unknown) and a multiplier
  on top counts as answered (its cards were already drawn).
- ``draw_left``: how many cards the draw pile still holds (needs ``pile``): every other card that is
  not chosen lies face up under the chosen pile, as in a game played that far. With
  ``draw_left=0`` a player who cannot lay passes at once, and the ending shows in a few moves.
- ``starter``: who begins (the sheet: who lost the last game).

Every card of the box is somewhere, exactly once; what is not chosen is dealt from the seed. A
card chosen twice, or one that is not in the box, raises ``OptionError`` saying which.

>>> import chemgames
>>> from chemgames import Action
>>> g = chemgames.new_game("chemuno", players=2, seed=1, lang="en", starter=0,
...                        hands=[["NaCl", "CO"], ["H2O", "Fe.1", "N2"]], pile=["CH4", "HCl"], draw_left=1)
>>> g.top, g.view()["draw_size"], g.view()["pile_size"], [a.kind for a in g.legal_actions()]
('HCl', 1, 66, ['play', 'call'])
>>> print(g.apply(Action("chemuno", 0, "call", ())).title, g.apply(Action("chemuno", 0, "play", (("card", "NaCl"),))).title)
"Cheeeee…" — one card will be left after this one. Lays NaCl.
>>> chemgames.new_game("chemuno", players=2, seed=1, lang="en", pile=["HCl", "Ne"])
Traceback (most recent call last):
...
chemgames.core.errors.OptionError: pile: a noble gas (Ne) cannot lie on top of a chosen pile: its wish would be unknown. Lay it in the demonstration instead.
"""
from __future__ import annotations

from typing import Any

from ...core.errors import OptionError
from ...core.game import Option
from ...core.i18n import tr
from ..chemix.cards import card_set

OPTIONS = {
    "starter": Option(None, kind=int),   # who lost the last game begins (None: drawn by lot)
    "hands": Option(None, kind=(list, tuple)),  # chosen hands (card ids) for lessons and tests
    "draw_top": Option(None, kind=(list, tuple)),  # chosen cards on top of the draw pile, top first
    "pile": Option(None, kind=(list, tuple)),  # cards already laid, bottom first, the top card last
    "draw_left": Option(None, kind=int),  # cards left in the draw pile (the others lie under the pile)
}
POSITION_OPTIONS = ("hands", "draw_top", "pile", "draw_left")


def check_pile(pile: list[str], lang: str) -> None:
    """A chosen pile may not end in a noble gas (its wish is not chosen)."""
    if pile and card_set().kind(pile[-1]) == "noble":
        raise OptionError(tr(lang, "cu.pile_noble", card=pile[-1]))


def leave_in_draw(draw: list[str], pile: list[str], left: Any, lang: str) -> tuple[list[str], list[str]]:
    """Keep the top ``left`` cards of ``draw`` (its end) and put the rest under ``pile``.

    >>> leave_in_draw(["a", "b", "c"], ["top"], 1, "en")
    (['c'], ['a', 'b', 'top'])
    """
    if not pile:
        raise OptionError(tr(lang, "cu.draw_left_pile"))
    if isinstance(left, bool) or not 0 <= left <= len(draw):
        raise OptionError(tr(lang, "cu.draw_left_range", value=str(left)[:20], n=len(draw)))
    cut = len(draw) - left
    return draw[cut:], draw[:cut] + pile
