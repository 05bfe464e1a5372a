"""s17d: session 16's open ends for Das Chemie-Kartenspiel, checked against what the sources read say (quoted in
``tools/vetted_review_s17d.py``), never against the engine's own output.

* KFeO2 (Vinš et al. 1986: 'KFeO2 is the only product'; Albrecht & Ruck 2022: K[FeO2], Fe3+ with potassium counter
  ions) is a known salt of K+, Fe3+ and O2-.
* UN2 is real but non-stoichiometric (de.wikipedia 'Urannitride': UNx, x from 1.75 to 2.0, fluorite type; decomposing
  from 675 degrees C): known, named uranium dinitride, without oxidation numbers and without a claim that it conducts.
* The free ion Au+ is not kept in water (Mellor: 'Aurous compounds are converted by water into auric compounds, with
  separation of metallic gold'; Kissner et al. 1997: gold(I) in water gives 'more than 98% gold(0)'): short-lived; the
  sentence does not say "disproportionates", which Kissner et al. found is not the whole story.
* HBrO, Ba(HCO3)2, Sr(HCO3)2 have sentences of their own (the sources' facts), not the generic hydrate wording.
"""
from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

from chemgames.chemistry import substance
from tools.composable_real import composable
from tools.vetted_review_s17d import (EXTRA_SOURCES, LEFT_OPEN, S17D_ROWS, SHORT_LIVED_IONS, SOLUTION_SENTENCES,
                                      SOLUTION_SOURCES)
from tools.vetted_substances import VETTED

sys.path.insert(0, str(Path(__file__).parent))
from test_chemiekarten_audit import _as_laid, _false, _verdict  # noqa: E402

# the sources' statements, written here: (label, German name, English name, oxidation numbers or None)
EXPECTED = {
    "KFeO2": ("exists", "Kaliumferrit", "potassium ferrite", {"K": 1, "Fe": 3, "O": -2}),
    "UN2": ("exists", "Urandinitrid", "uranium dinitride", None),
}


def _key(formula: str) -> tuple[tuple[str, int], ...]:
    from chemgames.chemistry.formula import parse_formula

    return tuple(sorted(dict(parse_formula(formula).counts).items()))


def test_every_row_quotes_two_sources() -> None:
    assert {row[0] for row in S17D_ROWS} == set(EXPECTED)
    for formula, _smiles, en, de, label, source in S17D_ROWS:
        assert (label, de, en) == EXPECTED[formula][:3], formula
        assert source.count("'") >= 4, (formula, source)  # at least two quoted titles or sentences
    kfeo2 = dict((r[0], r[5]) for r in S17D_ROWS)["KFeO2"]
    assert "(1986)" in kfeo2 and "(2022)" in kfeo2  # both papers with the year read (s16c lacked one)


@pytest.mark.parametrize("formula", sorted(EXPECTED))
def test_the_deck_builds_the_real_substance_and_the_reference_knows_it(formula: str) -> None:
    label, de, en, ox = EXPECTED[formula]
    assert _key(formula) in composable(), formula
    s_de, s_en = substance(formula, lang="de"), substance(formula, lang="en")
    assert s_de.label == label
    if formula == "KFeO2":
        # the sources' name (Hirano 1986: 'potassium ferrite') as the name or beside a compositional one (session 17's
        # naming rule for double oxides, branch s17e, may write 'iron(III) potassium oxide' first)
        assert en in (s_en.name, s_en.trivial_name), (s_en.name, s_en.trivial_name)
        assert "kalium" in s_de.name.lower() and ("ferrit" in s_de.name or "Eisen" in s_de.name), s_de.name
    else:
        assert (s_de.name, s_en.name) == (de, en)
    if ox is None:
        assert s_de.oxidation_states is None
    else:
        assert s_de.oxidation_states == {e: Fraction(v) for e, v in ox.items()}
        assert sum(n * ox[e] for e, n in _key(formula)) == 0  # the sources' numbers balance


def test_uranium_dinitride_says_what_the_sources_say_and_no_more() -> None:
    for lang, x_range in (("de", "x zwischen 1,75 und 2"), ("en", "x between 1.75 and 2")):
        note = substance("UN2", lang=lang).note
        assert x_range in note, note  # de.wikipedia 'Urannitride': UNx, x between 2.0 and 1.75
        assert "675 °C" in note  # de.wikipedia 'Urannitride'; Inorg. Chem. 48 (2009) 10635
        assert "Metall" not in note and "metal" not in note  # no source read says it is metal-like or conducts
    v = _verdict(["U", "N", "N"])
    assert v.ok and v.label == "known" and v.formula == "UN2"
    assert v.headline.render("de") == "UN₂: Urandinitrid, ein bekannter Stoff."
    assert not any(s.msg.key == "ck.oxidation_numbers" for s in v.steps)
    bond = [s.msg.render("de") for s in v.steps if s.msg.key.startswith("ck.bond.")]
    assert len(bond) == 1 and "leitet den Strom wie ein Metall" not in bond[0] and "1,75" in bond[0], bond
    assert _false(_as_laid(v, ["U", "N", "N"], [])) == []  # the checker finds nothing false in either language
    # no other composition by analogy: U2N3 (its CRC record is left out by name) and PuN2 stay as they were
    assert substance("U2N3").label == "unknown" and substance("PuN2").label == "unknown"


def test_potassium_ferrite_card_is_a_salt_of_fe3() -> None:
    v = _verdict(["K", "Fe", "O", "O"])
    assert v.ok and v.label == "known" and v.formula == "KFeO2"
    assert v.headline.render("en").startswith("KFeO₂: ") and "potassium ferrite" in v.headline.render("en")
    assert "ein bekannter Stoff" in v.headline.render("de")
    assert _false(_as_laid(v, ["K", "Fe", "O", "O"], [])) == []


def test_the_free_gold_ion_is_short_lived_with_two_sources() -> None:
    source = SHORT_LIVED_IONS["Au+1"]
    assert "separation of metallic gold" in source and "more than 98% gold(0)" in source
    assert substance("Au", charge=1).label == "transient"
    assert substance("Au", charge=3).label == "exists"  # [AuCl4]- salts hold gold(III); not touched


@pytest.mark.parametrize("formula, medium, facts_de, facts_en", [
    # en.WP 'Hypobromous acid' ('occurs only in solution', Br2 + H2O); de.WP (bromide and bromate, 0 °C)
    ("HBrO", "hypobromous_acid", ("Brom in Wasser", "Bromid und Bromat", "0 °C"),
     ("bromine dissolves in water", "bromide and bromate", "0 °C")),
    # Oxford Dictionary of Chemistry ('occurs only in aqueous solution ... cold water containing carbon dioxide on barium
    # carbonate, to which it reverts on heating'); GE ch. 5
    ("Ba(HCO3)2", "alkaline_earth_hydrogencarbonate", ("nur gelöst in Wasser", "CO₂", "Carbonat"),
     ("only dissolved in water", "CO₂", "carbonate")),
    # GE ch. 5; en.WP 'Strontium carbonate' (more soluble in water saturated with CO2); the group's textbook rule
    ("Sr(HCO3)2", "alkaline_earth_hydrogencarbonate", ("nur gelöst in Wasser", "CO₂", "Carbonat"),
     ("only dissolved in water", "CO₂", "carbonate")),
])
def test_solution_only_substances_get_their_own_true_sentence(formula, medium, facts_de, facts_en) -> None:
    assert SOLUTION_SENTENCES[formula] == medium and SOLUTION_SOURCES[formula].count("'") >= 4
    de, en = substance(formula, lang="de"), substance(formula, lang="en")
    assert de.note_key == "solution_only"
    for text, facts in ((de.note, facts_de), (en.note, facts_en)):
        assert all(f in text for f in facts), (formula, text)
        # the generic sentence's "a salt also as a hydrate": no source read names a hydrate of these
        assert "auch als Hydrat)" not in text and "also as a hydrate)" not in text
        assert "Härte" not in text and "hardness" not in text  # the hard-water sentence is Ca's and Mg's (s15e)
    assert substance("Ca(HCO3)2", lang="en").note.find("temporary hardness") > 0  # unchanged


def test_americium_oxychloride_has_its_second_source() -> None:
    """AmOCl (s15g) rested on the PuOCl infobox alone; the AFLOW prototype library lists it among the matlockite-type
    compounds: two sources, and the row carries both."""
    assert "AmOCl" in EXTRA_SOURCES["AmOCl"] and "Matlockite" in EXTRA_SOURCES["AmOCl"]
    (source,) = [r[5] for r in VETTED if r[0] == "AmOCl"]
    assert "Plutonium oxychloride" in source and "Matlockite" in source
    s = substance("AmOCl")
    assert s.label == "exists" and s.oxidation_states == {"Am": 3, "Cl": -1, "O": -2}  # Am3+, Cl-, O2- (PbFCl type)


def test_the_rows_left_open_are_still_as_they_were() -> None:
    """No second source was found for these: the known ones stay known (s15g's rows), the game-only ones game-only; a
    change needs its sources and this list."""
    game_only = {"Pb(OH)I": "PbI(OH)", "Fe(OH)F": "FeF(OH)", "Cu(OH)F": "CuF(OH)", "AlOF": "AlOF", "ThNCl": "ThNCl",
                 "PuO2F2": "PuO2F2"}
    from tools.vetted_review_s18d import DEMOTED  # s18d: PuOF, AmH3, CrBO3 game-only (one source each), PuOBr kept

    for formula in LEFT_OPEN:
        label = substance(game_only.get(formula, formula)).label
        assert label == ("unknown" if formula in game_only or formula in DEMOTED else "exists"), (formula, label)
