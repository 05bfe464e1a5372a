"""SymPy expressions shown beside an explanation step: text, LaTeX and presentation MathML.

``parts`` joined by an operator, then ``= result``; the parts keep their order (SymPy would sort
the arguments of an unevaluated ``Intersection`` or ``Add``), so the formula reads as the move.

>>> import sympy
>>> h, o, s = sympy.symbols("H O S")
>>> below, laid = sympy.FiniteSet(h, s, o), sympy.FiniteSet(h, o)
>>> m = SymbolicMath((below, laid), "∩", below.intersect(laid))
>>> m.text
'{H, O, S} ∩ {H, O} = {H, O}'
>>> m.latex()
'\\\\left\\\\{H, O, S\\\\right\\\\} \\\\cap \\\\left\\\\{H, O\\\\right\\\\} = \\\\left\\\\{H, O\\\\right\\\\}'
>>> m.mathml().startswith('<math display="block">')
True
"""
from __future__ import annotations

import html
from functools import cached_property
from typing import Any, Sequence

_LATEX_OPS = {"∩": r"\cap", "∪": r"\cup", "·": r"\cdot", "+": "+", "−": "-"}


def _text(e: Any) -> str:
    import sympy

    if isinstance(e, sympy.FiniteSet) or e == sympy.S.EmptySet:
        return "{" + ", ".join(str(a) for a in sorted(e.args, key=str)) + "}"
    return str(e)


class SymbolicMath:
    """``part op part op … = result`` for SymPy expressions, rendered once and cached.

    Two are equal when they show the same formula, so explanations and log entries compare by
    value (a replayed game's log equals the original's):

    >>> import sympy
    >>> x = sympy.Symbol("x")
    >>> SymbolicMath((x, 2), "+") == SymbolicMath([x, 2], "+"), SymbolicMath((x,), "+") == SymbolicMath((x,), "·")
    (True, False)
    >>> len({SymbolicMath((x, 2), "+"), SymbolicMath((x, 2), "+")})
    1
    """

    def __init__(self, parts: Sequence[Any], op: str, result: Any = None, upright: bool = False) -> None:
        self.parts = tuple(parts)
        self.op = op
        self.result = result
        # the symbols name things, not unknowns (element symbols): drawn upright, as IUPAC prints
        # them (MathML slants a one-letter <mi>: "{𝐻} ∩ {Ca}" read H unlike Ca)
        self.upright = upright

    def _key(self) -> tuple[Any, ...]:
        return (self.parts, self.op, self.result, self.upright)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SymbolicMath):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"SymbolicMath({self.text!r})"

    @cached_property
    def text(self) -> str:
        out = f" {self.op} ".join(_text(p) for p in self.parts)
        return out if self.result is None else f"{out} = {_text(self.result)}"

    @cached_property
    def _latex(self) -> str:
        import sympy

        op = _LATEX_OPS.get(self.op, self.op)
        out = f" {op} ".join(sympy.latex(p) for p in self.parts)
        return out if self.result is None else f"{out} = {sympy.latex(self.result)}"

    def latex(self) -> str:
        return self._latex

    @cached_property
    def _mathml(self) -> str:
        import sympy

        op = f"<mo>{html.escape(self.op)}</mo>"
        body = op.join(sympy.mathml(p, printer="presentation") for p in self.parts)
        if self.result is not None:
            body += "<mo>=</mo>" + sympy.mathml(self.result, printer="presentation")
        if self.upright:
            body = body.replace("<mi>", "<mi mathvariant='normal'>")
        return f'<math display="block"><mrow>{body}</mrow></math>'

    def mathml(self) -> str:
        return self._mathml

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "mathml": self.mathml(), "latex": self.latex()}
