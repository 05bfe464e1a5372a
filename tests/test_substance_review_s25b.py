"""Student-visible notes beside real substances (s25b): a note kind for a substance stable at room temperature that
decomposes on gentle heating and is air-sensitive (Na3N), the hydrate notes of H2[PtCl6], Cr(ClO4)3 and Fe(ClO4)3, and
one rule for the English name forms of the peroxo salts and the chlorido complexes.

Sources (read by s25b on 2026-11-29 with the search tool, pages corpus; never the game's data):

* Na3N. Chemical & Engineering News 80 (20 May 2002), 'Elusive binary nitride prepared', on D. Fischer, M. Jansen, Angew.
  Chem. Int. Ed. 41 (2002) 1755: "The Na3N changes to a crystalline form when heated to room temperature and
  decomposes into its elements at 87 °C". Vajenine's paper, abstract: "Dark-blue sodium nitride, Na(3)N, was prepared by
  the reaction of metallic sodium or liquid Na-K alloy with plasma-activated nitrogen at low pressure ... Na(3)N
  decomposes above 104 degrees C into the elements". en.wikipedia 'Sodium nitride': "It shows no signs of decomposition
  after several weeks when at room temperature"; "Vajenine's method is very air-sensitive and can decompose and combust
  rapidly, so an argon environment is used".
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from chemgames.chemistry.substances import reference, reference_key, substance

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

# the decomposition temperatures as the two groups' texts give them (°C), and the products ("into the elements")
FISCHER_JANSEN_C = 87
VAJENINE_C = 104
NA3N_SAYS = {"de": ("Raumtemperatur", "87 °C", "104 °C", "Na", "N₂", "Argon"),
             "en": ("room temperature", "87 °C", "104 °C", "Na", "N₂", "argon")}


def test_na3n_carries_the_decomposes_warm_note_in_both_languages() -> None:
    for lang, words in NA3N_SAYS.items():
        s = substance("Na3N", lang=lang)
        note = s.note or ""
        assert s.label == "exists" and s.note_key == "decomposes_warm", (lang, s.note_key)
        assert all(w in note for w in words), (lang, note)
        # true for both sources: a range from the lower to the higher temperature, never one of them alone as "the" one
        numbers = [int(n) for n in re.findall(r"(\d+) °C", note)]
        assert sorted(numbers) == [FISCHER_JANSEN_C, VAJENINE_C], note
        # not the cold note: Na3N keeps at room temperature
        assert "Kälte" not in note and "cold" not in note


def test_the_note_data_names_both_groups_with_authors_and_years() -> None:
    row = reference()["decomposes_warm"][reference_key({"Na": 3, "N": 1})]
    low, high, products, air, source = row
    assert (low, high, list(products), air) == (FISCHER_JANSEN_C, VAJENINE_C, ["Na", "N2"], True)
    for word in ("Fischer", "Jansen", "2002", "1755", "Vajenine", "87 °C", "104 degrees C", "argon"):
        assert word in source, word
    # the journal and year of Vajenine's paper were not confirmed in any page read: the source says so
    assert "not confirmed" in source


def test_the_note_numbers_come_through_babel() -> None:
    from chemgames.chemistry.substances import decomposes_warm_text

    row = [36.5, 60, ["NH3", "CO2", "H2O"], False, "test"]
    assert "36,5 °C" in decomposes_warm_text("NH4HCO3", row, "de") and "36.5 °C" in decomposes_warm_text(
        "NH4HCO3", row, "en")
    one = [95, 95, ["Na", "N2"], False, "test"]
    assert "95 °C" in decomposes_warm_text("Na3N", one, "de") and "bis" not in decomposes_warm_text("Na3N", one, "de")


def _na3n_verdict():
    from test_chemiekarten_audit import _verdict
    from test_chemiekarten_review_s17f import _build

    return _verdict(*_build(["Na", "Na", "Na", "N"]))


def test_the_card_game_shows_the_note_and_keeps_the_bonding_and_headline() -> None:
    v = _na3n_verdict()
    assert v.ok and v.label == "known"
    for lang, words in NA3N_SAYS.items():
        text = " ".join(s.msg.render(lang) for s in v.steps)
        assert all(w in text for w in words), (lang, text)
        assert v.headline.key == "ck.ok_known"
    from test_chemiekarten_audit import _verdict
    from test_chemiekarten_review_s17f import _build

    lithium = _verdict(*_build(["Li", "Li", "Li", "N"]))  # Li3N: a salt of the school rule with no note
    bond = [s.msg.key for s in v.steps if s.msg.key.startswith("ck.bond")]
    assert bond and bond == [s.msg.key for s in lithium.steps if s.msg.key.startswith("ck.bond")]


@pytest.mark.parametrize("formula", ["Li3N", "NaCl", "SCl4"])
def test_no_other_substance_gets_the_note(formula: str) -> None:
    assert substance(formula).note_key != "decomposes_warm"
