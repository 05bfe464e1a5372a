"""A tip's charges are the engine's (s25i): hints use the rules, never the other way round.

The engine chooses the charges of unprinted cards by ``truth.charge_costs`` (s25c; docs/rules/chemiekarten.md, "The
charges the engine chooses"). A tip sets every charge it lays; those charges must be the ones the engine shows for the
same cards when the player fixes none, so a student who follows the tip and one who lays the same cards alone read the
same compound. Checked two ways: by laying the tip's cards without its charge steps (the engine's verdict), and by
brute force over every legal choice (the sheet's rules, not the engine's search) costed with ``charge_costs``.
"""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from helpers import game_with
from test_chemiekarten_engine_charges import legal_choices

from chemgames.games.chemiekarten import truth
from chemgames.games.chemiekarten.cards import PROTO, card_set
from chemgames.games.chemiekarten.compound import card_order, stage_charges


def _tip_build(hint) -> tuple[dict[str, int], tuple[str, ...], dict[str, int]]:
    """The tip's free cards (kind: count), its combinations (one formula per card group) and the charges it sets."""
    free: Counter[str] = Counter()
    combos: list[str] = []
    charges: dict[str, int] = {}
    for a in hint.actions:
        p = dict(a.params)
        if a.kind == "select":
            free[p["card"]] += 1
        elif a.kind == "combine":
            combos.append(p["formula"])
        elif a.kind == "charge":
            charges[p["element"]] = p["charge"]
    cards = card_set()
    for s in free:
        if s not in charges and len(cards[s].charges) == 1:
            charges[s] = cards[s].charges[0]
    return dict(free), tuple(combos), charges


def _engine_shows(game, hint) -> dict[str, int]:
    """The charges the engine shows for the tip's cards laid without its charge steps."""
    g = game.copy()
    for a in hint.actions:
        if a.kind in ("charge", "confirm"):
            continue
        g.apply(a, explain=False)
    return {s: row["charge"] for s, row in stage_charges(g.s_stage, g.kinds).items()}


def _cost(costs: dict[str, dict[int, tuple[int, Fraction, int]]], choice: dict[str, int]) -> tuple[int, Fraction, int]:
    """A choice's cost, summed over its elements as ``charges.ranked_choices`` sums it."""
    rows = [costs[s][q] for s, q in choice.items()]
    return (sum(r[0] for r in rows), sum((r[1] for r in rows), Fraction(0)), sum(r[2] for r in rows))


def _check(game, hint) -> None:
    free, combos, charges = _tip_build(hint)
    if not combos and sum(free.values()) == 1:
        return  # a stable element laid alone: no balance to choose
    assert _engine_shows(game, hint) == charges, (hint.formula, charges)
    units = tuple(sorted(free.items(), key=lambda x: card_order(x[0])))
    combo_units = tuple(sorted(Counter(combos).items()))
    costs = truth.charge_costs(truth.identity_of(units, combo_units), units, combo_units)
    legal = legal_choices(free, combos)
    assert charges in legal, (hint.formula, charges)
    assert _cost(costs, charges) == min(_cost(costs, c) for c in legal), (hint.formula, charges, legal)


def test_the_clcp_tip_sets_the_engine_s_charges():
    # ClC≡P: RDKit on the record gives C −2, P +3; the card charges nearest are C −4, P +5 (the engine's default,
    # s25c); the tip set C +4, P −3 from its own enumeration
    g = game_with(["C", "P", "Cl", "Fe", "Au", "Bi", "U"])
    tip = next(h for h in g.hints(10) if sorted(h.formula) == sorted("ClCP"))
    assert _tip_build(tip)[2] == {"C": -4, "P": 5, "Cl": -1}
    _check(g, tip)


@pytest.mark.parametrize("seed", range(4))
def test_every_tip_s_charges_are_the_engine_s_choice_and_the_cheapest(seed):
    cards = card_set()
    kinds = [s for s, k in cards.items() if k.charges and s != PROTO and not k.artificial]
    # the non-metals whose charges the tips and the engine could choose differently (C, N, P beside each other and
    # beside halogens or H), and a few cards of any kind beside them
    common = ["H", "B", "C", "N", "O", "Si", "P", "S", "Cl", "Br", "I"]
    others = [s for s in kinds if s not in common]
    rng = random.Random(seed)
    checked = 0
    for _ in range(12):
        hand = rng.sample(common, 5) + rng.sample(others, 2)
        g = game_with(hand, seed=seed)
        for h in g.hints(10):
            _check(g, h)
            checked += 1
    assert checked >= 60
