"""Review s17f of Das Chemie-Kartenspiel (seeds 70000-70099): text bugs and identities the reviewer found.

H1: a mercury(I) build with a bracketed group first and last, (NH₄)₂Hg₂(SO₄)₂, was read as one "ring molecule"
"(" + "NH₄)₂Hg₂(SO₄" + ")₂": a garbled sentence and a molar-mass line of that half formula. The only ring molecule a
source names for a deck build is (NPCl₂)₃ of the unit NPCl₂ (en.wikipedia 'Hexachlorophosphazene', s16c). The test
builds every such mercury(I) salt of the deck's polyatomic ions and checks the text against the structure: no ring
sentence unless the cards are N + P + 2 Cl, brackets balanced in every formula the molar-mass lines name, and each line's
total equal to molmass's mass of the formula it names (an independent library).
"""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

import molmass
import pytest

from chemgames.games.chemiekarten.cards import combinations

sys.path.insert(0, str(Path(__file__).parent))
from test_chemiekarten_audit import _verdict  # noqa: E402

_ASCII = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


def _atoms(formula: str) -> list[str]:
    return [e for e, n in combinations()[formula].parsed.counts.items() for _ in range(int(n))]


def _build(parts: list[str]) -> tuple[list[str], list[tuple[str, list[int]]]]:
    """The cards and combinations (by card index) of the units ``parts`` (a card symbol or a combination)."""
    kinds: list[str] = []
    combos: list[tuple[str, list[int]]] = []
    for part in parts:
        atoms = _atoms(part) if part.startswith("[") else [part]
        if part.startswith("["):
            combos.append((part, list(range(len(kinds), len(kinds) + len(atoms)))))
        kinds += atoms
    return kinds, combos


def _mercury1_builds() -> list[list[str]]:
    """One Hg card (+1, so the formula unit holds Hg₂) with one or two polyatomic cations and polyatomic anions,
    each at most twice, whose charges add up to zero: every build of the form (X)₂Hg₂(Y)₂ and (X)₂(Z)₂Hg₂(Y)₂."""
    combos = combinations()
    cations = sorted(f for f, c in combos.items() if c.charge > 0)
    anions = sorted(f for f, c in combos.items() if c.charge < 0)
    builds = []
    for n_cat in (1, 2):
        for cats in itertools.combinations(cations, n_cat):
            plus = 1 + sum(combos[c].charge for c in cats)
            for anion in anions:
                k, rest = divmod(plus, -combos[anion].charge)
                if not rest and k <= 2:
                    builds.append(list(cats) + ["Hg"] + [anion] * k)
    return builds


def test_the_enumeration_holds_the_reviews_builds() -> None:
    builds = {tuple(b) for b in _mercury1_builds()}
    assert ("[NH4]+", "Hg", "[SO4]2-") in builds and ("[UO2]2+", "Hg", "[BO3]3-") in builds
    assert ("[H3O]+", "[NH4]+", "Hg", "[PO4]3-") in builds and len(builds) > 40


@pytest.mark.parametrize("parts", _mercury1_builds(), ids=lambda p: "+".join(p))
def test_no_ring_sentence_and_whole_formulas_in_the_molar_masses(parts: list[str]) -> None:
    kinds, combos = _build(parts)
    v = _verdict(kinds, combos)
    if not v.ok:
        return  # refused (e.g. a combination's rule): no explanation of a compound to check
    assert not any(s.msg.key == "ck.ring_units" for s in v.steps), v.formula
    masses = [s for s in v.steps if s.msg.key == "ck.molar_mass"]
    assert masses
    for step in masses:
        shown = dict(step.msg.params)["formula"]
        text = shown.translate(_ASCII)
        depth = 0
        for ch in text:
            depth += {"(": 1, ")": -1}.get(ch, 0)
            assert depth >= 0, shown
        assert depth == 0, shown
        assert abs(float(step.math_in("en").total) - molmass.Formula(text).mass) < 0.05, shown
