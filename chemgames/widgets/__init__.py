"""Jupyter widgets (anywidget) for the games: ``play()`` starts Das Chemie-Kartenspiel in a cell."""
from .base import GameWidget, ui_catalog
from .chemiekarten import ChemieKartenWidget, play

__all__ = ["ChemieKartenWidget", "GameWidget", "play", "ui_catalog"]
from .chemix import ChemiXWidget, play_chemix  # noqa: F401  (ChemiX Classic)
