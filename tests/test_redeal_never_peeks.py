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


@pytest.mark.parametrize("game", GAMES)
def test_worlds_alike_for_the_player_stay_alike_along_the_players_moves(game):
    """Two sampled worlds with the same state (above) stay the same along the player's own moves of
    the turn: nothing outside the declared state (a snapshot of the real cards) steers them."""
    for seed in (8, 9, 10):
        g = chemgames.new_game(game, players=3, seed=seed, lang="en")
        bot = RandomBot(seed)
        for _ in range(4):
            if g.is_over:
                break
            play_turn(g, bot)
        if g.is_over:
            continue
        me = g.current_player
        other = g.redeal_hidden(me, random.Random(99))
        a, b = g.redeal_hidden(me, random.Random(7)), other.redeal_hidden(me, random.Random(7))
        rng = random.Random(seed)
        while not a.is_over and a.current_player == me:
            action = rng.choice(a.legal_actions())
            a.apply(action)
            b.apply(action)
            assert a._state() == b._state() and a.view(me) == b.view(me)


def test_a_chemix_world_passing_a_half_built_turn_keeps_its_own_hidden_cards():
    """``pass`` after cards were laid returns to the start of the turn: in a world dealt anew for the
    player, to that world's hands and pile, never to the real ones."""
    g = chemgames.new_game("chemix", players=3, seed=3, lang="en")
    me = g.current_player
    start_hand = list(g.s_hands[me])
    g.apply(next(a for a in g.legal_actions() if a.kind == "play"))
    world = g.redeal_hidden(me, random.Random(5))
    hidden = [list(world.s_hands[p]) for p in range(3) if p != me] + [list(world.s_draw)]
    assert hidden != [g.s_hands[p] for p in range(3) if p != me] + [g.s_draw]
    world.apply(next(a for a in world.legal_actions() if a.kind == "pass" and not dict(a.params).get("refill")))
    assert world.s_turn == g.s_turn + 1 and world.s_steps == 0
    assert [world.s_hands[p] for p in range(3) if p != me] + [world.s_draw] == hidden
    assert world.s_hands[me] == start_hand
