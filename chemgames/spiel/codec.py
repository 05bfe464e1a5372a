"""Action numbers for OpenSpiel: a stable, documented bijection between a game's actions and
``range(num_actions)``.

OpenSpiel names an action by a whole number below ``num_distinct_actions``. A chemgames action is a
kind with named parameters. A :class:`Kind` lists, for one kind, each parameter with every value it
can ever take (its *domain*, from the game's card data and the rules' bounds); the codec numbers
the kinds one after the other and, inside a kind, the parameter values in mixed radix (the last
parameter counts fastest). The numbers never depend on the state, so they mean the same in every
game of this id and in every process.

>>> codec = ActionCodec("demo", [Kind("skip"), Kind("lay", (("metal", ("Fe", "Cu")), ("n", (1, 2, 3))))])
>>> codec.num_actions
7
>>> a = Action("demo", 1, "lay", (("metal", "Cu"), ("n", 2)))
>>> codec.encode(a), codec.decode(codec.encode(a), player=1) == a
(5, True)
>>> codec.decode(0, player=0)
Action(game='demo', player=0, kind='skip', params=())
>>> codec.encode(Action("demo", 0, "lay", (("metal", "Au"), ("n", 1))))
Traceback (most recent call last):
...
ValueError: demo: lay has no number for metal='Au' (the codec's domain is 2 values)
"""
from __future__ import annotations

from dataclasses import dataclass
from math import prod
from typing import Any, Iterable, Sequence

from ..core.action import Action


def _key(value: Any) -> tuple[str, Any]:
    # True == 1 and hash alike in Python: the type keeps a bool and a number apart
    return type(value).__name__, value


@dataclass(frozen=True)
class Kind:
    """One kind of action: its name and, in the engine's order, each parameter with its domain."""

    name: str
    params: tuple[tuple[str, tuple[Any, ...]], ...] = ()

    @property
    def size(self) -> int:
        """How many numbers this kind takes: the product of its domains' sizes.

        >>> Kind("pair", (("a", (1, 2, 3)), ("b", (1, 2)))).size
        6
        """
        return prod(len(domain) for _, domain in self.params)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.params)


class ActionCodec:
    """Numbers for every action of the kinds given (see the module text)."""

    def __init__(self, game: str, kinds: Sequence[Kind]) -> None:
        self.game = game
        self.kinds = tuple(kinds)
        self._by_signature: dict[tuple[str, tuple[str, ...]], tuple[int, Kind, list[dict[tuple[str, Any], int]]]] = {}
        self._starts: list[int] = []
        start = 0
        for kind in self.kinds:
            signature = (kind.name, kind.names)
            if signature in self._by_signature:
                raise ValueError(f"{game}: the kind {kind.name}{kind.names} is listed twice")
            indexes = []
            for name, domain in kind.params:
                index = {_key(v): i for i, v in enumerate(domain)}
                if len(index) != len(domain):
                    raise ValueError(f"{game}: the domain of {kind.name}.{name} repeats a value")
                indexes.append(index)
            self._by_signature[signature] = (start, kind, indexes)
            self._starts.append(start)
            start += kind.size
        self.num_actions = start
        # search asks for the numbers of the same actions again and again (the engine keeps its
        # listed Action objects while they stay legal): a number is kept on the action object itself,
        # under a name of this codec, so a look-up costs no hash of the action's parameters
        self._memo = f"_spiel_number_{id(self)}"

    def encode(self, action: Action) -> int:
        """The number of ``action``; ``ValueError`` for an action outside the codec's domains."""
        number = action.__dict__.get(self._memo)
        if number is None:
            number = self._encode(action)
            object.__setattr__(action, self._memo, number)  # frozen for its fields, not for this memo
        return number

    def _encode(self, action: Action) -> int:
        found = self._by_signature.get((action.kind, tuple(name for name, _ in action.params)))
        if found is None:
            raise ValueError(f"{self.game}: no number for the kind {action.kind} with parameters "
                             f"{tuple(name for name, _ in action.params)}")
        start, kind, indexes = found
        number = 0
        for (name, value), (_, domain), index in zip(action.params, kind.params, indexes):
            at = index.get(_key(value))
            if at is None:
                raise ValueError(f"{self.game}: {kind.name} has no number for {name}={value!r} "
                                 f"(the codec's domain is {len(domain)} values)")
            number = number * len(domain) + at
        return start + number

    def decode(self, number: int, player: int) -> Action:
        """The action of ``player`` that ``number`` stands for."""
        if not 0 <= number < self.num_actions:
            raise ValueError(f"{self.game}: {number} is not an action number (0 to {self.num_actions - 1})")
        at = _last_at_most(self._starts, number)
        kind, rest = self.kinds[at], number - self._starts[at]
        values = []
        for name, domain in reversed(kind.params):
            rest, i = divmod(rest, len(domain))
            values.append((name, domain[i]))
        return Action(self.game, player, kind.name, tuple(reversed(values)))

    def encode_all(self, actions: Iterable[Action]) -> list[int]:
        """The sorted numbers of ``actions`` (OpenSpiel wants legal actions in ascending order)."""
        return sorted(self.encode(a) for a in actions)


def _last_at_most(starts: list[int], number: int) -> int:
    """The index of the last start not above ``number`` (kinds are few: a plain scan is enough).

    >>> _last_at_most([0, 1, 5], 4), _last_at_most([0, 1, 5], 5), _last_at_most([0, 0, 5], 0)
    (1, 2, 1)
    """
    at = 0
    for i, start in enumerate(starts):
        if start <= number:
            at = i
    return at
