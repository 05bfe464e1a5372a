"""chemgames: chemistry and maths table games for Jupyter, with a rule engine that explains every move.

>>> import chemgames
>>> g = chemgames.new_game("chemiekarten", players=2, seed=1, lang="en")
>>> isinstance(g.legal_actions(), list)
True
>>> chemgames.load_game(g.to_json()).view(0) == g.view(0)
True
>>> "chemiekarten" in [info.id for info in chemgames.games()]  # still the function after a game was made
True
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .core.action import Action, MalformedAction
from .core.errors import Error, IllegalAction, NothingToUndo, OptionError, SaveFileError
from .core.explanation import Explanation
from . import games as _games_package  # noqa: F401 - imported first, so the function below keeps the name
from .core.registry import GameInfo, games, load_game, new_game
from . import saves as _saves_module  # noqa: F401 - the module first, so the function below keeps the name
from .saves import saves
from .core.lazy import lazy_names

if TYPE_CHECKING:
    from .tables import join

from .lite.ondemand import install_finder

install_finder()  # JupyterLite: wheels a game needs later (SymPy) load when first imported; elsewhere nothing
# the class tables' client loads on first use: a game in the JupyterLite site does without it
__getattr__, __dir__ = lazy_names(__name__, {"join": ".tables"}, globals())



def report(*args: object, **kwargs: object) -> object:
    """The class report widget (see :func:`chemgames.widgets.report.report`): what the class
    learned, from the learning record (``docs/record.md``)."""
    from .widgets.report import report as make

    return make(*args, **kwargs)  # type: ignore[arg-type]


__version__ = "0.1.0"
__all__ = ["Action", "Error", "Explanation", "GameInfo", "IllegalAction", "MalformedAction", "NothingToUndo",
           "OptionError", "SaveFileError", "games", "join", "load_game", "new_game", "report", "saves", "__version__"]
