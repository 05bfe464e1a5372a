"""Charge balance: do cards with their charges add up to zero?

The engine's arithmetic is plain Python (integer sums, ``math.gcd``): a move never waits for SymPy,
whose import takes ~12 s in Pyodide on a loaded classroom laptop (issue 28). SymPy is the checker
in the tests (``tests/test_balance_plain.py`` compares both on generated cases) and builds the
symbolic expression (:attr:`Equation.expr`) only when something asks for it.

Under this game's rule every card of one element takes the same charge within a compound, so a
compound is a list of terms ``count · charge``:

>>> eq = balance_equation((ChargeTerm("Fe", 2, 3), ChargeTerm("O", 3, -2)))
>>> eq.text
'2·(+3) + 3·(−2) = 0'
>>> eq.balanced
True
>>> find_charges({"Fe": 2, "O": 3}, {"Fe": (2, 3), "O": (-2,)})
{'Fe': 3, 'O': -2}
>>> find_zero_part([ChargeTerm("Fe", 1, 3), ChargeTerm("Cu", 1, 2), ChargeTerm("Cl", 1, -1), ChargeTerm("O", 2, -2)])
[('Cu', 1), ('O', 1)]
>>> smallest_counts((3, -2))
(2, 3)
"""
from __future__ import annotations

import html
import itertools
import math
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Iterator, Mapping, Sequence

from ..core.i18n import minus


@dataclass(frozen=True)
class ChargeTerm:
    """``count`` cards (or charged groups) labelled ``label``, each with ``charge``."""

    label: str
    count: int
    charge: int


def signed(n: int) -> str:
    """``+3``, ``−2`` (with a real minus sign), ``0``.

    >>> signed(-2), signed(3), signed(0)
    ('−2', '+3', '0')
    """
    return minus(n, plus=True)


@dataclass(frozen=True)
class Equation:
    """The charge balance of a compound: ``Σ count·charge = total``."""

    terms: tuple[ChargeTerm, ...]

    @cached_property
    def expr(self) -> Any:
        """The SymPy expression (unevaluated, so it reads as the cards were laid); imports SymPy on
        first use, so only a caller that wants the symbolic form pays for it."""
        import sympy

        parts = [sympy.Mul(sympy.Integer(t.count), sympy.Integer(t.charge), evaluate=False) for t in self.terms]
        return sympy.Add(*parts, evaluate=False) if len(parts) > 1 else parts[0]

    @cached_property
    def total(self) -> int:
        """The total charge: a plain integer sum (the tests check it against SymPy's ``expr.doit()``).

        >>> balance_equation((ChargeTerm("Na", 1, 1), ChargeTerm("O", 1, -2))).total
        -1
        """
        return sum(t.count * t.charge for t in self.terms)

    @property
    def balanced(self) -> bool:
        return self.total == 0

    @property
    def text(self) -> str:
        lhs = " + ".join(f"{t.count}·({signed(t.charge)})" for t in self.terms)
        return f"{lhs} = {signed(self.total) if self.total else 0}"

    def latex(self) -> str:
        return self._latex

    @cached_property
    def _latex(self) -> str:
        """The terms in the order the cards were laid, as the text and the MathML show them (SymPy's
        printer would sort them: ``3 (-2) + 2 3``).

        >>> print(balance_equation((ChargeTerm("Fe", 2, 3), ChargeTerm("O", 3, -2))).latex())
        2 \\cdot \\left(+3\\right) + 3 \\cdot \\left(-2\\right) = 0
        """
        lhs = " + ".join(rf"{t.count} \cdot \left({t.charge:+d}\right)" for t in self.terms)
        return f"{lhs} = {self.total:+d}" if self.total else f"{lhs} = 0"

    def mathml(self) -> str:
        return self._mathml

    @cached_property
    def _mathml(self) -> str:
        """Presentation MathML with each term labelled by its card (renders natively in browsers)."""
        cells = []
        for i, t in enumerate(self.terms):
            if i:
                cells.append("<mo>+</mo>")
            term = (f"<mrow><mn>{t.count}</mn><mo>·</mo><mo>(</mo><mn>{html.escape(signed(t.charge))}</mn>"
                    f"<mo>)</mo></mrow>")
            cells.append(f"<munder>{term}<mtext>{html.escape(t.label)}</mtext></munder>")
        total = html.escape(signed(self.total) if self.total else "0")
        return f'<math display="block"><mrow>{"".join(cells)}<mo>=</mo><mn>{total}</mn></mrow></math>'

    def to_dict(self) -> dict[str, Any]:
        return dict(self._dict)

    @cached_property
    def _dict(self) -> dict[str, Any]:
        return {"text": self.text, "mathml": self.mathml(), "latex": self.latex(), "total": self.total,
                "terms": [[t.label, t.count, t.charge] for t in self.terms]}


@lru_cache(maxsize=8192)
def balance_equation(terms: tuple[ChargeTerm, ...]) -> Equation:
    """The (cached) equation of ``terms``."""
    return Equation(terms)


def smallest_counts(charges: Sequence[int]) -> tuple[int, ...] | None:
    """The smallest whole-number counts, one per charge, that make the charges add up to zero
    (Fe³⁺ and O²⁻: 2 and 3, so Fe₂O₃), or ``None`` when no such counts exist (all charges of one
    sign, or a zero charge).

    For two charges the counts are ``|q₂|/g`` and ``|q₁|/g`` with ``g = gcd(q₁, q₂)`` (equivalently
    each count is ``lcm(|q₁|, |q₂|)/|q|``). For more charges the smallest solution is the one with
    the least total number of cards (ties: the earlier charges fewer), found by a bounded search.

    >>> smallest_counts((2, -1)), smallest_counts((1, -1)), smallest_counts((4, -2))
    ((1, 2), (1, 1), (1, 2))
    >>> smallest_counts((1, 1)) is None, smallest_counts((2, 0, -2)) is None
    (True, True)
    >>> smallest_counts((1, 2, -3))
    (1, 1, 1)
    """
    qs = tuple(int(q) for q in charges)
    if not qs or any(q == 0 for q in qs) or all(q > 0 for q in qs) or all(q < 0 for q in qs):
        return None
    if len(qs) == 2:
        g = math.gcd(*qs)
        return abs(qs[1]) // g, abs(qs[0]) // g
    return _smallest_many(qs)


@lru_cache(maxsize=4096)
def _smallest_many(qs: tuple[int, ...]) -> tuple[int, ...] | None:
    # a solution always exists: with L = lcm(|q|), each positive charge taken L/|q|·(number of
    # negative charges) times and each negative one L/|q|·(number of positive charges) times adds
    # up to zero; no count there exceeds L·len(qs), so sizes up to that solution's are searched
    lcm = math.lcm(*(abs(q) for q in qs))
    positive = sum(q > 0 for q in qs)
    known = sum(lcm // abs(q) * (len(qs) - positive if q > 0 else positive) for q in qs)
    bound = lcm * len(qs)
    for size in range(len(qs), known + 1):
        for counts in _compositions(size, len(qs), bound):
            if sum(n * q for n, q in zip(counts, qs)) == 0:
                return counts
    return None  # pragma: no cover - a mixed-sign tuple always has a solution within the bound


def _compositions(total: int, parts: int, bound: int) -> Iterator[tuple[int, ...]]:
    """Every tuple of ``parts`` counts from 1 to ``bound`` adding up to ``total``, the earlier counts
    smallest first."""
    if parts == 1:
        if 1 <= total <= bound:
            yield (total,)
        return
    for first in range(1, min(bound, total - parts + 1) + 1):
        for rest in _compositions(total - first, parts - 1, bound):
            yield (first, *rest)


def find_charges(counts: Mapping[str, int], options: Mapping[str, Sequence[int]],
                 fixed: Mapping[str, int] | None = None, extra: int = 0) -> dict[str, int] | None:
    """A charge per element (first in each card's order) that makes the total zero, or ``None``.

    ``fixed`` charges are kept; ``extra`` is the charge of charged groups laid with the cards.

    >>> find_charges({"H": 1, "Cl": 1}, {"H": (1, -1), "Cl": (-1,)})
    {'H': 1, 'Cl': -1}
    >>> find_charges({"Na": 1}, {"Na": (1,)}, extra=-1)
    {'Na': 1}
    >>> find_charges({"Na": 2}, {"Na": (1,)}) is None
    True
    """
    return next(balancing_charges(counts, options, fixed, extra), None)


def balancing_charges(counts: Mapping[str, int], options: Mapping[str, Sequence[int]],
                      fixed: Mapping[str, int] | None = None, extra: int = 0) -> Iterator[dict[str, int]]:
    """Every choice of one charge per element that makes the total zero, in the cards' order.

    >>> list(balancing_charges({"Fe": 1, "Cu": 1, "O": 2}, {"Fe": (3, 2), "Cu": (2, 1), "O": (-2,)}))
    [{'Fe': 3, 'Cu': 1, 'O': -2}, {'Fe': 2, 'Cu': 2, 'O': -2}]
    """
    fixed = fixed or {}
    symbols = list(counts)
    choices = [(fixed[s],) if s in fixed else tuple(options[s]) for s in symbols]
    for combo in itertools.product(*choices):
        if extra + sum(counts[s] * q for s, q in zip(symbols, combo)) == 0:
            yield dict(zip(symbols, combo))


def find_zero_part(terms: Sequence[ChargeTerm]) -> list[tuple[str, int]] | None:
    """The smallest proper, non-empty part of ``terms`` whose charges add up to zero, or ``None``.

    This decides whether a compound is divisible (the rule sheet's Beispiel 2).

    >>> find_zero_part([ChargeTerm("H", 2, 1), ChargeTerm("O", 1, -2)]) is None
    True
    """
    part = _zero_part(tuple(terms))
    return None if part is None else list(part)


@lru_cache(maxsize=65536)
def has_zero_part(terms: tuple[tuple[int, int], ...]) -> bool:
    """Do some but not all of the units ``(count, charge)`` add up to zero? Whether :func:`find_zero_part`
    finds a part (a compound that is divisible, the rule sheet's Beispiel 2), not which one: the sums and
    sizes reached are enough, and plain pairs need no labels. The answer is cached, so a caller that sorts
    ``terms`` shares it with every other set of the same counts and charges, whatever the elements; the
    cache keeps no objects for the garbage collector to walk (a game's search asks it thousands of times).

    >>> has_zero_part(((2, 1), (1, -2))), has_zero_part(((2, 1), (2, -1)))
    (False, True)
    >>> terms = [ChargeTerm("Fe", 1, 3), ChargeTerm("Cu", 1, 2), ChargeTerm("Cl", 1, -1), ChargeTerm("O", 2, -2)]
    >>> has_zero_part(tuple(sorted((t.count, t.charge) for t in terms))), find_zero_part(terms)
    (True, [('Cu', 1), ('O', 1)])
    """
    whole = sum(n for n, _ in terms)
    reached = {(0, 0)}
    for n, q in terms:
        reached = {(total + k * q, size + k) for total, size in reached for k in range(n + 1)}
    return any(total == 0 and 0 < size < whole for total, size in reached)


@lru_cache(maxsize=65536)
def _zero_part(terms: tuple[ChargeTerm, ...]) -> tuple[tuple[str, int], ...] | None:
    whole = sum(t.count for t in terms)
    # best[(sum, nonempty)] = (size, counts chosen per term)
    best: dict[tuple[int, bool], tuple[int, tuple[int, ...]]] = {(0, False): (0, ())}
    for t in terms:
        nxt: dict[tuple[int, bool], tuple[int, tuple[int, ...]]] = {}
        for (total, nonempty), (size, chosen) in best.items():
            for k in range(t.count + 1):
                key = (total + k * t.charge, nonempty or k > 0)
                cand = (size + k, chosen + (k,))
                if key not in nxt or cand[0] < nxt[key][0]:
                    nxt[key] = cand
        best = nxt
    found = best.get((0, True))
    if found is None or found[0] >= whole:
        return None
    return tuple((t.label, k) for t, k in zip(terms, found[1]) if k)
