"""Jupyter widgets (anywidget) for the games: one ``play_<game>()`` a game starts it in a cell
(``play()`` is Das Chemie-Kartenspiel)."""
from .base import GameWidget, ui_catalog
from .chemiekarten import ChemieKartenWidget, play
from .chemix import ChemiXWidget, play_chemix
from .chemuno import ChemunoWidget, play_chemuno
from .chromino import ChrominoWidget, play_chromino
from .metallurgie import MetallurgieWidget, play_metallurgie
from .raeumab import RaeumAbWidget, play_raeumab

__all__ = ["ChemiXWidget", "ChemieKartenWidget", "ChemunoWidget", "ChrominoWidget", "GameWidget", "MetallurgieWidget",
           "RaeumAbWidget", "play", "play_chemix", "play_chemuno", "play_chromino", "play_metallurgie", "play_raeumab",
           "ui_catalog"]
