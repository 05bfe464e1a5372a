"""Chromino: lay 1x3 colour tiles on an open square grid so that every touching side matches."""
from ...core.i18n import register_catalog

register_catalog(__package__)  # on import of any part of the game (tiles, layout, rules)
