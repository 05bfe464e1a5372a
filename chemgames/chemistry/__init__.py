"""The chemistry core: formulas, charge balance (SymPy), divisibility, stoichiometry, element facts, molar-mass lines."""
from .balance import ChargeTerm, Equation, balance_equation, balancing_charges, find_charges, find_zero_part
from .elements import ElementFacts, atomic_mass, element_facts
from .formula import Formula, format_formula, parse_formula
from .masses import MolarMassLine, molar_mass_line
from .stoichiometry import CombinationUse, combination_uses
from .substances import Substance, SubstanceError, substance, textbook_formula, to_unicode

__all__ = ["ChargeTerm", "CombinationUse", "ElementFacts", "Equation", "Formula", "MolarMassLine", "Substance",
           "SubstanceError", "atomic_mass", "balance_equation", "balancing_charges", "combination_uses", "element_facts",
           "find_charges", "find_zero_part", "format_formula", "molar_mass_line", "parse_formula", "substance",
           "textbook_formula", "to_unicode"]
