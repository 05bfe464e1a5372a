"""Names and formula notation over the WHOLE data file (issue 25, session 11: s11b).

Each expected value comes from outside chemgames, never from its output:

* the IUPAC Red Book 2005 (RB; N. G. Connelly et al., RSC 2005) and its German edition (W. Liebscher et al.,
  Wiley-VCH 2008): Table IX's names of the monoatomic anions (IR-5.3.3.2), the ligand names of
  additive nomenclature (IR-9.2.2.3: an anionic ligand whose name ends in -ide ends in -ido: fluorido,
  chlorido, cyanido, hydroxido);
* the ion tables shipped in ``chemicals`` 1.5.2 ("Anion db", PubChem): the record of each ion, whose
  CAS name states its charge;
* the names textbooks print (Holleman-Wiberg 102nd ed. 2007, HW; Greenwood & Earnshaw 2nd ed. 1997, GE).
"""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from chemgames.chemistry import substance
from chemgames.chemistry.substances import reference


def _entries() -> list[tuple[str, int]]:
    """Every composition of the data file as (formula text, charge)."""
    out = []
    for key in reference()["substances"]:
        m = re.fullmatch(r"(.*?)(?:([+-])(\d*))?", key)
        assert m is not None
        charge = (int(m[3] or 1) * (1 if m[2] == "+" else -1)) if m[2] else 0
        out.append((m[1], charge))
    return out


# ------------------------------------------------------------------ monoatomic anions: -ide / -id

# Red Book 2005 Table IX ('-ide' names of the monoatomic anions) and the German edition (-id)
TABLE_IX = {"H": ("hydride", "Hydrid"), "N": ("nitride", "Nitrid"), "O": ("oxide", "Oxid"), "F": ("fluoride", "Fluorid"),
            "S": ("sulfide", "Sulfid"), "Cl": ("chloride", "Chlorid"), "Se": ("selenide", "Selenid"),
            "Br": ("bromide", "Bromid"), "Te": ("telluride", "Tellurid"), "I": ("iodide", "Iodid"),
            "At": ("astatide", "Astatid"), "Re": ("rhenide", "Rhenid"), "Au": ("auride", "Aurid"),
            "Na": ("natride", "Natrid"), "K": ("kalide", "Kalid"), "Pt": ("platinide", "Platinid")}


def _anion_records() -> dict[tuple[str, int], list[str]]:
    """(symbol, charge) → the names of the monoatomic anion's record in chemicals' Anion db."""
    folder = Path(importlib.util.find_spec("chemicals").origin).parent / "Identifiers"  # type: ignore[union-attr, arg-type]
    out = {}
    with open(folder / "Anion db.tsv", encoding="utf-8") as fh:
        for line in fh:
            p = line.rstrip("\n").split("\t")
            m = re.fullmatch(r"([A-Z][a-z]?)(\d*)-", p[2]) if len(p) > 7 else None
            if m:
                out[(m[1], -int(m[2] or 1))] = [n.lower() for n in p[7:]]
    return out


@pytest.mark.skipif(importlib.util.find_spec("chemicals") is None, reason="chemicals (pip install -e .[data])")
def test_every_monoatomic_anion_is_named_with_ide():
    """Every monoatomic anion of the data is named by Table IX ('[Re]-' was 'Rhenium-Ion', a name the
    Red Book gives no anion: rhenide). The record in chemicals confirms that the ion is the one named."""
    records = _anion_records()
    seen = []
    for text, charge in _entries():
        if charge >= 0 or not re.fullmatch(r"[A-Z][a-z]?", text):
            continue
        en, de = TABLE_IX[text]
        assert substance(text, charge, lang="en").name == f"{en} ion", (text, charge)
        assert substance(text, charge).name == f"{de}-Ion", (text, charge)
        names = records.get((text, charge), [])
        # the record has the Table IX name, or only a CAS name that states the element and the charge
        assert en in names or any(re.search(rf"\({text}{abs(charge)}-\)|\({abs(charge)}-\)", n, re.I) for n in names) \
            or not names, (text, names)
        seen.append(text)
    assert {"Cl", "O", "N", "Re"} <= set(seen), seen
    assert ("Re", -1) in records  # the rhenide record: 'rhenium, ion (Re1-)'


def test_the_proton_is_the_hydrogen_ion():
    """H+ is 'hydrogen ion' / 'Wasserstoff-Ion' (school books; RB IR-5.3.2.2 'hydrogen(1+)', 'hydron'):
    hydrogen has one positive state, and no Stock number is written for it (RB IR-5.4.2.2)."""
    assert substance("H", 1, lang="en").name == "hydrogen ion"
    assert substance("H", 1).name == "Wasserstoff-Ion"
