"""Metallurgie: lay iron, copper, silver and gold in layers and score connected areas."""
from ...core.i18n import register_catalog

register_catalog(__package__)  # on import of any part of the game (metals, board, rules, hints)
