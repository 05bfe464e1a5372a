"""Names in words over the WHOLE data file (issue 25, session 12: s12a; recheck25de d-L2, d-L14, d-L15, e-L20,
x-ClCO). Each class is checked against a source outside chemgames' naming code:

* the IUPAC Red Book 2005 (RB; N. G. Connelly et al., RSC 2005) and its German edition (Liebscher et al.,
  Wiley-VCH 2008): IR-5.2 (the prefix 'mono' is omitted unless needed: CO carbon monoxide, FeP iron phosphide),
  IR-5.4 (compositional names of species with several electronegative constituents);
* the IUPAC Blue Book 2013 (BB) P-31.1.1 with German usage (Beyer-Walter): the triple bond's infix '-yn-' is
  '-in-' in German (Ethin, Propinsäure, Ethinyl);
* the names of the records themselves (the CRC's, PubChem's and the CAS 9CI names in the data and in
  ``chemicals``' ion table): what English words the German name must not keep;
* RDKit on a SMILES written here for the composition of the school substance.
"""
from __future__ import annotations

import importlib.util
import re
from functools import lru_cache

import pytest

from chemgames.chemistry import substance
from chemgames.chemistry.formula import FormulaError, parse_formula
from chemgames.chemistry.substances import is_metal, nomenclature, reference, reference_key


@lru_cache(maxsize=1)
def _rows() -> tuple[tuple[str, int, str, str | None, str | None, str, str], ...]:
    """(formula, charge, key, German name, English name, label, source name) of every data row (one pass)."""
    out = []
    for key, entry in reference()["substances"].items():
        m = re.fullmatch(r"(.*?)(?:([+-])(\d*))?", key)
        assert m is not None
        charge = (int(m[3] or 1) * (1 if m[2] == "+" else -1)) if m[2] else 0
        de, en = substance(m[1], charge), substance(m[1], charge, lang="en")
        out.append((m[1], charge, key, de.name, en.name, de.label, str(entry[3])))
    return tuple(out)


def _counts(formula: str) -> dict[str, int]:
    return dict(parse_formula(formula).counts)


# ----------------------------------------------------------------------------------------------- mono

def test_metal_compounds_that_exist_take_no_mono():
    """RB IR-5.2: 'mono' is left out unless needed to avoid confusion. FeP, CrN, UC, MnP, CrB, SnP read
    'Eisenmonophosphid', 'Chrommononitrid' … (review25e L20); a compound of one metal and simple anions that
    exists takes none (an organometallic's 'monobutyltin' is a substituent count, not
    this prefix), and no other composition of the same elements has its name (so none is needed)."""
    anide = nomenclature()["anide"]
    by_elements: dict[tuple[str, ...], dict[str, list[str]]] = {}
    checked = 0
    for formula, charge, key, de, en, label, _ in _rows():
        counts = _counts(formula)
        by_elements.setdefault(tuple(sorted(counts)), {}).setdefault(str(de), []).append(key)
        if charge or label != "exists" or not any(is_metal(e) for e in counts) or \
                any(e not in anide for e in counts if not is_metal(e)) or {"C", "H"} <= set(counts) or de is None:
            continue
        checked += 1
        assert "mono" not in de.lower() and "mono" not in str(en).lower(), (key, de, en)
    assert checked > 900, checked
    for formula in ("FeP", "CrN", "UC", "MnP", "CrB", "SnP"):
        s = substance(formula)
        assert "mono" not in str(s.name), (formula, s.name)
        assert by_elements[tuple(sorted(s.counts))][str(s.name)] == [reference_key(s.counts)]
    # the textbook names (Holleman-Wiberg: Eisenphosphid FeP beside Dieisenphosphid Fe2P)
    assert (substance("FeP").name, substance("Fe2P").name) == ("Eisenphosphid", "Dieisenphosphid")
    assert (substance("UC", lang="en").name, substance("UC2", lang="en").name) == ("uranium carbide", "uranium dicarbide")


def test_mono_stays_where_it_tells_two_substances_apart():
    """RB IR-5.2 examples: carbon monoxide, dinitrogen monoxide; a species known only briefly keeps it beside the
    bulk substance that has the plain name (AlCl aluminium monochloride, AlCl3 aluminium chloride)."""
    assert substance("CO", lang="en").name == "carbon monoxide"
    assert substance("N2O", lang="en").name == "dinitrogen monoxide"
    assert substance("AlCl", lang="en").name == "aluminium monochloride"
    assert substance("AlCl3", lang="en").name == "aluminium chloride"


# --------------------------------------------------------------------------------- English words in German

# English morphemes a German name never holds (the words of the English names in the data): the '-ous' of an acid,
# 'acid', '-yn-' (German '-in-'), element names and '-ide'/'-ate' endings, a doubled consonant an elision made
_ENGLISH = re.compile(r"ous\b|ous(?=[a-z]*(?:chlorid|bromid|iodid|fluorid))|\bacid|(?<!n)ide\b|ene\b|ane\b|ate\b|"
                      r"\bof\b|\band\b|sulfur(?!yl)|\biron|phosphorus|nitrogen|oxygen|yn|chloro(?!x)|bromo(?!c)|"
                      r"\biodo|amine\b|ylic\b|aldehyde\b|ketone|anhydride|mercury|copper|silver|ylene\b|"
                      r"(?<=[a-z])nnit(?!ril|rid)")  # Eisen + nitrid (Fe2N) is German; Arsen-nit is not


def test_german_names_hold_no_english_words():
    """'Phenylarsonousdiiodid', 'Phenylphosphonousdichlorid' (review25d L2), '2-Propynsäure' (L15),
    'Arsennit-Ion' (L14), '3-Methyl-1-pentyn-3-ol', 'Ethynylsilan': every German name of the data file is
    free of the English words its source name holds."""
    bad = [(key, de, en) for _, _, key, de, en, _, _ in _rows() if de and _ENGLISH.search(de)
           and "Pyrosulfuryl" not in de]
    assert not bad, bad[:20]


@pytest.mark.parametrize("smiles, de, en", [
    ("C#CC(=O)O", "2-Propinsäure", "2-propynoic acid"),  # propiolic acid (BB P-65.1.1: propiolic acid)
    ("C#C", "Ethin", "ethyne"),
])
def test_the_triple_bond_is_in_in_german(smiles, de, en):
    """BB P-31.1.1 'yne' = German 'in' (Beyer-Walter: Ethin, Propinsäure); the composition from RDKit."""
    rdkit = pytest.importorskip("rdkit.Chem.rdMolDescriptors")
    from rdkit import Chem

    formula = rdkit.CalcMolFormula(Chem.MolFromSmiles(smiles))
    assert (substance(formula).name, substance(formula, lang="en").name) == (de, en)


def test_the_triple_bond_infix_of_every_english_name_is_in_in_the_german_one():
    """Each name whose English source has '-yn-' (ethynyl, butyne, propynal, pentyn-3-ol) has '-in-' in German."""
    seen = 0
    for _, _, key, de, en, _, _ in _rows():
        if en and "yn" in en and de:
            seen += 1
            assert "yn" not in de and de.lower().count("in") >= en.count("yn"), (key, de, en)
    assert seen >= 15, seen


def test_an_ous_acid_derivative_is_named_by_the_german_acid():
    """phenylphosphonous dichloride: the dichloride of phenylphosphonous acid (German: phenylphosphonige Säure),
    Phenylphosphonigsäuredichlorid, as phenylphosphonic dichloride is Phenylphosphonsäuredichlorid and
    HNO2 esters are Salpetrigsäureester; the composition C6H5PCl2 from RDKit."""
    rdkit = pytest.importorskip("rdkit.Chem.rdMolDescriptors")
    from rdkit import Chem

    for smiles, de in (("ClP(Cl)c1ccccc1", "Phenylphosphonigsäuredichlorid"),
                       ("I[As](I)c1ccccc1", "Phenylarsonigsäurediiodid"),
                       ("O=P(Cl)(Cl)c1ccccc1", "Phenylphosphonsäuredichlorid")):
        assert substance(rdkit.CalcMolFormula(Chem.MolFromSmiles(smiles))).name == de


@pytest.mark.skipif(importlib.util.find_spec("chemicals") is None, reason="chemicals (pip install -e .[data])")
def test_the_arsenenite_ion_keeps_its_letters():
    """[AsO2]- is 'arsenenite' in the CAS 9CI name of its record (chemicals' Anion db, CAS 17306-35-3; the
    Red Book's infix '-en-' of HAsO2, arsenenous acid): the German name spells it so (Arsenenit), where the
    e rule had cut 'arsen-enite' to 'Arsennit' (review25d L14). Arsenite is [AsO3]3- (RB Table IX)."""
    import chemicals

    path = importlib.util.find_spec("chemicals").origin  # type: ignore[union-attr]
    assert path and chemicals
    from pathlib import Path

    names: list[str] = []
    with open(Path(path).parent / "Identifiers" / "Anion db.tsv", encoding="utf-8") as fh:
        for line in fh:
            p = line.rstrip("\n").split("\t")
            if p[1] == "17306-35-3":
                names = p[7:]
    assert "arsenenite" in names
    assert substance("[AsO2]-", lang="en").name == "arsenenite ion"
    assert substance("[AsO2]-").name == "Arsenenit-Ion"
    assert substance("[AsO3]3-").name == "Arsenit-Ion"


# ------------------------------------------------------------------------------------ formula as name

def test_no_name_is_only_a_formula():
    """ClCO and ClBF printed their formula as their name (recheck25de x-ClCO): every known species of the data
    has a name in words in both languages (the 'NCO radical' of spectroscopy says what it is); the short-lived ones without a name of their own take the Red
    Book's compositional name (IR-5.4: boron chloride fluoride, carbon chloride oxide)."""
    bad = []
    for formula, _, key, de, en, _, _ in _rows():
        for name in (de, en):
            word = str(name).replace(" ", "")
            try:
                if re.fullmatch(r"(?:[A-Z][a-z]?\d*)+", word) and parse_formula(word).counts == _counts(formula):
                    bad.append((key, name))
            except FormulaError:
                pass
    assert not bad, bad
    assert substance("ClBF", lang="en").name == "boron chloride fluoride"
    assert substance("ClCO").name == "Kohlenstoffchloridoxid"


# ------------------------------------------------------------------------------ the school isomer's record

# (SMILES written here for the substance a school book means, German names, English names): BB P-65.1.1.2
# retained acid names, P-22.2.1 heteromonocycles, JCBN 1983 amino acids; German as Beyer-Walter and school books
SCHOOL_ISOMERS = [
    ("OC(CC(=O)O)C(=O)O", {"Äpfelsäure", "DL-Äpfelsäure"}, {"malic acid", "DL-malic acid"}),  # not diglycolic acid
    ("OC(=O)CCC(=O)O", {"Bernsteinsäure"}, {"succinic acid"}),  # not methylmalonic acid
    ("c1cc[nH]c1", {"Pyrrol"}, {"pyrrole"}),  # not 3-butenenitrile
    ("C[C@H](N)C(=O)O", {"L-Alanin", "Alanin"}, {"L-alanine", "alanine"}),  # not beta-alanine
    ("OC(=O)/C=C\\C(=O)O", {"Maleinsäure", "Fumarsäure"}, {"maleic acid", "fumaric acid"}),  # not the dioxanedione
    ("C=CC(=O)O", {"Acrylsäure"}, {"acrylic acid"}),  # not 1,2-propanedione
    ("CC(C)[C@H](N)C(=O)O", {"L-Valin"}, {"L-valine"}),  # not 5-aminopentanoic acid
]


@pytest.mark.parametrize("smiles, de, en", SCHOOL_ISOMERS, ids=[s for s, _, _ in SCHOOL_ISOMERS])
def test_a_composition_names_the_isomer_school_books_mean(smiles, de, en):
    """review25d L12: the record of a composition is the school substance where IUPAC retains its name (the
    data's lowest-CID rule named C4H6O5 diglycolic acid, C4H6O4 methylmalonic acid, C4H5N 3-butenenitrile, C3H7NO2
    beta-alanine, C4H4O4 1,4-dioxane-2,5-dione); its oxidation numbers are that isomer's: RDKit's
    CalcOxidationNumbers on the SMILES written here (the IUPAC bond-graph rule), per element and per atom."""
    pytest.importorskip("rdkit")
    from collections import defaultdict

    from rdkit import Chem
    from rdkit.Chem import rdMolDescriptors

    mol = Chem.MolFromSmiles(smiles)
    formula = rdMolDescriptors.CalcMolFormula(mol)
    s, e = substance(formula), substance(formula, lang="en")
    assert s.label == "exists" and s.name in de and e.name in en, (formula, s.name, e.name)
    rdMolDescriptors.CalcOxidationNumbers(mol)
    values: dict[str, list[int]] = defaultdict(list)
    for atom in Chem.AddHs(mol).GetAtoms():
        if atom.HasProp("OxidationNumber"):
            values[atom.GetSymbol()].append(atom.GetIntProp("OxidationNumber"))
    values["H"] = [1] * dict(s.counts)["H"]  # AddHs after the call: H takes +1 on C, N, O
    assert s.oxidation_states is not None
    for element, numbers in values.items():
        assert s.oxidation_states[element] == sum(numbers) / len(numbers) or \
            float(s.oxidation_states[element]) == pytest.approx(sum(numbers) / len(numbers)), (formula, element)
        if len(set(numbers)) > 1:
            assert s.average is not None and sorted(s.average[element]) == sorted(numbers), (formula, element)


# ------------------------------------------------------------------ organometallics and organic salts (notation)

@pytest.mark.parametrize("smiles, written", [
    ("C[Pb](C)(C)C", "Pb(CH3)4"),  # tetramethyllead (Holleman-Wiberg: Pb(CH3)4), was 'C4H12Pb' (review25d L8)
    ("C[Hg]C", "Hg(CH3)2"),
    ("CC[Al](CC)CC", "Al(C2H5)3"),
    ("[H][Fe]([H])([C-]#[O+])([C-]#[O+])([C-]#[O+])[C-]#[O+]", "H2Fe(CO)4"),  # GE 19.7: H2Fe(CO)4, was 'C4H2FeO4'
])
def test_an_organometallic_is_written_by_its_ligands(smiles, written):
    """Red Book 2005 IR-4.4.3.2 / IR-10 and the textbooks: the metal and its ligands, not a Hill string; the
    formula reads back to the composition RDKit counts on the SMILES written here."""
    pytest.importorskip("rdkit")
    from rdkit.Chem import MolFromSmiles, rdMolDescriptors

    formula = rdMolDescriptors.CalcMolFormula(MolFromSmiles(smiles))
    s = substance(formula)
    assert s.known and s.formula == written and _counts(s.formula) == _counts(formula)


def test_every_organometallic_and_organic_salt_has_its_metal_in_front():
    """The class of review25d L8: every molecule of the data with a metal bonded to carbon groups is written by
    its ligands (metal first, or the hydrogens of a carbonyl hydride), and every salt of an organic anion the
    ion table does not know has its metal first (Na3C6H5O7, BaC4H4O6: the rule in docs/rules/chemiekarten.md);
    none keeps a Hill string that hides its metal in the middle ('C6H5Na3O7')."""
    seen = 0
    for formula, charge, key, *_ in _rows():
        counts = _counts(formula)
        metals = [e for e in counts if is_metal(e)]
        if charge or not metals or not {"C", "H"} <= set(counts):
            continue
        s = substance(formula)
        if s.kind not in ("salt", "molecule") or "COO" in s.formula:  # acetates, formates: the table's own ions
            continue
        seen += 1
        assert _counts(s.formula) == counts, (key, s.formula)
        head = re.match(r"[A-Z][a-z]?", s.formula)
        grignard = re.fullmatch(r"C\d*H\d+Mg(F|Cl|Br|I)", s.formula)  # RMgX, as every book writes it (GE 5.4)
        assert s.formula.startswith(("(", "[")) or grignard or (head is not None and (
            head[0] in metals or (head[0] == "H" and "(CO)" in s.formula))), (key, s.formula)
    assert seen >= 60, seen
