"""The textbook exceptions to the school rule (metal + non-metal: a salt of ions; non-metals only:
molecules), checked over the WHOLE data file (issue 25, review25d H1, M2-M8, M14, M15; review25e M3,
M5, M6).

Each rule is written here again from the periodic table (mendeleev's groups and series, not the
package's tables) and the formula, and every known substance it covers must carry the class it gives;
every substance of the new classes must be covered by a rule. Single substances are judged against
the hand-written truth set (tests/truth/rows.txt) by two sources each.
"""
from __future__ import annotations

import json
import math
import re
from fractions import Fraction
from functools import lru_cache

import pytest
from mendeleev_table import elements

from chemgames.chemistry.formula import parse_formula
from chemgames.chemistry.substances import DATA, reference, substance

HALOGENS = {"F", "Cl", "Br", "I"}
METAL_SERIES = {"Alkali metals", "Alkaline earth metals", "Transition metals", "Poor metals", "Lanthanides", "Actinides"}


@lru_cache(maxsize=None)
def _elements() -> dict[str, tuple[int | None, str]]:
    """symbol -> (group, series) from mendeleev, independent of the package's data file."""
    return {symbol: (e.group_id, e.series) for symbol, e in elements().items()}


def _data() -> dict[str, list]:
    return json.loads((DATA / "substances.json").read_text(encoding="utf-8"))["substances"]


def _binary_rows() -> list[tuple[str, dict[str, int], list]]:
    out = []
    for key, entry in _data().items():
        if re.search(r"[+-]\d+$", key) or entry[0] != "e":
            continue
        counts = dict(parse_formula(key).counts)
        if len(counts) == 2:
            out.append((key, counts, entry))
    return out


def _ox(entry: list, element: str) -> Fraction | None:
    values = [Fraction(str(v)) for v in dict(entry[5]).get(element, [])]
    return sum(values, Fraction(0)) / len(values) if values else None


def test_low_halides_of_the_heavy_group_5_to_7_metals_hold_metal_metal_bonds():
    """Cl, Br, I compounds of Nb, Ta, Mo, W, Re at +4 or lower: clusters or chains with metal-metal
    bonds (Greenwood & Earnshaw 22.3.5, 23.3.5, 24.3.5), never a salt of M2+/M3+/M4+ ions; and every
    substance read as metal-metal bonded is one of them."""
    covered, bad = set(), []
    for key, counts, entry in _binary_rows():
        metal = set(counts) & {"Nb", "Ta", "Mo", "W", "Re"}
        x = set(counts) - metal
        q = _ox(entry, next(iter(metal))) if metal else None
        if metal and x <= {"Cl", "Br", "I"} and q is not None and q <= 4:
            covered.add(key)
            s = substance(key)
            if s.bonding != "metal_metal" or s.ions is not None or \
                    s.bonding_reason[0] != ("metal_cluster" if q == 2 or (q == 3 and metal & {"Re", "W"}) else "metal_chain"):
                bad.append((key, s.bonding, s.bonding_reason[0], s.ions))
    assert {"Cl4W", "Cl2Mo", "Cl4Nb", "Br4Ta", "Cl3Re"} <= covered
    assert not bad
    others = [k for k, e in _data().items() if e[6] in ("c", "k") and k not in covered | _group_4_trihalides()]
    assert not others


def _group_4_trihalides() -> set[str]:
    """Keys of the Cl, Br, I compounds of the group-4 metals of periods 5 and 6 (mendeleev: Zr, Hf) at +3."""
    el = _elements()
    period = {symbol: e.period for symbol, e in elements().items()}
    out = set()
    for key, counts, entry in _binary_rows():
        metal = {e for e in counts if el[e][0] == 4 and el[e][1] == "Transition metals" and period[e] >= 5}
        if metal and set(counts) - metal <= {"Cl", "Br", "I"} and _ox(entry, next(iter(metal))) == 3:
            out.add(key)
    return out


def test_zirconium_and_hafnium_trihalides_are_chains_with_metal_metal_bonds():
    """recheck25de: ZrCl3, ZrBr3, ZrI3 were "Ein Salz … Zr³⁺". They are chains of face-sharing ZrX6 octahedra with
    Zr-Zr bonds along the chain (GE 21.3.3; ZrI3 pairs Zr-Zr 3.17/3.51 Å, Lachgar, Dudis, Corbett 1990), like MoBr3.
    The rule reaches group 4 of periods 5 and 6 only (mendeleev's group and period, not the package's tables):
    titanium's alpha-TiCl3 is a layer lattice (BiI3 type) and TiCl2 a CdI2 layer salt, which keep the school
    rule; 3R-ZrCl2 is a MoS2-type layer lattice without Zr clusters or chains (Cisar, Corbett, Daake 1979)."""
    trihalides = _group_4_trihalides()
    assert {"Cl3Zr", "Br3Zr", "I3Zr"} <= trihalides, trihalides
    for key in trihalides:
        s = substance(key)
        assert (s.bonding, s.bonding_reason[0], s.ions) == ("metal_metal", "metal_chain", None), key
    for formula in ("TiCl3", "TiCl2", "ZrCl2"):
        s = substance(formula)
        assert s.known and s.bonding == "ionic" and s.ions is not None, formula
    for formula in ("ZrCl4", "HfCl4"):  # chains without Zr-Zr bonds: their row of SOLID_STRUCTURES (s16d)
        assert substance(formula).bonding_reason[0] == "solid_structure", formula


def test_a_chain_solid_says_what_its_solid_is_and_names_the_ion_that_is_not_there():
    """recheck25de: BeCl2, BeBr2, BeI2 read "ein Stoff aus Molekülen", true of the vapour only. s16d: the solids of the
    beryllium halides are polymers of BeX4 tetrahedra in two crystal forms, chains of edge-sharing tetrahedra and a
    ZnI2-type framework of adamantane-like cages (en.wikipedia 'Beryllium chloride', 'Beryllium bromide'; Deubner et al.,
    Z. Naturforsch. B 75 (2020) 491; Buchner et al., Inorg. Chem. 59 (2020)): so not "long chains" alone. ZrCl4 is
    zigzag chains of edge-sharing ZrCl6 octahedra (GE 21.3.3), TcCl4 chains of TcCl6 octahedra (Johnstone et al.)."""
    from chemgames.games.chemiekarten.reference import identify
    from chemgames.games.chemiekarten.truth import bonding_steps

    for formula, ion, solid_de, solid_en in (
            ("BeCl2", "Be²⁺", "Ketten oder ein Gerüst, je nach Kristallform", "chains or a framework"),
            ("BeBr2", "Be²⁺", "Ketten oder ein Gerüst, je nach Kristallform", "chains or a framework"),
            ("BeI2", "Be²⁺", "Ketten oder ein Gerüst, je nach Kristallform", "chains or a framework"),
            ("ZrCl4", "Zr⁴⁺", "lange Ketten aus ZrCl₆-Oktaedern", "long chains of ZrCl₆ octahedra"),
            ("TcCl4", "Tc⁴⁺", "lange Ketten aus TcCl₆-Oktaedern", "long chains of TcCl₆ octahedra")):
        s = substance(formula)
        assert (s.bonding, s.bonding_reason[0], s.ions) == ("molecular_exception", "solid_structure", None), formula
        steps = bonding_steps(identify(tuple(sorted(parse_formula(formula).counts.items()))))
        de, en = steps[0].text("de"), steps[0].text("en")
        assert f"kein Salz aus {ion}-Ionen" in de and solid_de in de and "Stoff aus Molekülen (wie" not in de, de
        assert f"not a salt of {ion} ions" in en and solid_en in en, en
    # the gas is named only where a source read names its molecules (BeBr2, BeI2: dimers; TcCl4: none read)
    for formula, gas in (("BeCl2", True), ("ZrCl4", True), ("BeBr2", False), ("BeI2", False), ("TcCl4", False)):
        de = bonding_steps(identify(tuple(sorted(parse_formula(formula).counts.items()))))[0].text("de")
        assert ("Als Gas ein Stoff aus" in de) == gas, de


def test_a_cluster_or_chain_sentence_names_the_ion_that_is_not_there():
    from chemgames.games.chemiekarten.reference import identify
    from chemgames.games.chemiekarten.truth import bonding_steps

    for formula, ion, word in (("WCl4", "W⁴⁺", "Ketten"), ("MoCl2", "Mo²⁺", "Cluster")):
        steps = bonding_steps(identify(tuple(sorted(parse_formula(formula).counts.items()))))
        de, en = steps[0].text("de"), steps[0].text("en")
        assert f"kein Salz aus {ion}-Ionen" in de and word in de and "Metall-Metall-Bindungen" in de, de
        assert f"not a salt of {ion} ions" in en and "metal–metal bonds" in en, en


def test_metallic_mono_compounds_carry_no_oxidation_numbers():
    """1:1 antimonides and bismuthides of groups 4-10 (NiAs type), actinide mononitrides (rock salt,
    metallic like UC), Sn/Pb/Bi with P, As, Sb, Bi: metal-like, no numbers, no ions."""
    el = _elements()
    covered, bad = set(), []
    for key, counts, entry in _binary_rows():
        metals = [e for e in counts if el[e][1] in METAL_SERIES]
        if len(metals) != 1 or len(set(counts.values())) != 1:
            continue
        a = metals[0]
        (b,) = set(counts) - {a}
        ga, sa = el[a]
        rule = (sa == "Transition metals" and ga is not None and 4 <= ga <= 10 and b in ("Sb", "Bi")) or \
            (sa == "Actinides" and b == "N") or (a in ("Sn", "Pb", "Bi") and b in ("P", "As", "Sb", "Bi") and a != b)
        if not rule:
            continue
        covered.add(key)
        s = substance(key)
        if s.oxidation_states is not None or s.ions is not None or s.bonding_reason[0] != "metal_like":
            bad.append((key, s.bonding, s.oxidation_states))
    assert {"CrSb", "NiSb", "NPu", "NU", "PSn", "BiSb"} <= covered, covered
    assert not bad


def test_a_doubled_record_is_keyed_by_its_formula_unit():
    """PubChem draws bismuth antimonide as Bi2Sb2 and bismuth telluride as Bi4Te6; no binary metal
    compound whose non-metal is a single anion (Sb3-, Te2-) is keyed by two formula units."""
    lowest = {"N": -3, "P": -3, "As": -3, "Sb": -3, "O": -2, "S": -2, "Se": -2, "Te": -2, "F": -1, "Cl": -1,
              "Br": -1, "I": -1}
    doubled = []
    for key, counts, entry in _binary_rows():
        x = [e for e in counts if e in lowest]
        if len(x) == 1 and "Hg" not in counts and math.gcd(*counts.values()) > 1 and \
                _ox(entry, x[0]) == lowest[x[0]] and entry[6] in ("i", "n"):
            doubled.append(key)
    assert not doubled
    assert (substance("Bi2Sb2").formula, substance("Bi2Sb2").formula_units) == ("BiSb", 2)
    assert substance("Bi2Te3").known and substance("Bi4Te6").formula == "Bi2Te3"
    assert substance("Mo6Cl12").formula == "MoCl2" and substance("Mo6Cl12").formula_units == 6


def test_beryllium_and_mercury_one_halides_are_not_salts():
    """BeCl2, BeBr2, BeI2: covalent polymers of BeX4 tetrahedra (their rows of SOLID_STRUCTURES, reason "solid_structure");
    BeF2: a glass-forming network; Hg2Cl2, Hg2Br2,
    Hg2I2: X-Hg-Hg-X molecules (GE 29.3.2), still written with the Hg2 unit."""
    seen = set()
    for key, counts, entry in _binary_rows():
        x = set(counts) - {"Be", "Hg"}
        if "Be" in counts and x <= HALOGENS and counts["Be"] == 1:
            seen.add(key)
            s = substance(key)
            assert (s.bonding, s.bonding_reason[0]) == (("network", "network") if x == {"F"} else
                                                        ("molecular_exception", "solid_structure")), key
        if counts.get("Hg") == 2 and x <= {"Cl", "Br", "I"} and _ox(entry, "Hg") == 1:
            seen.add(key)
            s = substance(key)
            assert s.bonding == "molecular_exception" and s.formula.startswith("Hg2"), (key, s.bonding, s.formula)
    assert {"BeF2", "BeBr2", "BeI2", "BeCl2", "Cl2Hg2", "Br2Hg2", "Hg2I2"} <= seen, seen


def test_three_five_and_four_six_compounds_of_the_non_metals_are_networks():
    """B with P, As, Sb and Si, Ge with S, Se, Te in 1:1: extended solids (zinc blende, layer and
    distorted rock-salt lattices), not molecules."""
    el = _elements()
    seen = set()
    for key, counts, entry in _binary_rows():
        groups = sorted(el[e][0] or 0 for e in counts)
        if set(counts.values()) == {1} and not set(counts) & {"C", "N", "O"} and \
                groups in ([13, 15], [14, 16]) and set(counts) <= {"B", "P", "As", "Sb", "Si", "Ge", "S", "Se", "Te"}:
            seen.add(key)
            assert substance(key).bonding == "network", key
    assert {"AsB", "GeTe", "GeSe", "GeS"} <= seen


def test_oxide_halides_of_high_valent_d_metals_are_molecules():
    """NbOCl3, VOCl3, WOCl4, MoO2Cl2 …: volatile, no salt of M5+/M6+ ions; uranyl (f-block) stays a salt."""
    el = _elements()
    seen = set()
    for key, entry in _data().items():
        if entry[0] != "e" or re.search(r"[+-]\d+$", key):
            continue
        counts = dict(parse_formula(key).counts)
        metals = [e for e in counts if el[e][1] == "Transition metals"]
        rest = set(counts) - set(metals)
        if len(metals) == 1 and "O" in rest and rest - {"O"} and rest - {"O"} <= HALOGENS and \
                len(counts) == len(metals) + len(rest) and all(e in HALOGENS | {"O"} or e in metals for e in counts):
            q = _ox(entry, metals[0])
            if q is not None and q >= 5:
                seen.add(key)
                assert substance(key).bonding == "molecular_exception", key
    assert "Cl3NbO" in seen
    assert substance("UO2Cl2").bonding == "ionic"


@pytest.mark.parametrize("formula, ions, shown, units", [
    ("PCl5", ("[PCl4]+", "[PCl6]-"), "[PCl₄]⁺, [PCl₆]⁻", 2),  # two formula units: ion_units 2 (recheck25de d-L9)
    ("N2O5", ("[NO2]+", "[NO3]-"), "NO₂⁺, NO₃⁻", 1),  # complexes in brackets: [PCl₄]⁺ (Red Book IR-9.2.3.2)
    ("PBr5", ("[PBr4]+", "Br"), "[PBr₄]⁺, Br⁻", 1)])
def test_molecules_in_the_gas_salts_in_the_solid(formula, ions, shown, units):
    """PCl5, PBr5, N2O5 (GE 12.3.5, 11.3.6): the solid is ionic; the sentence says both and names the
    ions, and the balance adds oxidation numbers, not the charges of P5+ and Cl- ions that do not exist."""
    from chemgames.games.chemiekarten.reference import identify
    from chemgames.games.chemiekarten.truth import balance_key, bonding_steps

    s = substance(formula)
    assert s.bonding == "ionic" and s.bonding_reason[0] == "ionic_solid"
    assert (tuple(i[0] for i in s.ions) if s.ions else None) == ions and s.ion_units == units
    assert s.ions is None or sum(i[1] * i[2] for i in s.ions) == 0
    identity = identify(tuple(sorted(parse_formula(formula).counts.items())))
    de = bonding_steps(identity)[0].text("de")
    assert "Molekülen" in de and "Feststoff" in de and shown in de, de
    charges = {e: int(q) for e, q in identity.oxidation}
    units = tuple(sorted(parse_formula(formula).counts.items()))  # single atom cards: not the solid's ions
    assert balance_key(identity, charges, units) != "ck.balance_ions"


def test_chromium_trioxide_is_chains_of_corner_sharing_tetrahedra_not_molecules():
    """#25 follow-up (review25g, Low): CrO3 read "trotz Metall ein Stoff aus Molekülen". The source here is the
    textbook, not our data: Greenwood & Earnshaw, 2nd ed. (1997), ch. 23 'Chromium, Molybdenum and Tungsten',
    oxides: solid CrO3 "consists of infinite chains of CrO4 tetrahedra sharing corners" (two bridging, two terminal
    O on each Cr; Stephens and Cruickshank, Acta Cryst. B26 (1970) 222; Wells, Structural Inorganic Chemistry).
    So neighbouring Cr atoms share ONE oxygen atom (not two halogen atoms as in ZrCl4), and there are no molecules
    in the solid."""
    from chemgames.games.chemiekarten.reference import identify
    from chemgames.games.chemiekarten.truth import bonding_steps

    s = substance("CrO3")
    assert (s.known, s.bonding, s.bonding_reason[0], s.ions) == (True, "molecular_exception", "solid_structure", None)
    steps = bonding_steps(identify((("Cr", 1), ("O", 3))))
    de, en = steps[0].text("de"), steps[0].text("en")
    assert "kein Salz aus Cr⁶⁺-Ionen" in de and "keine einzelnen CrO₃-Moleküle" in de and "Ketten aus CrO₄-Tetraedern" in de \
        and "über ein gemeinsames O-Atom" in de and "Stoff aus Molekülen" not in de, de
    assert "not a salt of Cr⁶⁺ ions" in en and "no separate CrO₃ molecules" in en and "one shared O atom" in en, en
    # corners, not edges: one O between neighbouring Cr, as the sources say (s16d: Hanic & Stempelová 1960, 'a linear
    # chain of alternating Cr and O atoms'; WP 'Each chromium center ... shares two oxygen centers with neighbors')
    assert reference()["solid_structures"]["CrO3"]["links"] == [["O", 1]]
    assert "alternating Cr and O atoms" in reference()["solid_structures"]["CrO3"]["source"]


def test_selenium_dioxide_is_molecules_in_the_gas_and_chains_in_the_solid():
    """#25 follow-up: SeO2 read "Ein Molekül" (the non-metals' sentence), true of the vapour only. Greenwood &
    Earnshaw, 2nd ed., ch. 16 'Selenium, Tellurium and Polonium', oxides: SeO2 "is a white solid which sublimes at
    315 °C"; the gas is monomeric SeO2, the solid "consists of infinite non-planar chains" of pyramidal SeO3 units
    (Wells, Structural Inorganic Chemistry). Still no ions: the truth set's 'molecular' class stands."""
    from chemgames.games.chemiekarten.reference import identify
    from chemgames.games.chemiekarten.truth import bonding_steps

    s = substance("SeO2")
    assert (s.bonding, s.bonding_reason[0], s.ions) == ("molecular", "solid_structure", None)
    steps = bonding_steps(identify((("O", 2), ("Se", 1))))
    de, en = steps[0].text("de"), steps[0].text("en")
    assert "Als Gas ein Stoff aus SeO₂-Molekülen" in de and "als Feststoff aber lange Ketten aus SeO₃-Pyramiden" in de \
        and "benachbarte Se-Atome" in de and "keine Ionen" in de and "Metallatome" not in de \
        and "Ausnahme" not in de and not de.startswith("Ein Molekül"), de
    assert "SeO₂ in the gas" in en and "long chains of SeO₃ pyramids" in en and "neighbouring Se atoms" in en, en
    assert "Each Se atom is pyramidal" in reference()["solid_structures"]["O2Se"]["source"]


def test_tccl4_cites_the_structure_paper_that_was_found():
    """s14f finding 7: "Elder and Penfold, Inorg. Chem. 5 (1966) 1197" could not be found; what was read is Johnstone,
    Poineau, Forster, Ma, Hartmann, Cornelius, Antonio, Sattelberger, Czerwinski, "Technetium Tetrachloride
    Revisited: A Precursor to Lower-Valent Binary Technetium Chlorides", Inorg. Chem. (abstract: "characterized by
    single-crystal and powder X-ray diffraction"), and en.wikipedia 'Technetium(IV) chloride' ("As verified by X-ray
    crystallography, the compound is an inorganic polymer consisting of interconnected TcCl6 octahedra"). TcCl4's row of
    SOLID_STRUCTURES (s16d; before, the rule chain_solid_halide) cites that paper."""
    source = reference()["solid_structures"]["Cl4Tc"]["source"]
    assert "Technetium Tetrachloride Revisited" in source and "Johnstone" in source and "single-crystal" in source, source
    assert "interconnected TcCl6 octahedra" in source and "Elder" not in source
