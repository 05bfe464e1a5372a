"""Jupyter widgets (anywidget) for the games: one ``play_<game>()`` a game starts it in a cell
(``play()`` is Das Chemie-Kartenspiel).

Each game's widget module is imported when its name is first used (``chemgames.core.lazy``): a
notebook's ``from chemgames.widgets import play`` loads one game, not six (in the JupyterLite site
every module costs time before the board shows).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.lazy import lazy_names

if TYPE_CHECKING:
    from .base import GameWidget, ui_catalog
    from .chemiekarten import ChemieKartenWidget, play
    from .chemix import ChemiXWidget, play_chemix
    from .chemuno import ChemunoWidget, play_chemuno
    from .chromino import ChrominoWidget, play_chromino
    from .metallurgie import MetallurgieWidget, play_metallurgie
    from .raeumab import RaeumAbWidget, play_raeumab

_WHERE = {
    "GameWidget": ".base", "ui_catalog": ".base",
    "ChemieKartenWidget": ".chemiekarten", "play": ".chemiekarten",
    "ChemiXWidget": ".chemix", "play_chemix": ".chemix",
    "ChemunoWidget": ".chemuno", "play_chemuno": ".chemuno",
    "ChrominoWidget": ".chromino", "play_chromino": ".chromino",
    "MetallurgieWidget": ".metallurgie", "play_metallurgie": ".metallurgie",
    "RaeumAbWidget": ".raeumab", "play_raeumab": ".raeumab",
}
__getattr__, __dir__ = lazy_names(__name__, _WHERE, globals())

__all__ = ["ChemiXWidget", "ChemieKartenWidget", "ChemunoWidget", "ChrominoWidget", "GameWidget", "MetallurgieWidget",
           "RaeumAbWidget", "play", "play_chemix", "play_chemuno", "play_chromino", "play_metallurgie", "play_raeumab",
           "ui_catalog"]
