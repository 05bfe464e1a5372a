"""ChemiX Classic: the search bot weighs a position by the score the rule sheet gives it, the one a
student reads (s23d).

Session 22 made the scores a student reads in the middle of a turn count each card on the free area
−1 (``shown_scores``; the sheet: every card that ends the turn unused goes to the hand or lies dead,
and each costs a point), while ``scores()`` counts them not at all until the turn ends. The search
bot's ``_evaluate`` read ``scores()``: a sampled line that stopped with cards on the free area was
worth two points more to the bot for two cards laid out of the hand. The expected leads here are the
sheet's account worked out from the view (``sheet_account`` of ``test_chemix_score_now``), not the
engine's scores.
"""
from __future__ import annotations

import math

import chemgames
from chemgames.core.game import Game
from chemgames.bots.search import SearchBot, tuning

from test_chemix_score_now import act, sheet_account


def _sheet_leads(g: Game) -> list[int]:
    v = g.view(None)
    free = len(v["free"])
    own = [sheet_account(v, p, extra_hand=free if p == g.current_player else 0) for p in range(g.players)]
    return [own[p] - max(s for q, s in enumerate(own) if q != p) for p in range(g.players)]


def test_cards_on_the_free_area_count_as_the_sheet_counts_them_in_the_bots_evaluation() -> None:
    g = chemgames.new_game("chemix", players=2, seed=0, lang="de")  # player 1: C, Ca, O in the hand
    tune = tuning("chemix")
    act(g, "play", card="C.1")
    act(g, "play", card="Ca.1")
    values, leads = SearchBot._evaluate(g, tune)
    sheet = _sheet_leads(g)
    # with scores() the mover was two points better off for the two cards laid out of the hand
    assert leads == [float(x) for x in sheet], (leads, sheet, g.scores())
    assert values == [math.tanh(x / tune.scale) for x in sheet]
    # a multiplier taken from its stack costs the mover a point until it is used
    act(g, "take", multiplier="3")
    assert SearchBot._evaluate(g, tune)[1] == [float(x) for x in _sheet_leads(g)]


def test_at_the_end_of_a_turn_the_evaluation_is_the_same_account() -> None:
    g = chemgames.new_game("chemix", players=2, seed=0, lang="de")
    act(g, "play", card="C.1")
    act(g, "confirm", refill=False)  # the card goes back to the hand: nothing is left uncounted
    assert not g.view(None)["free"]
    assert SearchBot._evaluate(g, tuning("chemix"))[1] == [float(x) for x in _sheet_leads(g)]
