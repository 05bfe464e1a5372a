"""The final account of every game: lines that add up to the score, in the view when the game ends."""
from __future__ import annotations

import pytest

import chemgames
from chemgames.core.score import ScoreAccount
from conformance import random_game

GAMES = [info.id for info in chemgames.games()]


def play_out(game_id: str, seed: int, lang: str = "de"):
    """A two-player game (the harness's sample) played at random to its end or 4000 actions."""
    return random_game(game_id, seed, 4000, lang)


@pytest.mark.parametrize("game_id", GAMES)
def test_lines_add_up_to_the_scores_during_and_after_a_game(game_id):
    g = play_out(game_id, seed=3)
    accounts = g.score_breakdown()
    assert [a.player for a in accounts] == list(range(g.players))
    assert [a.total for a in accounts] == g.scores()
    assert all(isinstance(a, ScoreAccount) and a.lines for a in accounts)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_view_carries_the_account_only_once_the_game_is_over(game_id):
    g = chemgames.new_game(game_id, players=2, seed=5)
    assert "breakdown" not in g.view(0)
    g = play_out(game_id, seed=5, lang="en")
    if not g.is_over:
        pytest.skip("random play did not finish this game within the move limit")
    rows = g.view(None)["breakdown"]
    assert [r["total"] for r in rows] == g.scores()
    for r in rows:
        assert r["sum"].endswith(str(r["total"]).replace("-", "−"))
        assert all(isinstance(line["label"], str) and line["label"] for line in r["lines"])
