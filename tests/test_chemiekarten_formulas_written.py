"""Issue 9 (every statement true), a finding of the review: a compound the reference does not know
was written with its units run together ("PbClClO", "CrOOH"), which hides the groups it is built
from. Every formula a hint shows is read back here with an independent parser (``chemicals``) and
must hold exactly the atoms of the cards the hint lays; a formula the game writes itself (the
reference does not hold the compound) never puts the same element twice in a row. A substance the
reference holds is written as the reference writes it (e.g. BiOOH, as FeOOH for goethite).
Mercury(I) cards (Hg +1) are written as the pair Hg₂²⁺, twice the cards' atoms when they hold one Hg.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest

import chemgames
from chemgames.games.chemiekarten.cards import combinations
from chemgames.games.chemiekarten.reference import in_reference

elements = pytest.importorskip("chemicals.elements")


def _atoms_of(actions) -> Counter[str]:
    """The atoms a hint lays: its selected element cards and its combination cards, from the card
    data (the groups' formulas as printed on the cards)."""
    table = combinations()
    atoms: Counter[str] = Counter()
    for a in actions:
        if a.kind == "select":
            atoms[a.get("card")] += 1
        elif a.kind == "combine":
            atoms.update(table[a.get("formula")].parsed.counts)
    return atoms


def _runs_together(formula: str) -> bool:
    """Does the same element stand twice in a row, outside parentheses ("PbClClO", "CrOOH")?"""
    symbols = re.findall(r"[A-Z][a-z]?|\(", re.sub(r"\d", "", formula))
    return any(a == b != "(" for a, b in zip(symbols, symbols[1:]))


def test_every_hinted_formula_reads_back_to_its_cards() -> None:
    seen = written = grouped = paired = 0
    for seed in range(1, 60):
        g = chemgames.new_game("chemiekarten", players=2, seed=seed, lang="en")
        for h in g.hints(limit=25):
            # a complex in square brackets (Ca[AlCl4]2, Red Book IR-9.2.3.2): chemicals' parser reads a count after
            # ']' wrongly ('Cd[BF4]2' as F42), so its brackets are given as the parentheses they group like
            parsed = Counter(elements.nested_formula_parser(h.formula.replace("[", "(").replace("]", ")")))
            cards = _atoms_of(h.actions)
            # mercury(I) is the ion Hg₂²⁺: an odd number of Hg cards is written as the formula unit
            # of twice the cards (Hg + ClO₃⁻ -> Hg₂(ClO₃)₂), never as a monomer with an Hg⁺ ion
            factor = 2 if cards["Hg"] % 2 and re.search(r"Hg2(?!\d)", h.formula) else 1
            paired += factor == 2
            assert parsed == Counter({e: factor * n for e, n in cards.items()}), (seed, h.formula, h.actions)
            if not in_reference(tuple(sorted(parsed.items()))):
                assert not _runs_together(h.formula), (seed, h.formula)
                written += 1
            seen += 1
            grouped += "(" in h.formula
    assert seen > 200 and written > 20 and grouped > 0 and paired > 0
    assert _runs_together("PbClClO") and _runs_together("CrOOH") and not _runs_together("PbCl(ClO)")
