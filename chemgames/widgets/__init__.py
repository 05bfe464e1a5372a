"""Jupyter widgets (anywidget) for the games: ``play()`` starts Das Chemie-Kartenspiel in a cell."""
from .base import GameWidget, ui_catalog
from .chemiekarten import ChemieKartenWidget, play
from .chromino import ChrominoWidget, play_chromino  # noqa: F401

__all__ = ["ChemieKartenWidget", "GameWidget", "play", "ui_catalog"]
