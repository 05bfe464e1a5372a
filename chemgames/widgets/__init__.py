"""Jupyter widgets (anywidget) for the games: ``play()`` starts Das Chemie-Kartenspiel in a cell."""
from .base import GameWidget, ui_catalog
from .chemiekarten import ChemieKartenWidget, play
from .raeumab import RaeumAbWidget, play_raeumab
from .chemuno import ChemunoWidget, play_chemuno

__all__ = ["ChemieKartenWidget", "ChemunoWidget", "GameWidget", "RaeumAbWidget", "play", "play_chemuno",
           "play_raeumab", "ui_catalog"]
