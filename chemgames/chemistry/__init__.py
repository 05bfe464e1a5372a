"""The chemistry core: formulas, charge balance (SymPy), divisibility, stoichiometry, element facts."""
from .balance import ChargeTerm, Equation, balance_equation, balancing_charges, find_charges, find_zero_part
from .elements import ElementFacts, element_facts
from .formula import Formula, format_formula, parse_formula
from .stoichiometry import CombinationUse, combination_uses
from .substances import Substance, SubstanceError, substance, textbook_formula

__all__ = ["ChargeTerm", "CombinationUse", "ElementFacts", "Equation", "Formula", "balance_equation", "balancing_charges",
           "combination_uses", "element_facts", "find_charges", "find_zero_part", "format_formula",
           "parse_formula", "Substance", "SubstanceError", "substance", "textbook_formula"]
