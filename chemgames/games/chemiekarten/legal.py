"""The legal steps of Das Chemie-Kartenspiel, listed fast (issue 16: search and replay list the
legal actions after every atomic step, about 700 times in a uniform random game).

The same list, in the same order, as the rules define it (``ChemieKartenspiel._legal``); what makes
it fast: every ``Action`` is made once per seat and reused (:class:`Acts`), the combinations a hand
can lay are looked up by the few counts that decide them (:func:`combine_actions`), and the
cards' points are read from tables made at set-up.

>>> acts = Acts("chemiekarten", 0)
>>> acts.select["H"] is acts.select["H"], acts.select["H"].get("card")
(True, 'H')
>>> [a.get("formula") for a in combine_actions(acts, {"C": 1, "O": 5})]
['CO', 'CO2', '[CO3]2-', 'O3']
"""
from __future__ import annotations

from functools import lru_cache
from operator import itemgetter
from typing import Any, Callable, Mapping

from ...chemistry import combination_uses
from ...core.action import Action
from .cards import PROTO, combinations


class _Made(dict):  # type: ignore[type-arg]
    """A dict that makes a missing value with ``make(key)`` and keeps it."""

    def __init__(self, make: Callable[[Any], Action]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Action:
        value = self[key] = _interned(self.make(key))
        return value


_INTERN: dict[Action, Action] = {}


def _interned(action: Action) -> Action:
    return _INTERN.setdefault(action, action)


def interned(action: Action) -> Action:
    """The reused object equal to ``action`` if there is one, else ``action`` (a save's actions are
    parsed anew: the engine then recognises them without hashing its whole list of legal actions).

    >>> a = acts_of("chemiekarten", 1).skip
    >>> interned(Action("chemiekarten", 1, "skip")) is a
    True
    """
    return _INTERN.get(action, action)


class Acts:
    """The actions of one seat, each made once: ``select[symbol]``, ``charge[(symbol, charge)]``,
    ``combine[(formula, proto)]``, ``attack[cid]``, ... (an ``Action`` is a frozen value, so the
    same object can stand in every list of legal actions)."""

    def __init__(self, game: str, player: int) -> None:
        def one(kind: str, name: str) -> _Made:
            return _Made(lambda v: Action(game, player, kind, ((name, v),)))

        def two(kind: str, a: str, b: str) -> _Made:
            return _Made(lambda v: Action(game, player, kind, ((a, v[0]), (b, v[1]))))

        self.select, self.deselect, self.pay, self.unpay = (one(k, "card") for k in ("select", "deselect", "pay", "unpay"))
        self.release = one("release", "formula")
        self.attack = one("attack", "target")
        self.charge = two("charge", "element", "charge")
        self.combine = two("combine", "formula", "proto")
        self.protect, self.unprotect, self.clear, self.confirm, self.skip, self.stop = (
            _interned(Action(game, player, k)) for k in ("protect", "unprotect", "clear", "confirm", "skip", "stop"))
        self.runs: Any = None  # see _run_table


_ACTS: dict[tuple[str, int], Acts] = {}


def acts_of(game: str, player: int) -> Acts:
    """The reused actions of ``player`` (made on first use)."""
    acts = _ACTS.get((game, player))
    if acts is None:
        acts = _ACTS[game, player] = Acts(game, player)
    return acts


@lru_cache(maxsize=None)
def _shape() -> tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[str, ...], tuple[int, ...]]:
    """The combinations in runs of one defining element (in the order of the card list), and the
    symbols whose count matters beyond "in the hand or not" with the most cards of each any
    combination can use: the other elements of a combination (O, H, Cl), a defining element that
    some combination needs more than once (Fe in Fe₃O₄), and Protomaterie. More changes nothing."""
    runs: list[tuple[str, list[str]]] = []
    need: dict[str, int] = {}
    protos = 0
    for formula, combo in combinations().items():
        if not runs or runs[-1][0] != combo.defining:
            runs.append((combo.defining, []))
        runs[-1][1].append(formula)
        parsed = combo.parsed
        protos = max(protos, parsed.n_atoms // 2)
        for e, n in parsed.counts.items():
            need[e] = max(need.get(e, 0), n)
    partners = {e for combo in combinations().values() for e in combo.parsed.counts if e != combo.defining}
    counted = tuple(sorted(e for e, n in need.items() if n > 1 or e in partners)) + (PROTO,)
    return (tuple((d, tuple(fs)) for d, fs in runs), counted,
            tuple(need[s] for s in counted[:-1]) + (protos,))


def counted(avail: Mapping[str, int]) -> tuple[int, ...]:
    """The counts of ``avail`` that decide, beside which defining cards it holds, which
    combinations it can lay (capped, see ``_shape``).

    >>> counted({"O": 20}) == counted({"O": 9}), counted({"O": 1}) == counted({"O": 2})
    (True, False)
    """
    symbols, zeros, caps = _counted_shape()
    return tuple(map(min, map(avail.get, symbols, zeros), caps))


@lru_cache(maxsize=None)
def _counted_shape() -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    _, symbols, caps = _shape()
    return symbols, (0,) * len(symbols), caps


def combine_actions(acts: Acts, avail: Mapping[str, int]) -> list[Action]:
    """The ``combine`` actions of a hand with ``avail`` cards (symbol: count, none zero): each
    combination whose defining card is in the hand, once per number of Protomaterie that can lay it.

    Looked up run by run (a run: the combinations of one defining card) by the few counts that
    decide it, for the runs whose defining card is in the hand. Nothing is kept per whole hand: a
    table of hands grew by thousands of entries a second in random play and made every full pass
    of the garbage collector long."""
    ext = counted(avail) + (1,)  # the defining card of a run is in the hand (1 unless counted)
    out: list[Action] = []
    for defining, pick, memo, i in _run_table(acts):
        if defining in avail:
            counts = pick(ext)
            choices = memo.get(counts)
            if choices is None:
                combine = acts.combine
                choices = memo[counts] = tuple(combine[c] for c in _run_choices(i, counts))
            out += choices
    return out


def _run_table(acts: Acts) -> tuple[tuple[str, Callable[[tuple[int, ...]], tuple[int, ...]], dict[tuple[int, ...], tuple[Action, ...]], int], ...]:
    """For each run (``_shape``), in order: its defining card, what picks its counts out of a key
    of ``counted`` with a 1 added, the seat's choices by those counts, and the run's index."""
    if acts.runs is None:
        acts.runs = tuple((d, pick, {}, i) for i, ((d, _), pick) in enumerate(zip(_shape()[0], _run_picks())))
    return acts.runs


@lru_cache(maxsize=None)
def _run_picks() -> tuple[Callable[[tuple[int, ...]], tuple[int, ...]], ...]:
    """For each run: what picks its counts (``_run_symbols``) out of a key of ``counted`` with a 1
    added at the end (the defining card, when its count is not in the key)."""
    runs, symbols, _ = _shape()
    return tuple(itemgetter(*(symbols.index(e) if e in symbols else len(symbols) for e in _run_symbols(i)))
                 for i in range(len(runs)))


@lru_cache(maxsize=None)
def _run_symbols(i: int) -> tuple[str, ...]:
    """The symbols whose counts decide what run ``i`` can lay: its elements and Protomaterie."""
    _, formulas = _shape()[0][i]
    return tuple(sorted({e for f in formulas for e in combinations()[f].parsed.counts})) + (PROTO,)


@lru_cache(maxsize=None)
def _run_choices(i: int, counts: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    """(formula, Protomaterie) of each way to lay a combination of run ``i`` with these ``counts``
    of its symbols (``_run_symbols``)."""
    defining, formulas = _shape()[0][i]
    hand = dict(zip(_run_symbols(i), counts))
    return tuple((f, use.proto) for f in formulas for use in combination_uses(f, defining, hand, hand[PROTO]))


__all__ = ["Acts", "acts_of", "combine_actions", "counted", "interned"]
