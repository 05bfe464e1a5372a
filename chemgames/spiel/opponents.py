"""OpenSpiel's own search as a chemgames bot: the field's standard to measure our bots against.

:class:`FieldBot` plays a chemgames game with OpenSpiel's information-set MCTS
(``open_spiel.python.algorithms.ismcts``, Cowling, Powley and Whitehouse 2012) for the games with
hidden cards, and with its plain MCTS (``open_spiel.python.algorithms.mcts``) for Räum-Ab!, whose
cards all lie face up. Both use OpenSpiel's random-rollout evaluator and its default settings
(``uct_c`` 2, the most visited move). OpenSpiel's code runs unmodified: its bots stop after a
number of simulations, not after a time, so the processor-time budget is kept by choosing that
number from the simulations a second its previous decisions reached (the first decision of a game
measures a short run). The bot's real processor time per decision is in ``times``, so a match can
show both bots' figures side by side.

OpenSpiel decides one action at a time; where a chemgames move takes several actions (choosing
cards, then laying them) the bot gets its budget for each action with a choice, more in all than
our search bot, which decides a whole move in one budget. Das Chemie-Kartenspiel is the exception:
there one OpenSpiel action is a whole move (``chemgames.spiel.moves``), decided in one budget and
then made step by step, as our bot does.

Needs the extra ``chemgames[spiel]`` (``open_spiel``).

>>> import chemgames
>>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
>>> bot = FieldBot("chromino", budget=0.05, seed=1)
>>> bot.name, g.is_legal(bot.choose(g))
('ismcts', True)
"""
from __future__ import annotations

import time
from typing import Any

from ..core.action import Action
from ..core.game import Game
from .openspiel import PREFIX, load_pyspiel, SpielTable, register
from .schemas import schema

#: the fewest simulations a decision runs, however slow the game's rollouts
FLOOR = 4


class FieldBot:
    """OpenSpiel's ISMCTS (MCTS for perfect-information games) with about ``budget`` processor
    seconds a decision that has a choice."""

    def __init__(self, game_id: str, players: int = 2, budget: float = 1.0, seed: int = 0, uct_c: float = 2.0) -> None:
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        register([game_id])
        self.game_id, self.budget = game_id, budget
        self.spiel_game = load_pyspiel().load_game(PREFIX + game_id, {"players": players})
        self.perfect = not schema(game_id).hidden
        self.name = "mcts" if self.perfect else "ismcts"
        rs = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(1, rs)
        if self.perfect:
            self.bot: Any = mcts.MCTSBot(self.spiel_game, uct_c, FLOOR, evaluator, random_state=rs)
        else:
            self.bot = ismcts.ISMCTSBot(self.spiel_game, evaluator, uct_c, FLOOR, random_state=rs)
        self.rate: float | None = None  # simulations a processor second, as measured so far
        self.gain = 1.0  # the correction of the rate that brings the mean time to the budget
        self.times: list[float] = []  # processor seconds of each decision with a choice
        self.simulations: list[int] = []
        self._plan: list[Action] = []  # the rest of a whole move decided (Das Chemie-Kartenspiel)

    def _set_simulations(self, n: int) -> None:
        if self.perfect:
            self.bot.max_simulations = n
        else:
            self.bot._max_simulations = n  # the only setting OpenSpiel's ISMCTS has for its length

    def choose(self, game: Game) -> Action:
        """OpenSpiel's choice in ``game`` (which it does not change). The decision's clock starts
        here, as our search bot's does in its ``choose``: setting up OpenSpiel's state counts."""
        if self._plan and game.is_legal(self._plan[0]):
            return self._plan.pop(0)
        self._plan = []
        start = time.process_time()
        state = self.spiel_game.new_initial_state()
        state.table = SpielTable(game.copy())
        legal = state.legal_actions()
        if len(legal) == 1:
            return self._made(state, game, legal[0])
        left = self.budget - (time.process_time() - start)
        if self.rate is None:  # a short run to learn how fast this game's simulations are
            n = FLOOR
        else:
            n = max(FLOOR, int(self.rate * left * self.gain))
        self._set_simulations(n)
        began = time.process_time()
        number = int(self.bot.step(state))
        searched = time.process_time() - began
        if self.rate is None and time.process_time() - start < self.budget / 2:
            # the short run left time: search on, measured
            self.rate = n / max(searched, 1e-6)
            more = max(FLOOR, int(self.rate * (self.budget - (time.process_time() - start))))
            self._set_simulations(more)
            began = time.process_time()
            number = int(self.bot.step(state))
            searched = time.process_time() - began
            n, self.rate = n + more, more / max(searched, 1e-6)
        else:
            # the rate of this decision: the next one's estimate (rollouts get shorter as a game goes
            # on, so the latest rate is the best guess; a blend with older ones fell ~10 % short)
            self.rate = n / max(searched, 1e-6)
        spent = time.process_time() - start
        # what the rate alone misses (a simulation's length varies from one position to the next):
        # a slow correction towards the budget, so the mean time a decision is the budget, measured
        self.gain = min(2.0, max(0.5, self.gain * (self.budget / max(spent, 1e-6)) ** 0.3))
        self.times.append(spent)
        self.simulations.append(n)
        return self._made(state, game, number)

    def _made(self, state: Any, game: Game, number: int) -> Action:
        """The action OpenSpiel's ``number`` stands for (a whole move: its first step, the rest planned)."""
        s = schema(self.game_id)
        listed = state.table.numbered.get(number)
        if s.moves is not None:
            first, *self._plan = s.moves.steps(game, listed)
            return first
        if listed is not None:
            return listed
        assert game.current_player is not None  # a decision with a choice is a player's
        assert s.codec is not None  # a state without whole moves has its action codec
        return s.codec.decode(number, game.current_player)


__all__ = ["FieldBot"]
