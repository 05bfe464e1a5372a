"""The error types of chemgames: every error the package raises derives from :class:`Error`.

>>> issubclass(IllegalAction, Error) and issubclass(SaveFileError, Error)
True
"""
from __future__ import annotations

from typing import Any, Protocol


class Error(Exception):
    """Base class of every error chemgames raises."""


class Reason(Protocol):
    """Why an action was refused, as :class:`IllegalAction` carries it: an engine's ``Explanation`` or a
    class-table server's answer (both are ``core.contracts.ExplanationLike``, which extends this)."""

    @property
    def ok(self) -> bool: ...

    def summary(self) -> str: ...

    def in_lang(self, lang: str) -> Reason: ...


class IllegalAction(Error):
    """An action was refused; ``explanation`` says why, and the game is unchanged."""

    def __init__(self, explanation: Reason) -> None:
        super().__init__(explanation.summary())
        self.explanation = explanation


class BadParams(KeyError, TypeError):
    """An action's parameters are not the names and types its kind takes (``Game._params``).

    A ``KeyError`` and a ``TypeError`` too, for the games that catch those; a game's ``_explain``
    catches this one alone, so an engine bug (any other exception) is not read as a bad action.
    """


class NothingToUndo(Error):
    """``undo()`` was called, but the current turn holds no action to take back."""


class SaveFileError(Error):
    """A save file could not be read: damaged, truncated, or from another program."""


class OptionError(Error):
    """``new_game`` was given an unknown game, player count or option."""

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.details = details
