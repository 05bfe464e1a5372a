"""The deck's real substances (review25f F1) and organometallic compounds (review25f F3).

The sweep (``tools/composable_real.py``) adds every composition the family deck builds that a vetted
table names; here each added entry is checked against sources the sweep did not use to decide it:
pymatgen's oxidation-state guesses against the entry's numbers (the ions), and the PubChem record's
own formula string (read with molmass, the sweep read the structure) against the composition.
"""
from __future__ import annotations

import importlib.util
import re
from fractions import Fraction
from pathlib import Path

import pytest

from chemgames.chemistry.substances import reference, substance

ROOT = Path(__file__).resolve().parents[1]


def _installed(name: str) -> bool:
    return importlib.util.find_spec(name) is not None


# review25f F1's list, as a test of the sweep (not its input): real substances a student builds from the deck
# (NH4AuCl4 is left out: no table shipped in chemicals holds it, and it is sold as a hydrate; see the ledger)
REVIEW_F1 = ["Ca(HCO3)2", "Cr(OH)3", "NaAuCl4", "Bi2O2CO3", "Pb2SiO4", "CrO2F2", "MnO3F", "Na4SiO4",
             "Ra(NO3)2", "Zn(ClO4)2", "Ba(BrO3)2", "Zn(IO3)2", "[H3O]ClO4", "Mg(HCO3)2", "Ba(HCO3)2"]


@pytest.mark.parametrize("formula", REVIEW_F1)
def test_review_f1_substances_are_known(formula: str) -> None:
    for lang in ("de", "en"):
        s = substance(formula.replace("[", "(").replace("]", ")"), lang=lang)
        assert s.label == "exists", (formula, lang, s.label)
        assert s.name, (formula, lang)  # named by the naming rules in both languages
        assert s.oxidation_states, formula


@pytest.mark.parametrize("formula", ["Ca(HCO3)2", "Mg(HCO3)2", "Ba(HCO3)2"])
def test_alkaline_earth_hydrogencarbonates_are_known_in_water_only(formula: str) -> None:
    s = substance(formula, lang="de")
    assert s.note_key == "solution_only" and "Wasser" in (s.note or "")
    assert substance("NaHCO3").note_key is None  # sodium hydrogencarbonate is kept as a solid (baking soda)


def test_every_added_entry_agrees_with_pymatgen() -> None:
    """Second source for each added salt: pymatgen's oxidation-state guesses hold the entry's numbers."""
    pytest.importorskip("pymatgen.core")
    from pymatgen.core import Composition

    added = reference()["composable"]
    assert len(added) >= 30  # the sweep found more than the review's list
    wrong = []
    for key in added:
        entry = reference()["substances"][key]
        ox = {e: sum(Fraction(v) for v in vals) / len(vals) for e, vals in dict(entry[5]).items()}
        comp = Composition(key)
        guesses = comp.oxi_state_guesses(max_sites=-50) or comp.oxi_state_guesses(all_oxi_states=True, max_sites=-50)
        if not any(all(abs(float(ox[e]) - g.get(e, 99)) < 1e-6 for e in ox) for g in guesses):
            wrong.append((key, {e: str(v) for e, v in ox.items()}, guesses[:2]))
    assert not wrong, wrong


# the records whose formula string disagrees with their own structure: chromyl fluoride's row (CAS 7788-96-7) says
# "CrF2O" (the broken strings), the rows of WO2Br2 and WO2I2 (tungsten dioxide dihalides, Greenwood &
# Earnshaw ch. 23) add two H their structures do not have
DIFFERING_FORMULA_STRINGS = {"CrF2O2", "Br2O2W", "I2O2W"}


def test_every_added_record_formula_agrees_with_molmass() -> None:
    """Second source for the composition: the record's own formula string (molmass), where the sweep
    read the record's structure; the record's CAS and CID are the entry's."""
    pytest.importorskip("chemicals")
    import molmass

    sys_path = str(ROOT / "tools")
    import sys

    sys.path.insert(0, sys_path)
    try:
        import make_substances
    finally:
        sys.path.remove(sys_path)
    records = make_substances.identifier_records()
    checked = 0
    differ: set[str] = set()
    for key in reference()["composable"]:
        entry = reference()["substances"][key]
        if not entry[2]:
            continue  # a CRC row or a handbook row: no PubChem record
        rows = [p for p in records.get(entry[1], []) if p[0] == str(entry[2])]
        assert rows, (key, entry[1], entry[2])
        stated = molmass.Formula(rows[0][2]).composition()
        counts = {e: int(n or 1) for e, n in __import__("re").findall(r"([A-Z][a-z]?)(\d*)", key)}
        if {e: stated[e].count for e in stated} != counts:
            differ.add(key)
        checked += 1
    assert checked >= 20
    # the records whose formula string disagrees with their own structure (the sweep read the structure)
    assert differ == DIFFERING_FORMULA_STRINGS, differ


@pytest.mark.skipif(not _installed("chemicals"), reason="chemicals is not installed")
def test_the_sweep_counts_the_deck_and_magnesium_ferrite_is_not_buildable() -> None:
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import composable_real
    finally:
        sys.path.pop(0)
    comps = composable_real.composable()
    # MgFe2O4 is divisible by the rule sheet (MgO + Fe2O3 are parts of charge zero): no build of the deck
    assert (("Fe", 2), ("Mg", 1), ("O", 4)) not in comps
    assert (("C", 2), ("Ca", 1), ("H", 2), ("O", 6)) in comps and (("Cl", 1), ("H", 3), ("O", 5)) in comps


# --- names: systematic, never a registry's trade name -------------------------------------------------

_STOCK_NUMBER = re.compile(r"\((?:0|[IVX]+)(?:,[IVX]+)*\)")
_ION_WORDS = {"en": ("ate", "ite", "ide", "yl", "ium"), "de": ("at", "it", "id", "yl", "ium")}
_PREFIXES = ("di", "tri", "tetra", "penta", "hexa", "hepta")


def _element_words(lang: str) -> frozenset[str]:
    """Element names: English from periodictable (a source the data does not use for names), German from
    the element table the games print."""
    import periodictable

    from chemgames.chemistry.substances import SubstanceError, element_name

    if lang == "en":
        return frozenset({el.name.lower() for el in periodictable.elements if el.number} | {"aluminium", "caesium"})
    out = set()
    for el in periodictable.elements:
        try:
            out.add((element_name(el.symbol, "de") or "").lower())
        except SubstanceError:
            continue
    return frozenset(out - {""})


def _word_of_ions(word: str, lang: str, elements: frozenset[str]) -> bool:
    """One word of a salt name built by the IUPAC rules (Red Book IR-5.4: cation and anion names): an element
    name, possibly multiplied (dinitrogen), or an ion name (-ate, -ite, -ide, -yl, -ium), and in German element
    names joined before one (Natriumcalciumphosphat, Strontiumtitan(IV)-oxid)."""
    bare = next((word[len(p):] for p in _PREFIXES if word.startswith(p) and word[len(p):] in elements), word)
    if bare in elements or word.endswith(_ION_WORDS[lang]) or word in ("hydrogen", "dihydrogen"):
        return True
    return lang == "de" and any(word.startswith(e) and _word_of_ions(word[len(e):], lang, elements)
                                for e in elements if len(e) < len(word))


def systematic(name: str, lang: str) -> bool:
    """A salt name a student can read as its ions: every word an element or ion name (the Stock numbers, a
    formula or trivial name in parentheses after it, and ammine ligands aside). A registry's trade or
    code name ('Chromedol', 'CTK4C2083', 'calsil') is not.

    >>> systematic("chromium(III) hydroxide sulfate", "en"), systematic("Chrom(III)-hydroxid-sulfat", "de")
    (True, True)
    >>> systematic("chromedol", "en"), systematic("Chromedol", "de"), systematic("calsil", "en")
    (False, False, False)
    """
    elements = _element_words(lang)
    text = re.sub(r"\s*\([^()]*[a-z ][^()]*\)$", "", name)  # 'Natriumtetrathioantimonat (Schlippesches Salz)'
    text = re.sub(r"(?:hexa|tetra)ammine?", "", _STOCK_NUMBER.sub("", text).lower())
    words = [w for w in re.split(r"[\s-]+", text) if w]
    return bool(words) and all(_word_of_ions(w, lang, elements) for w in words)


@pytest.mark.skipif(not _installed("periodictable"), reason="periodictable is not installed")
def test_every_inorganic_salt_and_added_entry_has_a_systematic_name() -> None:
    """PubChem names CID 61561, Cr(OH)(SO4), by the trade name 'chromedol' (a tanning agent); a student must
    read chromium(III) hydroxide sulfate, Chrom(III)-hydroxid-sulfat, from its ions. Every inorganic salt of
    the data and every entry the sweep added is named so in both languages."""
    assert not systematic("chromedol", "en") and systematic("chromium(III) hydroxide sulfate", "en")
    keys = [k for k in reference()["substances"] if not re.search(r"[+-]\d*$", k)]
    wrong = []
    for key in keys:
        s = substance(key, lang="en")
        if not (key in reference()["composable"] or s.kind == "salt" and not {"C", "H"} <= set(s.counts)):
            continue
        for lang in ("en", "de"):
            name = substance(key, lang=lang).name
            if not name or not systematic(name, lang):
                wrong.append((key, lang, name))
    assert not wrong, wrong
    assert substance("Cr(OH)SO4", lang="en").name == "chromium(III) hydroxide sulfate"
    assert substance("Cr(OH)SO4").name == "Chrom(III)-hydroxid-sulfat"


# --- F3: organometallic compounds -------------------------------------------------------------------

# SMILES written here; RDKit's substructure match is the second method beside tools/organometallic.py
_METAL_CARBON = "[#6;$([#6;!H0]),$([#6]-,:[#6])]~[Li,Na,K,Mg,Ca,Zn,Cd,Hg,Al,Ga,In,Sn,Pb,Cu,Fe,Ni,Co,Ti,Zr]"
_CARBANION = "[#6;!H0;-]"
ORGANO = {"C[Mg]Cl": "grignard", "CC[Mg]Br": "grignard", "c1ccccc1[Mg]Br": "grignard", "[CH3-].[Mg+2].[I-]": "grignard",
          "C[Zn]C": "metal_carbon", "C[Al](C)C": "metal_carbon", "C[Pb](C)(C)C": "metal_carbon", "[Li]CCCC": "metal_carbon",
          "C[Hg]C": "metal_carbon", "CC[Sn](CC)(CC)CC": "metal_carbon",
          "CC(=O)[O-].[Na+]": None, "C[O-].[Na+]": None, "[K+].[C-]#N": None, "[Ca+2].[C-]#[C-]": None,
          "[C-]#[O+].[C-]#[O+].[C-]#[O+].[C-]#[O+].[Ni]": None, "[Na+].[O-]C=O": None, "CCO": None}


@pytest.mark.parametrize("smiles,expected", sorted(ORGANO.items(), key=lambda x: x[0]))
def test_organometallic_rule_agrees_with_rdkit(smiles: str, expected: str | None) -> None:
    pytest.importorskip("rdkit")
    import sys

    from rdkit import Chem

    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from organometallic import organometallic
    finally:
        sys.path.pop(0)
    mol = Chem.MolFromSmiles(smiles)
    by_smarts = mol.HasSubstructMatch(Chem.MolFromSmarts(_METAL_CARBON)) or (
        mol.HasSubstructMatch(Chem.MolFromSmarts(_CARBANION)) and any(a.GetSymbol() in ("Mg", "Zn", "Li", "Na", "K")
                                                                       for a in mol.GetAtoms()))
    assert (organometallic(smiles) is not None) == by_smarts == (expected is not None), smiles
    assert organometallic(smiles) == expected


@pytest.mark.parametrize("formula", ["CH3MgCl", "CH3MgBr", "Zn(CH3)2", "Al(CH3)3", "Pb(CH3)4"])
def test_organometallics_are_no_salts(formula: str) -> None:
    for lang in ("de", "en"):
        s = substance(formula, lang=lang)
        assert s.label == "exists"
        assert s.bonding == "molecular_exception" and s.bonding_reason[0] == "organometallic", (formula, s.bonding_reason)
        assert s.kind != "salt" and s.ions is None
    grignard = formula.startswith("CH3Mg")
    de = substance(formula, lang="de")
    assert (de.note_key == "ether_solution") == grignard
    if grignard:
        assert "Ether" in (de.note or "") and "ether" in (substance(formula, lang="en").note or "")


def test_organometallic_sentence_in_the_game() -> None:
    import chemgames.games.chemiekarten  # noqa: F401  (registers the game's catalog: the test may run alone)
    from chemgames.core.i18n import tr

    de, en = tr("de", "ck.bond.organometallic"), tr("en", "ck.bond.organometallic")
    assert "Metall–Kohlenstoff" in de and "kein Salz" in de
    assert "metal–carbon" in en and "no salt" in en
