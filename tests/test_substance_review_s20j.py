"""s20j: the three points the sixth review of Das Chemie-Kartenspiel left open (/work/wt/_notes/s20c.md), each checked
against a source outside the engine.

1. Methyllithium CH3Li is real and was called game-only. Sources read (2026-11-28, search tool, pages corpus):
   P. Powell, Principles of Organometallic Chemistry, 2nd ed. (Chapman & Hall 1988): "Crystalline methyllithium consists
   of tetrameric aggregates ... Each carbon atom is bound to three hydrogen atoms and is equidistant from the three
   lithium atoms which are at the corners of a triangular face of the Li4 tetrahedron"; E. Weiss, G. Sauermann,
   G. Thirase, Chem. Ber. 116 (1983) 74 (abstract): methylsodium's (CH3Na)4 units, "Ihre Geometrie ist analog der von
   (CH3Li)4"; de.wikipedia 'Methyllithium': "Farblose kubische, extrem hydrolyseempfindliche Kristalle", CAS 917-54-4;
   en.wikipedia 'Methyllithium': "invariably used in solution with an ether ... usually not prepared, but purchased as
   a solution". By docs/substances.md: ``exists`` ("can be made and kept": the crystals are isolated), and NOT the
   Grignard note ``ether_solution``, which says the substance "cannot be isolated and stored pure".
2. CrN: its oxidation numbers are disputed (de.wikipedia 'Chrom(III)-nitrid': assigning the numbers is right, an ionic
   formulation misleading; en.wikipedia after Greenwood & Earnshaw p. 480: "not strictly a chromium(III) compound nor
   does it contain nitride ions"), so by the rule of ``DISPUTED_OX`` it carries none and its sentence says why, naming
   the numbers the Cr(III) view gives; those are checked against pymatgen's oxidation-state guess.
3. PuN, AmN: no source read states how they conduct (structure, preparation and a first-principles study only), so
   their sentence no longer says "conducts like a metal"; UN (bad-metallic transport measured) keeps it.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from chemgames.chemistry import substance
from chemgames.games.chemiekarten.compound import Stage, judge

sys.path.insert(0, str(Path(__file__).parent))
from test_substance_review25f_data import _rdkit_numbers  # noqa: E402  RDKit's per-atom numbers on a SMILES

# the sources' own words, as read (see the module doc)
POWELL = "Crystalline methyllithium consists of tetrameric aggregates"
DE_WP = "Farblose kubische, extrem hydrolyseempfindliche Kristalle"


def _judge(kinds: list[str], charges: dict[str, int]):
    stage = Stage(free=list(range(len(kinds))), charges=dict(charges), combos=[])
    return judge(stage, kinds)


def _signed(v: float) -> str:
    return "0" if v == 0 else ("+" if v > 0 else "−") + str(abs(int(v)))


def test_methyllithium_is_a_known_substance_with_its_structures_numbers() -> None:
    """CH3Li exists, named from its sources, and its numbers are RDKit's on the structure H3C-Li and pymatgen's guess
    (both independent of the reference's data)."""
    pytest.importorskip("rdkit")
    from pymatgen.core import Composition

    s = substance("CH3Li")
    assert s.known and s.label == "exists", (s.label, s.source)
    assert (s.name_in("de"), s.name_in("en")) == ("Methyllithium", "methyllithium")
    assert POWELL in s.source and "Weiss, Sauermann & Thirase, Chem. Ber. 116 (1983) 74" in s.source, s.source
    numbers = {e: int(v) for e, v in s.oxidation_states.items()}
    rdkit = {e: q for e, (q,) in _rdkit_numbers("C[Li]").items()}  # implicit H: C and Li (H is +1 beside C)
    assert {e: numbers[e] for e in rdkit} == rdkit == {"C": -4, "Li": 1}
    guess = Composition("CH3Li").oxi_state_guesses()[0]
    assert numbers == {e: int(v) for e, v in guess.items()} == {"C": -4, "H": 1, "Li": 1}


def test_methyllithium_carries_no_grignard_ether_note() -> None:
    """The solid is isolated as crystals (Powell; de.wikipedia), so the note "cannot be isolated and stored pure" of a
    Grignard reagent does not apply; CH3MgCl keeps it."""
    for lang in ("de", "en"):
        assert "Ether" not in (substance("CH3Li", lang=lang).note or ""), lang
        assert substance("CH3MgCl", lang=lang).note_key == "ether_solution"
    assert substance("CH3Li").note_key is None


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_cards_li_c_3h_build_methyllithium(lang: str) -> None:
    """The cards Li +1, C −4, 3 H +1 (seed 95145's game-only tip) name methyllithium, a known substance."""
    v = _judge(["Li", "C", "H", "H", "H"], {"Li": 1, "C": -4, "H": 1})
    head = v.headline.render(lang)
    assert v.ok and v.label == "known", head
    assert ("Methyllithium" if lang == "de" else "methyllithium") in head, head
    assert "Nachschlagewerk" not in head and "reference" not in head, head


@pytest.mark.parametrize("lang", ["de", "en"])
def test_chromium_nitride_says_its_numbers_are_disputed_and_names_pymatgens(lang: str) -> None:
    """CrN carries no numbers (the sources dispute them); its note and the card's bonding line say so and name the
    numbers of the Cr(III) view, which are pymatgen's first guess for CrN."""
    from pymatgen.core import Composition

    guess = Composition("CrN").oxi_state_guesses()[0]
    s = substance("CrN", lang=lang)
    assert s.oxidation_states is None or not s.oxidation_states
    v = _judge(["Cr", "N"], {"Cr": 3, "N": -3})
    lines = [m.msg.render(lang) for m in v.steps if m.msg.key.startswith("ck.bond.")]
    assert lines and s.note
    for text in (s.note, *lines):
        numbers = dict(re.findall(r"\b(Cr|N) ([+−]\d)", text))
        assert numbers == {e: _signed(q) for e, q in guess.items()}, text
        assert ("Oxidationszahlen" if lang == "de" else "oxidation numbers are disputed") in text, text
        assert ("Einlagerungsverbindung" if lang == "de" else "interstitial compound") in text, text


CONDUCTS = {"de": "der Stoff leitet den Strom wie ein Metall", "en": "the solid conducts electricity like a metal"}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_pun_and_amn_are_not_said_to_conduct_like_a_metal(lang: str) -> None:
    """No source read states how PuN or AmN conducts: their note and the card's bonding line do not claim it (the
    sentence says the sources do not say); UN keeps "conducts like a metal" (its measured bad-metallic transport)."""
    for formula, kinds in (("PuN", ["Pu", "N"]), ("AmN", ["Am", "N"])):
        note = substance(formula, lang=lang).note or ""
        v = _judge(kinds, {kinds[0]: 3, "N": -3})
        lines = [m.msg.render(lang) for m in v.steps if m.msg.key.startswith("ck.bond.")]
        assert note and lines, formula
        for text in (note, *lines):
            assert CONDUCTS[lang] not in text and "wie ein Metall" not in text and "like a metal" not in text, text
            assert ("keine der Quellen" if lang == "de" else "None of the sources") in text, text
    assert CONDUCTS[lang] in (substance("UN", lang=lang).note or "")
