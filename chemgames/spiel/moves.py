"""Whole moves as OpenSpiel actions, for a game whose atomic steps are too fine to search.

In Das Chemie-Kartenspiel a compound takes five to fifteen atomic steps (choose cards, charges,
combinations, payment, confirm) and a player may choose and take back cards at will: a uniform
random game through the fine codec is 500–940 steps, so OpenSpiel's search spent its time on
choosing cards one at a time. Here one OpenSpiel action is one **whole move**:

* in the build phase, **lay a compound**: each build of the game's own move generator
  (``hints.find_builds``, the builds the hint search weighs, before it ranks and names them), or
  **skip** (draw four cards);
* in the attack phase, **attack** one of the other players' compounds, or **stop**.

A build's number must not depend on the position (ISMCTS keys its tree by numbers, across the
worlds it samples) and needs no list of every compound there could ever be: it is a hash of the
build's key (its combinations with their Protomaterie, its free cards with their charges, the cards
paying for artificial ones), which names the same move in every hand and every process. Two builds
of one position whose hashes meet (a chance of about ``n² / 2 / SPACE`` for ``n`` builds: 1 in
20,000 for the usual 40, 1 in 8 for a hand of 2,000 builds) keep the first in the walk's order, the
other is not offered (``COLLIDED`` counts them).

This makes OpenSpiel's game a restriction of the engine's: a build outside the hint search's shape
(more than three kinds of free cards, an extra Protomaterie as protection) is not offered. Within
it the rules are the engine's: a move is applied as its atomic steps, each checked by the engine.

>>> import chemgames
>>> g = chemgames.new_game("chemiekarten", players=2, seed=5, dealer=1, hands=[["C", "O", "O"]])
>>> moves = WholeMoves()
>>> listed = moves.legal(g)
>>> listed[SKIP][0].kind, all(g.is_legal(moves.steps(g, m)[0]) for m in listed.values())
('skip', True)
>>> n = moves.number(((), (("C", 1, 4), ("O", 2, -2)), ()))
>>> [str(a) for a in moves.steps(g, listed[n])]
['P1: select(card=C)', 'P1: select(card=O)', 'P1: select(card=O)', 'P1: charge(element=C, charge=4)', 'P1: confirm()']
>>> moves.describe(0, n, listed), moves.describe(1, SKIP)
('P1: lay C(+4) 2O(-2)', 'P2: skip')
"""
from __future__ import annotations

from typing import Any

from ..core.action import Action
from ..games.chemiekarten.hints import build_steps, find_builds
from ..games.chemiekarten.legal import acts_of
from .fastwalk import as_build, is_build
from .walk_jit import numbered_builds, prepare
from .move_numbers import ATTACK, BUILDS, COLLIDED, SKIP, SPACE, STOP, TARGETS, build_number

__all__ = ["ATTACK", "BUILDS", "COLLIDED", "SKIP", "SPACE", "STOP", "TARGETS", "WholeMoves"]


_STEPS: dict[tuple[Any, ...], tuple[Action, ...]] = {}  # a build's steps on an empty stage, by (key, combos, player)
_STEPS_KEPT = 65_536  # emptied when it holds this many


class WholeMoves:
    """The whole-move numbers of Das Chemie-Kartenspiel (see the module)."""

    game = "chemiekarten"
    num_actions = BUILDS + SPACE

    @staticmethod
    def prepare() -> None:
        """Load what the lists need (the compiled walk's kernels, :func:`walk_jit.prepare`): called when
        the pyspiel game is made, so that its first list is not the one to pay for it."""
        prepare()

    @staticmethod
    def number(key: Any) -> int:
        """The number of the build with ``key`` (``hints.Build.key``)."""
        return build_number(key)

    def legal(self, game: Any) -> dict[int, Any]:
        """Each legal whole move of the player to move by its number: the atomic steps that make it (an
        attack, stop or skip) or the build whose steps are made once it is chosen."""
        p = game.current_player
        acts = acts_of(game.id, p)
        if game.s_phase == "attack":
            out: dict[int, Any] = {ATTACK + c.cid - 1: (acts.attack[c.cid],) for c in game.s_table if c.owner != p}
            out[STOP] = (acts.stop,)
            return out
        out = {SKIP: (acts.skip,)}
        hand = tuple(sorted(game.hand_counts(p).items()))  # counted once: applying the move finds it counted
        numbered: list[tuple[int, Any]] | None = numbered_builds(hand)  # the walk's builds with their numbers, from kept tables
        if numbered is None:  # a hand where the walk's budget decides: by the definition
            numbered = [(self.number(build.key), build) for build in find_builds(game)]
        out.update(numbered)  # its steps are made only for the move chosen
        if len(out) < len(numbered) + 1:  # two builds share a number: the first in the walk's order stays
            out = {SKIP: (acts.skip,)}
            for n, build in numbered:
                if n in out:
                    COLLIDED[0] += 1
                    continue
                out[n] = build
        return out

    @staticmethod
    def steps(game: Any, move: Any) -> tuple[Action, ...]:
        """The atomic steps of a listed move (a build's are made now, for ``game``)."""
        if type(move) is tuple and type(move[0]) is int:  # the walk's plain build: (number, key, points, cards, combos)
            if not game.s_stage.empty:
                return build_steps(game, move[1], move[4])
            # on an empty stage a function of the build and the player alone (the engine's reused actions)
            at = (move[1], move[4], game.current_player)
            steps = _STEPS.get(at)
            if steps is None:
                if len(_STEPS) >= _STEPS_KEPT:
                    _STEPS.clear()
                steps = _STEPS[at] = build_steps(game, move[1], move[4])
            return steps
        return as_build(move).actions(game) if is_build(move) else move

    def describe(self, player: int, number: int, listed: dict[int, Any] | None = None) -> str:
        """The move ``number`` in words: ``P1: lay C(+4) 2O(-2)``, ``P2: attack(target=3)``."""
        if number == SKIP or number == STOP:
            return f"P{player + 1}: {'skip' if number == SKIP else 'stop'}"
        if ATTACK <= number < BUILDS:
            return f"P{player + 1}: attack(target={number - ATTACK + 1})"
        move = (listed or {}).get(number)
        if move is None or not is_build(move):
            return f"P{player + 1}: lay build #{number - BUILDS}"
        build = as_build(move)
        combos, free, paid = build.key
        parts = [f + (f"[{k} Proto]" if k else "") for f, k in build.combos]
        parts += [f"{n if n > 1 else ''}{s}({q:+d})" for s, n, q in free]
        return f"P{player + 1}: lay {' '.join(parts)}" + (f" paid with {' '.join(paid)}" if paid else "")


__all__ = ["ATTACK", "BUILDS", "SKIP", "SPACE", "STOP", "WholeMoves"]
