"""Shared helpers for the scenario tests: a game with chosen hands, and actions by name."""
from __future__ import annotations

from typing import Any

import chemgames
from chemgames import Action


def game_with(*hands: list[str], players: int | None = None, lang: str = "en", seed: int = 1, **options: Any):
    """A family game in which player 0 starts holding ``hands[0]`` (filled up to seven cards)."""
    n = players or max(2, len(hands))
    return chemgames.new_game("chemiekarten", players=n, seed=seed, lang=lang, dealer=n - 1,
                              hands=[list(h) for h in hands], **options)


def act(game, kind: str, **params: Any) -> Action:
    return Action(game.id, game.current_player, kind, tuple(params.items()))


def do(game, kind: str, **params: Any):
    return game.apply(act(game, kind, **params))


def lay(game, *cards: str, charges: dict[str, int] | None = None):
    """Select ``cards`` (symbols), set charges, confirm."""
    for c in cards:
        do(game, "select", card=c)
    for element, q in (charges or {}).items():
        do(game, "charge", element=element, charge=q)
    return do(game, "confirm")
