"""The order of the constituents in the game's compositional names (s14f findings 9 and 10).

IUPAC Red Book 2005, IR-2.15(d) (p. 41, read by the chemist s14f in a stored copy of the book): in compositional
names the electropositive constituents are cited in alphabetical order, then the electronegative ones in
alphabetical order; the book's examples "KMgF3 magnesium potassium fluoride" and (Example 8) "BiClO bismuth
chloride oxide"; IR-5.4 the same for generalised salts ("ZnI(OH) zinc hydroxide iodide"). So NaCaPO4 is calcium
sodium phosphate, and an oxide hydroxide is a "hydroxide oxide" (CrO(OH), FeO(OH), AlO(OH) alike), an oxide halide
a "chloride oxide", not "oxychloride" (the traditional name, which the truth rows accept beside it).

The element and ion names come from the checker's own tables (``tests/truth/truthlib.py``: the Red Book's and
Holleman-Wiberg's names), never from the game's; German names are ordered by the German names, as the Red Book's
rule orders the names of the language (the game sorts its German anion names so too).
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from chemgames.chemistry.substances import DATA, substance

sys.path.insert(0, str(Path(__file__).resolve().parent / "truth"))
import truthlib  # noqa: E402

# anion names of the simple anions an oxide halide or hydroxide holds (Red Book Table IX; Holleman-Wiberg)
SIMPLE_ANIONS = {"fluoride": "fluorid", "chloride": "chlorid", "bromide": "bromid", "iodide": "iodid", "oxide": "oxid",
                 "hydroxide": "hydroxid", "sulfide": "sulfid", "nitride": "nitrid", "hydride": "hydrid"}
PREFIXES = ("di", "tri", "tetra", "penta", "hexa")


@pytest.fixture(scope="module")
def known() -> list[str]:
    data = json.loads((DATA / "substances.json").read_text(encoding="utf-8"))["substances"]
    return sorted(k for k, v in data.items() if v[0] == "e" and not re.search(r"[+-]", k))


def _head(name: str) -> str:
    return re.sub(r"\s*\([^()]*[a-z]{3}[^()]*\)$", "", name)  # "copper(II) oxide (tenorite)" -> the name


def _metals(key: str) -> list[str]:
    return [e for e in dict.fromkeys(re.findall(r"[A-Z][a-z]?", key)) if e in truthlib.ELEMENT_NAMES
            and truthlib.is_metal(e)]


def _leading_cations_en(name: str, metals: list[str]) -> list[str]:
    names = {truthlib.ELEMENT_NAMES[e][1]: e for e in metals} | {"aluminum": "Al", "cesium": "Cs"}
    out = []
    for word in name.split():
        bare = re.sub(r"\([IVX,0]+\)$", "", word)
        if bare not in names:
            break
        out.append(bare)
    return out


def _leading_cations_de(name: str, metals: list[str]) -> list[str]:
    names = sorted({truthlib.ELEMENT_NAMES[e][0].lower() for e in metals}, key=len, reverse=True)
    text, out = name.lower(), []
    while True:
        hit = next((n for n in names if text.startswith(n)), None)
        if hit is None or re.match(r"(at|it|id)", text[len(hit):]):
            return out  # no metal, or the stem of an anion: Silberchromat, Magnesiumbismutid
        out.append(hit)
        text = re.sub(r"^\([ivx,0]+\)-?", "", text[len(hit):])


def _tail_anions(words: list[str]) -> list[str]:
    """The simple anion names at the end of an English name, their multiplying prefixes left off."""
    out = []
    for w in reversed(words):
        bare = re.sub(r"^(" + "|".join(PREFIXES) + r")(?=[a-z]{4})", "", w)
        bare = "oxide" if bare in ("xide", "oxide") else bare
        if bare not in SIMPLE_ANIONS:
            break
        out.append(bare)
    return out[::-1]


def test_two_cations_in_alphabetical_order(known):
    """Every name of a compound of two or more metals that cites them as cations cites them alphabetically
    (RB IR-2.15(d): "KMgF3 magnesium potassium fluoride"), in English and German: NaCaPO4 calcium sodium
    phosphate / Calciumnatriumphosphat (s14f finding 9: 'sodium calcium phosphate'). A complex hydride keeps its
    traditional name, whose second metal is the centre of the anion [AlH4]- (LiAlH4 lithium aluminium hydride)."""
    wrong, seen = [], 0
    for key in known:
        metals = _metals(key)
        if len(metals) < 2 or set(re.findall(r"[A-Z][a-z]?", key)) - set(metals) == {"H"}:
            continue  # LiAlH4, NaAlH4: Li+ [AlH4]-
        s_en, s_de = substance(key, lang="en"), substance(key, lang="de")
        if s_en is None or not s_en.name:
            continue
        en = _leading_cations_en(_head(s_en.name), metals)
        de = _leading_cations_de(_head(s_de.name or ""), metals)
        seen += len(en) >= 2
        if len(en) >= 2 and en != sorted(en):
            wrong.append((key, s_en.name))
        if len(de) >= 2 and de != sorted(de):
            wrong.append((key, s_de.name))
    assert seen >= 10, seen  # the rule is exercised: the double oxides, NaCaPO4, NaBeF3, KAl(SO4)2 ...
    assert not wrong, wrong
    assert substance("NaCaPO4", lang="en").name == "calcium sodium phosphate"
    assert substance("NaCaPO4", lang="de").name == "Calciumnatriumphosphat"


def test_oxide_hydroxides_and_oxide_halides_name_their_anions_alphabetically(known):
    """One rule for the anion names of a compound of one metal or centre and several simple anions: alphabetical
    (RB IR-2.15(d), Example 8 "BiClO bismuth chloride oxide"; IR-5.4 "ZnI(OH) zinc hydroxide iodide"), so
    AlO(OH) is aluminium hydroxide oxide like CrO(OH) chromium(III) hydroxide oxide (s14f finding 10), and the
    traditional 'oxy' names (bismuth oxychloride, selenium oxychloride) are not the primary name."""
    wrong, seen = [], 0
    for key in known:
        s_en = substance(key, lang="en")
        if s_en is None or not s_en.name:
            continue
        name = _head(s_en.name)
        if re.search(r"\boxy(di|tri|tetra)?(fluoride|chloride|bromide|iodide|hydroxide)\b", name):
            wrong.append((key, name))
            continue
        anions = _tail_anions(name.split())
        if len(anions) >= 2:
            seen += 1
            if anions != sorted(anions):
                wrong.append((key, name))
            de = _head(substance(key, lang="de").name or "").lower()
            de_anions = [a for a in re.findall("|".join(sorted(set(SIMPLE_ANIONS.values()), key=len, reverse=True)),
                                               de)]
            if de_anions != sorted(de_anions):
                wrong.append((key, de))
    assert seen >= 10, seen
    assert not wrong, wrong
    assert substance("AlO(OH)", lang="en").name.startswith("aluminium hydroxide oxide")
    # with the Stock number every bismuth salt here has (s17e: one rule; RB IR-5.4.2.2 allows it)
    assert substance("BiOCl", lang="en").name.startswith("bismuth(III) chloride oxide")
    assert substance("BiOCl", lang="de").name.startswith("Bismut(III)-chloridoxid")
