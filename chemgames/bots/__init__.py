"""Bots that play through the public game API only: a random bot and a greedy bot.

>>> import chemgames
>>> from chemgames.bots import GreedyBot, RandomBot, play_game
>>> g = chemgames.new_game("chemiekarten", players=3, seed=5, lang="en")
>>> play_game(g, [GreedyBot(), RandomBot(1), RandomBot(2)])
>>> g.is_over
True
"""
from __future__ import annotations

import random
from typing import Any, Protocol, Sequence

from ..core.action import Action
from ..core.game import Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game) -> Action: ...


class _PlanningBot:
    """Picks a complete move from ``game.hints()`` and feeds its actions one by one."""

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._plan: list[Action] = []

    def pick(self, game: Game, hints: list[Any]) -> Sequence[Action] | None:
        raise NotImplementedError

    def choose(self, game: Game) -> Action:
        if self._plan and game.is_legal(self._plan[0]):
            return self._plan.pop(0)
        self._plan = []
        plan = self.pick(game, game.hints(limit=25))
        if plan:
            self._plan = list(plan[1:])
            return plan[0]
        return self.fallback(game)

    def fallback(self, game: Game) -> Action:
        """A turn-ending action (skip, stop) if the game has one, else any legal action."""
        legal = game.legal_actions()
        passing = [a for a in legal if a.kind in getattr(game, "pass_kinds", ())]
        return self.rng.choice(passing or legal)


class RandomBot(_PlanningBot):
    """Chooses uniformly among the complete moves available and passing."""

    name = "random"

    def pick(self, game: Game, hints: list[Any]) -> Sequence[Action] | None:
        options = [h.actions for h in hints] + [None]
        return self.rng.choice(options)


class GreedyBot(_PlanningBot):
    """Takes the move worth the most points now."""

    name = "greedy"

    def pick(self, game: Game, hints: list[Any]) -> Sequence[Action] | None:
        return hints[0].actions if hints else None


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(kind: str, seed: int | None = None) -> Bot:
    """A bot by name: ``"random"``, ``"greedy"`` or ``"search"`` (``chemgames.bots.search``)."""
    from ..core.errors import OptionError

    if kind == "search":
        from .search import SearchBot

        return SearchBot(seed)
    if kind not in BOTS:
        raise OptionError(f"unknown bot '{kind}'; choose one of: {', '.join([*BOTS, 'search'])}")
    return BOTS[kind](seed)


def play_turn(game: Game, bot: Bot, max_steps: int = 500) -> list[Action]:
    """Let ``bot`` act until the turn passes to another player or the game ends."""
    player = game.current_player
    done = []
    while not game.is_over and game.current_player == player and len(done) < max_steps:
        action = bot.choose(game)
        game.apply(action)
        done.append(action)
    return done


def play_game(game: Game, bots: Sequence[Bot], max_steps: int = 100_000) -> None:
    """Play ``game`` to its end, seat ``i`` taken by ``bots[i]``."""
    steps = 0
    while not game.is_over and steps < max_steps:
        player = game.current_player
        assert player is not None
        game.apply(bots[player].choose(game))
        steps += 1
