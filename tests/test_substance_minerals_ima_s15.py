"""s15c: every composition the deck builds that is an IMA mineral's ideal formula is a known substance.

The deck's compositions (``tools/composable_real.composable()``) are crossed with the IMA list of minerals as
the RRUFF project exports it (extract ``tools/ima_minerals.tsv``, parsed by ``tools/ima_minerals.py``): a
composition that is a mineral's single ideal formula must not be called invented. A future build that loses a
mineral fails here. Hydrate minerals the reference holds no hydrate-composition entry for stay game-only, and
exactly the listed ones (``IMA_HYDRATES_LEFT_OUT``): a new one fails until it is judged.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import pytest

from chemgames.chemistry import substance
from chemgames.chemistry.substances import reference
from tools.composable_real import IMA_GERMAN, IMA_HYDRATES_LEFT_OUT, IMA_STRUCTURES, composable
from tools.ima_minerals import EXTRACT, compositions, minerals, parse_ima, parse_report


def _hill(comp: tuple[tuple[str, int], ...]) -> str:
    counts = dict(comp)
    order = (["C", "H"] if "C" in counts else []) + sorted(e for e in counts if not ("C" in counts and e in "CH"))
    return "".join(e + (str(counts[e]) if counts[e] > 1 else "") for e in order if e in counts)


@lru_cache(maxsize=1)
def _matches() -> dict[str, list[tuple[str, str]]]:
    """Hill key -> the IMA minerals of every composition the deck builds that is one's ideal formula
    (computed at the first test that needs it, not at collection: ``composable()`` takes seconds)."""
    ima = compositions()
    return {_hill(c): ima[c] for c in composable() if c in ima}


def test_extract_names_its_source() -> None:
    head = "".join(line for line in EXTRACT.read_text(encoding="utf-8").splitlines(keepends=True)
                   if line.startswith("#"))
    for needed in ("RRUFF", "IMA Database of Mineral Properties", "2022-02-28", "Lafuente", "abuseki/georefdatar"):
        assert needed in head, needed
    # 2847: the s15c transcription had 2843; s15i's row-by-row check against the source found 4 rows it
    # had missed (adachiite, darapiosite, graţianite, tiettaite), see tools/check_ima_extract.py
    assert len(minerals()) == 2847


def test_parse_report_accounts_for_every_row() -> None:
    report = parse_report()
    assert sum(report.values()) == len(minerals())
    # 2456 = 2452 + the 4 rows s15i's check against the source added (all four read to one composition)
    assert report["parsed"] == 2456, report  # a change to the parser or the extract shows here
    assert set(report) <= {"parsed", "solid solution", "variable", "fractional", "questioned", "charge", "unparsed"}


@pytest.mark.parametrize("formula, counts", [
    ("CaMg(SiO4)", {"Ca": 1, "Mg": 1, "Si": 1, "O": 4}),
    ("Fe2+2(PO4)(OH)", {"Fe": 2, "P": 1, "O": 5, "H": 1}),
    ("Pb2(UO2)(PO4)2", {"Pb": 2, "U": 1, "P": 2, "O": 10}),
    ("Cu(SO4)·5H2O", {"Cu": 1, "S": 1, "O": 9, "H": 10}),
    ("(NH4)Fe3+(SO4)2", {"N": 1, "H": 4, "Fe": 1, "S": 2, "O": 8}),
])
def test_parse_ima(formula: str, counts: dict[str, int]) -> None:
    assert parse_ima(formula) == (counts, 1)


def test_every_ima_mineral_the_deck_builds_is_known() -> None:
    wrong = []
    for key, found in sorted(_matches().items()):
        names = [n for n, _f in found]
        s = substance(key)
        if key in IMA_HYDRATES_LEFT_OUT:
            # judged game-only: the reference holds no hydrate compositions
            if s.known or not all("H2O" in f for _n, f in found):
                wrong.append((key, names, "a hydrate left out", s.label))
            continue
        if not (s.known and s.label == "exists"):
            wrong.append((key, names, s.label))
            continue
        line = reference()["composable"].get(key, "")
        if line.startswith("IMA list of minerals (RRUFF"):  # added by the IMA step: its source names them all
            wrong += [(key, name, line) for name in names if name[0].lower() + name[1:] not in line]
    assert not wrong, wrong


def test_hydrates_left_out_are_matches() -> None:
    """A stale entry fails: every hydrate left game-only is still a composable IMA mineral."""
    assert IMA_HYDRATES_LEFT_OUT <= set(_matches())


def test_match_counts() -> None:
    added = {k for k, line in reference()["composable"].items() if line.startswith("IMA list of minerals (RRUFF")}
    assert len(_matches()) == 163
    assert added == set(IMA_STRUCTURES), sorted(added ^ set(IMA_STRUCTURES))
    # belloite Cu(OH)Cl, the 24th match, is a row of tools/vetted_families.py; s18d adds the 17 a student can lay beyond
    # the hint search's bounds (tools/vetted_review_s18d.IMA_STRUCTURES_S18D)
    assert len(added) == 23 + 17


# the sample checked by hand against a second, independent source (read through the search tool)
# Hill key -> (mineral, what the second source states)
SAMPLE: dict[str, tuple[str, str]] = {
    "BCaHO3": ("sibirskite", "mingen.hk 'sibirskite': CaH(BO3); Mineral. J. 19(3) 109 (J-Stage): empirical "
               "Ca1.004H1.071B0.974O3"),
    "BClCuH4O4": ("bandylite", "mingen.hk 'bandylite': CuB(OH)4Cl; de.wikipedia 'Bandylith': Cu[Cl|B(OH)4]"),
    "BHMgO3": ("szaibélyite", "mingen.hk 'szaibelyite': MgBO2(OH); le-comptoir-geologique 'Szaibélyite': MgBO2(OH)"),
    "BHMnO3": ("sussexite", "en.wikipedia 'Sussexite': manganese borate MnBO2(OH); mingen.hk: Mn2+BO2(OH)"),
    "BNaO4Si": ("malinkoite", "de.wikipedia 'Malinkoit': Na[BSiO4]; Sokolova et al., Can. Mineral. 39 (2001): "
                "framework of SiO4 and BO4 tetrahedra"),
    "Bi2O6W": ("russellite", "en.wikipedia 'Russellite': bismuth tungstate Bi2WO6"),
    "CaClF": ("rorisite", "mineral.cz 'rorisit': CaClF (Chesnokov et al. 1990); mineralienatlas.de 'Rorisit'"),
    "Ca2ClO4P": ("goryainovite", "mingen.hk 'goryainovite': Ca2(PO4)Cl; Am. Mineral. 106 (2021) 161"),
    "ClCuHO": ("belloite", "en.wikipedia 'Belloite': Cu(OH)Cl; Schlueter et al., N. Jb. Miner. Mh. 2000"),
    "CuHIO4": ("salesite", "Am. Mineral. 24 (1939) 388: CuIO3(OH)"),
    "FeNaO4P": ("marićite", "en.wikipedia 'Maricite': NaFe2+PO4; de.wikipedia 'Marićit': NaFe[PO4]"),
    "MnNaO4P": ("natrophilite", "Lyalina et al., Eur. J. Mineral. 35 (2023) 427, triphylite group: NaMn2+(PO4)"),
    "Fe2HO5P": ("wolfeite", "de.wikipedia 'Wolfeit': Fe2+2[OH|PO4]"),
    "Bi2HO6P": ("smrkovecite", "de.wikipedia 'Smrkovecit': Bi2O(OH)(PO4)"),
    "Bi2O9S2": ("balićžunićite", "Am. Mineral. 101 (2016) 1240, New Mineral Names: Bi2O(SO4)2 (Pinto et al.)"),
    "HO5PU": ("vyacheslavite", "Am. Mineral. 2022 (muni.cz): U(PO4)(OH)"),
    "H2O4U": ("paulscherrerite", "Am. Mineral. 96 (2011) 229: UO2(OH)2; en.wikipedia 'Paulscherrerite'"),
    "O4PbSiZn": ("larsenite", "mingen.hk 'larsenite': ZnPb(SiO4); Am. Mineral. 52 (1967) 1077: synthetic PbZnSiO4"),
    "KNaO4S": ("belomarinaite", "Filatov et al., Mineral. Mag. 83 (2019) 569: 'ideally KNaSO4', isostructural with "
               "the synthetic compound KNaSO4"),
    "O10P2Pb2U": ("parsonsite", "de.wikipedia 'Parsonsit': Pb2(UO2)(PO4)2"),
    "Fe3O8P2": ("graftonite", "kamnevedy.ru 'Графтонит': redefined 2017 (Hålenius, Hatert, Pasero, Mills, "
                "CNMNC) as Fe2+Fe2+2(PO4)2"),
}


@pytest.mark.parametrize("key", sorted(SAMPLE))
def test_hand_checked_sample(key: str) -> None:
    mineral, _second = SAMPLE[key]
    assert key in _matches(), key
    for lang in ("de", "en"):
        s = substance(key, lang=lang)
        assert s.known and s.label == "exists" and s.name, (key, lang, s.label)
    source = reference()["composable"].get(key) or substance(key).source  # belloite: a vetted family row
    assert mineral in source, (key, source)


@pytest.mark.parametrize("key, element, ox", [
    ("Fe2HO5P", "Fe", 2), ("Fe3O8P2", "Fe", 2), ("FeNaO4P", "Fe", 2), ("FFe2O4P", "Fe", 2),
    ("FeH4NO8S2", "Fe", 3), ("HO5PU", "U", 4), ("H2O4U", "U", 6), ("O10P2Pb2U", "U", 6),
    ("BHMnO3", "Mn", 2), ("MnNaO4P", "Mn", 2), ("BHMgO3", "B", 3), ("Bi2O6W", "W", 6), ("CuHIO4", "I", 5),
    ("Bi2O9S2", "Bi", 3), ("ClCuHO", "Cu", 2),
])
def test_oxidation_numbers_are_the_minerals(key: str, element: str, ox: int) -> None:
    states = substance(key).oxidation_states
    assert states is not None and states[element] == Fraction(ox), (key, states)


def test_german_names_are_of_listed_minerals() -> None:
    listed = {name for name, _f in minerals()}
    assert set(IMA_GERMAN) <= listed
    for name, (german, where) in IMA_GERMAN.items():
        assert german and where, name
        assert any(german in reference()["composable"].get(k, "") for k, ms in _matches().items()
                   if name in [n for n, _f in ms]), name
