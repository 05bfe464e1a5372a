"""The pyspiel Python games: a game class, a state class wrapping a chemgames ``Game``, and an
observer that reads only ``view(player)``. Needs the extra ``chemgames[spiel]`` (``open_spiel``),
but only when :func:`register` runs: the module itself imports without it (the JupyterLite site
and ``tests/test_lite_parts.py`` import every module of the package, and carry no OpenSpiel), so
the rules of the game and state live in mixins and the pyspiel subclasses are made at registration.

How the pieces map (``docs/spiel.md`` says more):

* **Chance** is one node at the start: its outcome ``d`` in ``range(deals)`` is the deal number,
  the seed of ``chemgames.new_game``. The shuffle and every later draw follow from that seed (the
  engine draws from its own seeded generator), so no later chance node is needed.
* **Actions** are numbered by ``chemgames.spiel.schemas`` (a fixed codec per game); in Das
  Chemie-Kartenspiel one action is a whole move (``chemgames.spiel.moves``), applied as its steps.
* **Returns**: winners share the win, zero-sum: ``n/w − 1`` for each of ``w`` winners of ``n``
  players, ``−1`` for the others, ``0`` for everyone when nobody wins.
* **Observation**: ``view(player)`` without its texts (title, language, log) and the printed faces
  that never change. **Information state**: the observation plus every move the player saw (own
  moves and the others' public ones, as the view's log shows them).

>>> import pyspiel
>>> names = register()
>>> state = pyspiel.load_game("python_chemgames_chemuno").new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 1000)
>>> state.apply_action(17)                      # deal 17: chemgames.new_game("chemuno", seed=17)
>>> state.game_now.seed, state.current_player() == state.game_now.current_player
(17, True)
>>> state.action_to_string(state.legal_actions()[0])
'P2: play(card=Cl.1)'
>>> state.observation_string(1).startswith('{"called":false,"can_undo":false,"current_player":1')
True
"""
from __future__ import annotations

import importlib
import json
import random
from functools import lru_cache
from typing import Any

import chemgames

from .schemas import schema
from .tensors import Layout, has_tensor

PREFIX = "python_chemgames_"
DEFAULT_DEALS = 1000
_TEXTS = ("title", "lang", "log")  # what the view says in words: the moves are in the history instead


def load_pyspiel() -> Any:
    """The pyspiel module (imported on first use: it comes with the extra ``chemgames[spiel]``)."""
    return importlib.import_module("pyspiel")


def game_type(game_id: str) -> Any:
    """The OpenSpiel type (``pyspiel.GameType``) of the chemgames game ``game_id``."""
    pyspiel = load_pyspiel()
    info = next(i for i in chemgames.games() if i.id == game_id)
    s = schema(game_id)
    return pyspiel.GameType(
        short_name=PREFIX + game_id, long_name=f"chemgames {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        # Räum-Ab! deals every card face up: after the deal both players know everything
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION if s.hidden
        else pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players, min_num_players=info.min_players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=has_tensor(game_id),
        # max_moves 0: no cap, the bound proved from the rules (Chemuno, Räum-Ab!)
        parameter_specification={"players": max(2, info.min_players), "deals": DEFAULT_DEALS,
                                 "max_moves": 0 if s.proved else s.max_moves(max(2, info.min_players))})


class ChemGame:
    """One chemgames game as an OpenSpiel game (mixed into ``pyspiel.Game`` by :func:`game_class`).

    Parameters: ``players``; ``deals``, the number of deals the chance node chooses from;
    ``max_moves``, the cap on a game's actions (0 where a bound is proved from the rules: that
    bound, or a lower cap if given)."""

    game_id: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        gtype = game_type(self.game_id)
        params = dict(params or {})
        self.players = int(params.get("players", gtype.parameter_specification["players"]))
        s = schema(self.game_id)
        self.schema = s
        if s.moves is not None:  # Das Chemie-Kartenspiel: its compiled walk loaded with the game, not on its first list
            s.moves.prepare()
        self.deals = int(params.get("deals", DEFAULT_DEALS))
        # a cap is what the caller chose; a proved bound can only be lowered by one
        chosen = int(params.get("max_moves", gtype.parameter_specification["max_moves"]))
        self.max_moves = min(chosen or s.max_moves(self.players), s.max_moves(self.players)) if s.proved else chosen
        info = load_pyspiel().GameInfo(
            num_distinct_actions=s.num_actions, max_chance_outcomes=self.deals,
            num_players=self.players, min_utility=-1.0, max_utility=float(max(self.players - 1, 0)),
            utility_sum=0.0, max_game_length=self.max_moves + 1)  # + 1: the deal
        # a mixin: pyspiel.Game comes after it in the class made by ``game_class``
        super().__init__(gtype, info, {"players": self.players, "deals": self.deals, "max_moves": self.max_moves})  # type: ignore[call-arg]

    def new_initial_state(self) -> "ChemState":
        return state_class()(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "ViewObserver":
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        # a tensor for the observation (no information-state tensor: that would need the history)
        layout = Layout.of(self.game_id, self.players) if has_tensor(self.game_id) and not recall else None
        return ViewObserver(recall, self.schema.static_view, layout)


class SpielTable:
    """Holds the chemgames game and its moves (who, public, the action: its text is what OpenSpiel asks
    for, made when read). OpenSpiel clones a state by deep-copying its attributes and serializes it
    by pickling them: a clone is ``Game.copy()``, a pickle is the save file (with ``steps``)."""

    __slots__ = ("game", "moves", "numbered", "mark", "steps")

    def __init__(self, game: Any, moves: list[tuple[int, bool, Any]] | None = None, steps: int | None = None) -> None:
        self.game = game
        self.moves = moves if moves is not None else [(e.player, e.public, e.action) for e in game.log]
        # the legal actions of this position by number, as the engine listed them: applying the very
        # object listed lets the engine find it without hashing every legal action (a whole move:
        # its steps, or the build that makes them); ``mark``: the game's state they were listed for
        self.numbered: dict[int, Any] | None = None
        self.mark: object | None = None
        # OpenSpiel actions applied (what the cap counts): one per step, or per whole move
        self.steps = len(self.moves) if steps is None else steps

    def legal_numbers(self, s: Any) -> list[int]:
        if self.numbered is None:
            self.mark = self.game.state_mark()
            self.numbered = s.moves.legal(self.game) if s.moves is not None else \
                {s.codec.encode(a): a for a in self.game.legal_actions()}
        return sorted(self.numbered)

    def apply(self, action: Any) -> None:
        # the fast path: the same rules and effect; the explanation is made only if someone reads it
        self.game.apply(action, explain=False)
        self.numbered = None
        entry = self.game.log_tail(1)[0]
        self.moves.append((entry.player, entry.public, entry.action))

    def apply_number(self, s: Any, number: int) -> None:
        """Apply OpenSpiel's action ``number`` (a step, or a whole move's steps)."""
        if s.moves is None:
            listed = self.numbered.get(number) if self.numbered else None
            self.apply(listed if listed is not None else s.codec.decode(number, self.game.current_player))
        else:
            if self.numbered is None:  # listed already (OpenSpiel asked for the legal actions): not sorted again
                self.legal_numbers(s)
            assert self.numbered is not None
            move = self.numbered.get(number)
            if move is None:
                raise ValueError(f"{self.game.id}: {number} is not a legal move now")
            # a move this table listed for this very state (``mark``): its steps come from the walk,
            # whose every step the engine accepts (tests/test_spiel_fast_apply.py); the engine checks
            # the first and applies the rest on its fast path without asking again
            g = self.game
            steps = s.moves.steps(g, move)
            g.apply_listed(steps, self.mark)
            self.numbered = None
            self.moves += [(e.player, e.public, e.action) for e in g.log_tail(len(steps))]
        self.steps += 1

    def __deepcopy__(self, memo: dict[int, Any]) -> "SpielTable":
        return SpielTable(self.game.copy(), list(self.moves), self.steps)

    def __getstate__(self) -> tuple[str, int]:
        return self.game.to_json(), self.steps

    def __setstate__(self, state: tuple[str, int]) -> None:
        save, steps = state
        self.__init__(chemgames.load_game(save), None, steps)  # type: ignore[misc]


_CHANCE, _TERMINAL = -1, -4  # pyspiel.PlayerId.CHANCE and TERMINAL (checked in tests/test_spiel.py)


class ChemState:
    """A position: before the deal a chance node, then the chemgames game (mixed into
    ``pyspiel.State`` by :func:`state_class`)."""

    def __init__(self, game: ChemGame) -> None:
        super().__init__(game)  # type: ignore[call-arg]  # a mixin before pyspiel.State (state_class)
        self.table: SpielTable | None = None
        # asked for several times a move: kept as a plain number (a clone copies it for nothing)
        self.cap = game.max_moves

    @property
    def _dealt(self) -> SpielTable:
        """The table after the deal (the chance node comes first)."""
        assert self.table is not None, "the cards are not dealt yet"
        return self.table

    @property
    def game_now(self) -> Any:
        """The chemgames ``Game`` (``None`` before the deal)."""
        return self.table.game if self.table else None

    def _spec(self) -> ChemGame:
        spec = self.get_game()  # type: ignore[attr-defined]
        assert isinstance(spec, ChemGame)
        return spec

    # --------------------------------------------------------------- turn flow
    def current_player(self) -> int:
        t = self.table
        if t is None:
            return _CHANCE
        g = t.game
        if g.is_over or t.steps >= self.cap:  # is_terminal, asked several times a move
            return _TERMINAL
        return int(g.current_player)

    def is_terminal(self) -> bool:
        t = self.table
        # OpenSpiel's actions counted beside the game (as many as its log where one is one step)
        return t is not None and (t.game.is_over or t.steps >= self.cap)

    def is_chance_node(self) -> bool:
        """OpenSpiel's ``is_chance_node`` (``current_player() == CHANCE``: before the deal), answered here."""
        return self.table is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self._spec().deals
        return [(d, 1.0 / deals) for d in range(deals)]

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions()`` / ``legal_actions(player)``, answered here as pyspiel's own
        ``PyState::LegalActions`` answers it (``tests/test_spiel.py`` compares both on every position): none
        once terminal, the deals at the chance node, the mover's actions, none for another player; a
        pseudo-player (below 0) is an error. From Python (OpenSpiel's Python algorithms, ISMCTS, MCTS) the
        C++ way called back into this class five times a list (``is_terminal``, ``current_player`` thrice,
        ``_legal_actions``) and copied the list twice: about a tenth of a random game of Das
        Chemie-Kartenspiel (issue 31). C++ callers still go that way and get the same list."""
        t = self.table
        if t is None:
            return list(range(self._spec().deals))  # LegalChanceOutcomes: the outcomes of chance_outcomes()
        g = t.game
        if g.is_over or t.steps >= self.cap:  # is_terminal
            return []
        if player is None or player == g.current_player:
            return t.legal_numbers(self._spec().schema)
        if player < 0:
            raise load_pyspiel().SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def _legal_actions(self, player: int) -> list[int]:
        return self._dealt.legal_numbers(self._spec().schema)

    def _apply_action(self, action: int) -> None:
        spec = self._spec()
        if self.table is None:
            self.table = SpielTable(chemgames.new_game(spec.game_id, players=spec.players, seed=int(action), lang="en"))
            return
        self.table.apply_number(spec.schema, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == load_pyspiel().PlayerId.CHANCE:
            return f"deal {action}"
        s = self._spec().schema
        if s.moves is not None:
            listed = None
            if self.table is not None and not self.is_terminal() and self.table.game.current_player == player:
                self.table.legal_numbers(s)
                listed = self.table.numbered
            return s.moves.describe(player, int(action), listed)
        assert s.codec is not None  # a state without whole moves has its action codec
        return str(s.codec.decode(int(action), player))

    def returns(self) -> list[float]:
        n = self._spec().players
        if not self.is_terminal():
            return [0.0] * n
        g = self._dealt.game
        winners = g.winners() if g.is_over else _best(g.scores())
        if not winners:
            return [0.0] * n
        return [n / len(winners) - 1.0 if p in winners else -1.0 for p in range(n)]

    # --------------------------------------------------------------- search
    def resample_from_infostate(self, player: int, sampler: Any = None) -> "ChemState":
        """A state that ``player`` cannot tell from this one: the hidden cards and the future draws
        dealt anew from what ``player`` sees (``Game.redeal_hidden``); for OpenSpiel's ISMCTS."""
        seed = int(sampler() * 2**53) if callable(sampler) else random.getrandbits(53)
        table = self.table
        # cloned without its table: the clone would copy the game only for the world dealt anew to replace it
        self.table = None
        try:
            twin = self.clone()  # type: ignore[attr-defined]
        finally:
            self.table = table
        if table is not None:
            twin.table = SpielTable(table.game.redeal_hidden(player, random.Random(seed)), list(table.moves), table.steps)
        return twin

    def __str__(self) -> str:
        g = self.game_now
        if g is None:
            return f"{self._spec().game_id}: {self._spec().players} players, before the deal"
        head = f"{g.id} deal {g.seed}: {g.players} players, {len(g.log)} moves, scores {g.scores()}"
        return "\n".join([head] + [str(action) for _, _, action in self._dealt.moves])


def _best(scores: list[int]) -> list[int]:
    """Who leads: the players with the best score.

    >>> _best([3, 5, 5])
    [1, 2]
    """
    top = max(scores)
    return [p for p, s in enumerate(scores) if s == top]


class ViewObserver:
    """OpenSpiel's observer of a chemgames state: strings, and where the game has a layout
    (``chemgames.spiel.tensors``) a tensor, built from ``view(player)`` only."""

    def __init__(self, perfect_recall: bool, static: tuple[str, ...], layout: Layout | None = None) -> None:
        self.perfect_recall = perfect_recall
        self.static = frozenset(_TEXTS + static)
        self.layout = layout
        self.tensor: Any = None  # None: strings only, OpenSpiel then asks for no tensor
        self.dict: dict[str, Any] = {}
        if layout is not None:
            import numpy as np  # comes with open_spiel

            self.tensor = np.zeros(layout.size, np.float32)
            self.dict = {name: self.tensor[layout.slices[name]].reshape(shape) for name, shape in layout.parts}

    def set_from(self, state: ChemState, player: int) -> None:
        """Fill the tensor from ``view(player)`` (nothing to fill without a layout)."""
        if self.layout is None:
            return
        g = state.game_now
        if g is None:  # before the deal: only who observes
            self.tensor.fill(0.0)
            self.dict["player"][player] = 1.0
            return
        self.tensor[:] = self.layout.tensor(g.position(player))

    def string_from(self, state: ChemState, player: int) -> str:
        g = state.game_now
        if g is None:
            return f"p{player}: before the deal"
        seen = {k: v for k, v in g.position(player).items() if k not in self.static}
        text = json.dumps(seen, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        if not self.perfect_recall:
            return text
        # the moves the player saw: own ones and the others' public ones (the view's log, unabridged)
        assert state.table is not None
        moves = [str(move) for who, public, move in state.table.moves if who == player or public]
        return "\n".join([text, *moves])


@lru_cache(maxsize=None)
def game_class(game_id: str) -> type:
    """The ``pyspiel.Game`` subclass of ``game_id`` (what ``pyspiel.register_game`` wants)."""
    return type(f"ChemGame_{game_id}", (ChemGame, load_pyspiel().Game), {"game_id": game_id})


@lru_cache(maxsize=None)
def state_class() -> type:
    """The ``pyspiel.State`` subclass of every chemgames game."""
    return type("ChemSpielState", (ChemState, load_pyspiel().State), {})


def __getattr__(name: str) -> type:
    """The classes made at registration, by name: what ``pickle`` looks up (in a fresh process
    too, where the games are then registered first)."""
    if name == "ChemSpielState" or name.startswith("ChemGame_"):
        register()
        return state_class() if name == "ChemSpielState" else game_class(name.removeprefix("ChemGame_"))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def register(game_ids: list[str] | None = None) -> list[str]:
    """Register the games with pyspiel (again: no harm); return their OpenSpiel names."""
    pyspiel = load_pyspiel()
    names = []
    for gid in game_ids or [i.id for i in chemgames.games()]:
        name = PREFIX + gid
        if name not in pyspiel.registered_names():
            pyspiel.register_game(game_type(gid), game_class(gid))
        names.append(name)
    return names
