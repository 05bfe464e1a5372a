"""Chemical formulas with charged groups, parsed into element counts and charge.

>>> f = parse_formula("[S2O8]2-")
>>> f.counts, f.charge
({'S': 2, 'O': 8}, -2)
>>> parse_formula("Ca(OH)2").counts
{'Ca': 1, 'O': 2, 'H': 2}
>>> parse_formula("[NH4]+").charge
1
>>> parse_formula("SO3").n_atoms
4
>>> parse_formula("K2[PtCl6]").counts, parse_formula("[Cu(NH3)4]SO4").counts["N"]
({'K': 2, 'Pt': 1, 'Cl': 6}, 4)
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..core.errors import Error


class FormulaError(Error):
    """A text that is not a chemical formula this program understands."""


_TOKEN = re.compile(r"([A-Z][a-z]?)|(\d+)|(\()|(\))")
_CHARGED = re.compile(r"^\[(?P<body>[^\[\]]+)\](?P<charge>\d*[+-])?$")


@dataclass(frozen=True)
class Formula:
    """A parsed formula: ``counts`` in the order written, ``charge`` of the whole group."""

    text: str
    items: tuple[tuple[str, int], ...]
    charge: int

    @property
    def counts(self) -> dict[str, int]:
        return dict(self.items)

    @property
    def n_atoms(self) -> int:
        return sum(n for _, n in self.items)

    @property
    def elements(self) -> tuple[str, ...]:
        return tuple(e for e, _ in self.items)

    def unicode(self) -> str:
        """The formula with sub- and superscripts, e.g. ``[SO₄]²⁻``.

        >>> parse_formula("[SO4]2-").unicode()
        '[SO₄]²⁻'
        """
        sub = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
        sup = str.maketrans("0123456789+-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻")
        m = _CHARGED.match(self.text)
        if m:
            return "[" + m["body"].translate(sub) + "]" + (m["charge"] or "").translate(sup)
        return self.text.translate(sub)


def _parse_body(body: str, text: str) -> dict[str, int]:
    stack: list[dict[str, int]] = [{}]
    pos = 0
    last: dict[str, int] | str | None = None
    while pos < len(body):
        m = _TOKEN.match(body, pos)
        if not m:
            raise FormulaError(f"'{text}' is not a formula: unexpected '{body[pos]}'")
        pos = m.end()
        element, number, opening, closing = m.groups()
        if element:
            stack[-1][element] = stack[-1].get(element, 0) + 1
            last = element
        elif number:
            n = int(number)
            if n < 1 or last is None:
                raise FormulaError(f"'{text}' is not a formula: misplaced number {number}")
            if isinstance(last, str):
                stack[-1][last] += n - 1
            else:
                for e, c in last.items():
                    stack[-1][e] = stack[-1].get(e, 0) + c * (n - 1)
            last = None
        elif opening:
            stack.append({})
            last = None
        elif closing:
            if len(stack) == 1:
                raise FormulaError(f"'{text}' is not a formula: unbalanced ')'")
            group = stack.pop()
            for e, c in group.items():
                stack[-1][e] = stack[-1].get(e, 0) + c
            last = group
    if len(stack) != 1 or not stack[0]:
        raise FormulaError(f"'{text}' is not a formula")
    return stack[0]


@lru_cache(maxsize=4096)
def parse_formula(text: str) -> Formula:
    """Parse ``H2O``, ``Ca(OH)2``, ``[SO4]2-``, ``[NH4]+``; raise :class:`FormulaError` otherwise."""
    if not isinstance(text, str) or not text or len(text) > 60:
        raise FormulaError(f"{text!r:.60} is not a formula")
    charge = 0
    body = text
    m = _CHARGED.match(text)
    if m:
        body = m["body"]
        sign = m["charge"]
        if sign:
            magnitude = int(sign[:-1] or "1")
            charge = magnitude if sign[-1] == "+" else -magnitude
    elif "[" in text or "]" in text:
        # a complex inside a neutral formula, as every complex is written (K2[PtCl6], [Cu(NH3)4]SO4, H[BF4]:
        # Red Book IR-9.2.3.2): its brackets group the atoms as parentheses do; a charge belongs outside them
        if re.search(r"\][\d]*[+-]|[+-]", text) or text.count("[") != text.count("]"):
            raise FormulaError(f"'{text}' is not a formula: brackets must enclose the whole group")
        body = text.replace("[", "(").replace("]", ")")
    counts = _parse_body(body, text)
    return Formula(text, tuple(counts.items()), charge)


def format_formula(parts: list[tuple[str, int]]) -> str:
    """Write element counts as a formula, cations (as given) first.

    >>> format_formula([("Cu", 1), ("O", 1)])
    'CuO'
    >>> format_formula([("Al", 2), ("[SO4]2-", 3)])
    'Al2(SO4)3'
    """
    out = []
    for label, n in parts:
        if label.startswith("["):
            inner = _CHARGED.match(label)
            core = inner["body"] if inner else label
            out.append(f"({core}){n}" if n > 1 else core)
        else:
            out.append(f"{label}{n if n > 1 else ''}")
    return "".join(out)
