"""s16j: FeN's sentences say only what the sources read say of it, not that it conducts like a metal.

The sources read on iron mononitride (Wojciechowski & Lewandowski, Cryst. Growth Des. 2022, review of the films;
Clark et al., Angew. Chem. Int. Ed. 56 (2017) 7302, NiAs type at 10-45 GPa; Yamada, Usui, Kobayashi, Hyperfine
Interact. 2013, antiferromagnetic γ'''-FeN film; Sifkovits et al., J. Magn. Magn. Mater. 204 (1999) 191, covalent Fe-N
bonds) give its structure, how it is made and its magnetism, none its conduction. FeP (Greenwood & Earnshaw 12.3.3:
the metal-rich and monophosphides are metallic) and CrN (GE 8.4.2, 11.3.3: the interstitial nitrides of groups 4-6
are metallic conductors) do conduct by the sources, so their sentence keeps saying so.
"""
from __future__ import annotations

import re

import pytest

from chemgames.chemistry import parse_formula, substance
from chemgames.games.chemiekarten.reference import identify
from chemgames.games.chemiekarten.truth import bonding_steps

CONDUCTS = {"de": r"leitet|Strom", "en": r"conduct|electricity"}


def _bond_step(formula: str):  # type: ignore[no-untyped-def]
    (step,) = bonding_steps(identify(tuple(sorted(parse_formula(formula).counts.items()))))
    return step


def test_iron_mononitride_sentence_claims_no_conduction() -> None:
    step = _bond_step("FeN")
    assert step.msg.key == "ck.bond.metal_like_film_balanced"  # Fe +3 / N -3 named, not given (s21h)
    for lang, words in CONDUCTS.items():
        text = step.text(lang)
        assert not re.search(words, text), (lang, text)
        note = substance("FeN", lang=lang).note
        assert note is not None and not re.search(words, note), (lang, note)
    # what the sources do say: films or high pressure, N in the holes of the metal's lattice, covalent bonds, no numbers
    assert "dünne Schicht" in step.text("de") and "hohem Druck" in step.text("de")
    assert "thin films" in step.text("en") and "high pressure" in step.text("en")
    assert "share electron pairs" in step.text("en") and "Elektronenpaare" in step.text("de")
    assert substance("FeN").oxidation_states is None


# CrN left this list in review s20c: how it conducts is disputed (metal_like_table.CONDUCTION_DISPUTED,
# tests/test_chemiekarten_review_s20c.py); WC, an interstitial carbide every source read calls metallic, took its place
@pytest.mark.parametrize("formula", ["FeP", "WC"])
def test_the_metallic_ones_still_conduct_like_a_metal(formula: str) -> None:
    step = _bond_step(formula)
    # FeP and WC balance with main states (Fe +3 / P -3, W +4 / C -4): the sentence names them (s21h)
    assert step.msg.key in ("ck.bond.metal_like_balanced_metallic", "ck.bond.metal_like_balanced_interstitial")
    for lang, words in CONDUCTS.items():
        assert re.search(words, step.text(lang)), (formula, lang)
        note = substance(formula, lang=lang).note
        assert note is not None and re.search(words, note), (formula, lang, note)
