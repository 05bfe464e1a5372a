"""Game.copy (OpenSpiel's clone in chemgames.spiel): a copy played to the end leaves the original
as it was, and both go on exactly like the original would (same cards, same future draws, undo)."""
from __future__ import annotations

import random

import pytest

import chemgames

GAMES = [info.id for info in chemgames.games()]


def _random_moves(game, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("game_id", GAMES)
def test_copy_is_independent_and_replays_like_the_original(game_id):
    g = chemgames.new_game(game_id, players=2, seed=21, lang="en")
    _random_moves(g, random.Random(1), 7)
    save, views = g.to_json(), [g.view(p) for p in range(2)]
    twin = g.copy()
    assert [twin.view(p) for p in range(2)] == views and twin.can_undo() == g.can_undo()
    _random_moves(twin, random.Random(2), 10_000)  # to the end: draws, scoring, the last turn
    assert twin.is_over
    assert g.to_json() == save and [g.view(p) for p in range(2)] == views, "the copy changed the original"
    # the same moves on the original and on a fresh copy give the same game (the future draws too)
    again = g.copy()
    _random_moves(g, random.Random(3), 60)
    _random_moves(again, random.Random(3), 60)
    assert again.to_json() == g.to_json() and again.view(None) == g.view(None)


def test_undo_on_a_copy_leaves_the_original():
    g = chemgames.new_game("chemiekarten", players=2, seed=4, lang="en")
    select = next(a for a in g.legal_actions() if a.kind == "select")
    g.apply(select)
    twin = g.copy()
    assert twin.undo() == select and not twin.log
    assert g.log[-1].action == select and g.can_undo()
