"""s16e: the IMA minerals named beside a compound's systematic name, and beside its hydrate note.

The expected minerals are computed here from the shipped IMA extract itself (``tools/ima_minerals.tsv``, the RRUFF
"IMA Database of Mineral Properties" export of 2022-02-28), read by this test's own small formula reader, not by the
build (``tools/mineral_names.py``) or the runtime: a mineral is named for a compound exactly when its IMA formula
has one ideal composition equal to the compound's (mercury(I): half the formula unit, IMA 'HgCl' for Hg2Cl2).
A sample is checked against a second source read by hand through the search tool (``SECOND_SOURCE``).
"""
from __future__ import annotations

import json
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from chemgames.chemistry import substance
from chemgames.chemistry.substances import reference
from chemgames.games.chemiekarten.reference import identify
from chemgames.games.chemiekarten.truth import MINERALS_SHOWN, accepted, table_label
from tools.composable_real import IMA_GERMAN
from tools.ima_minerals import DISCREDITED
from tools.mineral_names import FIRST, GERMAN, LEFT_OUT

ROOT = Path(__file__).resolve().parents[1]
TSV = ROOT / "tools" / "ima_minerals.tsv"


def _read(formula: str) -> Counter | None:
    """The composition of a simple ideal IMA formula (site charges dropped, water of crystallization counted), or
    None for any formula this reader does not take (solid solutions, vacancies, variables, notes, fractions)."""
    if "[box]" in formula or re.search(r"[,\s?≈<>≤Σ~-]|\d\.\d|(?<![A-Z])[xn](?![a-z])", formula):
        return None
    total: Counter = Counter()
    for part in formula.translate(str.maketrans("[]{}", "()()")).split("·"):
        m = re.fullmatch(r"(\d*)(.+)", part)
        assert m
        times = int(m[1] or 1)
        text = re.sub(r"([A-Z][a-z]?)\d\+", r"\1", m[2])  # Fe2+3 -> Fe3 (a site charge is no count)
        counts = _counts(text)
        if counts is None:
            return None
        total.update({e: n * times for e, n in counts.items()})
    return total


def _counts(text: str) -> Counter | None:
    stack: list[Counter] = [Counter()]
    for tok, num in re.findall(r"(\(|\)|[A-Z][a-z]?)(\d*)", text):
        if tok == "(":
            stack.append(Counter())
        elif tok == ")":
            inner = stack.pop()
            stack[-1].update({e: n * int(num or 1) for e, n in inner.items()})
        else:
            stack[-1][tok] += int(num or 1)
    if "".join(t + n for t, n in re.findall(r"(\(|\)|[A-Z][a-z]?)(\d*)", text)) != text or len(stack) != 1:
        return None
    return stack[0]


@lru_cache(maxsize=1)
def _expected() -> dict[str, set[str]]:
    """Reference key -> the IMA names whose formula is exactly its composition (compounds, neutral keys)."""
    by_comp: dict[tuple, set[str]] = {}
    for line in TSV.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name, formula = line.split("\t")
        comp = _read(formula)
        if comp and name not in DISCREDITED:  # s21c: sicklerite, discredited in 2023, names no composition
            by_comp.setdefault(tuple(sorted(comp.items())), set()).add(name)
    out: dict[str, set[str]] = {}
    for key in reference()["substances"]:
        if re.search(r"[+-]\d*$", key):
            continue
        comp = Counter({e: int(n) for e, n in re.findall(r"([A-Z][a-z]?)(\d*)", key) for n in [n or "1"]})
        if len(comp) < 2:
            continue
        found = by_comp.get(tuple(sorted(comp.items())))
        if not found and comp["Hg"] and not any(v % 2 for v in comp.values()):
            found = by_comp.get(tuple(sorted((e, v // 2) for e, v in comp.items())))
        if found:
            out[key] = found
    return out


def test_every_ima_mineral_of_a_compound_is_named_and_no_other() -> None:
    shipped = {k: {row[0] for row in rows} for k, rows in reference()["minerals"].items()}
    expected = {k: v for k, v in _expected().items() if k not in LEFT_OUT}
    # this reader takes fewer formulas than the build's (no '[box]' vacancies, no half waters), yet no compound's
    # mineral needs those: both give the same 221 compounds and the same minerals for each
    assert expected == shipped, sorted(set(expected) ^ set(shipped))
    assert len(shipped) == 221 + 17  # s18d: the 17 IMA minerals a student can lay beyond the hint search's bounds


def test_no_hydrate_mineral_names_an_anhydrous_salt() -> None:
    """Gypsum is not CaSO4: a mineral whose IMA formula carries water names only a composition holding that water
    (tungstite WO3·H2O is the reference's H2WO4, tungstic acid, the oxide hydrate)."""
    for key, rows in reference()["minerals"].items():
        for name, _de, formula in rows:
            water = re.search(r"·(\d*)H2O", formula)
            if water:
                assert Counter(dict((e, int(n or 1)) for e, n in re.findall(r"([A-Z][a-z]?)(\d*)", key)))["H"] >= 2, (key, name)
    assert [r[0] for r in reference()["minerals"]["H2O4W"]] == ["Tungstite"]
    for key in ("CaO4S", "MgO4S", "CuO4S", "CNa2O3"):  # anhydrite, not gypsum; no epsomite, chalcanthite, natron
        assert all("H2O" not in f for _n, _d, f in reference()["minerals"].get(key, [])), key


def test_elements_ions_and_water_carry_no_minerals() -> None:
    assert substance("Au").minerals == () and substance("S").minerals == () and substance("C").minerals == ()
    assert substance("H2O").minerals == ()
    assert "C4H10N2O2" not in reference()["minerals"]  # no multiple of acetamide: only mercury(I) is halved


# the sample checked by hand against a second source (read through the search tool, session 16)
SECOND_SOURCE: dict[str, tuple[set[str], str]] = {
    "CaCO3": ({"calcite", "aragonite", "vaterite"}, "de.wikipedia 'Vaterit': 'trimorph mit Calcit und Aragonit'; "
              "Britannica 'calcite': polymorphous with aragonite and vaterite"),
    "HgS": ({"cinnabar", "metacinnabar", "hypercinnabar"}, "seilnacht.com 'Cinnabarit, Zinnober': three modifications "
            "of HgS, Cinnabarit trigonal, Metacinnabarit cubic, Hypercinnabarit hexagonal"),
    "ZnS": ({"sphalerite", "wurtzite"}, "de.wikipedia 'Wurtzit': the metastable high-temperature modification of the "
            "cubic sphalerite, ZnS"),
    "KCl": ({"sylvite"}, "seilnacht.com 'Sylvin', engl. Sylvite, KCl"),
    "NaCl": ({"halite"}, "de.dbpedia 'Halit': NaCl, chemically sodium chloride"),
    "CuS": ({"covellite"}, "de.wikipedia 'Covellin': CuS, chemically Kupfer(II)-sulfid"),
    "Hg2Cl2": ({"calomel"}, "de.wikipedia 'Kalomel': Hg2Cl2, Quecksilber(I)-chlorid; Brockhaus 'Kalomel (Mineralogie)'"),
    "Al2O3": ({"corundum"}, "de.wikipedia 'Korund': Al2O3"),
    "BaSO4": ({"baryte"}, "materialmagazin.com 'Baryt oder Schwerspat', a barium sulfate"),
    "CuFeO2": ({"delafossite"}, "Wiedersich et al., Mineral. Mag. 36 (1968) 643: the mineral delafossite has "
               "essentially the composition CuFeO2, iron trivalent (Mössbauer)"),
}


@pytest.mark.parametrize("formula", sorted(SECOND_SOURCE))
def test_hand_checked_sample(formula: str) -> None:
    names, _source = SECOND_SOURCE[formula]
    assert set(substance(formula, lang="en").minerals) == names


@pytest.mark.parametrize("formula, de", [
    ("CaCO3", ("Calcit", "Aragonit", "Vaterit")), ("HgS", ("Cinnabarit", "Hypercinnabarit", "Metacinnabarit")),
    ("KCl", ("Sylvin",)), ("Hg2Cl2", ("Kalomel",)), ("CuCl2", ("Tolbachit",)), ("BiOCl", ("IMA-Name Bismoclite",)),
])
def test_german_names_only_with_a_source(formula: str, de: tuple[str, ...]) -> None:
    """A German name where a German source gives one (Sylvin, Kalomel: no -e dropped by rule), else the IMA name, marked
    as such in German text since s19e ("IMA-Name Bismoclite"; Tolbachit has a German source since s19e)."""
    assert substance(formula).minerals == de


def test_every_german_name_has_its_source() -> None:
    sourced = {n: g for n, (g, where) in {**GERMAN, **IMA_GERMAN}.items() if g and where}
    for rows in reference()["minerals"].values():
        for name, de, _f in rows:
            assert de == sourced.get(name), (name, de)


def test_more_than_three_polymorphs_need_a_sourced_order() -> None:
    for key, rows in reference()["minerals"].items():
        if len(rows) > MINERALS_SHOWN:
            assert key in FIRST and FIRST[key][1], key
            assert [r[0] for r in rows[:len(FIRST[key][0])]] == list(FIRST[key][0]), key


def _headline(counts: tuple[tuple[str, int], ...], lang: str) -> str:
    i = identify(counts)
    return accepted(i, i.unicode, {}, counts)[0].render(lang)


def test_card_headline_names_the_minerals() -> None:
    assert _headline((("C", 1), ("Ca", 1), ("O", 3)), "de") == \
        "CaCO₃: Calciumcarbonat (Kalk; als Mineral: Calcit, Aragonit, Vaterit), ein bekannter Stoff."
    assert _headline((("C", 1), ("Ca", 1), ("O", 3)), "en") == \
        "CaCO₃: calcium carbonate (limestone; as a mineral: calcite, aragonite, vaterite), a known substance."
    # seven IMA minerals of SiO2: three shown, the common ones by the source of FIRST, then "u. a."
    assert _headline((("O", 2), ("Si", 1)), "de") == \
        "SiO₂: Siliciumdioxid (als Mineral: Quarz, Tridymit, Cristobalit u. a.), ein bekannter Stoff."
    # a school name that is one of the minerals is not said twice
    assert _headline((("Fe", 1), ("S", 2)), "de") == "FeS₂: Eisen(II)-disulfid (als Mineral: Pyrit, Markasit), ein bekannter Stoff."
    assert _headline((("Fe", 2), ("O", 3)), "en") == \
        "Fe₂O₃: iron(III) oxide (as a mineral: hematite, luogufengite), a known substance."


def test_table_label_stays_short() -> None:
    """The table beside the board names the substance as before: no mineral list in a label."""
    label = table_label("known", identify((("C", 1), ("Ca", 1), ("O", 3))), "CaCO₃", inner=True)
    assert label is not None and "Mineral" not in label["text"].render("de")


# the hydrates of the data whose formula is an IMA mineral's ideal formula (the hydrate note names the mineral)
HYDRATE_MINERALS = {
    "AlH4NO8S2": ("Tschermigite", "(NH4)Al(SO4)2·12H2O"),
    "C2O4Zn": ("Katsarosite", "Zn(C2O4)·2H2O"),
    "H4MgNO4P": ("Struvite", "(NH4)Mg(PO4)·6H2O"),  # s24b: the CRC's 'Magnesium ammonium phosphate hexahydrate'
    "H5NNaO4P": ("Stercorite", "(NH4)Na(PO3OH)·4H2O"),
    "HMgO4P": ("Newberyite", "Mg(PO3OH)·3H2O"),
}


def test_hydrate_notes_name_the_mineral_of_exactly_that_hydrate() -> None:
    tsv = dict(line.split("\t") for line in TSV.read_text(encoding="utf-8").splitlines() if "\t" in line)
    data = json.loads((ROOT / "chemgames/chemistry/data/substances.json").read_text(encoding="utf-8"))
    assert {k: (v[0][0], v[0][2]) for k, v in data["hydrate_minerals"].items()} == HYDRATE_MINERALS
    for key, (name, formula) in HYDRATE_MINERALS.items():
        assert tsv[name] == formula
        water = int(re.search(r"·(\d+)H2O$", data["hydrates"][key][0])[1])  # type: ignore[index]
        comp = Counter(dict((e, int(n or 1)) for e, n in re.findall(r"([A-Z][a-z]?)(\d*)", key)))
        assert _read(formula) == comp + Counter({"H": 2 * water, "O": water}), key
    # newberyite: Greenwood & Earnshaw's 'newberyite MgHPO4·3H2O', the source of the data's hydrate row
    assert "newberyite" in data["hydrates"]["HMgO4P"][2]
    note = substance("MgHPO4").note or ""
    assert "Newberyite" in note and "MgHPO₄ · 3 H₂O" in note
    assert "tschermigite" in (substance("NH4Al(SO4)2", lang="en").note or "")


def test_game_only_hydrate_compositions_name_their_minerals() -> None:
    """The eight hydrate minerals the deck builds stay game-only (the reference keys a hydrate by its anhydrous salt,
    tools/composable_real.IMA_HYDRATES_LEFT_OUT); the card says which mineral has that composition, and that the
    reference lists hydrates only with the anhydrous salt."""
    from tools.composable_real import IMA_HYDRATES_LEFT_OUT
    from tools.vetted_review_s18d import IMA_LEFT_OUT_S18D  # s18d: the hydrates a student can lay beyond the hint bounds

    tsv = dict(line.split("\t") for line in TSV.read_text(encoding="utf-8").splitlines() if "\t" in line)
    table = reference()["hydrate_compositions"]
    assert set(table) == set(IMA_HYDRATES_LEFT_OUT) | {k for k, why in IMA_LEFT_OUT_S18D.items() if "hydrate" in why}
    for key, rows in table.items():
        comp = Counter(dict((e, int(n or 1)) for e, n in re.findall(r"([A-Z][a-z]?)(\d*)", key)))
        assert rows and all(tsv[name] == formula and _read(formula) == comp for name, _de, formula in rows), key
        assert key not in reference()["substances"]
    counts = (("C", 1), ("Ca", 1), ("H", 2), ("O", 4))
    i = identify(counts)
    assert not i.known
    headline, steps = accepted(i, "Ca(HCO₃)(OH)", {}, (("Ca", 1), ("[HCO3]-", 1), ("[OH]-", 1)))
    assert headline.key == "ck.ok_game_only"
    said = [s.msg.render("de") for s in steps]
    assert "Diese Zusammensetzung kommt in der Natur als Mineral vor: IMA-Name Monohydrocalcite (Ca(CO₃) · H₂O), ein Hydrat " \
           "mit Kristallwasser. Unser Nachschlagewerk führt Hydrate nur beim wasserfreien Salz, nicht als eigene Stoffe." in said
    two = accepted(identify((("H", 4), ("O", 5), ("W", 1))), "WO₅H₄", {}, (("W", 1), ("[OH]-", 4), ("O", 1)))[1]
    assert "hydrotungstite (WO₂(OH)₂ · H₂O) and meymacite (WO₃ · 2 H₂O)" in " ".join(s.msg.render("en") for s in two)


def test_the_ima_site_charges_are_the_oxidation_numbers_the_card_shows() -> None:
    """Where an IMA formula writes a site's charge (Fe2+, U4+, Mn3+, Cu1+, Cr6+: 44 sites), the reference gives that
    element that oxidation number, and a Stock number in the name agrees (graftonite Fe2+ 'iron(II) phosphate')."""
    from chemgames.chemistry.substances import element_name

    roman = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII"}
    checked = stock_checked = 0
    for key, rows in reference()["minerals"].items():
        s = substance(key, lang="en")
        for name, _de, formula in rows:
            for element, q in re.findall(r"([A-Z][a-z]?)(\d)\+", formula):
                checked += 1
                numbers = set(s.average[element]) if s.average and element in s.average else \
                    {s.oxidation_states[element]} if s.oxidation_states else set()
                assert int(q) in numbers, (key, name, formula, element, numbers)
                stock = re.search(re.escape((element_name(element, "en") or "").lower()) + r"\(([IV,]+)\)", s.name or "")
                if stock:
                    stock_checked += 1
                    assert roman[int(q)] in stock[1].split(","), (key, s.name, element, q)
    # one site of 44 has no Stock number beside it; s18d's minerals add 8 sites (graftonites Fe2+, tavorite Fe3+, ...);
    # s21c takes one away (sicklerite's Mn2+: the mineral was discredited in 2023, ``tools.ima_minerals.DISCREDITED``)
    assert checked == 44 + 8 - 1 and stock_checked == 43 + 8 - 1, (checked, stock_checked)
