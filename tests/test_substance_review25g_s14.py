"""#25 follow-up (session 14): review25g's Lows, each checked against a source outside our data file (RDKit on a
SMILES written here, the CRC tables in ``chemicals``, or a textbook statement quoted with its citation)."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from chemgames.chemistry.substances import substance


def _rdkit_numbers(smiles: str) -> dict[str, tuple[Fraction, ...]]:
    """Each heavy element's oxidation numbers, sorted, by RDKit's IUPAC rule on a structure written by hand
    (implicit hydrogens, as the GUIDE says: explicit ones give RDKit's rule other bonds)."""
    Chem = pytest.importorskip("rdkit.Chem")
    from rdkit.Chem import rdMolDescriptors

    mol = Chem.MolFromSmiles(smiles)
    rdMolDescriptors.CalcOxidationNumbers(mol)
    out: dict[str, list[Fraction]] = {}
    for atom in mol.GetAtoms():
        out.setdefault(atom.GetSymbol(), []).append(Fraction(atom.GetIntProp("OxidationNumber")))
    return {e: tuple(sorted(v)) for e, v in out.items()}


def _shown_numbers(formula: str) -> dict[str, tuple[Fraction, ...]]:
    s = substance(formula)
    counts = Counter()
    from chemgames.chemistry.formula import parse_formula

    counts.update(parse_formula(formula).counts)
    return {e: tuple(sorted(Fraction(x) for x in (s.average or {}).get(e, (q,) * counts[e])))
            for e, q in s.oxidation_states.items()}


@pytest.mark.parametrize("formula, smiles, names_de, name_en", [
    # ethane-1,2-diamine, the ligand 'en' (IUPAC Red Book 2005, Table VII); not 1,2-dimethylhydrazine CNNC (C -2, N -2)
    ("C2H8N2", "NCCN", ("1,2-Ethandiamin", "Ethylendiamin", "Ethan-1,2-diamin"), "1,2-ethanediamine"),
    # butane-1,4-diol, the unbranched diol; not tert-butyl hydroperoxide CC(C)(C)OO (O -1)
    ("C4H10O2", "OCCCCO", ("1,4-Butandiol", "Butan-1,4-diol"), "1,4-butanediol"),
])
def test_the_school_isomer_of_a_composition_with_rdkits_numbers(formula, smiles, names_de, name_en):
    """review25g G6: C2H8N2 read '1,2-Dimethylhydrazin' (C -2, N -2), C4H10O2 'tert-Butylhydroperoxid' (O -1)."""
    s = substance(formula)
    assert s.known and s.name in names_de and s.name_in("en") == name_en, (s.name, s.name_in("en"))
    shown = _shown_numbers(formula)
    assert {e: v for e, v in shown.items() if e != "H"} == _rdkit_numbers(smiles), shown


def test_manganite_is_known_as_mno_oh_and_no_mn_oh_3():
    """review25g: MnO(OH) (manganite) was unknown and written "MnHO2", while the CRC row 'Manganese(III) hydroxide'
    (CAS 1332-63-4) was read from its name as Mn(OH)3. Sources outside our data: the CRC row's density in
    ``chemicals`` is manganite's (4.3 g/cm3; Handbook of Mineralogy, manganite: D = 4.29-4.34), the IMA list of
    minerals has manganite MnO(OH), and Holleman-Wiberg, 'Manganit', Greenwood & Earnshaw, ch. 24: Mn(III) gives
    MnO(OH) and Mn2O3, no Mn(OH)3. pymatgen guesses the numbers of the composition independently."""
    miscdata = pytest.importorskip("chemicals.miscdata")
    row = miscdata.CRC_inorganic_data.loc["1332-63-4"]
    assert row["Chemical"] == "Manganese(III) hydroxide" and 4290 <= row["rho"] <= 4340
    s = substance("MnO(OH)")
    assert (s.known, s.formula, s.oxidation_states["Mn"]) == (True, "MnO(OH)", 3), (s.label, s.formula)
    assert substance("MnHO2").formula == "MnO(OH)"  # any element order reads the same substance
    guesses = pytest.importorskip("pymatgen.core").Composition("MnO2H").oxi_state_guesses()
    assert any(g.get("Mn") == 3 and g.get("O") == -2 and g.get("H") == 1 for g in guesses), guesses
    assert not substance("Mn(OH)3").known


@pytest.mark.parametrize("atoms, written", [("TiHO2", "TiO(OH)"), ("VHO2", "VO(OH)"), ("NiHO2", "NiO(OH)"),
                                            ("CoHO2", "CoO(OH)")])
def test_an_unknown_oxide_hydroxide_is_written_m_o_oh(atoms, written):
    """review25g: the game-only oxide hydroxides read "TiHO2", "VHO2" beside "CoO(OH)". Textbooks write the class
    MO(OH) whatever the metal's state (Greenwood & Earnshaw: FeO(OH) goethite, AlO(OH) boehmite, MnO(OH) manganite,
    VO(OH) montroseite, NiO(OH) of the nickel battery); and no hydride ion stands beside oxygen."""
    s = substance(atoms)
    assert not s.known and s.formula == written, (s.label, s.formula)


_WATERS = {"mono": 1, "di": 2, "tri": 3, "tetra": 4, "penta": 5, "hexa": 6, "hepta": 7, "octa": 8, "nona": 9,
           "deca": 10, "dodeca": 12}


@pytest.mark.parametrize("formula, cas", [
    ("Th(SO4)2", "10381-37-0"), ("Na2PtCl6", "16923-58-3"),  # handbook rows of the deck's sweep (s13k)
    ("Al(BrO3)3", "11126-81-1"), ("NH4Al(SO4)2", "7784-26-1"), ("NaNH4HPO4", "13011-54-6"),  # sweep, CRC second source
    ("UO2SO4", "20910-28-5"),
    ("Zn(CH3COO)2", "5970-45-6"), ("CaCrO4", "10060-08-9"), ("Pr2(SO4)3", "13510-41-3"),  # anhydrous salt of a CRC hydrate
    ("Ba(SCN)2", "68016-36-4"),  # a vetted row citing the CRC's hydrate
])
def test_a_salt_known_through_a_crc_hydrate_row_names_that_hydrate(formula, cas):
    """review25g: salts made known from a CRC hydrate row (Th(SO4)2 via 'Thorium(IV) sulfate nonahydrate') had no
    hydrate note, unlike the 11 nitrates and perchlorates. The number of waters is read here from the CRC row of
    the table in ``chemicals`` (independent of our data), and the note says the handbook lists the hydrate, not
    that a school has it."""
    miscdata = pytest.importorskip("chemicals.miscdata")
    import re

    crc = str(miscdata.CRC_inorganic_data.loc[cas]["Chemical"])
    m = re.search(r"(mono|di|tri|tetra|penta|hexa|hepta|octa|nona|deca|dodeca)hydrate$", crc)
    assert m, crc
    n = _WATERS[m[1]]
    s = substance(formula)
    assert s.known and s.note_key == "hydrate", (formula, s.note_key, s.note)
    assert s.hydrate == s.formula + "·" + (str(n) if n > 1 else "") + "H2O", (s.hydrate, crc)
    water = (f"{n} " if n > 1 else "") + "H₂O"
    assert s.note.startswith("Das Handbuch führt ") and f" · {water}: im Kristall" in s.note and "Schule" not in s.note
    en = substance(formula, lang="en").note
    assert en.startswith("The handbook lists ") and f" · {water}: water molecules" in en, en


def test_uranium_iv_nitrate_is_known_only_in_nitric_acid_and_no_hydrate():
    """review25g: U(NO3)4's note said "gelöst in Wasser (ein Salz auch als Hydrat)". The source: AERE-R-3938
    (Harwell 1962), 'The preparation, stabilisation and analysis of uranium(IV) nitrate solutions': uranium(IV)
    nitrate is made and kept as a solution in nitric acid, stabilised against oxidation with hydrazine; no solid
    salt or hydrate is described (Greenwood & Earnshaw, ch. 31: U(IV) in solution is oxidised by air and nitrate)."""
    s = substance("U(NO3)4")
    assert s.known and s.note_key == "solution_only" and s.hydrate is None
    de, en = s.note, substance("U(NO3)4", lang="en").note
    assert "Salpetersäure" in de and "Hydrazin" in de and "Wasser" not in de and "auch ein Hydrat" in de \
        and "nicht isoliert" in de, de
    assert "nitric acid" in en and "hydrazine" in en and "water" not in en and "nor a hydrate" in en, en


def test_the_game_says_where_uranium_iv_nitrate_is_kept():
    """The card game's own sentence for a substance known only dissolved (truth.how_known) reads the same medium."""
    from chemgames.chemistry.formula import parse_formula
    from chemgames.games.chemiekarten.reference import identify
    from chemgames.games.chemiekarten.truth import Step, how_known

    identity = identify(tuple(sorted(parse_formula("U(NO3)4").counts.items())))
    step = Step(how_known(identity, "U(NO₃)₄"))
    assert "Salpetersäure" in step.text("de") and "Wasser" not in step.text("de"), step.text("de")
    assert "nitric acid" in step.text("en"), step.text("en")
    # the others speak of water (H2CO3, HClO and the hydrogencarbonates have their own since s15e, H2SO3 since s24i:
    # SO2 and HSO3- in water)
    h2so3 = Step(how_known(identify((("H", 2), ("O", 3), ("S", 1))), "H₂SO₃"))
    assert "in Wasser" in h2so3.text("de") and "Salpetersäure" not in h2so3.text("de")


def _rdkit_resonance_mean(forms: tuple[str, ...]) -> list[Fraction]:
    """Each atom's oxidation number averaged over the resonance forms written here (RDKit, IUPAC rule)."""
    Chem = pytest.importorskip("rdkit.Chem")
    from rdkit.Chem import rdMolDescriptors

    per_form = []
    for smiles in forms:
        mol = Chem.MolFromSmiles(smiles)
        rdMolDescriptors.CalcOxidationNumbers(mol)
        per_form.append([Fraction(a.GetIntProp("OxidationNumber")) for a in mol.GetAtoms()])
    return [sum(col, Fraction(0)) / len(forms) for col in zip(*per_form)]


@pytest.mark.parametrize("formula", ["KO3", "CsO3", "RbO3"])
def test_an_ozonide_says_its_oxygen_number_is_a_mean(formula):
    """review25g: ozonides showed O -1/3 as if every O atom had it. RDKit on the two resonance forms of O3-
    written here ([O-]O[O] and [O]O[O-]) gives the ends -1/2 and the centre 0: the atoms are not alike, and -1/3
    (Holleman-Wiberg, Ozonide) is their mean. The game keeps the textbook's -1/3 and says it is a mean."""
    from chemgames.chemistry.formula import parse_formula
    from chemgames.games.chemiekarten.reference import identify
    from chemgames.games.chemiekarten.truth import accepted

    ends_centre = _rdkit_resonance_mean(("[O-]O[O]", "[O]O[O-]"))
    assert ends_centre == [Fraction(-1, 2), 0, Fraction(-1, 2)] and sum(ends_centre) / 3 == Fraction(-1, 3)
    identity = identify(tuple(sorted(parse_formula(formula).counts.items())))
    assert dict(identity.oxidation)["O"] == Fraction(-1, 3)
    shown = formula.replace("3", "₃")
    _headline, steps = accepted(identity, shown, {})
    de = " ".join(s.text("de") for s in steps)
    en = " ".join(s.text("en") for s in steps)
    assert "O −1/3 (ein Mittelwert" in de or "O −⅓ (ein Mittelwert" in de, de
    assert "(an average" in en and "not alike" in en, en


def test_a_superoxide_keeps_one_number_for_alike_atoms():
    """KO2: RDKit on both resonance forms of O2- gives each O -1/2; the atoms are alike, no 'mean' is said."""
    from chemgames.games.chemiekarten.reference import identify
    from chemgames.games.chemiekarten.truth import accepted

    assert _rdkit_resonance_mean(("[O-][O]", "[O][O-]")) == [Fraction(-1, 2), Fraction(-1, 2)]
    _headline, steps = accepted(identify((("K", 1), ("O", 2))), "KO₂", {})
    assert "Mittelwert" not in " ".join(s.text("de") for s in steps)
