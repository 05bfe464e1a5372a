"""Review s17f, finding H1: the sentence "… gibt es nicht einzeln: der Stoff besteht aus Ringmolekülen …" belongs to the
ring molecules of the reference only ((NPCl₂)₃, s16c). A game-only mercury(I) build written "(X)₂Hg₂(Y)₂" got it too, with
the unbalanced unit "NH₄)₂Hg₂(SO₄" (21 builds offered 76 times in the review's 100 games, seeds 70000-70099): nothing in
(NH₄)₂Hg₂(SO₄)₂ is a ring, and a mercury(I) salt is Hg₂²⁺ ions in a lattice.
(Fixed by s17i: only the oligomer table gives the ring sentence; its own test covers every such build.)
"""
from __future__ import annotations

from chemgames.games.chemiekarten.truth import ring_units


def _texts(formula: str, units: tuple[tuple[str, int], ...]) -> list[str]:
    return [step.msg.render("de") for step in ring_units(formula, units)]


def test_the_phosphazene_ring_keeps_its_sentence() -> None:
    texts = _texts("(NPCl₂)₃", (("N", 1), ("P", 1), ("Cl", 2)))
    assert len(texts) == 1 and "Ringmolekülen (NPCl₂)₃" in texts[0] and "3 Einheiten NPCl₂" in texts[0]


def test_a_mercury_i_salt_of_cards_is_no_ring_of_the_reference_by_its_formula_alone() -> None:
    # Hg₂(NO₃)₂ written without a leading bracket: no sentence today either
    assert _texts("Hg₂(NO₃)₂", (("Hg", 1), ("[NO3]-", 1))) == []


def test_no_ring_sentence_for_a_mercury_i_build_with_two_groups() -> None:
    assert _texts("(NH₄)₂Hg₂(SO₄)₂", (("Hg", 1), ("[NH4]+", 1), ("[SO4]2-", 1))) == []
