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

import importlib
import importlib.util

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
_lazy_name, _lazy_dir = lazy_names(__name__, {"join": ".tables"}, globals())
#: parts a notebook reaches as ``chemgames.tables.create(...)`` after a plain ``import chemgames``
SUBPACKAGES = ("bots", "chemistry", "record", "spiel", "tables", "widgets", "worksheets")


def _present(name: str) -> bool:
    """Whether the part ``name`` of ``SUBPACKAGES`` is installed: the JupyterLite site's wheel leaves out
    ``spiel`` (``chemgames/lite/wheels.py``: ``NOT_IN_SITE``). Looked up in the package's folder, not imported."""
    return importlib.util.find_spec(f"{__name__}.{name}") is not None


def __getattr__(name: str) -> object:
    """A part of the package (``chemgames.tables``) or a name of one (``join``), imported on first use;
    a part this installation leaves out is no attribute (``hasattr(chemgames, "spiel")`` is ``False``
    in the JupyterLite site).

    >>> import chemgames
    >>> chemgames.tables.__name__, callable(chemgames.join)
    ('chemgames.tables', True)
    """
    if name in SUBPACKAGES:
        if not _present(name):
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}: chemgames.{name} is not part of "
                                 "this installation (the JupyterLite site leaves it out)")
        return importlib.import_module(f".{name}", __name__)
    return _lazy_name(name)


def __dir__() -> list[str]:
    return sorted(set(_lazy_dir()) | {name for name in SUBPACKAGES if _present(name)})


def report(*args: object, **kwargs: object) -> object:
    """The class report widget (see :func:`chemgames.widgets.report.report`): what the class
    learned, from the learning record (``docs/record.md``)."""
    from .widgets.report import report as make

    return make(*args, **kwargs)  # type: ignore[arg-type]


__version__ = "0.1.0"
__all__ = ["Action", "Error", "Explanation", "GameInfo", "IllegalAction", "MalformedAction", "NothingToUndo",
           "OptionError", "SaveFileError", "games", "join", "load_game", "new_game", "report", "saves", "__version__"]
