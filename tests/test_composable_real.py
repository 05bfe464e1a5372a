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
        # (an entry whose record gave another substance's CAS carries the right CAS: Ca2SiO4, review25g G3)
        rows = [p for p in records.get(entry[1], []) if p[0] == str(entry[2])] or \
            [p for v in records.values() for p in v if p[0] == str(entry[2])]
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
    names joined before one (Calciumnatriumphosphat, Strontiumtitan(IV)-oxid)."""
    bare = next((word[len(p):] for p in _PREFIXES if word.startswith(p) and word[len(p):] in elements), word)
    if bare in elements or word.endswith(_ION_WORDS[lang]) or word in ("hydrogen", "dihydrogen"):
        return True
    # (and, s15c, an element name after a cation's: Ammoniumeisen(III)-sulfat, sabieite NH4Fe(SO4)2)
    return lang == "de" and any(word.startswith(e) and _word_of_ions(word[len(e):], lang, elements)
                                or word.endswith(e) and word[:-len(e)].endswith(("ium", "yl"))
                                for e in elements if len(e) < len(word))


def systematic(name: str, lang: str) -> bool:
    """A salt name a student can read as its ions: every word an element or ion name (the Stock numbers, a
    formula or trivial name in parentheses after it, and ammine ligands aside). A registry's trade or
    code name ('Chromedol', 'CTK4C2083', 'calsil') is not.

    >>> systematic("chromium(III) hydroxide sulfate", "en"), systematic("Chrom(III)-hydroxidsulfat", "de")
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
    read chromium(III) hydroxide sulfate, Chrom(III)-hydroxidsulfat, from its ions. Every inorganic salt of
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
    assert substance("Cr(OH)SO4").name == "Chrom(III)-hydroxidsulfat"  # s17e: anions one word


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


# --- review25g G1: a registry record alone makes no substance; G2: the CRC's and the handbooks' real salts ----------

# compositions the deck builds that no textbook knows as a substance, each with its reason (written from the sources
# named, not read from the data): they must not be called "exists"
NOT_SUBSTANCES = {
    # Cr3+ like Al3+ and Fe3+ hydrolyses with carbonate to the hydroxide / a basic carbonate (the school example);
    # the trade's 'chromium carbonate' (CAS 29689-14-3) is basic
    "Cr2(CO3)3": "Greenwood & Earnshaw ch. 23; Holleman-Wiberg, Hydrolyse",
    "Al2(CO3)3": "Greenwood & Earnshaw ch. 7", "Fe2(CO3)3": "Greenwood & Earnshaw ch. 25",
    # the ammonium borates are polyborates (NH4[B5O6(OH)4]·2H2O, (NH4)2[B4O5(OH)4]·2H2O); boric acid (pKa 9.2) gives
    # no BO3 3- beside NH4+
    "(NH4)3BO3": "Greenwood & Earnshaw ch. 6",
    # the characterised chloride fluorides are the matlockite type CaFCl, SrFCl, BaFCl, PbFCl
    "MgClF": "Sauvage, Acta Cryst. B30 (1974) 2786",
    # platinum's binary sulfate is Pt2(HSO4)2(SO4)2 with Pt(III)
    "PtSO4": "Pley, Wickleder, Angew. Chem. Int. Ed. 43 (2004) 4168",
}


@pytest.mark.parametrize("formula", sorted(NOT_SUBSTANCES))
def test_no_registry_record_alone_makes_a_substance(formula: str) -> None:
    """review25g G1: these were 'ein bekannter Stoff' from one PubChem registry record each (Cr2(CO3)3 CID 165489,
    (NH4)3BO3 CID 161571, MgClF CID 143684, PtSO4 CID 62023)."""
    s = substance(formula.replace("[", "(").replace("]", ")"), lang="de")
    assert s.label != "exists", (formula, s.label, s.name, NOT_SUBSTANCES[formula])


# real salts among the PubChem-only sweep entries, kept with a textbook row (review25g read them as right; the sources
# are the textbooks named, not the data): anhydrous CuCO3 under CO2 pressure (Seidel et al., Z. Anorg. Allg. Chem. 410
# (1974) 138), NH4BrO3 (Holleman-Wiberg, Bromate), CuCrO4 (Acta Cryst. C43 (1987) 10), K[AlCl4] (Greenwood & Earnshaw
# ch. 7), NaCaPO4 (Rhenania phosphate), ZnH2 (Greenwood & Earnshaw ch. 29), Na[AuCl4] (ibid. ch. 28)
KEPT_REAL = ["CuCO3", "NH4BrO3", "CuCrO4", "KAlCl4", "NaCaPO4", "ZnH2", "NaAuCl4", "Cr(OH)SO4", "Na4SiO4"]


@pytest.mark.parametrize("formula", KEPT_REAL)
def test_real_single_record_salts_are_kept(formula: str) -> None:
    assert substance(formula, lang="de").label == "exists", formula


def _crc_tables() -> dict[str, str]:
    """CAS -> name of the two CRC tables shipped in chemicals, read here apart from the sweep."""
    import chemicals
    import pandas as pd
    from chemicals import miscdata

    out = dict(miscdata.CRC_inorganic_data["Chemical"].items())
    path = Path(chemicals.__file__).parent / "Heat Capacity" / "CRC Standard Thermodynamic Properties of Chemical Substances.tsv"
    out.update({k: v for k, v in pd.read_csv(path, sep="\t", index_col=0)["Chemical"].items() if k not in out})
    return out


def test_every_sweep_entry_has_a_second_source() -> None:
    """review25g G1: each entry the sweep added from a PubChem record names a second source, a CRC row (found here in
    the CRC tables by its CAS, read apart from the sweep) or a textbook or the IMA mineral list."""
    pytest.importorskip("chemicals")
    crc = _crc_tables()
    cited = re.compile(r"Greenwood|Holleman|IMA|Nature|Acta Cryst|Z\. Anorg|Z\. Naturforsch|CRC Handbook")
    missing = []
    for key, how in reference()["composable"].items():
        if not how.startswith("PubChem"):
            continue
        second = how.partition("second source: ")[2]
        m = re.match(r"CRC '(.+)', CAS ([\d-]+)$", second)
        if m:
            if crc.get(m[2]) != m[1]:
                missing.append((key, second))
        elif not cited.search(second):
            missing.append((key, how))
    assert not missing, missing


# review25g G2: real salts the deck builds, each in the CRC table (found here by its name) or an IMA mineral
G2_CRC = {"Na2PtCl6": "Sodium hexachloroplatinate(IV) hexahydrate", "ThSiO4": "Thorium orthosilicate",
          "Th(SO4)2": "Thorium(IV) sulfate nonahydrate"}
G2_MINERALS = {"UO2CO3": "rutherfordine", "USiO4": "coffinite", "ThSiO4": "thorite", "Ca2SiO4": "larnite",
               "CrO(OH)": "grimaldiite", "PbCl(OH)": "laurionite", "FeSiO3": "ferrosilite"}
G2_HANDBOOK = ["Th(OH)4", "UO2Br2", "Mg(ClO3)2", "Au(OH)3", "TcCl4", "LiMnO4", "PuO2(NO3)2", "UO2(ClO4)2"]


@pytest.mark.parametrize("formula", sorted(set(G2_CRC) | set(G2_MINERALS) | set(G2_HANDBOOK)))
def test_review_g2_real_salts_are_known(formula: str) -> None:
    if formula in G2_CRC:
        pytest.importorskip("chemicals")
        assert G2_CRC[formula] in _crc_tables().values()
    for lang in ("de", "en"):
        s = substance(formula, lang=lang)
        assert s.label == "exists", (formula, lang, s.label)
        assert s.name and s.oxidation_states, formula


# --- review25g G3: orthosilicates and chromites named as the CRC and the textbooks name them -------------------

@pytest.mark.parametrize("formula,de,en", [
    ("Na4SiO4", "Natriumorthosilicat", "sodium orthosilicate"),
    ("Ca2SiO4", "Calciumorthosilicat", "calcium orthosilicate"),
    ("Pb2SiO4", "Blei(II)-orthosilicat", "lead(II) orthosilicate"),
    ("Li2SiO3", "Lithiummetasilicat", "lithium metasilicate"),
    # s17e: still one rule for NaCrO2 and KAlO2, now the Red Book's for double oxides (no CrO2-/AlO2- ion in the solid)
    ("NaCrO2", "Chrom(III)-natriumoxid", "chromium(III) sodium oxide"),
    ("KAlO2", "Aluminiumkaliumoxid", "aluminium potassium oxide"),
])
def test_orthosilicates_and_chromites_are_named_as_the_crc_does(formula: str, de: str, en: str) -> None:
    """'Natriumsilicat' / 'sodium silicate' is water glass; the CRC names 'Lead(II) orthosilicate', 'Magnesium
    chromite' (read here from the CRC table); NaCrO2 by one rule with KAlO2."""
    assert (substance(formula, lang="de").name, substance(formula, lang="en").name) == (de, en)
    pytest.importorskip("chemicals")
    names = set(_crc_tables().values())
    assert {"Lead(II) orthosilicate", "Magnesium chromite", "Lithium metasilicate"} <= names


def test_dicalcium_silicate_carries_its_own_cas() -> None:
    """PubChem's record of Ca2SiO4 (CID 14941) gives CAS 1344-95-2, which the CRC table names 'Calcium metasilicate'
    (CaSiO3); dicalcium silicate's CAS is 10034-77-2."""
    pytest.importorskip("chemicals")
    entry = reference()["substances"]["Ca2O4Si"]
    assert _crc_tables().get("1344-95-2") == "Calcium metasilicate"
    assert entry[1] == "10034-77-2", entry[:3]
