"""Generate ``chemgames/chemistry/data/substances.json``: the substances chemistry knows, vetted.

A composition is KNOWN only when a record names ONE pure substance of it AND a second source
confirms it (issue 25). Run ``python tools/make_substances.py`` with the ``data`` extra installed.

Sources (all named with their versions in the file):

* Second source, the identity: the CRC Handbook tables shipped in ``chemicals``
  (``miscdata.CRC_inorganic_data``: physical constants of inorganic compounds, ~2,400 names;
  ``miscdata.CRC_organic_data``: of organic compounds), by CAS number, and the CRC table of standard
  thermodynamic properties (gas-phase-only rows are species known only briefly). Where the CRC
  tables lack a real substance or store it with a broken structure, ``tools/vetted_substances.py``
  has the record with its handbook source.
* The structure of each record: the PubChem SMILES of the same CAS number in the identifier tables
  of ``chemicals``, read with RDKit: the composition is counted from the atoms (never from the
  tables' formula strings: "O2Pu-4" for PuO2, "BK" for KBH4). A record whose structure is a mixture
  or adduct (neutral parts besides each other), a hydrate, charged overall, or whose name says
  "hydrate", "solution" or carries a ';' is left out.
* Label: ``t`` (transient) for a radical by its structure (except the bottled ones in
  ``STABLE_RADICALS``), a CRC thermodynamic row with gas data only and no entry in the physical
  tables, or a vetted transient species; else ``e`` (exists).
* Oxidation numbers: RDKit ``CalcOxidationNumbers`` on the structure (Pauling's scale; H on a metal -1
  as on Allen's scale, IUPAC 2016; symmetry-equivalent atoms of a non-metal part alike) with explicit hydrogens (the
  IUPAC rule on the bond graph), one number per atom. For salts they are checked against pymatgen's
  ``Composition.oxi_state_guesses()``; a salt whose structure gives numbers pymatgen does not
  guess takes pymatgen's first guess where that has whole numbers (the disagreements are printed).
* Bonding class: ``i`` ionic, ``m`` molecular, ``x`` molecular exception (a metal compound made of
  molecules: named in ``MOLECULAR_EXCEPTIONS`` or a binary metal compound melting/boiling below
  ``MOLECULAR_BELOW_K`` in the CRC table), ``n`` network (``NETWORKS`` or a non-metal compound
  melting above ``NETWORK_ABOVE_K``), ``e`` element, ``a`` atomic (noble gas), ``M`` metallic.
* ``mendeleev``: Pauling electronegativities, groups, series (metal / non-metal).
* German element names: the card data of Das Chemie-Kartenspiel (``chemiekarten/data/cards.json``), for
  the elements without a card ``GERMAN_ELEMENT_NAMES`` in ``tools/vetted_substances.py`` (Holleman-Wiberg);
  the build fails where both name a card element differently.

Every element to Lr is kept; at most 24 atoms and 6 carbon atoms (no carbon limit for metal carbonyls;
neither limit for the school organics listed by CAS in ``SCHOOL_ORGANICS``).
"""
from __future__ import annotations

import json
import math
import re
import sys
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from organometallic import organometallic  # noqa: E402
from chemgames.chemistry.substances import METAL_SERIES, METALLOID_METALS, metal_like, reference_key  # noqa: E402

OUT = ROOT / "chemgames" / "chemistry" / "data" / "substances.json"
CARDS = ROOT / "chemgames" / "games" / "chemiekarten" / "data" / "cards.json"
CHEMIX = ROOT / "chemgames" / "games" / "chemix" / "data" / "cards.json"
TABLES = ["chemical identifiers pubchem large.tsv", "chemical identifiers pubchem small.tsv",
          "chemical identifiers example user db.tsv", "Inorganic db.tsv", "Anion db.tsv", "Cation db.tsv"]
MAX_ATOMS = 24
MAX_CARBON = 6
_HILL = re.compile(r"^((?:[A-Z][a-z]?\d*)+)([+-]\d*)?$")
_TOKEN = re.compile(r"([A-Z][a-z]?)(\d*)")
_NAMED = re.compile(r"\(((?:[A-Z][a-z]?\d*|\((?:[A-Z][a-z]?\d*)+\)\d*)+)\)")


def card_elements() -> set[str]:
    cards = json.loads(CARDS.read_text(encoding="utf-8"))["cards"]
    chemix = json.loads(CHEMIX.read_text(encoding="utf-8"))
    return {c["symbol"] for c in cards if c["symbol"] != "Proto"} | set(chemix["elements"]) | set(chemix["noble_gases"])


def parse_hill(text: str) -> tuple[dict[str, int], int] | None:
    """``'O4S-2'`` → ({'O': 4, 'S': 2}, -2) as the chemicals tables write formulas."""
    m = _HILL.match(text)
    if not m:
        return None
    counts: dict[str, int] = {}
    for e, n in _TOKEN.findall(m[1]):
        counts[e] = counts.get(e, 0) + int(n or 1)
    sign = m[2] or ""
    charge = 0
    if sign:
        charge = int(sign[1:] or 1) * (1 if sign[0] == "+" else -1)
    return counts, charge


def drawn_as_ions(smiles: str) -> bool:
    """PubChem draws the substance as separate charged parts: a salt such as (NH4)2CO3."""
    parts = smiles.split(".")
    return len(parts) > 1 and any("+" in p for p in parts) and any("-" in p for p in parts)


def is_hydrate(smiles: str) -> bool:
    parts = smiles.split(".")
    return len(parts) > 1 and "O" in parts


def named_formula(names: list[str], symbols: set[str]) -> list[tuple[dict[str, int], str]]:
    """Formulas stated in a record's names, e.g. 'iron oxide (Fe3O4)' → Fe3O4."""
    from chemgames.chemistry.formula import FormulaError, parse_formula

    found = []
    for name in names:
        for m in _NAMED.finditer(name):
            try:
                f = parse_formula(m[1])
            except FormulaError:
                continue
            if set(f.counts) <= symbols and len(f.counts) > 1:
                found.append((f.counts, name))
    return found


def element_table() -> dict[str, dict]:
    from mendeleev.fetch import fetch_table

    el = fetch_table("elements")
    series = dict(zip(fetch_table("series")["id"], fetch_table("series")["name"]))
    ox = fetch_table("oxidationstates")
    cards = json.loads(CARDS.read_text(encoding="utf-8"))["cards"]
    german = {c["symbol"]: c["name"]["de"] for c in cards}
    sys.path.insert(0, str(ROOT / "tools"))
    import vetted_substances as vs

    clash = {e: (n, vs.GERMAN_ELEMENT_NAMES.get(e)) for e, n in german.items()
             if e in set(el.symbol) and vs.GERMAN_ELEMENT_NAMES.get(e) != n}  # "Proto" is a game card, no element
    assert not clash, f"the cards' German names differ from the vetted table: {clash}"
    german = {**vs.GERMAN_ELEMENT_NAMES, **german}
    out = {}
    for row in el.itertuples():
        if row.atomic_number > 103:
            break
        states = ox[ox.atomic_number == row.atomic_number]
        out[row.symbol] = {
            "z": int(row.atomic_number),
            "name_en": row.name,
            "name_de": german.get(row.symbol),
            "en": None if row.en_pauling != row.en_pauling else float(row.en_pauling),
            "en_allen": None if row.en_allen != row.en_allen or row.en_allen is None else float(row.en_allen),
            "group": None if row.group_id != row.group_id else int(row.group_id),
            "series": series[row.series_id],
            "main": sorted(int(s) for s in states[states.category == "main"].oxidation_state),
            "extended": sorted(int(s) for s in states[states.category != "main"].oxidation_state),
        }
    return out



_SKIP_NAME = re.compile(r"hydrate|solution|ammoniate|etherate|complex|mixture|;|\bwith\b|\(aq\)|\bbasic\b", re.I)


def structure(smiles: str, vetted: bool = False) -> dict | None:
    """Composition, charge and per-atom oxidation numbers of one record's structure (RDKit)."""
    from rdkit import Chem, RDLogger
    from rdkit.Chem import Descriptors, rdMolDescriptors

    RDLogger.DisableLog("rdApp.*")
    mol = Chem.MolFromSmiles(smiles) if smiles else None
    if mol is None and smiles:
        mol = _halogen_oxide_separated(smiles)
    if mol is None:
        return None
    mol = _thiosulfate_octet(mol)
    frags = Chem.GetMolFrags(mol, asMols=True)
    charges = [sum(a.GetFormalCharge() for a in f.GetAtoms()) for f in frags]
    if len(frags) > 1 and not vetted:
        # neutral parts beside each other are a mixture, adduct or hydrate; allowed are only
        # zwitterions ([C-]#[O+] of a carbonyl) and one bare metal atom (the metal of a carbonyl)
        neutral = [f for f, q in zip(frags, charges) if q == 0]
        bare = [f for f in neutral if f.GetNumAtoms() == 1 and not any(a.GetFormalCharge() for a in f.GetAtoms())
                and f.GetAtomWithIdx(0).GetSymbol() not in NONMETALS and not f.GetAtomWithIdx(0).GetTotalNumHs()]
        zwitter = [f for f in neutral if any(a.GetFormalCharge() for a in f.GetAtoms())]
        atoms_only = all(f.GetNumAtoms() == 1 and (f.GetAtomWithIdx(0).GetSymbol() == "H"
                                                   or not f.GetAtomWithIdx(0).GetTotalNumHs()) for f in frags)
        # a carbonyl of several metal atoms (Mn2(CO)10, Co2(CO)8) is drawn with bare atoms of one metal
        one_metal = len({f.GetAtomWithIdx(0).GetSymbol() for f in bare}) <= 1
        if not atoms_only and (len(neutral) != len(bare) + len(zwitter) or not one_metal or (bare and not zwitter)):
            return None
    # heavy atoms by RDKit (the bonds to implicit H included); each H by the atom it sits on:
    # +1 beside a more electronegative atom, -1 beside a less electronegative one (Pauling, RDKit's table)
    rdMolDescriptors.CalcOxidationNumbers(mol)
    # a charged part of oxygen only (superoxide O2 -, ozonide O3 -, peroxide O2 2-): RDKit reads one
    # resonance form and gives KO2 O -1 and 0; textbooks give each O an equal share of the charge (KO2:
    # -1/2 each, KO3: -1/3 each; Holleman-Wiberg). Azide keeps its per-atom -1, +1, -1 (its two ends
    # are alike, its centre is not).
    shared: dict[int, Fraction] = {}
    # the atoms alike by the bond graph alone (charges and radicals of one drawing aside): O2- ends alike, O3- not
    skeleton = Chem.RWMol(mol)
    for a in skeleton.GetAtoms():
        a.SetFormalCharge(0)
        a.SetNumRadicalElectrons(0)
    rank = list(Chem.CanonicalRankAtoms(skeleton, breakTies=False))
    averaged: set[str] = set()  # elements whose one shared number is a mean over atoms that are not alike
    for idx in Chem.GetMolFrags(mol):
        atoms = [mol.GetAtomWithIdx(i) for i in idx]
        q = sum(a.GetFormalCharge() for a in atoms)
        if len(atoms) > 1 and q and {a.GetSymbol() for a in atoms} == {"O"} and not any(a.GetTotalNumHs() for a in atoms):
            shared.update({i: Fraction(q, len(atoms)) for i in idx})
            if len({rank[i] for i in idx}) > 1:
                averaged.add("O")  # O3-: the centre is not an end, so -1/3 is the mean of unlike atoms (review25g)
    shared.update({i: v for i, v in _closed_shell_ions(mol).items() if i not in shared})
    number = {a.GetIdx(): shared.get(a.GetIdx(), Fraction(a.GetIntProp("OxidationNumber"))) for a in mol.GetAtoms()}
    number.update(_selenium_over_carbon(mol, number, shared))
    number.update(_equivalent_atoms_alike(mol, number))
    h_en = PAULING["H"]
    strict: dict[str, list] = {}  # P, As, Sb with H: the bond graph's numbers, before the textbooks' convention
    allen_number, scale_pairs = _allen_numbers(mol, number, shared)
    allen_ox: dict[str, list] = {}  # every atom's number with each bond given by Allen's scale (IUPAC 2016), s23b
    counts: dict[str, int] = {}
    ox: dict[str, list] = {}
    for a in mol.GetAtoms():
        e = a.GetSymbol()
        counts[e] = counts.get(e, 0) + 1
        ox.setdefault(e, []).append(number[a.GetIdx()])
        allen_ox.setdefault(e, []).append(allen_number[a.GetIdx()])
        nh = a.GetTotalNumHs()
        if nh and e in ("P", "As", "Sb"):  # phosphanes, arsanes, stibanes: H +1 and P, As -3 by the school
            # convention (RDKit's Pauling scale puts H above P, As, Sb; CH3AsH2 would be As +3 beside AsH3's -3).
            # The textbooks count every H on P +1 (GE 'Phosphorus': PH3 P -3, H3PO2 P +1, H3PO3 P +3); the bond-graph
            # rule with Pauling's or Allen's scale (H 2.20 > P 2.19; Allen 2.30 > 2.25, IUPAC 2016) would give H -1 and
            # P +5 in both acids. The data keeps the textbooks' numbers and names the other (h_convention, s21b).
            strict.setdefault(e, []).append(ox[e][-1])
            ox[e][-1] -= 2 * nh
            allen_ox[e][-1] -= 2 * nh
            counts["H"] = counts.get("H", 0) + nh
            ox.setdefault("H", []).extend([1] * nh)
        elif nh and e not in NONMETALS:
            # H on a metal is -1 (a hydride): on Allen's scale, which IUPAC 2016 recommends for oxidation
            # states, every metal lies below H (Au 1.92 < H 2.30); Pauling's Au 2.54 > H 2.20 would make
            # gold hydride Au -1, H +1. The heavy atoms keep RDKit's Pauling numbers (Allen would make
            # CH3I I +1 and CSe2 C -4, against every textbook).
            ox[e][-1] += nh * (1 - _rdkit_h_share(e))
            allen_ox[e][-1] += nh * (1 - _rdkit_h_share(e))
            counts["H"] = counts.get("H", 0) + nh
            ox.setdefault("H", []).extend([-1] * nh)
        elif nh:
            en = PAULING.get(e) or 0.0
            counts["H"] = counts.get("H", 0) + nh
            ox.setdefault("H", []).extend([(en > h_en) - (en < h_en)] * nh)
    groups = []  # each part of the structure: (its composition with H, its charge), as the record groups atoms
    for f, q in zip(frags, charges):
        fc: dict[str, int] = {}
        for a in f.GetAtoms():
            fc[a.GetSymbol()] = fc.get(a.GetSymbol(), 0) + 1
            if a.GetTotalNumHs():
                fc["H"] = fc.get("H", 0) + a.GetTotalNumHs()
        groups.append((tuple(sorted(fc.items())), q))
    return {"groups": sorted(groups), "smiles": smiles,
            "counts": counts, "charge": sum(charges), "ox": {e: [_number(x) for x in sorted(v)] for e, v in ox.items()},
            "radicals": Descriptors.NumRadicalElectrons(mol), "parts": len(frags), "averaged": sorted(averaged),
            "h_convention": {e: [_number(x) for x in sorted(v)] for e, v in sorted(strict.items())},
            # the bonds whose two atoms Pauling's and Allen's scales order differently (N-Cl), and the numbers of the
            # elements Allen's order changes (NCl3: N -3, Cl +1 beside Pauling's N +3, Cl -1); s23b
            "en_scales": {"pairs": scale_pairs,
                          "allen": {e: [_number(x) for x in sorted(allen_ox[e])] for e in sorted(allen_ox)
                                    if sorted(allen_ox[e]) != sorted(ox[e])}} if scale_pairs else None,
            "ionic_parts": len(frags) > 1 and all(q != 0 for q in charges),
            # the parts drawn as polyatomic ions (with their H: NH4+ is one heavy atom)
            "anions": sorted(hill(_part_counts(f), q) for f, q in zip(frags, charges)
                             if len(frags) > 1 and q < 0 and f.GetNumAtoms(onlyExplicit=False) > 1),
            "polyatomic_cation": len(frags) > 1 and any(q > 0 and f.GetNumAtoms(onlyExplicit=False) > 1
                                                        for f, q in zip(frags, charges)),
            "atoms_only": len(frags) > 1 and all(f.GetNumAtoms() == 1 for f in frags),
            "metal_carbon": any({b.GetBeginAtom().GetSymbol(), b.GetEndAtom().GetSymbol()} & {"C"} and any(
                x.GetSymbol() not in NONMETALS for x in (b.GetBeginAtom(), b.GetEndAtom())) for b in mol.GetBonds())}


@lru_cache(maxsize=None)
def _bond_sign(a: str, b: str) -> int:
    """How the house's numbers give one bond between ``a`` and ``b`` to ``a``: +1 when ``b`` takes the bond (``a`` is
    the less electronegative), -1 when ``a`` takes it, 0 when neither does: RDKit's Pauling table, and the C-Se bond
    given to Se (``_selenium_over_carbon``)."""
    from rdkit import Chem
    from rdkit.Chem import rdMolDescriptors

    if {a, b} == {"C", "Se"}:
        return 1 if a == "C" else -1
    mol = Chem.MolFromSmiles(f"[{a}][{b}]", sanitize=False)
    mol.UpdatePropertyCache(False)
    rdMolDescriptors.CalcOxidationNumbers(mol)
    return int(mol.GetAtomWithIdx(0).GetIntProp("OxidationNumber"))


@lru_cache(maxsize=None)
def _scales(e: str) -> tuple[float | None, float | None]:
    """Pauling's electronegativity of ``e`` and Allen's in eV (mendeleev's ``en_pauling``, ``en_allen``), None where
    mendeleev has none."""
    from mendeleev import element

    row = element(e)
    return tuple(None if v is None or v != v else float(v) for v in (row.en_pauling, row.en_allen))  # type: ignore[return-value]


def _allen_numbers(mol, number: dict[int, Fraction], fixed: dict[int, Fraction]) -> tuple[dict[int, Fraction], list]:
    """Every atom's number with each bond given to the partner Allen's scale puts higher, as IUPAC's 2016 definition
    estimates the ionic approximation (Karen, McArdle, Takats, Pure Appl. Chem. 88 (2016) 831), and the element pairs
    whose bonds the two scales order differently (more electronegative by the house first): by rule from the two scales,
    never a list of pairs. N-Cl: Pauling Cl 3.16 > N 3.04, Allen N 18.13 eV > Cl 16.97 eV (mendeleev), so NCl3 N +3 by
    the house and -3 by Allen; C-I, S-I, Se-I, B-Sb, Ge-Sb, S-Xe, I-Xe alike; C-Se: Pauling ties, the house gives
    the bond to Se, Allen to C. A bond to an atom whose number is fixed otherwise (a charged part of oxygen only) and a
    bond with an element one scale lacks stay as they are.

    >>> from rdkit import Chem
    >>> m = Chem.MolFromSmiles("ClN(Cl)Cl")
    >>> n = {0: Fraction(-1), 1: Fraction(3), 2: Fraction(-1), 3: Fraction(-1)}
    >>> allen, pairs = _allen_numbers(m, n, {})
    >>> [int(allen[i]) for i in range(4)], pairs
    ([1, -3, 1, 1], [['Cl', 'N']])
    """
    delta = {i: Fraction(0) for i in number}
    pairs: set[tuple[str, str]] = set()
    for b in mol.GetBonds():
        i, j = b.GetBeginAtomIdx(), b.GetEndAtomIdx()
        a, c = b.GetBeginAtom().GetSymbol(), b.GetEndAtom().GetSymbol()
        (pa, xa), (pc, xc) = _scales(a), _scales(c)
        if a == c or i in fixed or j in fixed or pa is None or xa is None or pc is None or xc is None:
            continue
        house = _bond_sign(a, c)  # +1: c takes the bond
        allen = (xc > xa) - (xc < xa)
        if house == allen:
            continue
        order = Fraction(b.GetBondTypeAsDouble()).limit_denominator(2)
        delta[i] += (allen - house) * order
        delta[j] -= (allen - house) * order
        pairs.add((a, c) if house < 0 else (c, a) if house > 0 else min((a, c), (c, a)))
    out = {i: v + delta[i] for i, v in number.items()}
    if pairs:
        out.update(_equivalent_atoms_alike(mol, out))
    return out, sorted(list(p) for p in pairs)


def _selenium_over_carbon(mol, number: dict[int, Fraction], fixed: dict[int, Fraction]) -> dict[int, Fraction]:
    """Pauling's scale ties C and Se (2.55 each), so the bond-graph rule gives a C-Se bond to neither: CSe2
    C 0, Se 0; COSe C +2, Se 0; selenocyanate C +3, Se -1; dimethyl selenide Se 0. The handbooks count the
    bond for selenium, as for sulfur: CSe2 C +4, Se -2 like CS2 (Greenwood & Earnshaw 'Carbon'; Holleman-
    Wiberg), [SeCN]- like [SCN]-, organoselenium(II) compounds Se -2; the Red Book's element sequence (Table
    VI) puts Se after C too. (Allen's scale, C 2.544 > Se 2.424, would give CSe2 C -4: no textbook's number.)

    >>> from rdkit import Chem
    >>> from rdkit.Chem import rdMolDescriptors
    >>> m = Chem.MolFromSmiles("[Se]=C=[Se]"); rdMolDescriptors.CalcOxidationNumbers(m)
    >>> n = {a.GetIdx(): Fraction(a.GetIntProp("OxidationNumber")) for a in m.GetAtoms()}
    >>> sorted((m.GetAtomWithIdx(i).GetSymbol(), int(v)) for i, v in _selenium_over_carbon(m, n, {}).items())
    [('C', 4), ('Se', -2), ('Se', -2)]
    """
    out = dict(number)
    for b in mol.GetBonds():
        pair = {b.GetBeginAtom().GetSymbol(): b.GetBeginAtomIdx(), b.GetEndAtom().GetSymbol(): b.GetEndAtomIdx()}
        if set(pair) == {"C", "Se"} and not ({pair["C"], pair["Se"]} & set(fixed)):
            order = Fraction(b.GetBondTypeAsDouble()).limit_denominator(2)
            out[pair["C"]] += order
            out[pair["Se"]] -= order
    return {i: v for i, v in out.items() if v != number[i]}


def _thiosulfate_octet(mol):
    """A thiosulfate drawn with a terminal S=S double bond ('[O-]S(=O)(=S)[O-]', as PubChem draws Na2S2O3):
    the bond between like atoms counts for neither, so the rule gives S +4 and 0; the octet formula
    [O3S-S]2- that the IUPAC 2016 definition takes gives +5 (centre) and -1 (terminal S), as the truth
    set's row and the ion drawn [O-]S(=O)(=O)[S-] do. Redrawn so: S-S single, the terminal S -1, the centre
    +1 (the same atoms and charge). Other structures are returned unchanged.

    >>> from rdkit import Chem
    >>> Chem.MolToSmiles(_thiosulfate_octet(Chem.MolFromSmiles("[O-]S(=O)(=S)[O-]")))
    'O=[S+]([O-])([O-])[S-]'
    """
    from rdkit import Chem

    hits = [b for b in mol.GetBonds() if b.GetBondType() == Chem.BondType.DOUBLE
            and b.GetBeginAtom().GetSymbol() == b.GetEndAtom().GetSymbol() == "S"
            and sorted((b.GetBeginAtom().GetDegree(), b.GetEndAtom().GetDegree())) == [1, 4]]
    if not hits:
        return mol
    rw = Chem.RWMol(mol)
    for b in hits:
        b = rw.GetBondWithIdx(b.GetIdx())
        end, centre = sorted((b.GetBeginAtom(), b.GetEndAtom()), key=lambda a: a.GetDegree())
        b.SetBondType(Chem.BondType.SINGLE)
        end.SetFormalCharge(end.GetFormalCharge() - 1)
        centre.SetFormalCharge(centre.GetFormalCharge() + 1)
    Chem.SanitizeMol(rw)
    return rw.GetMol()


def _halogen_oxide_separated(smiles: str):
    """A halogen oxide or oxide fluoride drawn with X=O double bonds that RDKit refuses (a neutral Cl, Br or I
    with five or seven bonds: ClO2F 'O=Cl(=O)F', ClO3F, BrO2F), redrawn with charge-separated X+-O- bonds as
    in the perchlorate ion that RDKit reads: the same atoms and the same oxidation numbers (Cl +5 in
    ClO2F, +7 in ClO3F: the formal charge counts in RDKit's rule). None where that does not help.

    >>> from rdkit import Chem
    >>> Chem.MolToSmiles(_halogen_oxide_separated("O=Cl(=O)F"))
    '[O-][Cl+2]([O-])F'
    """
    from rdkit import Chem

    mol = Chem.MolFromSmiles(smiles, sanitize=False)
    if mol is None:
        return None
    rw = Chem.RWMol(mol)
    changed = False
    for b in rw.GetBonds():
        for x, o in ((b.GetBeginAtom(), b.GetEndAtom()), (b.GetEndAtom(), b.GetBeginAtom())):
            if x.GetSymbol() in ("Cl", "Br", "I") and o.GetSymbol() == "O" and o.GetDegree() == 1 \
                    and b.GetBondType() == Chem.BondType.DOUBLE:
                b.SetBondType(Chem.BondType.SINGLE)
                o.SetFormalCharge(o.GetFormalCharge() - 1)
                x.SetFormalCharge(x.GetFormalCharge() + 1)
                changed = True
                break
    if not changed:
        return None
    try:
        Chem.SanitizeMol(rw)
    except Exception:  # noqa: BLE001 - RDKit raises several kinds; any means the redrawing did not help
        return None
    return rw.GetMol()


def _part_counts(frag) -> dict[str, int]:
    counts: dict[str, int] = {}
    for a in frag.GetAtoms():
        counts[a.GetSymbol()] = counts.get(a.GetSymbol(), 0) + 1
        if a.GetTotalNumHs():
            counts["H"] = counts.get("H", 0) + a.GetTotalNumHs()
    return counts


@lru_cache(maxsize=None)
def _rdkit_h_share(e: str) -> int:
    """What RDKit's Pauling table gives an atom of ``e`` for one bond to H: +1 (H more electronegative),
    -1 (less: Au, Pt, W, Pb, Rh) or 0 (equal: Ru, Pd, Os, Ir)."""
    from rdkit import Chem
    from rdkit.Chem import rdMolDescriptors

    mol = Chem.MolFromSmiles(f"[{e}H]")
    rdMolDescriptors.CalcOxidationNumbers(mol)
    return int(mol.GetAtomWithIdx(0).GetIntProp("OxidationNumber"))


def _closed_shell_ions(mol) -> dict[int, Fraction]:
    """Atom index -> number for a charged part drawn with unpaired electrons where the nomenclature
    table holds the closed-shell ion of that composition: PubChem draws the azide of AgN3, LiN3, CsN3 as
    [N]N=[N-] (N -1, 0, 0); the azide ion N=N+=N- has -1, +1, -1 (IUPAC 2016 bond counting)."""
    from rdkit import Chem
    from rdkit.Chem import Descriptors

    from chemgames.chemistry.substances import _ion_states, ions

    out: dict[int, Fraction] = {}
    for idx, frag in zip(Chem.GetMolFrags(mol), Chem.GetMolFrags(mol, asMols=True, sanitizeFrags=False)):
        q = sum(a.GetFormalCharge() for a in frag.GetAtoms())
        if len(idx) < 2 or not q or not Descriptors.NumRadicalElectrons(frag):
            continue
        counts: dict[str, int] = {}
        for i in idx:
            e = mol.GetAtomWithIdx(i).GetSymbol()
            counts[e] = counts.get(e, 0) + 1
        ion = next((x for x in ions() if x.charge == q and dict(x.counts) == counts), None)
        if ion is None or any(mol.GetAtomWithIdx(i).GetTotalNumHs() for i in idx):
            continue
        left = {e: sorted(v) for e, v in _ion_states(ion).items()}
        # the centre of the ion (most bonds) takes the highest number, its ends the lowest (N3-: +1 inside)
        for i in sorted(idx, key=lambda i: -mol.GetAtomWithIdx(i).GetDegree()):
            out[i] = Fraction(left[mol.GetAtomWithIdx(i).GetSymbol()].pop())
    return out


def _equivalent_atoms_alike(mol, number: dict[int, Fraction]) -> dict[int, Fraction]:
    """Symmetry-equivalent atoms of one part get the same number: one resonance form (Kekule) of S4N4,
    N1=S=NSN=S=NS1, gives its four alike S atoms 2, 2, 4, 4; each takes the average (+3), the IUPAC
    number of a delocalised structure. Only in parts of non-metals other than carbon (S4N4, PO2, SO4-):
    organic rings keep one Kekule form's numbers as textbooks print them. Alike = the same rank of the bond graph with bond orders, charges
    and unpaired electrons ignored (RDKit's canonical ranking without broken ties), within one part only
    (Fe3O4's Fe2+ and Fe3+ ions stay apart)."""
    from rdkit import Chem

    bare = Chem.RWMol(mol)
    for a in bare.GetAtoms():
        a.SetNumExplicitHs(mol.GetAtomWithIdx(a.GetIdx()).GetTotalNumHs())
        a.SetNoImplicit(True)
        a.SetFormalCharge(0)
        a.SetNumRadicalElectrons(0)
    for b in bare.GetBonds():
        b.SetBondType(Chem.BondType.SINGLE)
        b.SetIsAromatic(False)
    ranks = list(Chem.CanonicalRankAtoms(bare, breakTies=False))
    classes: dict[tuple[int, int], list[int]] = {}
    for part, idx in enumerate(Chem.GetMolFrags(mol)):
        if any(mol.GetAtomWithIdx(i).GetSymbol() not in NONMETALS or mol.GetAtomWithIdx(i).GetSymbol() == "C"
               for i in idx):
            continue  # organics keep RDKit's Kekule numbers (pyridine), metal parts their own (Fe2P: s. pymatgen)
        for i in idx:
            classes.setdefault((part, ranks[i]), []).append(i)
    out: dict[int, Fraction] = {}
    for members in classes.values():
        values = {number[i] for i in members}
        if len(values) > 1:
            avg = sum((number[i] for i in members), Fraction(0)) / len(members)
            out.update({i: avg for i in members})
    return out


def _number(x: int | Fraction) -> int | Fraction:
    """A whole oxidation number as an int; a share of a charge (-1/2) stays a Fraction (written "-1/2")."""
    return int(x) if Fraction(x).denominator == 1 else Fraction(x)


def carbide_smiles(smiles: str, name: str) -> str:
    """The structure of a CRC carbide whose PubChem record draws its carbon as a bare 'C' beside the
    metal atoms: RDKit reads a bare C as methane, CH4 ('C.[U]' for uranium carbide UC, 'C.[Hf]', 'C.[Ta]',
    'C.[Mo].[Mo]'), so the record would be a hydride of another composition; a carbide holds no H.

    >>> carbide_smiles("C.[U]", "Uranium carbide"), carbide_smiles("C.[U]", "Uranium methanide"), carbide_smiles("CC", "Ethane carbide")
    ('[C].[U]', 'C.[U]', 'CC')
    """
    if not re.search(r"\bcarbide\b", name, re.I) or "." not in (smiles or ""):
        return smiles
    return ".".join("[C]" if part == "C" else part for part in smiles.split("."))


def metallocene(counts: dict[str, int]) -> bool:
    """A sandwich compound M(C5H5)2 of one metal (ferrocene, nickelocene, cobaltocene, chromocene): ten
    carbon atoms, beyond ``MAX_CARBON``, but a textbook's transition-metal molecule (Greenwood & Earnshaw
    ch. 8 and the chapter of each metal; the CRC table lists nickelocene, 1271-28-9, mp 173 °C).

    >>> metallocene({"C": 10, "H": 10, "Ni": 1}), metallocene({"C": 10, "H": 8}), metallocene({"C": 10, "H": 10, "Si": 1})
    (True, False, False)
    """
    others = [e for e in counts if e not in ("C", "H")]
    return counts.get("C") == 10 and counts.get("H") == 10 and len(others) == 1 and counts[others[0]] == 1 \
        and others[0] not in NONMETALS and others[0] != "Ge"


# the ligands an organometallic molecule is written with (Red Book 2005 IR-4.4.3.2, IR-10; textbooks: Pb(CH3)4,
# Hg(CH3)2, Al(C2H5)3, Sn(CH3)3Cl, H2Fe(CO)4): alkyl and aryl groups, CO, halide and hydride
_LIGANDS = {(("C", 1), ("H", 3)): "CH3", (("C", 2), ("H", 5)): "C2H5", (("C", 3), ("H", 7)): "C3H7",
            (("C", 4), ("H", 9)): "C4H9", (("C", 6), ("H", 5)): "C6H5", (("C", 6), ("H", 11)): "C6H11", (("C", 2), ("H", 3)): "C2H3",
            (("C", 1), ("O", 1)): "CO", (("F", 1),): "F", (("Cl", 1),): "Cl", (("Br", 1),): "Br", (("I", 1),): "I",
            (("H", 1),): "H"}


def _a_metal(symbol: str) -> bool:
    """A metal of the school rule: the build's METALS_SEEN, or substances.is_metal before a build has filled it."""
    from chemgames.chemistry.substances import is_metal

    return symbol in METALS_SEEN if METALS_SEEN else is_metal(symbol)


def organometallic_formula(smiles: str) -> str:
    """The formula of a molecule of ONE metal bonded to carbon, written by its ligands as textbooks write it
    (review25d L8: 'C4H12Pb' for tetramethyllead): the metal, then its ligands in the alphabetical order of
    their formulas (Red Book 2005 IR-4.4.3.2: Al(C2H5)Cl2, Sn(CH3)3Cl), each polyatomic one in parentheses;
    hydrido ligands of a carbonyl first, as the acids HCo(CO)4, H2Fe(CO)4 are written (Greenwood &
    Earnshaw 19.7, Holleman-Wiberg); a ligand that is none of ``_LIGANDS`` by its ion's formula (Hg(C6H5)NO3)
    or its atoms. '' where the metal holds no carbon.

    >>> organometallic_formula("C[Pb](C)(C)C"), organometallic_formula("CC[Al](Cl)Cl"), organometallic_formula("C[Hg]C")
    ('Pb(CH3)4', 'Al(C2H5)Cl2', 'Hg(CH3)2')
    >>> organometallic_formula("[H-].[H-].[C-]#[O+].[C-]#[O+].[C-]#[O+].[C-]#[O+].[Fe+2]")  # PubChem CID 139212
    'H2Fe(CO)4'
    >>> organometallic_formula("[CH3-].[Mg+2].[Br-]"), organometallic_formula("CC[Mg]Br")  # Grignard: RMgX
    ('CH3MgBr', 'C2H5MgBr')
    >>> organometallic_formula("O=[N+]([O-])O[Hg]c1ccccc1"), organometallic_formula("[Na+].[Cl-]")
    ('Hg(C6H5)(NO3)', '')
    """
    from rdkit import Chem

    from chemgames.chemistry.substances import ions as _ions

    mol = Chem.MolFromSmiles(smiles) if smiles else None
    if mol is None:
        return ""
    mol = Chem.AddHs(mol)
    metals = [a for a in mol.GetAtoms() if _a_metal(a.GetSymbol())]
    if len(metals) != 1:
        return ""
    metal = metals[0]
    # drawn as ions: a carbonyl hydride ([H-].[H-].[C-]#[O+]... [Fe+2]) or a Grignard compound ([CH3-].[Mg+2].[Br-]):
    # its ligands all the same (the carbanion's or CO's carbon bonds to the metal)
    apart = not metal.GetNeighbors()
    carbanion = any(a.GetSymbol() == "C" and a.GetFormalCharge() < 0 and not any(
        n.GetSymbol() == "O" for n in a.GetNeighbors()) for a in mol.GetAtoms())
    if not apart and not any(n.GetSymbol() == "C" for n in metal.GetNeighbors()):
        return ""
    rw = Chem.RWMol(mol)
    rw.RemoveAtom(metal.GetIdx())
    ligands: dict[str, int] = {}
    for frag in Chem.GetMolFrags(rw, asMols=False, sanitizeFrags=False):
        comp: dict[str, int] = {}
        for i in frag:
            e = rw.GetAtomWithIdx(i).GetSymbol()
            comp[e] = comp.get(e, 0) + 1
        word = _LIGANDS.get(tuple(sorted(comp.items()))) or next(
            (i.formula for i in _ions() if dict(i.counts) == comp), None) or hill(comp)  # NO3, else its atoms
        ligands[word] = ligands.get(word, 0) + 1
    if apart and "CO" not in ligands and not carbanion:
        return ""
    if "CO" not in ligands and not any({"C", "H"} <= set(re.findall(r"[A-Z][a-z]?", w)) for w in ligands):
        return ""  # no organyl group and no CO: a cyanide (KCN, Zn(CN)2) or a carbide (WC) is no organometallic
    halides = [w for w in ligands if w in ("F", "Cl", "Br", "I")]
    if metal.GetSymbol() == "Mg" and len(ligands) == 2 and len(halides) == 1 and sum(ligands.values()) == 2:
        # a Grignard compound RMgX: every book writes the organyl first (Greenwood & Earnshaw 5.4, Holleman-Wiberg)
        return next(w for w in ligands if w not in halides) + "Mg" + halides[0]
    hydrido = ligands.pop("H", 0) if "CO" in ligands else 0
    out = ("H" + (str(hydrido) if hydrido > 1 else "") if hydrido else "") + metal.GetSymbol()
    for word in sorted(ligands):
        n = ligands[word]
        group = f"({word})" if len(re.findall(r"[A-Z]", word)) > 1 else word
        out += group + (str(n) if n > 1 else "")
    return out


def organic_salt_formula(counts: dict[str, int], smiles: str) -> str:
    """A salt of an organic anion the ion table does not know, written metal first and the anion's atoms in
    Hill order after it, as a book writes trisodium citrate Na3C6H5O7 or barium tartrate BaC4H4O6 (review25d
    L8: 'C6H5Na3O7'; our documented rule, docs/rules/chemiekarten.md). '' where a metal is bonded to carbon
    (a Grignard compound CH3MgBr is no salt of an organic acid) or where there is no metal.

    >>> organic_salt_formula({"C": 6, "H": 5, "Na": 3, "O": 7}, "C(C(=O)[O-])C(CC(=O)[O-])(C(=O)[O-])O.[Na+].[Na+].[Na+]")
    'Na3C6H5O7'
    >>> organic_salt_formula({"C": 1, "H": 3, "Br": 1, "Mg": 1}, "C[Mg]Br")
    ''
    """
    from rdkit import Chem

    metals = sorted(e for e in counts if _a_metal(e))
    mol = Chem.MolFromSmiles(smiles) if smiles else None
    if not metals or mol is None or organometallic_formula(smiles) or any(
            _a_metal(a.GetSymbol()) and any(n.GetSymbol() == "C" for n in a.GetNeighbors()) for a in mol.GetAtoms()):
        return ""
    rest = {e: n for e, n in counts.items() if e not in metals}
    return "".join(e + (str(counts[e]) if counts[e] > 1 else "") for e in metals) + hill(rest)


def carbonyl_metal(counts: dict[str, int]) -> tuple[str, int] | None:
    """(metal, number of metal atoms) of a binary metal carbonyl M_x(CO)_n, else None."""
    rest = set(counts) - {"C", "O"}
    if len(rest) != 1 or not counts.get("C") or counts.get("C") != counts.get("O"):
        return None
    m = next(iter(rest))
    return (m, counts[m]) if m not in NONMETALS else None


def table_ion(hill_text: str) -> dict | None:
    """An ion whose record's structure RDKit cannot read ([O-]Cl(=O)=O): its composition from the
    table's formula and its numbers from the nomenclature table's ion of that composition."""
    from chemgames.chemistry.substances import _ion_states, ions

    parsed = parse_hill(hill_text)
    if parsed is None or not parsed[1]:
        return None
    counts, charge = parsed
    ion = next((i for i in ions() if dict(i.counts) == counts and i.charge == charge), None)
    if ion is None:
        return None
    ox = {e: sorted(_number(v) for v in vals) for e, vals in _ion_states(ion).items()}
    return {"counts": counts, "charge": charge, "ox": ox, "radicals": 0, "parts": 1, "ionic_parts": False,
            "atoms_only": False, "metal_carbon": False}


def identifier_records() -> dict[str, list[list[str]]]:
    """CAS → the identifier rows of chemicals (PubChem CID, CAS, formula, ..., SMILES, ..., names)."""
    import chemicals

    folder = Path(chemicals.__file__).parent / "Identifiers"
    out: dict[str, list[list[str]]] = {}
    for table in TABLES:
        with open(folder / table, encoding="utf-8") as fh:
            for line in fh:
                p = line.rstrip("\n").split("\t")
                if len(p) >= 9 and p[1]:
                    out.setdefault(p[1], []).append(p)
    return out


def thermo_gas_only() -> dict[str, str]:
    """CAS → name of the CRC thermodynamic rows with gas-phase data only."""
    import chemicals
    import pandas as pd

    path = Path(chemicals.__file__).parent / "Heat Capacity" / "CRC Standard Thermodynamic Properties of Chemical Substances.tsv"
    th = pd.read_csv(path, sep="\t", index_col=0)
    condensed = ["Hfs", "Gfs", "S0s", "Cps", "Hfl", "Gfl", "S0l", "Cpl"]
    gas = th[th[condensed].isna().all(axis=1) & th[["Hfg", "Gfg", "S0g", "Cpg"]].notna().any(axis=1)]
    return dict(zip(gas.index, gas["Chemical"]))


def gas_only_species(counts: dict[str, int], known: list[dict[str, int]], metals: set[str]) -> bool:
    """Is a gas-phase species with no CRC bulk record one that exists only briefly? Not the vapour of a
    known substance (Al2Cl6, Na2Cl2: a multiple of a known composition) nor a ring allotrope (S6, S7).
    A metal species only where common oxidation states cannot balance it (MgH, AlCl, MgCl: Mg +1,
    Al +1 are no common states), for a salt such as TiI3 may be a solid the CRC table lacks. A
    non-metal species only where it is a radical (an odd number of electrons: ClO, NH2, HS) or has at
    most three atoms (C2, CCl2, HNO); larger closed-shell molecules (SF5CF3, CF3OF) are bottled gases."""
    for k in known:
        if len(counts) > 1 and set(k) == set(counts) and k != counts:
            ratios = {counts[e] / k[e] for e in counts}
            if len(ratios) == 1 and next(iter(ratios)).is_integer():
                return False
    if len(counts) == 1 and sum(counts.values()) >= 6:
        return False
    if set(counts) & metals:
        return not pymatgen_guesses(counts)
    z = _atomic_numbers()
    electrons = sum(z[e] * n for e, n in counts.items())
    return electrons % 2 == 1 or sum(counts.values()) <= 3


@lru_cache(maxsize=1)
def _atomic_numbers() -> dict[str, int]:
    from mendeleev.fetch import fetch_table

    el = fetch_table("elements")
    return dict(zip(el.symbol, el.atomic_number))


def nonmetal_hydride_states(counts: dict[str, int], ox: dict[str, list], metals: set[str]) -> dict[str, list]:
    """The hydrides of the group 15-17 non-metals as textbooks number them: H +1, the other element its
    most negative state (AsH3: As -3; H2Te: Te -2; Holleman-Wiberg; Red Book IR-6 names them as parent
    hydrides, not as hydrides of the element). Pauling's scale puts As (2.18), Te (2.1) and Sb (2.05)
    just below H (2.20), so the bond-graph rule (and pymatgen's guess) gives As +3 and H -1, numbers no
    textbook prints for arsane. Other compositions unchanged (GeH4: Ge +4, B2H6: B +3, N2H4: N -2).
    """
    if "H" not in counts or len(counts) != 2 or any(e in metals for e in counts):
        return ox
    (x, n), = [(e, k) for e, k in counts.items() if e != "H"]
    group = GROUPS.get(x)
    if group not in (15, 16, 17):
        return ox
    if counts["H"] % n or -counts["H"] // n not in KNOWN_STATES.get(x, []):
        return ox
    state = -counts["H"] // n  # AsH3 As -3, As2H4 As -2 (as N2H4 N -2 and P2H4 P -2), H2S2 S -1
    return {x: [state] * n, "H": [1] * counts["H"]}


def en_rank(e: str) -> tuple[bool, float]:
    """Sort key, least electronegative first: a metal below every non-metal (Allen's scale, which IUPAC
    2016 recommends, puts every metal below H; Pauling's puts Au 2.54 above H 2.20, so gold hydride would
    be Au -1), else by Pauling (the scale of the rest of the engine and of RDKit)."""
    return e in NONMETALS, PAULING.get(e) or 0.0


def hydrogen_on_centre(counts: dict[str, int]) -> int | None:
    """The number of H in a small gas-phase species with no structure, by the Lewis rule for drawing one:
    H is terminal and sits on the central atom, the least electronegative of the others (HBO is H-B=O, HCO
    is H-C=O); H takes -1 beside a less electronegative centre (B 2.04 < H 2.20), else +1. None without H,
    or for anything but three atoms of non-metals (in larger ones H may sit on O: B(OH)2)."""
    if "H" not in counts or sum(counts.values()) != 3 or not set(counts) <= NONMETALS:
        return None  # a metal species (CaOH, AlOH) is ionic: Ca+ OH-, the rule below is for molecules
    heavy = [e for e in counts if e != "H"]
    centre = min(heavy, key=en_rank)
    if counts[centre] != 1:
        return None
    return 1 if en_rank(centre) > en_rank("H") else -1


def _single_bond_diatomic(counts: dict[str, int]) -> dict[str, list] | None:
    """A halogen on nitrogen forms one bond: the radicals NX have a single N-X sigma bond and the ground state
    X3Sigma- of imidogen NH (Huber & Herzberg, Constants of Diatomic Molecules), so the bond-graph rule gives
    +1 and -1 as for NH (N -1) and NF (N +1, F -1, PubChem's structure). The diatomic rule below would give NBr
    the numbers of a nitride, Br +3, N -3 (review25c). None for any other composition.

    >>> _single_bond_diatomic({"N": 1, "Br": 1}), _single_bond_diatomic({"N": 1, "O": 1})
    ({'N': [-1], 'Br': [1]}, None)
    """
    halogens = {"F", "Cl", "Br", "I"}
    if sorted(counts.values()) != [1, 1] or "N" not in counts or not set(counts) - {"N"} <= halogens:
        return None
    (x,) = set(counts) - {"N"}
    sign = 1 if (PAULING.get(x) or 0.0) > (PAULING.get("N") or 0.0) else -1  # F above N, Cl/Br/I below
    return {"N": [sign], x: [-sign]}


def transient_states(counts: dict[str, int]) -> dict[str, list]:
    """Oxidation numbers of a gas-phase species with no structure: a diatomic molecule gives its more
    electronegative atom that element's most negative main state (H: -1, or +1 beside a more
    electronegative atom) and the other atom the rest (MgH: Mg +1, H -1; HS: S -1; ClO: Cl +2; AlCl:
    Al +1), where the textbook rule would force Mg +2; a larger one or an
    element the textbook rule (every atom 0 in C2, C3)."""
    from chemgames.chemistry.substances import _rule_states

    drawn = drawn_radical_states(counts)
    if drawn:
        return drawn
    single = _single_bond_diatomic(counts)
    if single:
        return single
    if len(counts) == 2 and sum(counts.values()) == 2:
        a, b = sorted(counts, key=en_rank)
        # hydrogen is +1 or -1 in any molecule (HS: S -1, H +1; MgH: H -1)
        neg = -1 if "H" in counts else min(MAIN_STATES.get(b) or [0])
        if -neg in KNOWN_STATES.get(a, [-neg]) or "H" in counts:
            return {a: [-neg], b: [neg]}
        # NaO: O -2 would make Na +2, a state sodium never has: Na its highest main state, O the rest (-1)
        top = max(MAIN_STATES.get(a) or [0])
        return {a: [top], b: [-top]}
    rule = _rule_states(counts, 0)
    out = {e: [_number(rule[e])] * n for e, n in counts.items()}
    h_sign = hydrogen_on_centre(counts)
    if all(v in KNOWN_STATES.get(e, [v]) for e, vals in out.items() for v in vals if float(v).is_integer()) \
            and (h_sign is None or out["H"][0] == h_sign):
        return out  # C2H: C -1/2 (an average) stands
    # the rule balanced the rest on an atom that cannot take it (CaOH: O -3): each atom but the least
    # electronegative takes its most negative main state (H +1 beside a more electronegative atom),
    # that one the rest (CaOH: O -2, H +1, Ca +1), as for the diatomics above
    order = sorted(counts, key=en_rank)
    if h_sign == -1:  # H bound to the central atom as a hydride (HBO: H-B=O): the centre takes the rest
        order = [e for e in order if e != "H"][:1] + ["H"] + [e for e in order if e != "H"][1:]
    low = order[0]
    fixed: dict[str, int] = {}
    for e in order[1:]:
        if e == "H":
            fixed[e] = h_sign if h_sign is not None else (
                1 if any((PAULING.get(o) or 0.0) > (PAULING.get("H") or 0.0) for o in counts) else -1)
        else:
            fixed[e] = min(MAIN_STATES.get(e) or [0])
    rest = -sum(fixed[e] * counts[e] for e in fixed)
    if rest % counts[low] == 0 and rest // counts[low] in KNOWN_STATES.get(low, [rest // counts[low]]):
        fixed[low] = rest // counts[low]
        return {e: [fixed[e]] * n for e, n in counts.items()}
    # the least electronegative atom cannot take the rest either (AlO2: Al +4; NO3: N +6; HF2: H +2): it
    # takes its highest (lowest) main state, the most electronegative element the rest as an average
    # (AlO2: Al +3, O -3/2; NO3: N +5, O -5/3; HF2: H +1, F -1/2)
    states = MAIN_STATES.get(low) or [0]
    fixed[low] = max(states) if rest > 0 else min(states)
    top = order[-1]
    if top == "F" and len([e for e in order if e not in (low, "F", "H")]) == 1:
        # fluorine is -1 in every compound without an F-F bond (IUPAC 2016): the radical's hole sits on the
        # other atom (AlOF2, BOF2: F -1, O -1; not F -1/2, O -2; review25c)
        top = next(e for e in order if e not in (low, "F", "H"))
        fixed["F"] = -1
    others = sum(fixed[e] * counts[e] for e in counts if e != top)
    avg = Fraction(-others, counts[top])
    return {e: [_number(avg) if e == top else fixed[e]] * n for e, n in counts.items()}


# Radicals of the gas-phase tables whose records carry no usable structure, drawn from their known structures
# (IUPAC Blue Book 2013 P-71, radicals: ethyl CH3-CH2., ethenyl (vinyl) CH2=CH., ethynyl HC#C., phenyl; NIST
# Chemistry WebBook / Huber & Herzberg: linear CCN, cyanomethylidyne .C-C#N; ClSS, chlorodisulfanyl). Their
# carbon (sulfur) atoms differ, so the IUPAC bond-graph rule (RDKit's CalcOxidationNumbers, :func:`structure`)
# gives each its own number (ethyl: CH3 -3, CH2. -2) where a formula rule gave every atom the average (C -5/2;
# review25f L11)
RADICAL_SMILES = {"C2H5": "[CH2]C", "C2H3": "[CH]=C", "C2H": "[C]#C", "C6H5": "[c]1ccccc1", "C2N": "[C]C#N",
                  "ClS2": "ClS[S]"}


def drawn_radical_states(counts: dict[str, int]) -> dict[str, list] | None:
    """The bond-graph numbers of a radical of :data:`RADICAL_SMILES`; None for any other composition.

    >>> PAULING.update({"C": 2.55, "H": 2.2, "N": 3.04, "S": 2.58, "Cl": 3.16})
    >>> drawn_radical_states({"C": 2, "H": 5}), drawn_radical_states({"Cl": 1, "S": 2}), drawn_radical_states({"C": 2})
    ({'C': [-3, -2], 'H': [1, 1, 1, 1, 1]}, {'Cl': [-1], 'S': [0, 1]}, None)
    """
    smiles = RADICAL_SMILES.get(hill(counts))
    st = structure(smiles) if smiles else None
    if st is None or st["counts"] != counts:
        return None
    return {e: list(v) for e, v in st["ox"].items()}


GAS_TABLES = ("ATcT 1.112 (g).tsv", "JANAF_1998.tsv")


def gas_phase_species() -> list[tuple[str, str, str]]:
    """(CAS, name, formula) of the gas-phase thermochemistry tables shipped in ``chemicals``: Active
    Thermochemical Tables 1.112 (Ruscic, gas) and NIST-JANAF 1998. Neutral species only."""
    import chemicals

    folder = Path(chemicals.__file__).parent / "Reactions"
    out = []
    for table in GAS_TABLES:
        with open(folder / table, encoding="utf-8") as fh:
            next(fh)
            for line in fh:
                p = line.rstrip("\n").split("\t")
                # JANAF: a row with gas data (Hfg, Gfg, S0g, Cpg) and no liquid data; ATcT (g) is all gas
                gas = table.startswith("ATcT") or (len(p) >= 11 and any(p[7:11]) and not any(p[3:7]))
                if len(p) >= 3 and p[0] and p[2] and gas:
                    text = re.sub(r"\s*\((?:g|cr|l)\)$", "", p[2].strip())
                    if re.fullmatch(r"(?:[A-Z][a-z]?\d*)+", text):
                        out.append((p[0], p[1], text))
    return out


def pymatgen_guesses(counts: dict[str, int]) -> list[dict[str, float]]:
    from pymatgen.core import Composition

    try:
        return [dict((str(e), float(v)) for e, v in g.items()) for g in Composition(counts).oxi_state_guesses()]
    except Exception:  # noqa: BLE001 - pymatgen has no guess for some elements (Am, Po): no check
        return []


_PREFIX = {"mono": 1, "di": 2, "tri": 3, "tetr": 4, "pent": 5, "hex": 6, "hept": 7, "oct": 8}
_ANION_WORD = {"oxide": "O", "sulfide": "S", "chloride": "Cl", "fluoride": "F", "bromide": "Br", "iodide": "I",
               "nitride": "N", "phosphide": "P", "carbide": "C", "hydride": "H", "boride": "B", "silicide": "Si"}
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8}
_H_WORDS = re.compile(r"hydr|ammon|acid|amine|amide|hydrogen|borane|silane|phosphine|ane\b|ene\b|yne\b|ol\b|"
                      r"ate\b|ite\b|yl|oxime|imide|azine|water|arsine|stibine|urea|form|acet|al\b|one\b", re.I)


def name_mismatch(name: str, counts: dict[str, int], ox: dict[str, list[int]], metals: set[str]) -> str | None:
    """Does the CRC name contradict the composition read from the PubChem structure? (the second
    source checks the first: a formula in brackets, the multiplying prefix of a binary compound,
    a Stock number, hydrogen that the name does not mention). A registry number in the name's place ('7785-21-9',
    PubChem records with no name) states nothing, so it contradicts nothing (s24b: such a record of (NH4)MgPO4 was
    refused for "hydrogen the name does not mention"; the record still needs its second source).

    >>> name_mismatch("7785-21-9", {"N": 1, "H": 4, "Mg": 1, "P": 1, "O": 4}, {}, {"Mg"}) is None
    True
    >>> name_mismatch("sodium chloride", {"Na": 1, "H": 1, "Cl": 1}, {}, {"Na"})
    'hydrogen the name does not mention'
    """
    from chemgames.chemistry.formula import FormulaError, parse_formula

    if re.fullmatch(r"\d{2,7}-\d{2}-\d", name.strip()):
        return None
    # the whole bracketed formula, groups included ("Nickel carbonyl [Ni(CO)4]" states Ni(CO)4, not CO)
    for m in re.finditer(r"[\[(]((?:[A-Z][a-z]?\d*|\((?:[A-Z][a-z]?\d*)+\)\d*)+)[\])]", name):
        try:
            named = parse_formula(m[1]).counts
        except FormulaError:
            continue
        if len(named) > 1 and dict(named) != counts and not re.fullmatch(r"[IVX]+", m[1]):
            return f"the name states {m[1]}"
    if "H" in counts and "C" not in counts and not _H_WORDS.search(name):
        return "hydrogen the name does not mention"
    # a salt of another parent: 'Sodium formaldehyde bisulfite' (CAS 870-72-4) drawn as the free acid HOCH2SO3H
    absent = [e for e, word in ELEMENT_NAMES.items() if e in metals and e not in counts
              and re.search(r"\b" + re.escape(word.lower()) + r"\b", name.lower())]
    if absent:
        return f"the name names {', '.join(absent)}, which the structure lacks"
    hydrogen = named_hydrogen(name, counts)
    if hydrogen is not None and counts.get("H", 0) != hydrogen:
        # the structure lost hydrogen: 'Plumbane' drawn [H].[H].[Pb], 'Decaborane(14)' as ten B atoms
        return f"the name asks for {hydrogen} H, the structure has {counts.get('H', 0)}"
    words = name.lower().split()
    if len(counts) == 2 and len(words) == 2:
        for prefix, n in _PREFIX.items():
            for word, e in _ANION_WORD.items():
                if words[1] in (prefix + word, prefix + word[1:] if prefix.endswith("o") else "") and e in counts:
                    if counts[e] != n:
                        return f"'{words[1]}' but {counts[e]} {e}"
    m = re.match(r"^([A-Za-z]+)\((I{1,3}|IV|V|VI{0,3})\) ", name)
    if m:
        metal = next((e for e in counts if e in metals and ELEMENT_NAMES.get(e, "").lower() == m[1].lower()), None)
        if metal and metal in ox and len(set(ox[metal])) == 1 and ox[metal][0] != _ROMAN[m[2]]:
            return f"Stock number {m[2]} but {metal} {ox[metal][0]:+d} by the structure"
    return None


# parent hydrides by their IUPAC names (Red Book IR-6.2): element and standard bonding number
_PARENT_HYDRIDES = {"bor": ("B", 3), "alum": ("Al", 3), "gall": ("Ga", 3), "sil": ("Si", 4), "germ": ("Ge", 4),
                    "stann": ("Sn", 4), "plumb": ("Pb", 4), "phosph": ("P", 3), "ars": ("As", 3), "stib": ("Sb", 3),
                    "bism": ("Bi", 3), "sulf": ("S", 2), "sel": ("Se", 2), "tell": ("Te", 2)}
_MULTIPLIERS = {"": 1, "di": 2, "tri": 3, "tetra": 4, "penta": 5, "hexa": 6, "hepta": 7, "octa": 8, "nona": 9,
                "deca": 10}
# oxoacids of phosphorus whose H counts the structure may lose (phosphinic acid drawn O=PO): Red Book IR-8
_ACIDS = {"phosphinic acid": 3, "hypophosphorous acid": 3, "phosphonic acid": 3, "phosphorous acid": 3,
          "phosphoric acid": 3}


def named_hydrogen(name: str, counts: dict[str, int]) -> int | None:
    """The number of H atoms a name fixes for a composition without carbon, else None: a parent hydride
    ('Stannane' SnH4, 'Plumbane' PbH4, 'Disilane' Si2H6, 'Decaborane(14)' B10H14), a borohydride (4 H
    per B), a phosphorus oxoacid (3 H).

    >>> named_hydrogen("Plumbane", {"Pb": 1, "H": 2}), named_hydrogen("Decaborane(14)", {"B": 10})
    (4, 14)
    >>> named_hydrogen("Aluminum borohydride", {"Al": 1, "B": 3}), named_hydrogen("Silane", {"Si": 1, "H": 4})
    (12, 4)
    >>> named_hydrogen("Sodium chloride", {"Na": 1, "Cl": 1}) is None
    True
    """
    if "C" in counts:
        return None
    low = name.strip().lower()
    m = re.fullmatch(r"(|di|tri|tetra|penta|hexa|hepta|octa|nona|deca)(" + "|".join(_PARENT_HYDRIDES)
                     + r")ane(?:\((\d+)\))?", low)
    if m:
        e, bonds = _PARENT_HYDRIDES[m[2]]
        n = _MULTIPLIERS[m[1]]
        if set(counts) - {"H"} != {e} or counts[e] != n:
            return None
        if m[3]:
            return int(m[3])
        # a chain E_nH_(2n+2) for group 14 (a borane of several B atoms is not a chain: diborane B2H6)
        return None if e == "B" and n > 1 else n * bonds - 2 * (n - 1)
    if "borohydride" in low and "B" in counts:
        return 4 * counts["B"]
    if low in _ACIDS and set(counts) == {"H", "P", "O"}:
        return _ACIDS[low]
    return None


_SAFE_ANIDES = {"H", "N", "O", "F", "P", "S", "Cl", "Br", "I"}  # carbides, borides, silicides: the name hides the unit
_POLYMORPH = re.compile(r" \((?:alpha|beta|gamma|[a-z]+ite|anatase|rutile|brookite|[a-z]+ form)\)$")
_METAL_LIKE_ANIDES = {"hydride", "nitride", "phosphide", "carbide", "boride", "silicide", "arsenide"}
_STOCK_METALLOIDS = {"As", "Sb", "Te", "Po"}  # not Ge: a germanium(II) halide would read as a salt of a polyatomic cation


def name_formula(name: str, metals: set[str]) -> tuple[dict[str, int], dict[str, list[int]]] | None:
    """Composition and oxidation numbers from a CRC name of a simple salt, for a CRC entry whose CAS
    number has no structure in the identifier tables: 'Magnesium nitride' → Mg3N2, 'Plutonium(III)
    chloride' → PuCl3, 'Bismuth(III) nitrate' → Bi(NO3)3. The metal's charge is the Stock number,
    else its one main oxidation state (mendeleev); the anion is a monoatomic one whose unit the name
    fixes (oxide, chloride, nitride …) or an ion of the nomenclature table. None for any other name."""
    from math import gcd

    from chemgames.chemistry.substances import _ion_states, ions, nomenclature

    # a polymorph or mineral in brackets names the same composition: 'Titanium(IV) oxide (rutile)'
    bare = _POLYMORPH.sub("", name.strip())
    m = re.fullmatch(r"([A-Z][a-z]+)(?:\((I{1,3}|IV|V|VI{0,3})\))? ([a-z ]+(?:\((?:I{1,3}|IV|V|VI{0,3})\))?)", bare)
    if not m:
        return None
    # with a Stock number the name fixes the charge, so a metalloid cation is named as well ('Arsenic(III)
    # sulfide', 'Antimony(III) oxide')
    cations = metals | (_STOCK_METALLOIDS if m[2] else set())
    metal = next((e for e in cations if ELEMENT_NAMES.get(e, "").lower() == m[1].lower()), None)
    if metal is None:
        return None
    word = m[3].strip()
    if m[2]:
        q = _ROMAN[m[2]]
    else:
        # without a Stock number only a metal of one state (Na, Mg, Al, Zn, La) gives the composition: the
        # "main" state of a d or f metal is not that of its hydride, nitride or phosphide ('Titanium hydride'
        # is TiH2, 'Copper nitride' Cu3N, 'Plutonium nitride' PuN: Greenwood & Earnshaw), so no guess there
        main = [x for x in MAIN_STATES.get(metal, []) if x > 0]
        if len(main) != 1 or (metal in TRANSITION and GROUPS.get(metal) != 12 and word in _METAL_LIKE_ANIDES):
            return None
        q = main[0]
    anide = {v[0]: e for e, v in nomenclature()["anide"].items() if e in _SAFE_ANIDES}
    if word in anide:
        e = anide[word]
        a_counts, a_charge = {e: 1}, {"H": -1, "N": -3, "O": -2, "F": -1, "P": -3, "S": -2, "Cl": -1, "Br": -1,
                                      "I": -1}[e]
        a_ox = {e: [a_charge]}
    elif word == "peroxide":
        a_counts, a_charge, a_ox = {"O": 2}, -2, {"O": [-1, -1]}
    elif fluoro_anion(word):
        a_counts, a_charge, a_ox = fluoro_anion(word)
    else:
        # the CRC spells the ligands as before 2005 (tetraiodomercurate), the table as the Red Book 2005
        # (IR-9.2.2.3: tetraiodidomercurate)
        # (and the CRC's 'Hafnium(IV) silicate' is the orthosilicate the table names so: review25g G3)
        ion = next((i for i in ions() if i.charge < 0 and word in (i.en, "silicate" if i.en == "orthosilicate" else i.en, re.sub(
            r"(fluor|chlor|brom|iod|cyan|hydrox)ido(?=[a-z])", r"\1o", i.en))), None)
        if ion is None:
            return None
        a_counts, a_charge = dict(ion.counts), ion.charge
        a_ox = {e: [_number(v) for v in vals] for e, vals in _ion_states(ion).items()}
    n_metal, n_anion = -a_charge, q
    g = gcd(n_metal, n_anion)
    n_metal, n_anion = n_metal // g, n_anion // g
    counts = {metal: n_metal}
    ox = {metal: [q] * n_metal}
    for e, k in a_counts.items():
        counts[e] = counts.get(e, 0) + k * n_anion
        ox.setdefault(e, []).extend(a_ox[e] * n_anion)
    if metal == "Hg" and q == 1:  # mercury(I) is Hg2 2+: Hg2Cl2, never an HgCl monomer
        counts = {e: 2 * n for e, n in counts.items()}
        ox = {e: v * 2 for e, v in ox.items()}
    return counts, {e: sorted(v) for e, v in ox.items()}


# the central atoms of the fluorido anions a CRC name spells 'hexafluoro<stem>ate': the atom and its usual charge
_FLUORO_CENTRES = {"bor": ("B", 3), "alumin": ("Al", 3), "silic": ("Si", 4), "titan": ("Ti", 4), "zircon": ("Zr", 4),
                   "german": ("Ge", 4), "stann": ("Sn", 4), "phosph": ("P", 5), "arsen": ("As", 5),
                   "antimon": ("Sb", 5), "niob": ("Nb", 5), "tantal": ("Ta", 5), "ferr": ("Fe", 3)}
_FLUORO_COUNT = {"tetra": 4, "hexa": 6, "hepta": 7}


def fluoro_anion(word: str) -> tuple[dict[str, int], int, dict[str, list[int]]] | None:
    """The fluorido anion a CRC salt name spells: 'hexafluorosilicate' → [SiF6]2-, 'hexafluorozirconate(IV)' →
    [ZrF6]2-, 'tetrafluoroborate' → [BF4]-, 'heptafluorotantalate' → [TaF7]2- (a Stock number must agree with
    the usual charge). Names of CRC rows with no structure in chemicals ('Potassium hexafluorosilicate',
    'Barium hexafluorosilicate'); Greenwood & Earnshaw, the fluoro complexes of each element.

    >>> fluoro_anion("hexafluorosilicate"), fluoro_anion("hexafluorozirconate(IV)")[1], fluoro_anion("hexafluoride")
    (({'Si': 1, 'F': 6}, -2, {'Si': [4], 'F': [-1, -1, -1, -1, -1, -1]}), -2, None)
    """
    m = re.fullmatch(r"(tetra|hexa|hepta)fluoro([a-z]+?)ate(?:\((I{1,3}|IV|V|VI{0,3})\))?", word)
    if not m or m[2] not in _FLUORO_CENTRES:
        return None
    centre, q = _FLUORO_CENTRES[m[2]]
    if m[3] and _ROMAN[m[3]] != q:
        return None
    n = _FLUORO_COUNT[m[1]]
    if q - n >= 0:
        return None
    return {centre: 1, "F": n}, q - n, {centre: [q], "F": [-1] * n}


def record_formula(name: str, elements: set[str]) -> dict[str, int] | None:
    """The composition a PubChem record's name states in brackets, in any letter case, of exactly the
    given elements: ('copper nitride (cu3n)', {Cu, N}) → {Cu: 3, N: 1}; 'tantalum hydride (tah)' →
    {Ta: 1, H: 1}. None where the name states none or the brackets are not such a formula.

    >>> record_formula("copper nitride (cu3n)", {"Cu", "N"})
    {'Cu': 3, 'N': 1}
    >>> record_formula("cobalt oxide", {"Co", "O"}) is None, record_formula("x (1:1)", {"Co", "O"}) is None
    (True, True)
    """
    symbols = sorted(elements, key=len, reverse=True)
    for m in re.finditer(r"\(([A-Za-z0-9]+)\)", name):
        text, counts, i = m[1], {}, 0
        while i < len(text):
            e = next((x for x in symbols if text[i:i + len(x)].lower() == x.lower()), None)
            if e is None:
                break
            i += len(e)
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            counts[e] = counts.get(e, 0) + int(text[i:j] or 1)
            i = j
        if i == len(text) and set(counts) == elements and len(elements) > 1:
            return counts
    return None


def stated_salt(counts: dict[str, int], metals: set[str]) -> tuple[dict[str, int], dict[str, list[int]]] | None:
    """A composition stated by a record's name, with pymatgen's first whole guess in which every metal
    takes one of its main states (mendeleev); None without such a guess."""
    for g in pymatgen_guesses(counts):
        if all(float(v).is_integer() for v in g.values()) and all(
                int(g[e]) in MAIN_STATES.get(e, []) for e in counts if e in metals):
            return dict(counts), {e: [int(g[e])] * n for e, n in counts.items()}
    return None


def organic_salt_unsplit(counts: dict[str, int], ox: dict[str, list]) -> bool:
    """Does the reference write this organic salt in Hill order, since its ion table does not split it
    (substances._analyse_known: an organic salt with no split, or one with an ion outside the table)?"""
    from chemgames.chemistry.substances import _real_parts, ions as _ions

    parts = _real_parts(counts, {e: tuple(Fraction(v) for v in vals) for e, vals in ox.items()})
    return parts is None or any(p.ion is not None and p.ion not in _ions() for p in parts)


def record_grouping(counts: dict[str, int], ox: dict[str, list], r: dict) -> str:
    """The record's formula written from its structure's ions, where the reference's ion split of the
    composition groups the atoms differently ('' where they agree or the structure shows no ions): the
    composition H4MgN2 splits into NH4+, Mg2+ and N3- with the same numbers, but its record, magnesium
    amide, is Mg2+ and two NH2-: written Mg(NH2)2, so the name and formula stay the record's."""
    from chemgames.chemistry.substances import _parts_formula, _real_parts, ions as _ions

    groups = r.get("groups")
    if not groups or not r.get("ionic_parts") or r.get("charge"):
        return ""  # every part charged: ions ([NH2-].[NH2-].[Mg+2]), not loose atoms ([Am].[O])
    total: dict[str, int] = {}
    for comp, _ in groups:
        for e, n in comp:
            total[e] = total.get(e, 0) + n
    table = {(i.counts, i.charge) for i in _ions()}
    ligands = {"O", "F", "Cl", "Br", "I"}
    loose = {(("C", 1), ("N", 1))}  # cyanide drawn apart from its metal ([K+].[Cd+2].[C-]#N): K2[Cd(CN)4]
    if total != counts or all(len(comp) == 1 and comp[0][1] == 1 or comp in loose for comp, _ in groups) or any(
            len(comp) > 1 and {e for e, _ in comp} & METALS_SEEN and (comp, q) not in table
            and not (q < 0 and {e for e, _ in comp} - METALS_SEEN <= ligands) for comp, q in groups):
        # a doubled mercury(I) unit; single-atom ions only (the split's AlF6 3- is then the better
        # reading); a metal inside a part that is neither a named ion nor an oxo- or halogenometallate
        # anion (Ca3N2 drawn as Ca(CaN)2)
        return ""
    formal = {(i.counts, i.charge) for i in _ions() if i.formal}
    if sum(1 for g in groups if g in formal) > 1:
        return ""  # CaAl2O4 drawn as Ca2+ and two AlO2-: a double oxide (substances.Ion.formal)
    parts = _real_parts(counts, {e: tuple(Fraction(v) for v in vals) for e, vals in ox.items()})
    if parts is None:
        return ""
    split: list[tuple[tuple[tuple[str, int], ...], int]] = []
    for p in parts:
        comp = tuple(sorted(dict(p.ion.counts).items())) if p.ion is not None else ((p.formula, 1),)
        for q in p.charges:
            split.append((comp, q))
    if sorted(split) == sorted(groups):
        return ""
    if all(g in split or len(g[0]) == 1 and g[0][0][1] == 1 for g in groups):
        # the drawing's polyatomic ions are the split's and the rest single atoms, which the split groups into
        # an oxo cation: bismutite drawn as 2 Bi3+, 2 O2-, CO3 2- is (BiO)2CO3, bismuthyl carbonate, as the
        # textbooks write it (Greenwood & Earnshaw ch. 13); as for single-atom ions only (above)
        return ""
    # cations first (metals, then others), anions after in the order of their formulas; the formula as
    # every salt is written (substances._parts_formula: a polyatomic ion beside another anion in
    # parentheses, a complex in brackets): Cr(OH)(SO4), K2[HgI4]
    tally: dict[tuple[tuple[tuple[str, int], ...], int], int] = {}
    for g in groups:
        tally[g] = tally.get(g, 0) + 1
    drawn = [_group_part(comp, q, n, ox) for (comp, q), n in tally.items()]
    return _parts_formula(tuple(sorted(drawn, key=lambda p: (
        not p.cation, not set(dict(p.ion.counts) if p.ion else {p.formula: 1}) & METALS_SEEN, "" if p.cation else p.formula))))


def _group_part(comp: tuple[tuple[str, int], ...], q: int, n: int, ox: dict | None = None):
    """A drawn ion as a part of the salt's ion split: the table's ion of this composition and charge, else
    one written metals first (an oxometallate the table lacks: [ZrO3]2-).

    >>> p = _group_part((("H", 1), ("O", 1)), -1, 1); (p.formula, p.count, p.charges, p.polyatomic)
    ('OH', 1, (-1,), True)
    >>> p = _group_part((("Cr", 1),), 3, 2); (p.formula, p.count, p.charges, p.polyatomic)
    ('Cr', 2, (3, 3), False)
    """
    from chemgames.chemistry.substances import Ion, Part, ions as _ions

    c = dict(comp)
    if len(c) == 1 and sum(c.values()) == 1:
        return Part(comp[0][0], n, (q,) * n)
    ion = next((i for i in _ions() if dict(i.counts) == c and i.charge == q), None)
    if ion is None:
        heavy = sorted((e for e in c if e != "H"), key=lambda e: (e not in METALS_SEEN, e))
        body = oxoanion_body(c, ox) if q < 0 and not set(c) & METALS_SEEN else None  # CaHBO3, not CaBO3H (s19d)
        body = body or "".join(e + (str(c[e]) if c[e] > 1 else "") for e in heavy) + (
            "H" + (str(c["H"]) if c["H"] > 1 else "") if "H" in c else "")
        ion = Ion(body, q, tuple(sorted(c.items())), body, body)
    return Part(ion.formula, n, (q,) * n, ion)


_HYDRATE = re.compile(r"^(.+?) (?:hemi|mono|di|tri|tetra|penta|hexa|hepta|octa|nona|deca|dodeca)?hydrate$", re.I)


def hydrate_salts(physical: dict, records: dict, found: dict, metals: set[str], within, report: list[str]) -> None:
    """Salts the CRC table lists only as a hydrate ('Potassium oxalate monohydrate', 'Calcium chromate
    dihydrate'): the anhydrous salt where PubChem has a record of that name with its own CAS number whose
    structure is the salt's ions without water (a second source: the CRC names the salt, PubChem
    registers it water-free). Not where the CRC lists the anhydrous salt itself, nor for acids,
    halides, halogen oxoanions and permanganates (their anhydrous salts are often unknown), nor for
    compositions the data already holds."""
    names = {v[0].lower() for v in physical.values()}
    by_name: dict[str, list[list[str]]] = {}
    for rows in records.values():
        for p in rows:
            if p[8]:
                by_name.setdefault(p[8].lower(), []).append(p)
    for cas, (name, *_rest) in sorted(physical.items()):
        m = _HYDRATE.match(name)
        if not m or m[1].lower() in names or _SKIP_NAME.search(m[1]):
            continue
        for p in by_name.get(m[1].lower(), []):
            st = structure(p[4])
            # its own CAS number (not the hydrate's); no halogen or permanganate (KI3, Zn(ClO4)2, Mg(MnO4)2
            # are known only with water or in solution)
            if p[1] == cas or set(st["counts"] if st else {}) & {"F", "Cl", "Br", "I", "Mn"}:
                continue
            if st is None or st["charge"] or not st["ionic_parts"] or st["atoms_only"] or is_hydrate(p[4]) \
                    or not set(st["counts"]) & metals or not within(st["counts"]) or st["radicals"] \
                    or name_mismatch(m[1], st["counts"], st["ox"], metals) or hill(st["counts"]) in found:
                continue
            cid = int(p[0]) if p[0].lstrip("-").isdigit() else -1
            found[hill(st["counts"])] = [dict(st, cas=p[1], cid=cid, name=m[1], label="e", tm=None, tb=None,
                                              iupac=p[7], source="crc-hydrate", hydrate=name)]
            report.append(f"anhydrous salt of a CRC hydrate: {hill(st['counts'])} {m[1]} ({p[1]}; hydrate {cas})")
            break


def _proportional(a: dict[str, int], b: dict[str, int]) -> bool:
    """Same elements in the same ratio (Hg2Cl2 and HgCl)."""
    return set(a) == set(b) and len({Fraction(a[e], b[e]) for e in a}) == 1


def _averages(ox: dict[str, list[int]]) -> dict[str, float]:
    return {e: sum(v) / len(v) for e, v in ox.items()}


def _same(a: dict[str, float], b: dict[str, float]) -> bool:
    return set(a) == set(b) and all(abs(a[e] - b[e]) < 1e-6 for e in a)



def cas_preferences() -> tuple[set[str], set[str]]:
    """The CAS numbers chemicals prefers (or not) where several records share a formula (Fe2O3)."""
    import chemicals

    folder = Path(chemicals.__file__).parent / "Identifiers"
    preferred, unpreferred = set(), set()
    for name in ("inorganic_preferences.json", "organic_preferences.json", "cation_preferences.json",
                 "anion_preferences.json"):
        data = json.loads((folder / name).read_text(encoding="utf-8"))
        preferred |= set(data["preferred_cas"])
        unpreferred |= set(data["unpreferred_cas"])
    return preferred, unpreferred


def hill(counts: dict[str, int], charge: int = 0) -> str:
    return reference_key(counts, charge)


def crc_physical(vs, report: list[str]) -> dict[str, tuple[str, float | None, float | None, str]]:
    """The CRC tables' rows as the rules read them: CAS -> (name, melting point K, boiling point K, "inorganic" or
    "organic"). A row known wrong is corrected with its source (``vetted_substances.CRC_CORRECTIONS``: SnI4's melting
    point) or not read at all (``CRC_WRONG_ROWS``: 'Copper phosphide', CuP2's record and density); a melting point
    above the row's own boiling point is not read (s24b: the rules that weigh melting and boiling points, molecules
    below ``MOLECULAR_BELOW_K``, networks above ``NETWORK_ABOVE_K``, must not read an impossible pair).

    >>> sys.path.insert(0, str(ROOT / "tools"))
    >>> import vetted_substances as vs
    >>> rows = crc_physical(vs, [])
    >>> rows["7790-47-8"][:3], "12019-11-3" in rows
    (('Tin(IV) iodide', 416.15, 637.5), False)
    >>> [cas for cas, (_n, tm, tb, _k) in rows.items() if tm and tb and tm > tb]
    []
    """
    from chemicals import miscdata

    physical: dict[str, tuple[str, float | None, float | None, str]] = {}
    for table, kind in ((miscdata.CRC_inorganic_data, "inorganic"), (miscdata.CRC_organic_data, "organic")):
        namecol = "Chemical" if "Chemical" in table.columns else "Name"
        for cas, row in table.iterrows():
            if cas in vs.CRC_WRONG_ROWS:
                report.append(f"CRC row not read: {row[namecol]} ({cas}): {vs.CRC_WRONG_ROWS[cas]}")
                continue
            values = {c: None if row[c] != row[c] else float(row[c]) for c in ("Tm", "Tb")}
            fixed, source = vs.CRC_CORRECTIONS.get(cas, ({}, ""))
            values.update(fixed)
            tm, tb = values["Tm"], values["Tb"]
            if tm is not None and tb is not None and tm > tb:
                # a sublimation point given as the boiling point, or an error: the melting point is not read
                report.append(f"CRC row's melting point not read: {row[namecol]} ({cas}): Tm {tm} K above Tb {tb} K")
                tm = None
            physical.setdefault(cas, (str(row[namecol]), tm, tb, kind))
    return physical


def build(report: list[str] | None = None) -> dict:
    from chemicals import miscdata

    sys.path.insert(0, str(ROOT / "tools"))
    import vetted_substances as vs

    report = report if report is not None else []
    from chemgames.chemistry.formula import parse_formula

    STABLE_RADICAL_KEYS.update(hill(parse_formula(t).counts) for t in vs.STABLE_RADICALS)
    elements_table = element_table()
    # every element to Lr, not only those on the cards: the games' hints, the truth set and teachers
    # ask about CsCl, SrCl2, TiCl4, XeF2, Ni(CO)4 (a card subset left them "unknown")
    elements = set(elements_table)
    ELEMENT_NAMES.update({e: row["name_en"].replace("Aluminium", "Aluminum") for e, row in elements_table.items()})
    METALLOIDS.update(e for e, row in elements_table.items() if row["series"] == "Metalloids" and e not in METALLOID_METALS)
    TRANSITION.update(e for e, row in elements_table.items() if row["series"] in ("Transition metals", "Lanthanides",
                                                                                "Actinides"))
    MAIN_STATES.update({e: row["main"] for e, row in elements_table.items()})
    GROUPS.update({e: row["group"] for e, row in elements_table.items()})
    GROUPS_D.update(e for e, row in elements_table.items() if row["series"] == "Transition metals")
    KNOWN_STATES.update({e: sorted(set(row["main"]) | set(row["extended"]) | {0}) for e, row in elements_table.items()})
    PAULING.update({e: row["en"] for e, row in elements_table.items() if row["en"] is not None})
    # the metals of the school rule, as substances.is_metal decides them (polonium with the metals)
    metals = {e for e, row in elements_table.items() if row["series"] in METAL_SERIES} | set(METALLOID_METALS)
    METALS_SEEN.update(metals)
    records = identifier_records()
    for crc_cas, (pubchem_cas, pubchem_name) in vs.SCHOOL_STRUCTURES.items():
        # a school organic whose CRC row has no structure: the PubChem record of the same name (vetted_substances)
        rows = [p for p in records.get(pubchem_cas, []) if pubchem_name in (x.lower() for x in p[7:])]
        assert rows and crc_cas not in records, (crc_cas, pubchem_cas)
        records[crc_cas] = rows
    gas_only = thermo_gas_only()
    physical = crc_physical(vs, report)
    preferred, unpreferred = cas_preferences()
    for cas, crc_name in {**vs.RETAINED_ORGANICS, **vs.UNBRANCHED_ACIDS, **vs.UNBRANCHED_ISOMERS}.items():  # the school lists name the CRC's rows (by CAS) rightly
        assert physical.get(cas, ("",))[0] == crc_name, (cas, crc_name, physical.get(cas))

    def within(counts: dict[str, int], cas: str = "") -> bool:
        # the carbon limit keeps the thousands of larger organics out (the file ships in the Lite site); it
        # is no limit for a metal carbonyl (Mn2(CO)10) nor for the organics a school book teaches
        # (SCHOOL_ORGANICS: sucrose, toluene, naphthalene)
        if cas in vs.SCHOOL_ORGANICS:
            return set(counts) <= elements
        return set(counts) <= elements and sum(counts.values()) <= MAX_ATOMS and (
            counts.get("C", 0) <= MAX_CARBON or bool(carbonyl_metal(counts)) or metallocene(counts))

    found: dict[str, list[dict]] = {}
    # a CRC name given to several CAS numbers names several substances ('Aluminum silicate': kyanite,
    # andalusite, sillimanite, all Al2SiO5): the name alone fixes none of them
    shared = {n for n, k in Counter(v[0] for v in physical.values()).items() if k > 1}
    for cas in sorted(set(physical) | set(gas_only)):
        name = physical[cas][0] if cas in physical else gas_only[cas]
        if _SKIP_NAME.search(name):
            continue
        sts = [structure(carbide_smiles(p[4], name)) for p in records.get(cas, [])]
        stated = named_formula([name], elements) if cas in physical else []
        if stated and metal_like(stated[0][0]) and within(stated[0][0]) and not any(
                st is not None and st["counts"] == stated[0][0] for st in sts):
            # a metal-like boride, silicide or phosphide whose CRC name states its formula ('Iron boride
            # (Fe2B)', 'Chromium boride (Cr2B)') and that has no structure of it (none, or another
            # substance's under its CAS number): the CRC name's formula; no oxidation numbers to read
            counts = stated[0][0]
            found.setdefault(hill(counts), []).append(dict(
                counts=counts, charge=0, ox={}, radicals=0, parts=1, ionic_parts=False, atoms_only=False,
                metal_carbon=False, cas=cas, cid=-1, name=name, label="e", tm=physical[cas][1],
                tb=physical[cas][2], iupac="", source="crc-name"))
            continue
        by_name = name_formula(name, metals) if cas in physical and physical[cas][3] == "inorganic" \
            and name not in shared else None
        loose = bool(sts) and all(st is not None and st["atoms_only"] and by_name and set(st["counts"]) == set(
            by_name[0]) and st["counts"] != by_name[0] for st in sts)  # [Am].[O] for Am2O3: atoms, not counts
        if by_name and any(st is not None and st["ionic_parts"] and not st["charge"]
                           and not _proportional(st["counts"], by_name[0]) for st in sts):
            # ions whose charges balance ([S-2].[S-2].[Ti+4] for 'Titanium(II) sulfide') state another
            # composition than the name's guess: the sources disagree, neither is taken
            report.append(f"left out: {name} ({cas}): the name gives {hill(by_name[0])}, its record "
                          f"{', '.join(hill(st['counts']) for st in sts if st)}")
            continue
        shown = set(by_name[0]) if by_name else {e for st in sts if st for e in st["counts"] if e != "H"}
        stated = [f for p in records.get(cas, []) for elements in (shown, shown | {"H"})
                  if (f := record_formula(p[8], elements))]
        if stated and not (by_name and any(_proportional(by_name[0], f) for f in stated)):
            # PubChem's record states the composition ('copper nitride (cu3n)', 'hafnium nitride (HfN)'): a
            # guess from the CRC name that differs is wrong; the stated one stands where the metal takes a
            # main state in it (pymatgen), else nothing ('tantalum hydride (tah)': no Ta(I))
            if by_name:
                report.append(f"name guess {hill(by_name[0])} for {name} ({cas}) rejected: the record states "
                              f"{hill(stated[0])}")
            # (not for a hydride, nitride or phosphide of a d or f metal, where PubChem's stated formula is
            # not reliable either: 'copper phosphide (CuP2)' for the CRC's Cu3P, CAS 12019-11-3)
            by_metal_like_name = any(w in name.lower() for w in _METAL_LIKE_ANIDES) and set(stated[0]) & TRANSITION
            by_name = stated_salt(stated[0], metals) if physical.get(cas, ("",) * 4)[3] == "inorganic" \
                and not by_metal_like_name else None
            loose = False
        # a structure counts unless the record's own name states another composition (Cu3N drawn [NH2-].[Cu]...)
        trusted = any(st is not None and st["charge"] == 0 and not (stated and not _proportional(stated[0], st["counts"]))
                      for st in sts)
        if by_name and (loose or not trusted):
            # no record, or its structure is unreadable, charged overall ([Cl-].[Cl-].[Cl-].[Pu]) or loose
            # atoms: the composition from the CRC name where it agrees with the structure's atoms
            # a structure charged overall is no record of the substance (Lithium oxide, CAS 12057-24-8, is
            # drawn [Li+].[Li+].[OH-]): the CRC name alone fixes the salt then
            if within(by_name[0]) and all(st is None or st["charge"] or set(st["counts"]) == set(by_name[0])
                                          or stated for st in sts):
                counts, ox = by_name
                tm, tb = physical[cas][1], physical[cas][2]
                found.setdefault(hill(counts), []).append(dict(
                    counts=counts, charge=0, ox=ox, radicals=0, parts=1, atoms_only=False,
                    ionic_parts=bool(set(counts) & metals),  # a metalloid's oxide (Sb2O3) is no salt of ions
                    metal_carbon=False, cas=cas, cid=-1, name=_POLYMORPH.sub("", name), label="e", tm=tm, tb=tb,
                    iupac="", source="crc-name"))  # the polymorph's name is not the substance's
            continue
        if cas in physical and sts and all(st is None for st in sts):
            parsed = parse_hill(records[cas][0][2])
            if parsed and not parsed[1] and len(parsed[0]) == 2 and not set(parsed[0]) & metals \
                    and within(parsed[0]) and not name_mismatch(name, parsed[0], {}, metals) \
                    and re.search(r"(mono|di|tri|tetra|penta|hexa|hepta)(fluoride|chloride|bromide|iodide|oxide)$",
                                  name.lower()):
                # hypervalent halides RDKit cannot read (ClF3, BrF5): the formula that the CRC name's
                # prefix confirms, the numbers by the textbook rule (the halogen/oxygen negative)
                from chemgames.chemistry.substances import _rule_states

                counts = parsed[0]
                ox = {e: [int(v)] * counts[e] for e, v in _rule_states(counts, 0).items()}
                found.setdefault(hill(counts), []).append(dict(
                    counts=counts, charge=0, ox=ox, radicals=0, parts=1, ionic_parts=False, atoms_only=False,
                    metal_carbon=False, cas=cas, cid=int(records[cas][0][0]) if records[cas][0][0].isdigit() else -1,
                    name=name, label="e", tm=physical[cas][1], tb=physical[cas][2], iupac="", source="crc-name"))
                continue
        for p in records.get(cas, []):
            st = structure(carbide_smiles(p[4], name))
            parent = vs.PARENT_HYDRIDES.get(name.lower())
            if parent and (st is None or st["counts"] != structure(parent, vetted=True)["counts"]):
                # a parent hydride's name fixes its formula: 'Stannane' is SnH4, not PubChem's [H].[H].[Sn]
                report.append(f"{name} ({cas}): the name's parent hydride {parent}, not the structure {p[4]}")
                st = structure(parent, vetted=True)
                # one central atom: it balances its hydrogens (PbH4: H -1 by mendeleev's Pauling scale, Pb +4;
                # RDKit's own scale puts Pb above H and gives Pb -4 beside H -1, which do not add up)
                x = next(e for e in st["counts"] if e != "H")
                st["ox"] = dict(st["ox"], **{x: [-sum(st["ox"]["H"])]})
            if st is not None and carbonyl_metal(st["counts"]):
                # a binary metal carbonyl: CO binds through C by a dative bond, the metal stays 0 and each CO
                # keeps C +2, O -2; PubChem draws some (Mo(CO)6) with M=C bonds, which give Mo +6 and C +1
                m, x = carbonyl_metal(st["counts"])
                st = dict(structure("[C-]#[O+]." * st["counts"]["C"] + ".".join([f"[{m}]"] * x), vetted=True),
                          metal_carbon=True)
            if st is None or st["charge"] != 0 or not within(st["counts"], cas):
                continue
            problem = name_mismatch(name, st["counts"], st["ox"] if not st["atoms_only"] else {}, metals)
            stated = record_formula(p[8], set(st["counts"]))
            if not problem and stated and not _proportional(stated, st["counts"]):
                # the record's own name states another composition: 'tantalum hydride (tah)' drawn as TaH5
                problem = f"its record's name states {hill(stated)}"
            if not problem and st["atoms_only"] and not st["ionic_parts"] and set(st["counts"]) & TRANSITION \
                    and re.search(r"\b(hydride|nitride|phosphide)$", name.lower()) and not re.search(r"\([IVX]+\)", name) \
                    and not any(all(float(v).is_integer() and int(v) in MAIN_STATES.get(e, []) for e, v in g.items())
                                for g in pymatgen_guesses(st["counts"])):
                # uncharged loose atoms ([Cu].[P].[P] for the CRC's Cu3P, [Hf].[N]) fix no composition of a
                # hydride, nitride or phosphide of a d or f metal that the CRC name does not state, unless the
                # composition balances in the elements' main states (HoN, FeP)
                problem = "loose atoms of a metal-like binary the name does not state"
            if problem:
                report.append(f"left out: {name} ({cas}) read as {hill(st['counts'])}: {problem}")
                continue
            label = "e"
            single = len(st["counts"]) == 1
            # unpaired electrons count only in molecules of non-metals (a metal ion's d electrons are
            # its own: [Cr+3] is drawn with three)
            unpaired = st["radicals"] and not single and hill(st["counts"]) not in STABLE_RADICAL_KEYS \
                and not any(e in metals for e in st["counts"])
            if cas in physical and unpaired and not st["atoms_only"]:  # Sb2S3 drawn as loose atoms: no bonds, no radical
                # a bulk substance (melting/boiling point, density) drawn with unpaired electrons: the
                # structure lacks hydrogen (PubChem's "C[Si](C)C" for triethylsilane), not a radical
                report.append(f"left out: {name} ({cas}) read as {hill(st['counts'])}: unpaired electrons in "
                              "the structure of a bulk substance")
                continue
            if cas not in physical:
                label = "t"  # gas-phase data only (CRC thermodynamic table): known only briefly
            if single and sum(st["counts"].values()) == 1 and next(iter(st["counts"])) in ATOMIC_TRANSIENT:
                label = "t"  # a free atom of H, N, O, a halogen: known only briefly
            cid = int(p[0]) if p[0].lstrip("-").isdigit() else -1
            found.setdefault(hill(st["counts"]), []).append(dict(
                st, cas=cas, cid=cid, name=name, label=label, tm=physical.get(cas, (0, None))[1],
                tb=physical.get(cas, (0, None, None))[2], iupac=p[7], source="crc"))
            break
    hydrate_salts(physical, records, found, metals, within, report)
    # species known only briefly: gas-phase thermochemistry (ATcT, JANAF) of a CAS number with no CRC record
    # of a bulk substance (ClO, C2, NH2, HNO, CCl2: flames, the interstellar medium, spectroscopy)
    vetted_counts = [parse_formula(re.sub(r"(?<=\])\d*[+-]$", "", t).replace("[", "(").replace("]", ")")).counts
                     for t, *_ in vs.VETTED]
    known_counts = [r["counts"] for recs in found.values() for r in recs] + [dict(c) for c in vetted_counts]
    for cas, name, text in gas_phase_species():
        if cas in physical:
            continue
        parsed = parse_hill(text)
        if parsed is None or parsed[1] or not within(parsed[0]) or hill(parsed[0]) in found:
            continue
        counts = parsed[0]
        if not gas_only_species(counts, known_counts, metals):
            continue
        sts = [st for p in records.get(cas, []) if (st := structure(p[4])) is not None and st["counts"] == counts
               and not st["charge"] and not st["atoms_only"]]
        if any(x["ionic_parts"] and set(x["counts"]) & metals for x in sts):
            # PubChem draws it as a salt of ions (lithium hypochlorite, a commercial solid): the gas-phase
            # table measured its vapour molecule, which says nothing about the solid; not made short-lived
            report.append(f"not transient: {hill(counts)} {name} ({cas}) is drawn as a salt")
            continue
        if sts:
            st = sts[0]
        else:  # no structure, or loose atoms ([Al].[H] for AlH): a rule on the formula
            st = dict(counts=counts, charge=0, ox=transient_states(counts), radicals=1, parts=1, ionic_parts=False,
                      atoms_only=False, metal_carbon=False)
        cid = next((int(p[0]) for p in records.get(cas, []) if p[0].isdigit()), -1)
        if sts and not set(counts) & metals:  # PubChem's name of the structure ("nitroxyl", not "nitrosyl hydride")
            name = next((p[8] for p in records[cas] if p[8]), name)
        found.setdefault(hill(counts), []).append(dict(
            st, cas=cas, cid=cid, name=name, label="t", tm=None, tb=None, iupac="", source="gas"))
        report.append(f"transient (gas-phase data only): {hill(counts)} {name} ({cas})")
    # the ions of chemicals' ion tables (Anion db, Cation db): a second table beside PubChem
    import chemicals

    folder = Path(chemicals.__file__).parent / "Identifiers"
    for table in ("Anion db.tsv", "Cation db.tsv"):
        with open(folder / table, encoding="utf-8") as fh:
            for line in fh:
                p = line.rstrip("\n").split("\t")
                if len(p) < 9:
                    continue
                st = structure(p[4])
                named = table_ion(p[2])
                if named and (st is None or st["counts"] == named["counts"]):
                    # an ion of the nomenclature table: its per-atom numbers (N3-: -1, +1, -1); the drawing's number by
                    # the bond graph alone stays beside them (PH4+: P +5, s21b's h_convention; s22b put PH4+ in the table)
                    st = dict(named, h_convention=st["h_convention"]) if st and st.get("h_convention") else named
                if st is None or not st["charge"] or (st["parts"] != 1 and not st["atoms_only"]) \
                        or not within(st["counts"]):
                    continue
                cid = int(p[0]) if p[0].lstrip("-").isdigit() else -1
                found.setdefault(hill(st["counts"], st["charge"]), []).append(dict(
                    st, cas=p[1], cid=cid, name=p[8], label="e", tm=None, tb=None, iupac=p[7], source="ion"))
    vetted_keys = {}
    for text, smiles, en, de, label, source in vs.VETTED:
        st = structure(smiles, vetted=True)
        assert st is not None, text
        # a complex ion is written [Ag(NH3)2]+: its charge is the structure's
        body, sign = re.fullmatch(r"(.*?)((?<=\])\d*[+-])?", text).groups()
        written_charge = (int(sign[:-1] or 1) * (1 if sign[-1] == "+" else -1)) if sign else 0
        assert st["charge"] == written_charge, (text, st["charge"])
        written = parse_formula(body.replace("[", "(").replace("]", ")")).counts
        assert dict(written) == st["counts"], (text, st["counts"])  # the row's formula is its structure's
        key = hill(st["counts"], st["charge"])
        vetted_keys[key] = text
        found[key] = [dict(st, cas="", cid=-1, name=en, de=de, label=label[0], tm=None, tb=None, iupac="",
                           source="vetted: " + source, text=text)] + [
            dict(r, label=label[0]) for r in found.get(key, []) if r["source"] != "vetted"]
        if found[key][1:]:  # keep the CRC's CAS and melting point with the vetted structure
            crc = found[key][1]
            found[key][0].update(cas=crc["cas"], cid=crc["cid"], tm=crc["tm"], tb=crc["tb"])
        elif text in getattr(vs, "VETTED_IDS", {}):  # no CRC row: the record's CAS and CID from PubChem's tables
            cas, cid = vs.VETTED_IDS[text]
            found[key][0].update(cas=cas, cid=cid or -1)
    for text, smiles, en, de, source in vs.MIXED_VALENCE:
        # a mixed-valence compound written with one atom where its structure holds two of different charge
        # (AgO = Ag(I)Ag(III)O2): the numbers of the larger unit, under the key of the formula, so the
        # student reads the average with its individual values
        st = structure(smiles, vetted=True)
        assert st is not None and not st["charge"], text
        units = math.gcd(*st["counts"].values())
        counts = {e: n // units for e, n in st["counts"].items()}
        assert counts == dict(parse_formula(text).counts), (text, st["counts"])
        key = hill(counts)
        crc = next((x for x in found.get(key, []) if not x["source"].startswith("vetted")), None)
        found[key] = [dict(st, counts=counts, cas=crc["cas"] if crc else "", cid=crc["cid"] if crc else -1, name=en,
                           de=de, label="e", tm=crc["tm"] if crc else None, tb=crc["tb"] if crc else None, iupac="",
                           source="vetted: " + source, text=text)]
        vetted_keys[key] = text
    # review25f F1: every composition the deck builds that a vetted table names, beyond the CRC rows above
    import composable_real

    sweep = composable_real.add_composable(sys.modules[__name__], found, records, metals, report)
    # review25g G1: the PubChem-only compositions with no second source stay game-only (the ledger names each)
    report.extend(f"composable, no second source (game-only): {k} {v}" for k, v in sorted(sweep["unsupported"].items()))
    from chemgames.chemistry.substances import nomenclature

    # the record a school name stands for (butane is n-butane, CID 7843, not isobutane)
    school_cids = {row["cid"] for table in ("names", "condensed") for row in nomenclature()[table].values()
                   if isinstance(row, dict) and row.get("cid")}
    substances = {}
    absent: dict[str, list[str]] = {}
    solid_ions: dict[str, list[list]] = {}  # salts whose ions the ion table cannot split: as the record draws them
    hydrate_rows: dict[str, str] = {}  # key -> the CRC hydrate row of its record ('Zinc acetate dihydrate')
    averaged_numbers: dict[str, list[str]] = {}  # key -> elements whose shared number is a mean of unlike atoms
    h_convention: dict[str, dict[str, list]] = {}  # key -> P/As/Sb bonded to H: its numbers by the bond graph alone
    en_scales: dict[str, dict] = {}  # key -> the bonds Pauling's and Allen's scales order differently, Allen's numbers
    organo: dict[str, str] = {}
    for key in sorted(found):
        if key in vs.REJECT:
            report.append(f"left out: {key}: {vs.REJECT[key]}")
            continue
        # then the school organics by CAS (C3H6O3 is lactic acid, not 1,3-dihydroxyacetone: review25d L12)
        recs = sorted(found[key], key=lambda r: (not r["source"].startswith("vetted"), r["cid"] not in school_cids,
                                                 r["cas"] not in vs.SCHOOL_ORGANICS, r["label"] != "e",
                                                 r["cas"] not in preferred, r["cas"] in unpreferred,
                                                 r["cid"] if r["cid"] > 0 else 10**12, r["cas"]))
        # a record whose structure's numbers add up to its charge first (the Anion db's azide, not a
        # gas-phase row drawn as a radical)
        recs = [x for x in recs if x.get("atoms_only") or sum(map(sum, x["ox"].values())) == x["charge"]] or recs
        r = recs[0]
        counts = r["counts"]
        ox = r["ox"]
        unit = formula_unit(counts, ox, metals, bool(r.get("atoms_only")))
        if unit != counts:
            # a solid drawn as two formula units (PubChem's Bi2Sb2, Bi4Te6): keyed by its formula unit
            ox = {e: sorted(v)[:unit[e]] for e, v in ox.items()}
            counts = unit
            report.append(f"{key}: structure of several formula units, keyed as {hill(counts)}")
            key = hill(counts)
            if key in found:
                continue
        if metallocene(counts) and "C" in ox:
            # the ten C of a sandwich are alike (D5d/D5h; each C5H5- ring carries -1), not one Kekule form's
            # carbanion: every C the average, -6/5 in ferrocene (review25c)
            avg = Fraction(sum(Fraction(v) for v in ox["C"]), len(ox["C"]))
            ox = dict(ox, C=[_number(avg)] * len(ox["C"]))
        ox = boron_cluster_alike(counts, ox)
        has_metal = any(e in metals for e in counts)
        organic = "C" in counts and "H" in counts
        like_metal = metal_like(counts, r["charge"]) and r["label"] == "e"
        if like_metal:
            # a boride, silicide or metal-rich carbide, nitride or phosphide of a d/f-block metal: metal-like,
            # no oxidation numbers (substances.metal_like); pymatgen's ionic guess gave CrB2 B -3 and Cr +6,
            # and where it had none (TiB2, ZrB2, CrSi2, FeSi) the substance was left out as unknown
            ox = {}
        elif r.get("atoms_only") and not r["charge"] and len(counts) > 1 and not r["source"].startswith("vetted"):
            # drawn as loose atoms: the structure gives no bonds, so no numbers; pymatgen's first whole guess
            m = re.match(r"^([A-Za-z]+)\((I{1,3}|IV|V|VI{0,3})\) ", r["name"])
            stock = {e: _ROMAN[m[2]] for e in counts if m and ELEMENT_NAMES.get(e, "").lower() == m[1].lower()}
            # a guess only where every number is one the element is known to take (mendeleev): pymatgen
            # balances CaOH as Ca +2, O -3, which no oxygen has
            whole = [g for g in pymatgen_guesses(counts) if all(float(v).is_integer() for v in g.values())
                     and all(g[e] == q for e, q in stock.items()) and c2_units_hold(counts, g, metals)]
            g = next((g for g in whole if all(int(g[e]) in KNOWN_STATES.get(e, [int(g[e])]) for e in counts)),
                     None if r["label"] == "t" else next(iter(whole), None))  # a bulk boride (CrB2) stays
            by_name = name_formula(r["name"], metals) if g is None else None
            if r["label"] == "t" and (sum(counts.values()) == 2 or g is None):
                ox = transient_states(counts)  # a gas-phase diatomic (AlH, Al +1) or radical: no salt to guess
            elif g is None and by_name and by_name[0] == counts:
                ox = by_name[1]  # pymatgen has no guess (Am, Po): the CRC name's Stock number
            elif g is None:
                report.append(f"left out: {key} ({r['name']}) drawn as loose atoms and no pymatgen guess")
                continue
            else:
                ox = {e: [int(g[e])] * n for e, n in counts.items()}
        elif r.get("atoms_only") and r["charge"] and not r["source"].startswith("vetted"):
            from chemgames.chemistry.substances import _ion_states, ions as _ions

            ion = next((i for i in _ions() if dict(i.counts) == counts and i.charge == r["charge"]), None)
            if ion is None:
                report.append(f"left out: {key} ({r['name']}) drawn as loose atoms, an ion the tables do not name")
                continue
            ox = {e: sorted(_number(v) for v in vals) for e, vals in _ion_states(ion).items()}
        if has_metal and not organic and len(counts) > 1 and not r["source"].startswith("vetted") \
                and not carbonyl_metal(counts) and not like_metal:  # pymatgen guesses ionic solids; a carbonyl is a molecule, M 0
            guesses = pymatgen_guesses(counts)
            if guesses and not any(_same(_averages(ox), g) for g in guesses):
                g = guesses[0]
                drawn_as_atoms = any(min(ox[e]) <= 0 for e in counts if e in metals)
                # a binary carbide, nitride, boride or silicide of a metal is drawn with metal-C bonds of some
                # order (ThC: Th +3, C -3) that no ionic formalism has: pymatgen's guess (Th +4, C -4)
                hard = len(counts) == 2 and set(counts) - metals <= {"B", "C", "N", "Si"} and not r["charge"]
                if (drawn_as_atoms or hard) and all(float(v).is_integer() for v in g.values()):
                    report.append(f"{key}: structure gives {_averages(ox)}, pymatgen {g}: pymatgen taken")
                    ox = {e: [int(g[e])] * n for e, n in counts.items()}
                else:
                    report.append(f"{key}: structure gives {_averages(ox)}, pymatgen {g}: structure kept")
        if "Hg" in ox and set(ox["Hg"]) == {1} and counts["Hg"] % 2 and not r["charge"] and r["label"] != "t":
            # a mercury(I) record drawn as a monomer (HgClO3): the formula unit holds Hg2 2+
            counts = {e: 2 * n for e, n in counts.items()}
            ox = {e: sorted(v * 2) for e, v in ox.items()}
            report.append(f"{key}: mercury(I) monomer doubled to {hill(counts)}")
            key = hill(counts)
            if key in found:
                continue  # the doubled formula has its own record
        ox = ox if r["charge"] or like_metal else nonmetal_hydride_states(counts, ox, metals)
        if len(counts) == 1 and (not r["charge"] or sum(counts.values()) == 1 or not r["source"].startswith("vetted")):
            # an element: every atom 0 (O3 is drawn [O-][O+]=O); a monoatomic ion: its charge (a vetted polyatomic
            # ion of one element keeps its structure's numbers: I3- is I-I-I with -1, 0, 0, S3 2- -1, 0, -1)
            ox = {e: [r["charge"] // n if r["charge"] % n == 0 else 0] * n for e, n in counts.items()}
            (e, n), = counts.items()
            if n == 1 and r["charge"] not in KNOWN_STATES.get(e, [r["charge"]]):
                # an ion of a charge the element never takes (chemicals' ion table lists Po+, Po3+, Po-, Tm4+,
                # Tm-; mendeleev knows Po -2, +2, +4, +5, +6 and Tm +2, +3): no such ion to teach
                report.append(f"left out: {key} ({r['name']}): {e} takes no oxidation state {r['charge']:+d}")
                continue
        if sum(sum(v) for v in ox.values()) != r["charge"]:
            report.append(f"left out: {key} ({r['name']}): the structure's numbers add up to "
                          f"{sum(sum(v) for v in ox.values())}, not the charge {r['charge']}")
            continue
        bonding = classify(key, counts, r, metals, vs, vetted_keys.get(key), ox)
        if bonding == "i" and (r.get("groups") or key in vs.SOLID_IONS) and not r["charge"]:
            from chemgames.chemistry.substances import _real_parts

            split = _real_parts(counts, {e: tuple(sorted(Fraction(str(v)) for v in vals)) for e, vals in ox.items()})
            held = vs.SOLID_IONS.get(key)  # a record of loose atoms: the ions of the solid from the handbook
            groups = structure(held[0], vetted=True)["groups"] if held else r["groups"]
            drawn = structure_ions(groups, counts, ox)
            # the record's ions where the ion table cannot split the salt, or where it splits a polyatomic ion that a
            # vetted record draws ((NH4)2MoS4 as Mo6+ and S2-, where the solid holds [MoS4]2-); not a CRC record's
            # drawing of a mixed oxide or nitride ([TiO3]2- for the perovskite SrTiO3, [BaN]- for Ba3N2)
            vetted = r["source"].startswith("vetted")
            if drawn and (split is None or vetted and sum(1 for i in drawn[:-1] if i[0].startswith("[")) >
                          sum(1 for p in split if p.ion is not None)):
                solid_ions[key] = drawn[:-1]
        if bonding == "x" and organometallic(r.get("smiles", "")):
            organo[key] = organometallic(r.get("smiles", ""))  # the sentence's reason; a Grignard's note
        text = r.get("text", "")
        if not text and metallocene(counts):  # written as ferrocene's vetted row is: Ni(C5H5)2
            text = next(e for e in counts if e not in ("C", "H")) + "(C5H5)2"
        if not text and "C" in counts and not r["charge"] and not r["source"].startswith("vetted"):
            text = organometallic_formula(r.get("smiles", ""))  # Pb(CH3)4, not C4H12Pb (review25d L8)
        if not text and bonding == "i" and "C" in counts and "H" in counts and not r["charge"] \
                and not r["source"].startswith("vetted") and organic_salt_unsplit(counts, ox):
            text = organic_salt_formula(counts, r.get("smiles", ""))  # Na3C6H5O7, not C6H5Na3O7 (review25d L8)
        if bonding == "i" and not text and not r["source"].startswith("vetted"):
            text = record_grouping(counts, ox, r)
            if text:
                report.append(f"{key}: the ion split differs from the record's groups: written {text}")
                from chemgames.chemistry.substances import _parts_formula, _real_parts

                split = _real_parts(counts, {e: tuple(sorted(Fraction(str(v)) for v in vals)) for e, vals in ox.items()})
                drawn = structure_ions(r["groups"], counts, ox)
                plain = str.maketrans("", "", "[]")
                if drawn and drawn[-1] == 1 and (split is None or _parts_formula(split).translate(plain) != text.translate(plain)):
                    # the formula is the record's, so are the ions (Cr(OH)(SO4): Cr3+, OH-, SO4 2-, where the split
                    # reads Cr3+, HSO4-, O2-); the same formula both ways (the perovskite CaZrO3): the split's
                    solid_ions[key] = drawn[:-1]
        written = bracketed_salt(solid_ions[key]) if key in solid_ions else None
        if written is not None and dict(parse_formula(written).counts) == counts:
            text = written  # K[ICl2], K2[TiF6]: a complex in brackets as every complex (substances.complex_body)
        entry = [r["label"], r["cas"], r["cid"] if r["cid"] > 0 else 0, r["name"], r.get("de", ""),
                 {e: [v if isinstance(v, int) else str(Fraction(v)) for v in ox[e]] for e in sorted(ox)}, bonding,
                 r["source"] if r["source"].startswith("vetted") else "", text]
        substances[key] = entry
        hydrate_rows[key] = r.get("hydrate", "")  # the CRC hydrate row that made the salt known, if any
        if r.get("averaged"):
            averaged_numbers[key] = r["averaged"]  # KO3: O -1/3 is a mean (the data keeps one number an atom)
        if r.get("h_convention") and all(ox.get(e) == r["ox"].get(e) for e in r["h_convention"]):  # H3PO2: P +1 by the textbooks, +5 by the bond graph (s21b)
            h_convention[key] = r["h_convention"]
        scales = r.get("en_scales")
        if scales and all(ox.get(e) == r["ox"].get(e) for e in scales["allen"]):  # NCl3: N +3 by Pauling, -3 by Allen (s23b)
            en_scales[key] = scales
        if bonding in ("m", "x") and not r["charge"] and len(counts) > 1:  # molecules: a network's SMILES is a piece
            missing = absent_groups(r.get("smiles", ""), counts)
            if missing:  # a molecule's bonds the cards' groups may claim otherwise (truth.differing reads it)
                absent[key] = missing
    for key in substances:
        label = free_ion_label(key, substances, vs.FREE_IONS_IN_WATER)
        if label != substances[key][0]:
            report.append(f"{key} ({substances[key][3]}): a gas-phase ion, no salt or solution holds it: transient")
            substances[key][0] = label
    for key, source in sorted({**vs.NO_FREE_IONS, **vs.TRANSIENT_RECORDS}.items()):
        # registry ions no salt holds and radical ions: known only briefly (each with its handbook source)
        assert key in substances, f"{key}: a record said to be transient must be in the data"
        report.append(f"{key} ({substances[key][3]}): transient: {source}")
        substances[key][0] = "t"
    solution_only = {}
    for text, source in sorted(vs.SOLUTION_ONLY.items()):
        key = hill(parse_formula(text).counts)
        assert key in substances, f"{text}: a substance known in water only must be in the data (a vetted row)"
        # known in water (a bottle of bleach): it exists; the gas-phase tables had called HClO, HNO2 short-lived
        substances[key][0] = "e"
        solution_only[key] = source
    solution_only.update({k: v for k, v in sorted(sweep["solution_only"].items()) if k in substances})
    composable = {k: v["source"] for k, v in sorted(sweep["added"].items()) if k in substances}
    oxide_hydrates = {hill(parse_formula(t).counts): source for t, source in sorted(vs.OXIDE_HYDRATES.items())}
    assert all(substances.get(k, [""] * 7)[6] == "n" for k in oxide_hydrates), "an oxide hydrate must be a vetted network"
    hydrates, disputed_ox = salt_notes(vs, substances)
    sources = {k: " ".join(filter(None, (substances[k][7], sweep["added"].get(k, {}).get("source", ""))))
               for k in substances}
    rows = {k: v or sweep["added"].get(k, {}).get("hydrate", "") for k, v in hydrate_rows.items()}
    for k, v in sweep["added"].items():
        rows.setdefault(k, v.get("hydrate", ""))
    hydrates.update({k: v for k, v in source_hydrates(substances, rows, sources, report).items()
                     if k not in hydrates and k not in solution_only and k not in oxide_hydrates})  # H2MoO4: its own sentence
    return {
        "format": 2,
        "about": ("Substances and ions chemistry knows, vetted (issue 25): one pure substance of the composition in "
                  "a record AND confirmed by a second source. Key = Hill formula, then the charge. entry = [label "
                  "(e: exists, t: transient, known only briefly), CAS, PubChem CID (0: none), English name of the "
                  "confirming source, German name (vetted rows only, else ''), oxidation number of each atom per "
                  "element (from the structure), bonding class (i ionic, m molecular, x molecular exception, n "
                  "network, e element, a atomic, M metallic, c cluster and k chain of metal atoms bonded to each "
                  "other, s a salt of ions in the solid, molecules in the gas: its ions in ions_in_solid; p a metal compound of "
                  "molecules in the gas and of chains bridged by halogen atoms in the solid, BeCl2, ZrCl4), source of a vetted row ('' : CRC via chemicals), "
                  "textbook formula of a vetted row ('' : written by the rules)]."),
        "sources": {
            "identity": f"CRC Handbook tables in chemicals {version('chemicals')} (miscdata.CRC_inorganic_data, "
                        "CRC_organic_data, CRC Standard Thermodynamic Properties of Chemical Substances), by CAS",
            "structures": f"PubChem SMILES in the identifier tables of chemicals {version('chemicals')} "
                          "(" + ", ".join(TABLES) + "), read with RDKit " + version("rdkit"),
            "oxidation_numbers": f"RDKit {version('rdkit')} CalcOxidationNumbers on the structure with explicit H; "
                                 f"salts checked against pymatgen-core {version('pymatgen-core')} oxi_state_guesses",
            "vetted": "tools/vetted_substances.py (each row names its handbook source)",
            "composable": "tools/composable_real.py (the compositions the family deck builds, crossed with the PubChem "
                          f"identifier tables and CRC tables of chemicals {version('chemicals')}, structures read with "
                          f"RDKit {version('rdkit')}; handbook rows where no table holds the substance)",
            "solution_only": "tools/vetted_substances.py SOLUTION_ONLY: acids and salts kept only in water (the handbook "
                             "source of each in 'solution_only')",
            "minerals": "IMA list of minerals (RRUFF 'IMA Database of Mineral Properties', export 2022-02-28; extract "
                        "tools/ima_minerals.tsv), crossed with the entries by tools/mineral_names.py (German names there, "
                        "each with its source)",
            "transient": f"gas-phase thermochemistry in chemicals {version('chemicals')} (" + ", ".join(GAS_TABLES)
                         + ": Active Thermochemical Tables 1.112, NIST-JANAF 1998) for a species with no CRC bulk "
                         "record; CRC gas-only thermodynamic rows; vetted transient rows",
            "elements": f"mendeleev {version('mendeleev')} (Pauling electronegativity, group, series, main/extended oxidation states)",
            "german_element_names": "chemgames/games/chemiekarten/data/cards.json; the elements without a card: "
                                    + vs.GERMAN_ELEMENT_NAMES_SOURCE + " (tools/vetted_substances.py)",
        },
        "limits": {"max_atoms": MAX_ATOMS, "max_carbon": MAX_CARBON, "elements": sorted(elements),
                   "molecular_below_k": vs.MOLECULAR_BELOW_K, "network_above_k": vs.NETWORK_ABOVE_K},
        "elements": elements_table,
        "substances": substances,
        "solution_only": solution_only,
        # of those, the ones whose source names a solid hydrate (NaClO·5H2O, KI3·H2O; hydrate_of): key -> its formula
        # (substances: "nur gelöst in Wasser oder als Hydrat"; KClO, NaHSO3 name none, so their sentence names none)
        "solution_hydrates": {k: h for k, src in sorted(solution_only.items()) if (h := hydrate_of(k, "", src))},
        # solid oxide hydrates MO3·H2O (tungstic acid): key -> source (substances: the reason "oxide_hydrate")
        "oxide_hydrates": oxide_hydrates,
        # organometallic compounds by their structure (tools/organometallic.py): key -> "grignard" or "metal_carbon"
        "organometallic": {k: v for k, v in sorted(organo.items()) if k in substances},
        # the deck's real substances the sweep of tools/composable_real.py added: key -> its record (review25f F1)
        "composable": composable,
        # molecules in the gas, salts of ions as solids (PCl5): key -> source (substances: the reason "ionic_solid")
        "ionic_solids": {hill(parse_formula(t).counts): src for t, src in sorted(vs.IONIC_SOLIDS.items())},
        # a molecule's structure without a group a combination card claims (HNCO: no O-H bond): key -> group keys
        "absent_groups": silent_groups(absent, substances),
        # their ions in the solid (substances: the ions of the reason "ionic_solid", class s)
        # and the ions of a salt the ion table cannot split, as its record draws them (GaCl2: Ga+ [GaCl4]-, sodium
        # tartrate: 2 Na+ [C4H4O6]2-; structure_ions), over as many formula units as they hold
        "ions_in_solid": dict(sorted({**{k: v for k, v in solid_ions.items() if k in substances},
                                      **{k: [list(i) for i in v] for k, v in IONIC_SOLIDS.items() if k in substances}}.items())),
        # salts kept as a hydrate (CRC lists the hydrate): key -> [hydrate formula, flags, source] (substances: the note
        # "hydrate"); compositions whose oxidation numbers are disputed (Sb2S5): key -> source (no numbers, a note)
        "hydrates": hydrates,
        # the solution a substance known only dissolved is kept in, where it is not plain water: key -> the note's
        # medium (U(NO3)4: nitric acid with hydrazine, vetted_substances.SOLUTION_MEDIA)
        "solution_media": {hill(parse_formula(t).counts): m for t, m in sorted(vs.SOLUTION_MEDIA.items())},
        # the elements whose one number an atom is a mean over atoms that are not alike (the ozonide ion O3-: the
        # centre and the two ends differ; each O carries -1/3 as Holleman-Wiberg gives it): key -> elements
        "averaged": averaged_numbers,
        "disputed_ox": disputed_ox,
        # H bonded to P, As or Sb counts +1 by the textbooks' convention (PH3 P -3, H3PO2 P +1, H3PO3 P +3: Greenwood &
        # Earnshaw 'Phosphorus'), though H is the more electronegative by Pauling (2.20 > 2.19) and Allen (IUPAC 2016):
        # key -> element -> the numbers the bond-graph rule alone gives (H3PO2: P [5], its P-H hydrogens -1) (s21b)
        "h_convention": h_convention,
        # the bonds whose two atoms Pauling's scale (the house's numbers, RDKit's table) and Allen's (which IUPAC's 2016
        # definition uses to estimate the ionic approximation: Karen, McArdle, Takats, Pure Appl. Chem. 88 (2016) 831)
        # order differently, found by rule from the two scales: key -> {"pairs": [[more electronegative by the house,
        # less]], "allen": element -> its numbers with those bonds given by Allen} (NCl3: Cl-N, N -3, Cl +1) (s23b)
        "en_scales": en_scales,
        # a real substance whose name in trade and school means another (CuCO3: the basic carbonate Cu2(OH)2CO3):
        # key -> [the other's formula, source] (substances: the note "trade_name", catalogs chem.trade_name.<formula>)
        "trade_name_other": trade_name_other(vs, substances),
        # solids that are polymers of polyhedra sharing halogen or oxygen atoms (VF5: molecules in the gas, chains of VF6
        # octahedra in the solid; ReO3: a framework of ReO6 octahedra that conducts like a metal): key -> the structure
        # facts and their source (vetted_substances.SOLID_STRUCTURES; substances: the reason "solid_structure")
        "solid_structures": {k: v for k, v in solid_structures(vs).items() if k in substances},
        # a metal compound called molecular for its boiling point alone (volatile_high_valent, no named source, no
        # structure read): key -> boiling point in K (CRC); its sentence says the solid is not described (PoCl4, s23b)
        "volatile_molecules": {k: tb for k, tb in sorted(VOLATILE_ONLY.items()) if k in substances and substances[k][6] == "x"},
        # a composition the sources doubt or describe otherwise (Pb(OH)2 not isolated, Bi(OH)3 an oxide hydrate): key ->
        # source (substances: the note "ill_defined", catalogs chem.ill_defined.<formula>; s15h)
        "ill_defined": ill_defined(vs, substances),
        # a real substance kept only cold (SCl4: a solid below about -30 °C, probably SCl3+ Cl-): key -> source
        # (substances: the note "cold_only", catalogs chem.cold_only.<formula>; s21h)
        "cold_only": cold_only(vs, substances),
        # a real substance stable at room temperature that decomposes on gentle heating (Na3N: 87 °C to 104 °C into the
        # elements, air-sensitive): key -> [lowest °C, highest °C, products, air-sensitive, source] (substances: the note
        # "decomposes_warm", catalogs chem.decomposes_warm*; s25b)
        "decomposes_warm": decomposes_warm(vs, substances),
        # transient species detected in space (CH, OH, SO): key -> the detection paper (vetted_substances.SEEN_IN_SPACE;
        # truth.py adds "nachgewiesen z. B. im Weltall" only for these, s15j)
        "seen_in_space": seen_in_space(vs, substances),
        # a composition the deck builds that is known only as a repeating unit of a molecule (NPCl2: the ring (NPCl2)3,
        # vetted_families.OLIGOMERS): unit key -> [the molecule's key, units in it, shape, °C of the monomer gas or 0] (s16c, s18c)
        "oligomers": oligomers(substances),
    }


def oligomers(substances: dict[str, list]) -> dict[str, list]:
    """``vetted_families.OLIGOMERS`` by Hill key: the unit's key -> [the molecule's key, units in it, its shape, the
    temperature in °C at which the source makes the monomer as a gas from the molecule, 0 where the monomer is not known
    (NPCl2: hypothetical; NSCl: a green gas from (NSCl)3 at 100 °C in vacuum, ``vetted_review_s18c.MONOMER_GAS``)]. The
    molecule must be a real substance of the data and the unit no composition of its own.

    >>> oligomers({"Cl6N3P3": ["e"], "Cl3N3S3": ["e"]})
    {'Cl2NP': ['Cl6N3P3', 3, 'ring', 0], 'ClNS': ['Cl3N3S3', 3, 'ring', 100]}
    """
    from chemgames.chemistry.formula import parse_formula
    from vetted_families import OLIGOMERS
    from vetted_review_s18c import MONOMER_GAS

    out: dict[str, list] = {}
    for unit, (molecule, n, shape, _source) in sorted(OLIGOMERS.items()):
        counts, whole = parse_formula(unit).counts, parse_formula(molecule).counts
        assert {e: k * n for e, k in counts.items()} == dict(whole), f"{molecule} is not {n} x {unit}"
        key, big = hill(counts), hill(whole)
        assert substances.get(big, [""])[0] == "e" and key not in substances, f"{unit}: a unit of a real molecule only"
        out[key] = [big, n, shape, MONOMER_GAS.get(unit, (0, ""))[0]]
    return out


def seen_in_space(vs, substances: dict[str, list]) -> dict[str, str]:
    """``vs.SEEN_IN_SPACE`` by Hill key; each must be a transient record (the example hedges nothing else)."""
    from chemgames.chemistry.formula import parse_formula

    out = {hill(parse_formula(t).counts): src for t, src in sorted(vs.SEEN_IN_SPACE.items())}
    for k in out:
        assert substances.get(k, [""])[0] == "t", f"{k}: seen in space must be a transient record"
    return out


def ill_defined(vs, substances: dict[str, list]) -> dict[str, str]:
    """``vs.ILL_DEFINED`` by Hill key; each must be a composition the data knows (the note hedges a known label)."""
    from chemgames.chemistry.formula import parse_formula

    out: dict[str, str] = {}
    for text, source in sorted(vs.ILL_DEFINED.items()):
        key = hill(parse_formula(text).counts)
        assert key in substances, f"{text}: an ill-defined note needs a composition of the data"
        out[key] = source
    return out


def cold_only(vs, substances: dict[str, list]) -> dict[str, str]:
    """``vs.COLD_ONLY`` by Hill key; each must be a real substance of the data (the note qualifies "exists")."""
    from chemgames.chemistry.formula import parse_formula

    out: dict[str, str] = {}
    for text, source in sorted(vs.COLD_ONLY.items()):
        key = hill(parse_formula(text).counts)
        assert substances.get(key, [""])[0] == "e", f"{text}: a cold-only note needs a real substance of the data"
        out[key] = source
    return out


def decomposes_warm(vs, substances: dict[str, list]) -> dict[str, list]:
    """``vs.DECOMPOSES_WARM`` by Hill key; each must be a real substance of the data with no cold-only note (the note
    says it keeps at room temperature), its temperatures above room temperature and in order, its products formulas.

    >>> from types import SimpleNamespace as V
    >>> decomposes_warm(V(DECOMPOSES_WARM={"Na3N": (87, 104, ("Na", "N2"), True, "src")}, COLD_ONLY={}), {"NNa3": ["e"]})
    {'NNa3': [87, 104, ['Na', 'N2'], True, 'src']}
    """
    from chemgames.chemistry.formula import parse_formula

    cold = {hill(parse_formula(t).counts) for t in vs.COLD_ONLY}
    out: dict[str, list] = {}
    for text, (low, high, products, air, source) in sorted(vs.DECOMPOSES_WARM.items()):
        key = hill(parse_formula(text).counts)
        assert substances.get(key, [""])[0] == "e" and key not in cold, f"{text}: the note needs a real substance kept warm"
        assert 25 < low <= high, f"{text}: decomposes on heating, above room temperature"
        for p in products:
            parse_formula(p)
        out[key] = [low, high, list(products), bool(air), source]
    return out


def trade_name_other(vs, substances: dict[str, list]) -> dict[str, list[str]]:
    """``vs.TRADE_NAME_OTHER`` by Hill key; each must be a real substance of the data."""
    from chemgames.chemistry.formula import parse_formula

    out: dict[str, list[str]] = {}
    for text, (other, source) in sorted(vs.TRADE_NAME_OTHER.items()):
        key = hill(parse_formula(text).counts)
        assert key in substances and substances[key][0] == "e", f"{text}: a trade-name note needs a real substance"
        out[key] = [other, source]
    return out


def salt_notes(vs, substances: dict[str, list]) -> tuple[dict[str, list[str]], dict[str, str]]:
    """The hydrate notes (``vs.HYDRATES``) and the compositions whose numbers are disputed (``vs.DISPUTED_OX``),
    keyed as the data is; each must be a substance of the data (a vetted row or a record)."""
    from chemgames.chemistry.formula import parse_formula

    hydrates: dict[str, list[str]] = {}
    for text, (hydrate, flags, source) in sorted(vs.HYDRATES.items()):
        key = hill(parse_formula(text).counts)
        assert key in substances and substances[key][0] == "e", f"{text}: a salt kept as a hydrate must exist in the data"
        salt, _dot, water = hydrate.partition("·")
        assert parse_formula(salt).counts == parse_formula(text).counts and re.fullmatch(r"\d*H2O", water), hydrate
        assert set(flags) <= {"d", "k"}, flags
        hydrates[key] = [hydrate, flags, source]
    disputed = {}
    for text, source in sorted(vs.DISPUTED_OX.items()):
        key = hill(parse_formula(text).counts)
        assert key in substances, f"{text}: a composition with disputed numbers must be in the data"
        disputed[key] = source
    return hydrates, disputed


_WATERS = {"mono": 1, "di": 2, "tri": 3, "tetra": 4, "penta": 5, "hexa": 6, "hepta": 7, "octa": 8, "nona": 9, "deca": 10,
           "dodeca": 12}
_HYDRATE_ROW = re.compile(r"\b(mono|di|tri|tetra|penta|hexa|hepta|octa|nona|deca|dodeca)hydrate\b", re.I)
_HYDRATE_FORMULA = re.compile(r"([A-Z][A-Za-z0-9()\[\]]*)·(\d*)H2O")


def hydrate_of(key: str, row: str, source: str) -> str | None:
    """The water of a salt's hydrate that its source row names: a CRC hydrate row ('Thorium(IV) sulfate
    nonahydrate': '·9H2O', the salt written by the reference at run time) or a hydrate formula of the same salt in a
    handbook source ('LiMnO4·3H2O'); None where the source names none, or no whole number of waters (a hemihydrate).

    >>> hydrate_of("O8S2Th", "Thorium(IV) sulfate nonahydrate", ""), hydrate_of("LiMnO4", "", "ch. 24 (LiMnO4·3H2O)")
    ('·9H2O', 'LiMnO4·3H2O')
    >>> hydrate_of("I3K", "", "KI3 as KI3·H2O"), hydrate_of("B4O7-2", "", "borax, Na2[B4O5(OH)4]·8H2O"), hydrate_of("CaO4S", "Calcium sulfate hemihydrate", "")
    ('KI3·H2O', None, None)
    """
    from chemgames.chemistry.formula import FormulaError, parse_formula

    def waters(m: re.Match) -> str:
        return f"·{_WATERS[m[1].lower()]}H2O".replace("·1H2O", "·H2O")

    if row:  # the record's own CRC row: its hydrate, or none (a hemihydrate, 'hydrate' with no number)
        m = _HYDRATE_ROW.search(row)
        return waters(m) if m else None
    for salt, n in _HYDRATE_FORMULA.findall(source):  # the handbook's formula of this salt's hydrate
        try:
            counts = dict(parse_formula(salt).counts)
        except FormulaError:
            continue
        if hill(counts) == key:
            return f"{salt}·{n}H2O"
    m = re.search(r"CRC Handbook, '?[^;']*?" + _HYDRATE_ROW.pattern, source, re.I)  # a CRC hydrate row it cites
    return waters(re.match(r".*?" + _HYDRATE_ROW.pattern, m[0], re.I)) if m else None


def source_hydrates(substances: dict[str, list], rows: dict[str, str], sources: dict[str, str],
                    report: list[str]) -> dict[str, list[str]]:
    """review25g: every salt the data knows through a hydrate row (the CRC's 'Thorium(IV) sulfate nonahydrate',
    a handbook's 'LiMnO4·3H2O') gets the hydrate note of that row, flag "h": the handbook lists it as the hydrate
    (not "sold and used in schools", said of the vetted ``HYDRATES`` only)."""
    out: dict[str, list[str]] = {}
    for key, entry in sorted(substances.items()):
        if entry[0] != "e" or re.search(r"[+-]\d*$", key):
            continue
        water = hydrate_of(key, rows.get(key, ""), sources.get(key, ""))
        if water is None:
            continue
        out[key] = [water, "h", rows.get(key) or sources.get(key, "")]
        report.append(f"hydrate note: {key} {water} ({out[key][2][:120]})")
    return out


def silent_groups(absent: dict[str, list[str]], substances: dict[str, list]) -> dict[str, list[str]]:
    """Of the absent groups, those the oxidation numbers cannot tell: the game's cards can build the
    composition (card elements only) and each element of the group has, in the group, a number some atom of
    the real substance has (OH- in HNCO: O -2, H +1 as in H-N=C=O). Where a number differs (CH4's C -4 in
    ethanol), ``truth.differing`` already sees the other substance by its numbers."""
    cards = card_elements()
    out = {}
    for key, groups in absent.items():
        if key not in substances or not set(_counts_of(key)) <= cards:
            continue
        if "C" not in key and any(_multiple(_counts_of(k), _counts_of(key)) for k in substances if not parse_hill(k)[1]):  # type: ignore[index]
            continue  # an inorganic empirical formula (P2O5 beside P4O10): its record's structure is not the molecule's
            # (an organic multiple is another substance: cyanuric acid (HNCO)3 beside isocyanic acid)
        real = {e: {Fraction(v) for v in vals} for e, vals in substances[key][5].items()}
        keep = [g for g in groups if g in substances and all(
            {Fraction(v) for v in vals} <= real.get(e, set()) for e, vals in substances[g][5].items())]
        if keep:
            out[key] = keep
    return out


def _multiple(big: dict[str, int], small: dict[str, int]) -> bool:
    """``big`` is a whole multiple (2 or more) of ``small``: P4O10 of P2O5."""
    if set(big) != set(small) or big == small:
        return False
    k = big[next(iter(small))] // small[next(iter(small))]
    return k >= 2 and all(big[e] == k * n for e, n in small.items())


def _counts_of(key: str) -> dict[str, int]:
    parsed = parse_hill(key)
    assert parsed is not None, key
    return parsed[0]


def boron_cluster_alike(counts: dict[str, int], ox: dict[str, list]) -> dict[str, list]:
    """The boron atoms of a binary boride with B-B bonds are alike: CaB6 holds B6 2- octahedra (all six B
    equivalent, Oh), SiB6 B12 icosahedra in a network (GE 6.3.1-6.3.2, metal borides and B6 octahedra; HW
    'Boride'), so each B has the average (CaB6 -1/3, SiB6 -2/3), not one drawing's split (-1, -1, 0, 0, 0, 0:
    review25, recheck25c #30). The IUPAC 2016 definition shares a homonuclear bond's electrons equally.

    >>> boron_cluster_alike({"B": 6, "Ca": 1}, {"B": [-1, -1, 0, 0, 0, 0], "Ca": [2]})["B"]
    [Fraction(-1, 3), Fraction(-1, 3), Fraction(-1, 3), Fraction(-1, 3), Fraction(-1, 3), Fraction(-1, 3)]
    >>> boron_cluster_alike({"B": 2, "H": 6}, {"B": [3, 3], "H": [-1] * 6})["B"]
    [3, 3]
    """
    if len(counts) != 2 or counts.get("B", 0) < 2 or "H" in counts or len({str(v) for v in ox.get("B", [])}) < 2:
        return ox
    avg = Fraction(sum(Fraction(v) for v in ox["B"]), len(ox["B"]))
    return dict(ox, B=[_number(avg)] * len(ox["B"]))


def free_ion_label(key: str, substances: dict[str, list], in_water: dict[str, str],
                   main: dict[str, list[int]] | None = None) -> str:
    """The label of a monoatomic ion: "e" (exists) only if a student can hold it, in a salt or in water, else
    "t" (known only in the gas phase). The CAS registry (chemicals' Cation db, "titanium, ion (Ti1+)") lists ions
    of mass spectra and spectroscopy beside those of salts: Ti+, Tm+, Po5+, Po6+, Re+, Re2+, Re7+ (perrhenate holds
    Re(VII), not the ion), Re- (review25c). An ion is held if its charge is one of the element's main states
    (mendeleev; ``main``, default MAIN_STATES), or a real salt of the data (bonding "i") of the element with halide or oxide ions only gives
    every atom of the element that number (TiCl2: Ti2+), or a handbook names it in water (``in_water``).
    Other rows keep their label.

    >>> rows = {"Ti+1": ["e", "", 0, "", "", {"Ti": [1]}, "M", "", ""],
    ...         "Ti+2": ["e", "", 0, "", "", {"Ti": [2]}, "M", "", ""],
    ...         "Cl2Ti": ["e", "", 0, "", "", {"Cl": [-1, -1], "Ti": [2]}, "i", "", ""]}
    >>> main = {"Ti": [4]}
    >>> [free_ion_label(k, rows, {}, main) for k in ("Ti+1", "Ti+2", "Cl2Ti")]
    ['t', 'e', 'e']
    >>> free_ion_label("Ti+1", rows, {"Ti+1": "a handbook"}, main)
    'e'
    """
    main = MAIN_STATES if main is None else main
    m = re.fullmatch(r"([A-Z][a-z]?)([+-]\d+)", key)
    row = substances[key]
    if m is None or row[0] != "e":
        return row[0]
    e, q = m[1], int(m[2])
    if q in (main.get(e) or []) or key in in_water:
        return "e"
    simple = {"O", "F", "Cl", "Br", "I"}
    for other in substances.values():
        ox = other[5]
        if other[0] == "e" and other[6] == "i" and e in ox and len(ox) > 1 and set(ox) - {e} <= simple \
                and all(str(v) == str(q) for v in ox[e]):
            return "e"
    return "t"


@lru_cache(maxsize=1)
def named_anions() -> frozenset[str]:
    """Hill keys of the polyatomic anions of the nomenclature table but the carbides' C2 2- (an azide
    AgN3 is a salt of N3-; UC2's C2 units belong to a hard material)."""
    from chemgames.chemistry.substances import ions

    return frozenset(hill(dict(i.counts), i.charge) for i in ions() if i.charge < 0 and sum(dict(i.counts).values()) > 1
                     and set(dict(i.counts)) != {"C"})


def grimm_sommerfeld(counts: dict[str, int], metals: set[str]) -> bool:
    """A 1:1 compound of a group-13 metal with a group-15 element (AlN, AlP, GaN, GaAs, InP, InSb): four
    valence electrons per atom, the tetrahedral diamond-like lattice of the Grimm-Sommerfeld rule, a
    covalent network solid (a semiconductor; Holleman-Wiberg, "III-V-Verbindungen"), though the school
    rule calls a metal with a non-metal a salt. Their Pauling difference stays below the ionic 1.7."""
    if len(counts) != 2 or len(set(counts.values())) != 1 or next(iter(counts.values())) != 1:
        return False
    groups = {GROUPS.get(e) for e in counts}
    metal = next((e for e in counts if e in metals), None)
    en = [PAULING.get(e) for e in counts]
    return groups == {13, 15} and metal is not None and GROUPS.get(metal) == 13 and None not in en \
        and abs(en[0] - en[1]) < IONIC_EN_DIFFERENCE


def metalloid_oxide_network(counts: dict[str, int], ox: dict[str, list]) -> bool:
    """An oxide of a metalloid (mendeleev's series, polonium aside) is a polymeric network solid (GeO2 as
    quartz, As2O5, Sb2O5, Sb2O4, TeO2, TeO3: Greenwood & Earnshaw chs. 13, 15, 16), not molecules; only
    the +3 oxides of As and Sb form cage molecules (As4O6, Sb4O6: the lone pair)."""
    others = set(counts) - {"O"}
    if len(counts) != 2 or len(others) != 1:
        return False
    x = next(iter(others))
    return x in METALLOIDS and not (x in ("As", "Sb") and set(ox.get(x) or []) == {3})


def c2_units_hold(counts: dict[str, int], guess: dict[str, float], metals: set[str]) -> bool:
    """False for a guess that gives the carbon of a metal dicarbide (2 or more C a metal atom: CaC2, ThC2,
    UC2, LaC2) a number below -2. Their carbon atoms sit in C2 units (C-C 119-135 pm: Greenwood &
    Earnshaw 8.4.2; Holleman-Wiberg 'Carbide'), at most [C2]4- (C -2 each, ThC2 Th +4); pymatgen's
    first guess for UC2 (U +6, C -3) would make an ethane-like [C2]6- no dicarbide holds: U +4, C -2.

    >>> c2_units_hold({"U": 1, "C": 2}, {"U": 6.0, "C": -3.0}, {"U"}), c2_units_hold({"U": 1, "C": 2}, {"U": 4.0, "C": -2.0}, {"U"})
    (False, True)
    >>> c2_units_hold({"Al": 4, "C": 3}, {"Al": 3.0, "C": -4.0}, {"Al"})
    True
    """
    present = [e for e in counts if e in metals]
    if set(counts) - set(present) != {"C"} or counts["C"] < 2 * sum(counts[e] for e in present):
        return True
    return guess.get("C", 0) >= -2


def formula_unit(counts: dict[str, int], ox: dict[str, list], metals: set[str], loose: bool = False) -> dict[str, int]:
    """The formula unit of a binary metal compound whose record counts several (PubChem draws bismuth
    antimonide as Bi2Sb2 and bismuth telluride as Bi4Te6): the counts divided by their common divisor
    when every non-metal atom carries its lowest oxidation number (Sb -3, Te -2: single anions, no pair of
    bonded atoms), or when the record draws loose atoms (``loose``: no bond, so no pair). Peroxides (O -1, O2 2-), acetylides (C -1, C2 2-) and mercury(I) (Hg2 2+) hold such
    pairs and keep their counts; so does any compound of non-metals (N2O4 is a molecule).

    >>> formula_unit({"Bi": 2, "Sb": 2}, {"Bi": [3, 3], "Sb": [-3, -3]}, {"Bi"})
    {'Bi': 1, 'Sb': 1}
    >>> formula_unit({"Na": 2, "O": 2}, {"Na": [1, 1], "O": [-1, -1]}, {"Na"})
    {'Na': 2, 'O': 2}
    >>> formula_unit({"Bi": 4, "Te": 6}, {"Bi": [0] * 4, "Te": [0] * 6}, {"Bi"}, loose=True)
    {'Bi': 2, 'Te': 3}
    """
    units = math.gcd(*counts.values())
    present = [e for e in counts if e in metals]
    if units < 2 or len(counts) != 2 or len(present) != 1 or present[0] == "Hg":
        return counts
    (x,) = set(counts) - set(present)
    lowest = {"N": -3, "P": -3, "As": -3, "Sb": -3, "Bi": -3, "O": -2, "S": -2, "Se": -2, "Te": -2,
              "F": -1, "Cl": -1, "Br": -1, "I": -1}.get(x)
    if lowest is None or not loose and set(ox.get(x) or [0]) != {lowest}:
        return counts
    return {e: n // units for e, n in counts.items()}


def volatile_high_valent(counts: dict[str, int], ox: dict[str, list], metals: set[str], tb: float | None) -> bool:
    """A binary metal compound of a metal in oxidation state +4 or higher that boils below
    ``BOILS_MOLECULAR_BELOW_K`` (CRC): molecules, not a salt of ions (Re2O7, TiI4, SnI4, NbBr5, as Mn2O7 and
    OsO4: the higher the metal's charge, the more covalent the bond, Fajans; Holleman-Wiberg). Salts of
    ions boil far higher (NaCl 1738 K; of the low-boiling metal(III) halides FeCl3 589 K is a layer lattice
    of ions, hence the +4)."""
    if not tb or tb >= BOILS_MOLECULAR_BELOW_K or len(counts) > 3:
        return False
    present = [e for e in counts if e in metals]
    return len(present) == 1 and min(ox.get(present[0]) or [0]) >= 4


def high_valent_halide(counts: dict[str, int], ox: dict[str, list], metals: set[str]) -> bool:
    """A binary halide of one metal in oxidation state +5 or higher (WCl6, UCl6, WBr6, UF6, NbCl5,
    U2Cl10): molecules (monomers MX6, dimers M2X10, or at most chains of MX6 units, never a lattice of
    M5+/M6+ ions). No ion of charge +5 or +6 exists in a solid salt: its field would pull the halide's
    electrons into a covalent bond (Fajans); Greenwood & Earnshaw (2nd ed. 1997) 22.3.5, 23.3.5,
    31.3.4; Holleman-Wiberg (102nd ed. 2007) 'Wolframhalogenide', 'Uranhalogenide'. A general rule
    from the numbers, for halides that CRC gives no boiling point (``volatile_high_valent`` needs one).

    >>> high_valent_halide({"U": 1, "Cl": 6}, {"U": [6], "Cl": [-1] * 6}, {"U"})
    True
    >>> high_valent_halide({"U": 1, "Cl": 4}, {"U": [4], "Cl": [-1] * 4}, {"U"})
    False
    """
    present = [e for e in counts if e in metals]
    if len(counts) != 2 or len(present) != 1 or not set(counts) - metals <= {"F", "Cl", "Br", "I"}:
        return False
    low = min(Fraction(str(n)) for n in (ox.get(present[0]) or [0]))
    return low >= 5 or (low == 4 and "F" not in counts and present[0] in GROUPS_D and 4 <= (GROUPS.get(present[0]) or 0) <= 8)


# review25d H1, M15: the tetrachlorides, -bromides and -iodides of the d-block metals of groups 4-8 (ZrCl4, HfCl4,
# NbCl4, TaCl4, MoCl4, WCl4, ReCl4, OsCl4; TiCl4 and VCl4 are liquids anyway) are chain polymers of edge-sharing MX6
# octahedra, those of Nb, Ta, Mo, W with M-M pairs, subliming or decomposing: covalent, no lattice of M4+ ions
# (Greenwood & Earnshaw 21.3.3, 22.3.5, 23.3.5, 24.3.5, 25.3.5; Holleman-Wiberg, the tetrahalides); the tetrafluorides
# (ZrF4, UF4) and the f-block tetrachlorides (ThCl4, UCl4: 8-coordinate, mp 770 and 590 °C) stay salts.
# The rule is in high_valent_halide (``low == 4``); its doctest:
def _tetrahalide_doc() -> None:
    """
    >>> GROUPS.update({"W": 6, "Zr": 4, "Th": None}); GROUPS_D.update({"W", "Zr"})
    >>> [high_valent_halide({m: 1, x: 4}, {m: [4], x: [-1] * 4}, {m}) for m, x in (("W", "Cl"), ("Zr", "Br"),
    ...                                                                           ("Zr", "F"), ("Th", "Cl"))]
    [True, True, False, False]
    """


# the groups of non-metal atoms that the game's combination cards claim, as bond patterns (any bond order, any
# charge: the card's OH- is an O-H bond in a molecule): a centre bonded to each other atom (NH3: N with three H),
# but where the card's group is not a star around one atom (H2O2 HO-OH, O3, HCO3- HO-CO2, HPO4 2-, S2O8 2-)
_GROUP_SMARTS = {"H2O2": "[#8](~[#1])~[#8]~[#1]", "O3": "[#8]~[#8]~[#8]", "[HCO3]-": "[#6](~[#8]~[#1])(~[#8])~[#8]",
                 "[HPO4]2-": "[#15](~[#8]~[#1])(~[#8])(~[#8])~[#8]",
                 "[S2O8]2-": "[#16](~[#8])(~[#8])(~[#8])~[#8]~[#8]~[#16](~[#8])(~[#8])~[#8]"}


@lru_cache(maxsize=1)
def card_groups() -> dict[str, tuple[dict[str, int], object]]:
    """The combination cards of Das Chemie-Kartenspiel made of non-metal atoms only, each as its composition
    (Hill key with the charge: "HO-1" for OH-) -> (counts, RDKit query of its bonds)."""
    from rdkit import Chem
    from chemgames.games.chemiekarten.cards import combinations

    out: dict[str, tuple[dict[str, int], object]] = {}
    for label, combo in combinations().items():
        counts = {e: int(n) for e, n in combo.parsed.counts.items()}
        if sum(counts.values()) < 2 or not set(counts) <= NONMETALS or not combo.charge:
            continue  # a neutral molecule card (H2O2, SO3, NH3) adds whole: H2O2 + SO3 is how H2SO5 is made
        smarts = _GROUP_SMARTS.get(label)
        if smarts is None:
            z = Chem.GetPeriodicTable().GetAtomicNumber
            centre = combo.defining if counts[combo.defining] == 1 else next(e for e in counts if e != "H")  # H3O+: O
            others = [e for e, n in sorted(counts.items()) for _ in range(n - (e == centre))]
            assert counts[centre] == 1, label  # every group not a star is written out above
            smarts = f"[#{z(centre)}]" + "".join(f"(~[#{z(e)}])" for e in others[:-1]) + f"~[#{z(others[-1])}]"
        out[hill(counts, combo.charge)] = (counts, Chem.MolFromSmarts(smarts))
    return out


def absent_groups(smiles: str, counts: dict[str, int]) -> list[str]:
    """The card groups whose atoms the composition holds but whose bonds its structure lacks: HNCO (H-N=C=O)
    holds no O-H bond, so the cards C + N + OH- build cyanic acid H-O-C#N, not isocyanic acid (recheck25c).
    Empty where the structure is drawn with single-atom ions (no bonds to read: [H-].[B+3].[O-2]).

    >>> absent_groups("N=C=O", {"C": 1, "H": 1, "N": 1, "O": 1})
    ['HO-1']
    >>> absent_groups("OC#N", {"C": 1, "H": 1, "N": 1, "O": 1}), absent_groups("OS(=O)(=O)O", {"H": 2, "O": 4, "S": 1})
    ([], [])
    """
    from rdkit import Chem

    mol = Chem.MolFromSmiles(smiles) if smiles else None
    if mol is None or any(f.GetNumAtoms() == 1 and f.GetAtomWithIdx(0).GetFormalCharge()
                          for f in Chem.GetMolFrags(mol, asMols=True)):
        return []
    mol = Chem.AddHs(mol)
    return sorted(key for key, (group, query) in card_groups().items()
                  if all(counts.get(e, 0) >= n for e, n in group.items()) and not mol.HasSubstructMatch(query))


METAL_METAL_METALS = {"Nb", "Ta", "Mo", "W", "Re"}  # groups 5-7 of the 4d and 5d rows (Tc: TcCl4 has no Tc-Tc bond)
# group 4 of the 4d and 5d rows: only their trihalides (ZrX3, HfX3) hold metal-metal bonds (see metal_metal_halide)
METAL_METAL_TRIHALIDES = {"Zr", "Hf"}


def metal_metal_halide(counts: dict[str, int], ox: dict[str, list], metals: set[str]) -> str | None:
    """``"c"`` (clusters) or ``"k"`` (chains) for a chloride, bromide or iodide of Nb, Ta, Mo, W or Re in an
    oxidation state of +4 or lower; None for any other compound.

    The rule (Greenwood & Earnshaw 2nd ed. 1997, 22.3.5 and 23.3.5, 'lower halides'; Holleman-Wiberg 102nd
    ed. 2007, 'Niobhalogenide', 'Molybdänhalogenide', 'Rheniumhalogenide'): the heavier metals of groups
    5-7 have d electrons left in their lower halides, and these pair up in metal-metal bonds instead of
    staying on M2+, M3+ or M4+ ions. The dihalides of Mo and W are [M6X8]X4 (an octahedron of six metal
    atoms), the trihalides of Re are Re3X9 (a triangle of Re atoms), WCl3 is [W6Cl12]Cl6: clusters; the
    tetrahalides (NbCl4, NbI4, TaCl4, MoCl4, WCl4, ReCl4) and MoX3 are chains of edge- or face-sharing
    MX6 octahedra with the metal atoms bonded in pairs (diamagnetic; WCl4: W-W 2.69 Å, Kolesnichenko,
    Swenson, Messerle, Inorg. Chem. 37 (1998) 3257). Fluorides form no such bonds (NbF4, MoF3: F bridges
    only), nor the halides at +5 and +6 (NbCl5, WCl6: molecules, ``high_valent_halide``).

    >>> metal_metal_halide({"W": 1, "Cl": 4}, {"W": [4], "Cl": [-1] * 4}, {"W"})
    'k'
    >>> metal_metal_halide({"Mo": 1, "Cl": 2}, {"Mo": [2], "Cl": [-1] * 2}, {"Mo"})
    'c'
    >>> metal_metal_halide({"Re": 1, "Br": 3}, {"Re": [3], "Br": [-1] * 3}, {"Re"})
    'c'
    >>> [metal_metal_halide({"Nb": 1, x: n}, {"Nb": [n], x: [-1] * n}, {"Nb"}) for x, n in (("F", 4), ("Cl", 5))]
    [None, None]

    Group 4 (review d-L9 wave, recheck25de): the trihalides ZrCl3, ZrBr3, ZrI3 and HfCl3, HfBr3, HfI3 are
    chains of ZrX6 octahedra sharing opposite faces (the beta-TiCl3 type), the metal atoms 3.07-3.2 Å apart
    along the chain and bonded to each other (magnetic moments far below one unpaired electron; ZrI3 pairs
    its Zr atoms, Zr-Zr 3.17/3.51 Å: Lachgar, Dudis, Corbett, Inorg. Chem. 29 (1990) 2242): chains like
    MoBr3 (Greenwood & Earnshaw 21.3.3, 'lower halides of Zr and Hf'; Holleman-Wiberg 'Zirconiumhalogenide').
    Not the tetrahalides (ZrCl4: chains without metal-metal bonds, a row of ``vs.SOLID_STRUCTURES``), not the
    dihalides (3R-ZrCl2 has the MoS2 layer lattice, Zr in trigonal prisms of Cl and no Zr clusters or
    chains: Cisar, Corbett, Daake, Inorg. Chem. 18 (1979) 836; a layer lattice as TiCl2's CdI2 type, which
    the school rule keeps), and not titanium: alpha-TiCl3, the common form, is a layer lattice of TiCl6
    octahedra (BiI3 type, Greenwood & Earnshaw 21.3.3), the 3d orbitals too small for strong Ti-Ti bonds.

    >>> [metal_metal_halide({"Zr": 1, "Cl": n}, {"Zr": [n], "Cl": [-1] * n}, {"Zr"}) for n in (2, 3, 4)]
    [None, 'k', None]
    >>> metal_metal_halide({"Ti": 1, "Cl": 3}, {"Ti": [3], "Cl": [-1] * 3}, {"Ti"})
    """
    present = [e for e in counts if e in metals]
    if len(counts) != 2 or len(present) != 1 or present[0] not in METAL_METAL_METALS | METAL_METAL_TRIHALIDES:
        return None
    m = present[0]
    if not set(counts) - {m} <= {"Cl", "Br", "I"} or not ox.get(m):
        return None
    q = max(Fraction(str(n)) for n in ox[m])
    if m in METAL_METAL_TRIHALIDES:
        return "k" if q == 3 and min(Fraction(str(n)) for n in ox[m]) == 3 else None
    if q > 4:
        return None
    return "c" if q == 2 or (q == 3 and m in ("Re", "W")) else "k"


def beryllium_halide(counts: dict[str, int]) -> str | None:
    """BeF2 is a glass-forming network of corner-sharing BeF4 tetrahedra like SiO2 (``"n"``; Greenwood & Earnshaw 5.3.3,
    Holleman-Wiberg 'Berylliumhalogenide'): not a salt of Be2+. The other beryllium halides, BeCl2, BeBr2, BeI2, are
    polymers of BeX4 tetrahedra (chains or a ZnI2-type framework by crystal form), each a row of
    ``vs.SOLID_STRUCTURES`` with its source (s16d: one table for the polymer solids, checked before this rule).

    >>> beryllium_halide({"Be": 1, "F": 2}), beryllium_halide({"Be": 1, "Br": 2}), beryllium_halide({"Be": 1, "O": 1})
    ('n', None, None)
    """
    return "n" if counts == {"Be": 1, "F": 2} else None


def mercury_i_halide(counts: dict[str, int], ox: dict[str, list]) -> bool:
    """Hg2Cl2, Hg2Br2, Hg2I2: solids of linear X-Hg-Hg-X molecules (Hg-Hg 2.53 Å in calomel; Greenwood &
    Earnshaw 29.3.2, Holleman-Wiberg 'Quecksilber(I)-halogenide'), like HgCl2 and not a salt; the
    mercury(I) unit is still Hg2 2+ with its Hg-Hg bond (so the formula keeps Hg2). Hg2F2 is left to the
    school rule here (the most ionic fluoride; it is named in MOLECULAR_EXCEPTIONS, X-Hg-Hg-X units too).

    >>> mercury_i_halide({"Hg": 2, "Cl": 2}, {"Hg": [1, 1], "Cl": [-1, -1]}), mercury_i_halide({"Hg": 2, "F": 2}, {"Hg": [1, 1], "F": [-1, -1]})
    (True, False)
    """
    return len(counts) == 2 and counts.get("Hg") == 2 and sum(counts.values()) == 4 and \
        set(counts) - {"Hg"} <= {"Cl", "Br", "I"} and set(ox.get("Hg") or []) == {1}


def high_valent_oxide_halide(counts: dict[str, int], ox: dict[str, list], metals: set[str]) -> bool:
    """An oxide halide of one d-block metal at +5 or higher (NbOCl3, VOCl3, WOCl4, ReOCl4, MoO2Cl2,
    CrO2Cl2): volatile molecules or O-bridged chains of them that sublime (NbOCl3: chains of Nb2Cl6 units
    bridged by O, monomers in the gas; Greenwood & Earnshaw 22.3.5, 23.3.5; Holleman-Wiberg
    'Oxidhalogenide'), not salts of M5+ or M6+ ions (the reason of ``high_valent_halide``). NbOCl3's solid, O-bridged
    chains, has its own sentence from its row of ``vs.SOLID_STRUCTURES`` (``solid_structures``, checked first). The uranyl
    compounds (UO2Cl2, UO2F2) are salts of the UO2 2+ ion: the f-block is left out.

    >>> high_valent_oxide_halide({"Nb": 1, "O": 1, "Cl": 3}, {"Nb": [5], "O": [-2], "Cl": [-1] * 3}, {"Nb"})
    True
    >>> high_valent_oxide_halide({"U": 1, "O": 2, "Cl": 2}, {"U": [6], "O": [-2] * 2, "Cl": [-1] * 2}, {"U"})
    False
    """
    present = [e for e in counts if e in metals]
    rest = set(counts) - set(present)
    if len(present) != 1 or "O" not in rest or not rest - {"O"} or not rest - {"O"} <= {"F", "Cl", "Br", "I"}:
        return False
    if _element_series(present[0]) != "Transition metals" or not ox.get(present[0]):
        return False
    return min(Fraction(str(n)) for n in ox[present[0]]) >= 5


def main_group_network(counts: dict[str, int]) -> bool:
    """A 1:1 compound of two non-metals (as the school rule counts B, Si, Ge, As, Sb, Te) with 8 valence
    electrons a pair, the III-V and IV-VI compounds: BP, BAs (zinc blende, like diamond), SiS, GeS, GeSe,
    GeTe (layer or distorted rock-salt lattices, the phase-change material GeTe): extended solids of
    atoms bonded throughout the crystal, no molecules (Greenwood & Earnshaw 6.3.x 'boron phosphide and
    arsenide', 10.3.x 'chalcogenides of Ge'; Holleman-Wiberg 'III-V-Verbindungen',
    'Germaniumchalkogenide'). The second-row elements C, N, O form multiple bonds and small molecules
    instead (CO, CS, NO; BN is listed in NETWORKS), so they are left out.

    >>> main_group_network({"B": 1, "As": 1}), main_group_network({"Ge": 1, "Te": 1}), main_group_network({"C": 1, "S": 1})
    (True, True, False)
    """
    if len(counts) != 2 or len(set(counts.values())) != 1 or next(iter(counts.values())) != 1:
        return False
    pair = set(counts)
    return (len(pair & {"B"}) == 1 and len(pair & {"P", "As", "Sb"}) == 1) or \
        (len(pair & {"Si", "Ge"}) == 1 and len(pair & {"S", "Se", "Te"}) == 1)



# Non-metal compounds that are molecules in the gas but salts of ions in the crystal, with the ions of the
# solid as the ions field writes them: PCl5 = [PCl4]+[PCl6]- (X-ray, Clark, Powell, Wells 1942; Greenwood &
# Earnshaw 2nd ed. 1997, 12.3.5 'phosphorus pentahalides'), PBr5 = [PBr4]+Br- (ibid.), N2O5 = [NO2]+[NO3]-
# (nitronium nitrate; Greenwood & Earnshaw 11.3.6; Holleman-Wiberg 102nd ed. 2007 'Distickstoffpentaoxid').
# PF5 stays a molecule in every phase; I2O5 is a network of O2I-O-IO2 molecules.
IONIC_SOLIDS = {"Cl5P": (("[PCl4]+", 1, 1), ("[PCl6]-", -1, 1)), "Br5P": (("[PBr4]+", 1, 1), ("Br", -1, 1)),
                "N2O5": (("[NO2]+", 1, 1), ("[NO3]-", -1, 1))}


def oxoanion_body(elements: dict[str, int], ox: dict | None) -> str | None:
    """An inorganic oxoanion that no table names, written as chemists write it (review s19d): hydrogen, the central
    atoms, then O (substances._oxoanion_order, as its acid is written: [HBO3]2- as the IMA list's sibirskite CaH(BO3),
    not Hill's BHO3 or BO3H), several central atoms alphabetically as mineral formulas write them (IMA: NaBSiO4,
    KAlSi3O8); ``None`` without the salt's numbers ``ox`` or for anything else (carbon, no positive centre).

    >>> oxoanion_body({"B": 1, "H": 1, "O": 3}, {"B": [3], "Ca": [2], "H": [1], "O": [-2, -2, -2]})
    'HBO3'
    >>> oxoanion_body({"B": 1, "O": 4, "Si": 1}, {"B": [3], "Na": [1], "O": [-2] * 4, "Si": [4]})
    'BSiO4'
    """
    from chemgames.chemistry.substances import _oxoanion_order

    if not ox or "C" in elements or not all(e in ox for e in elements):
        return None
    order = _oxoanion_order(elements, {e: tuple(Fraction(str(v)) for v in ox[e]) for e in elements})
    if not order:
        return None
    centres = [e for e in order[:order.index("O")] if e != "H"]
    order = [e for e in order if e == "H"] + sorted(centres) + order[order.index("O"):]
    return "".join(e + (str(elements[e]) if elements[e] > 1 else "") for e in order)


def structure_ions(groups: list, counts: dict[str, int], ox: dict | None = None) -> list[list] | None:
    """The ions of a salt as its record draws them (review d-L9): each charged part of the structure once
    with its count, written as the reference writes an ion (``Na``, ``[C4H4O6]2-``, ``[GaCl4]-``), and
    the number of formula units they hold (GaCl2 is Ga+[GaCl4]-: two units). For a salt whose ions the
    ion table cannot split: organic anions and cations (tartrate, tetramethylammonium), homoatomic
    anions (ozonide O3-, the B6 2- octahedra of CaB6), mixed-valence salts (Ga(I)/Ga(III)). None where a
    part is uncharged (a molecule, loose atoms) or the parts do not add up to whole formula units.

    >>> structure_ions([((("Cl", 4), ("Ga", 1)), -1), ((("Ga", 1),), 1)], {"Ga": 1, "Cl": 2})
    [['Ga', 1, 1], ['[GaCl4]-', -1, 1], 2]
    >>> structure_ions([((("C", 4), ("H", 4), ("O", 6)), -2), ((("Na", 1),), 1), ((("Na", 1),), 1)], {"C": 4, "H": 4, "Na": 2, "O": 6})
    [['Na', 1, 2], ['[C4H4O6]2-', -2, 1], 1]
    >>> structure_ions([((("C", 1), ("H", 3), ("O", 1)), 0), ((("Na", 1),), 1)], {"C": 1, "H": 3, "Na": 1, "O": 1}) is None
    True

    With the salt's oxidation numbers ``ox``, an inorganic oxoanion no table names is written as chemists write it,
    hydrogen and the central atoms before O (review s19d: sibirskite's [HBO3]2-, as the IMA list's CaH(BO3), not the
    Hill order [BHO3]2-; malinkoite's [BSiO4]-, the IMA's NaBSiO4):

    >>> structure_ions([((("B", 1), ("H", 1), ("O", 3)), -2), ((("Ca", 1),), 2)], {"B": 1, "Ca": 1, "H": 1, "O": 3},
    ...                {"B": [3], "Ca": [2], "H": [1], "O": [-2, -2, -2]})
    [['Ca', 2, 1], ['[HBO3]2-', -2, 1], 1]
    """
    from chemgames.chemistry.substances import substance

    if len(groups) < 2 or any(q == 0 for _, q in groups) or sum(q for _, q in groups):
        return None
    held: Counter[str] = Counter()
    seen: Counter[tuple] = Counter()
    for comp, q in groups:
        seen[tuple(comp), q] += 1
        for e, n in comp:
            held[e] += n
    if set(held) != set(counts) or any(held[e] % counts[e] for e in counts):
        return None
    units = {held[e] // counts[e] for e in counts}
    if len(units) != 1:
        return None
    out = []
    for (comp, q), n in sorted(seen.items(), key=lambda x: (-x[0][1], x[0][0])):
        if len(comp) == 1 and comp[0][1] == 1:
            text = comp[0][0]
        else:
            ion = substance(hill(dict(comp)), charge=q)
            text = ion.formula  # [NH4]+, [O2]2-, [C4H4O6]2- (Hill order)
            body = None if ion.known else oxoanion_body(dict(comp), ox)
            if body:  # an oxoanion no table names: HBO3, BSiO4, not Hill's BHO3, BO4Si
                text = f"[{body}]{abs(q) if abs(q) > 1 else ''}{'+' if q > 0 else '-'}"
        out.append([text, q, n])
    return out + [units.pop()]


def bracketed_salt(ions_: list[list] | tuple[tuple[str, int, int], ...]) -> str | None:
    """The formula of a salt whose ions (as ``structure_ions`` writes them) hold a complex, cations first, each
    complex in square brackets (Red Book IR-9.2.3.2, ``substances.complex_body``), written once into the data;
    None where no ion is a complex or a cation holds carbon (an organic salt stays in Hill order) or is itself
    a complex (PBr5, [PBr4]+ Br-, is written PBr5).

    >>> bracketed_salt((("K", 1, 1), ("[ICl2]-", -1, 1))), bracketed_salt((("K", 1, 2), ("[TiF6]2-", -2, 1)))
    ('K[ICl2]', 'K2[TiF6]')
    >>> bracketed_salt([["Cs", 1, 1], ["[ICl4]-", -1, 1]]), bracketed_salt([["K", 1, 2], ["[NbF7]2-", -2, 1]])
    ('Cs[ICl4]', 'K2[NbF7]')
    >>> bracketed_salt((("Na", 1, 1), ("Cl", -1, 1))) is None, bracketed_salt((("[PBr4]+", 1, 1), ("Br", -1, 1))) is None
    (True, True)
    """
    from chemgames.chemistry.substances import _ion_body, complex_body

    bodies = [(_ion_body(f), c, n) for f, c, n in ions_]
    if not any(complex_body(b) for b, _c, _n in bodies) or any(
            c > 0 and ("C" in re.findall(r"[A-Z][a-z]?", b) or complex_body(b)) for b, c, _n in bodies):
        return None  # PBr5 stays PBr5 though its solid is [PBr4]+ Br-: a molecule's formula, not a complex salt's
    out = ""
    for body, _c, n in sorted(bodies, key=lambda x: x[1] < 0):
        if complex_body(body):
            text = f"[{body}]"
        elif len(re.findall(r"[A-Z]", body)) > 1 and n > 1:
            text = f"({body})"
        else:
            text = body
        out += text + (str(n) if n > 1 else "")
    return out


def _element_series(symbol: str) -> str:
    """mendeleev's series of an element, from the package's element table (read at doctest time too)."""
    from chemgames.chemistry.substances import reference
    return str(reference()["elements"][symbol]["series"])


def metal_compound_exception(counts: dict[str, int], ox: dict[str, list], metals: set[str]) -> str | None:
    """The class a textbook rule gives a metal compound that the school rule would call a salt: metal-metal
    bonded clusters or chains (``metal_metal_halide``), beryllium fluoride, the mercury(I) halides and
    the oxide halides of high-valent d-block metals; None where no rule applies."""
    mm = metal_metal_halide(counts, ox, metals)
    if mm:
        return mm
    be = beryllium_halide(counts)
    if be:
        return be
    if mercury_i_halide(counts, ox) or high_valent_oxide_halide(counts, ox, metals):
        return "x"
    return None


def solid_structures(vs) -> dict[str, dict]:
    """The structure facts of the solids that are polymers of polyhedra (``vs.SOLID_STRUCTURES``, session 15), keyed by
    the composition as the data's entries, each with its source (the data file's ``solid_structures``; the reason
    ``solid_structure`` of ``substances.py``). A fact the sentence cannot say is refused here, not at run time.

    >>> import vetted_substances as vs
    >>> table = solid_structures(vs)
    >>> table["F5V"]["gas"], table["F5V"]["extent"], table["F5V"]["links"], table["O3Re"]["conducts"], table["AlCl3"]["gas"]
    ('VF5', 'chains', [['F', 1]], True, 'Al2Cl6')
    """
    from chemgames.chemistry.formula import parse_formula

    out = {}
    for text, (facts, source) in sorted(vs.SOLID_STRUCTURES.items()):
        assert facts["extent"] in ("chains", "layers", "network", "polymer", "polymer_or_molecules") and isinstance(facts["gas"], str) and facts["shape"] in ("octahedra", "tetrahedra", "pyramids", "pentagonal_bipyramids", "linear", "molecules", "polyhedra", "octahedra_tetrahedra", ""), text
        # no links only for a layer structure whose sources name neither polyhedra nor bridges (WO2I2, s16d)
        assert bool(facts["unit"]) == bool(facts["shape"]) and len(facts["links"]) <= 2, text
        assert facts["links"] or (facts["extent"] == "layers" and not facts["unit"]), text
        assert all(n in (0, 1, 2) for _e, n in facts["links"]) and source, text
        # "molecular_form" (optional, s16d): another crystal form is made of the formula's molecules (HgI2's yellow form)
        assert set(facts) - {"molecular_form"} == {"gas", "extent", "unit", "shape", "links", "conducts", "ions"}, text
        assert not (facts.get("molecular_form") and facts["gas"]), text
        out[hill(parse_formula(text).counts)] = {**facts, "links": [list(x) for x in facts["links"]], "source": source}
    return out


def classify(key: str, counts: dict[str, int], r: dict, metals: set[str], vs, text: str | None,
             ox: dict[str, list] | None = None) -> str:
    """The bonding class of a known substance (see the module doc); ``ox`` the numbers the data give."""
    from chemgames.chemistry.formula import parse_formula

    has_metal = any(e in metals for e in counts)
    if len(counts) == 1:
        e = next(iter(counts))
        if e in metals and counts[e] > 1 and not r.get("charge"):
            return "e"  # Na2, Li2: a gas-phase molecule of two metal atoms, a form of the element; no metallic
            # bond (a metallic bond holds a lattice; Huber & Herzberg list the dimers as molecules; review25f L11)
        return "M" if e in metals else ("a" if e in ("He", "Ne", "Ar", "Kr", "Xe", "Rn") else "e")
    if r.get("charge"):
        return "m"
    names = {hill(parse_formula(t).counts) for t in vs.MOLECULAR_EXCEPTIONS}
    if key in {hill(parse_formula(t).counts) for t in vs.OXIDE_HYDRATES}:
        return "n"  # WO3·H2O: layers of metal and oxygen atoms with water bound to the metal (vs.OXIDE_HYDRATES)
    if has_metal:
        if all(e in metals for e in counts):
            return "M"
        if metal_like(counts, r.get("charge", 0)) and r["label"] == "e":
            return "n"  # a metal-like boride, silicide or metal-rich carbide, nitride, phosphide (no salt of ions)
        if organometallic(r.get("smiles", "")):
            # review25f F3, the one organometallic rule (tools/organometallic.py): an organic group bound to a metal,
            # or drawn as a carbanion beside it (CH3MgCl as [CH3-].[Mg+2].[Cl-], MgMe2 as [CH3-].[CH3-].[Mg+2])
            return "x"
        structure = solid_structures(vs).get(key)
        if r["label"] == "e" and structure is not None:  # VF5, ZrCl4, CrO3, ReO3: a polymer of polyhedra (vs.SOLID_STRUCTURES)
            return "n" if structure["extent"] == "network" else "x"
        if r["label"] == "e":  # the textbook rules first (MoCl2 is a cluster, not a listed network)
            exceptional = metal_compound_exception(counts, ox or r["ox"], metals)
            if exceptional:
                return exceptional
        if key in {hill(parse_formula(t).counts) for t in vs.NETWORKS}:
            return "n"  # the III-V semiconductors (GaAs, AlN): covalent networks, not salts
        if key in names or r["label"] == "t" or (r.get("metal_carbon") and "H" in counts) or metallocene(counts):
            return "x"  # named exceptions; a metal compound known only as gas-phase molecules (AgH)
        if len(counts) == 2 and set(counts) - metals <= {"B", "C", "N", "Si"} and any(
                e in TRANSITION for e in counts) and not set(r.get("anions", ())) & named_anions():
            return "n"  # hard materials (WC, TiN, UC): covalent-metallic networks, not salts of ions (an
            # azide AgN3, Cu(N3)2 holds the azide ion N3-: a salt)
        if grimm_sommerfeld(counts, metals):
            return "n"  # AlN, GaP, InAs: the III-V compounds are covalent networks like diamond
        if volatile_high_valent(counts, ox or r["ox"], metals, r.get("tb")):
            low = [t for t in (r.get("tm"), r.get("tb")) if t]
            if not high_valent_halide(counts, ox or r["ox"], metals) and min(low) >= vs.MOLECULAR_BELOW_K:
                # its boiling point the one ground (PoCl4, bp 390 °C, mp 300 °C): the liquid and the gas are molecules,
                # but no source describes the solid; the sentence says both (the data's volatile_molecules, s23b)
                VOLATILE_ONLY[key] = r["tb"]
            return "x"  # TiI4, NbBr5: molecules of a metal in a high oxidation state
        if high_valent_halide(counts, ox or r["ox"], metals):
            return "x"  # UCl6, WBr6, NbI5: halides of a metal at +5 or +6 are molecules, not salts
        low = [t for t in (r.get("tm"), r.get("tb")) if t]
        if low and min(low) < vs.MOLECULAR_BELOW_K and len(counts) == 2 and not r["ionic_parts"]:
            return "x"
        if r.get("tb") and r["tb"] < vs.MOLECULAR_BELOW_K:
            return "x"  # it boils below 287 °C: molecules (a salt of ions does not boil that low)
        if "C" in counts and "O" in counts and r["parts"] > 1 and not r["ionic_parts"]:
            return "x"  # a metal carbonyl drawn as metal + CO parts
        return "i"
    if key in {hill(parse_formula(t).counts) for t in vs.NETWORKS}:
        return "n"
    if r["label"] == "e" and key in solid_structures(vs):
        return "m"  # SeO2: molecules in the gas, chains of SeO3 pyramids in the solid (vs.SOLID_STRUCTURES; still no ions)
    if key in IONIC_SOLIDS and r["label"] == "e":
        return "s"  # PCl5, PBr5, N2O5: molecules in the gas, a salt of ions in the crystal
    if main_group_network(counts) and r["label"] == "e":
        return "n"  # BAs, GeSe, GeTe: the III-V and IV-VI compounds are extended solids
    if metalloid_oxide_network(counts, ox or r["ox"]) and r["label"] == "e":
        return "n"  # As2O5, Sb2O5, TeO3, TeO2, GeO2: polymeric oxides of the metalloids
    if r.get("tm") and r["tm"] > vs.NETWORK_ABOVE_K and r["label"] == "e" and "C" not in counts or (
            r.get("tm") and r["tm"] > vs.NETWORK_ABOVE_K and set(counts) <= {"B", "C", "Si", "N"}):
        return "n"
    if r["ionic_parts"] and len(counts) == 2 and "H" not in counts and r.get("tm") and r["tm"] < 300.0:
        return "m"  # liquid at room temperature though its record is drawn as ions (SbCl5, mp 3 °C): molecules
    if r["ionic_parts"] and r.get("polyatomic_cation") and not (r.get("atoms_only") and "H" not in counts):
        return "i"  # NH4Cl: a salt of non-metal ions (not As2O3 drawn as loose atoms: As4O6 molecules; not
        # HBF4 drawn as H+ and BF4-: an acid is molecules, its ions form in water)
    return "m"


GROUPS_D: set[str] = set()  # the d-block metals (a group number), beside TRANSITION's lanthanides and actinides
STABLE_RADICAL_KEYS: set[str] = set()
ATOMIC_TRANSIENT = {"H", "N", "O", "F", "Cl", "Br", "I"}  # elements whose free atoms are short-lived
ELEMENT_NAMES: dict[str, str] = {}
MAIN_STATES: dict[str, list[int]] = {}
KNOWN_STATES: dict[str, list[int]] = {}  # main and extended states (mendeleev)
GROUPS: dict[str, int | None] = {}
METALS_SEEN: set[str] = set()
TRANSITION: set[str] = set()
METALLOIDS: set[str] = set()  # B, Si, Ge, As, Sb, Te (mendeleev's metalloids but Po, a metal here)
PAULING: dict[str, float] = {}
VOLATILE_ONLY: dict[str, float] = {}  # key -> boiling point (K): molecular by the boiling point alone (classify, s23b)
IONIC_EN_DIFFERENCE = 1.7  # Pauling difference of the school rule (substances.IONIC_EN_DIFFERENCE)
BOILS_MOLECULAR_BELOW_K = 773.15  # 500 °C: salts of ions boil higher (ZnCl2 1005 K, TlCl 993 K, NaCl 1738 K)
NONMETALS = {"H", "He", "B", "C", "N", "O", "F", "Ne", "Si", "P", "S", "Cl", "Ar", "As", "Se", "Br", "Kr", "Te",
             "I", "Xe", "At", "Rn"}


def main(argv: list[str]) -> int:
    report: list[str] = []
    data = build(report)
    for line in report:
        print(line)
    write_data(data)
    # the names the whole-file naming rules give (tools/written_names.py), written once into the file: in a fresh
    # interpreter, whose reference reads the entries just written (this one's caches hold the file it started with)
    import subprocess

    subprocess.run([sys.executable, str(ROOT / "tools" / "written_names.py")], check=True)
    # the IMA minerals of the entries' compositions and of their hydrates (s16e), from the file just written
    subprocess.run([sys.executable, str(ROOT / "tools" / "mineral_names.py")], check=True)
    print(f"{OUT.relative_to(ROOT)}: {len(data['substances'])} substances, {OUT.stat().st_size // 1024} kB")
    return 0


def write_data(data: dict) -> None:
    """Write the data file: compact JSON, one line a top-level table's row."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=False, default=str)  # Fraction: "-1/2"
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text.replace('],"', '],\n"') + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
