"""s16c: real substances Das Chemie-Kartenspiel still called game-only, and the ring molecule behind NPCl2.

The expected values are the sources' (quoted in ``tools/vetted_families.py`` and in the truth rows): what the
substance is and the oxidation numbers the sources give, never the engine's own output. Molar masses are checked
against molmass, a library the game does not use for them.

* NPCl2, which the deck builds, exists only as rings and chains (NPCl2)n; the substance is the cyclic trimer
  hexachlorocyclotriphosphazene (NPCl2)3 (en.wikipedia 'Hexachlorophosphazene': 'a trimer of the hypothetical
  compound N≡PCl2'; the CRC's 'Phosphonitrilic chloride trimer', CAS 940-71-6). The card says so, as it says of HgCl
  that mercury(I) is the pair Hg2 2+, and gives the molar mass of the unit and of the molecule.
* FeN (thin films, high pressure: three papers of different groups) is metal-like, as FeP and CrN: no oxidation numbers.
* LiCrO2 and KCrO2 (two papers of different authors each) are salts of the alkali ion, Cr3+ and O2-.
* Members of the families no source read names stay game-only (no member by analogy).
"""
from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import molmass
import pytest

from chemgames.chemistry import substance
from chemgames.chemistry.substances import metal_like, oligomer_of
from tools.composable_real import composable
from tools.vetted_families import OLIGOMERS, S16_ROWS

sys.path.insert(0, str(Path(__file__).parent))
from test_chemiekarten_audit import _as_laid, _false, _verdict  # noqa: E402

# formula -> (label, kind, oxidation numbers or None) as the sources state them
EXPECTED: dict[str, tuple[str, str, dict[str, int] | None]] = {
    # P(V) in the P=N ring: P +5, N -3, Cl -1 (each P bonded to two Cl and, in the ring, to two N)
    "(NPCl2)3": ("exists", "molecule", {"P": 5, "N": -3, "Cl": -1}),
    "FeN": ("exists", "metallic", None),
    "LiCrO2": ("exists", "salt", {"Li": 1, "Cr": 3, "O": -2}),
    "KCrO2": ("exists", "salt", {"K": 1, "Cr": 3, "O": -2}),
}


def _key(formula: str) -> tuple[tuple[str, int], ...]:
    from chemgames.chemistry.formula import parse_formula

    return tuple(sorted(dict(parse_formula(formula).counts).items()))


def test_every_row_is_expected_and_quotes_its_sources() -> None:
    assert {row[0] for row in S16_ROWS} == set(EXPECTED)
    for formula, _smiles, en, de, label, source in S16_ROWS:
        assert label == EXPECTED[formula][0], formula
        assert source.count("'") >= 4, (formula, source)  # at least two quoted titles or sentences
        assert en and de, formula


@pytest.mark.parametrize("formula", sorted(EXPECTED))
def test_the_row_is_the_sources_substance(formula: str) -> None:
    label, kind, ox = EXPECTED[formula]
    for lang in ("de", "en"):
        s = substance(formula, lang=lang)
        assert (s.label, s.kind) == (label, kind), (formula, lang, s.label, s.kind)
        assert s.name, (formula, lang)
    s = substance(formula)
    if ox is None:
        assert s.oxidation_states is None and s.note_key == "metal_like", (formula, s.oxidation_states)
    else:
        assert s.oxidation_states == {e: Fraction(v) for e, v in ox.items()}, (formula, s.oxidation_states)
        assert sum(n * ox[e] for e, n in _key(formula)) == 0, formula  # the sources' numbers balance


def test_what_the_deck_builds_is_known() -> None:
    """The deck builds NPCl2 (not the trimer), FeN, LiCrO2 and KCrO2: 'game-only' would be wrong for each."""
    built = composable()
    for formula in ("NPCl2", "FeN", "LiCrO2", "KCrO2"):
        assert _key(formula) in built, formula
        assert substance(formula).label == "exists", formula


def test_npcl2_is_a_third_of_the_ring_molecule() -> None:
    de, en = substance("NPCl2", lang="de"), substance("Cl2NP", lang="en")
    assert de.formula == en.formula == "(NPCl2)3" and de.unicode == "(NPCl₂)₃"
    assert de.name == "Hexachlorcyclotriphosphazen" and en.name == "hexachlorocyclotriphosphazene"
    assert de.cas == "940-71-6"  # the CRC's 'Phosphonitrilic chloride trimer' keeps its record
    assert oligomer_of({"N": 1, "P": 1, "Cl": 2}) == ({"Cl": 6, "N": 3, "P": 3}, 3, "ring")
    assert set(OLIGOMERS) == {"NPCl2", "NSCl"}  # s18c: (NSCl)3, review s17f High 8 (its own test)
    # no other multiple by analogy: the dimer (NPCl2)2 is no substance the sources name
    assert substance("N2P2Cl4").label == "unknown" and oligomer_of({"N": 2, "P": 2, "Cl": 4}) is None


def test_the_card_says_what_npcl2_is_and_gives_both_molar_masses() -> None:
    kinds = ["N", "P", "Cl", "Cl"]
    v = _verdict(kinds)
    assert v.ok and v.label == "known" and v.formula == "(NPCl2)3"
    assert v.headline.render("de") == "(NPCl₂)₃: Hexachlorcyclotriphosphazen, ein bekannter Stoff."
    assert v.headline.render("en") == "(NPCl₂)₃: hexachlorocyclotriphosphazene, a known substance."
    ring = [s for s in v.steps if s.msg.key == "ck.ring_units"]
    assert len(ring) == 1 and "Ringmolekülen (NPCl₂)₃" in ring[0].msg.render("de")
    assert "3 units NPCl₂" in ring[0].msg.render("en")
    masses = [s for s in v.steps if s.msg.key == "ck.molar_mass"]
    assert [s.msg.render("en") for s in masses] == ["Molar mass of NPCl₂", "Molar mass of (NPCl₂)₃"]
    for step, formula in zip(masses, ("NPCl2", "(NPCl2)3")):
        # the printed total against molmass (terms rounded to 0.01 g/mol each)
        assert abs(float(step.math_in("en").total) - molmass.Formula(formula).mass) < 0.05, formula
    assert not any(s.msg.key == "ck.mercury1_pair" for s in v.steps)
    assert _false(_as_laid(v, kinds, [])) == []  # the checker finds nothing false in either language


def test_iron_mononitride_only_is_metal_like() -> None:
    """FeN gets no numbers (no source read gives it Fe +3, N -3); the other mononitrides of groups 7-10 no source
    read here names stay as they were (no rule by analogy)."""
    assert metal_like({"Fe": 1, "N": 1})
    assert not any(metal_like({m: 1, "N": 1}) for m in ("Mn", "Co", "Ni"))
    v = _verdict(["Fe", "N"])
    assert v.ok and v.label == "known" and v.formula == "FeN"
    assert not any(s.msg.key == "ck.oxidation_numbers" for s in v.steps)
    assert _false(_as_laid(v, ["Fe", "N"], [])) == []


@pytest.mark.parametrize("formula", ["CaHI", "BaHI", "U2C3", "CrOBr"])
def test_members_no_source_read_names_stay_game_only(formula: str) -> None:
    """s16c looked for these and found no experimental source (CaHI, BaHI: computed databases only; CrOBr: none), or
    sources that leave the numbers and bonding open (U2C3); a new row must come with its sources (and then this
    list loses the member). KFeO2 and UN2 left the list in s17d (tests/test_substance_open_ends_s17d.py)."""
    assert substance(formula).label == "unknown", formula
