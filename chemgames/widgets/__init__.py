"""Jupyter widgets (anywidget) for the games: ``play()`` starts Das Chemie-Kartenspiel in a cell."""
from .base import GameWidget, ui_catalog
from .chemiekarten import ChemieKartenWidget, play
from .chemuno import ChemunoWidget, play_chemuno

__all__ = ["ChemieKartenWidget", "ChemunoWidget", "GameWidget", "play", "play_chemuno", "ui_catalog"]
