"""Data Lows of review 25f (issue 25, session 13): the cage oxides M4O6 (L8), antimony "pentasulfide" (L8), salts
kept as hydrates, a platinum sulfate that is not known, the school isomer of a composition, condensed formulas.

Each expected value is checked against a source that is not the shipped data file: RDKit's
``CalcOxidationNumbers`` on a structure written here, pymatgen's oxidation-state guesses, molmass, the CRC
inorganic and organic tables and the PubChem identifier tables shipped in ``chemicals``; the books are named
at each test (Greenwood & Earnshaw 2nd ed. = GE, Holleman-Wiberg 102nd ed. = HW).
"""
from __future__ import annotations

import importlib.util
import re
from fractions import Fraction

import pytest

from chemgames.chemistry import substance

_DATA_LIBS = all(importlib.util.find_spec(m) for m in ("rdkit", "pymatgen", "chemicals", "molmass"))
needs_data = pytest.mark.skipif(not _DATA_LIBS, reason="rdkit, pymatgen-core, chemicals, molmass: pip install -e .[data]")


def _rdkit_numbers(smiles: str) -> dict[str, set[int]]:
    from rdkit import Chem
    from rdkit.Chem import rdMolDescriptors

    mol = Chem.MolFromSmiles(smiles)  # implicit hydrogens, as RDKit's documentation asks (explicit H read 0 for C)
    rdMolDescriptors.CalcOxidationNumbers(mol)
    out: dict[str, set[int]] = {}
    for atom in mol.GetAtoms():
        out.setdefault(atom.GetSymbol(), set()).add(atom.GetIntProp("OxidationNumber"))
    return out


def _mass(formula: str) -> float:
    from molmass import Formula

    return Formula(formula).mass


# L8: cubic Sb2O3 (senarmontite) and As2O3 (arsenolite) are crystals of M4O6 cage molecules, the vapour of both is
# M4O6, as P4O6 is the molecule of "P2O3" (GE ch. 13 'Arsenic, Antimony and Bismuth', oxides; ch. 12 P4O6, P4O10;
# HW Arsenolith, Senarmontit). The empirical oxide and the molecule are both known, with the same numbers.
CAGES = [("P4O6", "P2O3", "P", 3), ("As4O6", "As2O3", "As", 3), ("Sb4O6", "Sb2O3", "Sb", 3), ("P4O10", "P2O5", "P", 5)]
_CAGE = "{0}12O{0}3O{0}(O1)O{0}(O2)O3"


@pytest.mark.parametrize("molecule, empirical, element, ox", CAGES)
def test_the_cage_molecule_and_its_empirical_oxide_agree(molecule, empirical, element, ox):
    m, e = substance(molecule, lang="en"), substance(empirical, lang="en")
    assert m.label == e.label == "exists"
    assert m.formula == molecule and m.bonding == "molecular" and m.kind == "molecule"
    assert m.oxidation_states == e.oxidation_states == {element: ox, "O": -2}
    assert m.name.startswith("tetra") and m.name.endswith("oxide")


@needs_data
@pytest.mark.parametrize("element", ["As", "Sb"])
def test_the_cage_numbers_and_mass_by_independent_tools(element):
    smiles = _CAGE.format(f"[{element}]")
    assert _rdkit_numbers(smiles) == {element: {3}, "O": {-2}}  # RDKit on the adamantane cage written here
    assert _mass(f"{element}4O6") == pytest.approx(2 * _mass(f"{element}2O3"))  # molmass: two formula units
    from pymatgen.core import Composition

    assert Composition(f"{element}4O6").oxi_state_guesses()[0] == {element: 3.0, "O": -2.0}
    assert substance(f"{element}4O6").oxidation_states[element] == 3


def test_antimony_pentasulfide_claims_no_disputed_numbers():
    """'Antimony(V) sulfide' (CRC 1315-04-4) is an amorphous polymeric solid; by Mössbauer spectra Sb(III) with S-S
    bonds (HW, Antimonsulfide): no molecule, no Sb +5 claimed, a note that says why."""
    for lang, word in (("de", "umstritten"), ("en", "disputed")):
        s = substance("Sb2S5", lang=lang)
        assert s.label == "exists" and s.bonding == "network" and s.kind == "network"
        assert s.oxidation_states is None and s.average is None
        assert s.note_key == "disputed_ox" and word in s.note and "Sb₂S₅" in s.note
    # stibnite: ribbons (Sb4S6)n, no molecules (GE 'Arsenic, Antimony and Bismuth', sulfides), Sb +3 undisputed
    s = substance("Sb2S3")
    assert s.bonding == "network" and s.oxidation_states == {"Sb": 3, "S": -2} and s.note is None


@needs_data
def test_antimony_sulfides_are_in_the_crc_table():
    from chemicals.miscdata import CRC_inorganic_data as crc

    assert crc.loc["1315-04-4", "Chemical"] == "Antimony(V) sulfide"
    assert crc.loc["1345-04-6", "Chemical"] == "Antimony(III) sulfide"


# salts a school has only as the hydrate: the CRC table lists the hydrate (CAS), and the note names it
HYDRATES = [
    ("Al(NO3)3", "Al(NO3)3·9H2O", "7784-27-2", "Aluminum nitrate nonahydrate", "d"),
    ("Ni(NO3)2", "Ni(NO3)2·6H2O", "13478-00-7", "Nickel(II) nitrate hexahydrate", "d"),
    ("Cu(NO3)2", "Cu(NO3)2·3H2O", "10031-43-3", "Copper(II) nitrate trihydrate", "dk"),
    ("Co(NO3)2", "Co(NO3)2·6H2O", "10026-22-9", "Cobalt(II) nitrate hexahydrate", ""),
    ("Zn(NO3)2", "Zn(NO3)2·6H2O", "10196-18-6", "Zinc nitrate hexahydrate", ""),
    ("Bi(NO3)3", "Bi(NO3)3·5H2O", "10035-06-0", "Bismuth nitrate pentahydrate", "d"),
    # the sweep's salts of the deck (tools/composable_real.py) from PubChem's anhydrous records
    ("Fe(NO3)3", "Fe(NO3)3·9H2O", "7782-61-8", "Iron(III) nitrate nonahydrate", "d"),
    ("Cr(NO3)3", "Cr(NO3)3·9H2O", "7789-02-8", "Chromium(III) nitrate nonahydrate", "d"),
    ("Cu(ClO4)2", "Cu(ClO4)2·6H2O", "10294-46-9", "Copper(II) perchlorate hexahydrate", ""),
    ("Pb(ClO4)2", "Pb(ClO4)2·3H2O", "13637-76-8", "Lead(II) perchlorate trihydrate", ""),
]
_WATER = {"mono": 1, "di": 2, "tri": 3, "tetra": 4, "penta": 5, "hexa": 6, "hepta": 7, "octa": 8, "nona": 9, "deca": 10}


@pytest.mark.parametrize("formula, hydrate, cas, crc_name, flags", HYDRATES, ids=[h[0] for h in HYDRATES])
def test_a_salt_kept_as_a_hydrate_says_so(formula, hydrate, cas, crc_name, flags):
    de, en = substance(formula), substance(formula, lang="en")
    assert de.label == en.label == "exists" and de.formula == formula and de.bonding == "ionic"
    assert de.hydrate == en.hydrate == hydrate and de.note_key == en.note_key == "hydrate"
    water = hydrate.split("·")[1].replace("H2O", "")
    assert f"· {water} H₂O" in de.note and f"· {water} H₂O" in en.note
    assert de.note.startswith(f"{de.unicode} gibt es im Handel und in der Schule als Hydrat")
    assert ("zersetzt sich" in de.note) == ("d" in flags) == ("decomposes" in en.note)
    assert ("trotzdem bekannt" in de.note) == ("k" in flags) == ("known all the same" in en.note)


@needs_data
@pytest.mark.parametrize("formula, hydrate, cas, crc_name, flags", HYDRATES, ids=[h[0] for h in HYDRATES])
def test_the_hydrate_is_the_crc_row_and_the_numbers_are_pymatgen_s(formula, hydrate, cas, crc_name, flags):
    from chemicals.miscdata import CRC_inorganic_data as crc
    from molmass import Formula
    from pymatgen.core import Composition

    assert crc.loc[cas, "Chemical"] == crc_name
    n = _WATER[re.search(r"(\w+?)hydrate$", crc_name)[1]]
    salt = Formula(formula)
    assert Formula(hydrate.replace("·", ".")).mass == pytest.approx(salt.mass + n * Formula("H2O").mass)
    metal = re.match(r"[A-Z][a-z]?", formula)[0]
    # pymatgen's common states lack Cl +7: perchlorate's chlorine given as GE 'The Halogens' has it
    guess = Composition(formula).oxi_state_guesses(oxi_states_override={"Cl": [7]} if "ClO4" in formula else None)[0]
    assert substance(formula).oxidation_states[metal] == Fraction(guess[metal]).limit_denominator(6)


@needs_data
def test_iron_ii_nitrate_is_kept_as_the_hexahydrate_of_pubchem_s_record():
    """No CRC row: PubChem's hydrate record in chemicals' identifier tables (CID 26080) is Fe(NO3)2·6H2O."""
    from chemicals.identifiers import search_chemical
    from molmass import Formula

    c = search_chemical("13520-68-8")
    assert Formula(c.formula).formula == Formula("Fe(NO3)2(H2O)6").formula
    s = substance("Fe(NO3)2", lang="en")
    assert (s.label, s.hydrate, s.note_key) == ("exists", "Fe(NO3)2·6H2O", "hydrate") and "decomposes" in s.note


def test_uranium_iv_nitrate_is_known_only_in_solution():
    """U(NO3)4: nitric acid solutions kept reduced with hydrazine (AERE-R-3938, Harwell 1962); no solid described."""
    s = substance("U(NO3)4")
    assert (s.label, s.note_key, s.hydrate) == ("exists", "solution_only", None)
    assert s.oxidation_states == {"U": 4, "N": 5, "O": -2}


@needs_data
def test_anhydrous_nickel_nitrate_is_pubchem_s_record():
    """The vetted Ni(NO3)2 row carries the anhydrous salt's PubChem record (chemicals' identifier tables)."""
    from chemicals.identifiers import search_chemical

    s = substance("Ni(NO3)2")
    c = search_chemical(s.cas)
    assert (c.pubchemid, c.formula) == (s.pubchem_cid, "N2NiO6")


@needs_data
def test_no_platinum_ii_sulfate():
    """PubChem files a 'platinum(II) sulfate' (CID 62023), but no binary Pt(II) sulfate is known: platinum's binary
    sulfate is Pt2(HSO4)2(SO4)2 with Pt(III) dumbbells (Pley and Wickleder, Angew. Chem. Int. Ed. 43 (2004) 4168), and
    the CRC table has no platinum sulfate: the reference does not call it a substance."""
    from chemicals.miscdata import CRC_inorganic_data as crc

    assert not any("platinum" in n.lower() and "sulfate" in n.lower() for n in crc["Chemical"])
    s = substance("PtSO4")
    assert s.label == "unknown" and s.name is None and s.oxidation_states is None


# the school substance of a composition several records share: the 20 proteinogenic amino acids (JCBN 1983), then the
# unbranched acid of the homologous series (Blue Book 2013 P-65.1.1), not the lowest PubChem CID
ISOMERS = [
    ("C5H11NO2", "L-Valin", "L-valine", "72-18-4", "CC(C)[C@H](N)C(=O)O"),
    ("C6H13NO2", "L-Leucin", "L-leucine", "61-90-5", "CC(C)C[C@H](N)C(=O)O"),
    ("C4H9NO3", "L-Threonin", "L-threonine", "72-19-5", "C[C@@H](O)[C@H](N)C(=O)O"),
    ("C9H11NO2", "L-Phenylalanin", "L-phenylalanine", "63-91-2", "N[C@@H](Cc1ccccc1)C(=O)O"),
    ("C9H11NO3", "L-Tyrosin", "L-tyrosine", "60-18-4", "N[C@@H](Cc1ccc(O)cc1)C(=O)O"),
    ("C11H12N2O2", "L-Tryptophan", "L-tryptophan", "73-22-3", "N[C@@H](Cc1c[nH]c2ccccc12)C(=O)O"),
    ("C5H10O2", "Pentansäure", "pentanoic acid", "109-52-4", "CCCCC(=O)O"),
    ("C6H12O2", "Hexansäure", "hexanoic acid", "142-62-1", "CCCCCC(=O)O"),
]


@pytest.mark.parametrize("formula, de, en, cas, smiles", ISOMERS, ids=[i[0] for i in ISOMERS])
def test_a_composition_names_the_school_isomer(formula, de, en, cas, smiles):
    s = substance(formula)
    assert (s.label, s.name, substance(formula, lang="en").name, s.cas) == ("exists", de, en, cas)


@needs_data
@pytest.mark.parametrize("formula, de, en, cas, smiles", ISOMERS, ids=[i[0] for i in ISOMERS])
def test_the_school_isomer_is_the_crc_row_and_its_numbers_rdkit_s(formula, de, en, cas, smiles):
    from chemicals.identifiers import search_chemical
    from chemicals.miscdata import CRC_organic_data as crc
    from rdkit import Chem

    assert crc.loc[cas, "Name"].lower() == en.lower()
    record = search_chemical(cas)
    assert Chem.CanonSmiles(record.smiles) == Chem.CanonSmiles(smiles)  # PubChem's structure is the one written here
    numbers = _rdkit_numbers(smiles)
    s = substance(formula)
    for e, values in numbers.items():
        assert set(s.average.get(e, (s.oxidation_states[e],))) == values


@pytest.mark.parametrize("text, composition", [("CH3COOCH3", "C₃H₆O₂"), ("HCOOC2H5", "C₃H₆O₂"), ("C2H5SH", "C₂H₆S"),
                                               ("CH3SCN", "C₂H₃NS")])
def test_a_condensed_formula_of_another_isomer_is_read_as_a_composition_and_says_so(text, composition):
    """Methyl acetate, ethyl formate, ethanethiol and methyl thiocyanate are not the reference's substances of their
    compositions (propanoic acid, dimethyl sulfide, methyl isothiocyanate): the answer says it read a composition."""
    for lang, words in (("de", "unterscheidet keine Isomere"), ("en", "tells no isomers")):
        s = substance(text, lang=lang)
        assert s.note_key == "isomers" and words in s.note and composition in s.note and s.name in s.note


@pytest.mark.parametrize("text", ["C2H5OH", "CH3CH2OH", "CH3COOH", "HCOOH", "C2H5OC2H5", "CH3COONa", "C3H6O2",
                                  "CH3COOC2H5", "NH4SCN"])
def test_the_reference_s_own_formulas_get_no_isomer_note(text):
    assert substance(text).note_key != "isomers"
