"""The comparison an explanation shows: an area's size against the size needed to score (SymPy).

>>> c = area_check(10, 9)
>>> c.holds, c.text
(True, '10 ≥ 9')
>>> area_check(4, 7).text
'4 < 7'
>>> "<mo>&#x2265;</mo>" in area_check(9, 9).mathml() or "≥" in area_check(9, 9).mathml()
True
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any


@dataclass(frozen=True)
class AreaCheck:
    """``size ≥ needed`` (or ``size < needed``), decided by SymPy's relational."""

    size: int
    needed: int

    @cached_property
    def _rel(self) -> Any:
        import sympy

        n, t = sympy.Integer(self.size), sympy.Integer(self.needed)
        holds = bool(sympy.Ge(n, t))
        return holds, (sympy.Ge(n, t, evaluate=False) if holds else sympy.Lt(n, t, evaluate=False))

    @property
    def holds(self) -> bool:
        return bool(self._rel[0])

    @property
    def text(self) -> str:
        return f"{self.size} {'≥' if self.holds else '<'} {self.needed}"

    def latex(self) -> str:
        import sympy

        return str(sympy.latex(self._rel[1]))

    def mathml(self) -> str:
        return self._mathml

    @cached_property
    def _mathml(self) -> str:
        import sympy

        # SymPy writes the operator "<" unescaped, which would break the markup
        inner = sympy.mathml(self._rel[1], printer="presentation").replace("<mo><</mo>", "<mo>&lt;</mo>")
        return f'<math display="inline">{inner}</math>'

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "mathml": self.mathml(), "latex": self.latex(), "holds": self.holds}


@lru_cache(maxsize=1024)
def area_check(size: int, needed: int) -> AreaCheck:
    """The (cached) comparison of ``size`` with ``needed``."""
    return AreaCheck(size, needed)
