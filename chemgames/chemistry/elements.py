"""Element facts (atomic number, molar mass, density) from the periodictable library.

>>> f = element_facts("S")
>>> f.number, round(f.molar_mass, 2), f.density
(16, 32.06, 2.07)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..core.errors import Error


@dataclass(frozen=True)
class ElementFacts:
    symbol: str
    number: int
    name: str
    molar_mass: float  # g/mol
    density: float | None  # g/cm³ (at room temperature, gases at their normal state as the library gives)


@lru_cache(maxsize=None)
def element_facts(symbol: str) -> ElementFacts:
    """Facts of the element ``symbol``; raise ``chemgames.Error`` for an unknown symbol."""
    import periodictable

    try:
        el = periodictable.elements.symbol(symbol)
    except (ValueError, KeyError):
        raise Error(f"unknown element symbol {symbol!r}") from None
    density = el.density if el.density is not None else None
    return ElementFacts(symbol, int(el.number), str(el.name), float(el.mass), density)


def molar_mass(counts: dict[str, int]) -> float:
    """Molar mass of a formula's element counts in g/mol.

    >>> round(molar_mass({"H": 2, "O": 1}), 2)
    18.02
    """
    return sum(element_facts(s).molar_mass * n for s, n in counts.items())
