"""Chromino's end game solved exactly once the bag is empty (``chemgames/games/chromino/endgame.py``,
issue 31 session 14): the values checked against a brute force over the rule engine itself (every
legal action of both players applied through ``Game.apply``, the winners read from ``winners()``),
not against the solver's own model of the turn flow. Strength is measured in ``bench/``, never here."""
from __future__ import annotations

import time

import pytest

import chemgames
from chemgames.bots import GreedyBot
from chemgames.bots.search import SearchBot
from chemgames.games.chromino import endgame, strategy


def _brute(game, me: int) -> int:
    """+1 / 0 / −1 for ``me`` under best play of both, by trying every legal action of the engine."""
    if game.is_over:
        winners = game.winners()
        return -1 if me not in winners else (1 if len(winners) == 1 else 0)
    values = []
    for a in game.legal_actions():
        c = game.copy()
        c.apply(a, explain=False)
        values.append(_brute(c, me))
    return max(values) if game.current_player == me else min(values)


def _greedy_until(seed: int, steps: int | None = None, empty_bag_choice: bool = False):
    """A 2-player game of greedy play from ``seed``: after ``steps`` actions, or at the first turn
    with the bag empty and a choice between placements."""
    g = chemgames.new_game("chromino", players=2, seed=seed, lang="en")
    bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
    done = 0
    while not g.is_over:
        if steps is not None and done == steps:
            return g
        if empty_bag_choice and not g.s_bag and len(g.legal_actions()) > 1:
            return g
        g.apply(bots[g.current_player].choose(g))
        done += 1
    return None


def _key(a) -> tuple[int, int, int, int] | None:
    return (a.get("tile"), a.get("x"), a.get("y"), a.get("rot")) if a.kind == "place" else None


def test_the_solver_finds_the_win_that_the_greedy_placement_gives_away():
    # deal 20526 after 127 greedy actions: bag empty, hands of 2 and 3; the greedy placement (the
    # first hint) only shares the win, another one wins whatever the other player does
    g = _greedy_until(20526, steps=127)
    assert g is not None and not g.s_bag and [len(h) for h in g.s_hands] == [2, 3]
    me = g.current_player
    solved = endgame.solve(g, me, float("inf"), stop_at_win=False)
    assert solved is not None and solved[0][1] == 1
    greedy = _key(g.hints(1)[0].actions[0])
    assert dict(solved)[greedy] == 0
    won = g.copy()
    won.apply(next(a for a in won.legal_actions() if _key(a) == solved[0][0]), explain=False)
    assert _brute(won, me) == 1
    shared = g.copy()
    shared.apply(g.hints(1)[0].actions[0], explain=False)
    assert _brute(shared, me) == 0
    # the search bot at level medium plays the winning placement (solved, not sampled)
    bot = SearchBot(seed=1, level="medium")
    assert _key(bot.choose(g)) == solved[0][0]
    assert bot.last.values[0] == 1.0


@pytest.mark.parametrize("seed", [20043, 20079, 20157, 20164, 20191, 20382, 20472, 20526])
def test_every_moves_value_agrees_with_a_brute_force_over_the_engine(seed):
    g = _greedy_until(seed, empty_bag_choice=True)
    assert g is not None
    me = g.current_player
    solved = endgame.solve(g, me, float("inf"), stop_at_win=False)
    assert solved is not None
    want = {}
    for a in g.legal_actions():
        c = g.copy()
        c.apply(a, explain=False)
        want[_key(a)] = _brute(c, me)
    assert dict(solved) == want
    assert [v for _, v in solved] == sorted(want.values(), reverse=True)
    assert _brute(g, me) == solved[0][1]


def test_the_other_hand_is_read_from_the_tiles_not_seen_only_once_the_bag_is_empty():
    g = _greedy_until(20382, empty_bag_choice=True)
    assert g is not None
    me = g.current_player
    assert sorted(endgame.other_hand(g, me)) == sorted(g.s_hands[1 - me])
    earlier = _greedy_until(20382, steps=10)
    assert earlier.s_bag and endgame.other_hand(earlier, earlier.current_player) is None
    assert strategy.exact(earlier, earlier.current_player, float("inf")) is None
    # another player's hand changed (a world the viewer cannot tell apart): the same answer, since
    # the solver reads only the lay-out, the own hand and the tiles not seen
    twin = g.copy()
    twin.s_hands[1 - me][:] = list(reversed(twin.s_hands[1 - me]))
    assert endgame.solve(twin, me, float("inf"), False) == endgame.solve(g, me, float("inf"), False)


def test_out_of_time_gives_no_answer_and_the_search_decides_as_before():
    g = _greedy_until(20382, empty_bag_choice=True)
    assert endgame.solve(g, g.current_player, time.process_time() - 1.0) is None
    assert endgame.solve(g, g.current_player, float("inf")) is not None
    bot = SearchBot(seed=1, level="medium", tuning={"exact": 0.0})
    assert g.is_legal(bot.choose(g))
    assert bot.last.counts and sum(bot.last.counts) > 0  # sampled lines, not the solver


def test_the_explanation_says_the_end_was_worked_out_and_names_the_tile():
    from chemgames.bots.explain import explain_choice

    g = _greedy_until(20526, steps=127)
    bot = SearchBot(seed=1, level="medium")
    action = bot.choose(g)
    c = bot.last
    assert c.exact == 1 and c.hints[c.best] is not None and tuple(c.hints[c.best].actions) == (action,)
    formula = c.hints[c.best].formula
    en = explain_choice(c, game="chromino").in_lang("en").title
    de = explain_choice(c, game="chromino").in_lang("de").title
    assert "worked the game out to its end" in en and "win whatever" in en and "sample game" not in en, en
    assert "durchgerechnet" in de and "Probespiel" not in de, de
    assert formula.split(" ")[0] in en or str(c.labels[c.best]) in en, (formula, en)
