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
