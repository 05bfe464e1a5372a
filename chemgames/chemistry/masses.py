"""Molar-mass lines whose printed terms add up to the printed total.

Each element's mass is the one printed value of :func:`~chemgames.chemistry.elements.atomic_mass`
(the standard atomic weight rounded half up to two decimals, once); the total is the exact sum of
the printed terms, count × printed mass. So a student who adds the line up gets the total, and
the same element has the same value in every game, widget and lesson. The total can differ from
the unrounded molar mass by at most 0.005 g/mol per atom.

>>> line = molar_mass_line({"C": 1, "H": 4})
>>> line.text_in("de"), line.text_in("en")
('1 · 12,01 + 4 · 1,01 = 16,05 g/mol', '1 · 12.01 + 4 · 1.01 = 16.05 g/mol')
>>> line.total, molar_mass_line({"Fe": 2, "O": 3}).text_in("de")
(Decimal('16.05'), '2 · 55,85 + 3 · 16,00 = 159,70 g/mol')
>>> molar_mass_line({"H": 2, "O": 1}).in_lang("de").text
'2 · 1,01 + 1 · 16,00 = 18,02 g/mol'
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import Any, Mapping

from ..core.i18n import format_number
from .elements import atomic_mass


@dataclass(frozen=True)
class MolarMassLine:
    """``M = n₁ · m₁ + n₂ · m₂ + … = total`` with the printed masses ``m``; a formula beside an
    explanation step (``text``/``mathml()`` in ``lang``, English until :meth:`in_lang`)."""

    terms: tuple[tuple[str, int, Decimal], ...]  # (symbol, count, printed atomic mass)
    lang: str = "en"

    @property
    def total(self) -> Decimal:
        """The exact sum of the printed terms."""
        return sum((n * m for _, n, m in self.terms), Decimal(0))

    @property
    def digits(self) -> int:
        return max((-int(m.as_tuple().exponent) for _, _, m in self.terms), default=0)

    @property
    def value(self) -> float:
        return float(self.total)

    def in_lang(self, lang: str) -> "MolarMassLine":
        return MolarMassLine(self.terms, lang)

    def _num(self, x: Decimal, lang: str, digits: int | None = None) -> str:
        return format_number(x, lang, -int(x.as_tuple().exponent) if digits is None else digits)

    def text_in(self, lang: str) -> str:
        terms = " + ".join(f"{n} · {self._num(m, lang)}" for _, n, m in self.terms)
        return f"{terms} = {self._num(self.total, lang, self.digits)} g/mol"

    @property
    def text(self) -> str:
        """The line in ``lang`` (English until :meth:`in_lang`)."""
        return self.text_in(self.lang)

    def mathml(self) -> str:
        cells = "<mo>+</mo>".join(f"<mn>{n}</mn><mo>·</mo><mn>{html.escape(self._num(m, self.lang))}</mn>"
                                  for _, n, m in self.terms)
        return (f"<math><mrow><mi>M</mi><mo>=</mo>{cells}<mo>=</mo><mn>{self._num(self.total, self.lang, self.digits)}"
                f"</mn><mtext>&#160;g/mol</mtext></mrow></math>")

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "mathml": self.mathml(), "value": self.value}


@lru_cache(maxsize=512)
def _line(counts: tuple[tuple[str, int], ...]) -> MolarMassLine:
    return MolarMassLine(tuple((s, n, atomic_mass(s)) for s, n in counts))


def molar_mass_line(counts: Mapping[str, int]) -> MolarMassLine:
    """The molar-mass line of a formula's element counts, in the order given."""
    return _line(tuple((s, int(n)) for s, n in counts.items()))


def printed_molar_mass(counts: Mapping[str, int]) -> Decimal:
    """The total of :func:`molar_mass_line` (what every text prints for this formula).

    >>> printed_molar_mass({"Na": 1, "Cl": 1})
    Decimal('58.44')
    """
    return molar_mass_line(counts).total
