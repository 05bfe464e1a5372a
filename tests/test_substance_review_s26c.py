"""Notes beside real substances, session 26 (s26c): named sources for the notes of s25b's list.

Sources (read by s26c on 2026-11-29 with the search tool, pages corpus; never the game's data):

* NH4HCO3 (the note kind ``decomposes_warm``, no air sentence). The Merck Index, monograph 'Ammonium Bicarbonate'
  (data.cas-msds.com copy): "Comparatively stable at room temp. Volatile with decompn at about 60°. The white fumes given
  off consist of NH3 21.5%, CO2 55.7%, H2O vapor 22.8%." A. C. Resentera, S. Gómez, M. H. Rodriguez, M. V. Cozzarin,
  'Thermal Decomposition of Ammonium Bicarbonate', Ind. Eng. Chem. Res. (2025), doi 10.1021/acs.iecr.5c02795 (abstract):
  "decomposition proceeds from ∼75 °C through a single endothermic step, releasing NH3, CO2, and H2O".
* HMnO4 (its note ``solution_only``: kept only dissolved in water). K. Pisarczyk, 'Manganese Compounds', Kirk-Othmer
  Encyclopedia of Chemical Technology (Wiley, 2005), with T. Scott, M. Eagleson, Concise Encyclopedia Chemistry (de
  Gruyter, 1994) p. 622 and A. K. De, A Text Book of Inorganic Chemistry (New Age, 2003) p. 705, as fi.wikipedia
  'Permangaanihappo' cites them: not isolated pure, the dihydrate crystalline below 18 °C, solutions up to 20 % stable.
* CuH stays without ``decomposes_warm``: 'Studies of copper hydride. Part 1. Synthesis and solid-state stability',
  J. Chem. Soc., Faraday Trans. 91 (1995) 713 (abstract): "It is unstable at room temperature". The note says "stable at
  room temperature", which would be false.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from chemgames.chemistry.substances import reference, reference_key, substance

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

# ---- NH4HCO3: decomposes on gentle heating -----------------------------------------------------------------------
MERCK_C = 60  # "Volatile with decompn at about 60°"
RESENTERA_C = 75  # "decomposition proceeds from ∼75 °C"
NH4HCO3_SAYS = {"de": ("Raumtemperatur", "60 °C", "75 °C", "NH₃", "CO₂", "H₂O"),
                "en": ("room temperature", "60 °C", "75 °C", "NH₃", "CO₂", "H₂O")}


@pytest.mark.parametrize("lang", sorted(NH4HCO3_SAYS))
def test_nh4hco3_carries_the_decomposes_warm_note(lang: str) -> None:
    s = substance("NH4HCO3", lang=lang)
    note = s.note or ""
    assert (s.label, s.note_key) == ("exists", "decomposes_warm")
    missing = [w for w in NH4HCO3_SAYS[lang] if w not in note]
    assert not missing, (missing, note)
    assert sorted(int(n) for n in re.findall(r"(\d+) °C", note)) == [MERCK_C, RESENTERA_C], note
    # not air-sensitive: no source says so, so no argon sentence
    assert not re.search(r"argon|luft|air", note, re.IGNORECASE), note


def test_the_nh4hco3_row_names_both_sources() -> None:
    row = reference()["decomposes_warm"][reference_key({"N": 1, "H": 5, "C": 1, "O": 3})]
    low, high, products, air, source = row
    assert (low, high, sorted(products), air) == (MERCK_C, RESENTERA_C, ["CO2", "H2O", "NH3"], False)
    for word in ("Merck Index", "Comparatively stable at room temp", "about 60°", "Resentera", "Cozzarin", "2025",
                 "Ind. Eng. Chem. Res.", "10.1021/acs.iecr.5c02795", "75 °C"):
        assert word in source, word


def test_the_card_game_shows_the_nh4hco3_note() -> None:
    from test_chemiekarten_audit import _verdict
    from test_chemiekarten_review_s17f import _build

    v = _verdict(*_build(["[NH4]+", "[HCO3]-"]))
    assert v.ok and v.label == "known" and v.headline.key == "ck.ok_known"
    for lang, words in NH4HCO3_SAYS.items():
        text = " ".join(s.msg.render(lang) for s in v.steps)
        assert all(w in text for w in words), (lang, text)


@pytest.mark.parametrize("formula", ["CuH", "(NH4)2CO3", "NH4NO2", "PH4I"])
def test_no_note_where_the_sources_do_not_say_stable_at_room_temperature(formula: str) -> None:
    # CuH: "unstable at room temperature" (Faraday Trans. 1995); (NH4)2CO3: loses NH3 at room temperature (its own
    # trade-name note); NH4NO2: decomposes at room temperature; PH4I: dissociates as it sublimes
    assert substance(formula).note_key != "decomposes_warm"


# ---- HMnO4: the solution-only note with a source naming its author and year ---------------------------------------
def test_hmno4_solution_note_names_an_author_and_year() -> None:
    s = substance("HMnO4")
    assert s.note_key == "solution_only"
    source = str(reference()["solution_only"][reference_key({"H": 1, "Mn": 1, "O": 4})])
    for word in ("Pisarczyk", "Kirk-Othmer", "2005", "Scott", "Eagleson", "1994", "18 °C", "20 %"):
        assert word in source, word


# ---- Na3N: no citation key claims the journal and year of Vajenine's paper, which no page read confirms ------------
def test_na3n_truth_row_claims_no_unconfirmed_journal_and_year() -> None:
    import json

    rows = [json.loads(line.rstrip().rstrip(",")) for line in (HERE / "truth" / "truth_set.json").read_text().splitlines()
            if '"query": "NNa3"' in line]
    assert len(rows) == 1
    cite, label = rows[0]["cite"], rows[0]["evidence"]["label"]
    assert "LIT:Fischer+Jansen/AngewChemIntEd/2002" in cite
    assert not [c for c in cite if c.startswith("LIT:Vajenine")], cite  # a paper key names journal and year
    assert len(label) >= 2, label  # still two sources for "exists": WP and Fischer & Jansen's paper
    from chemgames.chemistry.substances import reference_key as key
    source = reference()["decomposes_warm"][key({"Na": 3, "N": 1})][4]
    assert "not confirmed" in source  # the note's source says so in words
