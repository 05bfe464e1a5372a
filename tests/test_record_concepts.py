"""Every rule key of every engine has a concept (keys read from the engines' source, and the
rules met in random play checked against them), every worksheet task names one, and every name is
given in German and English."""
from __future__ import annotations

import random

import pytest

import chemgames
from chemgames.core.i18n import keys as catalog_keys
from chemgames.record.concepts import FLOW, GAMES, concepts
from chemgames.record.rulekeys import core_rule_keys, engine_rule_keys
from chemgames.worksheets import Worksheet


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_key_has_a_concept(game: str) -> None:
    c = concepts(game)
    keys = engine_rule_keys(game) | core_rule_keys()
    assert len(engine_rule_keys(game)) >= 15  # the scan found the engine's keys, not a handful
    missing = sorted(k for k in keys if c.of_rule(k) is None)
    assert not missing, f"{game}: rule keys without a concept in data/concepts.json: {missing}"
    unknown = sorted(set(c.rules.values()) - set(c.names))
    assert not unknown, f"{game}: concepts used but not named: {unknown}"
    stale = sorted(set(c.rules) - engine_rule_keys(game))
    assert not stale, f"{game}: tagged keys the engine never gives: {stale}"


@pytest.mark.parametrize("game", GAMES)
def test_tagged_steps_and_tasks(game: str) -> None:
    c = concepts(game)
    known = catalog_keys("de") & catalog_keys("en")
    assert set(c.steps) <= known, sorted(set(c.steps) - known)
    assert set(c.steps.values()) | set(c.worksheet.values()) <= set(c.names)
    assert sorted(c.worksheet) == sorted(Worksheet(game, "en").numbers)  # each task names its concept
    assert FLOW in c.names
    for name in c.names.values():
        assert name["de"].strip() and name["en"].strip()
    for m in c.misconceptions.values():
        assert m["concept"] in c.names and m["de"] and m["en"]


@pytest.mark.parametrize("game", GAMES)
def test_rules_met_in_play_were_found_by_the_scan(game: str) -> None:
    """Random play, refused random attempts included: every rule seen is one the scan collected."""
    rng = random.Random(7)
    seen: set[str] = set()
    for seed in range(3):
        g = chemgames.new_game(game, players=2, seed=seed, lang="en")
        for _ in range(120):
            if g.is_over:
                break
            legal = g.legal_actions()
            other = chemgames.new_game(game, players=2, seed=seed + 50, lang="en")
            for a in rng.sample(other.legal_actions(), min(3, len(other.legal_actions()))):
                seen.add(g.check(a.__class__(a.game, g.current_player, a.kind, a.params)).rule)
            seen.add(g.apply(rng.choice(legal)).rule)
    seen.discard("")
    assert seen <= engine_rule_keys(game) | core_rule_keys(), sorted(seen - engine_rule_keys(game) - core_rule_keys())
