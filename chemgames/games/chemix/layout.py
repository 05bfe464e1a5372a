"""The chemistry of a compound card, computed from its layout: the formula read as the cards,
the atom count, the oxidation numbers (SymPy solves for the one element not fixed), the molar mass.

>>> read_as_cards(("H", "2", "O")).render("de")
'H + „2“ + O'
>>> atom_counts(("C", "H", "3", "C", "O", "O", "H"))
{'C': 2, 'H': 4, 'O': 2}
>>> ox = oxidation(("H", "2", "O", "2"))
>>> ox.numbers, ox.solved
({'H': 1, 'O': -1}, 'O')
>>> ox.equation.text
'2·(+1) + 2·(−1) = 0'
>>> oxidation(("C", "2", "H", "2")).numbers["C"]
-1
>>> round(molar_mass(("H", "2", "O")).value, 2)
18.02
"""
from __future__ import annotations

import html
import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from ...chemistry import ChargeTerm, balance_equation
from ...chemistry.balance import Equation, signed
from ...chemistry.masses import MolarMassLine, molar_mass_line
from ...core.explanation import MsgList, Quoted
from .cards import MULTIPLIERS

Layout = tuple[str, ...]


@dataclass(frozen=True)
class MathText:
    """A formula line shown beside an explanation step: plain text and presentation MathML."""

    text: str
    mathml_text: str

    def mathml(self) -> str:
        return self.mathml_text

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "mathml": self.mathml_text}


def read_as_cards(layout: Layout) -> MsgList:
    """The cards of a layout in order, a multiplier in the quotation marks of the language it is read
    in ("O + „2“", "O + “2”"; a record keeps 'O + "2"', ``chemgames.record.events.simple``).

    >>> read_as_cards(("O", "2")).render("de"), read_as_cards(("O", "2")).render("en")
    ('O + „2“', 'O + “2”')
    """
    return MsgList(tuple(Quoted(t) if t in MULTIPLIERS else t for t in layout), sep=" + ")


def groups(layout: Layout) -> tuple[tuple[str, int], ...]:
    """(element, index) in written order: a multiplier card is the index of the element before it.

    >>> groups(("Na", "2", "C", "O", "3"))
    (('Na', 2), ('C', 1), ('O', 3))
    """
    out: list[tuple[str, int]] = []
    for t in layout:
        if t in MULTIPLIERS:
            if not out:
                raise ValueError("a layout cannot start with a multiplier")
            symbol, _ = out[-1]
            out[-1] = (symbol, int(t))
        else:
            out.append((t, 1))
    return tuple(out)


def atom_counts(layout: Layout) -> dict[str, int]:
    """Atoms of each element, in the order the elements first appear."""
    counts: dict[str, int] = {}
    for symbol, n in groups(layout):
        counts[symbol] = counts.get(symbol, 0) + n
    return counts


def atom_count_text(layout: Layout) -> MathText:
    """``2 H + 1 O = 3`` as text and MathML."""
    counts = atom_counts(layout)
    total = sum(counts.values())
    text = " + ".join(f"{n} {s}" for s, n in counts.items()) + f" = {total}"
    cells = "<mo>+</mo>".join(f"<mn>{n}</mn><mi mathvariant='normal'>{s}</mi>" for s, n in counts.items())
    return MathText(text, f"<math><mrow>{cells}<mo>=</mo><mn>{total}</mn></mrow></math>")


@lru_cache(maxsize=1)
def _fixed() -> tuple[tuple[str, int], ...]:
    data = json.loads(resources.files(__package__).joinpath("data", "oxidation.json").read_text("utf-8"))
    return tuple((s, int(q)) for s, q in data["fixed"])


@dataclass(frozen=True)
class Oxidation:
    """Oxidation numbers of a compound: the fixed ones, the solved one, the balance."""

    numbers: dict[str, int]
    solved: str
    equation: Equation
    solution: MathText


@lru_cache(maxsize=256)
def oxidation(layout: Layout) -> Oxidation:
    """Fix the common oxidation numbers, solve the remaining element with SymPy (sum = 0)."""
    import sympy

    counts = atom_counts(layout)
    fixed_order = [s for s, _ in _fixed() if s in counts]
    rank = {s: q for s, q in _fixed()}
    unfixed = [s for s in counts if s not in rank]
    if len(counts) == 1:
        solved = next(iter(counts))
        fixed: dict[str, int] = {}
    else:
        solved = unfixed[-1] if unfixed else fixed_order[-1]
        fixed = {s: rank[s] for s in counts if s != solved}
        if len(unfixed) > 1:  # pragma: no cover - no card has two elements without a common number
            raise ValueError(f"two elements without a fixed oxidation number in {layout}")
    x = sympy.Symbol(f"x_{solved}")
    lhs = sum((sympy.Integer(counts[s]) * sympy.Integer(q) for s, q in fixed.items()), sympy.Integer(0))
    equation_x = sympy.Eq(lhs + counts[solved] * x, 0)
    value = int(sympy.solve(equation_x, x)[0])
    numbers = {s: (value if s == solved else fixed[s]) for s in counts}
    terms = tuple(ChargeTerm(s, counts[s], numbers[s]) for s in counts)
    known = " + ".join(f"{counts[s]}·({signed(q)})" for s, q in fixed.items())
    text = (f"{known} + " if known else "") + f"{counts[solved]}·x({solved}) = 0 ⇒ x({solved}) = {signed(value)}"
    mml = sympy.printing.mathml(equation_x, printer="presentation")
    mathml = (f"<math><mrow>{mml}<mo>⇒</mo><msub><mi>x</mi><mi mathvariant='normal'>{html.escape(solved)}</mi></msub>"
              f"<mo>=</mo><mn>{html.escape(signed(value))}</mn></mrow></math>")
    return Oxidation(numbers, solved, balance_equation(terms), MathText(text, mathml))


@dataclass(frozen=True)
class MolarMass:
    value: float
    math: MolarMassLine


@lru_cache(maxsize=256)
def molar_mass(layout: Layout) -> MolarMass:
    """M = Σ count · M(element) with each element's one printed atomic mass; the printed terms add
    up to the printed total (``chemgames.chemistry.masses``).

    >>> molar_mass(("C", "H", "4")).math.in_lang("de").text
    '1 · 12,01 + 4 · 1,01 = 16,05 g/mol'
    """
    line = molar_mass_line(atom_counts(layout))
    return MolarMass(line.value, line)


__all__ = ["MathText", "Oxidation", "MolarMass", "atom_count_text", "atom_counts", "groups", "molar_mass",
           "oxidation", "read_as_cards"]
