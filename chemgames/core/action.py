"""Actions: small frozen values with a readable text form and a JSON form.

>>> a = Action("chemiekarten", 0, "select", (("card", "H"),))
>>> str(a)
'P1: select(card=H)'
>>> Action.from_json(a.to_json()) == a
True
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import Error

Scalar = str | int | bool | None
_SCALARS = (str, int, bool, type(None))
_FIELDS = frozenset(("game", "player", "kind", "params"))


class MalformedAction(Error):
    """A JSON object that is not an action of this program: ``key`` (with ``params``) says why from
    the catalogs, for a reader in any language (the message is the English one, for a developer).

    >>> from chemgames.core.i18n import tr
    >>> try:
    ...     Action.from_json([])
    ... except MalformedAction as exc:
    ...     tr("de", exc.key, **exc.params)
    'eine Aktion ist ein JSON-Objekt'
    """

    def __init__(self, message: str, key: str = "core.action.not_object", **params: Any) -> None:
        super().__init__(message)
        self.key, self.params = key, params


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, _SCALARS) and not isinstance(value, float):
        return value
    raise MalformedAction(f"an action parameter must be text, a whole number or a list of them, not {value!r:.40}",
                          "core.action.param_value")


def _thaw(value: Any) -> Any:
    return [_thaw(v) for v in value] if isinstance(value, tuple) else value


@dataclass(frozen=True, order=True)
class Action:
    """One atomic decision of one player in one game."""

    game: str
    player: int
    kind: str
    params: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        """The parameter ``name``.

        >>> Action("g", 0, "pick", (("card", "O"),)).get("card")
        'O'
        """
        for key, value in self.params:
            if key == name:
                return value
        return default

    def is_well_formed(self) -> bool:
        """Are the fields of the kinds an action has? (An ``Action`` built by hand may not be.)

        >>> Action("chemiekarten", 0, "skip").is_well_formed(), Action("chemiekarten", "0", "skip").is_well_formed()
        (True, False)
        """
        return (isinstance(self.game, str) and isinstance(self.kind, str)
                and isinstance(self.player, int) and not isinstance(self.player, bool)
                and isinstance(self.params, tuple)
                and all(isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str) for p in self.params))

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "player": self.player, "kind": self.kind,
                "params": {k: _thaw(v) for k, v in self.params}}

    @classmethod
    def from_json(cls, obj: Any) -> "Action":
        """Parse an action's JSON form; raise :class:`MalformedAction` for anything else."""
        if not isinstance(obj, dict):
            raise MalformedAction(f"an action must be a JSON object, not {type(obj).__name__}", "core.action.not_object")
        if not obj.keys() <= _FIELDS:
            extra = set(obj) - _FIELDS
            fields = ", ".join(sorted(str(x)[:30] for x in extra))
            raise MalformedAction(f"unknown fields in the action: {fields}", "core.action.fields", fields=fields)
        game, player, kind, params = obj.get("game"), obj.get("player"), obj.get("kind"), obj.get("params", {})
        if not isinstance(game, str) or not isinstance(kind, str):
            raise MalformedAction("an action needs the text fields 'game' and 'kind'", "core.action.game_kind")
        if not isinstance(player, int) or isinstance(player, bool):
            raise MalformedAction("an action needs a whole-number field 'player'", "core.action.player")
        if not isinstance(params, dict) or not all(isinstance(k, str) for k in params):
            raise MalformedAction("the field 'params' of an action must be an object", "core.action.params")
        return cls(game, player, kind, tuple((k, v if type(v) is str or type(v) is int else _freeze(v))
                                             for k, v in params.items()))

    def __str__(self) -> str:
        args = ", ".join(f"{k}={_text(v)}" for k, v in self.params)
        return f"P{self.player + 1}: {self.kind}({args})"


def same_action(action: object, listed: Action) -> bool:
    """Is ``action`` exactly the move ``listed``: the very object, or equal to it with every part of the same type
    (its fields, its parameters, the items of its lists)? Equal is not enough: ``True == 1 == 1.0`` and a subclass
    of ``str`` may equal a text, and a game's ``_explain`` rightly refuses a bool or a float where it lists a whole
    number. The one check of an action's types: ``Game.is_legal`` uses it both in the listed moves and on a game's
    fast path (Das Chemie-Kartenspiel's ``_legal_one``), so the two answer alike.

    >>> listed = Action("g", 0, "lay", (("n", 1), ("pos", (0, -1))))
    >>> same_action(Action.from_json(listed.to_json()), listed), same_action(Action("g", 0, "lay", (("n", True), ("pos", (0, -1)))), listed)
    (True, False)
    >>> same_action(Action("g", 0, "lay", (("n", 1), ("pos", (0.0, -1)))), listed), same_action("lay", listed)
    (False, False)
    """
    if action is listed:
        return True
    if type(action) is not Action or action != listed:
        return False
    return (type(action.game) is type(listed.game) and type(action.player) is type(listed.player)
            and type(action.kind) is type(listed.kind) and _same_types(action.params, listed.params))


def _same_types(a: object, b: object) -> bool:
    """Are the equal values ``a`` and ``b`` of the same type, and so each of their items (of equal tuples)?

    >>> _same_types((("n", 1), ("pos", (0, -1))), (("n", 1), ("pos", (0, -1)))), _same_types((("n", 1),), (("n", True),))
    (True, False)
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        assert isinstance(b, tuple)
        for x, y in zip(a, b):
            if type(x) is not type(y) or (isinstance(x, tuple) and not _same_types(x, y)):
                return False
    return True


def _text(value: Any) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(_text(v) for v in value) + "]"
    return str(value)
