"""Review s19d's open findings M-a, M-b, M-c of Das Chemie-Kartenspiel (s19g), each against a source outside the engine.

M-a (UO3, met 84 times in 150 games): the card printed "Ladungsbilanz der Ionen in UO₃ (U⁶⁺, O²⁻)". No U⁶⁺ ion is in
any solid UO3: the neutron study of gamma-UO3 finds "parallel chains of edge-fused U(2) octahedra, cross-linked by U(1)
dodecahedra" and "no pure uranyl bonds"; alpha-UO3 is "infinite layers of buckled-UO8 polyhedra ... linked through the
c-axis" (a thesis review citing the ICSD structures); five crystalline polymorphs (Wheeler, Dell, Wait 1964). The rule
that gives WO3 and ReO3 their sentence (a framework of polyhedra sharing O atoms, no salt of M⁶⁺ ions: SOLID_STRUCTURES)
covers UO3; the hand-written truth row's class is "network" (as WO3's and ReO3's).

M-b: NaCrO2 read "(Na⁺, CrO₂⁻)" beside NaFeO2 "(Na⁺, Fe³⁺, O²⁻)", the same alpha-NaFeO2 layers of Na⁺ and M³⁺ between
close-packed O²⁻ (no discrete CrO₂⁻; the ion table marks chromite and aluminate "formal"). The hand-written truth rows
of LiCrO2 and KCrO2 (Alexander et al. 2007, Mazin 2007, Liang et al. 2017) draw [Li+].[Cr+3].[O-2].[O-2]; NaAlO2 and
NaFeO2 share their polymorphs ('NaAlO2 and NaFeO2 Polymorphism', Nature 249 (1974) 245: "Both oxides form beta and gamma
polymorphs ... the cations and oxygens are all tetrahedrally coordinated"). Every such salt's ions are written alike.

M-c: the "ammonium carbonate" of trade is the double salt NH4HCO3·NH4CO2NH2 (Science 140 (1963) 1205: "the sole
constituent in newly opened containers of commercial reagent-grade 'ammonium carbonate' ... unstable in air at ambient
temperature and decomposes rapidly to ammonium bicarbonate"; McGraw-Hill Dictionary of Scientific and Technical Terms);
the card says so in a trade-name note, as for CuCO3.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_chemiekarten_audit import _verdict  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]

# the sources' words (read 2026-11-28 with the search tool), which the data row must quote
UO3_SOURCE_WORDS = ("no pure uranyl bonds", "parallel chains of edge-fused U(2) octahedra, cross-linked by U(1) dodecahedra",
                    "infinite layers of buckled-UO8 polyhedra", "five crystalline polymorphs")


def _truth_row(query: str):
    sys.path.insert(0, str(ROOT / "tests" / "truth"))
    import truthlib

    rows = [r for r in truthlib.read_rows() if r.query == query and r.bonding != ["-"]]
    assert rows, query
    return rows[0]


def _texts(kinds: list[str], combos, lang: str) -> list[str]:
    v = _verdict(kinds, combos)
    assert v.ok, v.headline.render(lang)
    return [v.headline.render(lang)] + [s.msg.render(lang) for s in v.steps]


# ---------------------------------------------------------------------------------------------------------- M-a, UO3
def test_uo3_row_quotes_its_sources_and_the_truth_set_calls_it_a_network() -> None:
    from chemgames.chemistry import substance
    from chemgames.chemistry.substances import reference, reference_key

    row = reference()["solid_structures"][reference_key({"U": 1, "O": 3})]
    for words in UO3_SOURCE_WORDS:
        assert words in row["source"], words
    assert row["extent"] == "network" and not row["ions"]
    truth = _truth_row("O3U")
    assert truth.bonding == ["network"]  # the hand-written row, changed with the sources (was "ionic")
    s = substance("UO3")
    assert s.bonding in truth.bonding and s.ions is None


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("kinds, combos", [
    (["U", "O", "O", "O"], [("[UO2]2+", [0, 1, 2])]),  # the review's build: uranyl card + O
    (["U", "O", "O", "O"], []),
])
def test_the_uo3_card_names_no_u6_ion_but_a_framework_of_polyhedra(kinds, combos, lang: str) -> None:
    try:
        texts = _texts(kinds, combos, lang)
    except AssertionError:
        pytest.skip("these cards do not build UO3 in this deck")
    joined = "\n".join(texts)
    assert "UO₃" in texts[0]
    assert not re.search(r"(Ladungsbilanz der Ionen|Balance of the ion charges) in UO₃", joined), joined
    assert "(U⁶⁺, O²⁻)" not in joined
    if lang == "de":
        assert "kein Salz aus U⁶⁺-Ionen" in joined and "Gerüst aus U–O-Polyedern" in joined, joined
        assert "gemeinsame O-Atome" in joined
    else:
        assert "not a salt of U⁶⁺ ions" in joined and "framework of U–O polyhedra" in joined, joined
        assert "shared O atoms" in joined


def test_no_oxide_of_a_deck_metal_at_plus_5_or_more_is_called_a_salt_of_its_ions() -> None:
    """The deck's metals (cards.json) and their oxides MO3, M2O5, M2O7, MO4: each known one is a framework, chains or
    molecules (WO3, ReO3 and UO3 frameworks, CrO3 chains, Mn2O7, Tc2O7 molecules: GE ch. 23-24, the rows' sources),
    never the school rule's salt of M⁵⁺..M⁸⁺ ions."""
    from chemgames.chemistry import substance
    from chemgames.chemistry.substances import is_metal

    cards = json.loads((ROOT / "chemgames/games/chemiekarten/data/cards.json").read_text(encoding="utf-8"))["cards"]
    metals = sorted({c["symbol"] for c in cards if c["symbol"] != "Proto" and is_metal(c["symbol"])})  # Protomaterie
    seen = {}
    for m in metals:
        for f in (f"{m}O3", f"{m}2O5", f"{m}2O7", f"{m}O4"):
            s = substance(f)
            if s.known and s.oxidation_states and s.oxidation_states.get(m, 0) >= 5:
                seen[f] = s.bonding
    assert {"UO3", "WO3", "CrO3", "Mn2O7", "Tc2O7"} <= set(seen), seen
    assert not [f for f, b in seen.items() if b == "ionic"], seen


# ---------------------------------------------------------------------------------------------------------- M-b
def _smiles_ions(smiles: str) -> list[tuple[str, int, int]]:
    """The ions of a truth row's hand-written SMILES ([Li+].[Cr+3].[O-2].[O-2]), counted."""
    out: dict[tuple[str, int], int] = {}
    for part in smiles.split("."):
        m = re.fullmatch(r"\[([A-Z][a-z]?)([+-])(\d*)\]", part)
        assert m, part
        q = int(m[3] or 1) * (1 if m[2] == "+" else -1)
        out[m[1], q] = out.get((m[1], q), 0) + 1
    return sorted((e, q, n) for (e, q), n in out.items())


@pytest.mark.parametrize("formula, query", [("LiCrO2", "CrLiO2"), ("KCrO2", "CrKO2")])
def test_chromites_have_the_ions_of_their_truth_rows(formula: str, query: str) -> None:
    from chemgames.chemistry import substance

    sys.path.insert(0, str(ROOT / "tests" / "truth"))
    import truthlib

    row = next(r for r in truthlib.read_rows() if r.query == query and r.smiles)  # the rows give no class: their SMILES
    assert sorted(substance(formula).ions) == _smiles_ions(row.smiles)


@pytest.mark.parametrize("formula, twin", [
    ("NaCrO2", "NaFeO2"), ("LiCrO2", "LiFeO2"), ("KCrO2", "KFeO2"),  # alpha-NaFeO2 type
    ("CuCrO2", "CuFeO2"), ("AgCrO2", "AgFeO2"),  # delafossites
    ("NaAlO2", "NaFeO2"), ("LiAlO2", "LiFeO2"), ("KAlO2", "KFeO2"),  # the same tetrahedral polymorphs (Nature 1974)
])
def test_a_formal_mo2_ion_is_written_as_its_fe_twin_is(formula: str, twin: str) -> None:
    from chemgames.chemistry import substance

    def shape(ions):
        return [(q, n) for _f, q, n in ions]

    ions, twin_ions = substance(formula).ions, substance(twin).ions
    assert not any(f.startswith("[") for f, _q, _n in ions), ions
    assert shape(ions) == shape(twin_ions), (ions, twin_ions)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_nacro2_card_names_cr3_and_o2_ions_as_the_nafeo2_card_does(lang: str) -> None:
    """The cards Na, Cr, O, O are the solid's ions as Na, Fe, O, O are NaFeO2's: the same balance of ion charges (was
    "Summe der Kartenladungen" and "Ladungsbilanz der Ionen in NaCrO₂ (Na⁺, CrO₂⁻)")."""
    cr = _texts(["Na", "Cr", "O", "O"], [], lang)
    fe = _texts(["Na", "Fe", "O", "O"], [], lang)
    assert not any("CrO₂⁻" in t for t in cr), cr

    def balance(texts: list[str]) -> list[str]:
        return [t for t in texts if re.match(r"(Ladungsbilanz|Summe|Balance|Sum) ", t)]

    assert balance(fe) == [("Ladungsbilanz der Ionen" if lang == "de" else "Balance of the ion charges")], fe
    assert balance(cr) == balance(fe), (cr, fe)


# ---------------------------------------------------------------------------------------------------------- M-c
@pytest.mark.parametrize("lang", ["de", "en"])
def test_ammonium_carbonate_carries_the_trade_name_note(lang: str) -> None:
    from chemgames.chemistry import substance

    pytest.importorskip("chemicals")
    from chemicals.miscdata import CRC_inorganic_data as crc

    from chemgames.chemistry.substances import reference, reference_key

    # the outside sources: the CRC lists the salt the pure carbonate turns into; the data row quotes the Science abstract
    assert "Ammonium hydrogen carbonate" in set(crc["Chemical"])
    other, source = reference()["trade_name_other"][reference_key({"N": 2, "H": 8, "C": 1, "O": 3})]
    assert other == "NH4HCO3" and "ammonium bicarbonate-carbamate (NH4HCO3.NH4CO2NH2)" in source
    assert "decomposes rapidly to ammonium bicarbonate" in source
    s = substance("(NH4)2CO3", lang=lang)
    assert s.note_key == "trade_name", s.note_key
    assert "NH₄HCO₃" in s.note and "NH₄CO₂NH₂" in s.note and ("Ammoniak" if lang == "de" else "ammonia") in s.note
    texts = "\n".join(_texts(["N", "H", "H", "H", "H", "N", "H", "H", "H", "H", "C", "O", "O", "O"],
                             [("[NH4]+", [0, 1, 2, 3, 4]), ("[NH4]+", [5, 6, 7, 8, 9]), ("[CO3]2-", [10, 11, 12, 13])],
                             lang))
    assert s.note in texts, texts
