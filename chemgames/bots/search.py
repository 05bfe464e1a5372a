"""A search bot that never peeks: determinized Monte Carlo over complete moves.

For each complete move the player could make now (``game.hints()``, and passing), the bot samples
worlds that agree with everything it may see (``Game.redeal_hidden(me, rng)``: the other hands and
the piles dealt anew from the cards it cannot see), plays the move in each world, lets every other
player answer with a greedy turn, and scores the result as its lead over the best other player.
The move with the best mean lead wins; ties go to the earlier (greedier) hint. This is the
"perfect information Monte Carlo" member of the family that Cowling, Powley and Whitehouse (2012)
build ISMCTS on; the sampled worlds come from the bot's own view only, so what the bot does
cannot depend on another hand or the order of a pile (tests/test_search_bot.py).

>>> import chemgames
>>> from chemgames.bots.search import SearchBot
>>> g = chemgames.new_game("chemix", players=2, seed=3, lang="en")
>>> bot = SearchBot(seed=1, budget=0.2)
>>> g.is_legal(bot.choose(g))
True
>>> bot.last.samples > 0
True
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Sequence

from ..core.action import Action
from ..core.game import Game
from . import GreedyBot, _PlanningBot, play_turn


@dataclass
class Choice:
    """What the bot weighed for its last decision: each candidate's mean lead and sample count."""

    labels: list[str] = field(default_factory=list)
    means: list[float] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    best: int = 0

    @property
    def samples(self) -> int:
        return sum(self.counts)


class SearchBot(_PlanningBot):
    """Chooses a complete move by sampling worlds from its own view (``budget`` seconds a move)."""

    name = "search"

    def __init__(self, seed: int | None = None, budget: float = 1.0, candidates: int = 6,
                 max_samples: int = 400) -> None:
        super().__init__(seed)
        self.budget = budget
        self.candidates = candidates
        self.max_samples = max_samples
        self.last = Choice()

    def pick(self, game: Game, hints: list[Any]) -> Sequence[Action] | None:
        """The complete move to make now (its actions, in order), weighed among the first hints
        and passing; ``None`` (nothing to weigh) leaves the choice to ``fallback``."""
        me = game.current_player
        assert me is not None
        hints = hints[:self.candidates]
        options: list[Sequence[Action]] = [h.actions for h in hints]
        labels = [str(getattr(h, "formula", h)) for h in hints]
        passing = [a for a in game.legal_actions() if a.kind in getattr(game, "pass_kinds", ())]
        if passing:
            options.append([passing[0]])
            labels.append(passing[0].kind)
        if len(options) <= 1:
            self.last = Choice(labels, [0.0] * len(options), [0] * len(options), 0)
            return options[0] if options else None
        sums = [0.0] * len(options)
        counts = [0] * len(options)
        deadline = time.perf_counter() + self.budget
        k = 0
        while time.perf_counter() < deadline and k < self.max_samples * len(options):
            i = k % len(options)
            k += 1
            lead = self._sample(game, me, options[i])
            if lead is None:
                continue
            sums[i] += lead
            counts[i] += 1
        means = [s / c if c else float("-inf") for s, c in zip(sums, counts)]
        best = max(range(len(options)), key=lambda j: (means[j], -j))
        self.last = Choice(labels, means, counts, best)
        return options[best]

    def decide(self, game: Game) -> Sequence[Action]:
        """The complete move ``choose`` starts now (for tests and the explanation)."""
        return self.pick(game, game.hints(limit=self.candidates)) or [self.fallback(game)]

    def _sample(self, game: Game, me: int, move: Sequence[Action]) -> float | None:
        """One world: the move, a greedy answer from everyone else, and my lead afterwards."""
        world = game.redeal_hidden(me, self.rng)
        for action in move:
            if world.is_over or not world.is_legal(action):
                return None
            world.apply(action)
        while not world.is_over and world.current_player == me:  # the rest of my turn, greedily
            play_turn(world, GreedyBot(self.rng.randrange(1 << 30)))
        answered = 0
        while not world.is_over and world.current_player != me and answered < game.players:
            play_turn(world, GreedyBot(self.rng.randrange(1 << 30)))
            answered += 1
        scores = world.scores()
        others = [s for p, s in enumerate(scores) if p != me]
        lead = float(scores[me] - max(others)) if others else float(scores[me])
        if world.is_over:
            lead += 1000.0 if me in world.winners() else -1000.0
        return lead


__all__ = ["Choice", "SearchBot"]
