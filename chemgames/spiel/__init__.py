"""OpenSpiel interop (``pip install chemgames[spiel]``): every chemgames game as a pyspiel Python
game with the same rules, so OpenSpiel's algorithms and its ``random_sim_test`` run on it.

    import pyspiel, chemgames.spiel
    chemgames.spiel.register()
    game = pyspiel.load_game("python_chemgames_chemix")

>>> import chemgames.spiel
>>> len(NAMES), "python_chemgames_chemix" in NAMES
(6, True)

``docs/spiel.md`` describes what maps to what and the limits; ``chemgames.spiel.openspiel`` holds
the pyspiel classes (imported only by :func:`register`, so this package loads without OpenSpiel).
"""
from __future__ import annotations

from ..core.registry import games

NAMES = tuple(f"python_chemgames_{info.id}" for info in games())


def register(game_ids: list[str] | None = None) -> list[str]:
    """Register the games (all six by default) with pyspiel and return their OpenSpiel names;
    raise ``ImportError`` with the install command when open_spiel is missing."""
    try:
        from .openspiel import register as _register
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise ImportError("OpenSpiel is not installed: pip install 'chemgames[spiel]'") from exc
    return _register(game_ids)


__all__ = ["NAMES", "register"]
