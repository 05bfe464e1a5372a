"""A chosen start position for Das Chemie-Kartenspiel (options ``hands`` and ``table``, with
``dealer`` for who begins), so that a teacher can show the lesson's demonstrations as written.

``hands`` gives up to 7 card symbols per player; ``table`` gives compounds laid in earlier turns,
each ``[cards, owner]`` with ``cards`` a formula of single cards (``"FeCl2"``) or a list of card
symbols and ``owner`` the 0-based seat. Every chosen card comes out of the deck (the owner's pile
in the competitive game), so no card is created or lost; whatever is not chosen is dealt as usual
from the seed. A compound on the table must pass the rule check as if it were laid now (charges
balance, not divisible, no artificial element that needs paying); a bad choice raises
``OptionError`` saying what is wrong. The options are plain lists, so they go into save files
(signed, as every position option) and replay.

>>> import chemgames
>>> g = chemgames.new_game("chemiekarten", players=2, seed=1, lang="en", dealer=1,
...                        hands=[["U", "O", "O"]], table=[["FeCl2", 1], [["H", "H", "O"], 0]])
>>> [(c["unicode"], c["owner"], c["points"]) for c in g.view(None)["table"]], g.scores()
([('FeCl₂', 1, 6), ('H₂O', 0, 3)], [3, 6])
>>> sum(g.view(None)["pile"]) + sum(g.view(None)["hand_sizes"]) + 6  # no card created or lost
108
>>> chemgames.new_game("chemiekarten", players=2, seed=1, lang="en", table=[["HO", 0]])
Traceback (most recent call last):
...
chemgames.core.errors.OptionError: Option table: H + O (player 1) cannot lie on the table: The charges do not add up to zero.
"""
from __future__ import annotations

from typing import Any, Callable

from ...chemistry.formula import parse_formula
from ...core.errors import Error, OptionError
from ...core.i18n import tr
from .compound import Compound, Stage, judge


def table_cards(entry: Any, players: int, lang: str) -> tuple[list[str], int]:
    """The card symbols and the owner of one ``table`` entry ``[cards, owner]``."""
    if not isinstance(entry, (list, tuple)) or len(entry) != 2:
        raise OptionError(tr(lang, "ck.table_shape", value=repr(entry)[:40]))
    cards, owner = entry
    if not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < players:
        raise OptionError(tr(lang, "ck.table_owner", value=repr(owner)[:20], players=players))
    if isinstance(cards, str):
        try:
            counts = parse_formula(cards).counts
        except Error:
            raise OptionError(tr(lang, "ck.table_shape", value=repr(entry)[:40])) from None
        cards = [s for s, n in counts.items() for _ in range(n)]
    if not isinstance(cards, (list, tuple)) or not cards or not all(isinstance(s, str) for s in cards):
        raise OptionError(tr(lang, "ck.table_shape", value=repr(entry)[:40]))
    return list(cards), owner


def laid_compounds(table: Any, players: int, lang: str, kinds: list[str],
                   take: Callable[[str, int], int], next_cid: int) -> list[Compound]:
    """The compounds of option ``table``, their cards taken with ``take(symbol, owner)`` (which
    removes a card from the deck or raises ``OptionError``)."""
    if table is None:
        return []
    out: list[Any] = []
    for entry in table:
        symbols, owner = table_cards(entry, players, lang)
        ids = [take(s, owner) for s in symbols]
        v = judge(Stage(free=ids), kinds)
        if not v.ok:
            raise OptionError(tr(lang, "ck.table_refused", cards=" + ".join(symbols), player=owner + 1,
                                 reason=v.headline.render(lang)))
        out.append(Compound(next_cid + len(out), owner, ids, dict(v.charges), [], None, [], v.points, v.formula,
                            v.radioactive, v.label, v.identity))
    return out


__all__ = ["laid_compounds", "table_cards"]
