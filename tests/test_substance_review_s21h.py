"""s21h: the metal-like sentence says "follows no valence rule" only where that is true.

The sentence of a metal-like compound (``chem.ox.metal_like``, ``ck.bond.metal_like``, ``_film``) said for every one of
them "Seine Zusammensetzung folgt keiner Wertigkeit". For 22 of the reference's metal-like compounds that is false: TiC
balances with Ti +4 and C −4, FeP with Fe +3 and P −3, Mn5Si3 with four Mn +2, one Mn +4 and Si −4, all main states
in mendeleev and common states in pymatgen. The books give interstitial and metallic compounds no oxidation numbers
for their structure (a metal lattice with the non-metal atoms in it, metallic bonding, a range of composition:
Greenwood & Earnshaw, Chemistry of the Elements, 2nd ed. 1997, 8.4.2 and 11.3.3), not because no numbers balance.

The tests check the printed numbers against mendeleev's main states and pymatgen (its common states and its
``oxi_state_guesses``), each read here, never against the engine's own balance.
"""
from __future__ import annotations

import itertools
import re
import sys
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "truth"))
from test_chemiekarten_audit import _verdict  # noqa: E402
from test_chemiekarten_review_s17f import _build  # noqa: E402
import truthlib  # noqa: E402

NO_VALENCE = ("keiner Wertigkeit", "no valence rule")
# the 22 compounds of the lead's list (s21b's count by mendeleev's main states); the test derives the set itself too
BALANCING = ["TiC", "ZrC", "HfC", "WC", "MoC", "ThC", "FeP", "CrP", "FeAs", "CoAs", "CrAs", "CrSb", "BiSb", "MnSi",
             "PtSi", "Co2Si", "Ni2Si", "Pd2Si", "Mn5Si3", "FeN", "CrN", "AmN"]
_NONMETALS = ("H", "B", "C", "N", "Si", "P", "As", "Sb")  # the non-metal partners of the rule (Sb of BiSb)
_NUMBER = re.compile(r"(?:(\d+) )?([A-Z][a-z]?) ([+−])(\d+)")


def _split(counts: dict[str, int], states: dict[str, tuple[int, ...]]) -> bool:
    """Do the states balance the binary composition, the metal positive and the non-metal negative (atoms of the metal
    may differ, as in Mn5Si3)?"""
    other = next(e for e in counts if e in _NONMETALS)
    metal = next(e for e in counts if e != other)
    plus = [v for v in states.get(metal, ()) if v > 0]
    minus = [v for v in states.get(other, ()) if v < 0]
    if counts[metal] > 12:
        return False
    sums = {sum(c) for c in itertools.combinations_with_replacement(plus, counts[metal])}
    return any(-b * counts[other] in sums for b in minus)


@lru_cache(maxsize=1)
def _pymatgen_common() -> dict[str, tuple[int, ...]]:
    from pymatgen.core import Element

    return {e.symbol: tuple(e.common_oxidation_states) for e in Element}


@lru_cache(maxsize=1)
def _metal_like() -> dict[str, dict[str, int]]:
    """The reference's metal-like compounds (no oxidation numbers, note ``metal_like``): formula -> formula unit."""
    from math import gcd

    from chemgames.chemistry.formula import parse_formula
    from chemgames.chemistry.substances import reference, substance

    out = {}
    for key in reference()["substances"]:
        if "+" in key or key.endswith("-") or re.search(r"-\d*$", key):
            continue
        try:
            s = substance(key)
        except Exception:
            continue
        if s.known and s.note_key == "metal_like":
            counts = dict(parse_formula(key).counts)
            g = gcd(*counts.values())
            out[s.formula] = {e: n // g for e, n in counts.items()}
    return out


def _printed(note: str) -> list[tuple[int, str, int]]:
    """The numbers the sentence names after "ginge zwar mit" / "would balance with": (atoms, element, number)."""
    clause = re.split(r"ginge zwar mit|would balance with", note)[1].split(" auf,")[0].split(", but")[0]
    return [(int(n or 0), e, (1 if s == "+" else -1) * int(v)) for n, e, s, v in _NUMBER.findall(clause)]


def test_the_balancing_set_is_the_lead_list() -> None:
    """mendeleev's main states and pymatgen's common states, each on its own, find the same compounds that balance."""
    main = truthlib._mendeleev_main()
    found = {f for f, c in _metal_like().items() if _split(c, main)}
    common = {f for f, c in _metal_like().items() if _split(c, _pymatgen_common())}
    assert found == common
    # UN2's sentence says its samples are UNx and no source gives numbers; it does not claim "no valence rule"
    assert found - {"UN2"} == set(BALANCING)


@pytest.mark.parametrize("formula", BALANCING)
def test_balancing_compounds_no_longer_follow_no_valence(formula: str) -> None:
    from chemgames.chemistry.substances import substance

    counts = _metal_like()[formula]
    main = truthlib._mendeleev_main()
    guesses = truthlib.pymatgen_guesses(truthlib.Row(0, "", [formula], "", 0, counts, [], [], [], [], "", [], None, []))
    for lang in ("de", "en"):
        s = substance(formula, lang=lang)
        assert s.oxidation_states is None, formula  # still metal-like: no numbers given as the substance's
        assert not any(w in s.note for w in NO_VALENCE), s.note
        if formula in ("CrN", "AmN"):  # their own sentences (s20j, s21b) name Cr/the metal +3 and N −3
            continue
        printed = _printed(s.note)
        total = Fraction(0)
        for n, e, v in printed:
            assert v in main[e], (formula, e, v)  # a main state in mendeleev
            assert v in _pymatgen_common()[e], (formula, e, v)  # a common state in pymatgen
            total += v * (n or counts[e])
        assert total == 0, (formula, printed)
        assert sum(n or counts[e] for n, e, _ in printed) == sum(counts.values())
        average = {e: sum(Fraction(v * (n or counts[e])) for n, e2, v in printed if e2 == e) / counts[e] for e in counts}
        assert guesses and guesses[0] == average, (formula, guesses[:2], average)  # pymatgen's first guess


def test_compounds_that_do_not_balance_keep_the_sentence() -> None:
    from chemgames.chemistry.substances import substance

    # s22b: the states of the metal's known binary halides and oxides count too (TiN balances with Ti +3, TiCl3)
    kept = [f for f, c in _metal_like().items() if not _split(c, truthlib.named_states())]
    assert {"Fe3C", "CrB2", "NiAs"} <= set(kept) and "TiN" not in kept
    for formula in kept:
        note = substance(formula, lang="de").note
        assert "ginge zwar" not in note, note  # names no numbers where none balance
    assert any(w in substance("Fe3C", lang="de").note for w in NO_VALENCE)
    assert any(w in substance("Fe3C", lang="en").note for w in NO_VALENCE)


@pytest.mark.parametrize("formula, reason", [
    ("TiC", ("Einlagerungsverbindung", "interstitial compound")),  # GE 8.4.2: C in the holes of the metal lattice
    ("FeP", ("metallisch gebunden", "metallically bonded")),  # GE 12.3.3: the monophosphides are metallic
    ("Mn5Si3", ("metallisch gebunden", "metallically bonded")),  # GE 9.3.3: the metal silicides
    ("BiSb", ("in jedem Verhältnis", "in any ratio")),  # en.wikipedia 'Bismuth antimonide': alloys Bi1-xSbx
    ("FeN", ("Elektronenpaare", "electron pairs")),  # Sifkovits et al. 1999: covalent Fe-N bonds in the Fe lattice
])
def test_the_reason_is_the_family_s(formula: str, reason: tuple[str, str]) -> None:
    from chemgames.chemistry.substances import substance

    for lang, word in zip(("de", "en"), reason):
        assert word in substance(formula, lang=lang).note


@pytest.mark.parametrize("parts, formula", [(["Fe", "P"], "FeP"), (["Fe", "N"], "FeN")])
def test_the_card_names_the_same_numbers(parts: list[str], formula: str) -> None:
    v = _verdict(*_build(parts))
    for lang in ("de", "en"):
        text = " ".join(s.msg.render(lang) for s in v.steps if s.msg.key.startswith("ck.bond"))
        assert text and not any(w in text for w in NO_VALENCE), text
        assert _printed(text) == [(0, "Fe", 3), (0, formula[-1], -3)], text
        assert 3 in truthlib._mendeleev_main()["Fe"] and -3 in truthlib._mendeleev_main()[formula[-1]]


# ---- SCl4: real, kept only cold (the lead's decision on the open row of s19d, s20d, s21b) ----

def test_scl4_exists_with_the_cold_note_and_its_sources() -> None:
    from chemgames.chemistry.substances import substance
    from tools.vetted_review_s21h import S21H_ROWS

    source = dict((r[0], r[5]) for r in S21H_ROWS)["SCl4"]
    assert "Sulfur tetrachloride" in source and "Great Soviet Encyclopedia" in source  # the two sources of the row
    rows = {r.formulas[0]: r for r in truthlib.read_rows()}
    assert rows["SCl4"].labels == ["exists"]  # the hand-written truth row
    for lang, words in {"de": ("−30 °C", "SCl₃⁺Cl⁻"), "en": ("−30 °C", "SCl₃⁺Cl⁻")}.items():
        s = substance("SCl4", lang=lang)
        assert s.known and s.label == "exists" and s.note_key == "cold_only"
        assert all(w in s.note for w in words), s.note


def test_scl4_numbers_are_s_plus_4_cl_minus_1_in_both_pictures() -> None:
    """RDKit on the molecule and on the salt SCl3+ Cl- (both drawn here) and pymatgen's first guess give S +4, Cl −1."""
    from chemgames.chemistry.substances import substance

    for smiles in ("ClS(Cl)(Cl)Cl", "Cl[S+](Cl)Cl.[Cl-]"):
        ox = truthlib.rdkit_ox(smiles)
        assert set(ox["S"]) == {Fraction(4)} and set(ox["Cl"]) == {Fraction(-1)}, (smiles, ox)
    guesses = truthlib.pymatgen_guesses(truthlib.Row(0, "", ["SCl4"], "", 0, {"S": 1, "Cl": 4}, [], [], [], [], "", [],
                                                     None, []))
    assert guesses[0] == {"S": Fraction(4), "Cl": Fraction(-1)}
    assert dict(substance("SCl4").oxidation_states) == {"S": 4, "Cl": -1}
    for lang, text in {"de": "S +4 und Cl −1", "en": "S +4 and Cl −1"}.items():
        assert text in substance("SCl4", lang=lang).note


def test_the_scl4_card_says_cold_and_does_not_claim_molecules_without_ions() -> None:
    v = _verdict(*_build(["S", "Cl", "Cl", "Cl", "Cl"]))
    keys = [s.msg.key for s in v.steps]
    assert "chem.cold_only.SCl4" in keys and "ck.bond.cold_only.SCl4" in keys and "ck.bond.nonmetals" not in keys
    for lang, no_ions in {"de": "keine Ionen", "en": "no ions"}.items():
        text = " ".join(s.msg.render(lang) for s in v.steps)
        assert no_ions not in text and "SCl₃⁺" in text and "S +4, Cl −1" in text
