"""The chemistry core: formulas, charge balance (plain arithmetic, SymPy as its checker and symbolic form), divisibility, stoichiometry, element facts, molar-mass lines.

Each name is imported from its module on first use (``chemgames.core.lazy``): a game imports the
modules it uses, and the substance reference loads when a substance is first asked for.

>>> from chemgames.chemistry import parse_formula
>>> parse_formula("H2O") is not None
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.lazy import lazy_names

if TYPE_CHECKING:
    from .balance import (ChargeTerm, Equation, balance_equation, balancing_charges, find_charges, find_zero_part,
                          has_zero_part)
    from .elements import ElementFacts, atomic_mass, element_facts
    from .formula import Formula, format_formula, parse_formula
    from .masses import MolarMassLine, molar_mass_line
    from .stoichiometry import CombinationUse, combination_uses
    from .substances import Substance, SubstanceError, substance, textbook_formula, to_unicode

_WHERE = {
    **dict.fromkeys(("ChargeTerm", "Equation", "balance_equation", "balancing_charges", "find_charges",
                     "find_zero_part", "has_zero_part"), ".balance"),
    **dict.fromkeys(("ElementFacts", "atomic_mass", "element_facts"), ".elements"),
    **dict.fromkeys(("Formula", "format_formula", "parse_formula"), ".formula"),
    **dict.fromkeys(("MolarMassLine", "molar_mass_line"), ".masses"),
    **dict.fromkeys(("CombinationUse", "combination_uses"), ".stoichiometry"),
    **dict.fromkeys(("Substance", "SubstanceError", "substance", "textbook_formula", "to_unicode"), ".substances"),
}
__getattr__, __dir__ = lazy_names(__name__, _WHERE, globals())

__all__ = ["ChargeTerm", "CombinationUse", "ElementFacts", "Equation", "Formula", "MolarMassLine", "Substance",
           "SubstanceError", "atomic_mass", "balance_equation", "balancing_charges", "combination_uses", "element_facts",
           "find_charges", "find_zero_part", "format_formula", "has_zero_part", "molar_mass_line", "parse_formula",
           "substance", "textbook_formula", "to_unicode"]
