"""Helpers for the Räum-Ab! tests: positions chosen by card code, and pairs taken by code."""
from __future__ import annotations

from typing import Any

import chemgames
from chemgames import Action


def position(*columns: list[str], players: int = 2, fair_start: bool = False, rest: str = "aside",
             lang: str = "en", **options: Any):
    """A game whose columns end in ``columns`` (the lowest card last)."""
    return chemgames.new_game("raeumab", players=players, seed=1, lang=lang, fair_start=fair_start,
                              columns=[list(c) for c in columns], rest=rest, **options)


def free_id(game, code: str) -> int:
    ids = [i for i in game.free_cards() if game.cards[i].code == code]
    assert ids, f"{code} is not free"
    return ids[0]


def card_id(game, code: str) -> int:
    """The id of a card with ``code`` anywhere in the lay-out (free or not)."""
    for col in game.view(None)["columns"]:
        for i in col:
            if game.cards[i].code == code:
                return i
    raise AssertionError(code)


def pair_action(game, a: int, b: int) -> Action:
    return Action("raeumab", game.current_player, "pair", (("cards", (min(a, b), max(a, b))),))


def take(game, a: str, b: str):
    """Take the free cards with codes ``a`` and ``b`` (a second card of the same code is the other one)."""
    ia = free_id(game, a)
    ib = next(i for i in game.free_cards() if game.cards[i].code == b and i != ia)
    return game.apply(pair_action(game, ia, ib))


def check(game, a: str, b: str):
    ia = free_id(game, a)
    ib = next(i for i in game.free_cards() if game.cards[i].code == b and i != ia)
    return game.check(pair_action(game, ia, ib))
