"""Das Chemie-Kartenspiel: the hint search is bounded in huge hands, and the bots teach real
substances (issues 25 and 31).

- ``hints.BUDGET``: a hand of normal size gets exactly the hints it gets without a budget (actions
  included); a hand grown to 42 cards weighs at most ``BUDGET`` builds (no level of up to two
  combinations more than a quarter), and its first hint is still the best real substance, the one
  the search without a budget finds (a walk led by the reference adds the real builds the budget
  cut off; without it, the first hint of these hands is a lesser substance);
- the search bot's ``real_margin`` (``chemgames.bots.prefer``): a position where the preference
  makes the bot lay CO₂ instead of the invention BiOAuC, the margin's edge, and the explanation that
  says why it chose either.

The best real substance of a hand is checked against the search without a budget (every build
weighed, the list the game gave before the budget), not against a hand-written answer.
"""
from __future__ import annotations

import random

import pytest

import chemgames
from chemgames.bots.explain import explain_choice
from chemgames.bots.search import SearchBot, tuning
from chemgames.bots import GreedyBot, RandomBot
from chemgames.games.chemiekarten import hints as hints_module

HAND = ["Bi", "Au", "C", "O", "Fe", "O"]


def grown(seed: int, extra: int, **options):
    """A game whose player to move holds ``extra`` more cards taken from her own pile."""
    g = chemgames.new_game("chemiekarten", players=2, seed=seed, **options)
    p = g.current_player
    pile = g._pile(p)
    rng = random.Random(seed)
    for _ in range(extra):
        g.s_hands[p].append(pile.pop(rng.randrange(len(pile))))
    g._hands_counted.clear()
    g._kept = None
    return g


def listed(hints):
    return [(h.formula, h.points, h.label, h.actions) for h in hints]


def unbounded(g, limit, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(hints_module, "BUDGET", 0)
        return g.hints(limit)


# ------------------------------------------------------------------------------ the budget
def test_hands_of_normal_size_get_the_same_hints_as_without_a_budget(monkeypatch):
    checked = 0
    for seed in range(2):
        g = chemgames.new_game("chemiekarten", players=3, seed=seed)
        bots = [GreedyBot(seed), RandomBot(seed + 1), GreedyBot(seed + 2)]
        while not g.is_over:
            if g.s_phase == "build" and g.s_stage.empty:
                bounded = g.hints(10)
                assert sum(hints_module.LAST_WEIGHED) < hints_module.BUDGET  # the budget never cut it
                assert listed(bounded) == listed(unbounded(g, 10, monkeypatch))
                checked += 1
            g.apply(bots[g.current_player].choose(g))
    assert checked > 15


@pytest.mark.parametrize("seed,extra", [(0, 35), (1, 35), (2, 35)])
def test_a_huge_hand_weighs_at_most_the_budget_and_still_offers_the_best_real_substance(seed, extra, monkeypatch):
    g = grown(seed, extra)
    assert len(g.s_hands[g.current_player]) >= 42
    bounded = g.hints(6)
    weighed = list(hints_module.LAST_WEIGHED)
    budget = hints_module.BUDGET
    assert sum(weighed) <= budget and all(n <= budget // 4 for n in weighed[:3])
    full = unbounded(g, 6, monkeypatch)
    assert sum(hints_module.LAST_WEIGHED) > budget  # a hand the budget really cuts
    assert full[0].label == "known" and bounded[0].label == "known"
    assert (bounded[0].formula, bounded[0].points) == (full[0].formula, full[0].points)
    for h in bounded:  # every hint offered can be laid as it says
        world = g.copy()
        for a in h.actions:
            assert world.is_legal(a), (h.formula, a)
            world.apply(a)
        assert world.s_table[-1].points == h.points


def test_without_the_walk_led_by_the_reference_the_budget_would_lose_the_best_real_substance(monkeypatch):
    # the guard of the test above: cutting the walk that adds the real builds loses PtH2Cl6 here
    g = grown(0, 35)
    best = g.hints(1)[0]
    monkeypatch.setattr(hints_module, "_holding", lambda elements, atoms: [])
    without = g.hints(1)[0]
    assert (without.formula, without.points) != (best.formula, best.points)


def test_real_only_in_a_huge_hand_lists_real_substances_only_the_best_first(monkeypatch):
    g = grown(1, 35, real_only=True)
    bounded = g.hints(5)
    assert sum(hints_module.LAST_WEIGHED) <= hints_module.BUDGET
    assert bounded and all(h.label == "known" for h in bounded)
    full = unbounded(g, 5, monkeypatch)
    assert (bounded[0].formula, bounded[0].points) == (full[0].formula, full[0].points)


# ------------------------------------------------------------------------------ the search bot prefers real substances
def decide(margin: float):
    g = chemgames.new_game("chemiekarten", players=2, seed=5, dealer=1, hands=[HAND], lang="de")
    bot = SearchBot(seed=1, level="easy", budget=60, iterations=12, tuning={"effort": 1.0, "real_margin": margin})
    bot.decide(g)
    return bot.last


def test_the_preference_makes_the_bot_lay_a_real_substance_instead_of_an_invention():
    plain = decide(0.0)
    made = plain.hints[plain.best]
    assert made.game_only and plain.passed_over is None  # by its numbers alone: an invention
    real = max((i for i, h in enumerate(plain.hints) if h is not None and h.label == "known"),
               key=lambda i: plain.means[i])
    gap = plain.means[plain.best] - plain.means[real]
    assert 0 < gap
    prefers = decide(gap + 0.01)
    assert prefers.best == real and prefers.hints[real].label == "known" and prefers.passed_over == plain.best
    assert prefers.means == plain.means  # the same sampled games: only the choice differs
    text = explain_choice(prefers).in_lang("de").lines[0]
    assert text.startswith(f"{prefers.hints[real].unicode} ist ein echter Stoff.")
    assert made.unicode in text and "höchstens" in text
    assert "Bewertung von −1" not in " ".join(explain_choice(prefers).in_lang("de").lines)
    # just below the gap the invention stays, and the explanation says what the real one would bring
    keeps = decide(gap - 0.01)
    assert keeps.best == plain.best and keeps.passed_over is None
    lines = explain_choice(keeps).in_lang("en").lines
    assert lines[0].startswith(f"{made.unicode} is not in our reference")
    assert lines[1].startswith(f"The best real substance among my candidates, {plain.hints[real].unicode}")


def test_the_game_sets_a_margin_and_the_other_players_do_not_learn_the_hidden_invention():
    assert tuning("chemiekarten").real_margin > 0
    assert tuning("chemix").real_margin == 0  # other games: unchanged
    plain = decide(0.0)
    prefers = decide(100.0)
    hidden = explain_choice(prefers, reveal=False).in_lang("de").lines[0]
    assert plain.hints[plain.best].unicode not in hidden and "verdeckten Karten" in hidden
