"""Points for a laid tile in the three points modes, with their arithmetic as a SymPy expression.

* ``tiles`` (mode A): the value of the tile laid.
* ``contacts`` (mode B): one point for every matching side that touches the lay-out.
* ``specialists`` (mode C, the sheet's rule): for every laid tile touched, short side against
  short side multiplies the two values, any contact with a long side adds them.

The sheet's example, a tile of value 4 laid end to end against a 4 and alongside a 2:

>>> s = Sum((Term("*", 4, 4), Term("+", 4, 2)))
>>> s.text
'(4 × 4) + (4 + 2) = 22'
>>> s.total
22
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from .layout import Judgement
from .tiles import VALUES

MODES = ("out", "tiles", "contacts", "specialists")
POINT_MODES = MODES[1:]


@dataclass(frozen=True)
class Term:
    """``a op b`` with ``op`` ``*`` (short sides) or ``+`` (long side); ``b`` None: just ``a``."""

    op: str
    a: int
    b: int | None = None

    def text(self) -> str:
        if self.b is None:
            return str(self.a)
        return f"({self.a} {'×' if self.op == '*' else '+'} {self.b})"

    def mathml(self) -> str:
        if self.b is None:
            return f"<mn>{self.a}</mn>"
        op = "×" if self.op == "*" else "+"
        return f"<mrow><mo>(</mo><mn>{self.a}</mn><mo>{op}</mo><mn>{self.b}</mn><mo>)</mo></mrow>"


@dataclass(frozen=True)
class Sum:
    """A sum of terms, built and evaluated with SymPy (unevaluated, so it reads as it was scored)."""

    terms: tuple[Term, ...]

    @cached_property
    def expr(self) -> Any:
        import sympy

        parts = []
        for t in self.terms:
            if t.b is None:
                parts.append(sympy.Integer(t.a))
            elif t.op == "*":
                parts.append(sympy.Mul(sympy.Integer(t.a), sympy.Integer(t.b), evaluate=False))
            else:
                parts.append(sympy.Add(sympy.Integer(t.a), sympy.Integer(t.b), evaluate=False))
        if not parts:
            return sympy.Integer(0)
        return sympy.Add(*parts, evaluate=False) if len(parts) > 1 else parts[0]

    @cached_property
    def total(self) -> int:
        return int(self.expr.doit())

    @property
    def plain(self) -> int:
        """The same total in plain Python (for ranking many placements quickly)."""
        return sum(t.a if t.b is None else (t.a * t.b if t.op == "*" else t.a + t.b) for t in self.terms)

    @property
    def text(self) -> str:
        return f"{' + '.join(t.text() for t in self.terms) or '0'} = {self.total}"

    def mathml(self) -> str:
        body = "<mo>+</mo>".join(t.mathml() for t in self.terms) or "<mn>0</mn>"
        return f'<math display="block"><mrow>{body}<mo>=</mo><mn>{html.escape(str(self.total))}</mn></mrow></math>'

    def latex(self) -> str:
        import sympy

        return str(sympy.latex(self.expr))

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "mathml": self.mathml(), "total": self.total,
                "terms": [[t.op, t.a, t.b] for t in self.terms]}


@lru_cache(maxsize=4096)
def make_sum(terms: tuple[Term, ...]) -> Sum:
    """A (cached) sum: the same terms come up again and again, SymPy evaluates each once."""
    return Sum(terms)


def points(mode: str, j: Judgement) -> Sum | None:
    """The points of a legal placement in ``mode`` (``None`` in the mode without points).

    Mode C scores each laid tile touched once: the contact is short-to-short when the two tiles
    lie end to end in one line (then they share exactly one side), otherwise a long side is involved.
    """
    if mode == "tiles":
        return make_sum((Term("+", VALUES[j.tile]),))
    if mode == "contacts":
        return make_sum(tuple(Term("+", 1) for c in j.contacts))
    if mode == "specialists":
        v = VALUES[j.tile]
        seen: dict[int, bool] = {}
        for c in j.contacts:
            seen[c.other_tile] = seen.get(c.other_tile, False) or c.short_short
        return make_sum(tuple(Term("*" if short else "+", v, VALUES[other]) for other, short in seen.items()))
    return None


@dataclass(frozen=True)
class Account:
    """The final account of a points mode: the points laid minus the value of the tiles left,
    written as the sheet's "Endabrechnung" reads: ``118 − 4 = 114``.

    >>> Account(118, 4).text
    '118 − 4 = 114'
    >>> Account(3, 8).total, Account(3, 8).text
    (-5, '3 − 8 = −5')
    """

    laid: int
    left: int

    @property
    def total(self) -> int:
        return self.laid - self.left

    @property
    def text(self) -> str:
        total = f"−{-self.total}" if self.total < 0 else str(self.total)
        return f"{self.laid} − {self.left} = {total}"

    def mathml(self) -> str:
        return (f'<math display="block"><mrow><mn>{self.laid}</mn><mo>−</mo><mn>{self.left}</mn><mo>=</mo>'
                f'<mn>{html.escape(str(self.total))}</mn></mrow></math>')

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "mathml": self.mathml(), "total": self.total}


def hand_value(tiles: list[int]) -> Sum:
    """The value of the tiles left in a hand (subtracted in the final account)."""
    return make_sum(tuple(Term("+", VALUES[t]) for t in sorted(tiles)))


__all__ = ["MODES", "POINT_MODES", "Account", "Sum", "Term", "hand_value", "make_sum", "points"]
