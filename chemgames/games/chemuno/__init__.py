"""Chemuno: lay a card that shares an element or a multiplier with the card below (ChemiX cards)."""
from ...core.i18n import register_catalog

register_catalog(__package__)  # on import of any part of the game
