"""What chemistry knows about a formula: the substance reference for the games.

API contract (issue 25) — ``substance(formula, charge=0, lang="de") -> Substance``
==================================================================================

``formula`` is any formula text in any element order (``"H4C"``, ``"Fe2(SO4)3"``, ``"[SO4]2-"``,
``"SO4^2-"``, ``"SO₄²⁻"``, or ``"SO4"`` with ``charge=-2``); ``lang`` is ``"de"`` or ``"en"``. Bad
text or an unknown element raises :class:`SubstanceError`. The answer is cached and read-only.

``Substance`` fields:

* ``label``: ``"exists"`` (a substance that can be made and kept), ``"transient"`` (known only
  briefly: gas phase, flames, spectroscopy — SO, CS, AgH, BH3) or ``"unknown"`` (no vetted record:
  allowed only by a game's rule). ``known`` is ``label != "unknown"``.
* ``formula`` / ``unicode``: the textbook formula of the REAL substance of this composition (cation
  first for every metal, Hg2 for mercury(I), polyatomic ions in parentheses, Hill order for
  organics, ions as ``[SO4]2-`` / ``SO₄²⁻``, complexes with ligand groups in brackets:
  ``K4[Fe(CN)6]``); for an unknown composition the formula of its atoms (metals first, then the
  IUPAC element sequence: MoO2Cl2, Pr6O11, CrH12Cl3O6), never a rewrite into other groups — groups
  only where the atoms force one set of table ions and no other split as good covers them (KSeCN, Pb(OCN)2,
  [Ag(NH3)2]Cl: ``_unknown_split``, ``_only_split``; not "Mo7N6(OH)24" for Mo7H24N6O24).
* ``name`` / ``trivial_name``: in ``lang``; every known substance has a name in both languages;
  None for an unknown composition. ``name_in(lang)`` gives the other language.
* ``minerals``: the IMA minerals whose ideal formula is exactly this compound's composition, in ``lang``
  (the German name where a German source gives one, else the IMA name; English in lower case), in the order
  shown: common ones a source names, then the one the record names, then alphabetically (the data's
  ``minerals``, written by ``tools/mineral_names.py``); ``()`` for elements, water and unknown compositions.
  A hydrate note (``note_key`` "hydrate") names the minerals whose IMA formula is that hydrate (tschermigite).
* ``oxidation_states``: element → ``Fraction`` (the average where atoms of an element differ), from
  the record's structure (IUPAC rule on the bond graph; Pauling's scale as RDKit's for bonds between
  non-metals, H on a metal -1 as on Allen's scale that IUPAC 2016 recommends: AuH Au +1; H on P, As, Sb +1 as the
  textbooks count it, PH3 P -3, H3PO2 P +1, though both scales put H above P: the data's ``h_convention`` keeps the
  bond graph's number, H3PO2 P +5, s21b; where Pauling's and Allen's scales order a bond's two atoms differently,
  NCl3 N +3 by Pauling, -3 by Allen, the data's ``en_scales`` keeps Allen's numbers, s23b); **None for an
  unknown composition** (a game shows its cards' charges as the game's charges, never as chemists' numbers) **and for a metal-like
  compound** (:func:`metal_like`: CrB2, WSi2, Fe2P, Fe3C), whose ``note`` says why in ``lang``.
  Every number is one the element takes (mendeleev's main and extended states, or 0).
* ``average``: element → tuple of the individual numbers, only for elements whose atoms differ
  (Fe3O4: ``{"Fe": (2, 3, 3)}``; H2SO5: ``{"O": (-2, -2, -2, -1, -1)}``); ``{}`` when none differ;
  None for an unknown composition.
* ``ions``: for a salt, the ions of the real substance as ``(ion, charge, count)`` with a monoatomic
  ion as its symbol and a polyatomic one as ``"[SO4]2-"``: Fe2(SO4)3 → ``(("Fe", 3, 2), ("[SO4]2-",
  -2, 3))``, K4[Fe(CN)6] → ``(("K", 1, 4), ("[Fe(CN)6]4-", -4, 1))``. None for molecules (CrO2Cl2),
  acids (H2PtCl6), networks, elements, metals and unknown compositions; the polyatomic ions are those
  of ``nomenclature.json`` (sources named there), a few Zintl phases and intermetallics have none.
* ``bonding``: ``"ionic"`` (a salt of ions), ``"molecular"`` (molecules of non-metals),
  ``"molecular_exception"`` (a metal compound made of molecules: HgCl2 … OsO4, Fe(CO)5),
  ``"network"`` (a covalent network solid: SiO2, SiC, BN, diamond; with the reason ``"metal_like"``
  a metal-like boride, silicide or metal-rich carbide or phosphide; with ``"oxide_hydrate"`` a solid oxide
  hydrate MO3·H2O such as tungstic acid H2WO4: layers or chains with water bound to the metal, no H+ ions;
  with ``"solid_structure"`` a framework of polyhedra sharing corners, ReO3, WO3: the data's ``solid_structures``),
  ``"element"`` (an element of
  non-metal atoms, also O3 and S8 as forms of the element, and the gas-phase molecules Na2, Li2 of metal
  atoms: no metallic bond), ``"metallic"`` (metals only),
  ``"atomic"`` (a noble gas), ``"ion"`` (a single ion on its own).
* ``bonding_reason``: ``(key, params)`` for the one-line explanation (``"volatile_molecules"``: a metal compound called
  molecular for its low boiling point alone, ``boils_celsius`` (CRC), whose solid no source of the data describes: PoCl4,
  s23b; ``"solid_structure"``: a solid that is a polymer
  of polyhedra, VF5 chains, AlCl3 layers, ReO3 a framework; its params the structure facts, see ``_solid_structure``). ``params["en_difference"]``
  (Pauling ΔEN) is present ONLY where it supports the claim (≥ 1.7 for "ionic", < 1.7 for
  "molecular"); keys are listed in ``BONDING_REASONS``.
* ``en_difference``: Pauling ΔEN (largest minus smallest), a plain fact, for display only.
* ``source``: the sources of the facts, with library versions (the data file names each).
* ``note`` / ``note_key``: a sentence in ``lang`` where a known substance needs one, else None:
  ``"metal_like"`` (no oxidation numbers, and why) or ``"solution_only"`` (an acid or salt kept only
  dissolved in water: H2CO3, HClO, NaClO; Greenwood & Earnshaw, named in the data file; or in the medium the
  data's ``solution_media`` names: U(NO3)4 in nitric acid with hydrazine) or
  ``"ether_solution"`` (a Grignard reagent, made and kept only dissolved in ether) or ``"hydrate"``
  (a salt kept as its hydrate, ``hydrate`` its formula: Al(NO3)3 as Al(NO3)3·9H2O, from the CRC table, and what
  heating the hydrate gives; with the data's flag ``h`` only that the handbook lists the hydrate, Th(SO4)2·9H2O) or ``"disputed_ox"`` (the handbooks dispute the oxidation numbers, none are given:
  Sb2S5, by Mössbauer spectra Sb(III) with S–S bonds) or ``"isomers"`` (a condensed structural formula of
  another isomer, ``CH3COOCH3``: the reference reads its composition C3H6O2, names its substance of it,
  propanoic acid, and says that it told no isomers apart) or ``"ill_defined"`` (a composition the data knows
  that the sources doubt or describe otherwise: Pb(OH)2 has not been isolated, Bi(OH)3 is described as an oxide
  hydrate; the note, catalogs ``chem.ill_defined.<formula>``, says what is disputed and what is known, with its source)
  or ``"cold_only"`` (a real substance kept only cold: SCl4, a solid below about −30 °C, probably SCl3⁺Cl⁻; catalogs
  ``chem.cold_only.<formula>``).

>>> substance("H2CO3", lang="en").note_key, substance("HClO").label
('solution_only', 'exists')

* ``counts``, ``charge``, ``kind`` (element, ion, salt, acid, organic, molecule, network, metallic; it agrees
  with ``bonding``: every ionic composition that is no acid is a salt, a metal-like one metallic),
  ``formula_units`` (Cu2Cl4 = 2 × CuCl2), ``cas``, ``pubchem_cid``, ``lang``.

>>> s = substance("H4C")
>>> s.known, s.formula, s.name, s.oxidation_states
(True, 'CH4', 'Methan', {'C': Fraction(-4, 1), 'H': Fraction(1, 1)})
>>> substance("O3Fe2", lang="en").name
'iron(III) oxide'
>>> substance("Fe2O3").name, substance("Fe2O3").unicode
('Eisen(III)-oxid', 'Fe₂O₃')
>>> s = substance("SO4", charge=-2)
>>> s.known, s.formula, s.unicode, s.name, s.oxidation_states["S"]
(True, '[SO4]2-', 'SO₄²⁻', 'Sulfat-Ion', Fraction(6, 1))
>>> s = substance("Fe3O4", lang="en")
>>> s.name, s.oxidation_states["Fe"], s.average["Fe"]
('iron(II,III) oxide', Fraction(8, 3), (2, 3, 3))
>>> s = substance("AuBiOC")
>>> s.known, s.name, s.formula
(False, None, 'AuBiCO')
>>> substance("MoO2Cl2").formula, substance("[Cr(H2O)6]Cl3").formula, substance("Pr6O11").formula
('MoO2Cl2', 'CrH12Cl3O6', 'Pr6O11')
>>> substance("AgNCO").formula, substance("AgN2H6Cl").formula  # the atoms leave no choice of ions
('AgOCN', '[Ag(NH3)2]Cl')
>>> substance("ClH4N").formula, substance("ClH4N").bonding, substance("ClH4N").trivial_name
('NH4Cl', 'ionic', 'Salmiak')
>>> substance("CO2").bonding, substance("CO2").bonding_reason[0]
('molecular', 'nonmetals')
>>> s = substance("CrB2", lang="en")
>>> s.label, s.name, s.oxidation_states, s.bonding_reason[0]
('exists', 'chromium diboride', None, 'metal_like')
>>> s.note
'CrB₂ is metal-like: the non-metal atoms sit in the lattice of the metal, and the solid conducts electricity like a metal. Its composition follows no valence rule, so no oxidation numbers describe it and none are given.'


The reference key of a formula is its Hill formula with the charge:

>>> reference_key({"S": 1, "O": 4}, -2), reference_key({"H": 4, "C": 1}, 0)
('O4S-2', 'CH4')
"""
from __future__ import annotations

import itertools
from collections import Counter
import json
import math
import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, NoReturn, Sequence, TypeVar

from ..core.errors import Error
from ..core.i18n import minus
from .formula import FormulaError, parse_formula
from .metal_like_table import conduction_disputed, conduction_unstated, named_metal_like

DATA = Path(__file__).parent / "data"
LANGS = ("de", "en")
_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
_SUP = str.maketrans("0123456789+-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻")
_FROM_SUB = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
_FROM_SUP = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻", "0123456789+-")
_SUPCHARS = set("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻")
_ION_TEXT = re.compile(r"^(?P<body>[^\^\s]+?)\s*(?:\^|\s)(?P<charge>\d*[+-])$")
METAL_SERIES = {"Alkali metals", "Alkaline earth metals", "Transition metals", "Poor metals", "Lanthanides",
                "Actinides"}
# mendeleev files B, Si, Ge, As, Sb, Te and Po as metalloids. The school rule (metal + non-metal: a salt;
# non-metals: molecules) counts B, Si, Ge, As, Sb and Te with the non-metals, since their compounds with
# non-metals are molecules or networks (SiO2, As4O6, SbCl3, TeO2); polonium is a metal: it conducts like
# one and its dioxide has the fluorite lattice of an ionic oxide (Greenwood & Earnshaw, ch. 16;
# Holleman-Wiberg: "Polonium ... ein typisches Metall").
METALLOID_METALS = frozenset({"Po"})
IONIC_EN_DIFFERENCE = 1.7
LABELS = ("exists", "transient", "unknown")
BONDING_REASONS = ("metal_nonmetal", "polyatomic_cation", "nonmetals", "acid", "molecular_exception", "network",
                   "metal_like", "oxide_hydrate", "ionic_solid", "element", "element_form", "noble_gas", "metals_only", "polyatomic_ion",
                   "monoatomic_ion", "metal_cluster", "metal_chain", "organometallic",
                   "solid_structure", "metal_acid", "volatile_molecules")
BONDINGS = ("ionic", "molecular", "molecular_exception", "network", "element", "metallic", "atomic", "ion",
            "metal_metal")


class SubstanceError(Error):
    """A formula text the substance reference cannot read."""


_K = TypeVar("_K")
_V = TypeVar("_V")
# a row of data/substances.json: label code, CAS, PubChem CID, English and German name, per-atom
# oxidation numbers ((element, numbers), ...), bonding code, vetted source, vetted formula text
Entry = tuple[Any, ...]


class FrozenDict(dict[_K, _V]):
    """A dict that cannot be changed (the values are shared by the cache); prints as a dict."""

    def _readonly(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("substance facts are read-only; copy with dict(...)")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _readonly
    __ior__ = _readonly

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(self.items()))


# --------------------------------------------------------------------------------------------- data


#: the reference data once loaded, in a list: filled by ``reference_steps``, the one cache (``reference`` reads it;
#: an ``lru_cache`` on ``reference`` beside it was a second cache of the same object, session 15)
_REFERENCE: list[dict[str, Any]] = []


def reference() -> dict[str, Any]:
    """The reference data (``data/substances.json``), loaded on first use (or taken from
    ``reference_steps``, which loaded it).

    >>> reference() is reference() is _REFERENCE[0]
    True
    """
    if not _REFERENCE:
        for _ in reference_steps():
            pass
    return _REFERENCE[0]


def reference_steps(rows: int = 500) -> Iterator[int]:
    """Load the reference (``reference``) a piece at a time, one piece each ``next``: the file parsed,
    then ``rows`` entries at a time; yields the entries done (all at once when it was loaded). The play page's
    warm-up runs one piece a task, so a click waits for one piece at most, not for the whole load
    (issue 28: 0.2 s in one piece in Pyodide). A ``reference()`` called before the last piece loads
    it itself, and the pieces' result is dropped.

    >>> done = list(reference_steps()); reference() is reference(), list(reference_steps()) == [len(reference()["substances"])]
    (True, True)
    """
    if _REFERENCE:
        yield len(_REFERENCE[0]["substances"])
        return
    with open(DATA / "substances.json", encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    yield 0
    # entries as tuples of atoms: the garbage collector stops scanning them (no pauses later on)
    entries: dict[str, Entry] = {}
    for k, row in data["substances"].items():
        entries[k] = tuple(tuple((e, tuple(v)) for e, v in x.items()) if isinstance(x, dict) else x for x in row)
        if len(entries) % rows == 0:
            yield len(entries)
    data["substances"] = entries
    if not _REFERENCE:
        _REFERENCE.append(data)
    yield len(entries)


@lru_cache(maxsize=None)
def nomenclature() -> dict[str, Any]:
    """The nomenclature tables (``data/nomenclature.json``), loaded on first use."""
    with open(DATA / "nomenclature.json", encoding="utf-8") as fh:
        tables: dict[str, Any] = json.load(fh)
    return tables


@dataclass(frozen=True)
class Ion:
    """A polyatomic ion of the nomenclature table, e.g. sulfate ``SO4``, −2."""

    formula: str
    charge: int
    counts: tuple[tuple[str, int], ...]
    en: str
    de: str
    ox: tuple[tuple[str, tuple[int, ...]], ...] | None = None  # per-atom numbers where the rules differ
    rare: bool = False  # a split with it loses a tie to one without (NH4MgPO4 is no amide: Mg(NH2)2 is)
    # a formula ion with no discrete ion in the solid (aluminate AlO2-: NaAlO2 is a net of AlO4
    # tetrahedra): a known salt holds it once per formula unit at most, so the spinel CoAl2O4 is the
    # double oxide of Co2+, Al3+ and O2-, not "Co(AlO2)2" (Greenwood & Earnshaw 7.3.4, spinels)
    formal: bool = False

    @property
    def n_atoms(self) -> int:
        return sum(n for _, n in self.counts)


@lru_cache(maxsize=None)
def ions() -> tuple[Ion, ...]:
    """The polyatomic ions the reference names and uses to split salts."""
    out = []
    for row in nomenclature()["ions"]:
        counts = parse_formula(row["formula"]).counts
        ox = tuple((e, tuple(v)) for e, v in row["ox"].items()) if "ox" in row else None
        out.append(Ion(row["formula"], row["charge"], tuple(sorted(counts.items())), row["en"], row["de"], ox,
                       bool(row.get("rare")), bool(row.get("formal"))))
    return tuple(out)


def _element(symbol: str) -> dict[str, Any]:
    try:
        el: dict[str, Any] = reference()["elements"][symbol]
        return el
    except KeyError:
        raise SubstanceError(f"unknown element symbol {symbol!r}") from None


def periodic_group(symbol: str) -> int | None:
    """The element's group of the periodic table (1-18; ``None`` for the lanthanides and actinides), from mendeleev.

    >>> periodic_group("B"), periodic_group("Cl"), periodic_group("U")
    (13, 17, None)
    """
    group = _element(symbol)["group"]
    return int(group) if group is not None else None


def is_metal(symbol: str) -> bool:
    """Metal by the element's series in mendeleev; of the metalloids only polonium counts as a metal
    (``METALLOID_METALS``: B, Si, Ge, As, Sb, Te count as non-metals).

    >>> is_metal("Fe"), is_metal("Si"), is_metal("Cl"), is_metal("Po"), is_metal("Te")
    (True, False, False, True, False)
    """
    return symbol in METALLOID_METALS or _element(symbol)["series"] in METAL_SERIES


def _metallic_mono(m: str, x: str, counts: Mapping[str, int], el: Mapping[str, Any]) -> bool:
    """The 1:1 compounds ``metal_like`` adds to its borides, silicides and interstitial carbides (review25d
    M2-M4, review25e M3): metallic conductors whose numbers no textbook assigns.

    * The monoantimonides and monobismuthides of groups 4-10 (NiAs type: CrSb, MnSb, CoSb, NiSb, MnBi,
      NiBi) are metallic like their phosphide and arsenide siblings (Greenwood & Earnshaw 2nd ed. 1997,
      13.3.x 'intermetallic compounds': the NiAs structure; Holleman-Wiberg 'Nickelarsenid-Struktur').
    * The mononitrides of the actinides (ThN, UN, NpN, PuN) have the rock-salt lattice and conduct like
      metals, as the monocarbides ThC and UC do (Greenwood & Earnshaw 31.3.x, 'carbides, nitrides ...
      of the actinides: metallic, NaCl structure'; Holleman-Wiberg 'Actinoid-nitride').
    * The p-block metals Sn, Pb and Bi with P, As, Sb or Bi (SnP, SnAs, SnSb, BiSb): metallic phases and
      alloys, no Sn3+ or Bi3+ with Sb3- (SnP and SnAs are rock-salt metals and superconductors; Bi and Sb
      form one continuous solid solution, Greenwood & Earnshaw 13.2). Group 13 is left out: InSb, GaAs
      are the III-V networks. BiSb is in this family for its numbers only (an alloy: no ions, no numbers), not
      for its conduction: Bi1-xSbx with 7-22 % Sb is a topological insulator, Bi a semimetal (en.wikipedia
      'Bismuth antimonide'), so its sentence (``_balanced_alloy``) says that and never "conducts like a metal"
      (s22b).

    >>> _metallic_mono("Cr", "Sb", {"Cr": 1, "Sb": 1}, _element("Cr")), _metallic_mono("U", "N", {"U": 1, "N": 1}, _element("U"))
    (True, True)
    >>> _metallic_mono("Sn", "P", {"Sn": 1, "P": 1}, _element("Sn")), _metallic_mono("In", "Sb", {"In": 1, "Sb": 1}, _element("In"))
    (True, False)
    >>> _metallic_mono("Zn", "Sb", {"Zn": 1, "Sb": 1}, _element("Zn")), _metallic_mono("La", "N", {"La": 1, "N": 1}, _element("La"))
    (False, False)
    """
    if counts[m] != counts[x]:
        return False
    if el["series"] == "Transition metals" and x in ("Sb", "Bi"):
        return el["group"] is not None and 4 <= el["group"] <= 10
    if el["series"] == "Actinides" and x == "N":
        return True
    return m in ("Sn", "Pb", "Bi") and x in ("P", "As", "Sb", "Bi")


#: the partners whose binary compounds with a metal fix the metal's states a chemist names: its halides and oxides
_NAMING_PARTNERS = {"F": -1, "Cl": -1, "Br": -1, "I": -1, "O": -2}


@lru_cache(maxsize=None)
def named_states(symbol: str) -> tuple[int, ...]:
    """The positive oxidation states a chemist names for a metal (s22b): its main states (mendeleev's) and every state
    it has in a binary halide or oxide the reference knows as existing (label ``e``) with one state for all its atoms
    (TiCl3 and Ti2O3: Ti +3; UCl3: U +3; not Fe3O4's mixed +2/+3). A state known only in a complex salt (Ni +3 in
    NiOOH) or from one gas molecule does not count: those are the "extended" states no student meets as a valence.

    >>> named_states("Ti"), named_states("U"), named_states("Ni"), named_states("Fe")
    ((2, 3, 4), (3, 4, 5, 6), (2,), (2, 3))
    """
    found = {v for v in _element(symbol)["main"] if v > 0}
    for entry in reference()["substances"].values():
        if entry[0] != "e" or not entry[5] or len(entry[5]) != 2:
            continue
        states = {e: [Fraction(str(v)) for v in vs] for e, vs in entry[5]}  # a record may write "1/3" (KI3)
        if symbol not in states:
            continue
        partner = next(e for e in states if e != symbol)
        values = set(states[symbol])
        if sum(sum(v) for v in states.values()) != 0:
            continue  # an ion (ferrate FeO4 2-): not a binary compound
        if _NAMING_PARTNERS.get(partner) is not None and set(states[partner]) == {_NAMING_PARTNERS[partner]} \
                and len(values) == 1 and min(values) > 0 and min(values).denominator == 1:
            found.add(int(min(values)))
    return tuple(sorted(found))


def metal_like_balance(key: str) -> tuple[tuple[str, int, int], ...] | None:
    """The oxidation states a chemist names (:func:`named_states` for the metal: its main states and those of its
    known binary halides and oxides; the non-metal's main negative states, mendeleev's, in the data's element table)
    under which a metal-like binary compound's formula unit would balance, as ``(element, state, atoms)``: the metal
    positive, the non-metal negative;
    one state per element where one does (TiC: Ti +4, C −4), else the metal's atoms split over the fewest of its states,
    the lowest first (Mn5Si3: 4 Mn +2, 1 Mn +4, 3 Si −4). ``None`` where no such set exists (Fe3C, CrB2, NiAs: Ni +3
    is no state of a known nickel halide or oxide). s21h used the main states only and so left TiN, UN (Ti +3 in TiCl3
    and Ti2O3, U +3 in UCl3) with "follows no valence"; s22b counts the states of the binary halides and oxides.

    The books give these solids no oxidation numbers for their structure (a metal lattice with the non-metal atoms in
    it, metallic bonding, often a range of composition: Greenwood & Earnshaw 8.4.2, 11.3.3), not because no numbers
    could balance the formula (s21h); the sentences say which is the case (:func:`metal_like_text`).

    >>> metal_like_balance("CTi"), metal_like_balance("Mn5Si3"), metal_like_balance("CFe3"), metal_like_balance("AsNi")
    ((('Ti', 4, 1), ('C', -4, 1)), (('Mn', 2, 4), ('Mn', 4, 1), ('Si', -4, 3)), None, None)
    >>> metal_like_balance("NTi"), metal_like_balance("NU")
    ((('Ti', 3, 1), ('N', -3, 1)), (('U', 3, 1), ('N', -3, 1)))
    """
    try:
        counts = dict(parse_formula(key).counts)
    except FormulaError:
        return None
    metals = [e for e in counts if is_metal(e)]
    if len(counts) != 2 or len(metals) != 1:
        return None
    m = metals[0]
    x = next(e for e in counts if e != m)
    g = math.gcd(counts[m], counts[x])
    nm, nx = counts[m] // g, counts[x] // g
    plus = list(named_states(m))
    for b in sorted((v for v in _element(x)["main"] if v < 0), reverse=True):
        need = -b * nx
        uniform = [a for a in plus if a * nm == need]
        if uniform:
            return ((m, uniform[0], nm), (x, b, nx))
    if nm > 12:  # no formula unit of the data has more metal atoms; keeps the search small
        return None
    best: tuple[int, tuple[int, ...], int] | None = None
    for b in sorted((v for v in _element(x)["main"] if v < 0), reverse=True):
        for combo in itertools.combinations_with_replacement(plus, nm):
            if sum(combo) == -b * nx and (best is None or len(set(combo)) < len(set(best[1]))):
                best = (b, combo, nx)
    if best is None:
        return None
    split = Counter(best[1])
    return tuple((m, a, split[a]) for a in sorted(split)) + ((x, best[0], nx),)


def metal_like_numbers(key: str) -> tuple[str, ...]:
    """The numbers of :func:`metal_like_balance` as they are written, to be joined as a list: ``("Ti +4", "C −4")``;
    with the atoms where the metal's are split: ``("4 Mn +2", "1 Mn +4", "3 Si −4")``; ``()`` where none balance.

    >>> metal_like_numbers("CW"), metal_like_numbers("Mn5Si3")
    (('W +4', 'C −4'), ('4 Mn +2', '1 Mn +4', '3 Si −4'))
    """
    found = metal_like_balance(key)
    if found is None:
        return ()
    split = len({e for e, _, _ in found}) < len(found)
    return tuple((f"{n} " if split else "") + f"{e} {minus(v, plus=True)}" for e, v, n in found)


def _metal_like_family(key: str) -> str:
    """The family whose sources give the reason a balancing formula still gets no numbers: ``"interstitial"`` (the
    carbides, nitrides and hydrides: C, N or H in the holes of the metal lattice, Greenwood & Earnshaw 8.4.2, 11.3.3,
    3.6.2 'metallic hydrides', TiH1.7-2), ``"alloy"``
    (Bi with Sb: one solid solution over every ratio, en.wikipedia 'Bismuth antimonide'; the Sb-Bi phase diagram
    is isomorphous) or ``"metallic"`` (the silicides, phosphides, arsenides, antimonides of the transition metals:
    metallic conductors, GE 9.3.3, 12.3.3, the NiAs type).

    The interstitial family is the one the source names, not every carbide, nitride or hydride: "The carbides of the
    group 4, 5 and 6 transition metals (with the exception of chromium) are often described as interstitial compounds"
    (en.wikipedia 'Carbide', citing Greenwood & Earnshaw; their nitrides and hydrides alike, GE 11.3.3, 3.6.2). The
    actinide monocarbides and mononitrides have the rock-salt structure too, but no source read calls them interstitial
    (s23b): UN and UC are of the metallic family (UN 'bad-metallic transport', Kang, Kim, Pederson et al., arXiv
    2509.23033 (2025); UC 'the itinerant band-picture is found to be adequate', Petit, Svane, Szotek et al., arXiv
    0904.4354 (2009)), Cr3C2 too (chains of C atoms in a distorted metal lattice, not in its holes).

    >>> _metal_like_family("CTi"), _metal_like_family("BiSb"), _metal_like_family("FeP"), _metal_like_family("H2Ti")
    ('interstitial', 'alloy', 'metallic', 'interstitial')
    >>> _metal_like_family("NU"), _metal_like_family("CU"), _metal_like_family("C2Cr3"), _metal_like_family("MoN")
    ('metallic', 'metallic', 'metallic', 'interstitial')
    """
    counts = parse_formula(key).counts
    if set(counts) == {"Bi", "Sb"}:
        return "alloy"
    metal = next((e for e in counts if is_metal(e)), "")
    named = periodic_group(metal) in (4, 5, 6) and not (metal == "Cr" and "C" in counts) if metal else False
    return "interstitial" if set(counts) & {"C", "N", "H"} and named else "metallic"


def metal_like_text(key: str) -> str:
    """The suffix of a metal-like compound's sentence keys: ``""`` for one that conducts like a metal by the sources
    (FeP, MgB2), the named row's ``sentence`` otherwise (``"_film"`` for FeN, whose conduction no source read
    states: :mod:`chemgames.chemistry.metal_like_table`). ``key`` is the reference (Hill) key.

    Where the formula would balance with states a chemist names (:func:`metal_like_balance`), the general
    and the ``_film`` sentence are replaced by one that names those numbers and says why they do not describe the solid
    (``_balanced_<family>``, ``_film_balanced``; s21h): "folgt keiner Wertigkeit" stays only where it is true.

    >>> metal_like_text("FeN"), metal_like_text("Fe3P"), metal_like_text("B2Mg"), metal_like_text("N2U")
    ('_film_balanced', '', '', '_nonstoich')
    >>> metal_like_text("CTi"), metal_like_text("FeP"), metal_like_text("BiSb"), metal_like_text("NTi")
    ('_balanced_interstitial', '_balanced_metallic', '_balanced_alloy', '_balanced_interstitial')
    >>> metal_like_text("AsNi"), metal_like_text("CFe3")
    ('', '')

    CrN, metal-like by the rule, is a row of ``metal_like_table.CONDUCTION_DISPUTED``: how it conducts is disputed
    (review s20c), so its sentence does not say it conducts like a metal.

    >>> metal_like_text("CrN")
    '_conduction_disputed'

    PuN and AmN, actinide mononitrides of the rule, are rows of ``metal_like_table.CONDUCTION_UNSTATED``: no source read
    says how they conduct (s20j); UN, a metallic conductor, balances with U +3 (UCl3) like TiN with Ti +3 (s22b).

    >>> metal_like_text("NPu"), metal_like_text("AmN"), metal_like_text("NU")
    ('_conduction_unstated', '_conduction_unstated', '_balanced_metallic')

    ThC, of the rock-salt type like UC, is a row of ``metal_like_table.CONDUCTION_UNSTATED`` with a sentence of its own:
    the sources read give its structure, not its conduction (s23b).

    >>> metal_like_text("CTh")
    '_rocksalt_unstated'
    """
    try:
        counts = parse_formula(key).counts
    except FormulaError:
        return ""
    row = named_metal_like(counts) or conduction_disputed(counts) or conduction_unstated(counts)
    suffix = row.sentence if row else ""
    if suffix in ("", "_film") and metal_like_balance(key) is not None:
        return suffix + "_balanced" if suffix else "_balanced_" + _metal_like_family(key)
    return suffix


def metal_like(counts: Mapping[str, int], charge: int = 0) -> bool:
    """A metal-like binary compound: one that carries NO oxidation numbers.

    The borides and silicides of the d- and f-block metals (any ratio: CrB2, Ni3B, WSi2, LaB6) and
    their metal-rich carbides, nitrides and phosphides (more metal atoms than non-metal atoms:
    Fe3C, Cr3C2, Mo2C, Fe4N, Fe2P, Ni2P) of groups 3-10 and the lanthanides and actinides.
    Greenwood & Earnshaw (2nd ed. 1997) 6.3.1 (metal borides), 8.4.2 (interstitial carbides),
    9.3.3 (metal silicides), 11.3.3 (interstitial nitrides), 12.3.3 (metal-rich phosphides);
    Holleman-Wiberg (102nd ed. 2007), 'Boride', 'Silicide', 'Einlagerungsverbindungen': the
    non-metal atoms sit in the metal's lattice (or form chains and nets in it), the solids conduct
    like metals and their compositions (often a range) follow no valence rule, so no set of
    oxidation numbers describes them (CrB2 would be Cr +6 and B -3, WSi2 W -6 or W +8, Fe2P P -5
    or Fe +3/2). So are the monocarbides and mononitrides of groups 4-6 (TiC, ZrC, HfC, VC, NbC,
    TaC, WC; TiN, ZrN, HfN, VN, NbN, TaN, CrN) and the actinide monocarbides (ThC, UC): the
    interstitial carbides and nitrides, C or N in the octahedral holes of the metal's lattice, metallic
    conductors with a composition range (TiC0.5-1.0); Greenwood & Earnshaw 8.4.2 ('interstitial
    carbides ... of groups 4, 5, 6'), 11.3.3; Holleman-Wiberg 'Carbide', 'Nitride' (metallartige
    Einlagerungsverbindungen). "W +4, C -4" beside W2C with none was no chemist's assignment. The
    monophosphides and monoarsenides of groups 4-10 (MnP and NiAs types: CrP, MnP, FeP, CoP, FeAs,
    NiAs) are metallic too (GE 12.3.3, phosphides; the arsenides and antimonides of ch. 13 alike: CrSb,
    NiSb, MnSb of the NiAs type, review25d), so no numbers; so are the actinide mononitrides (UN, PuN,
    NpN, ThN: rock-salt, metallic conductors like UC; GE ch. 31, actinide nitrides; HW Actinoidnitride;
    review25e; with the Sb/Bi compounds of
    ``_metallic_mono``). The non-metal-rich phosphides (FeP2, CoP3) keep their numbers; groups 11 and 12 form
    salt-like acetylides, nitrides and phosphides (Cu2C2, Zn3N2, Zn3P2).

    The hydrides MH, MH2 of the same metals (TiH2, ZrH2, HfH2, CeH2, PdH) too: Greenwood & Earnshaw
    3.6.2 'metallic hydrides', Holleman-Wiberg 'metallartige Hydride': H in the holes of the metal's
    lattice, non-stoichiometric (TiH1.7-2, PdH0.6), conducting like metals. The "Ti(II)-hydride, a salt
    of Ti2+ and H-" the numbers would imply is no textbook's picture (CeH2 is even Ce3+, 2 H- and a free
    electron), so they get no numbers. The trihydrides (LaH3, UH3) stay: salt-like, M3+ and 3 H-.

    >>> metal_like({"Cr": 1, "B": 2}), metal_like({"Fe": 2, "P": 1}), metal_like({"W": 1, "Si": 2})
    (True, True, True)
    >>> metal_like({"W": 1, "C": 1}), metal_like({"Ti": 1, "N": 1}), metal_like({"Th": 1, "C": 1})
    (True, True, True)
    >>> metal_like({"Fe": 1, "P": 1}), metal_like({"Ni": 1, "As": 1}), metal_like({"Fe": 1, "P": 2})
    (True, True, False)
    >>> metal_like({"Pu": 1, "N": 1}), metal_like({"Ca": 1, "B": 6}), metal_like({"Zn": 3, "P": 2})
    (True, False, False)
    >>> metal_like({"Cr": 1, "Sb": 1}), metal_like({"Ce": 1, "N": 1})
    (True, False)
    >>> metal_like({"Ti": 1, "H": 2}), metal_like({"La": 1, "H": 3}), metal_like({"Ca": 1, "H": 2})
    (True, False, False)

    MgB2 and AlB2, the parents of the AlB2 type that CrB2 and TiB2 share: graphite-like nets of B atoms
    between layers of metal atoms, metallic conductors (MgB2 a superconductor below 39 K); the Zintl count
    Mg2+ (B-)2 is a formal electron count, the transfer is incomplete and the boron bands are partly empty
    (Greenwood & Earnshaw 6.3.1, the MB2 borides of AlB2 type; Holleman-Wiberg, 'Boride', Magnesiumdiborid;
    Nagamatsu et al., Nature 410, 63 (2001)). So they get no numbers, as CrB2 gets none; CaB6 (a semiconductor
    of B6 octahedra) and the Zintl silicides CaSi, CaSi2 keep theirs.

    >>> metal_like({"Mg": 1, "B": 2}), metal_like({"Al": 1, "B": 2}), metal_like({"Al": 1, "B": 12})
    (True, True, False)

    Iron mononitride FeN (s16c), known only as thin films (zinc-blende γ''-FeN, rock-salt γ'''-FeN: Wojciechowski &
    Lewandowski, Cryst. Growth Des. 2022, doi 10.1021/acs.cgd.1c01528, review) and made at 10-45 GPa in the NiAs type
    (Clark et al., Angew. Chem. Int. Ed. 56 (2017) 7302): the homologue of the metallic FeP, N in the holes of a
    close-packed Fe lattice, strong covalent Fe-N bonds "with some charge transfer to N" (Sifkovits et al., J. Magn.
    Magn. Mater. 204 (1999) 191, on the Fe nitrides with rock-salt FeN as reference), magnetically ordered (γ'''-FeN
    antiferromagnetic below 220 K: Yamada, Usui, Kobayashi, Hyperfine Interact. 2013). No source read gives it Fe +3
    and N -3, so no numbers. Only FeN: MnN, CoN, NiN have no source read here. Nor does any source read say how FeN
    conducts (s16j looked for the resistivity of γ''/γ'''-FeN films and found only their structure and magnetism, and
    DFT on its magnetism: Houari, Matar, Belkhir, Nakhl, arXiv 0909.1245), so its row's sentence is ``"_film"``
    and its sentences (``metal_like_text``) do not say it conducts like a metal.

    MgB2, AlB2 and FeN are the rows of one sourced table, ``metal_like_table.NAMED_METAL_LIKE`` (formula unit,
    sentence, sources; s17e), which this rule reads: a new named compound is a row there, not an ``if`` here.

    >>> metal_like({"Fe": 1, "N": 1}), metal_like({"Fe": 1, "N": 2}), metal_like({"Co": 1, "N": 1})
    (True, False, False)

    Uranium dinitride UN2 (s17d): real but non-stoichiometric, UNx with x from 1.75 to 2.0 in the fluorite type, losing
    nitrogen from 675 °C (de.wikipedia 'Urannitride'; Inorg. Chem. 48 (2009) 10635). No source read gives it oxidation
    numbers (U +6 with N -3 would be one reading of a formula the samples do not have), nor says how its atoms are bound
    or whether it conducts, so it carries none and its sentences say only that (its row in ``metal_like_table``,
    sentence ``"_nonstoich"``). Only UN2: U2N3 and the other actinide dinitrides have no source read here.

    >>> metal_like({"U": 1, "N": 2}), metal_like({"U": 2, "N": 3}), metal_like({"Pu": 1, "N": 2})
    (True, False, False)
    """
    if charge or len(counts) != 2:
        return False
    metals = [e for e in counts if is_metal(e)]
    if len(metals) != 1:
        return False
    m = metals[0]
    x = next(e for e in counts if e != m)
    if named_metal_like(counts) is not None:
        return True  # a compound named with its sources: MgB2, AlB2, FeN (chemgames.chemistry.metal_like_table)
    el = _element(m)
    if _metallic_mono(m, x, counts, el):
        return True
    if el["series"] not in ("Transition metals", "Lanthanides", "Actinides"):
        return False
    if x in ("P", "As", "Sb") and counts[m] == counts[x] and el["group"] is not None and 4 <= el["group"] <= 10:
        return True  # the monophosphides, -arsenides, -antimonides (MnP, NiAs types: CrP, FeP, FeAs, NiAs, CrSb), see above
    if x in ("B", "Si"):
        return True
    if x == "H":  # interstitial hydrides up to MH2 (see above); groups 11, 12 form molecules (CuH) or salts
        return (el["group"] is None or el["group"] <= 10) and counts[x] <= 2 * counts[m]
    if x in ("C", "N") and counts[m] == counts[x]:  # the interstitial monocarbides and mononitrides (see above)
        return (el["group"] is not None and 4 <= el["group"] <= 6) or bool(el["series"] == "Actinides")
    return x in ("C", "N", "P") and (el["group"] is None or el["group"] <= 10) and counts[m] > counts[x]


def electronegativity(symbol: str) -> float | None:
    """Pauling electronegativity (mendeleev), None where mendeleev has none: He, Ne, Ar, and Pm, Eu, Tb, Yb, Am and the
    later actinides (s19e: a difference with such an element is unknown, never computed without it)."""
    en: float | None = _element(symbol)["en"]
    return en


def allen_electronegativity(symbol: str) -> float | None:
    """Allen's electronegativity in eV (mendeleev's ``en_allen``), the scale IUPAC's 2016 definition of the oxidation
    state uses to estimate the ionic approximation (Karen, McArdle, Takats, Pure Appl. Chem. 88 (2016) 831); None where
    mendeleev has none.

    >>> allen_electronegativity("N") > allen_electronegativity("Cl"), electronegativity("N") < electronegativity("Cl")
    (True, True)
    """
    en: float | None = _element(symbol).get("en_allen")
    return en


def element_name(symbol: str, lang: str = "de") -> str | None:
    """Element name: German from the game cards, English from mendeleev (IUPAC spelling)."""
    el = _element(symbol)
    name: str | None
    if lang == "de":
        name = el["name_de"]
    else:
        name = nomenclature()["element_names_en"].get(symbol, el["name_en"].lower())
    return name


# ------------------------------------------------------------------------------------------ formula


def reference_key(counts: Mapping[str, int], charge: int = 0) -> str:
    """Hill formula (C, H, then alphabetical; alphabetical without carbon) and the charge."""
    if "C" in counts:
        order = ["C"] + (["H"] if "H" in counts else []) + sorted(e for e in counts if e not in ("C", "H"))
    else:
        order = sorted(counts)
    text = "".join(e + (str(counts[e]) if counts[e] > 1 else "") for e in order)
    return text + (f"{charge:+d}" if charge else "")


def read_formula(text: str, charge: int = 0) -> tuple[dict[str, int], int]:
    """Element counts and charge of ``'H4C'``, ``'[SO4]2-'``, ``'SO4^2-'``, ``'SO₄²⁻'``, ``'Fe2(SO4)3'``.

    >>> read_formula("SO₄²⁻"), read_formula("[NH4]+"), read_formula("SO4", -2)
    (({'S': 1, 'O': 4}, -2), ({'N': 1, 'H': 4}, 1), ({'S': 1, 'O': 4}, -2))
    >>> read_formula("K4[Fe(CN)6]")
    ({'K': 4, 'Fe': 1, 'C': 6, 'N': 6}, 0)
    """
    if not isinstance(text, str):
        raise SubstanceError(f"{text!r:.60} is not a formula")
    t = text.strip().translate(_FROM_SUB)
    if "[" in t and not re.fullmatch(r"\[[^\[\]]+\]\d*[+-]?", t) and not any(c in _SUPCHARS for c in t) \
            and not _ION_TEXT.match(t):
        t = t.replace("[", "(").replace("]", ")")  # a complex written K4[Fe(CN)6]: the brackets group atoms
    if any(c in _SUPCHARS for c in t):
        i = next(i for i, c in enumerate(t) if c in _SUPCHARS)
        t = f"[{t[:i].strip('[]')}]{t[i:].translate(_FROM_SUP)}"
    else:
        m = _ION_TEXT.match(t)
        if m:
            t = f"[{m['body'].strip('[]')}]{m['charge']}"
    try:
        f = parse_formula(t)
    except FormulaError as err:
        raise SubstanceError(str(err)) from None
    if f.charge and charge and f.charge != charge:
        raise SubstanceError(f"'{text}' has charge {f.charge}, not {charge}")
    for e in f.counts:
        _element(e)
    return f.counts, f.charge or int(charge)


def _ascii_ion(body: str, charge: int) -> str:
    if not charge:
        return body
    sign = "+" if charge > 0 else "-"
    return f"[{body}]{abs(charge) if abs(charge) > 1 else ''}{sign}"


def to_unicode(formula: str) -> str:
    """Textbook formula with subscripts and, for an ion, a superscript charge.

    >>> to_unicode("Fe2(SO4)3"), to_unicode("[SO4]2-"), to_unicode("[NH4]+")
    ('Fe₂(SO₄)₃', 'SO₄²⁻', 'NH₄⁺')

    A complex ion keeps its square brackets, its charge outside them (Red Book 2005 IR-9.2.3.2; 'Cu(NH₃)₄²⁺'
    read as if the charge sat on the NH₃ group, review25d L17; and every complex alike, the halido
    complexes too: review25d L17/L18, :func:`complex_body`):

    >>> to_unicode("[Cu(NH3)4]2+"), to_unicode("[Fe(CN)6]4-"), to_unicode("[PtCl6]2-"), to_unicode("K2[PtCl6]")
    ('[Cu(NH₃)₄]²⁺', '[Fe(CN)₆]⁴⁻', '[PtCl₆]²⁻', 'K₂[PtCl₆]')
    """
    m = re.match(r"^\[(?P<body>[^\[\]]+)\](?P<charge>\d*[+-])$", formula)
    if m and complex_body(m["body"]):
        return f"[{m['body'].translate(_SUB)}]" + m["charge"].translate(_SUP)
    if m:
        return m["body"].translate(_SUB) + m["charge"].translate(_SUP)
    return formula.translate(_SUB)


def _counts_text(counts: Iterable[tuple[str, int]]) -> str:
    return "".join(e + (str(n) if n > 1 else "") for e, n in counts)


def _sequence_order(counts: Mapping[str, int]) -> list[str]:
    """Binary molecules: IUPAC element sequence (Red Book Table VI); more: central atom, then alphabetical."""
    seq = nomenclature()["element_sequence"]
    rank = {e: i for i, e in enumerate(seq)}
    first = sorted(counts, key=lambda e: (rank.get(e, -1), e))
    if len(counts) <= 2:
        return _boride_last(first)
    return [first[0]] + sorted(e for e in counts if e != first[0])


def _boride_last(order: list[str]) -> list[str]:
    """A binary compound of boron and an element less electronegative than boron is that element's
    boride, written and named boron last: SiB6 silicon hexaboride (Greenwood & Earnshaw 6.3, Holleman-
    Wiberg 'Siliciumboride', PubChem 'silicon hexaboride'), as CaB6. Table VI puts group 13 before group 14
    and would read 'B6Si hexaboron silicide'; the Red Book takes the table only as a guide to the
    principle 'least electronegative first' (IR-4.4.2.1), which Pauling's values (Si 1.90, B 2.04) decide.

    >>> _boride_last(["B", "Si"]), _boride_last(["B", "C"]), _boride_last(["B", "N"])
    (['Si', 'B'], ['B', 'C'], ['B', 'N'])
    """
    if len(order) == 2 and order[0] == "B" and (electronegativity(order[1]) or 9.0) < (electronegativity("B") or 0.0):
        return [order[1], "B"]
    return order


# ------------------------------------------------------------------------------- ionic decomposition


@dataclass(frozen=True)
class Part:
    """One kind of ion in a salt: ``count`` × ``formula`` with per-ion ``charges`` (metals may vary)."""

    formula: str  # element symbol or polyatomic ion formula as written in textbooks
    count: int
    charges: tuple[int, ...]  # the charge of each of the count ions
    ion: Ion | None = None

    @property
    def polyatomic(self) -> bool:
        return self.ion is not None

    @property
    def cation(self) -> bool:
        return self.charges[0] > 0


@lru_cache(maxsize=4096)
def _metal_states(metals: tuple[tuple[str, int], ...], total: int) -> tuple[int, tuple[tuple[int, ...], ...]] | None:
    """Charges for the metal ions adding to ``total``: (penalty, per-metal charges), main states first."""
    options = []
    for e, n in metals:
        el = _element(e)
        main = [q for q in el["main"] if q > 0]
        ext = [q for q in el["extended"] if q > 0]
        options.append((e, n, main, ext))
    best = None
    for choice in itertools.product(*[[(q, 0) for q in main] + [(q, 1) for q in ext] for _, _, main, ext in options]):
        if sum(q * n for (q, _), (_, n, _, _) in zip(choice, options)) == total:
            cand = (sum(p for _, p in choice), tuple((q,) * n for (q, _), (_, n, _, _) in zip(choice, options)))
            if best is None or cand[0] < best[0]:
                best = cand
    if best is not None:
        return best
    if len(options) == 1 and options[0][1] <= 6:  # mixed valence (Fe3O4, Pb3O4) from the main states
        e, n, main, _ = options[0]
        for combo in itertools.combinations_with_replacement(sorted(main), n):
            if sum(combo) == total and len(set(combo)) > 1:
                return 2, (combo,)
    return None


def _monoatomic_anion(e: str) -> int | None:
    el = _element(e)
    neg = [q for q in el["main"] if q < 0]
    return min(neg) if neg and not is_metal(e) else None


def _inconsistent(parts: list[Part]) -> int:
    """Count of non-metal atoms with a negative charge that are less electronegative than a positive one."""
    neg: list[float] = []
    pos: list[float] = []
    for p in parts:
        ox = _ion_states(p.ion) if p.ion else {p.formula: (Fraction(p.charges[0]),)}
        for e, states in ox.items():
            en = electronegativity(e)
            if is_metal(e) or en is None:
                continue
            for s in states:
                (neg if s < 0 else pos).append(en)
    top = max(pos, default=None)
    return 0 if top is None else sum(1 for x in neg if x < top)


def decompose(counts: Mapping[str, int], charge: int = 0, fixed: tuple[Part, ...] = ()) -> tuple[Part, ...] | None:
    """Split a salt into its ions, as chemists would: the fewest kinds of ions, main oxidation states.

    Metals become cations with a charge from their main (else extended) oxidation states (mendeleev);
    the rest is covered by polyatomic ions of the nomenclature table and monoatomic anions. Returns
    None when no split fits (no metal and no polyatomic cation, or the charges cannot add up).

    >>> [(p.formula, p.count, p.charges) for p in decompose({"Fe": 2, "S": 3, "O": 12})]
    [('Fe', 2, (3, 3)), ('SO4', 3, (-2, -2, -2))]
    >>> [(p.formula, p.count) for p in decompose({"N": 1, "H": 4, "Cl": 1})]
    [('NH4', 1), ('Cl', 1)]
    """
    rem0 = dict(counts)
    for p in fixed:
        for e, n in (p.ion.counts if p.ion else ((p.formula, 1),)):
            rem0[e] = rem0.get(e, 0) - n * p.count
    if any(n < 0 for n in rem0.values()):
        return None
    rem0 = {e: n for e, n in rem0.items() if n}
    fixed_charge = sum(sum(p.charges) for p in fixed)
    cands = sorted((ion for ion in ions() if all(rem0.get(e, 0) >= n for e, n in ion.counts)),
                   key=lambda ion: -ion.n_atoms)  # large ions first: a good split early prunes the rest
    best: tuple[tuple[int, int, int, int, int, int], list[Part]] | None = None  # (score, parts)
    has_metal = any(is_metal(e) for e in counts)

    def evaluate(rem: dict[str, int], chosen: list[tuple[Ion, int]]) -> None:
        nonlocal best
        metals = tuple((e, n) for e, n in rem.items() if n and is_metal(e))
        anions: list[tuple[str, int, int]] = []
        for e, n in rem.items():
            if n and not is_metal(e):
                q = _monoatomic_anion(e)
                if q is None:  # a non-metal that forms no monoatomic anion: no split this way
                    return
                anions.append((e, n, q))
        total = charge - fixed_charge - sum(ion.charge * k for ion, k in chosen) - sum(q * n for _, n, q in anions)
        penalty = 0
        states: tuple[tuple[int, ...], ...] = ()
        if metals:
            found = _metal_states(metals, total)
            if found is None:
                return
            penalty, states = found
        elif total != 0:
            return
        parts = list(fixed) + [Part(ion.formula, k, (ion.charge,) * k, ion) for ion, k in chosen]
        parts += [Part(e, n, (q,) * n) for e, n, q in anions]
        parts += [Part(e, n, qs) for (e, n), qs in zip(metals, states)]
        if all(p.cation for p in parts) or not any(p.cation for p in parts):
            return
        cheap = (len(parts), penalty, sum(1 for p in parts if p.ion and p.ion.rare),
                 sum(1 for p in parts if p.cation and p.polyatomic),
                 sum(p.ion.n_atoms * p.count for p in parts if p.ion))
        if best is not None and best[0][0] == 0 and cheap >= best[0][1:]:
            return  # cannot beat the best split so far: skip the costlier consistency check
        score = (_inconsistent(parts),) + cheap
        if best is None or score < best[0]:
            best = (score, parts)

    def dfs(i: int, rem: dict[str, int], chosen: list[tuple[Ion, int]]) -> None:
        more = 1 if any(rem.values()) else 0  # atoms left: at least one more kind of ion
        if best is not None and best[0][0] == 0 and len(fixed) + len(chosen) + more > best[0][1]:
            return  # more kinds of ions than the best consistent split: cannot win (a tie still can: NH4HSO4)
        if i == len(cands):
            evaluate(rem, chosen)
            return
        ion = cands[i]
        k_max = min(rem.get(e, 0) // n for e, n in ion.counts)
        if len(chosen) + len(fixed) >= 3:
            k_max = 0
        for k in range(k_max, -1, -1):
            nxt = dict(rem)
            for e, n in ion.counts:
                nxt[e] -= n * k
            dfs(i + 1, nxt, chosen + [(ion, k)] if k else chosen)

    if not has_metal and not fixed and not any(ion.charge > 0 for ion in cands):
        return None
    dfs(0, rem0, [])
    return tuple(_order(best[1])) if best else None


def _order(parts: list[Part]) -> list[Part]:
    cations = sorted((p for p in parts if p.cation), key=lambda p: (max(p.charges), p.formula))
    anions = sorted((p for p in parts if not p.cation), key=lambda p: p.formula)
    return cations + anions


def _complex(ion: Ion) -> bool:
    """A complex ion, written in square brackets in every formula (:func:`complex_body`).

    >>> table = {i.formula: i for i in ions()}
    >>> [_complex(table[f]) for f in ("Fe(CN)6", "Cu(NH3)4", "Al(OH)4", "PtCl6", "BF4", "MnO4", "Hg2", "BH4", "I3")]
    [True, True, True, True, True, False, False, False, False]
    """
    return complex_body(ion.formula)


@lru_cache(maxsize=1024)
def complex_body(body: str) -> bool:
    """Is this group a complex, written in square brackets (IUPAC Red Book 2005 IR-9.2.3.2: the formula of
    every coordination entity is enclosed in square brackets; the German school books and Holleman-Wiberg
    write K3[Fe(CN)6], [Cu(NH3)4]SO4, K2[PtCl6], Na3[AlF6] alike)? One central atom with ligand groups
    ((CN)6, (NH3)4, (OH)4) or with halide ligands only (PtCl6, AlF6, BF4, SiF6, AuCl4; [PCl4]+ and [PCl6]-,
    ICl2). Not a complex: an oxoanion (SO4, MnO4, CrO4, whose oxido ligands no school book brackets), a group
    of one element (Hg2, I3, O2), and the complex hydrides BH4 and AlH4, which books name and write as hydrides
    (NaBH4 sodium borohydride, LiAlH4 lithium aluminium hydride). Review25d L17/L18 found the halido
    complexes plain (K2PtCl6, PtCl₆²⁻) beside bracketed cyanido ones; one rule now.

    >>> [complex_body(b) for b in ("Fe(CN)6", "PtCl6", "AlF6", "BF4", "PCl4", "SO4", "Hg2", "AlH4", "SO3F")]
    [True, True, True, True, True, False, False, False, False]
    """
    if "(" in body:
        return True
    try:
        counts = parse_formula(body).counts
    except FormulaError:
        return False
    if len(counts) != 2:
        return False
    centre, ligand = sorted(counts, key=lambda e: (e in _HALOGENS, electronegativity(e) or 0.0))
    return counts[centre] == 1 and counts[ligand] >= 2 and ligand in _HALOGENS


def _acid_formula(counts: Mapping[str, int], acid: Ion) -> str:
    """An acid of a table anion, its hydrogen first: H2SO4, and a complex acid with its complex in brackets as
    every complex (H2[PtCl6], H[BF4]: Red Book IR-9.2.3.2, :func:`complex_body`)."""
    body = f"[{acid.formula}]" if _complex(acid) else acid.formula
    return "H" + (str(counts["H"]) if counts["H"] > 1 else "") + body


def _parts_formula(parts: tuple[Part, ...]) -> str:
    """A salt's formula from its ions, as textbooks write it: cations first, each polyatomic ion in
    parentheses where it is counted or stands beside another anion, a complex ion with ligand groups
    (:func:`_complex`) in square brackets (IUPAC Red Book 2005 IR-9.2.3.2: K4[Fe(CN)6], [Co(NH3)6]Cl3,
    Na[Al(OH)4]). The
    salt of one carboxylate and one singly charged cation is written anion first, as German and English
    school books do (CH3COONa, HCOONa, CH3COONH4); with more cations it stands second (Ca(CH3COO)2).

    >>> _parts_formula(decompose({"Ca": 1, "C": 4, "H": 6, "O": 4})), _parts_formula(decompose({"Na": 1, "C": 1, "H": 1, "O": 2}))
    ('Ca(CH3COO)2', 'HCOONa')
    >>> _parts_formula(decompose({"K": 3, "Co": 1, "C": 6, "N": 6})), _parts_formula(decompose({"Fe": 2, "S": 3, "O": 12}))
    ('K3[Co(CN)6]', 'Fe2(SO4)3')
    """
    out = []
    cations = [p for p in parts if p.cation]
    anions = [p for p in parts if not p.cation]
    carboxylate_first = len(anions) == 1 and anions[0].ion is not None and anions[0].ion.formula.endswith("COO") \
        and anions[0].count == 1 and len(cations) == 1 and cations[0].count == 1 and cations[0].charges == (1,)
    if any(p.formula == "O" for p in anions) and all(p.formula in _HALOGENS for p in anions if p.formula != "O"):
        anions = sorted(anions, key=lambda p: p.formula != "O")  # an oxide halide: WO2Cl2, FeOCl (not WCl2O2)
    for group in ((anions, cations) if carboxylate_first else (cations, anions)):
        several = group is anions and len(group) > 1  # Ca(ClO)(OH), PbCl(OH)
        for p in group:
            n = str(p.count) if p.count > 1 else ""
            if p.ion is not None and _complex(p.ion):
                out.append(f"[{p.formula}]{n}")
            elif p.polyatomic and (p.count > 1 or several):
                out.append(f"({p.formula}){n}")
            else:
                out.append(p.formula + n)
    return "".join(out)


# ------------------------------------------------------------------------------- oxidation numbers


def _rule_states(counts: Mapping[str, int], charge: int) -> dict[str, Fraction]:
    """Oxidation numbers of a molecule or ion by the textbook rules, averaged per element.

    F −1; alkali metals +1, alkaline-earth metals +2; H +1 beside C, N, O, P, S, halogens, else −1
    (hydrides); O −2 unless it is the only element left (peroxides) or bound to F; the more
    electronegative of the rest takes its most negative main state, the least electronegative the
    remainder.

    >>> _rule_states({"N": 1, "Cl": 3}, 0), _rule_states({"H": 2, "O": 2}, 0)["O"]
    ({'Cl': Fraction(-1, 1), 'N': Fraction(3, 1)}, Fraction(-1, 1))
    """
    if len(counts) == 1:
        (e, n), = counts.items()
        return {e: Fraction(charge, n)}
    nom = nomenclature()
    unknown = set(counts)
    total = Fraction(charge)
    st: dict[str, Fraction] = {}

    def fix(e: str, v: int) -> None:
        nonlocal total
        st[e] = Fraction(v)
        total -= v * counts[e]
        unknown.discard(e)

    if "F" in counts:
        fix("F", -1)
    for e in sorted(unknown):
        group = _element(e)["group"]
        if e != "H" and group == 1:
            fix(e, 1)
        elif group == 2:
            fix(e, 2)
    if "H" in unknown and len(unknown) > 1:
        fix("H", 1 if any(p in nom["h_positive_partners"] for p in counts if p != "H") else -1)
    if "O" in unknown and "F" not in counts and len(unknown) > 1:
        fix("O", -2)
    rest = sorted(unknown, key=lambda e: (-(electronegativity(e) or 0), e))
    fixed = dict(st)
    for e in rest[:-1]:
        main = _element(e)["main"]
        neg = [q for q in main if q < 0]
        fix(e, min(neg) if neg and not is_metal(e) else (min(q for q in main if q > 0) if main else 0))
    if rest:
        st[rest[-1]] = total / counts[rest[-1]]
    elif total:  # the fixed numbers do not add up (NaF2): the least electronegative element takes the rest
        last = min(counts, key=lambda e: (electronegativity(e) or 0, e))
        st[last] += total / counts[last]
    if len(rest) > 1 and not (_in_main(st, rest) and not _inversions(st)):
        better = _main_state_choice(rest, counts, charge, fixed)
        if better:
            st.update(better)
    return {e: st[e] for e in sorted(st)}


def _in_main(states: Mapping[str, Fraction], elements: Iterable[str]) -> bool:
    return all(states[e] in _element(e)["main"] for e in elements)


def _inversions(states: Mapping[str, Fraction]) -> int:
    """Non-metals with a negative number that are less electronegative than one with a positive number."""
    pos = [electronegativity(e) or 0 for e, v in states.items() if v > 0 and not is_metal(e)]
    top = max(pos, default=None)
    return 0 if top is None else sum(1 for e, v in states.items() if v < 0 and (electronegativity(e) or 0) < top)


def _main_state_choice(rest: list[str], counts: Mapping[str, int], charge: int,
                       fixed: Mapping[str, Fraction]) -> dict[str, Fraction] | None:
    """Main oxidation states for the elements left that add up and keep the more electronegative
    element negative (BPO4: B +3, P +5 beside O −2, where the plain rule would give P −3, B +11)."""
    left = charge - sum(v * counts[e] for e, v in fixed.items())
    best = None
    for combo in itertools.product(*[_element(e)["main"] or [0] for e in rest]):
        if sum(q * counts[e] for e, q in zip(rest, combo)) != left:
            continue
        trial = dict(fixed, **{e: Fraction(q) for e, q in zip(rest, combo)})
        if _inversions(trial):
            continue
        score = sum(abs(q) * counts[e] for e, q in zip(rest, combo))
        if best is None or score < best[0]:
            best = (score, {e: Fraction(q) for e, q in zip(rest, combo)})
    return best[1] if best else None


@lru_cache(maxsize=None)
def _ion_states(ion: Ion) -> dict[str, tuple[Fraction, ...]]:
    counts = dict(ion.counts)
    if ion.ox:
        ox = dict(ion.ox)
        return {e: tuple(Fraction(v) for v in ox[e]) if e in ox else (_rule_states(counts, ion.charge)[e],) * n
                for e, n in counts.items()}
    return {e: (v,) * counts[e] for e, v in _rule_states(counts, ion.charge).items()}


def _parts_states(parts: tuple[Part, ...]) -> dict[str, list[Fraction]]:
    out: dict[str, list[Fraction]] = {}
    for p in parts:
        if p.ion:
            for _ in range(p.count):
                for e, states in _ion_states(p.ion).items():
                    out.setdefault(e, []).extend(states)
        else:
            out.setdefault(p.formula, []).extend(Fraction(q) for q in p.charges)
    return out


# ---------------------------------------------------------------------------------------- analysis


@dataclass(frozen=True)
class _Analysis:
    key: str
    counts: tuple[tuple[str, int], ...]
    charge: int
    entry: Entry | None
    parts: tuple[Part, ...] | None
    formula: str
    states: Mapping[str, tuple[Fraction, ...]]
    bonding: str
    en_difference: float | None
    reason: tuple[str, Mapping[str, object]]
    kind: str  # element, ion, salt, acid, organic, molecule, metallic


def _entry(key: str) -> Entry | None:
    row = reference()["substances"].get(key)
    return tuple(row) if row is not None else None


def _acid_parts(counts: Mapping[str, int]) -> Ion | None:
    """Hydrogen and one anion of the table that holds no H itself (H2SO4, HNO3, HClO, H2CrO4) → that anion.

    Carbon anions only where the acid is inorganic (H2CO3, HCN); C2H2 is ethyne, not an acid here, and a
    carboxylic acid is organic (CF3COOH is no "HCF3COO").
    """
    h = counts.get("H", 0)
    if not h:
        return None
    rest = {e: n for e, n in counts.items() if e != "H"}
    for ion in ions():
        if ion.charge == -h and dict(ion.counts) == rest and ion.formula != "C2" and not ion.formula.endswith("COO"):
            return ion
    return None


def _onium_cation(counts: Mapping[str, int], name: str) -> str:
    """The cation of a salt of non-metals the ion split does not find, read from the record's name:
    NH4+ of an 'ammonium ...' salt, else what is left beside the halide of a '... chloride' (the
    N(CH3)4+ of tetramethylammonium bromide, written by Hill: C4H12N). '' where neither fits.

    >>> _onium_cation({"C": 4, "H": 12, "Br": 1, "N": 1}, "Tetramethylammonium bromide")
    'C4H12N'
    >>> _onium_cation({"As": 1, "H": 6, "N": 1, "O": 4}, "Ammonium dihydrogen arsenate")
    'NH4'
    """
    if re.match(r"ammonium\b", name, re.I) and counts.get("N", 0) >= 1 and counts.get("H", 0) >= 4:
        return "NH4"
    m = re.search(r"(?:hydro)?(fluoride|chloride|bromide|iodide|fluoborate|tetrafluoroborate)$", name.lower())
    anion = {"fluoride": {"F": 1}, "chloride": {"Cl": 1}, "bromide": {"Br": 1}, "iodide": {"I": 1},
             "fluoborate": {"B": 1, "F": 4}, "tetrafluoroborate": {"B": 1, "F": 4}}.get(m[1]) if m else None
    if anion and all(counts.get(e, 0) >= n for e, n in anion.items()):
        rest = {e: n - anion.get(e, 0) for e, n in counts.items()}
        return reference_key({e: n for e, n in rest.items() if n})
    return ""


def _acid_of_known_anion(counts: Mapping[str, int], states: Mapping[str, tuple[Fraction, ...]]) -> bool:
    """H (all +1) and the rest a known anion of the data with the charge -H: HBF4 (BF4-), HPF6."""
    h = counts.get("H", 0)
    rest = {e: n for e, n in counts.items() if e != "H"}
    return bool(h) and len(rest) > 1 and set(states.get("H", ())) == {1} and \
        _entry(reference_key(rest, -h)) is not None


_BONDING_CODES = {"i": "ionic", "m": "molecular", "x": "molecular_exception", "n": "network", "e": "element",
                  "a": "atomic", "M": "metallic", "c": "metal_metal", "k": "metal_metal", "s": "ionic"}
# "c" and "k": clusters and chains of metal atoms bonded to each other (MoCl2 = [Mo6Cl8]Cl4, WCl4), "s": a salt
# of ions in the solid that is molecules in the gas (PCl5 = [PCl4]+[PCl6]-): tools/make_substances.py
LABEL_CODES = {"e": "exists", "t": "transient"}


def _supports(bonding: str, en_diff: float | None) -> dict[str, float]:
    """ΔEN as a reason only where it supports the claim (≥ 1.7 ionic, < 1.7 molecular)."""
    if en_diff is None:
        return {}
    if bonding == "ionic" and en_diff >= IONIC_EN_DIFFERENCE:
        return {"en_difference": en_diff}
    if bonding == "molecular" and en_diff < IONIC_EN_DIFFERENCE:
        return {"en_difference": en_diff}
    return {}


def _real_parts(counts: Mapping[str, int], ox: Mapping[str, tuple[Fraction, ...]]) -> tuple[Part, ...] | None:
    """The ions of a known salt whose oxidation numbers are those of its structure (``ox``)."""
    want = {e: tuple(sorted(v)) for e, v in ox.items()}

    def same(parts: tuple[Part, ...] | None) -> bool:
        """The split's numbers are the structure's: atom by atom, but for an element held by one kind of
        polyatomic ion alone, whose split among its atoms is the ion's own business (thiosulfate S 0/+4
        as RDKit reads one drawing, -1/+5 by the octet formula): there the sum."""
        if parts is None or any(p.ion is not None and p.ion.formal and p.count > 1 for p in parts):
            return False
        holders = Counter(e for p in parts for e, _ in (p.ion.counts if p.ion is not None else ((p.formula, 1),)))
        inside = {e for p in parts if p.ion is not None for e, _ in p.ion.counts if holders[e] == 1}
        got = _parts_states(parts)
        if set(got) != set(want):
            return False
        return all(tuple(sorted(got[e])) == want[e] or (e in inside and sum(got[e]) == sum(want[e])
                                                         and len(got[e]) == len(want[e])) for e in want)

    fixed: list[Part] = []
    if "Hg" in ox and all(q == 1 for q in ox["Hg"]) and counts["Hg"] % 2 == 0:  # mercury(I) is Hg2 2+
        hg2 = next(i for i in ions() if i.formula == "Hg2")
        fixed.append(Part("Hg2", counts["Hg"] // 2, (2,) * (counts["Hg"] // 2), hg2))
    parts = decompose(counts, 0, tuple(fixed))
    if same(parts):
        return parts
    for e in sorted(counts):
        if is_metal(e) and e in ox and not (fixed and e == "Hg"):
            fixed.append(Part(e, counts[e], tuple(int(q) for q in sorted(ox[e]))))
    parts = decompose(counts, 0, tuple(fixed)) if fixed else None
    return parts if same(parts) else None


def _molecule_order(counts: Mapping[str, int]) -> list[str]:
    """A molecule of three or more non-metals as textbooks write it: the central atom (IUPAC
    sequence), then O, then H, then the rest alphabetically (SOCl2, POCl3, NH2Cl, COCl2).

    >>> _molecule_order({"S": 1, "O": 1, "Cl": 2}), _molecule_order({"N": 1, "H": 2, "Cl": 1})
    (['S', 'O', 'Cl'], ['N', 'H', 'Cl'])
    """
    first = _sequence_order(counts)
    if len(counts) <= 2:
        return first
    heavy = sorted((e for e in counts if e != "H"), key=lambda e: electronegativity(e) or 0)
    if sum(counts.values()) == 3 and "H" in counts and (electronegativity(heavy[0]) or 0) < (electronegativity("H") or 0):
        return ["H", heavy[0]] + heavy[1:]  # H on a less electronegative centre, as it is bound: HBO, HBS
    rest = [e for e in ("O", "H") if e in counts and e != first[0]]
    rest = rest[:1] + _chalcogen_ligands(first[0], counts) + rest[1:]
    return [first[0]] + rest + sorted(e for e in counts if e != first[0] and e not in rest)


def _chalcogen_ligands(centre: str, counts: Mapping[str, int]) -> list[str]:
    """S and Se bound to the central atom like its O (thio-, seleno-: the '-yl' groups thiocarbonyl,
    thiophosphoryl, thionyl) stand beside the centre, before the halogens, as textbooks write CSCl2
    (thiophosgene, Holleman-Wiberg), PSCl3, PSF3 beside COCl2 and POCl3; only where the other atoms are
    halogens (and O) and all of them sit on the one centre: twice the chalcogens plus the halogens make one of
    its main oxidation states (CSCl2 C +4, PSCl3 P +5, SbSI Sb +3; not Cl3C-SCl, C4Cl4S).

    >>> _chalcogen_ligands("C", {"C": 1, "S": 1, "Cl": 2}), _chalcogen_ligands("C", {"C": 1, "S": 1, "Cl": 4})
    (['S'], [])
    """
    if centre in ("O", "S", "Se") or counts.get(centre) != 1 or not set(counts) - {centre, "O", "S", "Se"} <= _HALOGENS:
        return []
    bonds = sum(2 * n for e, n in counts.items() if e in ("O", "S", "Se")) + \
        sum(n for e, n in counts.items() if e in _HALOGENS)
    if bonds not in _element(centre)["main"]:
        return []
    return [e for e in ("S", "Se") if e in counts and counts[e] == 1]


def _metal_first(counts: Mapping[str, int], states: Mapping[str, tuple[Fraction, ...]] | None = None) -> str:
    """A metal compound the ion split does not cover: metals first (least electronegative first),
    then oxygen, then the rest in the IUPAC sequence (CrO2Cl2, UO2F2). With the oxidation numbers of a
    known salt, the central atoms of its oxoanion (positive non-metals) come before the oxygen, as in
    the anion's own formula: Na2S2O3, NaIO4, Na2B4O7.

    >>> _metal_first({"Na": 2, "S": 2, "O": 3}, {"Na": (1, 1), "S": (-1, 5), "O": (-2, -2, -2)})
    'Na2S2O3'
    >>> _metal_first({"Cr": 1, "O": 2, "Cl": 2})
    'CrO2Cl2'
    """
    if set(counts) - {"C", "O"} and len(set(counts) - {"C", "O"}) == 1 and counts.get("C") and \
            counts.get("C") == counts.get("O") and is_metal(next(iter(set(counts) - {"C", "O"}))):
        metal = next(iter(set(counts) - {"C", "O"}))  # a metal carbonyl: Fe(CO)5, Cr(CO)6
        return _counts_text([(metal, counts[metal])]) + "(CO)" + (str(counts["C"]) if counts["C"] > 1 else "")
    metals = sorted((e for e in counts if is_metal(e)), key=lambda e: (electronegativity(e) or 0, e))
    rest = [e for e in _sequence_order({e: n for e, n in counts.items() if e not in metals})]
    centres = [e for e in rest if e not in ("O", "H")]  # BaOH has none: its H stays on the O
    oxoanion = states is not None and bool(states) and "O" in rest and bool(centres) and \
        all(sum(states.get(e, (0,))) > 0 for e in centres)
    if oxoanion:  # hydrogen of an acid salt, then the centre, then O: NaHSO3, Na2H2P2O7 (KOCN is none: N -3)
        rest = [e for e in ("H",) if e in rest] + [e for e in rest if e not in ("O", "H")] + ["O"]
    elif "O" in rest:
        rest = ["O"] + [e for e in rest if e != "O"]
    return _counts_text((e, counts[e]) for e in metals + rest)


_HALOGENS = frozenset({"F", "Cl", "Br", "I", "At"})


def _atoms_formula(counts: Mapping[str, int]) -> str:
    """The formula of a composition chemistry does not know, written from its atoms alone (no groups,
    whose structure nothing tells): the metals first (the cations of the school rule), the one of lower
    charge first as the ion split orders its cations (LiRaP, KAl…: the lowest positive main state
    in mendeleev, then the symbol), then the non-metals in the IUPAC element sequence, the order of
    electronegativity of the Red Book 2005, IR-4.4.2.2 and Table VI (… C, N, H, S, Cl, O, F): Pr6O11,
    Cu4O3, PbC2N2O2, AgN2H6Cl. An oxide halide keeps the oxygen beside the metal, as textbooks write
    MoO2Cl2, CrO2Cl2, VOCl3 and BiOCl (Greenwood & Earnshaw, 2nd ed. 1997, ch. 22-23).

    >>> _atoms_formula({"Mo": 1, "Cl": 2, "O": 2}), _atoms_formula({"Pb": 1, "O": 2, "C": 2, "N": 2})
    ('MoO2Cl2', 'PbC2N2O2')
    >>> _atoms_formula({"Na": 2, "Fe": 1, "C": 5, "N": 6, "O": 1}), _atoms_formula({"Cr": 1, "Cl": 3, "H": 12, "O": 6})
    ('Na2FeC5N6O', 'CrH12Cl3O6')

    Of several metals of a double oxide the one of lower charge comes first (:func:`_double_salt_charges`):

    >>> _atoms_formula({"Fe": 2, "Zn": 1, "O": 4}), _atoms_formula({"Ti": 1, "Sr": 1, "O": 3})
    ('ZnFe2O4', 'SrTiO3')
    >>> _atoms_formula({"Sb": 1, "Cl": 1, "O": 1}), _atoms_formula({"N": 1, "F": 3, "O": 1}), _atoms_formula({"H": 3, "Cl": 1, "O": 5})
    ('SbOCl', 'NOF3', 'H3ClO5')
    """
    charges = _double_salt_charges(counts)
    metals = sorted((e for e in counts if is_metal(e)), key=lambda e: (charges.get(e, 0), _usual_charge(e), e))
    rank = {e: i for i, e in enumerate(nomenclature()["element_sequence"])}
    rest = sorted((e for e in counts if e not in metals), key=lambda e: (rank.get(e, -1), e))
    rest = rest if metals else _boride_last(rest)
    if metals and "O" in rest and set(rest) - {"O"} and set(rest) - {"O"} <= _HALOGENS:
        rest = ["O"] + [e for e in rest if e != "O"]
    elif not metals and rest[0] != "H" and "O" in rest[1:] and set(rest[1:]) - {"O"} and set(rest[1:]) - {"O"} <= _HALOGENS:
        # beside a non-metal centre too: SbOCl, NOF3; hydrogen is no centre (H3ClO5, not "H3O5Cl": review25f L3)
        rest = [rest[0], "O"] + [e for e in rest[1:] if e != "O"]
    return _counts_text((e, counts[e]) for e in metals + rest)


def _double_salt_charges(counts: Mapping[str, int]) -> dict[str, int]:
    """The charges of the metals of a double oxide or halide (several metals, monoatomic anions only),
    where the main oxidation states balance it: the cation of lower charge is written first, as textbooks
    write the spinels and perovskites ZnFe2O4, CoFe2O4 (M2+ beside Fe3+), SrTiO3, FeTiO3, LiCoO2; {} otherwise.

    >>> _double_salt_charges({"Zn": 1, "Fe": 2, "O": 4}), _double_salt_charges({"Cr": 1, "Cl": 3, "H": 12, "O": 6})
    ({'Fe': 3, 'Zn': 2}, {})
    """
    metals = tuple((e, n) for e, n in sorted(counts.items()) if is_metal(e))
    anions = [(_monoatomic_anion(e), n) for e, n in counts.items() if not is_metal(e)]
    if len(metals) < 2 or not anions or any(q is None for q, _ in anions):
        return {}
    found = _metal_states(metals, -sum(q * n for q, n in anions if q is not None))
    if found is None or found[0] or any(len(set(qs)) > 1 for qs in found[1]):
        return {}  # only with main states, one charge a metal (no mixed valence read into it)
    return {e: qs[0] for (e, _), qs in zip(metals, found[1])}


def _oxo_cation_formula(counts: Mapping[str, int]) -> str | None:
    """A composition of one metal atom, an oxoanion of the ion table and oxygen left over, written as
    textbooks write the salts of the oxo cations VO2+, TiO2+, BiO+, UO2 2+: the metal, its oxo oxygen, then
    the anion (VOSO4 vanadyl sulfate, TiOSO4, BiONO3, ZrO(NO3)2; Holleman-Wiberg, Greenwood & Earnshaw), where
    the metal's charge is one of its main states or the cation a known oxo cation (``oxo_cations`` of the
    nomenclature tables: VO2+ is V(IV)); else None (the atoms' formula: VSO5 said nothing).

    >>> _oxo_cation_formula({"V": 1, "S": 1, "O": 5}), _oxo_cation_formula({"Zr": 1, "N": 2, "O": 7})
    ('VOSO4', 'ZrO(NO3)2')
    >>> _oxo_cation_formula({"Fe": 1, "S": 1, "O": 5}), _oxo_cation_formula({"Mo": 1, "O": 2, "Cl": 2})
    (None, None)
    >>> _oxo_cation_formula({"Cr": 1, "O": 2, "H": 1}), _oxo_cation_formula({"W": 1, "S": 2, "O": 8})
    ('CrO(OH)', None)
    >>> _oxo_cation_formula({"Mn": 1, "O": 2, "H": 1}), _oxo_cation_formula({"Ti": 1, "O": 2, "H": 1})
    ('MnO(OH)', 'TiO(OH)')
    """
    metals = [e for e in counts if is_metal(e)]
    if len(metals) != 1 or counts[metals[0]] != 1 or "O" not in counts or _unknown_split(counts) is not None:
        return None  # (the atoms split into table ions more ways than one, :func:`_only_split`: no oxo cation either)
    metal = metals[0]
    others = {e: n for e, n in counts.items() if e not in (metal, "O")}
    if len(others) != 1:
        return None
    (centre, n_centre), = others.items()
    for ion in ions():
        ic = dict(ion.counts)
        if ion.charge >= 0 or set(ic) != {centre, "O"} or ion.formal or n_centre % ic[centre]:
            continue
        m = n_centre // ic[centre]
        oxo = counts["O"] - m * ic["O"]
        charge = -m * ion.charge  # of the oxo cation; its metal has 2 more for each oxo oxygen
        cation = metal + "O" + (str(oxo) if oxo > 1 else "")
        state = charge + 2 * oxo
        # an oxide hydroxide MO(OH) at any positive state the metal takes (review25g: MnO(OH) manganite, VO(OH)
        # montroseite, NiO(OH) at +3, not a main state of Mn, V, Ni: written "MnHO2" beside CoO(OH))
        hydroxide = ion.formula == "OH" and state > 0 and state in _element(metal)["extended"]
        if oxo >= 1 and (state in _element(metal)["main"] or hydroxide
                         or nomenclature()["oxo_cations"].get(cation) == charge):
            # a group that begins with O stands in parentheses, or its O runs into the oxo oxygen: CrO(OH) as
            # FeO(OH), not "CrOOH" (review25f L3)
            group = ion.formula if m == 1 and not ion.formula.startswith("O") else f"({ion.formula}){m if m > 1 else ''}"
            return cation + group
    return None


def _usual_charge(metal: str) -> int:
    """The lowest positive main oxidation state of a metal (mendeleev): Li 1, Ra 2, Fe 2, Al 3."""
    return min((q for q in _element(metal)["main"] if q > 0), default=0)


def _monoatomic_salt(counts: Mapping[str, int]) -> bool:
    """Do the atoms add up as a salt of monoatomic ions alone: each non-metal its anion (O2-, Cl-, N3-),
    the metals a main or extended oxidation state (MoO2Cl2: Mo +6; Cu4O3: Cu +1, +1, +2, +2)? Beside
    O, N or a halogen, hydrogen is no hydride ion (PbHClO is Pb(II) chloride hydroxide, not a Pb(IV)
    hydride)."""
    metals = tuple((e, n) for e, n in sorted(counts.items()) if is_metal(e))
    protic = "H" in counts and bool(set(counts) & set(nomenclature()["h_positive_partners"]) - {"C"})
    anions = [(None if protic and e == "H" else _monoatomic_anion(e), n) for e, n in counts.items()
              if not is_metal(e)]
    if not metals or any(q is None for q, _ in anions):
        return False
    return _metal_states(metals, -sum(q * n for q, n in anions if q is not None)) is not None


def _unknown_split(counts: Mapping[str, int]) -> tuple[Part, ...] | None:
    """The ions of a composition chemistry does not know, where its atoms leave no choice; else None.

    The ion split finds SOME way to cover the atoms with the table's ions, and for a real compound the
    table lacks it invents groups: hypochlorite in MoO2Cl2, oxonium in [Cr(H2O)6]Cl3, ammonium and amide
    in [Ag(NH3)2]Cl, peroxide in Pr6O11 (review25b, 6.3). Its groups are written only when (1) the atoms
    do not add up as a salt of monoatomic ions alone (:func:`_monoatomic_salt`: MoO2Cl2 is Mo +6 with O2-
    and Cl-), (2) each element sits in one kind of ion only, so the composition forces the groups (KSeCN:
    all Se, C and N in SeCN-; not (H3O)4CrCl3O2, where O is in H3O+ and in O2-), and (3) no group is made
    of one element (O2 2-, C2 2-, N3-: any composition of that element can hold one). Otherwise the
    formula is the atoms' (:func:`_atoms_formula`).

    >>> [p.formula for p in _unknown_split({"Pb": 1, "Cl": 1, "O": 1, "H": 1})]
    ['Pb', 'Cl', 'OH']
    >>> _unknown_split({"Mo": 1, "O": 2, "Cl": 2}), _unknown_split({"Pr": 6, "O": 11})
    (None, None)
    """
    if _monoatomic_salt(counts):
        return None
    parts = decompose(counts, 0)
    protic = "H" in counts and bool(set(counts) & set(nomenclature()["h_positive_partners"]) - {"C"})
    if parts is not None and protic and any(p.formula == "H" and not p.cation for p in parts):
        return None  # beside O, N or a halogen hydrogen is no hydride ion (VO(OH), not V5+ H- 2 O2-)
    return parts if parts is not None and _one_owner(parts) else None


def _only_split(counts: Mapping[str, int]) -> tuple[Part, ...] | None:
    """:func:`_unknown_split`, kept only where no other split of the table's ions, as few kinds or fewer, covers
    the same atoms: then the atoms do not force its groups, and writing them would claim groups the compound
    may not have (review25f L3: ammonium heptamolybdate's atoms Mo7H24N6O24 were written "Mo7N6(OH)24", 24
    hydroxide groups beside a nitride, where NH4+, Mo6+ and O2- cover them as well).

    >>> _only_split({"Mo": 7, "N": 6, "H": 24, "O": 24}) is None
    True
    >>> [p.formula for p in _only_split({"K": 1, "Se": 1, "C": 1, "N": 1})], [p.formula for p in _only_split({"Ag": 1, "N": 2, "H": 6, "Cl": 1})]
    (['K', 'SeCN'], ['Ag(NH3)2', 'Cl'])
    """
    parts = _unknown_split(counts)
    if parts is None:
        return None
    found = {p.formula for p in parts}
    protic = "H" in counts and bool(set(counts) & set(nomenclature()["h_positive_partners"]) - {"C"})
    for ion in ions():
        if ion.formula in found or any(counts.get(e, 0) < n for e, n in ion.counts):
            continue
        most = min(counts[e] // n for e, n in ion.counts)  # as many as the atoms allow (6 NH4+ in Mo7H24N6O24)
        other = decompose(counts, 0, (Part(ion.formula, most, (ion.charge,) * most, ion),))
        if other is None or len(other) > len(parts) or {p.formula for p in other} == found:
            continue
        if protic and any(p.formula == "H" and not p.cation for p in other):
            continue  # beside O, N or a halogen hydrogen is no hydride ion (PbCl(OH), not Pb(ClO)H)
        if _one_owner(other):
            return None  # a second split as good by _unknown_split's own rules: the atoms force neither
    return parts


def _one_owner(parts: tuple[Part, ...]) -> bool:
    """Does each element sit in one kind of ion only, with no group of one element and no chalcogen beside an
    oxoanion (the rules (2) and (3) of :func:`_unknown_split`, :func:`_chalcogen_beside_oxoanion`)?"""
    owner: dict[str, int] = {}
    for i, p in enumerate(parts):
        if p.ion is not None and len(p.ion.counts) == 1:
            return False
        for e, _ in (p.ion.counts if p.ion is not None else ((p.formula, 1),)):
            if owner.setdefault(e, i) != i:
                return False
    return not _chalcogen_beside_oxoanion(parts)


def _chalcogen_beside_oxoanion(parts: tuple[Part, ...]) -> bool:
    """A split that leaves a sulfide, selenide or telluride ion beside an oxoanion: the chalcogen belongs
    on the anion's centre as in a thio-oxoanion (K3PO3S is potassium monothiophosphate K3[PO3S], not a
    metaphosphate and a sulfide 'K3(PO3)S': review25d L11), which the ion table lacks, so the split is no
    forced one."""
    oxo = any(p.ion is not None and not p.cation and "O" in dict(p.ion.counts) for p in parts)
    return oxo and any(p.ion is None and not p.cation and p.formula in ("S", "Se", "Te") for p in parts)


def _oxoacid(counts: Mapping[str, int], states: Mapping[str, tuple[Fraction, ...]]) -> bool:
    """An inorganic molecule of H +1, O -2 and at least one positive central atom: an oxoacid, written
    with its hydrogen first (HSO3F, H4P2O7, HNO). NH2OH (N -1) is none."""
    if "C" in counts or "H" not in counts or "O" not in counts or len(counts) < 3:
        return False
    if set(states.get("H", ())) != {1} or set(states.get("O", ())) != {-2}:
        return False
    others = [e for e in counts if e not in ("H", "O")]  # a centre, and halogens beside it (HSO3F)
    return any(sum(states[e]) > 0 for e in others) and all(
        sum(states[e]) > 0 or e in ("F", "Cl", "Br", "I") for e in others)


def _oxoacid_order(counts: Mapping[str, int], states: Mapping[str, tuple[Fraction, ...]]) -> list[str]:
    """H, the positive central atoms, O, then the negative atoms beside the centre: HSO3F, HSO3Cl.

    >>> _oxoacid_order({"H": 1, "S": 1, "O": 3, "F": 1}, {"H": (1,), "S": (6,), "O": (-2,) * 3, "F": (-1,)})
    ['H', 'S', 'O', 'F']
    """
    others = _sequence_order({e: n for e, n in counts.items() if e not in ("H", "O")})
    central = [e for e in others if sum(states[e]) > 0]
    return ["H"] + central + ["O"] + [e for e in others if e not in central]


def _oxoanion_order(counts: Mapping[str, int], states: Mapping[str, tuple[Fraction, ...]]) -> list[str] | None:
    """An oxoanion the ion table lacks, written as textbooks write its acid: hydrogen, the positive
    central atoms, O, then the halogens beside them ([H2AsO3]-, [HSeO4]-, [HP2O7]3-, [PO3F]2-,
    [SO3Cl]-); None when the numbers are not those of an oxoanion (O not -2, H not +1, no centre).

    >>> _oxoanion_order({"P": 1, "F": 1, "O": 3}, {"P": (5,), "F": (-1,), "O": (-2, -2, -2)})
    ['P', 'O', 'F']
    >>> _oxoanion_order({"As": 1, "H": 2, "O": 3}, {"As": (3,), "H": (1, 1), "O": (-2, -2, -2)})
    ['H', 'As', 'O']
    """
    if "O" not in counts or "C" in counts or set(states.get("O", ())) != {-2} or \
            ("H" in counts and set(states.get("H", ())) != {1}):
        return None
    others = [e for e in counts if e not in ("H", "O")]
    centres = [e for e in _sequence_order({e: counts[e] for e in others}) if min(states.get(e, (0,))) > 0]
    rest = [e for e in others if e not in centres]
    if not centres or any(e not in _HALOGENS for e in rest):
        return None
    return [e for e in ("H",) if e in counts] + centres + ["O"] + rest


@lru_cache(maxsize=8192)
def _analyse(counts_items: tuple[tuple[str, int], ...], charge: int) -> _Analysis:
    counts = dict(counts_items)
    key = reference_key(counts, charge)
    entry = _entry(key)
    # ΔEN only where every element has a Pauling value (mendeleev has none for Pm, Eu, Tb, Yb, Am and the later
    # actinides): without the metal's value the difference of the others (AmPO4: O - P) or 0.0 (AmCl3) is no fact (s19e)
    ens = [x for x in (electronegativity(e) for e in counts) if x is not None]
    en_diff = round(max(ens) - min(ens), 2) if ens and len(ens) == len(counts) else None
    metals = [e for e in counts if is_metal(e)]
    parts: tuple[Part, ...] | None = None
    states: Mapping[str, tuple[Fraction, ...]]
    reason: tuple[str, Mapping[str, object]]
    if entry is not None:
        return _analyse_known(key, counts_items, charge, entry, en_diff, metals)
    if len(counts) == 1:
        (e, n), = counts.items()
        kind = "element" if not charge else "ion"
        formula = _ascii_ion(_counts_text(counts.items()), charge)
        states = {e: (Fraction(charge, n),) * n}
        if charge:  # Br3- is polyatomic (review25f L1): a single ion only of one atom
            bonding, reason = "ion", ("monoatomic_ion" if n == 1 else "polyatomic_ion", {"charge": charge})
        elif is_metal(e):
            bonding, reason = "metallic", ("metals_only", {"elements": (e,)})
        elif _element(e)["group"] == 18:
            bonding, reason = "atomic", ("noble_gas", {"element": e})
        else:
            bonding, reason = "element", ("element", {"element": e})
        return _Analysis(key, counts_items, charge, entry, None, formula, FrozenDict(states), bonding,
                         en_diff, (reason[0], FrozenDict(reason[1])), kind)
    own_ion = next((ion for ion in ions() if ion.charge == charge and dict(ion.counts) == counts), None)
    organic = "C" in counts and "H" in counts
    if charge and own_ion is not None:
        kind = "ion"
        formula = _ascii_ion(own_ion.formula, charge)
        states = _ion_states(own_ion)
        parts = (Part(own_ion.formula, 1, (charge,), own_ion),)
    elif metals and len(metals) == len(counts):
        kind = "metallic"
        formula = _ascii_ion(_counts_text((e, counts[e]) for e in sorted(counts)), charge)
        avg = _rule_states(counts, charge) if charge else {e: Fraction(0) for e in counts}
        states = {e: (avg[e],) * n for e, n in counts.items()}
    else:
        acid = None if charge else _acid_parts(counts)
        carbonyl = bool(metals) and counts.get("C") and counts.get("C") == counts.get("O") and len(counts) == 3
        if acid is not None or (organic and not metals) or carbonyl or charge:
            parts = None  # a metal carbonyl is written M(CO)n, never split into C2 and oxalate groups
        else:
            parts = _only_split(counts)  # groups only where the atoms force them (see there)
        if parts is not None and not charge:
            kind = "salt"
            formula = _parts_formula(parts)
            states = {e: tuple(v) for e, v in _parts_states(parts).items()}
        else:
            parts = None
            avg = _rule_states(counts, charge)
            states = {e: (avg[e],) * counts[e] for e in avg}
            if acid is not None:
                kind = "acid"
                formula = _acid_formula(counts, acid)
            elif metals:  # an unknown organometallic too (UCH2): no Hill order hides its metal
                kind = "molecule"
                formula = _ascii_ion((None if charge else _oxo_cation_formula(counts)) or _atoms_formula(counts), charge)
            elif organic:
                kind = "organic"
                formula = _ascii_ion(reference_key(counts), charge) if charge else reference_key(counts)
            else:
                kind = "ion" if charge else "molecule"
                formula = _ascii_ion(_counts_text((e, counts[e]) for e in _sequence_order(counts)), charge) \
                    if charge else _atoms_formula(counts)  # NH4ClO3 by Table VI, not "NClH4O3"
    # the school rule for a composition chemistry does not know (no ΔEN claims: nothing is measured)
    if kind == "metallic":
        bonding, reason = "metallic", ("metals_only", {"elements": tuple(sorted(counts))})
    elif charge:
        bonding, reason = "ion", ("polyatomic_ion", {"charge": charge})
    elif metals and metal_like(counts):  # CoP, MnAs, FeB as metal-like as the known FeP, NiAs, CrB2: no salt
        bonding, reason = "network", ("metal_like", {"metals": tuple(metals)})
    elif metals:
        bonding, reason = "ionic", ("metal_nonmetal", {"metals": tuple(metals)})
    elif kind == "salt":
        assert parts is not None  # a composition is a salt only with its split
        cation = next(p.formula for p in parts if p.cation)
        bonding, reason = "ionic", ("polyatomic_cation", {"cation": cation})
    else:
        bonding, reason = "molecular", ("acid" if kind == "acid" else "nonmetals", {})
    return _Analysis(key, counts_items, charge, entry, parts, formula,
                     FrozenDict({e: tuple(v) for e, v in sorted(states.items())}), bonding, en_diff,
                     (reason[0], FrozenDict(reason[1])), kind)


def _metal_metal(counts: Mapping[str, int], entry: Entry,
                 metals: list[str]) -> tuple[str, str, tuple[str, Mapping[str, object]]]:
    """A halide of metal atoms bonded to each other (data class "c" clusters, "k" chains; the rule is
    ``metal_metal_halide`` in tools/make_substances.py): a compound of a metal, written metal first, with
    no ions; its sentence names the metal and the kind of unit."""
    reason = "metal_cluster" if entry[6] == "c" else "metal_chain"
    return "molecule", _metal_first(counts), (reason, {"metals": tuple(metals)})


def _ionic_solid(key: str, counts: Mapping[str, int], en_diff: float | None
                 ) -> tuple[str, str, tuple[Part, ...] | None, tuple[str, Mapping[str, object]]]:
    """A non-metal compound that is a salt of ions in the solid and molecules in the gas (data class "s":
    PCl5 = [PCl4]+[PCl6]-, N2O5 = [NO2]+[NO3]-); the ions are the data file's ``ions_in_solid``."""
    pair = reference().get("ions_in_solid", {}).get(key, ())
    ions_ = tuple((str(i[0]), int(i[1]), int(i[2])) for i in pair)
    formula = _counts_text((e, counts[e]) for e in _sequence_order(counts))
    return "salt", formula, None, ("ionic_solid", {"ions": ions_, "formula": formula})


def _analyse_known(key: str, counts_items: tuple[tuple[str, int], ...], charge: int, entry: Entry,
                   en_diff: float | None, metals: list[str]) -> _Analysis:
    """A composition of the vetted data: its numbers from the structure, its class from the data."""
    counts = dict(counts_items)
    states = {e: tuple(sorted(Fraction(v) for v in vals)) for e, vals in entry[5]}
    bonding = _BONDING_CODES[entry[6]]
    parts: tuple[Part, ...] | None = None
    reason: tuple[str, Mapping[str, object]]
    organic = "C" in counts and "H" in counts
    vetted_text = entry[8] if len(entry) > 8 else ""
    if len(counts) == 1:
        (e, n), = counts.items()
        kind = "element" if not charge else "ion"
        formula = _ascii_ion(_counts_text(counts.items()), charge)
        own = next((i for i in ions() if i.charge == charge and dict(i.counts) == counts), None) if charge else None
        if own is not None:  # O2 2-, Hg2 2+, C2 2-: a polyatomic ion of one element
            parts = (Part(own.formula, 1, (charge,), own),)
            bonding, reason = "ion", ("polyatomic_ion", {"charge": charge})
        elif charge and n > 1:  # a chain of one element the ion table lacks (S3 2-, S5 2-, O3-): polyatomic
            bonding, reason = "ion", ("polyatomic_ion", {"charge": charge})
        elif charge:
            bonding, reason = "ion", ("monoatomic_ion", {"charge": charge})
        elif bonding == "metallic":
            reason = ("metals_only", {"elements": (e,)})
        elif bonding == "atomic":
            reason = ("noble_gas", {"element": e})
        else:
            bonding = "element"
            reason = ("element_form" if n > 1 else "element", {"element": e, "atoms": n})
        return _Analysis(key, counts_items, charge, entry, parts, formula, FrozenDict(states), bonding, en_diff,
                         (reason[0], FrozenDict(reason[1])), kind)
    own_ion = next((ion for ion in ions() if ion.charge == charge and dict(ion.counts) == counts), None)
    acid = None if charge else _acid_parts(counts)
    if charge:
        kind, bonding = "ion", "ion"
        order = _oxoanion_order(counts, states) if not organic and not own_ion else None
        formula = _ascii_ion(own_ion.formula if own_ion else (reference_key(counts) if organic else _counts_text(
            (e, counts[e]) for e in (order or _sequence_order(counts)))), charge)
        if own_ion:
            parts = (Part(own_ion.formula, 1, (charge,), own_ion),)
        reason = ("polyatomic_ion", {"charge": charge})
    elif bonding == "metallic":
        kind = "metallic"
        formula = _counts_text((e, counts[e]) for e in sorted(counts))
        reason = ("metals_only", {"elements": tuple(sorted(counts))})
    elif bonding == "metal_metal":
        kind, formula, reason = _metal_metal(counts, entry, metals)
    elif entry[6] == "s":
        kind, formula, parts, reason = _ionic_solid(key, counts, en_diff)
    elif bonding == "ionic":
        # polonium counts among the metals (is_metal, METALLOID_METALS): PoO2 is a salt of Po4+ and O2-
        parts = _real_parts(counts, states)
        unbracketed = str.maketrans("", "", "[]")  # K2[TaF7] and K2TaF7 group the atoms alike
        if vetted_text and not entry[7] and parts is not None and \
                _parts_formula(parts).translate(unbracketed) != vetted_text.translate(unbracketed):
            # the split groups the atoms otherwise than the record (NH4+ Mg2+ N3- for magnesium amide
            # Mg(NH2)2, written from its structure by tools/make_substances.py): the record's identity
            # stands, named by its source, or by its ions where the record draws them (Cr(OH)(SO4))
            parts = None if organic else _solid_parts(key)
        kind = "salt"
        if acid is not None and not acid.formal:  # H and one anion of the table (H2PtCl6): an acid, written with
            # its H first; not H + a formal anion (AlO(OH) is boehmite, an oxide hydroxide, no acid "HAlO2")
            parts, kind = None, "acid"
            formula = _acid_formula(counts, acid)
        elif organic and (parts is None or any(p.ion and p.ion not in ions() for p in parts)):
            formula = reference_key(counts)  # an organic salt the ion table does not split: Hill order
        elif parts is not None:
            formula = _parts_formula(parts)
        elif metals and "C" in counts:  # an organic anion the table lacks, with no H: Hill order as for every
            formula = reference_key(counts)  # organic salt (C3Cl2KN3O3, as C6H5Na3O7; not 'KO3C3Cl2N3')
        elif metals:
            formula = _metal_first(counts, states)
        else:
            formula = _counts_text((e, counts[e]) for e in _sequence_order(counts))
        cation = next((p.formula for p in parts or () if p.cation), "")
        written = re.match(r"\[([^\[\]]+)\]", vetted_text)  # a vetted salt written [NH3OH]Cl: its cation
        cation = cation or (written[1] if written and parse_formula(written[1]).counts != counts else "")
        cation = cation or ("" if metals else _onium_cation(counts, entry[3]))
        if metals and kind == "acid":  # H[AuCl4], H2[PtCl6], HTcO4: the metal sits in the anion, no metal cation
            # (review s18e: "Ein Salz: Metall und Nichtmetall bilden Ionen" read under "Tetrachloridogoldsäure")
            reason = ("metal_acid", {"metals": tuple(metals), **_supports("ionic", en_diff)})
        elif metals:
            reason = ("metal_nonmetal", {"metals": tuple(metals), **_supports("ionic", en_diff)})
        elif cation:
            reason = ("polyatomic_cation", {"cation": cation, **_supports("ionic", en_diff)})
        else:  # no cation to name (the data's ionic class needs one: tools/make_substances.classify)
            bonding, kind = "molecular", "molecule"
            reason = ("nonmetals", _supports("molecular", en_diff))
    elif bonding == "molecular_exception":
        kind = "molecule"
        formula = reference_key(counts) if organic else _metal_first(counts, states)  # AlBO2 (not AlO2B), CrO2Cl2
        reason = ("molecular_exception", {"metals": tuple(metals)})
        if key in reference().get("organometallic", {}):  # CH3MgCl, Zn(CH3)2: polar covalent metal-carbon bonds
            reason = ("organometallic", {"metals": tuple(metals)})
        elif key in reference().get("solid_structures", {}):  # VF5, ZrCl4, CrO3, WO2Cl2: chains or layers in the solid
            reason = _solid_structure(key, metals)
        elif key in reference().get("volatile_molecules", {}):  # PoCl4: molecules by its boiling point, the solid unread
            boils = Fraction(str(reference()["volatile_molecules"][key])) - Fraction("273.15")
            reason = ("volatile_molecules", {"metals": tuple(metals), "boils_celsius": round(float(boils))})
    elif bonding == "network":
        kind = "molecule"
        formula = _metal_first(counts, states) if metals else _counts_text((e, counts[e]) for e in _sequence_order(counts))
        if not states and metal_like(counts, charge):  # CrB2, WSi2, Fe2P: no oxidation numbers (see metal_like)
            reason = ("metal_like", {"metals": tuple(metals)})
        elif key in reference().get("oxide_hydrates", {}):
            reason = _oxide_hydrate(metals)
        elif key in reference().get("solid_structures", {}):  # ReO3: a framework of ReO6 octahedra
            reason = _solid_structure(key, metals)
        else:
            reason = ("network", {"metals": tuple(metals)} if metals else {})
    else:  # molecular
        if acid is not None:
            kind = "acid"
            formula = _acid_formula(counts, acid)
            reason = ("acid", _supports("molecular", en_diff))
        elif organic:
            kind = "organic"
            cond = nomenclature()["condensed"].get(key)
            formula = cond["formula"] if cond and cond.get("cid") in (None, entry[2]) else reference_key(counts)
            reason = ("nonmetals", _supports("molecular", en_diff))
        else:
            kind = "molecule"
            cond = nomenclature()["condensed"].get(key)
            if cond and cond.get("cid") in (None, entry[2]):  # NH2OH, ClCN: as the molecule is built
                formula = cond["formula"]
            elif _oxoacid(counts, states):
                formula = _counts_text((e, counts[e]) for e in _oxoacid_order(counts, states))
            elif _acid_of_known_anion(counts, states):  # HBF4: H before the anion it protonates
                rest = {e: n for e, n in counts.items() if e != "H"}
                formula = _counts_text([("H", counts["H"])] + [(e, rest[e]) for e in _sequence_order(rest)])
            else:
                formula = _counts_text((e, counts[e]) for e in _molecule_order(counts))
            reason = ("nonmetals", _supports("molecular", en_diff))
            if key in reference().get("solid_structures", {}):  # SeO2: molecules in the gas, chains in the solid
                reason = _solid_structure(key, metals)
    reason = _molecular_reason(key, bonding, acid, reason)
    if vetted_text and (charge or not re.fullmatch(r"\[[^\[\]]+\]\d*[+-]", vetted_text)):
        # the vetted row's formula as textbooks write it: K4[Fe(CN)6], [Cu(NH3)4]SO4, [Ag(NH3)2]+, [NH3OH]Cl,
        # K2[PtCl4]: every complex in brackets as in every other salt of the data (complex_body; review25d L18)
        plain = str.maketrans("", "", "[]")
        if not ("[" in formula and "[" not in vetted_text and formula.translate(plain) == vetted_text.translate(plain)):
            formula = vetted_text  # (the vetted 'HAuCl4' is the acid's H[AuCl4] of the rule)
    return _Analysis(key, counts_items, charge, entry, parts, formula, FrozenDict(states), bonding, en_diff,
                     (reason[0], FrozenDict(reason[1])), kind)


def _solid_structure(key: str, metals: Iterable[str]) -> tuple[str, dict[str, object]]:
    """The reason ``solid_structure`` of a solid that is a polymer of polyhedra around the metal atoms, with the
    structure facts of the data's ``solid_structures`` (session 15; each row's source in the data): ``gas`` (the
    formula of the gas's molecules, "" where the source says nothing), ``extent`` ("chains", "layers", "network": a
    framework in three dimensions, "polymer": chains or a framework by crystal form), ``unit`` and ``shape`` (the polyhedron around a metal atom, "VF6",
    "octahedra"), ``links`` ((bridging element, atoms shared), ...) and ``conducts`` (like a metal: ReO3).

    >>> why, facts = substance("VF5").bonding_reason
    >>> why, facts["gas"], facts["extent"], facts["unit"], facts["links"]
    ('solid_structure', 'VF5', 'chains', 'VF6', (('F', 1),))
    >>> substance("ReO3").bonding, substance("ReO3").bonding_reason[1]["conducts"]
    ('network', True)
    """
    row = reference()["solid_structures"][key]
    facts = {k: v for k, v in row.items() if k != "source"}
    facts["links"] = tuple((str(e), int(n)) for e, n in row["links"])
    return "solid_structure", {"metals": tuple(metals), **facts}


def _solid_parts(key: str) -> tuple[Part, ...] | None:
    """A salt's ions as its record draws them (the data's ``ions_in_solid``), as parts of an ion split,
    where each is a single atom or an ion of the table and they hold one formula unit; None else. The
    record's formula and name are then the ions' (Red Book IR-5.4: chromium(III) hydroxide sulfate, not
    PubChem's trade name 'Chromedol').

    >>> [(p.formula, p.count, p.charges) for p in _solid_parts("CrHO5S")]
    [('Cr', 1, (3,)), ('OH', 1, (-1,)), ('SO4', 1, (-2,))]
    >>> _solid_parts("ClNa") is None
    True
    """
    solid = reference().get("ions_in_solid", {}).get(key)
    if not solid:
        return None
    out = []
    for text, q, n in solid:
        body = _ion_body(text)
        counts = parse_formula(body).counts
        if len(counts) == 1 and sum(counts.values()) == 1:
            out.append(Part(body, n, (q,) * n))
            continue
        ion = next((i for i in ions() if i.counts == tuple(sorted(counts.items())) and i.charge == q), None)
        if ion is None:
            return None
        out.append(Part(ion.formula, n, (q,) * n, ion))
    held = Counter[str]()
    for p in out:
        for e, k in (p.ion.counts if p.ion else ((p.formula, 1),)):
            held[e] += k * p.count
    return tuple(out) if dict(held) == dict(parse_formula(key).counts) else None


def _molecular_reason(key: str, bonding: str, acid: Ion | None,
                      reason: tuple[str, Mapping[str, object]]) -> tuple[str, Mapping[str, object]]:
    """Two exceptions to a molecule's bonding reason (review25e): hydrogen peroxide is no acid of the school
    (pKa 11.6, weaker than HCO3-; a peroxide and an oxidant, Holleman-Wiberg), so its sentence is the
    non-metals' one; PCl5, PBr5 and N2O5 are molecules in the gas but salts of ions as solids
    ([PCl4]+[PCl6]-, [PBr4]+Br-, [NO2]+[NO3]-: Greenwood & Earnshaw pp. 498, 456; the data's
    ``ionic_solids``), so "es gibt keine Ionen" would be false for what a student holds.

    >>> substance("H2O2").bonding_reason[0], substance("PCl5").bonding_reason[0], substance("PCl3").bonding_reason[0]
    ('nonmetals', 'ionic_solid', 'nonmetals')
    """
    if bonding != "molecular":
        return reason
    if key in reference().get("ionic_solids", {}):
        return "ionic_solid", {}
    if reason[0] == "acid" and acid is not None and acid.formula == "O2":
        return "nonmetals", {k: v for k, v in reason[1].items()}
    return reason


def _oxide_hydrate(metals: list[str]) -> tuple[str, Mapping[str, object]]:
    """The bonding reason of a solid oxide hydrate MO3·H2O (tungstic acid H2WO4, molybdic acid H2MoO4; the
    data's ``oxide_hydrates``): metal and oxygen atoms joined by electron pairs into layers or chains, a water
    molecule bound to each metal atom, hydrogen bonds between them; neither a salt of H+ ions nor single
    molecules (Greenwood & Earnshaw, ch. 'Chromium, Molybdenum and Tungsten', the hydrated oxides).

    >>> substance("H2WO4").bonding, substance("H2WO4").bonding_reason[0], substance("H2WO4").ions
    ('network', 'oxide_hydrate', None)
    """
    return "oxide_hydrate", {"metals": tuple(metals)}


def _data_states(entry: Entry | None, counts: Mapping[str, int],
                 states: Mapping[str, tuple[Fraction, ...]]) -> dict[str, tuple[Fraction, ...]]:
    """Per-atom oxidation numbers from the structure in the reference, where they add up to the rules' sum."""
    if not entry or len(entry) < 6 or not entry[5]:
        return {}
    out = {}
    for e, values in entry[5]:
        vals = tuple(Fraction(v) for v in values)
        if len(vals) == counts.get(e) and sum(vals) == sum(states[e]):
            out[e] = tuple(sorted(vals))
    return out


# ------------------------------------------------------------------------------------------ naming


def _stock(q: int) -> str:
    romans = ["0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII"]
    return romans[q] if 0 <= q < len(romans) else str(q)


def _cation_name(p: Part, lang: str) -> str | None:
    if p.ion:
        return p.ion.de if lang == "de" else p.ion.en
    name = element_name(p.formula, lang)
    if name is None:
        return None
    if p.formula in nomenclature()["no_stock_number"] and set(p.charges) <= set(_element(p.formula)["main"]):
        return name  # silver is Ag+ in its salts: silver chloride; AgF2 is silver(II) fluoride (IR-5.4)
    numbers = ",".join(_stock(q) for q in sorted(set(p.charges)))
    return f"{name}({numbers})"


def _anion_name(p: Part, lang: str) -> str | None:
    if p.ion:
        return p.ion.de if lang == "de" else p.ion.en
    stems = nomenclature()["anide"].get(p.formula)
    return None if stems is None else stems[0 if lang == "en" else 1]


def _salt_name(parts: tuple[Part, ...], lang: str) -> str | None:
    stoichiometric = nomenclature()["stoichiometric_anions"]
    if all(p.formula in stoichiometric for p in parts if not p.cation) and any(
            _element(p.formula)["series"] in ("Transition metals", "Lanthanides", "Actinides")
            for p in parts if p.cation and not p.ion):
        # carbides, nitrides, phosphides of transition metals are not ionic enough for a Stock number:
        # 'tungsten carbide' (IUPAC Red Book IR-5.4: the Stock number only where it means a charge)
        parts = tuple(Part(p.formula, p.count, p.charges, p.ion) if not p.cation else
                      Part(p.formula, p.count, p.charges, Ion(p.formula, 0, ((p.formula, 1),),
                                                             element_name(p.formula, "en") or "",
                                                             element_name(p.formula, "de") or ""))
                      for p in parts)
    cation_parts = _hydrido_complex_last([p for p in parts if p.cation], parts)
    cation_names = [_cation_name(p, lang) for p in cation_parts]
    anion_names = [_anion_name(p, lang) for p in parts if not p.cation]
    if None in cation_names or None in anion_names:
        return None
    # cations and anions each in alphabetical order of their names (Red Book 2005 IR-2.15(d), IR-5.4: KMgF3
    # magnesium potassium fluoride, BiClO bismuth chloride oxide); German by the German names. The central atom of a
    # hydrido complex anion is no cation: it is named last, next to the hydride (_hydrido_complex_last)
    cations = [c for c in cation_names if c is not None]  # all of them: checked above
    if _is_hydrido_complex(parts):
        cations = sorted(cations[:-1], key=_alphabetical) + cations[-1:]  # the central atom last
    else:
        cations = sorted(cations, key=_alphabetical)
    anions = sorted((a for a in anion_names if a is not None), key=_alphabetical)
    if lang == "en":
        return " ".join(cations + anions)
    text = cations[0]
    for c in cations[1:]:  # a hyphen after a Stock number: Blei(II)-titan(IV)-oxid, as Kupfer(I)-eisen(III)-oxid
        text += ("-" if text.endswith(")") else "") + _lower_first(c)
    # the anions are one word with the cations (Zinkfluoridhydroxid, Bismutchloridoxid), after a Stock number's hyphen
    # too: Eisen(III)-hydroxidoxid (seilnacht.com, 'Goethit'), Blei(II)-chloridhydroxid, not 'Blei(II)-chlorid-hydroxid'
    tail = "".join(_lower_first(a) for a in anions)
    return f"{text}-{tail}" if text.endswith(")") else text + tail


def _compositional_parts(a: _Analysis) -> tuple[Part, ...] | None:
    """The monoatomic ions of a known salt that the naming policy names by its composition (s17e), else None.

    The policy (docs/substances.md, 'Names'): the systematic name is the Red Book's compositional name of the ions
    the solid holds (IR-5.4, IR-2.15(d): cations, then anions, each in alphabetical order; Stock numbers where the
    metal has several states, as for every salt here). Two kinds of salt are named from their monoatomic ions:

    * a double oxide, two or more metals and no anion but O2- (CaTiO3, MgAl2O4, CuFeO2, BiFeO3): the Red Book names
      the perovskite SrFeO3 'iron strontium oxide' (IR-2.15(d), example 10), not a 'ferrate'; strontium titanate
      'despite its name, contains Ti4+ cations and not the TiO3 2- anion' (en.wikipedia 'Mixed oxide');
    * a salt split by an ion no solid holds as such: the ``formal`` ions aluminate AlO2- and chromite CrO2- (NaAlO2 a
      net of AlO4 tetrahedra, NaCrO2 layers of CrO6 octahedra; Greenwood & Earnshaw 7.3.4, ch. 23) and bismuthyl
      BiO+, whose name IUPAC rejected in 1960 with antimonyl, recommending 'bismuth chloride oxide' (Bassett et al.,
      J. Am. Chem. Soc. 82 (1960) 5523); the ion in its salts' solutions is [Bi6O4(OH)4]6+ (Holleman-Wiberg, 103rd
      ed. 2016, p. 976; both via pl.wikipedia 'Bizmutyl'). The formula stays BiONO3, (BiO)2CO3 (how books write it).

    A traditional name (ferrite, chromite, titanate, bismuthyl ...) stands beside it where a source uses it
    (:func:`_traditional_name`).

    >>> [p.formula for p in _compositional_parts(_analyse((("Bi", 1), ("H", 1), ("O", 2)), 0)) or ()]
    ['Bi', 'O', 'OH']
    >>> [p.formula for p in _compositional_parts(_analyse((("Ca", 1), ("O", 3), ("Ti", 1)), 0)) or ()]
    ['Ca', 'Ti', 'O']
    >>> _compositional_parts(_analyse((("K", 2), ("Mn", 1), ("O", 4)), 0)) is None  # manganate: a discrete ion
    True
    """
    if a.kind != "salt" or not a.parts or a.charge:
        return None
    parts: list[Part] = []
    expanded = False
    for p in a.parts:
        if p.ion is not None and (p.ion.formal or p.ion.formula in nomenclature()["oxo_cations_not_named"]):
            expanded = True  # AlO2- is Al3+ and 2 O2-, BiO+ is Bi3+ and O2-
            for e, n in p.ion.counts:
                ox = dict(_split_numbers(p.ion))[e]
                parts.append(Part(e, n * p.count, (ox,) * (n * p.count)))
        else:
            parts.append(p)
    metals = {p.formula for p in parts if p.cation and p.ion is None}
    double_oxide = len(metals) >= 2 and all(p.formula == "O" for p in parts if not p.cation)
    if not (expanded or double_oxide) or any(p.cation and p.ion is not None for p in parts):
        return None
    merged: dict[str, Part] = {}
    for p in parts:  # BiO(OH): the O of bismuthyl beside no other oxide; (BiO)2MoO4: 2 O2- beside molybdate
        q = merged.get(p.formula)
        merged[p.formula] = p if q is None else Part(p.formula, q.count + p.count, q.charges + p.charges, p.ion)
    return tuple(merged.values())


def _split_numbers(ion: Ion) -> tuple[tuple[str, int], ...]:
    """The number of each element of a formal ion or oxo cation (AlO2-: Al +3, O -2; BiO+: Bi +3, O -2): O -2,
    the other element what balances the charge."""
    other = [e for e, _ in ion.counts if e != "O"]
    n_o = dict(ion.counts).get("O", 0)
    (e, n), = [(e, n) for e, n in ion.counts if e != "O"]
    assert other == [e]
    return ((e, (ion.charge + 2 * n_o) // n), ("O", -2))


_TRADITIONAL_WORD = re.compile(r"\b(?:\w+(?:ate|ite)|bismuthyl|antimonyl)\b")


def _traditional_name(a: _Analysis, systematic: str, lang: str) -> str | None:
    """The traditional name of a salt named by :func:`_compositional_parts`, only where a source uses it (s17e):

    * the record's name where the record is a source's: a CRC or PubChem record (it has a CAS number or a CID:
      'Strontium titanate', 'Magnesium chromite', 'Iron(II) aluminate'), or a vetted row whose quoted source uses
      the name's word ('Bismuth ferrite', 'Lithium Ferrite LiFeO2'); never a name the build's rules wrote (an IMA
      mineral's row: daubréeite BiO(OH) had 'bismuthyl hydroxide' from the bismuthyl ion), nor a vetted row's name
      its quoted source does not use (AgCrO2 'silver chromite': the AFLOW list gives formulas only);
    * written with the ion table where it names the formal ion (NaAlO2 'sodium aluminate': Natriumaluminat), else
      the source's words (CaTiO3's row in German as the row has it, a CRC name by the German spelling rules);
    * none where the name is compositional itself (CuFeO2 'copper(I) iron(III) oxide') or an 'oxy' name, which
      the Red Book replaced by the compositional one ('bismuth oxynitrate'; see :func:`_oxy_name`).

    >>> _traditional_name(_analyse((("Bi", 1), ("Fe", 1), ("O", 3)), 0), "bismuth iron(III) oxide", "de")
    'Bismutferrit'
    >>> _traditional_name(_analyse((("Ag", 1), ("Cr", 1), ("O", 2)), 0), "chromium(III) silver oxide", "en") is None
    True
    >>> _traditional_name(_analyse((("Al", 1), ("Li", 1), ("O", 2)), 0), "aluminium lithium oxide", "de")
    'Lithiumaluminat'
    """
    entry = a.entry
    if entry is None or not entry[3]:
        return None
    vetted = bool(entry[7])
    if not vetted and not (entry[1] or entry[2]):
        return None  # a name the build's rules wrote, no source's
    english = str(entry[3]) if vetted else _english(str(entry[3]))
    if not english:
        return None
    english = re.sub(r"\(([ivx]+)\)", lambda m: f"({m[1].upper()})", english)  # a registry's 'copper(i)'
    english = re.sub(r"\baluminum\b", "aluminium", english)  # the Red Book's spelling, as every name here
    low = english.lower()
    word = _TRADITIONAL_WORD.search(low)
    if word is None or low == systematic.lower() or re.search(r"\boxy", low):
        return None
    if vetted and word[0] not in str(entry[7]).lower():
        return None  # a vetted row's name that its quoted source does not use
    formal = [p.ion for p in a.parts or () if p.ion is not None
              and (p.ion.formal or p.ion.formula in nomenclature()["oxo_cations_not_named"])]
    if formal and all(ion.en in low for ion in formal):
        return _salt_name(a.parts or (), lang)  # the ion table's names in both languages
    if lang == "en":
        return english
    return (str(entry[4]) or None) if vetted else _german(english, a)


def _is_hydrido_complex(parts: tuple[Part, ...]) -> bool:
    """A salt of hydride ions and two or more metals: a salt of a hydrido complex anion (LiAlH4 is Li+ [AlH4]-,
    NaBH4 Na+ [BH4]-, Mg2FeH6 2 Mg2+ [FeH6]4-), no salt of Al3+ beside Li+ (WP 'Lithium aluminium hydride': Li[AlH4],
    lithium tetrahydridoaluminate(III); the complex hydrides [BH4]- and [AlH4]-: hydrogen at the corners of a
    tetrahedron, boron or aluminium in the centre, the charge balanced by Li+ or Na+)."""
    cations = [p for p in parts if p.cation]
    return (len(cations) >= 2 and all(not p.ion for p in cations)
            and all(p.formula == "H" for p in parts if not p.cation))


def _hydrido_complex_last(cations: list[Part], parts: tuple[Part, ...]) -> list[Part]:
    """The cations of a salt, the central atom of a hydrido complex anion last: the most electronegative metal
    (Pauling; Al 1.61 beside Li 0.98, Fe 1.83 beside Mg 1.31), named next to the hydride as the books do (lithium
    aluminium hydride; the Red Book's additive name lithium tetrahydridoaluminate). Other salts: as they are.

    >>> [p.formula for p in _hydrido_complex_last([Part("Al", 1, (3,), None), Part("Li", 1, (1,), None)],
    ...                                           (Part("Al", 1, (3,), None), Part("Li", 1, (1,), None),
    ...                                            Part("H", 4, (-1,), None)))]
    ['Li', 'Al']
    """
    if not _is_hydrido_complex(parts):
        return cations
    central = max(cations, key=lambda p: electronegativity(p.formula) or 0.0)
    return [p for p in cations if p is not central] + [central]


def _alphabetical(name: str) -> str:
    """The key a name is sorted by: its letters, without a Stock number (IR-2.15(d) orders by the names).

    >>> sorted(["Natrium", "Calcium"], key=_alphabetical), sorted(["iron(III)", "copper(I)"], key=_alphabetical)
    (['Calcium', 'Natrium'], ['copper(I)', 'iron(III)'])
    """
    return re.sub(r"\([^()]*\)", "", name).lower()


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _carbonyl_name(counts: Mapping[str, int], lang: str) -> str | None:
    """A binary metal carbonyl by the Red Book's additive rule in its common order: metal, then the
    multiplied ligand (IR-9; Cr(CO)6 chromium hexacarbonyl, Mn2(CO)10 dimanganese decacarbonyl).

    >>> _carbonyl_name({"Mn": 2, "C": 10, "O": 10}, "de"), _carbonyl_name({"Cr": 1, "C": 6, "O": 6}, "en")
    ('Dimangandecacarbonyl', 'chromium hexacarbonyl')
    """
    rest = set(counts) - {"C", "O"}
    if len(rest) != 1 or not counts.get("C") or counts.get("C") != counts.get("O"):
        return None
    metal = next(iter(rest))
    prefixes = nomenclature()["prefixes"]
    name = element_name(metal, lang)
    if not is_metal(metal) or name is None or max(counts[metal], counts["C"]) >= len(prefixes):
        return None
    first = (prefixes[counts[metal]] if counts[metal] > 1 else "") + name.lower()
    ligand = (prefixes[counts["C"]] if counts["C"] > 1 else "") + "carbonyl"
    if lang == "en":
        return f"{first} {ligand}"
    return (first + ligand)[0].upper() + (first + ligand)[1:]


def _binary_name(counts: Mapping[str, int], lang: str, mono: bool = False) -> str | None:
    """Binary name by the Red Book's multiplying prefixes. 'mono' is left out (IR-5.2: "the numerical prefix
    mono is omitted", save to avoid confusion) but in the monoxides of the non-metals (CO carbon monoxide,
    N2O, SO: the one elision IUPAC keeps, 'monoxide') and, with ``mono``, where the name without it is the name
    of another known compound of the same two elements: a species known only briefly beside the bulk
    substance (AlCl aluminium monochloride beside AlCl3 aluminium chloride). A metal compound whose other
    compounds carry their own prefixes needs none (review25e L20: FeP iron phosphide beside Fe2P diiron
    phosphide, CrB chromium boride beside CrB2 chromium diboride, not 'chromium monoboride').

    >>> _binary_name({"Fe": 1, "P": 1}, "de"), _binary_name({"Cr": 1, "B": 1}, "en"), _binary_name({"C": 1, "O": 1}, "en")
    ('Eisenphosphid', 'chromium boride', 'carbon monoxide')
    >>> _binary_name({"Al": 1, "Cl": 1}, "en", mono=True), _binary_name({"Fe": 2, "P": 1}, "de")
    ('aluminium monochloride', 'Dieisenphosphid')
    """
    if len(counts) != 2:
        return None
    first, second = _sequence_order(counts)
    prefixes = nomenclature()["prefixes"]
    stems = nomenclature()["anide"].get(second)
    name1 = element_name(first, lang)
    if stems is None or name1 is None or max(counts.values()) >= len(prefixes):
        return None
    p1 = prefixes[counts[first]] if counts[first] > 1 else ""
    stem = stems[0 if lang == "en" else 1].lower()
    p2 = prefixes[counts[second]]
    if p2 == "mono" and mono and any(set(key_counts) == set(counts) and key_counts != dict(counts)
                                     for key_counts in _known_binaries(tuple(sorted(counts)))):
        p2 = "mon" if stem.startswith("o") else "mono"
    elif p2 == "mono":  # 'mono' only in the monoxides (CO, N2O, SO); the one elision IUPAC keeps (IR-5.2)
        p2 = "mon" if stem.startswith("o") else ""
    if lang == "en":
        return f"{p1}{name1.lower()} {p2}{stem}"
    text = f"{p1}{name1.lower()}{p2}{stem}"
    return text[0].upper() + text[1:]


def _known_binaries(elements: tuple[str, ...]) -> list[dict[str, int]]:
    """The compositions of the data file made of exactly these (sorted) elements (neutral).

    >>> {"Fe": 2, "O": 3} in _known_binaries(("Fe", "O")), _known_binaries(("Xx", "Yy"))
    (True, [])
    """
    return _neutral_by_elements().get(elements, [])


@lru_cache(maxsize=1)
def _neutral_by_elements() -> dict[tuple[str, ...], list[dict[str, int]]]:
    """Every neutral composition of the data file by its sorted elements, read once: a scan of the
    whole file for each pair of elements was most of the first hint search's time (Pyodide, #28)."""
    out: dict[tuple[str, ...], list[dict[str, int]]] = {}
    charged, element = re.compile(r"[+-]\d*$"), re.compile(r"([A-Z][a-z]?)(\d*)")
    for key in reference()["substances"]:
        if charged.search(key):
            continue
        counts = dict((e, int(n or 1)) for e, n in element.findall(key))
        out.setdefault(tuple(sorted(counts)), []).append(counts)
    return out


def _monoatomic_anion_name(e: str, charge: int, lang: str) -> str | None:
    """A monoatomic anion by the Red Book's rule (IR-5.3.3.2, Table IX): the root of the element's name
    with '-ide' (German '-id'), for a metal too: Re- rhenide (Rhenid), Au- auride (Aurid), Na- natride
    (Natrid), from the Latin root where the Red Book takes it; a charge the element's usual anion does not
    have is written after the name (IR-5.4.2.2: O- oxide(1-)). None where no root is known.

    >>> [_monoatomic_anion_name(e, q, "de") for e, q in (("Cl", -1), ("Re", -1), ("Au", -1), ("O", -1))]
    ['Chlorid', 'Rhenid', 'Aurid', 'Oxid(1−)']
    >>> [_monoatomic_anion_name(e, q, "en") for e, q in (("N", -3), ("Re", -1), ("Na", -1), ("Mn", -1))]
    ['nitride', 'rhenide', 'natride', None]
    """
    stems = nomenclature()["anide"].get(e)
    if stems is not None:
        name = str(stems[0 if lang == "en" else 1])
        usual = _monoatomic_anion(e)
    else:
        usual = None
        latin = nomenclature()["anide_latin_roots"].get(e)
        element = element_name(e, lang)
        if latin is not None:
            root = str(latin)
        elif element is not None and re.search(r"(?:i?um)$", element):
            root = re.sub(r"i?um$", "", element.lower())  # rhenium → rhen, Lithium → lith, platinum → platin
        else:
            return None
        name = root + ("ide" if lang == "en" else "id")
        name = name if lang == "en" else name[0].upper() + name[1:]
    if usual is not None and charge != usual:
        name += f"({-charge}−)"
    return name


def _ion_name(a: _Analysis, lang: str) -> str | None:
    suffix = " ion" if lang == "en" else "-Ion"
    if a.parts and len(a.parts) == 1 and a.parts[0].ion:
        base = _anion_name(a.parts[0], lang)
    elif len(a.counts) == 1:
        (e, n), = a.counts
        if a.charge > 0 and n == 1:
            base = _cation_name(Part(e, 1, (a.charge,)), lang)
            if base and "(" not in base and (e not in nomenclature()["no_stock_number"] or
                                             a.charge != _usual_charge(e)):  # Ag+ and Ag2+: Silber(II)-Ion
                base = f"{base}({_stock(a.charge)})"
        elif a.charge < 0 and n == 1:
            base = _monoatomic_anion_name(e, a.charge, lang)
        else:
            base = None
    else:
        base = None
    return None if base is None else base + suffix


def _names(a: _Analysis, lang: str) -> tuple[str | None, str | None]:
    """(name, trivial name) of a known substance in ``lang``: the school table, the vetted record's
    names, the IUPAC rules on the real ions, then the confirming source's English name. Where the Red
    Book's rules over the whole file name it otherwise, the name the data build wrote once (the data's
    ``names``, ``tools/written_names.py``): a metal-like binary with its multiplying prefixes (W2N
    ditungsten nitride), and a name another composition of the same elements has, told apart by the
    Stock number or the prefixes (GaS gallium(II) sulfide beside Ga2S3 gallium(III) sulfide; CoAs2, CoAs3).

    >>> [substance(f).name for f in ("GaS", "Ga2S3", "WO2Cl2", "WOCl4")]
    ['Gallium(II)-sulfid', 'Galliumsulfid', 'Wolframdichloriddioxid', 'Wolframtetrachloridoxid']
    >>> [substance(f, lang="en").name for f in ("W2N", "Cr3C2", "TiH2", "UC", "Fe3C")]
    ['ditungsten nitride', 'trichromium dicarbide', 'titanium dihydride', 'uranium carbide', 'triiron carbide (cementite)']
    """
    name, trivial = _names_found(a, lang)
    written = reference().get("names", {}).get(a.key)
    name = written[0 if lang == "en" else 1] if written else _mono_left_out(name, a)
    if lang == "de" and name:  # 'hypochlorige Säure': an adjective, lower case also in a label (Duden; review25e L8)
        name = re.sub(r"^([A-ZÄÖÜ])(?=[a-zäöü]+ige Säure$)", lambda m: m[1].lower(), name)
        name = _german_anions_joined(name)
    return name, trivial


@lru_cache(maxsize=1)
def _german_anion_words() -> frozenset[str]:
    """The German names of the anions (monoatomic and of the ion table), lower case: chlorid, hydroxid, sulfat."""
    nom = nomenclature()
    words = {de.lower() for _, de in nom["anide"].values()}
    words |= {row["de"].lower() for row in nom["ions"] if row["charge"] < 0}
    return frozenset(words)


def _german_anions_joined(name: str) -> str:
    """One rule for the German anion names of a salt: one word, also after a Stock number's hyphen (s17e):
    'Mangan(III)-hydroxid-oxid' (a vetted row's spelling) → 'Mangan(III)-hydroxidoxid', as 'Eisen(III)-hydroxidoxid'
    (seilnacht.com, 'Goethit') and 'Zinkfluoridhydroxid'. Only a run of anion names after ')-' is joined.

    >>> _german_anions_joined("Mangan(III)-hydroxid-oxid"), _german_anions_joined("Kupfer(I)-eisen(III)-oxid")
    ('Mangan(III)-hydroxidoxid', 'Kupfer(I)-eisen(III)-oxid')
    """
    m = re.search(r"(?<=\)-)([a-zäöü]+(?:-[a-zäöü]+)+)$", name)
    if m is None or not all(w in _german_anion_words() for w in m[1].split("-")):
        return name
    return name[:m.start()] + m[1].replace("-", "")


def _centre(counts: Mapping[str, int]) -> str | None:
    """The electropositive constituent of a compound named by its simple anions: the one metal; without a
    metal, the element first in the IUPAC sequence (Table VI: S in SOF4, B in BOF2); None with several metals."""
    metals = [e for e in counts if is_metal(e)]
    if len(metals) > 1:
        return None
    return metals[0] if metals else _sequence_order(counts)[0]


def _unprefixed(name: str | None, counts: Mapping[str, int]) -> bool:
    """Is a source's name the bare words of a compound of one centre and several simple anions where a
    count needs its multiplying prefix (IR-5.4.2.1)? 'sulfur fluoride oxide' for SOF4, 'boron fluoride
    oxide' for BOF2, 'aluminum fluoride oxide' for AlOF2 do not tell SOF4 from SOF2; BiOCl's 'bismuth chloride
    oxide' (all counts 1) needs none (IR-2.15.3.1 example 8).

    >>> _unprefixed("sulfur fluoride oxide", {"S": 1, "O": 1, "F": 4}), _unprefixed("boron bromide oxide", {"B": 1, "O": 1, "Br": 1})
    (True, False)
    """
    centre = _centre(counts)
    anide = nomenclature()["anide"]
    if not name or centre is None or len(counts) < 3 or any(e not in anide for e in counts if e != centre):
        return False
    words = name.lower().replace("aluminum", "aluminium").split(" ")
    centre_name = (element_name(centre, "en") or "").lower()
    return words[0] == centre_name and sorted(words[1:]) == sorted(anide[e][0] for e in counts if e != centre) \
        and max(counts.values()) > 1


def _oxy_name(name: str | None) -> bool:
    """A source's traditional 'oxy' name of an oxide halide ('Bismuth oxybromide', 'Selenium oxychloride', 'xenon
    oxytetrafluoride'): the Red Book's compositional name instead, the anions in alphabetical order (IR-2.15(d),
    IR-5.4; its example BiClO bismuth chloride oxide), as the vetted oxide halides and hydroxide oxides are named.

    >>> _oxy_name("bismuth oxybromide"), _oxy_name("xenon oxytetrafluoride"), _oxy_name("oxygen difluoride")
    (True, True, False)
    """
    return bool(name) and re.search(r"\boxy(?:di|tri|tetra)?(?:fluoride|chloride|bromide|iodide)\b", str(name).lower()) is not None


def _hydride_name_without_h(name: str | None, counts: Mapping[str, int]) -> bool:
    """A gas-phase table's substitutive borane name for a species with no hydrogen at all ('chloroxyborane'
    BOCl, 'fluorooxyborane' BOF) while its neighbour BOBr is 'boron bromide oxide': the compositional name
    of the Red Book (IR-5) for all of them (review25e L6).

    >>> _hydride_name_without_h("chloroxyborane", {"B": 1, "O": 1, "Cl": 1}), _hydride_name_without_h("borane", {"B": 1, "H": 3})
    (True, False)
    """
    anide = nomenclature()["anide"]
    return bool(name) and re.search(r"oxyborane$", str(name)) is not None and "H" not in counts \
        and all(e in anide for e in counts if e != "B")


def _stoichiometric_name(counts: Mapping[str, int], lang: str) -> str | None:
    """The Red Book's stoichiometric name of a compound of one metal and simple anions (IR-5.2): the metal,
    then the anions in alphabetical order, each with its multiplying prefix ('mono' left out).

    >>> _stoichiometric_name({"W": 1, "O": 2, "Cl": 2}, "en"), _stoichiometric_name({"Co": 1, "As": 3}, "de")
    ('tungsten dichloride dioxide', 'Cobalttriarsenid')
    """
    metal = _centre(counts)
    prefixes = nomenclature()["prefixes"]
    anide = nomenclature()["anide"]
    if metal is None or any(e not in anide for e in counts if e != metal) or max(counts.values()) >= len(prefixes):
        return None
    first = element_name(metal, lang)
    if first is None:
        return None
    first = (prefixes[counts[metal]] if counts[metal] > 1 else "") + first.lower()
    anions = sorted((anide[e][0], e) for e in counts if e != metal)
    words = [(prefixes[counts[e]] if counts[e] > 1 else "") + anide[e][0 if lang == "en" else 1].lower() for _, e in anions]
    if lang == "en":
        return " ".join([first] + words)
    text = first + "".join(words)
    return text[0].upper() + text[1:]


def _mono_left_out(name: str | None, a: _Analysis) -> str | None:
    """The Red Book leaves 'mono' out (IR-5.2) unless it is needed to avoid confusion: a metal compound of
    simple anions that exists takes none, whatever its source says ('Tin monophosphide', 'uranium
    monocarbide': review25e L20); a compound of the same elements with more atoms keeps its own prefix (UC
    uranium carbide beside UC2 uranium dicarbide: the build's rule ``tools/written_names.told_apart``). Kept:
    the non-metal oxides (CO carbon monoxide, N2O), and species known only briefly, whose name without 'mono'
    is the bulk substance's (AlCl aluminium monochloride beside AlCl3 aluminium chloride).

    >>> _mono_left_out("tin monophosphide", _analyse((("P", 1), ("Sn", 1)), 0))
    'tin phosphide'
    >>> _mono_left_out("Uranmonocarbid", _analyse((("C", 1), ("U", 1)), 0))
    'Urancarbid'
    >>> _mono_left_out("carbon monoxide", _analyse((("C", 1), ("O", 1)), 0))
    'carbon monoxide'
    """
    counts = dict(a.counts)
    anide = nomenclature()["anide"]
    if not name or a.charge or a.entry is None or a.entry[0] != "e" or not any(is_metal(e) for e in counts) \
            or any(e not in anide for e in counts if not is_metal(e)) or {"C", "H"} <= set(counts):  # not organic
        return name
    return re.sub(r"mono(?=[a-zäöü]*?(?:id|ide)\b)", "", re.sub(r"\bmon(?=oxid)|(?<=[a-z])mon(?=oxid)", "", name))


def _names_found(a: _Analysis, lang: str) -> tuple[str | None, str | None]:
    """The name from the first source that has one (see :func:`_names`)."""
    nom = nomenclature()
    idx = 0 if lang == "en" else 1
    table = nom["names"].get(a.key)
    trivial_row = nom["trivial"].get(a.key)
    trivial = trivial_row[lang] if trivial_row else None
    entry = a.entry
    assert entry is not None  # asked only for a known substance (see substance())
    if table and (not table.get("cid") or entry[2] == table["cid"]):  # the school name of THIS record
        t = table.get("trivial")
        return table[lang], (t[lang] if t else trivial)
    oxide_parts = _compositional_parts(a)
    if oxide_parts is not None:  # a double oxide, or a salt of an ion the solid does not hold (s17e)
        composed = _salt_name(oxide_parts, lang)
        if composed is not None:
            return composed, trivial or _traditional_name(a, composed, lang)
    if entry[0] == "t" and not entry[7]:
        brief = _transient_name(a, lang)
        if brief is not None:
            return brief, trivial
    if a.kind == "element" and not entry[7]:
        (e, n), = a.counts
        atom = {"de": " (Atom)", "en": " (atom)"}[lang] if entry[0] == "t" and n == 1 else ""
        element = element_name(e, lang)
        assert element is not None  # every element with a record has a name in both languages
        return element + atom, trivial
    if entry[7]:  # a vetted record names the substance in both languages
        return (entry[3] if lang == "en" else entry[4]) or None, trivial
    name: str | None = None
    carbonyl = _carbonyl_name(dict(a.counts), lang)
    if carbonyl is not None:
        return carbonyl, trivial
    if entry[0] == "t" and len(a.counts) == 2 and sum(n for _, n in a.counts) == 2:
        # a diatomic molecule known only briefly: its binary name, with 'mono' beside the stable
        # substance (AlCl beside AlCl3: aluminium monochloride; BH beside BH3)
        name = _binary_name(dict(a.counts), lang, mono=True)
        if name is not None:
            return name, trivial
    if a.kind == "ion":
        name = _ion_name(a, lang)
    elif a.kind == "salt" and a.parts:
        name = _salt_name(a.parts, lang)
    elif a.kind == "acid":
        row = nom["acids"].get(a.formula.lstrip("H0123456789").strip("[]"))  # H2[PtCl6]: the table of PtCl6
        name = row[idx] if row else None
    elif a.reason[0] == "metal_like":
        # several compounds of the two elements (CrB, CrB2, Cr5B3): the Red Book's stoichiometric name tells
        # them apart (IR-5.2: chromium diboride); one only: the source's name (Fe3C iron carbide)
        counts = dict(a.counts)
        metal = next(e for e in counts if is_metal(e))
        # the source's plain name ('Tungsten carbide', 'Tantalum carbide') is the compound the name means (WC,
        # TaC); it states a formula where it tells several apart ('Tungsten carbide (W2C)')
        stated = re.search(r"[(\[](?:[A-Z][a-z]?\d*)+[)\]]", entry[3]) or entry[7]
        # a boride or silicide of several atoms to the metal has its prefix too: the CRC's 'Zirconium boride' (ZrB2)
        # and 'Cerium boride' (CeB6) fit ZrB12 and CeB4 as well (Red Book IR-5.2; review25d L10)
        hidden = bool(set(counts) & {"B", "Si"}) and len(set(counts.values())) > 1
        if (stated or hidden) and (hidden or any(k != counts for k in _known_binaries(tuple(sorted(counts))))):
            # no 'mono' (review25e L20): the prefixes of the others tell them apart (CrB chromium boride beside
            # CrB2 chromium diboride, FeP iron phosphide beside Fe2P diiron phosphide); see _binary_name
            name = _binary_name(counts, lang)
        else:  # the source's name without the formula it adds ('Cobalt boride (CoB)')
            plain = _english(re.sub(r"\s*[(\[](?:[A-Z][a-z]?\d*)+[)\]]", "", entry[3]))
            name = plain if lang == "en" else _german(plain, a)
    elif a.kind == "molecule" and any(is_metal(e) for e, _ in a.counts):
        parts = _real_parts(dict(a.counts), a.states)  # HgCl2, CrO3, WC: named by their numbers
        name = _salt_name(parts, lang) if parts else None
    elif (a.kind == "molecule" and a.bonding in ("molecular", "network") or a.reason[0] == "ionic_solid") \
            and not _carbon_chain(dict(a.counts)):
        name = _binary_name(dict(a.counts), lang)  # PCl5, a salt only in the solid: named as the molecule
    if name is None:
        # the source's name, or as the build wrote it (the data's english_names: dimethylzinc for the CRC's
        # 'Dimethyl zinc', 'aluminium' for 'aluminum'; tools/written_names.organyl_metal)
        english = reference().get("english_names", {}).get(a.key)
        if english is None:
            english = _hydrogen_ester(_formula_words(_english(entry[3]), dict(a.counts)), dict(a.counts))
        if english and "C" not in dict(a.counts):  # a registry's 1990 ligand names: as the Red Book 2005 (IR-9.2.2.3)
            english = re.sub(r"\b(di|tri|tetra|penta|hexa)(fluor|chlor|brom|iod|hydr)o(?!gen)(?=[a-z]*ate\b|[a-z]*ate\()",
                             r"\1\2ido", english)  # tetrahydroaluminate(1-): tetrahydridoaluminate, as Tetrahydridoborat
        if a.kind == "ion":
            english = _hydrogen_ion(english, dict(a.counts), a.charge)
        name = english if lang == "en" else _german(english, a)
        if _unprefixed(english, dict(a.counts)) or _hydride_name_without_h(english, dict(a.counts)) \
                or _formula_only(english, dict(a.counts)) or _oxy_name(english):
            name = _stoichiometric_name(dict(a.counts), lang)  # SOF4: sulfur tetrafluoride oxide; BOCl as BOBr
        if name and a.kind == "ion" and lang == "en" and not re.search(r"(ion|anion|cation)$", name):
            name += " ion"
    return name, trivial


_ALKYL = {"methyl": {"C": 1, "H": 3}, "ethyl": {"C": 2, "H": 5}, "propyl": {"C": 3, "H": 7},
          "isopropyl": {"C": 3, "H": 7}, "butyl": {"C": 4, "H": 9}, "phenyl": {"C": 6, "H": 5}}


def _hydrogen_ester(name: str | None, counts: Mapping[str, int]) -> str | None:
    """The ester of ONE alkyl group with an acid of two or three hydrogens keeps the others, and its name
    says so (IUPAC Blue Book 2013 P-65.6.3.3, Red Book IR-8.5: methyl hydrogen sulfate, methyl dihydrogen
    phosphate). The CRC calls CH3OSO3H 'methyl sulfate', the name of the anion CH3OSO3- and, in school
    books, short for dimethyl sulfate; the atoms tell which is meant.

    >>> _hydrogen_ester("methyl sulfate", {"C": 1, "H": 4, "O": 4, "S": 1})
    'methyl hydrogen sulfate'
    >>> _hydrogen_ester("methyl phosphate", {"C": 1, "H": 5, "O": 4, "P": 1})
    'methyl dihydrogen phosphate'
    >>> _hydrogen_ester("dimethyl sulfate", {"C": 2, "H": 6, "O": 4, "S": 1})
    'dimethyl sulfate'
    """
    m = re.fullmatch(r"([a-z]+) ([a-z]+ate)", name or "")
    if m is None or m[1] not in _ALKYL:
        return name
    for ion in ions():
        hydrogens = -ion.charge - 1
        whole = Counter(_ALKYL[m[1]]) + Counter(dict(ion.counts)) + Counter({"H": hydrogens})
        if ion.en == m[2] and hydrogens >= 1 and whole == Counter(counts):
            return f"{m[1]} {nomenclature()['prefixes'][hydrogens] if hydrogens > 1 else ''}hydrogen {m[2]}"
    return name


def _hydrogen_ion(name: str | None, counts: Mapping[str, int], charge: int) -> str | None:
    """An acid's anion that still holds acidic hydrogen says so (Red Book IR-8.4/IR-8.5: hydrogen
    phosphonate, dihydrogen arsenate). A registry's 'arsonic acid, ion(1-)' (H2AsO3-) reads as 'arsonate',
    the name of HAsO3(2-): the atoms beyond those of the named anion, k hydrogens at a charge k higher,
    are the hydrogens still held.

    >>> _hydrogen_ion("arsonate", {"As": 1, "H": 2, "O": 3}, -1), _hydrogen_ion("phosphonate", {"H": 1, "O": 3, "P": 1}, -2)
    ('hydrogen arsonate', 'phosphonate')
    >>> _hydrogen_ion("phosphate", {"H": 2, "O": 4, "P": 1}, -1)
    'dihydrogen phosphate'
    """
    m = re.fullmatch(r"([a-z]+ate)( ion)?", name or "")
    if m is None:
        return name
    for ion in ions():
        k = counts.get("H", 0) - dict(ion.counts).get("H", 0)
        if ion.en == m[1] and k >= 1 and charge - ion.charge == k and \
                Counter(dict(ion.counts)) + Counter({"H": k}) == Counter(counts):
            return f"{nomenclature()['prefixes'][k] if k > 1 else ''}hydrogen {m[1]}{m[2] or ''}"
    return name


def _carbon_chain(counts: Mapping[str, int]) -> bool:
    """Two or more carbon atoms with a halogen: a perhalogenated hydrocarbon (C2Cl4, C2F4, C2Cl6, C6Cl6),
    named by substitution on its carbon chain as the organic compounds are (IUPAC Blue Book P-61.3:
    tetrachloroethene, hexachloroethane), not as a binary compound ('dicarbon tetrachloride'); so is a
    dinitrile of a carbon chain (C4N2, N≡C–C≡C–C≡N: but-2-ynedinitrile, dicyanoacetylene, Blue Book P-66.5.1;
    not 'tetracarbon dinitride', review25f L5).

    >>> _carbon_chain({"C": 2, "Cl": 4}), _carbon_chain({"C": 1, "Cl": 4}), _carbon_chain({"C": 3, "O": 2})
    (True, False, False)
    >>> _carbon_chain({"C": 4, "N": 2}), _carbon_chain({"C": 1, "N": 1})
    (True, False)
    """
    return counts.get("C", 0) >= 2 and len(counts) == 2 and bool(set(counts) & {"F", "Cl", "Br", "I", "N"})


def _transient_name(a: _Analysis, lang: str) -> str | None:
    """The compositional name of a species known only briefly (gas phase, matrix), never the bulk
    substance's: CaOH is not calcium hydroxide Ca(OH)2, Al2O and AlO2 not Al2O3, N3 not N2. Every part
    takes its multiplying prefix, 'mono' too, and no Stock number (IUPAC Red Book 2005 IR-5.2, IR-3.4.3:
    trioxygen, calcium monohydroxide, dialuminium monoxide); a diatomic one of a single element or with
    no second compound of its elements keeps the plain name (below).

    >>> a = _analyse((("Ca", 1), ("H", 1), ("O", 1)), 0)
    >>> _transient_name(a, "de"), _transient_name(a, "en")
    ('Calciummonohydroxid', 'calcium monohydroxide')
    >>> _transient_name(_analyse((("N", 3),), 0), "de"), _transient_name(_analyse((("Al", 2), ("O", 1)), 0), "en")
    ('Tristickstoff', 'dialuminium monoxide')
    """
    counts = dict(a.counts)
    prefixes = nomenclature()["prefixes"]
    if max(counts.values()) >= len(prefixes):
        return None
    if len(counts) == 1:
        (e, n), = counts.items()
        element = element_name(e, lang)
        if n == 1 or element is None:
            return None  # a free atom: 'Wasserstoff (Atom)'
        text = str(prefixes[n]) + element.lower()
        return text if lang == "en" else text[0].upper() + text[1:]
    if sum(counts.values()) == 2:
        return None  # the diatomic branch of _names (AlCl: aluminium monochloride, AgH: silver hydride)
    if not any(is_metal(e) for e in counts):
        return None  # non-metal radicals keep their names (CH3 methyl, NCO): no bulk name to confuse
    parts = _real_parts(counts, a.states)
    if parts is None:
        return _binary_name(counts, lang, mono=True)  # AlO2: aluminium dioxide
    cations: list[str] = []
    anions: list[str] = []
    one_anion = sum(1 for p in parts if not p.cation) == 1
    for p in parts:
        name = element_name(p.formula, lang) if p.cation and not p.ion else (
            _cation_name(p, lang) if p.cation else _anion_name(p, lang))
        if name is None:
            return None
        name = name.lower()
        # 'mono' tells CaOH from Ca(OH)2, Al2O from Al2O3; not before a complex ion whose name holds its
        # own prefixes (NaAlF4: sodium tetrafluoridoaluminate) nor beside a second anion (AlClF)
        simple = not p.ion or sum(n for _, n in p.ion.counts) <= 2
        prefix = prefixes[p.count] if p.count > 1 or (not p.cation and one_anion and simple) else ""
        if prefix == "mono" and name.startswith("o"):
            prefix = "mon"  # monoxide: the one elision IUPAC keeps (IR-5.2)
        (cations if p.cation else anions).append(prefix + name)
    if lang == "en":
        return " ".join(cations + anions)
    text = "".join(cations) + "-".join(anions)
    return text[0].upper() + text[1:]


def _formula_words(name: str | None, counts: Mapping[str, int]) -> str | None:
    """A gas-phase table's name that is the formula in lower case ('clbf', 'nco radical') with the
    formula written as such: 'ClBF', 'NCO radical'.

    >>> _formula_words("clbf", {"B": 1, "Cl": 1, "F": 1}), _formula_words("nco radical", {"C": 1, "N": 1, "O": 1})
    ('ClBF', 'NCO radical')
    """
    if not name:
        return name
    symbols = sorted(counts, key=len, reverse=True)

    def cased(word: str) -> str | None:
        found: dict[str, int] = {}
        out, i = "", 0
        while i < len(word):
            e = next((x for x in symbols if word[i:i + len(x)].lower() == x.lower()), None)
            if e is None:
                return None
            i += len(e)
            digits = re.match(r"\d*", word[i:])
            n = int(digits[0]) if digits and digits[0] else 1
            i += len(digits[0]) if digits else 0
            found[e] = found.get(e, 0) + n
            out += e + (str(n) if n > 1 else "")
        return out if found == dict(counts) else None

    return " ".join(cased(w) or w for w in name.split(" "))


def _formula_only(name: str | None, counts: Mapping[str, int]) -> bool:
    """Is a source's name only the formula ('ClCO', 'ClBF': gas-phase tables name short-lived species so)?
    Such a species takes the Red Book's compositional name (IR-5.4: the electropositive constituent, then
    the others in alphabetical order: ClCO carbon chloride oxide, ClBF boron chloride fluoride), as every
    other species of the data has a name in words (recheck25de x-ClCO).

    >>> _formula_only("ClCO", {"C": 1, "Cl": 1, "O": 1}), _formula_only("NCO radical", {"C": 1, "N": 1, "O": 1})
    (True, False)
    """
    if not name or not re.fullmatch(r"(?:[A-Z][a-z]?\d*)+", name):
        return False
    try:
        return dict(parse_formula(name).counts) == dict(counts)
    except FormulaError:
        return False


def _english(name: str) -> str | None:
    """The confirming source's name as running text: 'Iron(III) bromide' → 'iron(III) bromide'; the CRC
    capitalises words ('Boron Hydride Oxide', '2-Bromoethanol'): lower case but for locant letters (N,N'-,
    O-, (E)-, 1H-) and names of persons ("Zeise's salt"); a CAS index name turned round ('Arsenate(AsO43-),
    dihydrogen' → 'dihydrogen arsenate'); a formula in parentheses after the name kept apart ('iron boride
    (FeB)')."""
    name = (name or "").replace("\xa0", " ")  # a no-break space in a CAS name ('cyanamide,\xa0N-cyano-, ion(1-)')
    name = re.sub(r"\s*\((?:[αβγδ]-?[^)]*|hexagonal|cubic|yellow|red|white|black|rhombic|monoclinic)\)", "", name or "")
    # a bracket after a space holds a formula or a note ('Cobalt arsenide [CoAs2]'); one inside a word is a
    # substituent ('1-[(2-Aminoethyl)amino]-2-propanol' had become '1--2-propanol'; review25c)
    name = re.sub(r"\s+\[[^\]]*\]|\s*\[(?:[A-Z][a-z]?\d*)+\]|\s*\((?:8CI|9CI|8CI,\s*9CI)\)", "", name).strip()
    name = re.sub(r"(?<=[a-z])azol$", "azole", name)  # the CRC's German spelling '1-Methylimidazol
    name = re.sub(r"\s*\((?:[A-Z][a-z]?\d*)+[+-]\)", "", name)  # arsenate(AsO43-): the ion's formula
    # the CRC's misspelt 'Phosphorothioc trichloride' (PSCl3, PSF3): thiophosphoryl chloride, as the Red Book's
    # functional name of PS3+ compounds and Holleman-Wiberg's 'Thiophosphorylchlorid' call it
    name = re.sub(r"^phosphorothioc tri(\w+)$", r"thiophosphoryl \1", name, flags=re.I)
    name = re.sub(r"^phosphorothioc\b", "thiophosphoryl", name, flags=re.I)
    if ", " in name:
        name = _uninverted(name)
    name = re.sub(r"(?<=[^\s(])\((?!(?:I|II|III|IV|V|VI|VII|VIII)\))((?:[A-Z][a-z]?\d*){2,})\)$", r" (\1)", name)
    name = re.sub(r"(?<![A-Za-z'])([A-Z])([a-z]{2,})(?!'s)\b", lambda m: m[1].lower() + m[2], name)
    name = re.sub(r"(?<=[a-z])methy(?=[bcdfgjkmpqrstvwxz])", "methyl", name)  # the CRC's 'trimethystannane'
    # a registry's 'sulfate radical ion(1-)': the radical anion, named once (not '... ion(1-) ion')
    name = re.sub(r"\bradical ion\((\d)([+-])\)$", lambda m: "radical " + ("anion" if m[2] == "-" else "cation"), name)
    return name or None


def _uninverted(name: str) -> str:
    """A CAS index name ('head, modifier, ...') as a name is spoken: substituent prefixes before the
    head ('tellurium(1+), trihydroxy-' → 'trihydroxytellurium(1+)', 'arsenate, dihydrogen' → 'dihydrogen
    arsenate'), a stereodescriptor first ('(R)-2,3-dihydroxypropanoic acid'), the anion of an acid
    ('methanesulfonic acid, ion(1-)' → 'methanesulfonate'), a conjugate acid as '-ium' ('guanidine,
    conjugate monoacid' → 'guanidinium'), any other modifier after the head ('2-pyridinethiol 1-oxide').

    >>> _uninverted("Aluminate(1-), tetrahydro-, (T-4)-"), _uninverted("arsonic acid, ion(1-)")
    ('tetrahydroaluminate(1-)', 'arsonate')
    """
    head, *mods = [m.strip() for m in name.split(", ")]
    head = head[0].lower() + head[1:] if head[1:2].islower() else head
    before, after = "", ""
    for m in mods:
        if re.fullmatch(r"\(T-4\)-|\(OC-6-\d+\)-", m):
            continue  # a geometry descriptor (tetrahedral): not said in a school name
        if re.fullmatch(r"\([^)]*\)-?", m):
            before = m.rstrip("-") + "-" + before
        elif re.fullmatch(r"ion(\(\d[+-]\))?", m):
            head = re.sub(r"ic acid$", "ate", head)
        elif re.fullmatch(r"conjugate (mono)?acid", m):
            head = re.sub(r"e?$", "ium", head, count=1)
        elif m.endswith("-") or re.fullmatch(r"(mono|di|tri)?hydrogen", m):
            before += m.rstrip("-")
        else:
            after += " " + m
    return before + head + after


# German trivial names of acids (Holleman-Wiberg; Beyer-Walter, Lehrbuch der Organischen Chemie; school books):
# cutting 'ic acid' made 'Citrsäure', 'Ursäure', 'Stearsäure' (review25d L15); acetic acid is Essigsäure also
# inside a name (Trichloressigsäure, Nitrilotriessigsäure: review25d L4), carboxylic acids are -carbonsäuren (L5)
_DE_ACIDS = [("citric", "citronen"), ("stearic", "stearin"), ("uric", "harn"), ("pyruvic", "brenztrauben"),
             ("aspartic", "asparagin"), ("glutamic", "glutamin"), ("cysteic", "cystein"), ("ascorbic", "ascorbin"),
             ("allantoic", "allantoin"), ("succinic", "bernstein"), ("lactic", "milch"), ("malic", "äpfel"),
             ("formic", "ameisen"), ("butyric", "butter"), ("palmitic", "palmitin"), ("oleic", "öl"),
             ("lauric", "laurin"), ("myristic", "myristin"), ("sorbic", "sorbin"), ("adipic", "adipin"),
             ("cinnamic", "zimt"), ("gallic", "gallus"), ("picric", "pikrin"), ("glyceric", "glycerin"),
             ("capric", "caprin"), ("valeric", "valerian"), ("acetic", "essig"), ("carboxylic", "carbon")]
_DE_SPECIAL = [("carbonothioic acid", "thiokohlensäure"), ("thioic acid", "thiosäure"),  # before 'oic acid' (review25c:
               # 'Carbonothisäuredichlorid'); German names of trivial words: Furfurylalkohol, DL-Weinsäure
               ("alcohol", "alkohol"), ("tartaric acid", "weinsäure"),
               ("benzoic acid", "benzoesäure"), ("carbonic acid", "kohlensäure"), ("maleic acid", "maleinsäure"), ("benzene", "benzol"), ("formate", "formiat"), ("metabisulfite", "disulfite"),
               ("bisulfite", "hydrogensulfite"),
               ("bisulfate", "hydrogensulfate"), ("aluminum", "aluminium"), ("sulphate", "sulfate"),
               ("oic acid", "säure"), ("ic acid", "säure"), ("ous acid", "ige säure"), (" acid", "säure"),
               ("yne", "in"), (" radical", "-Radikal"), ("alcohol", "alkohol"),
               ("aldehyde", "aldehyd"), ("urea", "harnstoff"), ("glycerol", "glycerin"), ("eneimine", "enimin"),
               ("anearson", "anarson"), (" salt", "salz"),
               # the German names of the aromatic hydrocarbons keep their old endings
               ("naphthalene", "naphthalin"), ("toluene", "toluol"), ("xylene", "xylol"), ("styrene", "styrol")]
# whole English words of a name that German says otherwise: cyanogen bromide is Bromcyan
_DE_WORDS = [(re.compile(r"\b((?:di)?hydrogen) (?=[a-z]+(?:ate|ite)\b)"), lambda m: m[1]),  # Natriumhydrogensulfit, -dihydrogenphosphat
             # German names of their own (Holleman-Wiberg; Duden): Weinsäure, Thiophosgen's Thiocarbonylchlorid
             (re.compile(r"tartaric acid"), lambda m: "weinsäure"),
             (re.compile(r"\bcarbonothioic di(chloride|hydrazide)\b"),
              lambda m: {"chloride": "thiocarbonylchlorid", "hydrazide": "thiocarbohydrazid"}[m[1]]),
             (re.compile(r"ylidene"), lambda m: "yliden"),  # sulfanylideneborane: Sulfanylidenboran
             (re.compile(r"\bcyanogen (bromide|chloride|iodide|fluoride)\b"),
              lambda m: {"bromide": "bromcyan", "chloride": "chlorcyan", "iodide": "iodcyan",
                         "fluoride": "fluorcyan"}[m[1]]),
             (re.compile(r"\bmercury\b|mercuric\s*"), lambda m: "quecksilber"),
             (re.compile(r"nitrilic\b"), lambda m: "nitril"),
             (re.compile(r"\bcarbon (?=oxy)"), lambda m: "carbon")]  # carbon oxysulfide: Carbonoxysulfid
# a final e of these endings is dropped in German (methane → Methan, propanedione → Propandion,
# pyridine → Pyridin, sulfate → Sulfat, chloride → Chlorid), before a consonant or at the end
# (not before 'ch': pyrocatechol → Pyrocatechol, not 'Pyrocatchol'). 'aze' is no ending: the e of
# azepine, diazene is the stem's (Azepin, Diazen; it had read 'tetrazolo[1,5-a]azpin', 'Dimethyldiazne')
# An ending never follows a lone first letter (maneb keeps its e: Maneb, not 'Manb'), and 'yl' + e
# before a consonant is the e of the next stem (methylethanamine: Methylethanamin, not 'methylthanamin';
# review25d L3); the yl rule keeps only the word's end (a final 'yle')
# The stems arsen- and selen- end in 'en' themselves: before the oxoacid infix '-en-' (arsenenite, arsenenous acid,
# selenenic acid, selenenyl; Red Book IR-8, CAS 9CI) the e is the suffix's, not an ending's (it had read 'Arsennit'
# for AsO2-: review25d L14); the group (?P<keep>) is left as it stands
_DE_E = re.compile(r"(?P<keep>(?:arsen|selen)en(?=[a-z]))|"
                   r"(?<!\b[a-z])(an|en|in|ol|at|it|on|il)e(?![aeiouäöü]|ch)|(id)e(?![aeiouäöü]|ch|n)|(yl)e\b")
# (methylene: Methylen; ylidene: Yliden)


@lru_cache(maxsize=1)
def _element_words() -> dict[str, str]:
    """English element name (lower case) → German, for an element named as a word of its own ('boron
    tribromide' → 'bor tribromid'; never inside a word: carbonate, nitrogenase)."""
    out = {}
    for e in reference()["elements"]:
        en, de = element_name(e, "en"), element_name(e, "de")
        if en and de:
            out[en.lower()] = de.lower()
    out.update(aluminum="aluminium", sulphur="schwefel", cesium="caesium")
    return out


def _de_word(text: str) -> str:
    """The German spelling of an English chemical word: element names, endings and the few words that differ."""
    for pattern, repl in _DE_WORDS:
        text = pattern.sub(repl, text)
    # an acid's derivative named by the acid's adjective: phenylphosphonic dichloride → Phenylphosphonsäuredichlorid
    text = re.sub(r"ic (?=(?:di|tri)?(?:chloride|fluoride|bromide|iodide|anhydride|amide|diamide|hydrazide)\b)",
                  "ic acid ", text)
    # and by an '-ous' acid's: phenylphosphonous dichloride → Phenylphosphonigsäuredichlorid (as Salpetrigsäure-
    # ester; review25d L2 had 'Phenylphosphonousdichlorid', an English word in a German name)
    text = re.sub(r"ous (?=(?:di|tri)?(?:chloride|fluoride|bromide|iodide|anhydride|amide|diamide|hydrazide)\b)",
                  "igsäure", text)
    words = _element_words()
    # also after a multiplying prefix: tripotassium citrate → Trikaliumcitrat, diiron → Dieisen
    text = re.sub(r"(?<![\w-])((?:di|tri|tetra|penta|hexa)?)([a-z]+)(?=\s|$|\()",
                  lambda m: m[1] + words[m[2]] if m[2] in words else m[0], text)
    # a metal named last in a word, after its ligands: tetracarbonyldihydroiron → …eisen, monobutyltin → …zinn
    text = re.sub(r"(?<=[a-z])(?<=o|l)(iron|tin|lead|copper|mercury|silver|gold|zinc|nickel|bismuth|chromium|titanium|manganese|platinum)(?=\s|$)",
                  lambda m: words[m[1]], text)
    if re.search(r"\(\d[+-]\)", text):  # trihydroxytellurium(1+): Trihydroxytellur(1+)
        text = re.sub("(" + "|".join(words) + r")(?=\(\d[+-]\))", lambda m: words[m[1]], text)
    acids: list[str] = []
    for stem, german in _DE_ACIDS:  # only before 'acid' (citrate stays Citrat, acetate Acetat); uric not in
        # cyanuric or telluric, acetic also inside a word (chloroacetic); kept apart from the e rule below
        before = "" if stem in ("acetic", "carboxylic") else r"(?<![a-z])"
        if re.search(rf"{before}{stem} acid", text):
            acids.append(f"{german}säure")
            text = re.sub(rf"{before}{stem} acid", f"\x00{len(acids) - 1}\x00", text)
    text = text.replace("deoxy", "desoxy")  # 2-Desoxy-D-ribose (German usage; review25d L16)
    # the triple bond's infix '-yn-' is '-in-' in German wherever it stands (Blue Book P-31.1.1; German usage:
    # Ethin, Ethinyl, Propinal, 3-Methyl-1-pentin-3-ol); before the acid's cut, or 'propynoic acid' became
    # '2-Propynsäure' (review25d L15, L3)
    text = re.sub(r"(?<=[a-z])yn(?=[aeiouy]|-|\b)", "in", text)
    for a, b in _DE_SPECIAL:
        text = text.replace(a, b)
    text = re.sub(r"(?<=[a-z])ame\b", "am", text)  # acesulfame → Acesulfam
    # a halogen prefix loses its o (chloroethane → Chlorethan), not the o of 'oxy' (chloroxyborane)
    text = re.sub(r"(iod|chlor|brom|fluor)o(?!x)", r"\1", text)
    text = _DE_E.sub(lambda m: m["keep"] or m[2] or m[3] or m[4], text)
    text = re.sub("\x00(\\d+)\x00", lambda m: acids[int(m[1])], text)
    # '-ylidene' keeps its e before a consonant as '-yliden' (Methyliden; sulfanylideneborane ->
    # Sulfanylidenboran, not 'Sulfanylidneboran': the rule above read the 'ide' of 'ylidene' as chloride's)
    return re.sub(r"ylidne?(?![aeiouäöü])", "yliden", text)


def _de_join(text: str) -> str:
    """German writes the words of a name as one (Natrium formiat → Natriumformiat) but with a hyphen
    before a locant (Glycerin-1,3-dinitrat, Zink-N,N-dimethyldithiocarbamat) and a space before a formula
    in parentheses (Eisenborid (FeB)) or 'Säure' after '-ige'."""
    words = text.split(" ")
    out = words[0]
    for w in words[1:]:
        if w.startswith("(") or re.fullmatch(r"[A-Z]", w):  # Eisenborid (FeB), Chloramin B
            out += " " + w
        elif re.match(r"\d|[A-Za-z]'*(?:,[A-Za-z]'*)*-|\([A-Z]\)-", w) and not out.endswith("-"):
            out += "-" + w
        else:
            out += w
    return out


def _capital(text: str) -> str:
    """German capitalises the first letter of a name, also after locants ('2,3-Dibrompropansäure')."""
    skip = re.match(r"(?:(?:cis|trans|tert|sec|meso|rac)(?:,(?:cis|trans))*-)?", text)
    m = re.compile(r"[A-Za-zäöü](?=[a-zäöü])").search(text, skip.end() if skip else 0)
    return text if m is None else text[:m.start()] + text[m.start()].upper() + text[m.start() + 1:]


_CLASSICAL = {"ferr": "iron", "cupr": "copper", "stann": "tin", "mercur": "mercury", "plumb": "lead", "cobalt": "cobalt",
              "mangan": "manganese"}
_CLASSICAL_STATES = {"ferr": ("II", "III"), "cupr": ("I", "II"), "stann": ("II", "IV"), "mercur": ("I", "II"),
                     "plumb": ("II", "IV"), "cobalt": ("II", "III"), "mangan": ("II", "III")}


def _german(english: str | None, a: _Analysis) -> str | None:
    """A German name from the confirming source's English name where only the spelling differs:
    organic molecules by IUPAC substitutive names ('chloroethane' → 'Chlorethan'), salts as cation
    and anion ('sodium formate' → 'Natriumformiat', 'lead(II) formate' → 'Blei(II)-formiat'), ions
    with '-Ion'. None where no rule applies.

    >>> _de_join(_de_word("glycerol 1,3-dinitrate")), _de_join(_de_word("cyanogen bromide"))
    ('glycerin-1,3-dinitrat', 'bromcyan')
    >>> _de_join(_de_word("boron hydride oxide")), _de_join(_de_word("iron boride (FeB)"))
    ('borhydridoxid', 'eisenborid (FeB)')
    """
    if not english:
        return None
    if a.kind == "ion":
        radical = re.match(r"(.*) radical (anion|cation)$", english)  # Sulfat-Radikalanion
        if radical:
            return _capital(_de_join(_de_word(radical[1]))) + "-Radikal" + radical[2]
        base = re.sub(r"\s*ion$", "", english)
        return _capital(_de_join(_de_word(base))) + "-Ion"
    # the classical names of a metal's two states (ferrous lactate: Eisen(II)-lactat; review25d L2)
    english = re.sub(r"^(ferr|cupr|stann|mercur|plumb|cobalt|mangan)(ous|ic) ", lambda m: f"{_CLASSICAL[m[1]]}"
                     f"({_CLASSICAL_STATES[m[1]][m[2] == 'ic']}) ", english)
    words = english.split(" ", 1)
    cation = _cation_de(words[0]) if len(words) == 2 else None
    if cation is not None:
        anion = _de_join(_de_word(words[1]))
        joint = "-" if cation.endswith(")") or re.match(r"\d|[A-Za-z]'*(?:,[A-Za-z]'*)*-|(?:cis|trans)\b", anion) else ""
        return cation + joint + anion
    if a.kind in ("organic", "molecule", "acid", "salt"):
        # an '-ous acid' is two words in German (selenous acid → Selenige Säure, as schweflige Säure);
        # an '-ic acid' with a Stock number is the element's acid (telluric(VI) acid → Tellursäure)
        english = re.sub(r"ic\([IVX]+\) acid$", "ic acid", english)
        german = _capital(_de_join(_de_word(english)))
        return re.sub(r"igesäure$", "ige Säure", german)
    return None


def _cation_de(word: str) -> str | None:
    """'lead(II)' → 'Blei(II)', 'sodium' → 'Natrium', 'ammonium' → 'Ammonium' (None: not a cation word)."""
    m = re.fullmatch(r"([a-z]+)(\([IVX]+\))?", word)
    if not m:
        return None
    if m[1] == "ammonium":
        return "Ammonium"
    by_name = {name.lower(): e for e in reference()["elements"] if (name := element_name(e, "en"))}
    by_name["aluminum"] = "Al"
    e = by_name.get(m[1])
    if e is None or not (is_metal(e) or m[2]) or element_name(e, "de") is None:  # Po(IV): a Stock number
        return None
    de = element_name(e, "de")
    assert de is not None  # checked above
    return de + (m[2] or "")


# ----------------------------------------------------------------------------------------- public


@dataclass(frozen=True)
class Substance:
    """What the reference says about one formula (the contract is in the module doc)."""

    counts: Mapping[str, int]
    charge: int
    label: str  # "exists" | "transient" | "unknown"
    formula: str
    unicode: str
    name: str | None
    trivial_name: str | None
    oxidation_states: Mapping[str, Fraction] | None  # None: not a known substance
    average: Mapping[str, tuple[int | Fraction, ...]] | None  # element -> individual numbers where atoms differ
    ions: tuple[tuple[str, int, int], ...] | None  # a salt's ions: (ion, charge, count)
    bonding: str  # one of BONDINGS
    bonding_reason: tuple[str, Mapping[str, object]]
    en_difference: float | None
    source: str
    lang: str
    kind: str  # element, ion, salt, acid, organic, molecule, network, metallic (see _public_kind)
    formula_units: int = 1  # the counts hold this many formula units (Cu2Cl4: 2 × CuCl2)
    pubchem_cid: int | None = None
    cas: str | None = None
    parts: tuple[Part, ...] | None = field(default=None, repr=False)  # internal: the ion split
    note: str | None = None  # a sentence in lang: no oxidation numbers (metal-like), kept only in water ...
    note_key: str | None = None  # what the note says: "metal_like", "solution_only", "ether_solution", "hydrate",
    # "disputed_ox", "isomers", "trade_name", "ill_defined", "cold_only" (None: no note)
    ion_units: int = 1  # the ions hold this many formula units (GaCl2: Ga+ and [GaCl4]- are two; PCl5 too)
    hydrate: str | None = None  # the hydrate a school and a supplier have ("Fe(NO3)3·9H2O"), where the data names one
    minerals: tuple[str, ...] = ()  # the IMA minerals of exactly this composition in lang, as shown: Calcit, Aragonit (s16e)

    @property
    def known(self) -> bool:
        """A substance chemistry knows (it exists, or is known only briefly)."""
        return self.label != "unknown"

    def name_in(self, lang: str) -> str | None:
        """The name in another language."""
        return substance(self.formula, lang=lang).name

    def trivial_name_in(self, lang: str) -> str | None:
        return substance(self.formula, lang=lang).trivial_name


def ion_text(formula: str, charge: int) -> str:
    """An ion of ``Substance.ions``: a monoatomic ion as its symbol, a polyatomic one as ``[SO4]2-``.

    >>> ion_text("Fe", 3), ion_text("SO4", -2), ion_text("NH4", 1)
    ('Fe', '[SO4]2-', '[NH4]+')
    """
    if len(parse_formula(formula).counts) == 1 and parse_formula(formula).n_atoms == 1:
        return formula
    return _ascii_ion(formula, charge)


def _source(a: _Analysis) -> str:
    src = reference()["sources"]
    if a.entry is None:
        known = "no vetted record (" + src["identity"] + "; " + src["vetted"] + ")"
    elif a.entry[7]:
        known = a.entry[7] + "; structure: " + src["vetted"]
    elif a.key in reference().get("composable", {}):  # the sweep of the deck's real substances (review25f F1)
        known = f"{src['composable']}: {reference()['composable'][a.key]}"
    else:
        known = f"{src['identity']} (CAS {a.entry[1]}); structure: {src['structures']}"
    return (f"{known}; oxidation numbers: {src['oxidation_numbers']}; Pauling electronegativities: "
            f"{src['elements']}; names and formulas: {nomenclature()['sources']['rules']}")


def _public_kind(a: _Analysis) -> str:
    """The ``kind`` a caller reads, in agreement with the bonding class the games print (recheck25c: it
    said "molecule" for unknown salts such as K3AlF6 and LiCoO2 and for the metal-like FeP): a salt
    wherever the bonding is ionic (an acid stays an acid), "metallic" for a metal-like compound (CrB2,
    FeP: it conducts like a metal), "network" for a covalent network solid (SiO2, SiC, BN), else the
    analysis' own kind (the names read that one).

    >>> [substance(f).kind for f in ("K3AlF6", "FeP", "SiO2", "HgCl2", "NaCl", "CO2", "H2SO4")]
    ['salt', 'metallic', 'network', 'molecule', 'salt', 'molecule', 'acid']

    An ion is an ion whatever it holds (review25f L2: [SnCl6]2- and [Cu(H2O)6]2+ read "molecule"):

    >>> substance("SnCl6", -2).kind, substance("Cu(H2O)6", 2).kind
    ('ion', 'ion')
    """
    if a.bonding == "ion":  # the analysis' kind of a metal's complex ion is the neutral one's ("molecule")
        return "ion"
    if a.reason[0] == "metal_like":
        return "metallic"
    if a.bonding in ("network", "metal_metal"):  # WCl4 chains, [Mo6Cl8]Cl4 clusters linked by halide bridges
        return "network"
    if a.bonding == "ionic" and a.kind not in ("acid", "ion"):
        return "salt"
    return a.kind


def _fmt_state(values: tuple[Fraction, ...]) -> tuple[int | Fraction, ...]:
    return tuple(int(v) if v.denominator == 1 else v for v in values)


@lru_cache(maxsize=16384)
def _extended_solid(a: _Analysis) -> bool:
    """A known solid with no molecule of its own whose formula is a formula unit, like a salt's: a
    network (Si2O4 is two SiO2), a metal-like compound (Bi2Sb2 is two BiSb) or metal atoms bonded in
    clusters and chains (Mo6Cl12 is six MoCl2: [Mo6Cl8]Cl4)."""
    return a.bonding in ("network", "metal_metal")


def oligomer_of(counts: Mapping[str, int]) -> tuple[dict[str, int], int, str] | None:
    """The molecule a composition is the repeating unit of, where the reference knows the composition only as
    rings or chains of it (the data's ``oligomers``, ``tools/vetted_families.OLIGOMERS``): the molecule's counts,
    how many units it holds and its shape; ``None`` for any other composition (a multiple of the unit too).
    NPCl2 exists only as (NPCl2)3, hexachlorocyclotriphosphazene, and larger rings and chains; the monomer
    N≡PCl2 is hypothetical (en.wikipedia 'Hexachlorophosphazene').

    >>> oligomer_of({"N": 1, "P": 1, "Cl": 2})
    ({'Cl': 6, 'N': 3, 'P': 3}, 3, 'ring')
    >>> oligomer_of({"N": 3, "P": 3, "Cl": 6}) is None, oligomer_of({"Na": 1, "Cl": 1}) is None
    (True, True)
    """
    row = reference().get("oligomers", {}).get(reference_key(counts))
    if row is None:
        return None
    n = int(row[1])
    return {e: k * n for e, k in sorted(counts.items())}, n, str(row[2])


def solution_medium(key: str, bonding: str | None, reason: str | None = None) -> str | None:
    """The sentence variant of a substance known only dissolved (``chem.solution_only.<variant>``): its own from the
    data's ``solution_media`` (U(NO3)4 in nitric acid, HBrO), else "hydrate" ("in water or as a hydrate") for an acid
    with the metal in its anion (bonding reason ``metal_acid``: H[AuCl4], HTcO4, kept in water or as a hydrate, review
    s19d, S1) and for a salt whose source names its solid hydrate (the data's ``solution_hydrates``: NaClO·5H2O,
    KI3·H2O); ``None`` (plain "only in water") for the rest: an acid of molecules (HMnO4: Meyers knows no solid, the
    en.wikipedia article a dihydrate; the sentence claims neither, review s17f, L2), and salts of which no source read
    names a solid in any form (KClO, NaHSO3: review s22c).

    >>> solution_medium("N4O12U", "ionic"), solution_medium("CrH2O4", "molecular_exception"), solution_medium("ClKO", "ionic")
    ('nitric_acid', None, None)
    >>> solution_medium("AuCl4H", "ionic", "metal_acid"), solution_medium("ClNaO", "ionic")
    ('hydrate', 'hydrate')
    """
    medium = reference().get("solution_media", {}).get(key)
    if medium:
        return str(medium)
    if reason == "metal_acid" or (key in reference().get("solution_hydrates", {})
                                  and bonding not in ("molecular", "molecular_exception")):
        return "hydrate"
    return None


def oligomer_monomer_gas(counts: Mapping[str, int]) -> int:
    """For a unit of :func:`oligomer_of`, the temperature (°C, in vacuum) at which the source makes the monomer as a gas
    from the ring molecule; 0 where the monomer is not known. NSCl: (NSCl)3 cracks at 100 °C to N≡S-Cl, a green gas
    (en.wikipedia 'Trithiazyl trichloride', s18c); N≡PCl2 is hypothetical.

    >>> oligomer_monomer_gas({"N": 1, "S": 1, "Cl": 1}), oligomer_monomer_gas({"N": 1, "P": 1, "Cl": 2})
    (100, 0)
    """
    row = reference().get("oligomers", {}).get(reference_key(counts))
    return int(row[3]) if row is not None and len(row) > 3 else 0


def decomposes_warm_text(formula: str, row: Sequence[Any], lang: str) -> str:
    """The note of a substance stable at room temperature that decomposes on gentle heating (the data's
    ``decomposes_warm``: lowest and highest °C the sources give, the products, air-sensitive, source; s25b): the range
    of the sources' temperatures, true for each of them, the numbers in ``lang``'s notation (Babel); one temperature
    where the sources agree; and the sentence on air where the row says so.

    >>> decomposes_warm_text("NH4HCO3", [36.5, 60, ["NH3", "CO2", "H2O"], False, ""], "de")
    'NH₄HCO₃ ist bei Raumtemperatur beständig, zerfällt aber schon bei schwachem Erwärmen in NH₃, CO₂ und H₂O: Die Quellen geben dafür 36,5 °C bis 60 °C an.'
    >>> decomposes_warm_text("Na3N", [95, 95, ["Na", "N2"], True, ""], "en")
    'Na₃N is stable at room temperature but decomposes on gentle heating, at about 95 °C, into Na and N₂. Na₃N is sensitive to air: it is handled under argon.'
    """
    from ..core.explanation import AndList
    from ..core.i18n import Num, tr

    low, high, products, air = row[0], row[1], row[2], row[3]

    def num(x: Any) -> Num:
        return Num(x, 0 if float(x).is_integer() else 1)

    args = dict(formula=to_unicode(formula), low=num(low), high=num(high),
                products=AndList(tuple(to_unicode(p) for p in products)).render(lang))
    text = tr(lang, "chem.decomposes_warm" if low != high else "chem.decomposes_warm.one", **args)
    return text + (" " + tr(lang, "chem.decomposes_warm.air", formula=args["formula"]) if air else "")


def substance(formula: str, charge: int = 0, lang: str = "de") -> Substance:
    """What the reference knows about ``formula`` (any element order), in ``lang`` ("de" or "en").

    Raises :class:`SubstanceError` for text that is not a formula or has an unknown element.
    """
    if lang not in LANGS:
        raise SubstanceError(f"language {lang!r} is not one of {LANGS}")
    counts, q = read_formula(formula, charge)
    a = _analyse(tuple(sorted(counts.items())), q)
    units = math.gcd(*counts.values())
    if a.entry is None and a.bonding in ("ionic", "network") and units > 1:  # a salt, or metal-like (Bi2Sb2)
        # a salt's formula is its formula unit: Cu + [CuCl4]2- is two units of CuCl2
        reduced = _analyse(tuple(sorted((e, n // units) for e, n in counts.items())), 0)
        if reduced.entry is not None and (reduced.kind == "salt" or _extended_solid(reduced)):
            a = reduced
    if a.entry is None and not q and counts.get("Hg", 0) % 2:
        # mercury(I) is Hg2 2+: HgCl as the cards build it is half a formula unit of Hg2Cl2
        doubled = _analyse(tuple(sorted((e, 2 * n) for e, n in counts.items())), 0)
        if doubled.entry is not None and set(doubled.states.get("Hg", ())) == {1}:
            a = doubled
    if a.entry is None and not q and (ring := oligomer_of(counts)) is not None:
        # NPCl2 as the cards build it is a third of the ring molecule (NPCl2)3, as HgCl is half of Hg2Cl2 (s16c)
        a = _analyse(tuple(sorted(ring[0].items())), 0)
    units = 1 if a.counts == tuple(sorted(counts.items())) else units
    known = a.entry is not None
    label = LABEL_CODES[a.entry[0]] if a.entry is not None else "unknown"
    name, trivial = _names(a, lang) if known else (None, None)
    averages = {e: sum(v, Fraction(0)) / len(v) for e, v in a.states.items()}  # start: a Fraction, not int 0
    individual = {e: _fmt_state(v) for e, v in a.states.items() if len(set(v)) > 1}
    entry = a.entry or ("", "", 0)
    numbered = known and bool(a.states)  # a metal-like compound (CrB2) has none: see metal_like
    note_key = None
    if known and a.reason[0] == "metal_like":
        note_key = "metal_like"
    elif known and a.key in reference().get("solution_only", {}):
        note_key = "solution_only"  # H2CO3, HClO, NaClO: kept only dissolved in water
    elif known and reference().get("organometallic", {}).get(a.key) == "grignard":
        note_key = "ether_solution"  # CH3MgCl: made and kept only dissolved in ether (review25f F3)
    elif known and a.key in reference().get("trade_name_other", {}):
        note_key = "trade_name"  # CuCO3: the 'copper carbonate' of trade and school is Cu2(OH)2CO3
    elif known and a.key in reference().get("ill_defined", {}):
        note_key = "ill_defined"  # Pb(OH)2, Bi(OH)3: the sources doubt the compound; the note says what is known (s15h)
    elif known and a.key in reference().get("cold_only", {}):
        note_key = "cold_only"  # SCl4: a solid kept only below about -30 °C (s21h)
    elif known and a.key in reference().get("decomposes_warm", {}):
        note_key = "decomposes_warm"  # Na3N: stable at room temperature, decomposes from 87 to 104 °C, air-sensitive (s25b)
    hydrate, disputed = _salt_note(a.key) if known else (None, False)
    if hydrate is not None and hydrate[0].startswith("·"):  # a CRC hydrate row's water: the salt as written here
        hydrate = (a.formula + hydrate[0], hydrate[1])
    if note_key is None and disputed:
        note_key, numbered = "disputed_ox", False  # Sb2S5: no numbers where the handbooks dispute them
    elif note_key is None and hydrate is not None:
        note_key = "hydrate"  # Fe(NO3)3: what a school has is Fe(NO3)3·9H2O
    elif note_key is None and _other_isomer(formula, a):
        note_key = "isomers"  # CH3COOCH3 read as C3H6O2: the reference's substance of it is propanoic acid
    note = None
    if note_key is not None:
        from ..core.explanation import AndList
        from ..core.i18n import tr

        # flag "h": the handbook lists the salt as this hydrate (review25g); without it, a school's and a supplier's
        key = "chem.hydrate.listed" if note_key == "hydrate" and hydrate is not None and "h" in hydrate[1] else None
        medium = solution_medium(a.key, a.bonding, a.reason[0]) if note_key == "solution_only" else None
        key = key or (f"chem.solution_only.{medium}" if medium else None)  # U(NO3)4: in nitric acid, no solid
        other = reference().get("trade_name_other", {}).get(a.key, [""])[0]  # CuCO3: the basic carbonate
        note = tr(lang, key or {"metal_like": "chem.ox.metal_like" + metal_like_text(a.key), "trade_name": "chem.trade_name." + a.formula,
                                "ill_defined": "chem.ill_defined." + a.formula,
                                "cold_only": "chem.cold_only." + a.formula}.get(
                  note_key, "chem." + note_key), other=to_unicode(other), formula=to_unicode(a.formula), hydrate=_hydrate_unicode(hydrate[0]) if hydrate else "",
                  text=to_unicode(formula.strip().translate(_FROM_SUB)), composition=to_unicode(a.key), name=_names(a, lang)[0] or "",
                  numbers=AndList(metal_like_numbers(a.key)).render(lang) if note_key == "metal_like" else "")
        if note_key == "decomposes_warm":  # its own sentence, with the temperatures of the data through Babel
            note = decomposes_warm_text(a.formula, reference()["decomposes_warm"][a.key], lang)
        if hydrate is not None and note_key == "hydrate":
            note += "".join(" " + tr(lang, "chem.hydrate." + f, formula=to_unicode(a.formula)) for f in hydrate[1] if f != "h")
            found = reference().get("hydrate_minerals", {}).get(a.key)
            if found:  # the hydrate is an IMA mineral's ideal formula: tschermigite NH4Al(SO4)2·12H2O (s16e)
                note += " " + tr(lang, "chem.hydrate.mineral", minerals=", ".join(mineral_name(m, lang) for m in found),
                                 hydrate=_hydrate_unicode(hydrate[0]))
    ions_: tuple[tuple[str, int, int], ...] | None = None
    ion_units = 1
    formula = a.formula
    solid: Any = reference().get("ions_in_solid", {}).get(a.key) if known else None
    if known and a.kind == "salt" and solid:
        # PCl5: [PCl4]+ and [PCl6]- in the solid; a salt the ion table cannot split (GaCl2 = Ga+[GaCl4]-,
        # sodium tartrate) or splits into single atoms ((NH4)2MoS4: [MoS4]2-, not Mo6+ and S2-): its record's
        # ions (the data's ions_in_solid), over ion_units formula units
        ions_ = tuple((str(f), int(c), int(n)) for f, c, n in solid)
        ion_units = _ion_units(ions_, dict(a.counts)) or 0
        ions_ = ions_ if ion_units else None
        ion_units = ion_units or 1
        # (its formula, K[ICl2] with the complex in brackets, is the data's: make_substances.bracketed_salt)
    elif known and a.kind == "salt" and a.parts and a.reason[0] != "ionic_solid":
        ions_ = _solid_ion_list(a.parts)
    return Substance(
        counts=FrozenDict(counts), charge=q, label=label, formula=formula, formula_units=units,
        unicode=to_unicode(formula), name=name, trivial_name=trivial,
        oxidation_states=FrozenDict(averages) if numbered else None,
        average=FrozenDict(individual) if numbered else None, ions=ions_, bonding=a.bonding,
        en_difference=a.en_difference, bonding_reason=a.reason, source=_source(a), lang=lang, kind=_public_kind(a),
        pubchem_cid=entry[2] or None, cas=entry[1] or None,
        parts=a.parts, note=note, note_key=note_key, ion_units=ion_units, hydrate=hydrate[0] if hydrate else None,
        minerals=tuple(mineral_name(m, lang, (name, trivial)) for m in reference().get("minerals", {}).get(a.key, ()))
        if known else ())


def mineral_name(row: Sequence[str | None], lang: str, said: Sequence[str | None] = ()) -> str:
    """An IMA mineral of the data's ``minerals`` table ([IMA name, German name or None, IMA formula]) in ``lang``:
    the German name where a German source gives one (tools/mineral_names.py); where none does, German text marks the
    IMA name as such ("IMA-Name Tolbachite", catalog ``chem.mineral_ima_name``, s19e): an English-only name must not
    pass for a German one, and no German form is made up by a rule such as "-ite -> -it" (Sylvin, Kalomel, Baryt
    break it). A name the German text already uses for the substance (``said``: its name or trivial name, the German
    compound "Allantoin" beside the mineral allantoin) is a German word and stays unmarked. English writes the IMA name
    in lower case.

    >>> mineral_name(["Calcite", "Calcit", "Ca(CO3)"], "de"), mineral_name(["Tolbachite", None, "CuCl2"], "de")
    ('Calcit', 'IMA-Name Tolbachite')
    >>> mineral_name(["Allantoin", None, "C4H6N4O3"], "de", ("Allantoin", None))
    'Allantoin'
    >>> mineral_name(["Calcite", "Calcit", "Ca(CO3)"], "en"), mineral_name(["Tolbachite", None, "CuCl2"], "en")
    ('calcite', 'tolbachite')
    """
    if lang == "de":
        from ..core.i18n import tr  # the catalogs load on the first note, not at import (as in substance())

        if row[1] or str(row[0]).lower() in {str(w).lower() for w in said if w}:
            return str(row[1] or row[0])
        return tr(lang, "chem.mineral_ima_name", name=str(row[0]))
    return str(row[0])[0].lower() + str(row[0])[1:]  # English writes a mineral's name in lower case


def _condensed(formula: str) -> str:
    """A condensed organic formula written one way: ethyl as CH3CH2 (``C2H5OH`` and ``CH3CH2OH`` are one text)."""
    return formula.strip().translate(_FROM_SUB).replace("C2H5", "CH3CH2")


def _other_isomer(text: str, a: _Analysis) -> bool:
    """Is ``text`` a condensed structural formula of an organic molecule (an element written in two places:
    ``CH3COOCH3``) that is not the formula of the substance the reference holds for its composition? The
    reference reads a formula as a composition in any order; for C3H6O2 it holds propanoic acid, so the answer
    to ``CH3COOCH3`` (methyl acetate) names another isomer and says so in its note (review25f). Its own formulas
    and the Hill formula are no other isomer.

    >>> _other_isomer("CH3CH2OH", _analyse((("C", 2), ("H", 6), ("O", 1)), 0))
    False
    >>> _other_isomer("CH3COOCH3", _analyse((("C", 3), ("H", 6), ("O", 2)), 0))
    True
    """
    if a.entry is None or a.kind != "organic":
        return False
    plain = re.sub(r"\([^()]*\)", "", text.strip().translate(_FROM_SUB))  # a group in parentheses is one place
    symbols = re.findall(r"[A-Z][a-z]?", plain)
    if "C" not in symbols or len(symbols) == len(set(symbols)):
        return False  # a molecular formula (C3H6O2, CH4O), not a structure
    cond = nomenclature()["condensed"].get(a.key)
    own = {_condensed(a.formula), _condensed(a.key)} | ({_condensed(cond["formula"])} if isinstance(cond, dict) else set())
    return _condensed(text) not in own


def _salt_note(key: str) -> tuple[tuple[str, str] | None, bool]:
    """A known composition's hydrate (its formula and the flags of ``tools/vetted_substances.HYDRATES``) and
    whether its oxidation numbers are disputed (``DISPUTED_OX``), as the data file holds them.

    >>> _salt_note("AlN3O9"), _salt_note("S5Sb2"), _salt_note("ClNa")
    ((('Al(NO3)3·9H2O', 'd'), False), (None, True), (None, False))
    """
    row = reference().get("hydrates", {}).get(key)
    return ((str(row[0]), str(row[1])) if row else None), key in reference().get("disputed_ox", {})


def _hydrate_unicode(hydrate: str) -> str:
    """A hydrate's formula as a textbook prints it: ``Fe(NO₃)₃ · 9 H₂O``.

    >>> _hydrate_unicode("Fe(NO3)3·9H2O")
    'Fe(NO₃)₃ · 9 H₂O'
    """
    salt, _dot, water = hydrate.partition("·")
    n, h2o = re.fullmatch(r"(\d*)(H2O)", water).groups()  # type: ignore[union-attr]
    return f"{to_unicode(salt)} · {n + ' ' if n else ''}{to_unicode(h2o)}"


def _ion_body(ion: str) -> str:
    """An ion's atoms without its brackets and charge, as the data's ion lists write it.

    >>> _ion_body("[GaCl4]-"), _ion_body("[TiF6]2-"), _ion_body("K")
    ('GaCl4', 'TiF6', 'K')
    """
    return re.sub(r"^\[(.*)\]\d*[+-]$", r"\1", ion)


def _solid_ion_list(parts: tuple[Part, ...]) -> tuple[tuple[str, int, int], ...]:
    """The ions a salt's solid holds, from its ion split: each part with each of its charges, but a ``formal`` ion
    (aluminate AlO2-, chromite CrO2-: no discrete ion in any solid) as the monoatomic ions of its atoms, as the
    same structures are written where the table has no formal ion (review s19d M-b, s19g): NaCrO2 and NaFeO2 are both
    alpha-NaFeO2-type layers of Na+ and M3+ between close-packed O2- (Na+, Cr3+, O2- as Na+, Fe3+, O2-), NaAlO2 and
    NaFeO2 the same tetrahedral beta forms.

    >>> _solid_ion_list(substance("NaCrO2").parts)
    (('Na', 1, 1), ('Cr', 3, 1), ('O', -2, 2))
    >>> _solid_ion_list(substance("K2SO4").parts)
    (('K', 1, 2), ('[SO4]2-', -2, 1))
    """
    out: dict[tuple[str, int], int] = {}
    for p in parts:
        if p.ion is not None and p.ion.formal:
            atoms = dict(p.ion.counts)
            for e, q in _split_numbers(p.ion):
                out[e, q] = out.get((e, q), 0) + atoms[e] * p.count
            continue
        for q in sorted(set(p.charges)):
            key = (ion_text(p.formula, q), q)
            out[key] = out.get(key, 0) + p.charges.count(q)
    return tuple((f, q, n) for (f, q), n in out.items())


def _ion_units(ions_: tuple[tuple[str, int, int], ...], counts: Mapping[str, int]) -> int | None:
    """How many formula units the ions hold (Ga+ and [GaCl4]- are two of GaCl2); None where they are no
    whole number of units.

    >>> _ion_units((("Ga", 1, 1), ("[GaCl4]-", -1, 1)), {"Ga": 1, "Cl": 2}), _ion_units((("Na", 1, 1), ("Cl", -1, 1)), {"Na": 1, "Cl": 1})
    (2, 1)
    """
    held = Counter[str]()
    for f, _c, n in ions_:
        for e, k in parse_formula(_ion_body(f)).counts.items():
            held[e] += k * n
    units = {held[e] // counts[e] if held[e] % counts[e] == 0 else 0 for e in counts} if set(held) == set(counts) else {0}
    return units.pop() if len(units) == 1 and 0 not in units else None


def absent_groups(counts: Mapping[str, int], charge: int = 0) -> frozenset[str]:
    """The groups of atoms (reference keys, ``"HO-1"`` for OH-) whose atoms a known molecule holds but
    whose bonds its structure lacks, where its oxidation numbers cannot tell (the data's
    ``absent_groups``, from the record's structure by ``tools/make_substances.py``): isocyanic acid
    H-N=C=O has no O-H bond, phosphoric acid no H3O+. Empty for a composition with no record.

    >>> sorted(absent_groups({"C": 1, "H": 1, "N": 1, "O": 1})), sorted(absent_groups({"H": 2, "O": 4, "S": 1}))
    (['HO-1'], [])
    """
    return frozenset(reference().get("absent_groups", {}).get(reference_key(counts, charge), ()))


#: the halogens whose binary metal halides the structure rule below compares (fluorides differ too often: AlF3 is a
#: salt, AlCl3 is not; SnF4 a polymer, SnCl4 molecules)
HEAVY_HALOGENS = ("Cl", "Br", "I")


def unread_structure_sibling(counts: Mapping[str, int]) -> str | None:
    """s20d's rule for a known binary metal chloride, bromide or iodide whose solid no source of the reference
    describes (no row of ``solid_structures``): where another of these halides of the same metal in the same
    oxidation state has such a row and is no salt of ions, that halide's key; ``None`` otherwise. The card then
    does not call the compound a salt of ions (as the school rule would), but says that the sources do not
    describe its solid and that the sibling is no salt: PtI2 and PtBr2 beside PtCl2 (a polymer or Pt6Cl12
    molecules, von Schnering et al. 2003). Nothing is claimed about the compound's own structure.

    >>> unread_structure_sibling({"Pt": 1, "I": 2}), unread_structure_sibling({"Pt": 1, "Cl": 2})
    ('Cl2Pt', None)
    >>> unread_structure_sibling({"Na": 1, "Cl": 1}) is None
    True
    """
    counts = dict(counts)
    metals = [e for e in counts if is_metal(e)]
    halogens = [e for e in counts if e in HEAVY_HALOGENS]
    if len(counts) != 2 or len(metals) != 1 or len(halogens) != 1:
        return None
    rows = reference().get("solid_structures", {})
    known = reference()["substances"]
    entry = known.get(reference_key(counts))
    if entry is None or entry[6] != "i" or reference_key(counts) in rows:  # a salt by the school rule, no row of its own
        return None
    metal, halogen = metals[0], halogens[0]
    for other in HEAVY_HALOGENS:
        key = reference_key({metal: counts[metal], other: counts[halogen]})
        row = rows.get(key)
        if other != halogen and row is not None and not row.get("ions") and key in known:
            return key
    return None


def _group_part(label: str, count: int) -> Part:
    try:
        f = parse_formula(label)
    except FormulaError as e:
        raise SubstanceError(str(e)) from None
    body = re.sub(r"^\[|\][^\]]*$", "", label)
    ion = next((i for i in ions() if dict(i.counts) == f.counts and (not f.charge or i.charge == f.charge)), None)
    charge = f.charge or (ion.charge if ion else 0)
    if ion is None:
        ion = Ion(body, charge, tuple(sorted(f.counts.items())), body, body)
    return Part(ion.formula, count, (charge,) * count, ion)


def textbook_formula(parts: Iterable[tuple[str, int]] | Mapping[str, int]) -> str:
    """The textbook formula of the units a game lays, in any order.

    ``parts`` are ``(unit, count)`` pairs (or a mapping): element symbols, or polyatomic groups written
    ``"[SO4]2-"``, ``"[NH4]+"`` or without charge ``"[SO4]"`` (the charge is then looked up). Cations
    come first, polyatomic ions in parentheses with their count, molecules in the IUPAC element
    sequence (NH3, H2O), organic molecules in Hill order or as their known condensed formula.
    For a known substance the result is ``substance()``'s formula of all the atoms together: the ions
    chemists see, not the groups as laid (``[UO2]2+`` with ``O`` is uranium(VI) oxide, UO3). A
    composition chemistry does not know keeps the groups as laid (each one unit), its single atoms
    split only where :func:`_unknown_split` allows. Units that make an ion give its formula ``'[SO4]2-'``.

    >>> textbook_formula([("[SO4]2-", 3), ("Fe", 2)])
    'Fe2(SO4)3'
    >>> textbook_formula([("[OH]-", 2), ("Ca", 1)]), textbook_formula({"Cl": 1, "[NH4]+": 1})
    ('Ca(OH)2', 'NH4Cl')
    >>> textbook_formula([("H", 3), ("N", 1)]), textbook_formula([("O", 1), ("H", 2)])
    ('NH3', 'H2O')
    >>> textbook_formula([("H", 4), ("C", 1)]), textbook_formula([("H", 2), ("S", 1)])
    ('CH4', 'H2S')
    >>> textbook_formula([("[ClO]-", 1), ("Ca", 1), ("[OH]-", 1)]), textbook_formula({"Ca": 1, "Cl": 1, "O": 2, "H": 1})
    ('Ca(ClO)(OH)', 'CaHClO2')
    """
    items = list(parts.items()) if isinstance(parts, Mapping) else list(parts)
    counts: dict[str, int] = {}
    groups: list[Part] = []
    for label, n in items:
        if n < 1:
            continue
        if label.startswith("[") or len(parse_formula(label).counts) > 1 or parse_formula(label).n_atoms > 1:
            part = _group_part(label, n)
            assert part.ion is not None  # _group_part always gives the group's ion
            groups.append(part)
            for e, k in part.ion.counts:
                counts[e] = counts.get(e, 0) + k * n
        else:
            counts[label] = counts.get(label, 0) + n
    if not counts:
        raise SubstanceError("no units to write")
    singles = any(not label.startswith("[") and parse_formula(label).n_atoms == 1 for label, n in items if n > 0)
    charge = 0 if singles else sum(sum(p.charges) for p in groups)
    whole = _analyse(tuple(sorted(counts.items())), charge)
    merged: dict[Ion, int] = {}  # one part per kind of group, however often it was given
    for p in groups:
        assert p.ion is not None  # see above
        merged[p.ion] = merged.get(p.ion, 0) + p.count
    laid = tuple(Part(ion.formula, n, (ion.charge,) * n, ion) for ion, n in merged.items() if ion.charge)
    if laid and not charge and whole.entry is None:
        # a composition chemistry does not know is written with the groups as laid (they are real ions:
        # the cards' [ClO]- and [OH]- make Ca(ClO)(OH)); substance() alone would write its atoms (CaHClO2)
        split = decompose(dict(sorted(counts.items())), 0, laid)  # sorted: ties break alike in any order
        if split is not None:
            return _parts_formula(split)
    return whole.formula
