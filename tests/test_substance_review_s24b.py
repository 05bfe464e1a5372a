"""s24b: the reference gaps of review s23c and s23b, and the CRC rows of ``chemicals`` known wrong.

1. CRC rows known wrong. The CRC table shipped in ``chemicals`` gives tin(IV) iodide a melting point (675.15 K) above its
   own boiling point (637.5 K); SnI4 melts at 143 °C (en.wikipedia 'Tin(IV) iodide'; Greenwood & Earnshaw 1997: 144 °C).
   Its row 'Copper phosphide' (12019-11-3) has CuP2's PubChem record and density, not Cu3P's. The build reads the CRC
   rows through ``make_substances.crc_physical``: SnI4's melting point corrected with its source, the copper phosphide row
   not read, and no melting point above its row's boiling point read at all.
2. New records, each checked against sources outside the engine: sodium nitride Na3N (two groups' syntheses), gold(III)
   oxide Au2O3 and mercury(II) iodate Hg(IO3)2 (PubChem records in ``chemicals`` beside a structure paper each), and
   ammonium magnesium phosphate (NH4)MgPO4, found by rule: the CRC's 'Magnesium ammonium phosphate hexahydrate' orders
   the cations otherwise than the naming rules (the IMA list: struvite, dittmarite). The numbers are pymatgen's first
   guess; the names are those of the sources; the card text is rendered from the cards.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "truth"))
sys.path.insert(0, str(ROOT / "tools"))
from test_chemiekarten_audit import _verdict  # noqa: E402
from test_chemiekarten_review_s17f import _build  # noqa: E402
import truthlib  # noqa: E402


# ---- 1. the CRC rows known wrong -------------------------------------------------------------------------------------

def test_the_shipped_crc_row_of_sni4_still_melts_above_its_boiling_point() -> None:
    """The error is in the table (if a new ``chemicals`` fixes it, the correction can go)."""
    from chemicals.miscdata import CRC_inorganic_data as crc

    row = crc.loc["7790-47-8"]
    assert row["Chemical"] == "Tin(IV) iodide" and row["Tm"] > row["Tb"]


def test_the_build_reads_sni4s_corrected_melting_point_and_no_impossible_pair() -> None:
    import make_substances
    import vetted_substances as vs

    report: list[str] = []
    rows = make_substances.crc_physical(vs, report)
    assert rows["7790-47-8"][1] == pytest.approx(273.15 + 143)  # 143 °C (en.wikipedia 'Tin(IV) iodide')
    assert "en.wikipedia 'Tin(IV) iodide'" in vs.CRC_CORRECTIONS["7790-47-8"][1]
    assert not [cas for cas, (_n, tm, tb, _k) in rows.items() if tm and tb and tm > tb]
    # every other row whose melting point lies above its boiling point is named in the build's report
    from chemicals.miscdata import CRC_inorganic_data as crc

    impossible = {cas for cas, r in crc.iterrows() if r["Tm"] > r["Tb"]} - set(vs.CRC_CORRECTIONS)
    assert impossible and all(any(cas in line and "not read" in line for line in report) for cas in impossible)


def test_the_copper_phosphide_row_is_read_by_no_rule() -> None:
    """Its PubChem record states CuP2 (the identifier table of ``chemicals``); no entry of the data carries its CAS, and
    neither CuP2 nor Cu3P is known from it."""
    from chemicals.identifiers import search_chemical

    import make_substances
    import vetted_substances as vs

    assert search_chemical("12019-11-3").formula == "CuP2"
    assert "12019-11-3" not in make_substances.crc_physical(vs, [])
    data = json.loads((ROOT / "chemgames" / "chemistry" / "data" / "substances.json").read_text(encoding="utf-8"))
    assert not [k for k, v in data["substances"].items() if v[1] == "12019-11-3"]
    assert "CuP2" not in data["substances"] and "Cu3P" not in data["substances"]


# ---- 2. the new records ----------------------------------------------------------------------------------------------

def _guess(counts: dict[str, int]) -> dict:
    row = truthlib.Row(0, "", [""], "", 0, counts, [], [], [], [], "", [], None, [])
    return truthlib.pymatgen_guesses(row)[0]


#: formula -> (German name, English name, composition, the cards)
RECORDS = {
    "Na3N": ("Natriumnitrid", "sodium nitride", {"Na": 3, "N": 1}, ["Na", "Na", "Na", "N"]),
    "Au2O3": ("Gold(III)-oxid", "gold(III) oxide", {"Au": 2, "O": 3}, ["Au", "Au", "O", "O", "O"]),
    "Hg(IO3)2": ("Quecksilber(II)-iodat", "mercury(II) iodate", {"Hg": 1, "I": 2, "O": 6}, ["Hg", "[IO3]-", "[IO3]-"]),
    "NH4MgPO4": ("Ammoniummagnesiumphosphat", "ammonium magnesium phosphate", {"N": 1, "H": 4, "Mg": 1, "P": 1, "O": 4},
                 ["[NH4]+", "Mg", "[PO4]3-"]),
}


@pytest.mark.parametrize("formula", sorted(RECORDS))
def test_the_record_is_known_with_the_sources_names_and_numbers(formula: str) -> None:
    from chemgames.chemistry.substances import substance

    de, en, counts, _cards = RECORDS[formula]
    guess = _guess(counts)
    for lang, name in (("de", de), ("en", en)):
        s = substance(formula, lang=lang)
        assert s.known and s.label == "exists" and s.name == name, (lang, s.name, s.label)
        assert {e: int(q) for e, q in s.oxidation_states.items()} == {e: int(q) for e, q in guess.items()}
        assert s.bonding == "ionic"


def test_ammonium_magnesium_phosphate_is_kept_with_its_hexahydrate_and_minerals() -> None:
    """The CRC names only the hexahydrate; the IMA list has struvite (·6H2O) and dittmarite (·H2O)."""
    from chemicals.miscdata import CRC_inorganic_data as crc

    from chemgames.chemistry.substances import substance

    assert crc.loc["13478-16-5", "Chemical"] == "Magnesium ammonium phosphate hexahydrate"
    s = substance("NH4MgPO4", lang="en")
    assert "hexahydrate" in (s.note or "").lower() or "6 H" in (s.note or ""), s.note
    ima = (ROOT / "tools" / "ima_minerals.tsv").read_text(encoding="utf-8")
    assert "Struvite\t" in ima and "Dittmarite\t" in ima


@pytest.mark.parametrize("formula", sorted(RECORDS))
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_card_names_the_record_with_its_numbers(formula: str, lang: str) -> None:
    de, en, counts, cards = RECORDS[formula]
    v = _verdict(*_build(cards))
    assert v.ok and v.label == "known", v.headline.render(lang)
    text = v.headline.render(lang) + " " + " ".join(s.msg.render(lang) for s in v.steps)
    assert (de if lang == "de" else en) in v.headline.render(lang)
    guess = _guess(counts)
    items = [f"{e} {'+' if q > 0 else '−'}{abs(int(q))}" for e, q in guess.items()]
    assert all(i in text for i in items), (items, text)
