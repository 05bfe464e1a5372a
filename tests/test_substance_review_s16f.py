"""s16i (review s16f): the real substances the card game called game-only, and the gold(I) halides and PtCl2, which it
called salts of ions.

Expected values are the sources' (quoted in ``tools/vetted_review_s16f.py``), never the engine's output: a salt of
Fe3+/Zn2+/Bi3+/Am3+/Pu3+/Ba2+ and the anions its formula names; oxonium nitrate [H3O]+[NO3]- (Lebrun et al. 2001);
AuX chains of linear X-Au-X units sharing one X atom (Greenwood & Earnshaw; Janssen & Wiegers 1978); PtCl2 a polymer or
Pt6Cl12 molecules whose every Cl joins two Pt atoms (von Schnering et al. 2003). Every composition must be one the deck
builds, so that 'game-only' would be wrong in a game.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from chemgames.chemistry import substance
from chemgames.games.chemiekarten import truth
from chemgames.games.chemiekarten.reference import identify
from tools.composable_real import composable
from tools.vetted_review_s16f import REVIEW_ROWS, REVIEW_STRUCTURES

# formula -> (German name, oxidation numbers) as the sources state them; all salts of ions
EXPECTED: dict[str, tuple[str, dict[str, int]]] = {
    "FeOF": ("Eisen(III)-fluoridoxid", {"Fe": 3, "O": -2, "F": -1}),
    "ZnF(OH)": ("Zinkfluoridhydroxid", {"Zn": 2, "F": -1, "O": -2, "H": 1}),
    "BiFeO3": ("Bismut(III)-eisen(III)-oxid",  # s17e: the double oxide by its composition
               {"Bi": 3, "Fe": 3, "O": -2}),
    "AmPO4": ("Americium(III)-phosphat", {"Am": 3, "P": 5, "O": -2}),
    "PuPO4": ("Plutonium(III)-phosphat", {"Pu": 3, "P": 5, "O": -2}),
    "BaBrF": ("Bariumbromidfluorid", {"Ba": 2, "Br": -1, "F": -1}),
    "H3ONO3": ("Oxoniumnitrat", {"H": 1, "O": -2, "N": 5}),
}


def _key(formula: str) -> tuple[tuple[str, int], ...]:
    from chemgames.chemistry.formula import parse_formula

    return tuple(sorted(dict(parse_formula(formula).counts).items()))


def test_every_row_is_expected_and_quotes_two_sources() -> None:
    assert {row[0] for row in REVIEW_ROWS} | {"H3ONO3"} == set(EXPECTED)
    for formula, _smiles, en, de, label, source in REVIEW_ROWS:
        # the row's name is the source's (bismuth ferrite); a double oxide shows it beside its compositional name (s17e)
        shown = {EXPECTED[formula][0], substance(formula).trivial_name}
        assert label == "exists" and en and de in shown, formula
        assert source.count("'") >= 4 and source.count(";") >= 1, (formula, source)  # two sources, each quoted


@pytest.mark.parametrize("formula", sorted(EXPECTED))
def test_the_real_substance_the_deck_builds_is_known(formula: str) -> None:
    name, ox = EXPECTED[formula]
    assert _key(formula) in composable(), formula  # the deck builds it: 'game-only' would be wrong
    s = substance(formula, lang="de")
    assert s.label == "exists" and s.name == name, (formula, s.label, s.name)
    assert substance(formula, lang="en").name, formula
    assert s.bonding == "ionic", (formula, s.bonding)
    assert s.oxidation_states == {e: Fraction(v) for e, v in ox.items()}, (formula, s.oxidation_states)
    counts = dict(_key(formula))
    assert sum(counts[e] * v for e, v in ox.items()) == 0, formula  # the source's numbers balance


def test_oxonium_nitrate_is_a_salt_of_the_oxonium_ion_as_oxonium_perchlorate() -> None:
    nitrate, perchlorate = substance("H3NO4"), substance("ClH3O5")
    assert nitrate.formula == "H3ONO3" and perchlorate.formula == "H3OClO4"
    assert nitrate.bonding_reason[0] == perchlorate.bonding_reason[0] == "polyatomic_cation"


def test_the_bismuth_ferrite_card_names_the_perovskite() -> None:
    """The review's build (BiO)FeO2 ([BiO]+ card, Fe at +3, two O at -2) has the composition of BiFeO3: the card names
    bismuth ferrite and writes its formula, not the build's (no BiO+ or FeO2- ions in the perovskite)."""
    units, charges = (("[BiO]+", 1), ("Fe", 1), ("O", 2)), {"Fe": 3, "O": -2}
    real = identify((("Bi", 1), ("Fe", 1), ("O", 3)))
    formula = truth.unicode(truth.formula_of(real, units, charges))
    headline, _steps = truth.accepted(real, formula, charges, units)
    # s17e: the double oxide by its composition (RB IR-2.15(d), SrFeO3 'iron strontium oxide'), the source's name beside it
    assert headline.render("de") == "BiFeO₃: Bismut(III)-eisen(III)-oxid (Bismutferrit), ein bekannter Stoff."
    assert headline.render("en").startswith("BiFeO₃: bismuth(III) iron(III) oxide (bismuth ferrite)")


@pytest.mark.parametrize("formula", ["AuCl", "AuBr", "AuI"])
def test_gold_monohalides_are_chains_not_salts(formula: str) -> None:
    s = substance(formula, lang="de")
    why, facts = s.bonding_reason
    assert s.bonding == "molecular_exception" and why == "solid_structure", (formula, s.bonding_reason)
    x = formula[2:]
    assert facts["extent"] == "chains" and facts["links"] == ((x, 1),) and facts["unit"] == f"{x}-Au-{x}"
    said = " ".join(step.msg.render("de") for step in truth.bonding_steps(identify(_key(formula))))
    assert "kein Salz aus Au⁺-Ionen" in said and f"{x}–Au–{x}" in said and "Ketten" in said, said


def test_platinum_dichloride_is_a_polymer_or_pt6cl12() -> None:
    s = substance("PtCl2")
    why, facts = s.bonding_reason
    assert s.bonding == "molecular_exception" and why == "solid_structure"
    assert facts["extent"] == "polymer_or_molecules" and facts["unit"] == "Pt6Cl12" and facts["links"] == (("Cl", 0),)
    said = {lang: " ".join(st.msg.render(lang) for st in truth.bonding_steps(identify((("Cl", 2), ("Pt", 1)))))
            for lang in ("de", "en")}
    assert "Polymer oder Pt₆Cl₁₂-Moleküle" in said["de"] and "a polymer or Pt₆Cl₁₂ molecules" in said["en"], said
    assert "Salz: Metall und Nichtmetall" not in said["de"]


def test_every_structure_quotes_a_handbook_or_two_papers() -> None:
    for formula, (_facts, source) in REVIEW_STRUCTURES.items():
        assert ("Greenwood" in source and "Janssen" in source) or ("von Schnering" in source and "Wikipedia" in source), formula
