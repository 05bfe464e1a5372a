"""A search bot that never peeks: information-set Monte Carlo search over complete moves.

A decision weighs the complete moves the player could make now (the first hints of
``game.hints()``, each the action sequence of a whole move, and passing) in sampled **worlds** that
agree with everything the bot's player may see (``Game.redeal_hidden(me, rng)``: the other hands
and the piles dealt anew from the cards it cannot see). The bot never reads the real hidden cards:
``tests/test_search_bot.py`` gives it two games that look the same to its player and gets the same
move and the same estimates, and shows that a mutant that peeks fails that test. Two methods, chosen
per game in the game's ``strategy.py`` (:func:`tuning`):

``"ismcts"`` — single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012; OpenSpiel's
``open_spiel/python/algorithms/ismcts.py``). Each iteration samples one world and walks down one tree
shared by all worlds: a node is a decision of the player to move, an edge a complete move. Among the
moves the world allows it expands the first one not yet tried (hints come best first, so the greedy
move is tried first) or else takes the move with the best UCB score, whose exploration term counts
how often the move was *available* (``avail``), as in Cowling et al., not how often the parent was
visited. From the new node a cheap default policy plays on (the best hint, now and then another)
for a few turns or to the end, the end is scored (below) and the result added to every node on the
way from the view of the player who chose its move. The bot makes the root move tried most often.

``"paired"`` — determinized Monte Carlo with common random numbers: every sampled world, and the luck
of the line played on in it, is used for *every* candidate, so candidates are compared on the same
cards and the noise of the deal cancels. Where iterations are dear (ChemiX's hints take ~30 ms) or
the luck is large (Chemuno) this wins more than the tree at the same budget (``bench/RESULTS-bots.md``).
The bot makes the move with the best mean value, ties to the earlier (greedier) hint.

A line is scored ±1 for a won or lost game, otherwise ``tanh(lead / scale)``, the lead being the
player's score minus the best other score; with ``Tuning.margin`` a won or lost game counts that
share of ``tanh(lead / scale)`` too (Chromino: won by four tiles is a surer win than by one). How long the bot thinks is a **level** (``LEVELS``): a cap
on the iterations (times the game's ``effort``) and on the processor seconds (one core) a decision.

>>> import chemgames
>>> from chemgames.bots.search import SearchBot
>>> g = chemgames.new_game("chromino", players=2, seed=3, lang="en")
>>> bot = SearchBot(seed=1, level="easy")
>>> g.is_legal(bot.choose(g))
True
>>> c = bot.last
>>> c.samples <= 12 and c.counts[c.best] == max(c.counts)
True
"""
from __future__ import annotations

import functools
import gc
import importlib
import inspect
import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from ..core.action import Action
from ..core.game import Game
from .planning import PlanningBot
from .prefer import prefer_real


@dataclass(frozen=True)
class Level:
    """How hard the bot thinks: at most ``iterations`` sampled worlds and ``budget`` seconds of
    processor time a decision (whichever comes first)."""

    iterations: int
    budget: float


#: The most a decision may take (issue 16: at most 1 s a move, processor time) and what is kept of
#: it for the step under way when the clock is read (a ``hints()`` call can take tens of ms) and the
#: work after the search: a decision of level hard stops searching at 0.88 s.
MOST = 1.0
RESERVE = 0.12

LEVELS: dict[str, Level] = {
    "easy": Level(iterations=12, budget=0.1),
    "medium": Level(iterations=40, budget=0.2),
    "hard": Level(iterations=300, budget=1.0),
}


@dataclass(frozen=True)
class Tuning:
    """Per game: ``candidates`` moves weighed at the root and ``wide`` at deeper nodes, the tree's
    ``depth`` in decisions, ``rollout`` turns of the default policy after it (``None``: to the end
    of the game), ``explore`` the default policy's chance of a random hint instead of the best one,
    ``scale`` the score lead that counts as a near-certain win (``tanh(lead / scale)``) and ``ucb``
    the exploration constant; ``passing`` whether passing is weighed beside hints; ``effort`` scales the level's iteration cap
    (a long game with many decisions, or cheap iterations); ``method`` ``"ismcts"`` or ``"paired"`` (see ``SearchBot._paired``).
    ``hold`` and ``hold_x`` (0: off) weigh the cards a hand keeps at the end of a line cut short, a
    value beyond the look-ahead that the game's ``kept_value`` computes (Chemuno: noble gases and
    multipliers; Chromino: ``hold`` a tile that reads the same from both ends, a burden, ``hold_x`` more for one
    that fits nowhere now). ``mobility`` (0: off) weighs what the game's ``mobility(world, player)`` says of a
    player's next turns at the end of a line cut short (Chromino: whether the hand still has tiles that
    fit the lay-out, or must draw). ``wishes`` and ``pending_noble`` widen the moves weighed where
    the game's ``candidates(game, limit, tune)`` reads them (Chemuno: more than the hint's one wish of
    a noble gas, and a noble gas laid on a multiplier's cards). A game's ``look_ahead(game, tune)``
    may set ``rollout`` for one decision (Chemuno: to the end once the draw pile holds ``endgame``
    cards or fewer). ``outlook`` (0: off) orders the moves weighed by the game's own look at the
    next turns, its ``candidates`` (Chromino: how likely the other hand finds no place after the
    tile), and ``guided`` lets the default policy play the game's ``policy`` move instead of the
    best hint. Each game sets its own in ``chemgames/games/<game>/strategy.py``
    (:func:`tuning`)."""

    candidates: int = 6
    wide: int = 4
    depth: int = 3
    rollout: int | None = 2
    explore: float = 0.1
    scale: float = 6.0
    ucb: float = 0.7
    method: str = "ismcts"
    passing: bool = True
    effort: float = 1.0
    hold: float = 0.0
    hold_x: float = 0.0
    mobility: float = 0.0
    wishes: int = 1  # wishes of a noble gas weighed, the hint's first (the game's ``candidates``; Chemuno)
    pending_noble: bool = False  # also weigh a noble gas laid on cards to draw (Chemuno's ``candidates``)
    endgame: int | None = None  # lines to the end from this far on (the game's ``look_ahead``; Chemuno: draw pile left)
    real_margin: float = 0.0  # points a real substance may fall behind an invention and still be made (``prefer``)
    outlook: float = 0.0  # order the moves weighed by the game's own look at the next turns (its ``candidates``; Chromino)
    guided: bool = False  # the default policy plays the game's ``policy(world, rng, tune)`` move, not the best hint (Chromino)
    prior: float = 0.0  # ``paired``: this weight times the game's exact ``prior(game, move, tune)`` (in points) joins each move's value
    last_tiles: float = 0.0  # the weight of a player's own last tiles that can still be laid (Chromino's ``mark``)
    told: bool = False  # ``paired``: the worlds dealt by the game's ``dealer(game, me, tune)``, as the log tells the hidden hands (Chromino: who drew holds no tile that fitted then)
    choices: float = 0.0  # with ``told``: how strongly the other players' chosen moves weigh the hands dealt (the game's ``dealer`` and ``prior``; Chromino: a hand with few placements makes the one laid likelier); 0: off
    exact: float = 0.0  # share of the budget for the game's exact end game, ``exact(game, me, until)`` (Chromino: once the bag is empty nothing is hidden); 0: off
    fast_lines: bool = False  # the lines played by the game's own ``play_out(world, turns, rng, explore, until)``: the same default policy without the engine's bookkeeping (Chromino)
    # with ``fast_lines``: the order the game's ``play_out`` lays the lines' tiles in, passed to it as ``tune`` (Chromino:
    # "hints", the hints' order; "two_ways", a tile that reads the same from both ends first whenever one fits;
    # "closing", the placement that leaves the next player's imagined hand the fewest tiles that fit, session 22)
    lines: str = "hints"
    # the budget is a hard limit (issue 31): the candidates are listed within the first ``hint_share`` of
    # it (the game's ``hints_until(game, limit, until)``), no batch or line runs past it (one cut short
    # is dropped, as at the hard limit), instead of the usual overrun to three times the budget
    strict: bool = False
    hint_share: float = 0.5
    # the share of a finished line's value that is its margin, ``tanh(lead / scale)``, instead of won or lost
    # (0: a line to the end is ±1 only; Chromino near the end: a line won by one tile and one won by four differ)
    margin: float = 0.0
    # ``paired``: a look-ahead that grows with the budget (issue 31, session 25). Once the estimate has settled
    # (the best candidate ahead of every other by ``deepen`` standard errors of the paired differences, over at
    # least ``deep_min`` worlds) the rest of the budget goes to lines ``deeper`` changes of turn longer (one reply
    # -> two -> three ...), at most ``deepest`` changes; the move is chosen by the deepest stage with at least
    # ``deep_min`` worlds. 0: off (the lines keep one depth, whatever the budget)
    deepen: float = 0.0
    deep_min: int = 16
    deeper: int = 2
    deepest: int = 5


@functools.lru_cache(maxsize=None)
def strategy(game_id: str) -> Any:
    """The game's own bot knowledge, ``chemgames/games/<game>/strategy.py``, or ``None``."""
    try:
        return importlib.import_module(f"chemgames.games.{game_id}.strategy")
    except ModuleNotFoundError:
        return None


def tuning(game_id: str) -> Tuning:
    """The game's own search settings (its strategy's ``SEARCH``) over the defaults.

    >>> tuning("chemuno").method, tuning("chromino").depth, tuning("no such game") == Tuning()
    ('paired', 3, True)
    """
    known = strategy(game_id)
    return Tuning(**known.SEARCH) if known is not None else Tuning()


@dataclass
class Choice:
    """What the bot weighed for its last decision, one entry a candidate move (the root's children):

    - ``labels``: the move in short text (a hint's formula, or the passing action's kind);
    - ``moves``: its actions, in order (``list[Action]``);
    - ``hints``: the hint object behind it (``None`` for passing);
    - ``means``: the mean score lead (the bot's points minus the best other player's) at the end of
      the sampled lines that began with it, in points;
    - ``values``: the mean search value in [-1, 1] (±1 a won or lost game) that the tree used;
    - ``counts``: how many sampled worlds (iterations) tried it;
    - ``best``: the index of the move made (the one tried most often);
    - ``samples``: all iterations; ``budget_s``: the processor seconds the decision took.

    >>> c = Choice(labels=["CuO", "pass"], means=[4.0, -1.5], counts=[30, 10], best=0)
    >>> c.samples, c.labels[c.best]
    (40, 'CuO')
    """

    labels: list[str] = field(default_factory=list)
    means: list[float] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    best: int = 0
    moves: list[list[Action]] = field(default_factory=list)
    hints: list[Any] = field(default_factory=list)
    values: list[float] = field(default_factory=list)
    budget_s: float = 0.0
    passed_over: int | None = None  # the invention the search ranked first, when a real substance was made instead
    real_margin: float = 0.0  # the margin of ``chemgames.bots.prefer`` this decision used (0: none)
    exact: int | None = None  # the move's value when the game's end was worked out exactly (1 won, 0 shared; ``Tuning.exact``)
    # ``Tuning.deepen``: each stage of the paired search as (its lines' changes of turn, ``None`` to the end; its
    # worlds), shallow first, and the index of the stage the move was chosen by
    stages: list[tuple[int | None, int]] = field(default_factory=list)
    chosen_stage: int = 0

    @property
    def samples(self) -> int:
        return sum(self.counts)


class _Node:
    """A decision in the tree: ``player`` chose ``move`` to get here; statistics from that view."""

    __slots__ = ("player", "move", "parent", "children", "visits", "avail", "value", "lead")

    def __init__(self, player: int | None, move: tuple[Action, ...] | None, parent: "_Node | None") -> None:
        self.player = player
        self.move = move
        self.parent = parent
        self.children: dict[tuple[Action, ...], _Node] = {}
        self.visits = 0
        self.avail = 0
        self.value = 0.0
        self.lead = 0.0


def _fast_apply() -> bool:
    """Does ``Game.apply`` take ``explain=False`` (the lead's fast engine path)?"""
    return "explain" in inspect.signature(Game.apply).parameters


_FAST = _fast_apply()


def _apply(world: Game, action: Action) -> None:
    if _FAST:
        world.apply(action, explain=False)
    else:
        world.apply(action)


def _passing(game: Game) -> list[Action]:
    """One turn-ending action of each kind the game offers now (skip, stop, pass …)."""
    kinds = game.pass_kinds
    out: dict[str, Action] = {}
    for a in game.legal_actions():
        if a.kind in kinds and a.kind not in out:
            out[a.kind] = a
    return list(out.values())


def _hints(game: Game, limit: int, until: float | None) -> Sequence[Any]:
    """``game.hints(limit)``, or, with a moment ``until`` of ``time.process_time()`` and a game whose
    strategy can stop its hint search then (``hints_until``), the hints found by that moment."""
    bounded = getattr(strategy(game.id), "hints_until", None) if until is not None else None
    return bounded(game, limit, until) if bounded is not None else game.hints(limit=limit)


def _moves(game: Game, limit: int, passing: bool = True,
           tune: Tuning | None = None, until: float | None = None) -> tuple[list[tuple[Action, ...]], list[Any]]:
    """The complete moves weighed at a decision: the first ``limit`` hints (or what the game's
    strategy makes of them, its ``candidates(game, limit, tune)``: Chemuno adds other wishes of a
    noble gas), then passing (with ``passing=False`` only when there is no hint); if neither exists,
    single legal actions. Returns the moves and the hint behind each (``None``: no hint). ``until``:
    the hint search stops then, where the game can stop it (``_hints``)."""
    widen = getattr(strategy(game.id), "candidates", None)
    hints = widen(game, limit, tune or tuning(game.id)) if widen is not None else _hints(game, limit, until)
    moves = [tuple(h.actions) for h in hints]
    behind: list[Any] = list(hints)
    for a in _passing(game) if passing or not moves else []:
        if (a,) not in moves:
            moves.append((a,))
            behind.append(None)
    if not moves:
        moves = [(a,) for a in game.legal_actions()[:limit]]
        behind = [None] * len(moves)
    return moves, behind


class SearchBot(PlanningBot):
    """ISMCTS over complete moves from its own view only; ``level`` one of ``LEVELS`` (``budget`` and
    ``iterations`` override it: seconds of processor time and sampled worlds a decision)."""

    name = "search"

    def __init__(self, seed: int | None = None, level: str = "medium", budget: float | None = None,
                 iterations: int | None = None, tuning: dict[str, Any] | None = None) -> None:
        super().__init__(seed)
        self.tuning = dict(tuning or {})  # fields of ``Tuning`` that override the game's (bench/)
        if level not in LEVELS:
            from ..core.errors import OptionError

            raise OptionError(f"unknown level '{level}'; choose one of: {', '.join(LEVELS)}")
        self.level = level
        self.budget = LEVELS[level].budget if budget is None else budget
        self.iterations = LEVELS[level].iterations if iterations is None else iterations
        self.last = Choice()
        self._start: float | None = None  # when ``choose`` began the decision (processor seconds)
        self._dearest = 0.0
        self._strict = False  # this decision's ``Tuning.strict``: the budget is a hard limit
        self._stages: tuple[list[tuple[int | None, int]], int] = ([], 0)  # the paired search's stages (``Choice.stages``)

    # -------------------------------------------------------------- the decision
    def choose(self, game: Game) -> Action:
        """The next action: the rest of the move planned, else a new decision. Unlike the other
        bots it does not list 25 hints first (``pick`` lists its own few): a saved ``hints()`` call,
        dear in some positions of Das Chemie-Kartenspiel, and the decision's clock starts here."""
        if self._plan and game.is_legal(self._plan[0]):
            return self._plan.pop(0)
        self._plan = []
        self._start = time.process_time()
        plan = self.pick(game, [])
        if plan:
            self._plan = list(plan[1:])
            return plan[0]
        return self.fallback(game)

    def pick(self, game: Game, hints: list[Any]) -> Sequence[Action] | None:
        """The complete move to make now (its actions, in order); ``None`` leaves the choice to
        ``fallback`` (nothing to weigh). ``hints`` is not read: the bot lists its own candidates."""
        # No full pass of the garbage collector while the bot thinks: a full pass goes over everything
        # the process holds and took up to 0.4 s in Das Chemie-Kartenspiel (one or two inside a
        # decision pushed it past its 1 s). The young generations are still collected as usual, a
        # little at a time; the full passes wait until the decision is made (the threshold of the
        # oldest generation is put back then). Switching the collector off instead only moved the
        # pause: the first collection after the decision went over everything it had made.
        young_0, young_1, full = gc.get_threshold()
        gc.set_threshold(young_0, young_1, 1 << 30)
        try:
            return self._pick(game)
        finally:
            gc.set_threshold(young_0, young_1, full)

    def _pick(self, game: Game) -> Sequence[Action] | None:
        start, self._start = self._start or time.process_time(), None
        self._dearest = 0.0  # the longest turn of a sampled line in this decision (seconds)
        me = game.current_player
        assert me is not None
        tune = replace(tuning(game.id), **self.tuning)
        ahead = getattr(strategy(game.id), "look_ahead", None)
        if ahead is not None:  # the game may look further in some phases (Chemuno: the draw pile's end)
            tune = replace(tune, rollout=ahead(game, tune))
        self._strict = tune.strict
        solved = self._exact(game, me, tune, start)
        if solved is not None:
            return solved
        moves, behind = _moves(game, tune.candidates, tune.passing, tune,
                               start + tune.hint_share * self.budget if tune.strict else None)
        labels = [h.formula if h is not None else m[0].kind for m, h in zip(moves, behind)]
        if len(moves) <= 1:
            self.last = Choice(labels, [0.0] * len(moves), [0] * len(moves), 0, [list(m) for m in moves],
                               behind, [0.0] * len(moves), time.process_time() - start)
            return moves[0] if moves else None
        deadline = start + self.budget
        self._stages = [], 0
        if tune.method == "paired":
            counts, means, values = self._paired(game, me, moves, tune, deadline)
            best = max(range(len(moves)), key=lambda j: (values[j], -j))
        else:
            counts, means, values = self._ismcts(game, me, moves, tune, deadline)
            best = max(range(len(moves)), key=lambda j: (counts[j], values[j], -j))
        ranked_first, best = best, prefer_real(behind, means, best, tune.real_margin)
        self.last = Choice(labels, means, counts, best, [list(m) for m in moves], behind, values,
                           time.process_time() - start, None if best == ranked_first else ranked_first,
                           tune.real_margin, stages=self._stages[0], chosen_stage=self._stages[1])
        return moves[best]

    def _exact(self, game: Game, me: int, tune: Tuning, start: float) -> Sequence[Action] | None:
        """The move of the game's exact end game (its strategy's ``exact(game, me, until)``: every
        move with its value under best play, +1 won, 0 shared, −1 lost, best first, or ``None``
        when the game still hides something or the time ran out), given ``tune.exact`` of the
        budget: a won or shared game is played as solved; when every move loses against best play
        the search chooses as usual (the other player may not find the best replies)."""
        solve = getattr(strategy(game.id), "exact", None) if tune.exact else None
        solved = solve(game, me, start + tune.exact * self.budget) if solve is not None else None
        if not solved or solved[0][1] < 0:
            return None
        values = [float(v) for _, v in solved]
        named = {tuple(h.actions): h for h in game.hints(limit=100)}
        behind = [named.get(tuple(m)) for m, _ in solved]
        labels = [h.formula if h is not None else m[0].kind for (m, _), h in zip(solved, behind)]
        self.last = Choice(labels, values, [0] * len(solved), 0, [list(m) for m, _ in solved], behind, values,
                           time.process_time() - start, exact=solved[0][1])
        return solved[0][0]

    def decide(self, game: Game) -> Sequence[Action]:
        """The complete move ``choose`` starts now (for tests and the explanation)."""
        return self.pick(game, []) or [self.fallback(game)]

    # -------------------------------------------------------------- the two methods
    def _ismcts(self, game: Game, me: int, moves: list[tuple[Action, ...]], tune: Tuning,
                deadline: float) -> tuple[list[int], list[float], list[float]]:
        """ISMCTS: each iteration one world and one path down the shared tree."""
        root = _Node(None, None, None)
        done, cap = 0, max(1, round(self.iterations * tune.effort))
        stop = min(deadline, self._hard_limit(deadline))
        while done < cap and time.process_time() < stop:
            self._iterate(game, me, root, moves, tune, deadline)
            done += 1
        stats = [root.children.get(m) for m in moves]
        counts = [n.visits if n else 0 for n in stats]
        means = [n.lead / n.visits if n and n.visits else float("-inf") for n in stats]
        values = [n.value / n.visits if n and n.visits else float("-inf") for n in stats]
        return counts, means, values

    def _paired(self, game: Game, me: int, moves: list[tuple[Action, ...]], tune: Tuning,
                deadline: float) -> tuple[list[int], list[float], list[float]]:
        """Determinized Monte Carlo with common random numbers: each world (and the luck of the
        line played in it) is used for every candidate, so the candidates are compared on the same
        cards; an iteration is one candidate in one world.

        With ``tune.deepen`` the look-ahead grows with the budget: once the estimate has settled
        (:meth:`_settled`) the search starts again with lines ``tune.deeper`` changes of turn longer
        (up to ``tune.deepest``), and the move is chosen by the deepest stage with ``tune.deep_min``
        worlds or more (``self._stages`` keeps each stage's depth and worlds for ``Choice.stages``)."""
        n = len(moves)
        ladder = self._ladder(tune)
        depth = tune.rollout
        line_tune = tune
        counts, leads, values = [0] * n, [0.0] * n, [0.0] * n
        cross = [[0.0] * n for _ in range(n)]  # with a ladder: sums of products of two candidates' values in a world
        stages: list[tuple[int | None, list[int], list[float], list[float]]] = []
        marks: list[float] | None = None
        done, cap = 0, max(n, round(self.iterations * tune.effort))
        # A world counts only when every candidate was played out in it to the same depth: a batch
        # that the time cut short part-way would compare a candidate played on with one that was
        # not (the later ones would look better for it). So a batch starts only if the last one's
        # time still fits before ``deadline``, and one that reaches the hard limit is dropped (no
        # world at all leaves the greedy hint, the first candidate).
        limit = self._hard_limit(deadline)
        stop = min(deadline, limit)
        batch = 0.0
        deal = getattr(strategy(game.id), "dealer", None) if tune.told else None
        worlds = deal(game, me, tune) if deal is not None else (lambda rng: game.redeal_hidden(me, rng))
        while done + n <= cap:
            began = time.process_time()
            if began + (batch if done else 0.0) > stop:
                break
            seed = self.rng.getrandbits(64)
            found: list[tuple[float, float]] = []
            for move in moves:
                luck = random.Random(seed)
                world = worlds(luck)
                if self._play(world, move) and not self._rollout(world, line_tune, luck, limit):
                    break  # cut short: the batch is dropped
                value, lead = self._evaluate(world, tune)
                found.append((value[me], lead[me]))
            if len(found) < n:
                break
            for j, (value_j, lead_j) in enumerate(found):
                counts[j] += 1
                leads[j] += lead_j
                values[j] += value_j
            if ladder:
                for j, (value_j, _) in enumerate(found):
                    row = cross[j]
                    for k, (value_k, _) in enumerate(found):
                        row[k] += value_j * value_k
            done += n
            batch = time.process_time() - began
            if ladder and counts[0] >= tune.deep_min:
                if marks is None:
                    marks = self._marks(game, moves, tune)
                if self._settled(counts[0], values, cross, marks, tune.deepen):  # settled here: the rest goes deeper
                    stages.append((depth, counts, leads, values))
                    depth = ladder.pop(0)
                    line_tune = replace(tune, rollout=depth)
                    counts, leads, values = [0] * n, [0.0] * n, [0.0] * n
                    cross = [[0.0] * n for _ in range(n)]
        stages.append((depth, counts, leads, values))
        chosen = max((k for k, st in enumerate(stages) if st[1][0] >= tune.deep_min), default=0)
        self._stages = [(st[0], st[1][0]) for st in stages], chosen
        _, counts, leads, values = stages[chosen]
        means = [x / c if c else float("-inf") for x, c in zip(leads, counts)]
        values = [x / c if c else float("-inf") for x, c in zip(values, counts)]
        if marks is None:
            marks = self._marks(game, moves, tune)
        values = [v + m for v, m in zip(values, marks)]
        return counts, means, values

    @staticmethod
    def _marks(game: Game, moves: list[tuple[Action, ...]], tune: Tuning) -> list[float]:
        """What the game knows exactly of each move beside the lines (its strategy's ``prior``, times
        ``tune.prior``, on the scale of the values; Chromino: the other hand stuck), 0 without one."""
        known = getattr(strategy(game.id), "prior", None) if tune.prior else None
        if known is None:
            return [0.0] * len(moves)
        return [tune.prior * known(game, m, tune) / tune.scale for m in moves]

    @staticmethod
    def _ladder(tune: Tuning) -> list[int | None]:
        """The deeper depths of lines (changes of turn) ``tune.deepen`` may go on to, shallow first.

        >>> SearchBot._ladder(Tuning(rollout=1, deepen=4.0)), SearchBot._ladder(Tuning(rollout=1))
        ([3, 5], [])
        >>> SearchBot._ladder(Tuning(rollout=None, deepen=4.0)), SearchBot._ladder(Tuning(rollout=1, deepen=4.0, deepest=9, deeper=4))
        ([], [5, 9])
        """
        if not tune.deepen or tune.rollout is None or tune.deeper < 1:
            return []
        return list(range(tune.rollout + tune.deeper, tune.deepest + 1, tune.deeper))

    @staticmethod
    def _settled(m: int, sums: list[float], cross: list[list[float]], marks: list[float], z: float) -> bool:
        """Is the best candidate (mean value plus its mark) ahead of every other by ``z`` standard
        errors of their paired differences over ``m`` worlds? ``sums[j]``: candidate ``j``'s values
        summed over the worlds, ``cross[j][k]``: the products of ``j``'s and ``k``'s values summed.

        >>> def settled(rows, z):   # rows[j][w]: candidate j in world w
        ...     cross = [[sum(a * b for a, b in zip(r, s)) for s in rows] for r in rows]
        ...     return SearchBot._settled(len(rows[0]), [sum(r) for r in rows], cross, [0.0] * len(rows), z)
        >>> settled([[1.0, 0.9, 1.1, 1.0], [0.0, 0.1, -0.1, 0.1]], 4.0), settled([[1.0, 0.9, 1.1, 1.0], [0.0, 0.1, -0.1, 0.1]], 40.0)
        (True, False)
        >>> settled([[1.0, -1.0, 1.0, -1.0], [-1.0, 1.0, -1.0, 1.0]], 1.0), settled([[0.5, 0.5], [0.0, 0.0]], 4.0)
        (False, True)
        """
        if m < 2:
            return False
        score = [x / m + k for x, k in zip(sums, marks)]
        best = max(range(len(sums)), key=lambda j: (score[j], -j))
        for j in range(len(sums)):
            if j == best:
                continue
            d = (sums[best] - sums[j]) / m  # the mean paired difference of the lines, without the marks
            var = max((cross[best][best] - 2 * cross[best][j] + cross[j][j] - m * d * d) / (m - 1), 0.0)
            ahead = score[best] - score[j]
            if var <= 1e-12 * max(1.0, abs(d)):
                if ahead <= 0.0:
                    return False
                continue
            if ahead / math.sqrt(var / m) < z:
                return False
        return True

    # -------------------------------------------------------------- one iteration
    def _iterate(self, game: Game, me: int, root: _Node, root_moves: list[tuple[Action, ...]],
                 tune: Tuning, deadline: float) -> None:
        world = game.redeal_hidden(me, self.rng)
        node, depth = root, 0
        while not world.is_over and depth < tune.depth:
            mover = world.current_player
            moves = root_moves if node is root else _moves(world, tune.wide, tune.passing, tune,
                                                           self._hard_limit(deadline) if tune.strict else None)[0]
            for m in moves:
                child = node.children.get(m)
                if child is not None:
                    child.avail += 1
            fresh = [m for m in moves if m not in node.children]
            if fresh:
                move = fresh[0]
                node.children[move] = child = _Node(mover, move, node)
                child.avail = 1
            else:
                child = max((node.children[m] for m in moves),
                            key=lambda c: c.value / c.visits + tune.ucb * math.sqrt(math.log(max(c.avail, 1)) / c.visits)
                            if c.visits else math.inf)
            if child.move is None or not self._play(world, child.move):
                break
            node, depth = child, depth + 1
            if fresh:
                break
        self._rollout(world, tune, self.rng, self._hard_limit(deadline))  # one line: a cut one still counts
        values, leads = self._evaluate(world, tune)
        while node is not root:
            assert node.player is not None
            node.visits += 1
            node.value += values[node.player]
            node.lead += leads[node.player]
            node = node.parent  # type: ignore[assignment]

    @staticmethod
    def _play(world: Game, move: Sequence[Action]) -> bool:
        for action in move:
            if world.is_over or not world.is_legal(action):
                return False
            _apply(world, action)
        return True

    def _hard_limit(self, deadline: float) -> float:
        """When a decision stops whatever it is doing: a little after ``deadline`` (three times the
        budget, never before the budget), so a started batch can finish in time; but within a move's
        ``MOST`` seconds it stops ``RESERVE`` seconds early, kept for the step under way when the
        clock is read and the work after the search (a budget chosen above ``MOST`` is kept).

        >>> [round(SearchBot(budget=b)._hard_limit(b), 2) for b in (0.1, 0.2, 1.0, 2.0)]
        [0.3, 0.6, 0.88, 2.0]

        A game whose tuning is ``strict`` (Das Chemie-Kartenspiel) stops at ``deadline`` itself.
        """
        if self._strict:
            return deadline
        span = max(self.budget, min(MOST, 3 * self.budget))
        if span <= MOST:
            span = min(span, MOST - RESERVE)
        return deadline - self.budget + span

    def _rollout(self, world: Game, tune: Tuning, rng: random.Random, deadline: float) -> bool:
        """The default policy: the best hint (now and then another of the first three), else passing,
        for ``tune.rollout`` changes of turn or to the end; cut short when the dearest turn of this
        decision so far would no longer end before ``deadline`` (a few positions of Das
        Chemie-Kartenspiel have hints that take a tenth of a second or more). ``False``: cut short."""
        fast = getattr(strategy(world.id), "play_out", None) if tune.fast_lines and not tune.guided else None
        if fast is not None:  # the game plays the same policy on its own state (Chromino); None: it cannot here
            done = fast(world, tune.rollout, rng, tune.explore, deadline, tune=tune)
            if done is not None:
                return bool(done)
        changes, steps = 0, 0
        last = world.current_player
        # the game's own default policy (its ``policy(world, rng, tune)``, Chromino), else the best hint
        guide = getattr(strategy(world.id), "policy", None) if tune.guided else None
        while not world.is_over and (tune.rollout is None or changes < tune.rollout) and steps < 2000:
            now = time.process_time()
            if now + self._dearest >= deadline:  # the dearest turn so far would not fit any more
                return False
            guided = guide(world, rng, tune) if guide is not None and rng.random() >= tune.explore else None
            hints = [guided] if guided is not None else _hints(world, 3, deadline if self._strict else None)
            if self._strict and time.process_time() >= deadline:
                return False  # the hint search ran into the deadline: the line is cut short
            if hints:
                h = hints[0] if len(hints) == 1 or rng.random() >= tune.explore else rng.choice(hints)
                move: Sequence[Action] = h.actions
            else:
                passing = _passing(world)
                legal = passing or world.legal_actions()
                move = [passing[0] if passing else rng.choice(legal)]
            for action in move:
                if world.is_over or not world.is_legal(action):
                    break
                _apply(world, action)
                steps += 1
            if world.current_player != last:
                changes += 1
                last = world.current_player
            self._dearest = max(self._dearest, time.process_time() - now)
        return True

    @staticmethod
    def _evaluate(world: Game, tune: Tuning) -> tuple[list[float], list[float]]:
        """Each player's value in [-1, 1] and lead at the end of a sampled line: the lead in points, or
        in what the game's strategy counts as standing (its ``standing(world)``, one number a
        player, more is better: Chromino's tiles still to lay, which draws make more). The points
        are the ones the game's rules give the position and a student reads, ``shown_scores()``: a
        line that stops in the middle of a ChemiX turn counts each card on the free area −1, as the
        sheet does (``scores()`` counts them only once the turn ends)."""
        known = strategy(world.id)
        standing = getattr(known, "standing", None)
        scores = standing(world) if standing is not None else world.shown_scores()
        kept = getattr(known, "kept_value", None)
        if (tune.hold or tune.hold_x) and kept is not None and not world.is_over:
            scores = [s + kept(world, p, tune.hold, tune.hold_x) for p, s in enumerate(scores)]
        mobile = getattr(known, "mobility", None)
        if tune.mobility and mobile is not None and not world.is_over:
            scores = [s + tune.mobility * mobile(world, p) for p, s in enumerate(scores)]
        n = len(scores)
        leads = [float(scores[p] - max(s for q, s in enumerate(scores) if q != p)) if n > 1 else float(scores[p])
                 for p in range(n)]
        if world.is_over:
            winners = world.winners()
            values = [(1.0 if len(winners) == 1 else 0.0) if p in winners else -1.0 for p in range(n)]
            if tune.margin:
                values = [(1 - tune.margin) * v + tune.margin * math.tanh(lead / tune.scale)
                          for v, lead in zip(values, leads)]
        else:
            values = [math.tanh(lead / tune.scale) for lead in leads]
        return values, leads


__all__ = ["Choice", "LEVELS", "Level", "SearchBot", "Tuning"]
