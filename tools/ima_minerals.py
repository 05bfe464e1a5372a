"""The IMA list of minerals (an extract shipped in ``tools/ima_minerals.tsv``) read as compositions.

The extract holds the name and the ideal IMA chemistry of every mineral of the RRUFF "IMA Database of
Mineral Properties" export of 2022-02-28 whose formula names only elements the deck of Das
Chemie-Kartenspiel has cards for (the header of the file names the source, its version and licence).
``tools/composable_real.py`` crosses the deck's compositions with it (session 15, s15c).

An IMA formula is a crystal-chemical formula, not a composition: ``Fe2+`` is an iron(II) site (the
charge, not a count: ``Fe2+3Al2(SiO4)3`` holds 3 Fe), ``[box]`` a vacant site, ``·8H2O`` water of
crystallization, square and curly brackets group as parentheses do. Only a formula with one ideal
composition is read; every other one is skipped with its reason:

* ``solid solution``: a comma between alternative occupants of a site, ``(Mg,Fe)2SiO4``;
* ``variable``: a variable or a range, ``x``, ``n``, ``Cu2-xSe``, ``10-12H2O``, ``≈``, ``<``, ``Σ``;
* ``questioned``: ``(?)``, or a note in words after the formula;
* ``fractional``: a non-integer site content, ``Ca0.2CrS2·2H2O`` (a fractional count of water of
  crystallization, ``CaSO4·0.5H2O``, is ideal: the formula is read doubled);
* ``charge``: a negative charge written on a site (``S2-``), which this reader does not split from counts;
* ``unparsed``: anything else (an element symbol the periodic table lacks).

>>> parse_ima("Fe2+3Al2(SiO4)3")
({'Al': 2, 'Fe': 3, 'O': 12, 'Si': 3}, 1)
>>> parse_ima("Ca(SO4)·0.5H2O")
({'Ca': 2, 'H': 2, 'O': 9, 'S': 2}, 2)
>>> parse_ima("[box]Ca2Mg5Si8O22(OH)2")[0]['Mg']
5
>>> parse_ima("Ca4Si6O17(H2O)2·(Ca·3H2O)")[0]
{'Ca': 5, 'H': 10, 'O': 22, 'Si': 6}
>>> skip_reason("(Mg,Fe)2SiO4"), skip_reason("Cu2-xSe (x ≈ 0.12)"), skip_reason("Ca0.2CrS2·2H2O")
('solid solution', 'variable', 'fractional')
"""
from __future__ import annotations

import math
import re
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

EXTRACT = Path(__file__).resolve().parent / "ima_minerals.tsv"

# the periodic table's symbols (a formula naming any other capitalised token is not read)
_SYMBOLS = frozenset("""H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se
Br Kr Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta
W Re Os Ir Pt Au Hg Tl Pb Bi Po At Rn Fr Ra Ac Th Pa U Np Pu Am Cm""".split())
_NUMBER = r"\d+(?:\.\d+)?"


#: IMA names the IMA-CNMNC discredited after the extract's export of 2022-02-28, with the source: a mineral that is no
#: species is named beside no composition (``compositions`` leaves it out; ``minerals`` keeps the extract as shipped).
#: Review s21c: LiMnPO4 was "als Mineral: Lithiophilit, IMA-Name Sicklerite", though sicklerite is a partly oxidised,
#: Li-poor phase between lithiophilite and purpurite (Handbook of Mineralogy: 'Association: Sicklerite' of lithiophilite).
DISCREDITED: dict[str, str] = {
    name: "Lyalina, Selivanova & Hatert, 'Nomenclature of the triphylite group of minerals', Eur. J. Mineral. 35 (2023) "
          "427, doi 10.5194/ejm-35-427-2023 (IMA-CNMNC-accepted: 'Ferrisicklerite and sicklerite correspond to "
          "intermediate phases in the triphylite-heterosite and lithiophilite-purpurite solid solutions; consequently, "
          "according to the CNMNC dominant-constituent rule, they are discredited')"
    for name in ("Sicklerite", "Ferrisicklerite")
}


class ImaFormulaError(ValueError):
    """A formula this reader does not turn into one composition; ``reason`` names the class."""

    def __init__(self, reason: str, formula: str) -> None:
        super().__init__(f"{reason}: {formula}")
        self.reason = reason


def skip_reason(formula: str) -> str | None:
    """Why a formula has no single ideal composition this reader takes (None: it has one)."""
    try:
        parse_ima(formula)
    except ImaFormulaError as exc:
        return exc.reason
    return None


def _classify(formula: str) -> None:
    if re.search(r"\[box\]\d*\.\d", formula):
        raise ImaFormulaError("fractional", formula)  # a site partly vacant, (Al0.67[box]0.33)
    text = formula.replace("[box]", "")  # a vacancy, no variable 'x'
    if "(?)" in text or " " in text.strip():
        # a space is a note after the formula: '(x ≈ 0.12)', '[x ≈ 0.5]', '(15≤n≤24)', '(?)'
        raise ImaFormulaError("variable" if re.search(r"[xyzn]\s*[=≈<≤]|[≈≤<]", text) else "questioned", text)
    if "," in text:
        raise ImaFormulaError("solid solution", text)
    if re.search(r"[≈<>≤Σ~]|<i>", text) or re.search(r"(?<![A-Z])[xyzn](?![a-z])", text) \
            or re.search(r"\d-\d", text):
        raise ImaFormulaError("variable", text)
    if "-" in text:
        raise ImaFormulaError("charge", text)


def parse_ima(formula: str) -> tuple[dict[str, int], int]:
    """The composition of an ideal IMA formula and the factor it was multiplied by (2 where water of
    crystallization comes in halves); raises ``ImaFormulaError`` for a formula without one."""
    text = formula.strip()
    _classify(text)
    text = re.sub(r"\[box\]\d*", "", text).replace("{", "(").replace("}", ")").replace("[", "(").replace("]", ")")
    pos = 0

    def number() -> Fraction | None:
        nonlocal pos
        m = re.compile(_NUMBER).match(text, pos)
        if not m:
            return None
        pos = m.end()
        return Fraction(m.group())

    def group() -> Counter:
        """element [charge] [count] | '(' formula ')' [count]"""
        nonlocal pos
        if text.startswith("(", pos):
            pos += 1
            inner = dotted()
            if not text.startswith(")", pos):
                raise ImaFormulaError("unparsed", formula)
            pos += 1
            part = inner
        else:
            m = re.compile(r"[A-Z][a-z]?").match(text, pos)
            if not m or m.group() not in _SYMBOLS:
                raise ImaFormulaError("unparsed", formula)
            pos = m.end()
            # a site charge: one digit and '+' (Fe2+, Cu1+, U4+, S6+); the count follows it
            c = re.compile(r"\d\+").match(text, pos)
            if c:
                pos = c.end()
            part = Counter({m.group(): Fraction(1)})
        n = number()
        if n is not None:
            part = Counter({e: v * n for e, v in part.items()})
        return part

    def term() -> Counter:
        """[coefficient] group+ (a term after a hydrate dot may start with its count: 8H2O, 2NH3)"""
        nonlocal pos
        coefficient = number() or Fraction(1)
        total: Counter = Counter()
        while pos < len(text) and text[pos] not in ")·":
            total.update(group())
        if not total:
            raise ImaFormulaError("unparsed", formula)
        return Counter({e: v * coefficient for e, v in total.items()})

    def dotted() -> Counter:
        nonlocal pos
        total = term()
        while text.startswith("·", pos):
            pos += 1
            total.update(term())
        return total

    counts = dotted()
    if pos != len(text):
        raise ImaFormulaError("unparsed", formula)
    # a fractional count is ideal only in water of crystallization ('·0.5H2O', '·1.5H2O')
    fractional = {e for e, v in counts.items() if v.denominator != 1}
    if fractional:
        water = re.search(r"·(\d+\.\d+)H2O$", formula)
        if not water or re.search(r"\d\.\d", formula[:water.start()]):
            raise ImaFormulaError("fractional", formula)
    factor = math.lcm(*(v.denominator for v in counts.values()))
    return {e: int(v * factor) for e, v in sorted(counts.items())}, factor


@lru_cache(maxsize=1)
def minerals() -> tuple[tuple[str, str], ...]:
    """(name, IMA formula) of every row of the shipped extract, in its order."""
    rows = []
    for line in EXTRACT.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, formula = line.split("\t")
        rows.append((name, formula))
    return tuple(rows)


@lru_cache(maxsize=1)
def compositions() -> dict[tuple[tuple[str, int], ...], list[tuple[str, str]]]:
    """Composition (sorted (element, count) pairs, as ``composable()`` keys them) -> [(name, formula)]
    of every mineral of the extract with one ideal composition, the discredited ones (``DISCREDITED``) left out.

    >>> [n for n, _f in compositions()[(("Li", 1), ("Mn", 1), ("O", 4), ("P", 1))]]
    ['Lithiophilite']
    """
    out: dict[tuple[tuple[str, int], ...], list[tuple[str, str]]] = {}
    for name, formula in minerals():
        if name in DISCREDITED:
            continue
        try:
            counts, _factor = parse_ima(formula)
        except ImaFormulaError:
            continue
        out.setdefault(tuple(sorted(counts.items())), []).append((name, formula))
    return out


def parse_report() -> dict[str, int]:
    """How many formulas of the extract were read and why the rest were skipped."""
    tally: Counter = Counter()
    for _name, formula in minerals():
        tally[skip_reason(formula) or "parsed"] += 1
    return dict(tally)
