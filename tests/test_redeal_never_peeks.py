"""A world sampled for a player (``Game.redeal_hidden``) depends only on what that player may know:
two games that look the same to player 1 but hide different cards give the same sample with the
same random numbers (the ground a search bot that never peeks stands on)."""
from __future__ import annotations

import pickle
import random

import pytest

import chemgames
from chemgames.bots import RandomBot, play_turn

GAMES = ["chemiekarten", "chemix", "chemuno", "chromino", "metallurgie"]


@pytest.mark.parametrize("game", GAMES)
def test_a_sample_depends_only_on_what_the_player_sees(game):
    g = chemgames.new_game(game, players=3, seed=8, lang="en")
    bot = RandomBot(3)
    for _ in range(4):
        if g.is_over:
            break
        play_turn(g, bot)
    other = g.redeal_hidden(0, random.Random(99))  # the same for player 1, other hidden cards
    assert other.view(0) == g.view(0)
    hidden_differs = any(other.view(p).get("hand") != g.view(p).get("hand") for p in (1, 2))
    assert hidden_differs, "the copy should hide other cards"
    a, b = g.redeal_hidden(0, random.Random(7)), other.redeal_hidden(0, random.Random(7))
    assert pickle.dumps(a._state()) == pickle.dumps(b._state())
    assert a.legal_actions() == b.legal_actions() if a.current_player == 0 else True
