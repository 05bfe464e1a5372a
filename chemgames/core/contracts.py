"""The contracts between the layers, written down as protocols (python-chess and OpenSpiel write
theirs as one documented base class; here the engine base class is :class:`~chemgames.core.game.Game`
and these are the shapes the other layers rely on).

- :class:`Hint`: a suggested complete move, what ``Game.hints()`` returns in every game. Bots play
  its ``actions``; widgets show its ``formula`` and ``points``.
- :class:`ExplanationLike`: what ``check`` answers, locally (:class:`~chemgames.core.explanation.Explanation`)
  or from a class-table server.
- :class:`LogEntryLike`: one move of a game's ``log`` as a player may read it, locally
  (:class:`~chemgames.core.game.LogEntry`) or as a class-table server sent it.
- :class:`PlayableGame`: what a widget, a bot or a notebook needs of a game, satisfied both by a
  local :class:`~chemgames.core.game.Game` and by the remote table game of ``chemgames.tables``.
  What only an engine's game has (copies, bots, saves, a game's own methods) a view reaches through
  an ``isinstance`` check against ``Game`` or the game's class (``chemgames/widgets/``).

Every game's ``Hint`` class satisfies the protocol (``tests/test_conformance.py`` checks it on
real hints), so nobody needs to probe a hint with ``getattr``:

>>> import chemgames
>>> g = chemgames.new_game("chromino", players=2, seed=1, lang="en")
>>> h = g.hints(1)[0]
>>> isinstance(h, Hint), isinstance(h.formula, str), isinstance(h.points, int)
(True, True, True)
>>> isinstance(g, PlayableGame)
True
"""
from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence, runtime_checkable

from .action import Action
from .errors import Reason


@runtime_checkable
class Hint(Protocol):
    """A complete move suggested to the current player, best first in ``Game.hints()``.

    ``actions``: the actions that make the move, in order (a bot plays them one by one);
    ``formula``: what the move does in a few symbols, the same in every language (``Fe₂O₃``,
    ``R9 + G27``); ``points``: what it brings now (a game's own measure where it has no points).
    """

    @property
    def actions(self) -> Sequence[Action]: ...

    @property
    def formula(self) -> str: ...

    @property
    def points(self) -> int: ...


@runtime_checkable
class ExplanationLike(Reason, Protocol):
    """Why an action is legal (``ok``) or not: a local ``Explanation`` or a server's answer (what an
    ``IllegalAction`` carries, :class:`~chemgames.core.errors.Reason`, and more)."""

    @property
    def ok(self) -> bool: ...

    @property
    def title(self) -> str: ...

    def summary(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...

    def in_lang(self, lang: str) -> ExplanationLike: ...


class ActionLike(Protocol):
    """What every reader of a log uses of its action: the ``kind`` (a table's log carries no more
    for another seat's private step)."""

    @property
    def kind(self) -> str: ...


@runtime_checkable
class LogEntryLike(Protocol):
    """One move of a game's log: who made it (``player``), its ``action``, its ``explanation`` and
    whether every player may read it (``public``)."""

    @property
    def player(self) -> int: ...

    @property
    def action(self) -> ActionLike: ...

    @property
    def explanation(self) -> ExplanationLike: ...

    @property
    def public(self) -> bool: ...


@runtime_checkable
class PlayableGame(Protocol):
    """What the views and bots use of a game, local or at a class table.

    A game is a sequence of decisions: ``current_player`` (0-based, ``None`` once over) chooses one
    of ``legal_actions()``; ``check`` says why an action is (not) allowed and changes nothing;
    ``apply`` makes it and returns its explanation (``None`` where it comes later as a message: a table
    reached through the browser's transport) or raises ``IllegalAction``; ``view(player, lang)`` is everything that player
    may see, as JSON-able data, in ``lang`` (default: the game's own ``lang``); ``visible_log(player,
    n)`` the last ``n`` log entries that player may read (each with its ``player`` and
    ``explanation``); ``log`` every move so far, as that game's reader may read it. ``lang`` may be
    set (the texts' language from then on); ``seed`` is the game's number (``0``: none to deal
    again), ``option_values`` its options, ``turns_completed`` the turns ended so far, and
    ``hints(limit)`` the best moves for the player to move (none at a class table). mypy checks
    that both games keep it (``_keeps_the_contract`` in ``core/game.py`` and ``widgets/table.py``),
    and every view is typed against it (``GameWidget.game``).
    """

    @property
    def id(self) -> str: ...

    @property
    def players(self) -> int: ...

    @property
    def lang(self) -> str: ...

    @lang.setter
    def lang(self, value: str) -> None: ...

    @property
    def seed(self) -> int: ...

    @property
    def option_values(self) -> dict[str, Any]: ...

    @property
    def turns_completed(self) -> int: ...

    @property
    def log(self) -> Sequence[LogEntryLike]: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> list[Action]: ...

    def check(self, action: Action) -> ExplanationLike: ...

    def apply(self, action: Action) -> ExplanationLike | None: ...

    def can_undo(self) -> bool: ...

    def undo(self) -> Action: ...

    def view(self, player: int | None = None, lang: str | None = None) -> dict[str, Any]: ...

    def visible_log(self, player: int | None, n: int | None = None) -> Sequence[LogEntryLike]: ...

    def hints(self, limit: int = ...) -> Sequence[Hint]: ...

    def scores(self) -> list[int]: ...

    def winners(self) -> list[int]: ...

    def action_from_json(self, obj: Any) -> Action: ...

    def add_listener(self, listener: Callable[[], None]) -> None: ...

    def remove_listener(self, listener: Callable[[], None]) -> None: ...


__all__ = ["ActionLike", "ExplanationLike", "Hint", "LogEntryLike", "PlayableGame"]
