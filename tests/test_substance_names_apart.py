"""One name for one substance (review25c): names are told apart where the sources tell them apart, and
no name loses a piece of the source's name. The sources here are the CRC's own names of the data rows
(English, with the Stock numbers the handbook gives) and the names' own letters, not the naming rules."""
from __future__ import annotations

import re
from collections import defaultdict

import pytest

from chemgames.chemistry.substances import reference, substance

_STOCK = re.compile(r"\((?:I|II|III|IV|V|VI|VII|VIII)\)")


def _rows():
    for key, entry in reference()["substances"].items():
        m = re.fullmatch(r"(.*?)([+-]\d+)?", key)
        yield key, m[1], int(m[2] or 0), entry


def test_compositions_the_crc_names_by_different_stock_numbers_get_different_names():
    """GaS 'Gallium(II) sulfide' and Ga2S3 'Gallium(III) sulfide' (CRC) were both 'Galliumsulfid'."""
    groups: dict[str, list[tuple[str, str, int]]] = defaultdict(list)
    for key, formula, charge, entry in _rows():
        if not charge and _STOCK.search(entry[3]) and not entry[7]:
            groups[_STOCK.sub("", entry[3]).lower()].append((key, formula, charge))
    pairs = {k: v for k, v in groups.items() if len(v) > 1}
    assert "gallium sulfide" in pairs  # the case of the review is among them
    for lang in ("de", "en"):
        for stem, members in pairs.items():
            names = [substance(f, q, lang).name for _, f, q in members]
            assert len(set(names)) == len(names), (lang, stem, members, names)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_name_loses_letters_or_a_bracketed_substituent(lang):
    """'1-[(2-Aminoethyl)amino]-2-propanol' had become '1--2-Propanol', 'Carbonothioic dichloride'
    'Carbonothisäuredichlorid', 'sulfanylideneborane' 'Sulfanylidneboran'."""
    bad = []
    risky = re.compile(r"\S\[|thioic|ylidene|,\s")  # the source names the old rules garbled
    for key, formula, charge, entry in _rows():
        if not risky.search(entry[3]):
            continue
        name = substance(formula, charge, lang).name or ""
        inner = re.findall(r"(?<=\S)\[([^\]]*)\]", entry[3])  # a bracket inside a word of the source's name
        if "--" in name or "thisäure" in name or "ylidn" in name or any(f"[{b}]".lower() not in name.lower() for b in inner):
            bad.append((key, entry[3], name))
    assert not bad, bad[:10]


def test_an_alkali_monoxide_shows_no_name_that_pubchem_gives_the_oxide_m2o():
    """review25g G5: the gas-phase diatomics KO, LiO, NaO, CsO read 'Kaliummonoxid', 'potassium monoxide': in
    PubChem (the name index of ``chemicals``, independent of our data) 'potassium monoxide' is K2O and 'lithium
    monoxide' Li2O. No solid MO of an alkali metal exists (Greenwood & Earnshaw, ch. 4, oxides: the metals burn to
    Li2O, Na2O2, KO2, RbO2, CsO2), so the compositions are game-only; whatever a name says must not be M2O's."""
    identifiers = pytest.importorskip("chemicals.identifiers")
    from chemgames.chemistry.formula import parse_formula

    assert identifiers.search_chemical("potassium monoxide").formula == "K2O"  # the premise, from PubChem
    for metal in ("Li", "Na", "K", "Rb", "Cs"):
        s = substance(f"{metal}O")
        assert not s.known and s.label == "unknown", (metal, s.label, s.name)
        for lang in ("de", "en"):
            name = substance(f"{metal}O", 0, lang).name
            if name is None:
                continue
            try:
                other = identifiers.search_chemical(name.replace("caesium", "cesium"))
            except Exception:  # noqa: BLE001 - a name PubChem does not know cannot be another substance's
                continue
            assert dict(parse_formula(other.formula).counts) == {metal: 1, "O": 1}, (metal, lang, name, other.formula)
        assert substance(f"{metal}2O").known  # the oxide itself stays: Li2O ... Cs2O (CRC)


def test_no_two_compositions_share_a_name():
    """review25g G5: a student reading a name must not be shown the substance of another composition. Over the
    whole data file, in both languages: each name a known or short-lived substance shows belongs to one
    composition (the isomers of a composition share one key, the hydrates are notes of the anhydrous salt)."""
    for lang in ("de", "en"):
        owners: dict[str, set[str]] = defaultdict(set)
        for key, formula, charge, _entry in _rows():
            if charge:
                continue
            s = substance(formula, 0, lang)
            if s.known and s.name:
                owners[s.name.casefold()].add(key)
        shared = {name: keys for name, keys in owners.items() if len(keys) > 1}
        assert not shared, (lang, sorted(shared.items())[:10])
