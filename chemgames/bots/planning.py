"""What every bot is (``Bot``) and the base of the bots that pick a complete move and play its
actions one by one (``PlanningBot``). A leaf of the package: the bots in ``__init__`` and the
search bot (``search``) both build on it without importing each other."""
from __future__ import annotations

import random
from typing import Any, Protocol, Sequence

from ..core.action import Action
from ..core.game import Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game) -> Action: ...


class PlanningBot:
    """Picks a complete move from ``game.hints()`` and feeds its actions one by one."""

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._plan: list[Action] = []

    @property
    def planned(self) -> tuple[Action, ...]:
        """The rest of the move this bot has begun, in order (empty: it will decide anew); ``choose``
        plays them while each is legal."""
        return tuple(self._plan)

    def has_plan(self, game: Game) -> bool:
        """Has this bot begun a move whose next action is legal in ``game``? Then ``choose`` plays that
        action without a new decision (no hint search, no sampled worlds); otherwise it decides anew.
        A driver that mixes the bot's moves with others' (a random game, a teacher's demonstration)
        asks here to let a begun move finish.

        >>> import chemgames
        >>> from chemgames.bots import GreedyBot
        >>> g = chemgames.new_game("chemiekarten", players=2, seed=1, lang="en")
        >>> bot = GreedyBot(1)
        >>> bot.has_plan(g), bot.planned
        (False, ())
        >>> move = tuple(g.hints(limit=25)[0].actions)  # the greedy bot's move: the best hint
        >>> first = bot.choose(g)
        >>> first == move[0], bot.planned == move[1:], len(move) > 1
        (True, True, True)
        >>> _ = g.apply(first)
        >>> bot.has_plan(g)
        True
        """
        return bool(self._plan) and game.is_legal(self._plan[0])

    def pick(self, game: Game, hints: list[Any]) -> Sequence[Action] | None:
        raise NotImplementedError

    def choose(self, game: Game) -> Action:
        if self.has_plan(game):
            return self._plan.pop(0)
        self._plan = []
        plan = self.pick(game, list(game.hints(limit=25)))
        if plan:
            self._plan = list(plan[1:])
            return plan[0]
        return self.fallback(game)

    def fallback(self, game: Game) -> Action:
        """A turn-ending action (skip, stop) if the game has one, else any legal action."""
        legal = game.legal_actions()
        passing = [a for a in legal if a.kind in game.pass_kinds]
        return self.rng.choice(passing or legal)
