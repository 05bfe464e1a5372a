"""The search bot (issue 16, a first step): it plays legal moves through the public API, a widget
seat can be "search", and it never peeks: its choice depends only on what its player may see."""
from __future__ import annotations

import random

import pytest

import chemgames
from chemgames.bots import GreedyBot, make_bot, play_turn
from chemgames.bots.search import SearchBot

GAMES = ["chemix", "chemuno", "chromino", "metallurgie", "raeumab"]


@pytest.mark.parametrize("game", GAMES)
def test_the_same_view_gives_the_same_move(game):
    # two games that look the same to the bot's player but hide other cards (and piles in another
    # order): with the same seed and a sample count instead of a clock, the bot makes the same move
    g = chemgames.new_game(game, players=2, seed=4, lang="en")
    for _ in range(2):
        if not g.is_over:
            play_turn(g, GreedyBot(1))
    if g.is_over:
        pytest.skip("the game ended early")
    me = g.current_player
    other = g.redeal_hidden(me, random.Random(12))
    assert other.view(me) == g.view(me)
    picks = []
    for world in (g, other):
        bot = SearchBot(seed=5, budget=60.0, max_samples=6)
        move = [a.to_json() for a in bot.decide(world)]
        assert bot.last.samples > 0 or len(bot.last.labels) <= 1
        picks.append((move, bot.last.means, bot.last.counts))  # what it chose and every estimate
    assert picks[0] == picks[1]


def test_search_plays_a_whole_game_and_sits_in_a_widget():
    g = chemgames.new_game("chemix", players=2, seed=2, lang="de")
    bots = [SearchBot(seed=1, budget=0.05), GreedyBot(2)]
    steps = 0
    while not g.is_over and steps < 2000:
        action = bots[g.current_player].choose(g)
        assert g.is_legal(action)
        g.apply(action)
        steps += 1
    assert g.is_over
    assert isinstance(make_bot("search", 3), SearchBot)
    from chemgames.widgets import ChemiXWidget

    w = ChemiXWidget(chemgames.new_game("chemix", players=2, seed=2, lang="de"), seats=["human", "search"], autosave=False)
    assert w.seats == ["human", "search"] and w.ui["bot_search"] == "Such-Bot"
