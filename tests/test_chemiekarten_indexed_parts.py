"""Das Chemie-Kartenspiel: the move list through the free-card parts looked up by integer keys
(``hints.INDEXED``, issue 31: OpenSpiel lists every build of every new hand) is the list of the plain
walk over ``itertools.combinations`` (``INDEXED = False``, the definition): the same builds, keys,
points, cards and staging order, in the same order, over random hands of every size (the budget's
cut and the walk led by the reference included) and over the positions of random games, where the
hints the student reads are compared too.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

import chemgames
from chemgames.games.chemiekarten import hints
from chemgames.games.chemiekarten.cards import family_deck


def _fresh() -> None:
    """Forget every cached part and list, so that each switch setting computes its own."""
    hints._free_parts_of.cache_clear()
    hints._builds_of.cache_clear()
    hints._group_parts.cache_clear()
    hints._PARTS_BY_KEY.clear()


def _both(monkeypatch, compute):
    """``compute()`` with the indexed parts and with the plain walk."""
    out = []
    for indexed in (True, False):
        monkeypatch.setattr(hints, "INDEXED", indexed)
        _fresh()
        out.append(compute())
    _fresh()
    return out


def _shape(builds):
    return [(b.key, b.points, b.cards, b.combos) for b in builds]


def test_random_hands_list_the_same_builds(monkeypatch):
    deck = [s for s, n in family_deck().items() for _ in range(n)]
    rng = random.Random(31)
    hands = []
    for i in range(160):
        size = rng.randint(30, 40) if i % 80 == 0 else rng.randint(1, 24)  # two hands past the budget
        hands.append(tuple(sorted(Counter(rng.sample(deck, size)).items())))
    fast, slow = _both(monkeypatch, lambda: [_shape(hints._builds_of(h, hints.BUDGET)) for h in hands])
    assert sum(map(len, slow)) > 3000  # the hands lay something: the lists are not trivially equal
    for hand, a, b in zip(hands, fast, slow):
        assert a == b, hand


def test_positions_of_random_games_give_the_same_moves_and_hints(monkeypatch):
    games = []
    rng = random.Random(7)
    for seed in range(4):
        g = chemgames.new_game("chemiekarten", players=2, seed=seed, lang="en")
        while not g.is_over and len(g.log) < 400:
            if g.s_phase == "build" and g.s_stage.empty and rng.random() < 0.25:
                games.append(g.copy())
            g.apply(rng.choice(g.legal_actions()), explain=False)
    assert len(games) > 30

    def lists():
        return [(_shape(hints.find_builds(g)), [(h.formula, h.points, h.label, h.actions) for h in g.hints(5)])
                for g in games]

    fast, slow = _both(monkeypatch, lists)
    assert fast == slow


@pytest.mark.parametrize("extra", [0, 2, -3])
def test_the_indexed_parts_are_the_parts_of_the_plain_walk(extra, monkeypatch):
    have = (("Al", 2), ("C", 1), ("Cl", 3), ("Fe", 2), ("Na", 1), ("O", 4), ("S", 1))
    listed = 0
    for kinds in (1, 2, 3):
        indexed = hints._free_parts_indexed(have, extra, kinds)
        monkeypatch.setattr(hints, "INDEXED", False)
        plain = hints._free_parts_of.__wrapped__(have, extra, kinds)  # the walk itself, not its cache
        monkeypatch.setattr(hints, "INDEXED", True)
        assert indexed == plain
        listed += len(plain)
    assert listed > 20  # groups of two and three kinds close the balance in many ways
