"""Das Chemie-Kartenspiel: build charge-balanced compounds from element cards."""
from ...core.i18n import register_catalog

register_catalog(__package__)  # on import of any part of the game (cards, rules, hints)
