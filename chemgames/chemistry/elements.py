"""Element facts: atomic number, atomic mass, state at 0 °C and 1013 hPa, and a labelled density.

Sources: atomic masses and the densities of solids and liquids from the periodictable library;
the state at 0 °C and 1013 hPa and the gases' densities from ``data/states.json``, which
``make_states.py`` writes from mendeleev's melting and boiling points and the CRC Handbook's tables
in ``chemicals`` (tested against mendeleev, a second correlation and handbook values).

**One atomic mass per element**, the value every game, widget and lesson prints
(:func:`atomic_mass`): the standard atomic weight rounded half up to two decimals, once; for an
element without a standard atomic weight (no stable isotope: Tc, Pm, Po and beyond) periodictable
gives the mass number of a long-lived isotope, printed as that whole number.

>>> atomic_mass("H"), atomic_mass("Fe"), atomic_mass("Rn")
(Decimal('1.01'), Decimal('55.85'), Decimal('222'))

**Densities with their state.** A gas's density is that of the real gas at 0 °C and 1013 hPa (g/L),
from the CRC Handbook's second virial coefficient (``make_states.densities``; an ideal gas, M / 22.414
L/mol, is 1.6 % too light for Cl₂), and refers to its molecule: H₂, N₂, O₂, F₂, Cl₂, single atoms for
the noble gases. A solid's or liquid's is periodictable's value (g/cm³, room temperature), else the
CRC table's (radium). Where neither has one, the density is unknown, never blank.

>>> f = element_facts("S")
>>> f.number, f.state, f.density, f.density_unit
(16, 'solid', 2.07, 'g/cm³')
>>> h = element_facts("H")
>>> h.state, h.density_of, h.density, h.density_unit
('gas', 'H₂', 0.0899, 'g/L')
>>> h.density_msg().render("de")
'Dichte von H₂: 0,0899 g/L (Gas bei 0 °C, 1013 hPa)'
>>> element_facts("Ra").density_msg().render("en"), element_facts("Cl").density_msg().render("de")
('Density: 5 g/cm³ (solid)', 'Dichte von Cl₂: 3,21 g/L (Gas bei 0 °C, 1013 hPa)')
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from importlib import resources
from typing import Any

from ..core.errors import Error
from ..core.explanation import Msg
from ..core.i18n import Num, round_half_up

#: ideal gas molar volume at 0 °C and 1013.25 hPa, L/mol
MOLAR_VOLUME = 22.414
MASS_DIGITS = 2
SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


@dataclass(frozen=True)
class ElementFacts:
    """What an element card shows. ``density`` is in ``density_unit`` and refers to ``density_of``
    (the gas molecule H₂ for hydrogen, the element itself otherwise); ``None`` when unknown."""

    symbol: str
    number: int
    name: str
    molar_mass: float  # g/mol, the library's standard atomic weight (unrounded)
    state: str  # at 0 °C and 1013 hPa: "solid", "liquid", "gas" or "unknown"
    density: float | None
    density_unit: str  # "g/L" for gases, "g/cm³" for solids and liquids, "" when unknown
    density_of: str
    density_digits: int

    @property
    def atomic_mass(self) -> Decimal:
        """The printed atomic mass (see the module's rounding rule)."""
        return atomic_mass(self.symbol)

    def density_msg(self) -> Msg:
        """The density with its label, as a catalog message (``chem.density.<state>``)."""
        if self.density is None:
            return Msg("chem.density.unknown")
        return Msg(f"chem.density.{self.state}", of=self.density_of, value=Num(self.density, self.density_digits))

    def to_dict(self) -> dict[str, Any]:
        """JSON-able facts for a card face (the front end formats the numbers per locale).

        >>> element_facts("O").to_dict()
        {'number': 8, 'molar_mass': 16.0, 'mass_digits': 2, 'state': 'gas', 'density': 1.43, 'density_unit': 'g/L', 'density_of': 'O₂', 'density_digits': 2}
        """
        mass = self.atomic_mass
        return {"number": self.number, "molar_mass": float(mass), "mass_digits": -int(mass.as_tuple().exponent),
                "state": self.state if self.density is not None else "unknown", "density": self.density,
                "density_unit": self.density_unit, "density_of": self.density_of, "density_digits": self.density_digits}


@lru_cache(maxsize=1)
def _states() -> dict[str, dict[str, Any]]:
    data = json.loads(resources.files("chemgames.chemistry").joinpath("data", "states.json").read_text("utf-8"))
    elements: dict[str, dict[str, Any]] = data["elements"]
    return elements


def _library_element(symbol: str) -> Any:
    import periodictable

    try:
        el = periodictable.elements.symbol(symbol)
    except (ValueError, KeyError):
        raise Error(f"unknown element symbol {symbol!r}") from None
    if not 1 <= el.number <= 118:
        raise Error(f"unknown element symbol {symbol!r}")
    return el


@lru_cache(maxsize=None)
def atomic_mass(symbol: str) -> Decimal:
    """The one printed atomic mass of ``symbol`` in g/mol (module docstring: the rounding rule)."""
    mass = float(_library_element(symbol).mass)
    return round_half_up(mass, 0 if mass.is_integer() else MASS_DIGITS)


def _significant(value: float, digits: int = 3) -> int:
    """Decimals that show ``value`` with ``digits`` significant digits (0.0899, 1.43, 9.90)."""
    return max(0, digits - 1 - math.floor(math.log10(abs(value))))


@lru_cache(maxsize=None)
def element_facts(symbol: str) -> ElementFacts:
    """Facts of the element ``symbol``; raise ``chemgames.Error`` for an unknown symbol.

    >>> element_facts("Rn").density, element_facts("Br").state, element_facts("Hg").density_msg().render("en")
    (10.0, 'liquid', 'Density: 13.546 g/cm³ (liquid)')
    """
    el = _library_element(symbol)
    row = _states().get(symbol, {"state": "unknown", "gas_atoms": None})
    state = str(row["state"])
    density: float | None
    if state == "gas":
        atoms = int(row["gas_atoms"])
        of = symbol + (str(atoms).translate(SUBSCRIPTS) if atoms > 1 else "")
        # the real gas (make_states: CRC second virial coefficient); an ideal gas only without one
        exact = float(row.get("gas_density_g_L") or atoms * float(el.mass) / MOLAR_VOLUME)
        digits = _significant(exact)
        density, unit = float(round_half_up(exact, digits)), "g/L"
    elif state in ("solid", "liquid") and (el.density is not None or row.get("density_g_cm3") is not None):
        value = float(el.density if el.density is not None else row["density_g_cm3"])  # Ra: the CRC table's
        text = repr(value)
        digits = min(3, len(text.split(".")[1].rstrip("0")) if "." in text else 0)
        density, unit, of = value, "g/cm³", symbol
    else:
        density, unit, of, digits = None, "", symbol, 0
    return ElementFacts(symbol, int(el.number), str(el.name), float(el.mass), state, density, unit, of, digits)


def molar_mass(counts: dict[str, int]) -> float:
    """Molar mass of a formula's element counts in g/mol, unrounded (for printing use
    :func:`chemgames.chemistry.masses.molar_mass_line`, whose terms add up as printed).

    >>> round(molar_mass({"H": 2, "O": 1}), 2)
    18.02
    """
    return sum(element_facts(s).molar_mass * n for s, n in counts.items())
