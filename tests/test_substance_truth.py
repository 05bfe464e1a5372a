"""Issue 25's findings, one scenario each: the substance reference tells the truth about a formula.

Expected values are textbook chemistry (Greenwood & Earnshaw, Chemistry of the Elements, 2nd ed.;
IUPAC Red Book 2005 and its German edition), not the engine's output. Each of these failed on the
reference before issue 25 (a formula-only PubChem match, oxidation numbers by formula rules).
"""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from chemgames.chemistry import substance

ROOT = Path(__file__).resolve().parents[1]


# inventions the old reference certified through mixture, fragment or other-substance records
@pytest.mark.parametrize("formula", ["ThH(HS)(O2)2", "MnC", "CuI2", "NFSiO4", "PuO2ICl", "PuO2HI", "PoIClO"])
def test_inventions_are_not_known(formula):
    s = substance(formula)
    assert s.label == "unknown" and not s.known
    assert s.name is None and s.oxidation_states is None and s.average is None and s.ions is None


def test_fragments_and_other_substances_are_not_called_what_the_cards_build():
    """FeCH2 is a gas-phase fragment (transient, never 'exists'), Fe +2 and C -4 by its bonds (the truth
    set, row FeCH2); NH4ClO as the cards build it (NH4+ and ClO-) does not exist: its composition is
    hydroxylammonium chloride [NH3OH]Cl, N -1, and the reference says that substance, not NH4ClO."""
    s = substance("FeCH2", lang="en")
    assert s.label == "transient" and s.oxidation_states == {"Fe": 2, "C": -4, "H": 1}
    s = substance("NH4ClO", lang="en")
    assert (s.label, s.formula, s.name) == ("exists", "[NH3OH]Cl", "hydroxylammonium chloride")
    assert s.oxidation_states["N"] == -1 and s.oxidation_states["Cl"] == -1


def test_same_composition_names_the_real_substance():
    """Cr + 2 ClO- has the composition of chromyl chloride: the reference names that, Cr +6."""
    s = substance("CrCl2O2", lang="en")
    assert (s.label, s.formula, s.name) == ("exists", "CrO2Cl2", "chromyl chloride")
    assert s.oxidation_states["Cr"] == 6 and s.ions is None and s.bonding == "molecular_exception"


# real substances the old reference called invented (broken formula strings in the tables)
REAL = [
    ("PuO2", "PuO2", "Plutonium(IV)-oxid", "plutonium(IV) oxide", {"Pu": 4, "O": -2}),
    ("NaTcO4", "NaTcO4", "Natriumpertechnetat", "sodium pertechnetate", {"Na": 1, "Tc": 7, "O": -2}),
    ("KBH4", "KBH4", "Kaliumborhydrid", "potassium borohydride", {"K": 1, "B": 3, "H": -1}),
    ("AlH3", "AlH3", "Aluminiumhydrid", "aluminium hydride", {"Al": 3, "H": -1}),
    ("Fe2SiO4", "Fe2SiO4", "Eisen(II)-orthosilicat", "iron(II) orthosilicate", {"Fe": 2, "Si": 4, "O": -2}),
    ("Cl3Am", "AmCl3", "Americium(III)-chlorid", "americium(III) chloride", {"Am": 3, "Cl": -1}),
    # BiOCl by the Red Book's example (IR-2.15(d), Example 8: BiClO bismuth chloride oxide), the cations of
    # CuFeO2 alphabetically in German too (IR-2.15(d): KMgF3 magnesium potassium fluoride): s14f findings 9, 10
    # (s17e: with the Stock number every bismuth salt of the data has, as IR-5.4.2.2 allows)
    ("BiClO", "BiOCl", "Bismut(III)-chloridoxid", "bismuth(III) chloride oxide", {"Bi": 3, "O": -2, "Cl": -1}),
    ("CuFeO2", "CuFeO2", "Eisen(III)-kupfer(I)-oxid", "copper(I) iron(III) oxide", {"Cu": 1, "Fe": 3, "O": -2}),
    ("RaSO4", "RaSO4", "Radiumsulfat", "radium sulfate", {"Ra": 2, "S": 6, "O": -2}),
    ("UO2F2", "UO2F2", "Uranylfluorid", "uranyl fluoride", {"U": 6, "O": -2, "F": -1}),
    ("NO2Cl", "NO2Cl", "Nitrylchlorid", "nitryl chloride", {"N": 5, "O": -2, "Cl": -1}),
    ("Hg2F2", "Hg2F2", "Quecksilber(I)-fluorid", "mercury(I) fluoride", {"Hg": 1, "F": -1}),
    ("C6H12O6", "C6H12O6", "Glucose", "glucose", {"C": 0, "H": 1, "O": -2}),
    ("Fe(CO)5", "Fe(CO)5", "Eisenpentacarbonyl", "iron pentacarbonyl", {"Fe": 0, "C": 2, "O": -2}),
    ("K2FeO4", "K2FeO4", "Kaliumferrat(VI)", "potassium ferrate(VI)", {"K": 1, "Fe": 6, "O": -2}),
    ("U3O8", "U3O8", "Triuranoctoxid", "triuranium octoxide", {"U": Fraction(16, 3), "O": -2}),
    ("H2SO5", "H2SO5", "Peroxomonoschwefelsäure", "peroxymonosulfuric acid", {"H": 1, "S": 6, "O": Fraction(-8, 5)}),
    # s17e: no AlO2- ion in the solid (AlO4 tetrahedra): named by its composition as de.wikipedia 'Aluminiumnatriumdioxid'
    ("NaAlO2", "NaAlO2", "Aluminiumnatriumoxid", "aluminium sodium oxide", {"Na": 1, "Al": 3, "O": -2}),
    ("HNCO", "HNCO", "Isocyansäure", "isocyanic acid", {"H": 1, "N": -3, "C": 4, "O": -2}),
    ("Am(OH)3", "Am(OH)3", "Americium(III)-hydroxid", "americium(III) hydroxide", {"Am": 3, "O": -2, "H": 1}),
]


@pytest.mark.parametrize("text, formula, de, en, ox", REAL, ids=[r[0] for r in REAL])
def test_real_substances_are_known_with_textbook_facts(text, formula, de, en, ox):
    s_de, s_en = substance(text), substance(text, lang="en")
    assert s_de.label == "exists" and s_de.formula == formula
    assert (s_de.name, s_en.name) == (de, en)
    assert s_de.oxidation_states == {e: Fraction(v) for e, v in ox.items()}


# oxidation numbers from structure (the IUPAC rule on the bond graph), per atom where they differ
@pytest.mark.parametrize("text, ox, average", [
    ("ClCP", {"C": -2, "P": 3, "Cl": -1}, {}),
    ("ClNCO", {"C": 4, "N": -1, "Cl": -1, "O": -2}, {}),
    ("SiH2Cl2", {"Si": 4, "H": -1, "Cl": -1}, {}),
    ("Fe(CO)5", {"Fe": 0, "C": 2, "O": -2}, {}),
    ("K4Fe(CN)6", {"K": 1, "Fe": 2, "C": 2, "N": -3}, {}),
    ("K2FeO4", {"K": 1, "Fe": 6, "O": -2}, {}),
    ("H2SO5", {"H": 1, "S": 6, "O": Fraction(-8, 5)}, {"O": (-2, -2, -2, -1, -1)}),
    ("U3O8", {"U": Fraction(16, 3), "O": -2}, {"U": (5, 5, 6)}),
    ("Fe3O4", {"Fe": Fraction(8, 3), "O": -2}, {"Fe": (2, 3, 3)}),
    ("O3", {"O": 0}, {}),
])
def test_oxidation_numbers_from_structure(text, ox, average):
    s = substance(text)
    assert s.oxidation_states == {e: Fraction(v) for e, v in ox.items()}
    assert dict(s.average) == average


def test_the_formula_is_never_rewritten_into_other_groups():
    assert substance("Fe(CO)5").formula == "Fe(CO)5"
    assert substance("C5FeO5").formula == "Fe(CO)5"


# labels: species known only briefly
@pytest.mark.parametrize("formula", ["AgH", "SO", "CS", "BH3", "HFS"])
def test_short_lived_species_are_transient(formula):
    s = substance(formula)
    assert s.label == "transient" and s.known and s.name


@pytest.mark.parametrize("formula", ["H2O", "NaCl", "Fe2O3", "CO2", "O3", "SiO2", "Fe"])
def test_bottled_substances_exist(formula):
    assert substance(formula).label == "exists"


# bonding: a class that agrees with its numbers
@pytest.mark.parametrize("formula, bonding", [
    ("SiO2", "network"), ("SiC", "network"), ("BN", "network"), ("C", "element"), ("O3", "element"),
    ("S8", "element"), ("HgCl2", "molecular_exception"), ("CrO3", "molecular_exception"),
    ("AuCl3", "molecular_exception"), ("Fe(CO)5", "molecular_exception"), ("WC", "network"),
    ("NaCl", "ionic"), ("HF", "molecular"), ("AgH", "molecular_exception"),
])
def test_bonding_classes(formula, bonding):
    assert substance(formula).bonding == bonding


@pytest.mark.parametrize("formula", ["AgH", "HF", "FeO", "FeS", "NH4Cl", "CuCl2", "NaCl", "H2O", "CO2", "HgCl2",
                                     "Fe2(SO4)3", "SiO2", "UCH2", "NaF2"])
def test_a_cited_electronegativity_difference_supports_the_claim(formula):
    s = substance(formula)
    diff = s.bonding_reason[1].get("en_difference")
    if diff is None:
        return
    if s.bonding == "ionic":
        assert diff >= 1.7, (formula, diff)
    else:
        assert s.bonding == "molecular" and diff < 1.7, (formula, diff)


def test_no_electronegativity_claim_for_agh_or_hf():
    assert "en_difference" not in substance("AgH").bonding_reason[1]
    assert "en_difference" not in substance("HF").bonding_reason[1]


# ions of the real substance
def test_ions_of_salts():
    assert substance("Fe2(SO4)3").ions == (("Fe", 3, 2), ("[SO4]2-", -2, 3))
    # mercury(I) nitrate is a salt of the Hg2 2+ ion; calomel is a molecular solid of Cl-Hg-Hg-Cl (GE 29.3.2; review25e)
    assert substance("Hg2(NO3)2").ions == (("[Hg2]2+", 2, 1), ("[NO3]-", -1, 2))
    assert substance("Hg2Cl2").ions is None and substance("Hg2Cl2").bonding == "molecular_exception"
    assert substance("CrO2Cl2").ions is None and substance("H2O").ions is None
    assert substance("Fe3O4").ions == (("Fe", 2, 1), ("Fe", 3, 2), ("O", -2, 4))


# formulas and names as a textbook writes them
def test_textbook_formulas_and_names():
    assert substance("Cl3Am").formula == "AmCl3"
    assert substance("AmO3H3").formula == "Am(OH)3"
    # no HgCl monomer: mercury(I) is Hg2 2+, so HgCl as the cards build it is half of Hg2Cl2
    hg = substance("ClHg")
    assert (hg.label, hg.formula, hg.oxidation_states) == ("exists", "Hg2Cl2", {"Cl": -1, "Hg": 1})
    # calomel: linear Cl-Hg-Hg-Cl molecules (GE 29.3.2; review25e M5), so no ions; the Hg-Hg pair stays
    assert hg.counts == {"Cl": 1, "Hg": 1} and hg.ions is None and hg.bonding == "molecular_exception"
    hg_nitrate = substance("HgNO3")
    assert hg_nitrate.formula == "Hg2(NO3)2" and hg_nitrate.ions == (("[Hg2]2+", 2, 1), ("[NO3]-", -1, 2))
    assert substance("BiClO").formula == substance("BiOCl").formula == "BiOCl"
    assert substance("CS").name == "Kohlenstoffmonosulfid"
    assert substance("NaAlO2").name == "Aluminiumnatriumoxid" and substance("NaAlO2").trivial_name == "Natriumaluminat"
    assert substance("HNCO", lang="en").name == "isocyanic acid" and substance("CHNO").formula == "HNCO"


@pytest.mark.parametrize("english, german", [
    ("sodium formate", "Natriumformiat"), ("lead(II) formate", "Blei(II)-formiat"), ("chloroethane", "Chlorethan"),
    ("2,3-dibromopropanoic acid", "2,3-Dibrompropansäure"), ("acetonitrile", "Acetonitril"),
    ("L-Glutamine", "L-Glutamin"), ("potassium dithionate", "Kaliumdithionat"), ("benzenethiol", "Benzolthiol"),
    ("benzyl alcohol", "Benzylalkohol"), ("tripotassium citrate", "Trikaliumcitrat"),
    ("tetrachloroethene", "Tetrachlorethen"), ("hexachloroethane", "Hexachlorethan"),
])
def test_german_spelling_of_english_names(english, german):
    """German chemical names as a German textbook spells them (Duden/IUPAC German edition)."""
    from chemgames.chemistry.substances import _german

    class A:  # the kind decides the rule: salts and molecules here
        kind = "salt" if " " in english and not english.endswith("acid") else "organic"

    assert _german(english, A) == german


def test_every_chemix_card_is_real_and_named():
    cards = json.loads((ROOT / "chemgames/games/chemix/data/cards.json").read_text(encoding="utf-8"))
    for card in cards["compounds"]:
        for lang in ("de", "en"):
            s = substance(card["formula"], lang=lang)
            assert s.label == "exists" and s.formula == card["formula"] and s.name, (card["formula"], lang)


def test_known_substances_of_the_data_are_named_in_both_languages():
    """Every known substance of the data has a German and an English name (organic molecules and
    salts with no school name: the German spelling of the confirming source's English name)."""
    from chemgames.chemistry.substances import reference

    missing = []
    english = []
    import re

    for key in reference()["substances"]:
        m = re.fullmatch(r"(.+?)([+-]\d+)?", key)
        s_de, s_en = substance(m[1], charge=int(m[2] or 0)), substance(m[1], charge=int(m[2] or 0), lang="en")
        if s_de.known and not (s_de.name and s_en.name):
            missing.append(key)
        elif s_de.known and _ENGLISH_IN_GERMAN.search(s_de.name or ""):
            english.append((key, s_de.name))
    assert not missing, missing[:40]
    # no English word left in a German name ('Benzylalcohol', 'Tripotassiumcitrat'): the whole data file
    assert not english, english[:40]


# English spellings and words that a German name never holds (Duden; IUPAC's German edition): alcohol →
# Alkohol, acid → Säure, the English element names, '-ide'/'-ate'/'-ane' endings, words like 'of'
_ENGLISH_IN_GERMAN = __import__("re").compile(
    r"alcohol|acid\b|sodium|potassium|sulphur|alumin(?:um)\b|cesium|\bof\b|\band\b|(?:ide|ate|ane|ene|ine|ous)\b",
    __import__("re").I)


def test_english_words_in_german_names_are_found():
    """The whole-file check above is not blind."""
    assert _ENGLISH_IN_GERMAN.search("Benzylalcohol") and _ENGLISH_IN_GERMAN.search("Tripotassiumcitrat")
    assert not _ENGLISH_IN_GERMAN.search("Benzylalkohol") and not _ENGLISH_IN_GERMAN.search("Natriumhydrogencarbonat")


def test_import_of_chemgames_loads_no_rdkit_or_pymatgen():
    import subprocess
    import sys

    code = ("import sys, chemgames; from chemgames.chemistry import substance; substance('Fe(CO)5'); "
            "assert not any(m.startswith(('rdkit', 'pymatgen', 'chemicals', 'mendeleev')) for m in sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


# --------------------------------------------------------------- a self-audit of the whole data file

def _every_known():
    import re

    from chemgames.chemistry.substances import reference

    for key in reference()["substances"]:
        m = re.fullmatch(r"(.+?)([+-]\d+)?", key)
        yield key, substance(m[1], charge=int(m[2] or 0))


_KINDS_OF_BONDING = {"ionic": {"salt", "acid"}, "molecular": {"molecule", "organic", "acid"},
                     "molecular_exception": {"molecule", "acid"}, "network": {"network", "metallic"},
                     "element": {"element"}, "metallic": {"metallic", "element"}, "atomic": {"element"}, "ion": {"ion"},
                     "metal_metal": {"network"}}  # clusters and chains of metal atoms: extended solids


def test_every_known_entry_is_consistent():
    """For each of the ~2,500 entries: the numbers add up to the charge, a salt's ions add up to the
    atoms and to zero charge, a cited ΔEN supports its claim, the formula reads back to the atoms."""
    from chemgames.chemistry.formula import parse_formula

    checked = 0
    for key, s in _every_known():
        counts = dict(s.counts)
        # the kind a caller reads agrees with the bonding class (recheck25c: "molecule" for FeP and for salts)
        assert s.kind in _KINDS_OF_BONDING[s.bonding], (key, s.kind, s.bonding)
        if s.oxidation_states is None:  # metal-like, or numbers the handbooks dispute (Sb2S5): none, and a sentence why
            assert (s.bonding_reason[0] == "metal_like" or s.note_key == "disputed_ox") and s.average is None, key
            assert s.note and substance(s.formula, lang="en").note, key
            checked += 1
            continue
        assert sum(v * counts[e] for e, v in s.oxidation_states.items()) == s.charge, key
        if s.ions:
            atoms: dict[str, int] = {}
            for ion, charge, n in s.ions:
                for e, k in parse_formula(ion).counts.items():
                    atoms[e] = atoms.get(e, 0) + k * n
            assert sum(charge * n for _, charge, n in s.ions) == 0, key
            # the ions hold ion_units formula units (GaCl2: Ga+ and [GaCl4]- are Ga2Cl4)
            assert atoms == {e: k * s.ion_units // s.formula_units for e, k in counts.items()}, (key, s.ions)
        if s.bonding_reason[0] == "polyatomic_cation":  # "a salt with a polyatomic cation" needs an onium
            # cation (NH4+, N(CH3)4+, PH4+, S(CH3)3+, H3O+); PoO2 and HBF4 were said to have one (Po is a metal
            # here, HBF4 an acid)
            assert set(counts) & {"N", "P", "S", "O"} and set(counts) & {"H", "C"}, key
        diff = s.bonding_reason[1].get("en_difference")
        assert diff is None or (diff >= 1.7) == (s.bonding == "ionic"), key
        assert dict(substance(s.formula, charge=s.charge if "[" not in s.formula else 0).counts) == counts, key
        checked += 1
    assert checked > 2000


def _states_the_elements_take() -> dict[str, set[int]]:
    """Every oxidation state mendeleev lists for an element (its main and extended states), and 0 (the
    element itself, the metal of a carbonyl): read from mendeleev, not from our data file's copy."""
    fetch = pytest.importorskip("mendeleev.fetch")
    el = fetch.fetch_table("elements")
    symbol = dict(zip(el.atomic_number, el.symbol))
    ox = fetch.fetch_table("oxidationstates")
    out: dict[str, set[int]] = {e: {0} for e in symbol.values()}
    for z, q in zip(ox.atomic_number, ox.oxidation_state):
        out[symbol[z]].add(int(q))
    return out


def test_no_entry_shows_an_oxidation_number_its_element_never_takes():
    """Over the whole data file, raw and as ``substance()`` shows it: every oxidation number of an
    atom is one its element takes (mendeleev's main or extended states, or 0); a share of a charge
    (KO2: O -1/2) lies between the element's lowest and highest state. Before, 20 entries broke this
    (CrB2 with B -3, WSi2 with W -6, Fe2P with P -5, the ions Po+, Tm4+ ...)."""
    from chemgames.chemistry.substances import reference

    takes = _states_the_elements_take()

    def wrong(element: str, values) -> list:
        out = []
        for v in values:
            v = Fraction(v)
            if v.denominator == 1 and int(v) not in takes[element]:
                out.append(v)
            elif v.denominator != 1 and not min(takes[element]) < v < max(takes[element]):
                out.append(v)
        return out

    bad = []
    for key, row in reference()["substances"].items():  # the raw per-atom numbers of each entry
        bad += [(key, e, wrong(e, values)) for e, values in row[5] if wrong(e, values)]
    for key, s in _every_known():  # what a student reads: the individual numbers, else the average
        for e, q in (s.oxidation_states or {}).items():
            values = (s.average or {}).get(e, (q,) * s.counts[e])
            if wrong(e, values):
                bad.append((key, e, wrong(e, values), "substance()"))
    assert not bad, bad


def test_the_oxidation_check_can_fail():
    """The check above is not blind: it reports the numbers the data had before (B -3, W -6, Po +1)."""
    takes = _states_the_elements_take()
    assert -3 not in takes["B"] and -6 not in takes["W"] and 1 not in takes["Po"] and -5 not in takes["P"]
    assert 4 not in takes["Tm"] and -1 not in takes["Tm"]


@pytest.mark.skipif(__import__("importlib").util.find_spec("pymatgen") is None, reason="pymatgen-core not installed")
def test_salts_agree_with_pymatgen_except_where_the_structure_knows_better():
    """pymatgen's oxi_state_guesses (ICSD statistics, a second method) agree with the numbers from
    structure for every inorganic salt of the data, except these, where pymatgen's uniform guess is
    chemically wrong (Greenwood & Earnshaw): Au(I) in the cyanides, Cl +7 in perchlorate beside NH4+,
    S +6 with peroxo O -1 in peroxodisulfate, Os +2 with S2 2- units in the pyrite-type OsS2 (the mineral
    erlichmanite; pymatgen guesses Os +4 and S -2, which would be no pyrite), P +1 in hypophosphite and the
    triiodide ion of NH4I3."""
    from pymatgen.core import Composition

    known_better = {"C2AuKN2", "CAuN", "ClH4NO4", "H8N2O8S2", "OsS2",
                    "SeTl",  # Tl(I)Tl(III)Se2 (Greenwood & Earnshaw, thallium chalcogenides): pymatgen guesses Tl +1, Se -1
                    # sodium hypophosphite: P +1 with two P-H bonds (GE 'Phosphorus', phosphinates; pymatgen H -1, P +5);
                    # ammonium triiodide: the I3- ion, I -1, 0, 0 (GE polyiodides; pymatgen N -1 beside I -1)
                    "H2NaO2P", "H4I3N",
                    # s15g: ammonium chlorate, Cl +5 in chlorate beside NH4+ as in the perchlorate (pymatgen N +3, Cl -1)
                    "ClH4NO3",
                    # s16i: plutonium(III) phosphate, Pu3+ beside PO4 3- (WP 'Plutonium(III) phosphate'; Bamberger et al.
                    # 1984, 'crystalline phosphates of plutonium(III)'); pymatgen guesses Pu +4 and P +4, no phosphate
                    "O4PPu"}
    disagree = set()
    for key, s in _every_known():
        counts = dict(s.counts)
        if s.bonding != "ionic" or ("C" in counts and "H" in counts):
            continue
        guesses = Composition(counts).oxi_state_guesses()
        ours = {e: float(v) for e, v in s.oxidation_states.items()}
        if guesses and not any(all(abs(ours[e] - float(g.get(e, 99))) < 1e-6 for e in ours) for g in guesses):
            disagree.add(key)
    assert disagree == known_better


@pytest.mark.parametrize("text, de, en", [
    ("C2H5NH2", "Ethylamin", "ethylamine"), ("C2H5OC2H5", "Diethylether", "diethyl ether"),
    ("CH3COOC2H5", "Ethylacetat", "ethyl acetate"), ("CH3COCl", "Acetylchlorid", "acetyl chloride"),
    ("C4H10", "Butan", "butane"),
])
def test_a_school_name_belongs_to_the_record_whose_numbers_are_shown(text, de, en):
    """Isomers share a composition: the school's substance is the record the numbers come from
    (butane: C −3, −3, −2, −2 of n-butane, not −3, −3, −3, −1 of isobutane)."""
    from chemgames.chemistry.substances import nomenclature, reference, reference_key

    s = substance(text)
    assert (s.name, substance(text, lang="en").name) == (de, en)
    key = reference_key(dict(s.counts))
    assert reference()["substances"][key][2] == nomenclature()["names"][key]["cid"]


@pytest.mark.skipif(__import__("importlib").util.find_spec("chemicals") is None, reason="chemicals not installed")
def test_substances_kept_only_in_water_say_so_and_no_handbook_lists_them_pure():
    """The acids and salts the data marks 'kept only in water' (H2CO3, HClO, NaClO ...) exist, say so in
    both languages, and are checked against two sources outside the data file: PubChem (in chemicals)
    has a record of the substance by its English name, and the CRC table of inorganic compounds has no
    melting or boiling point of it pure (NaClO only as its pentahydrate)."""
    from chemicals.identifiers import search_chemical
    from chemicals.miscdata import CRC_inorganic_data as crc

    from chemgames.chemistry.substances import reference

    marked = reference()["solution_only"]
    assert {"CH2O3", "ClNaO", "ClHO", "H2O3S"} <= set(marked), marked
    pure = {str(n).lower(): (tm, tb) for n, tm, tb in zip(crc["Chemical"], crc["Tm"], crc["Tb"])}
    for key in marked:
        de, en = substance(key), substance(key, lang="en")
        assert de.label == "exists" and de.note_key == en.note_key == "solution_only", key
        if reference().get("solution_media", {}).get(key) == "nitric_acid":  # U(NO3)4 (AERE-R-3938): not in water
            assert "Salpetersäure" in de.note and "nitric acid" in en.note and "Wasser" not in de.note, key
        else:
            assert "Wasser" in de.note and "water" in en.note, key
        if reference().get("composable", {}).get(key, "").startswith("handbook: Greenwood"):
            # Ca(HCO3)2, Mg(HCO3)2 (review25f F1): no record in chemicals' tables, the handbook's row is the source
            assert "only in aqueous solution" in reference()["composable"][key], key
        elif en.cas and key == "N4O12U":  # U(NO3)4: PubChem's record (CID 51003838) is named 'uranium(4+);tetranitrate'
            from molmass import Formula

            assert Formula(search_chemical(en.cas).formula).formula == Formula("U(NO3)4").formula, key
        elif key == "HO4Tc":  # pertechnetic acid: no record in chemicals' tables; the paper read is the second source
            assert "Soderquist et al., Inorg. Chem. 58 (2019) 14015" in marked[key], key
        else:
            assert search_chemical(en.name) is not None, (key, en.name)  # PubChem knows it by name
        tm, tb = pure.get(en.name.lower(), (float("nan"), float("nan")))
        assert tm != tm and tb != tb, (key, en.name, "the CRC lists it pure")
    assert substance("HIO").note_key is None  # hypoiodous acid is not kept even in water (GE): short-lived


@pytest.mark.parametrize("formula", ["CeI2", "PrI2", "GdI2", "LaI2"])
def test_metallic_lanthanide_diiodides_are_no_lanthanide_ii_salts(formula):
    """LaI2, CeI2, PrI2, GdI2 are metallic: Ln3+, two I- and an electron in a conduction band, no Ln(II)
    (Greenwood & Earnshaw ch. 30, the lanthanide dihalides; Holleman-Wiberg, Lanthanoid-dihalogenide).
    The reference never calls them 'Cer(II)-iodid' nor shows Ln +2; SmI2, EuI2, YbI2 stay Ln(II) (truth set)."""
    metal = formula[:2]
    for lang in ("de", "en"):
        s = substance(formula, lang=lang)
        assert "(II)" not in (s.name or "") and (s.oxidation_states or {}).get(metal) != 2, s
    assert substance("SmI2").oxidation_states["Sm"] == 2 and substance("SmI2").name == "Samarium(II)-iodid"


def test_thiophosphoryl_names_belong_to_psx3():
    """PSF3 and PSCl3 are thiophosphoryl fluoride and chloride (Holleman-Wiberg: Thiophosphorylchlorid; CRC
    2404-52-6, 3982-91-0, there misspelt 'Phosphorothioc trifluoride'); the short-lived F-P=S is not (Jacox)."""
    assert (substance("PSF3").name, substance("PSF3", lang="en").name) == ("Thiophosphorylfluorid", "thiophosphoryl fluoride")
    assert substance("PSCl3", lang="en").name == "thiophosphoryl chloride"
    s = substance("PFS", lang="en")
    assert s.label == "transient" and s.name == "phosphorus fluoride sulfide"


def test_silver_takes_a_stock_number_only_where_it_is_not_silver_i():
    """AgF2 is silver(II) fluoride (Greenwood & Earnshaw, 'Copper, Silver and Gold'; CRC 'Silver(II) fluoride');
    silver(I) salts are named without the number (Red Book IR-5.4 allows it for the one common state)."""
    assert substance("AgF2").name == "Silber(II)-fluorid" and substance("AgF2", lang="en").name == "silver(II) fluoride"
    assert substance("AgCl").name == "Silberchlorid"


def test_a_name_never_names_an_element_the_formula_lacks():
    """CH4O4S (buildable: 2 H2O2 + C + S) was 'Natriumformaldehydhydrogensulfit', the name of PubChem's record
    of the SODIUM salt (CAS 870-72-4) drawn as the free acid (review25c): the composition has no sodium. The
    whole data file: no German or English name of a known substance names a metal the formula does not hold."""
    from chemgames.chemistry.substances import element_name, is_metal, reference

    s = substance("CH4O4S", lang="en")
    assert "sodium" not in (s.name or "").lower()
    metals = {e: element_name(e, "en").lower() for e in reference()["elements"] if is_metal(e) and element_name(e, "en")}
    import re

    wrong = []
    for key in reference()["substances"]:
        m = re.fullmatch(r"(.+?)([+-]\d+)?", key)
        x = substance(m[1], charge=int(m[2] or 0), lang="en")
        if x.known and x.name:
            named = [e for e, w in metals.items() if e not in x.counts and re.search(r"\b" + w + r"\b", x.name.lower())]
            if named:
                wrong.append((key, x.name, named))
    assert not wrong, wrong[:20]


def test_hydrogen_on_arsenic_is_plus_one_as_on_phosphorus():
    """CH3AsH2 and (CH3)2AsH by the school convention of PH3 and AsH3 (H +1, As -3 in AsH3): As -1 and +1, not
    As +3 with H -1 beside AsH3's As -3 (review25c; Holleman-Wiberg, Arsane; the data's own PH3/CH3PH2 rule)."""
    assert substance("AsH3").oxidation_states == {"As": -3, "H": 1}
    assert substance("CH5As").oxidation_states == {"C": -4, "H": 1, "As": -1}
    assert substance("C2H7As").oxidation_states == {"C": -4, "H": 1, "As": 1}


def test_no_two_substances_of_the_data_share_a_german_name():
    """A name tells its substance apart (review25c found 12 pairs: [HSe]- and Se2- both 'Selenid-Ion', WO2Cl2 and
    WOCl4 both 'Wolfram(VI)-chlorid-oxid', three borate ions one 'Borat-Ion'). The Red Book's compositional and
    hydrogen names (IR-5, IR-8) tell them apart: CoAs2/CoAs3, which the CRC names both 'Cobalt arsenide', take the
    multiplying prefixes (Cobaltdiarsenid, Cobalttriarsenid); the gas-phase molecule AlBO2 is aluminium metaborate
    beside AlBO3 since the ion table holds the metaborate ion."""
    from collections import defaultdict

    from chemgames.chemistry.substances import reference
    import re

    by_name = defaultdict(list)
    for key in reference()["substances"]:
        m = re.fullmatch(r"(.+?)([+-]\d+)?", key)
        s = substance(m[1], charge=int(m[2] or 0))
        if s.known and s.name:
            by_name[s.name].append(key)
    shared = {name: sorted(keys) for name, keys in by_name.items() if len(keys) > 1}
    assert shared == {}, shared
