"""The search bot's thinking time in Das Chemie-Kartenspiel is what its budget says (issue 31).

A hand that has grown to 40–60 cards (a player who skipped again and again: OpenSpiel's random
rollouts lead there) takes the hint search tenths of a second. Before, that search ran before the
bot's clock could stop it, and the first batch of sampled lines could run to three times the
budget: 0.17 s on average and up to 0.54 s a decision at 0.1 s. Now the candidates are listed within
half the budget (``strategy.hints_until``), the lines within the rest (``Tuning.strict``).

The times are **processor** seconds of this process (``time.process_time``), which the load of other
processes on a shared machine hardly changes; the bound is the budget plus 0.1 s, generous on
purpose: the clock is read between steps (every 16 builds, between the turns of a line), and the
step under way when it runs out (naming the hints found, one turn of a line) must finish. Without
the limit the same decisions take the hint search's full time, several times the budget (the
second test shows that the hint search alone would not fit).
"""
from __future__ import annotations

import time

import chemgames
from chemgames.bots.search import SearchBot
from chemgames.games.chemiekarten import hints as hints_module
from chemgames.games.chemiekarten.strategy import SEARCH, hints_until

BUDGET = 0.1
MARGIN = 0.1


def _heavy(seed: int, skips: int = 20):
    """Both players skip ``skips`` turns in all: each hand grows to 47 cards."""
    g = chemgames.new_game("chemiekarten", players=2, seed=seed, lang="en")
    for _ in range(skips):
        g.apply(next(a for a in g.legal_actions() if a.kind == "skip"), explain=False)
    assert min(len(h) for h in g.s_hands) >= 40
    return g


def test_a_decision_in_a_huge_hand_keeps_its_budget():
    assert SEARCH["strict"]
    for seed in (3, 4, 5):
        g = _heavy(seed)
        bot = SearchBot(seed=1, level="medium", budget=BUDGET)
        start = time.process_time()
        action = bot.choose(g)
        spent = time.process_time() - start
        assert g.is_legal(action)
        assert spent <= BUDGET + MARGIN, f"seed {seed}: {spent:.3f} s for a budget of {BUDGET} s"
        assert bot.last.budget_s <= spent
        assert bot.last.labels, "no candidate listed"


def test_the_hint_search_stops_at_its_moment_with_the_small_builds_found():
    """The hint search of a huge hand weighs builds until ``until`` and ranks those: fewer than the
    full search, which weighs its whole budget of builds (and then walks for real substances)."""
    g = _heavy(3)
    full = hints_module.find_hints(g, 5)
    weighed_full = sum(hints_module.LAST_WEIGHED)
    start = time.process_time()
    cut = hints_until(g, 5, start + 0.002)
    spent = time.process_time() - start
    weighed_cut = sum(hints_module.LAST_WEIGHED)
    assert cut and len(full) == 5
    assert weighed_cut < weighed_full == hints_module.BUDGET
    assert spent <= 0.002 + MARGIN
    # every hint found in time is a move the engine accepts
    for hint in cut:
        copy = g.copy()
        for a in hint.actions:
            copy.apply(a, explain=False)
        assert copy.current_player != g.current_player or copy.view(None)["phase"] == "attack"


def test_a_usual_position_is_searched_as_before():
    """In a hand of usual size the limit changes nothing: the same candidates as ``hints()``, and the
    bot samples worlds."""
    g = chemgames.new_game("chemiekarten", players=2, seed=7, lang="en")
    assert [h.formula for h in hints_until(g, 5, time.process_time() + 60)] == [h.formula for h in g.hints(5)]
    bot = SearchBot(seed=1, level="medium", budget=0.3)
    bot.choose(g)
    assert bot.last.samples > 0
