"""Räum-Ab! (1x1-Mahjong) with the NumNum deck: clear matching pairs from seven columns."""
from ...core.i18n import register_catalog

register_catalog(__package__)  # on import of any part of the game (deck, pairs, rules)
