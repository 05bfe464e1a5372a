"""The game-agnostic engine: turn flow, legality, log, undo within a turn, seeded randomness,
player views and save files. Each game subclasses :class:`Game` and fills in the hooks.

The public methods are the same for every game (see ``chemgames.new_game``).
"""
from __future__ import annotations

import pickle
import hashlib
import importlib
import importlib.util
import json
import random
import weakref
from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import lru_cache
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Generic, Literal, Self, Sequence, TypeVar, overload

from .action import Action, MalformedAction, same_action
from .contracts import Hint, PlayableGame
from .errors import BadParams, IllegalAction, NothingToUndo, OptionError
from .explanation import Explanation, Msg, Step
from .i18n import LANGS, tr
from .score import ScoreAccount, ScoreLine

SAVE_FORMAT = "chemgames-save"
SAVE_VERSION = 1
_REPLAY = "replay"  # an undo point the fast path did not snapshot: undo rebuilds it by replaying the log
LOG_IN_VIEW = 30  # the last entries of the log that a view carries


class LogEntry:
    """One applied action with its explanation; ``public`` entries are shown to every player.

    An entry made on the fast path (``Game.apply(action, explain=False)``) holds no explanation
    yet: the first read of ``explanation`` replays the game up to it on the ordinary path
    (:meth:`Game.explain_log`), so what a player reads is exactly what the ordinary path says.
    The entry holds its game only weakly (:class:`_Replayer`) and the entry before it (``_prev``):
    should the game be gone, or the entry no longer in its log, it replays its own history.

    >>> import chemgames
    >>> g = chemgames.new_game("chemix", players=2, seed=5, lang="en")
    >>> for _ in range(3): _ = g.apply(g.legal_actions()[0], explain=False)
    >>> entries = g.log; del g
    >>> entries[1].explained, entries[1].explanation.ok, entries[0].explained, entries[2].explained
    (False, True, True, False)
    """

    __slots__ = ("player", "action", "public", "_explanation", "_replay", "_prev", "_rendered")

    def __init__(self, player: int, action: Action, explanation: "Explanation | None", public: bool = True,
                 replay: "_Replayer | None" = None, prev: "LogEntry | None" = None) -> None:
        self.player = player
        self.action = action
        self.public = public
        self._explanation = explanation
        self._replay = replay  # how to replay this entry (only while it is unexplained)
        self._prev = prev  # the entry before it in its game's log when it was made: its history
        self._rendered: dict[str, str] | None = None  # made when first rendered (most entries never are)

    @property
    def explanation(self) -> Explanation:
        if self._explanation is None:
            replay = self._replay
            if replay is None:
                raise LookupError("this log entry was made without its explanation and cannot be replayed")
            game = replay.game()
            if game is not None:
                game.explain_log(self)
            if self._explanation is None:  # its game is gone, or has taken it back: its own history
                replay.replay(self)
        assert self._explanation is not None
        return self._explanation

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and deep-copied with its explanation (made now if it can be), not with its history: the
        entries before it, pickled one inside the other, would recurse as deep as the log is long."""
        if self._explanation is None and self._replay is not None:
            self.explanation
        return LogEntry, (self.player, self.action, self._explanation, self.public)

    @property
    def explained(self) -> bool:
        """Whether the explanation has been made (the fast path leaves it for later)."""
        return self._explanation is not None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogEntry):
            return NotImplemented
        return (self.player, self.action, self.public, self.explanation) == (
            other.player, other.action, other.public, other.explanation)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LogEntry(player={self.player}, action={self.action!r}, public={self.public})"

    def to_dict(self, lang: str) -> dict[str, Any]:
        if self._rendered is None:
            self._rendered = {}
        if lang not in self._rendered:  # an entry never changes: render it once per language
            self._rendered[lang] = json.dumps({
                # no "text": str(action) ("pos=[0, -1]", not from a catalog) was read by nobody (s25h)
                "player": self.player, "action": self.action.to_json(),
                "explanation": self.explanation.in_lang(lang).to_dict()})
        out: dict[str, Any] = json.loads(self._rendered[lang])  # a fresh copy the caller may change
        return out


class _Replayer:
    """What the entries a game logs on the fast path need to make their explanations later: the game,
    held weakly (an entry that held its game made every game a reference cycle, game, log, entry, game,
    that only the garbage collector frees: a tenth of a random game's time through pyspiel), and how to
    set the game up again should it be gone (its class, players, seed, options, language)."""

    __slots__ = ("game", "cls", "players", "seed", "lang", "options")

    def __init__(self, game: "Game") -> None:
        self.game: Callable[[], Game | None] = weakref.ref(game)
        self.cls, self.players, self.seed, self.lang, self.options = (
            type(game), game.players, game.seed, game._lang, game.option_values)

    def replay(self, entry: LogEntry) -> None:
        """Make the explanations of ``entry`` and of the ``LOG_IN_VIEW`` entries before it that lack one, by
        replaying its history (the entries before it, as it was made) on a fresh set-up of its game."""
        chain = []
        at: LogEntry | None = entry
        while at is not None:
            chain.append(at)
            at = at._prev
        chain.reverse()
        fresh = self.cls(players=self.players, seed=self.seed, lang=self.lang, **self.options)
        start = len(chain) - 1 - LOG_IN_VIEW
        _replay_on(fresh, chain, lambda i, logged: i >= start and not logged.explained)


def _replay_on(fresh: "Game", entries: Sequence[LogEntry], explain: Callable[[int, LogEntry], bool]) -> None:
    """Apply the logged ``entries`` to ``fresh`` (a game as it was set up) in order: on the ordinary path where
    ``explain(index, entry)`` holds, and the entry gets that explanation, on the fast path otherwise."""
    for i, logged in enumerate(entries):
        if explain(i, logged):
            fresh.apply(logged.action)
            logged._explanation, logged._replay = fresh._log[-1].explanation, None
        else:
            fresh.apply(logged.action, explain=False)


@dataclass(frozen=True)
class Option:
    """A game option: its default and the values it may take (``choices`` or a ``check``)."""

    default: Any
    choices: tuple[Any, ...] | None = None
    kind: type | tuple[type, ...] | None = None  # the type(s) a value must be (``bool`` only if named)


@dataclass
class Outcome:
    """What ``_do`` reports about an applied action (``explanation`` is ``None`` when ``_do`` was
    called on the fast path without one)."""

    explanation: Explanation | None
    ends_turn: bool
    public: bool = True
    undoable: bool = True  # False: the action revealed something (a drawn card); nothing before it can be taken back


def _kinds(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


if TYPE_CHECKING:  # PEP 696's default (Python 3.13; typing_extensions for the checker only): a bare ``Game`` is
    from typing_extensions import TypeVar as DefaultTypeVar  # ``Game[Hint]``, the protocol

    HintT = DefaultTypeVar("HintT", bound=Hint, default=Hint, covariant=True)
else:
    HintT = TypeVar("HintT", bound=Hint, covariant=True)

#: a game's ``hints.find_hints(game, limit)``, found by its module's name (:func:`_hint_finder`): its hints are the
#: game's own (``Game[XHint]``), which no checker sees through an import by name
HintFinder = Callable[["Game", int], Sequence[Any]]


@lru_cache(maxsize=None)
def _hint_finder(cls: type) -> HintFinder | None:
    """``find_hints`` of the ``hints`` module beside the module of ``cls`` (its rules), if any."""
    package = cls.__module__.rpartition(".")[0]
    if not package or importlib.util.find_spec(package + ".hints") is None:
        return None
    name = package + ".hints"
    finder: HintFinder = importlib.import_module(name).find_hints
    return finder


def signed_blob(data: dict[str, Any]) -> bytes:
    """The bytes a save's signature covers: every field but the signature, in a canonical form."""
    return json.dumps({k: v for k, v in data.items() if k != "signature"}, sort_keys=True,
                      separators=(",", ":"), ensure_ascii=False).encode()


class Game(ABC, Generic[HintT]):
    """Base class of every game. Subclasses set the class attributes and implement the hooks, and name their
    hint class (``class ChemieKartenspiel(Game[Hint])``): ``hints()`` returns it, a caller reads its own fields
    without a cast. A bare ``Game`` is ``Game[Hint]``, the protocol every hint satisfies."""

    id: ClassVar[str]
    titles: ClassVar[dict[str, str]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[dict[str, Option]] = {}
    # options that set up a chosen position (hands, piles, points): a save that uses them must be signed
    position_options: ClassVar[tuple[str, ...]] = ()
    # raised when a rule changes so that an older save would replay differently (see ``load_game``)
    rules_version: ClassVar[int] = 1
    # True when ``_do(action, None)`` applies an action without its explanation (the fast path);
    # otherwise the fast path still asks ``_explain`` for it and only skips the checks and snapshots
    fast_do: ClassVar[bool] = False
    # the kinds of action that end a turn without a move (skip, pass, draw ...): a bot weighs one of
    # each beside the hints
    pass_kinds: ClassVar[tuple[str, ...]] = ()
    # every attribute that changes during play: undo, ``copy`` and the fast path save and restore
    # exactly these (``_state``). A game must declare each one; an ``s_`` attribute left out, or a
    # declared one that ``_setup`` does not make, is refused when the first game is made, and the
    # conformance harness checks that no other attribute changes during play.
    state_attrs: ClassVar[tuple[str, ...]] = ()
    _state_checked: ClassVar[bool] = False

    def __init__(self, players: int = 2, seed: int | None = None, lang: str = "de", **options: Any) -> None:
        if not isinstance(players, int) or isinstance(players, bool) or not self.min_players <= players <= self.max_players:
            raise OptionError(tr(lang if lang in LANGS else "en", "core.bad_players", game=self.id,
                                 low=self.min_players, high=self.max_players, value=players))
        if lang not in LANGS:
            raise OptionError(tr("en", "core.bad_lang", value=lang, langs=", ".join(LANGS)))
        self.option_values = self._check_options(options, lang)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise OptionError(tr(lang, "core.bad_seed", value=seed))
        self.players = players
        self.seed = seed
        self._lang = lang
        self.rng = random.Random(seed)
        self._log: list[LogEntry] = []
        self._turn_snapshots: list[Any] = []
        self._legal_cache: list[Action] | None = None
        self._legal_set: dict[Action, Action] | None = None  # each listed action to itself
        self._mark: object | None = None  # names this exact state (``state_mark``); dropped at every change
        self._listeners: list[Callable[[], None]] = []
        self._replayable = True  # False in a world dealt anew: its log cannot be replayed from the seed
        self.turns_completed = 0  # actions that ended a turn (an autosave follows each)
        self._replayer = _Replayer(self)  # what the fast path's log entries replay with (weakly)
        self._setup()
        if not type(self)._state_checked:
            self._check_state_attrs()

    def _check_state_attrs(self) -> None:
        """Refuse a game class whose declared ``state_attrs`` miss an ``s_`` attribute or name one
        that ``_setup`` did not make (once a class: the set-up makes the same attributes each time).

        >>> class Broken(Game):
        ...     id, titles, min_players, max_players = "broken", {"de": "x", "en": "x"}, 1, 1
        ...     state_attrs = ("s_board",)
        ...     def _setup(self): self.s_board, self.s_turn = [], 0
        ...     _current_player = _legal = _explain = _do = _view = _scores = lambda *a: None
        ...     is_over = False
        >>> Broken(players=1, seed=1)
        Traceback (most recent call last):
        TypeError: Broken: state attributes not declared in state_attrs: s_turn
        """
        cls = type(self)
        undeclared = sorted(k for k in self.__dict__ if k.startswith("s_") and k not in cls.state_attrs)
        missing = sorted(k for k in cls.state_attrs if k not in self.__dict__)
        if undeclared:
            raise TypeError(f"{cls.__name__}: state attributes not declared in state_attrs: {', '.join(undeclared)}")
        if missing:
            raise TypeError(f"{cls.__name__}: state_attrs names attributes _setup did not make: {', '.join(missing)}")
        cls._state_checked = True

    # ------------------------------------------------------------------ hooks
    @abstractmethod
    def _setup(self) -> None:
        """Build the initial state from ``self.rng`` and ``self.option_values``."""

    @abstractmethod
    def _current_player(self) -> int | None: ...

    @abstractmethod
    def _legal(self) -> list[Action]: ...

    @abstractmethod
    def _explain(self, action: Action) -> Explanation:
        """Explain ``action`` for the current player without changing anything."""

    @abstractmethod
    def _do(self, action: Action, explanation: Explanation | None) -> Outcome:
        """Apply a legal ``action``; ``explanation`` is what ``_explain`` said of it just now, or
        ``None`` on the fast path of a game with ``fast_do`` (then only the effect is wanted)."""

    @abstractmethod
    def _view(self, player: int | None, lang: str) -> dict[str, Any]:
        """What ``player`` sees of the game's own parts (hands, table, piles), texts in ``lang``."""

    @abstractmethod
    def _scores(self) -> list[int]: ...

    def _state(self) -> Any:
        """Everything that changes during play (``state_attrs``; pickled for undo and copies)."""
        d = self.__dict__
        return {k: d[k] for k in self.state_attrs}

    def _restore(self, state: Any) -> None:
        self.__dict__.update(state)

    def _snapshot(self) -> Any:
        # pickle is several times faster than deepcopy, and its bytes cannot be changed by accident
        return (pickle.dumps(self._state(), pickle.HIGHEST_PROTOCOL), self.rng.getstate())

    # ------------------------------------------------------------------ public API
    @property
    def lang(self) -> str:
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        if value not in LANGS:
            raise OptionError(tr("en", "core.bad_lang", value=value, langs=", ".join(LANGS)))
        self._lang = value
        self._replayer.lang = value  # a replay uses the game's language (``_fresh``)

    @property
    def current_player(self) -> int | None:
        """Whose decision it is (0-based); ``None`` once the game is over."""
        return None if self.is_over else self._current_player()

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player (empty once the game is over)."""
        return list(self._listing())

    def _listing(self) -> list[Action]:
        """The legal actions, listed once per state (the list itself: callers must not change it)."""
        if self._legal_cache is None:
            self._legal_cache = [] if self.is_over else self._legal()
            self._legal_set = None  # hashed only for an action that is not one of these objects
        return self._legal_cache

    def is_legal(self, action: object) -> bool:
        """Is ``action`` one of ``legal_actions()``? Exactly ``action in legal_actions()`` with the same
        types (``True == 1``, but a bool where a whole number is listed is another move); a game
        answers it without listing every legal action when none are listed yet (``_legal_one``:
        a replay asks once per action and lists nothing else).

        >>> import chemgames
        >>> g = chemgames.new_game("chemuno", players=2, seed=1)
        >>> all(g.is_legal(a) for a in g.legal_actions()), g.is_legal("nonsense")
        (True, False)
        """
        if self._legal_cache is None:
            return self._legal_one(action)
        return self._listed(action)

    def _legal_one(self, action: object) -> bool:
        """Game hook: ``action in legal_actions()``, answered without listing them all if the game
        can (it must agree exactly, ``tests/test_legal_one.py``). The default lists them."""
        return self._listed(action)

    def _listed(self, action: object) -> bool:
        listed = self._listing()
        # the very object listed (a bot's pick): found without hashing or ``==``
        if any(map(is_, listed, repeat(action))):
            return True
        if type(action) is not Action:  # an action equals only one of its very class
            return False
        if self._legal_set is None:
            self._legal_set = {a: a for a in listed}
        try:
            twin = self._legal_set.get(action)
        except TypeError:  # a list or a dict among the parameters
            return False
        # equal is not enough: ``True == 1 == 1.0`` (a bool where a whole number belongs, or a
        # float, would pass for the listed move, which the game's ``_explain`` rightly refuses)
        return twin is not None and same_action(action, twin)

    def _refuse(self, key: str, **params: Any) -> Explanation:
        return Explanation(False, Msg(key, **params), rule=key, lang=self._lang)

    # helpers for the games' ``_explain``: a verdict from a catalog key, and typed action parameters
    def _no(self, key: str, steps: tuple[Step, ...] = (), **params: Any) -> Explanation:
        return Explanation(False, Msg(key, **params), steps, rule=key, lang=self._lang)

    def _yes(self, key: str, steps: tuple[Step, ...] = (), points: int | None = None,
             data: dict[str, Any] | None = None, **params: Any) -> Explanation:
        return Explanation(True, Msg(key, **params), steps, points=points, rule=key, lang=self._lang,
                           data=data or {})

    @staticmethod
    def _params(action: Action, **types: type) -> dict[str, Any]:
        """The parameters of ``action``, exactly the names given and each of its type (``bool`` is
        not taken for ``int``); raise :class:`~chemgames.core.errors.BadParams` otherwise.

        >>> Game._params(Action("g", 0, "lay", (("metal", "Fe"), ("n", 2))), metal=str, n=int)
        {'metal': 'Fe', 'n': 2}
        >>> Game._params(Action("g", 0, "lay", (("metal", 26),)), metal=str)
        Traceback (most recent call last):
        chemgames.core.errors.BadParams: 'metal'
        """
        names = {k for k, _ in action.params}
        if names != set(types) or len(names) != len(action.params):
            raise BadParams(", ".join(sorted(names)))
        values = dict(action.params)
        for k, t in types.items():
            if not isinstance(values[k], t) or (t is not bool and isinstance(values[k], bool)):
                raise BadParams(k)
        return values

    def check(self, action: object) -> Explanation:
        """Explain whether ``action`` is legal now; changes nothing."""
        if not isinstance(action, Action) or not action.is_well_formed():
            return self._refuse("core.not_an_action", value=repr(action)[:60])
        if action.game != self.id:
            return self._refuse("core.other_game", game=action.game, this=self.id)
        if self.is_over:
            return self._refuse("core.game_over")
        if action.player != self.current_player:
            return self._refuse("core.not_your_turn", player=action.player + 1, current=(self.current_player or 0) + 1)
        explanation = self._explain(action)
        if explanation.ok and not self.is_legal(action):
            return self._refuse("core.not_legal_now", action=str(action))
        if not explanation.ok and self.is_legal(action):  # pragma: no cover - engine bug guard
            raise AssertionError(f"engine disagrees with itself about {action}")
        return explanation

    @overload
    def apply(self, action: object, explain: Literal[True] = ...) -> Explanation: ...

    @overload
    def apply(self, action: object, explain: Literal[False]) -> None: ...

    @overload
    def apply(self, action: object, explain: bool) -> Explanation | None: ...

    def apply(self, action: object, explain: bool = True) -> Explanation | None:
        """Apply ``action`` and return its explanation; raise :class:`IllegalAction` if refused.
        (Typed per call: ``apply(a)`` returns an ``Explanation``, ``apply(a, explain=False)`` ``None``,
        so mypy checks that no caller of the ordinary path tests for ``None`` and none of the fast
        path reads an explanation.)

        ``explain=False`` is the fast path for search and replay: the same rules and the same
        effect, but no explanation text is built and no undo snapshot taken; it returns ``None``.
        The log entry's explanation is made when someone reads it, by replaying the game on this
        ordinary path, so players read exactly the same words
        (``tests/test_fast_path.py`` compares them over many games).

        >>> import chemgames
        >>> g = chemgames.new_game("chromino", players=2, seed=4, lang="en")
        >>> g.apply(g.legal_actions()[0], explain=False) is None
        True
        >>> g.log[-1].explained
        False
        >>> g.log[-1].explanation.ok, g.log[-1].explained
        (True, True)
        """
        if not explain:
            self._apply_fast(action)
            return None
        explanation = self.check(action)
        if not explanation.ok:
            raise IllegalAction(explanation)
        assert isinstance(action, Action)
        snapshot = self._snapshot()
        try:
            outcome = self._do(action, explanation)
        except Exception:
            self._restore_snapshot(snapshot)
            raise
        assert outcome.explanation is not None
        self._record(action, outcome, snapshot)
        return outcome.explanation

    def state_mark(self) -> object:
        """A mark that names this exact state: the same object until an action is applied or undone
        (and never the mark of another game, a copy included). A caller that works out moves from
        the rules for this state keeps it to hand to :meth:`apply_listed`.

        >>> import chemgames
        >>> g = chemgames.new_game("chemix", players=2, seed=5)
        >>> m = g.state_mark(); m is g.state_mark(), m is g.copy().state_mark()
        (True, False)
        >>> _ = g.apply(g.legal_actions()[0], explain=False); m is g.state_mark()
        False
        """
        if self._mark is None:
            self._mark = object()
        return self._mark

    def apply_listed(self, actions: Sequence[Action], mark: object) -> None:
        """Apply a whole move, ``actions`` one after the other, on the fast path (as
        ``apply(a, explain=False)`` each: the same effect, log and undo points), checking only the
        first step: for a caller that worked out every step from the rules for the state ``mark``
        names (:meth:`state_mark`, taken when it listed the move), such as ``chemgames.spiel``'s whole
        moves, whose lister is tested step by step against the engine. A mark of another state raises
        ``ValueError`` and a first step that is not legal :class:`IllegalAction`, both before anything
        changes. Should a later step fail after all (a lister's bug), the game is rebuilt as it was
        before the move from its log and the error raised; a world dealt anew (``redeal_hidden``), whose
        log cannot be replayed, keeps the steps done so far, logged, and raises ``NothingToUndo`` from the
        error. A game without ``fast_do`` checks every step.

        >>> import chemgames
        >>> g = chemgames.new_game("chemix", players=2, seed=5)
        >>> mark = g.state_mark(); step = g.legal_actions()[0]
        >>> g.apply_listed([step], mark); len(g.log)
        1
        >>> g.apply_listed([g.legal_actions()[0]], mark)
        Traceback (most recent call last):
        ValueError: chemix: the move was listed for another state
        """
        if mark is None or mark is not self._mark:
            raise ValueError(f"{self.id}: the move was listed for another state")
        if not actions:
            raise ValueError(f"{self.id}: a move has at least one step")
        first = actions[0]
        if not self.is_legal(first):
            raise IllegalAction(self.check(first))
        if not self.fast_do:
            for action in actions:
                self._apply_fast(action)
            return
        start, turns, snapshots = len(self._log), self.turns_completed, list(self._turn_snapshots)
        try:
            for action in actions:
                self._record(action, self._do(action, None), _REPLAY)
        except Exception as error:
            if not self._replayable:  # its log cannot be replayed: the steps done so far stay, and are logged
                raise NothingToUndo(tr(self._lang, "core.redealt_no_undo")) from error
            # as before the move: the state from its log, the log, the undo points, the turns
            del self._log[start:]
            self._turn_snapshots[:] = snapshots
            self.turns_completed = turns
            self._rebuild(start)
            raise

    def _apply_fast(self, action: object) -> None:
        if not self.is_legal(action):  # a refusal is rare: its reason comes from the ordinary path
            raise IllegalAction(self.check(action))
        assert isinstance(action, Action)
        if self.fast_do:
            state = None
            try:
                outcome = self._do(action, None)
            except Exception:  # pragma: no cover - engine bug guard: rebuild the state before it
                self._rebuild(len(self._log))
                raise
        else:  # the game needs its explanation to act: only the checks and the snapshot are saved
            state = self._snapshot()
            try:
                outcome = self._do(action, self._explain(action))
            except Exception:  # pragma: no cover - engine bug guard
                self._restore_snapshot(state)
                raise
        self._record(action, outcome, _REPLAY)

    def _record(self, action: Action, outcome: Outcome, snapshot: Any) -> None:
        """Log an applied action and keep what undo needs."""
        self._legal_cache = self._mark = None
        log = self._log
        lazy = self._replayer if outcome.explanation is None and self._replayable else None
        log.append(LogEntry(action.player, action, outcome.explanation, outcome.public, lazy, log[-1] if log else None))
        self.turns_completed += bool(outcome.ends_turn)
        if outcome.ends_turn or not outcome.undoable:
            self._turn_snapshots.clear()
        else:
            self._turn_snapshots.append((snapshot, len(log) - 1))
        if self._listeners:  # a view following the game (none in a search or a random game)
            self._changed()

    def _fresh(self) -> "Game":
        """The game as it was set up, before any action (for replays)."""
        return type(self)(players=self.players, seed=self.seed, lang=self._lang, **self.option_values)

    def _rebuild(self, n: int) -> None:
        """Put this game into the state it had after its first ``n`` logged actions, by replaying
        them on a fresh copy of its set-up (the undo of the fast path)."""
        if not self._replayable:
            raise NothingToUndo(tr(self._lang, "core.redealt_no_undo"))
        fresh = self._fresh()
        for entry in self._log[:n]:
            fresh.apply(entry.action, explain=False)
        self._restore(fresh._state())
        self.rng.setstate(fresh.rng.getstate())
        self._legal_cache = self._mark = None

    def explain_log(self, entry: LogEntry | None = None) -> None:
        """Make the explanations the fast path left out, by replaying the game from its set-up: on
        the ordinary path for those entries, on the fast path before them. Changes nothing else.

        With ``entry``, only that entry's and the later ones are made, and the missing ones of the
        ``LOG_IN_VIEW`` entries before it (a reader going back through the log replays once a page).
        """
        at = 0
        if entry is not None:
            found = next((i for i in range(len(self._log) - 1, -1, -1) if self._log[i] is entry), None)
            if found is None:
                return
            at = max(0, found - LOG_IN_VIEW)
        missing = [i for i in range(at, len(self._log)) if not self._log[i].explained]
        if not missing:
            return
        if not self._replayable:
            raise LookupError("a world dealt anew cannot replay its log")
        todo = set(missing)
        _replay_on(self._fresh(), self._log[:missing[-1] + 1], lambda i, _: i in todo)

    def add_listener(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` after every applied or undone action (a view that must follow the
        game when a notebook moves it from Python)."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Callable[[], None]) -> None:
        self._listeners = [f for f in self._listeners if f != listener]

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener()

    def _restore_snapshot(self, snapshot: Any) -> None:
        state, rng_state = snapshot
        self._restore(pickle.loads(state))
        self.rng.setstate(rng_state)
        self._legal_cache = self._mark = None

    def copy(self) -> Self:
        """An independent copy: the same cards, log, undo steps and random state, far cheaper than
        ``copy.deepcopy`` or a save's replay (OpenSpiel's ``clone``, ``chemgames.spiel``).

        >>> import chemgames
        >>> g = chemgames.new_game("chemix", players=2, seed=5)
        >>> c = g.copy(); _ = c.apply(c.legal_actions()[0])
        >>> len(c.log), len(g.log), c.copy().view(0) == c.view(0)
        (1, 0, True)
        """
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin._restore(self._copied_state())
        # made without seeding (``Random()`` reads the system's entropy: a quarter of a copy), then set
        twin.rng = random.Random.__new__(random.Random)
        twin.rng.setstate(self.rng.getstate())
        twin._log, twin._turn_snapshots, twin._listeners = list(self._log), list(self._turn_snapshots), []
        twin._replayer = _Replayer(twin)
        twin._legal_cache = twin._legal_set = twin._mark = None
        return twin

    def _copied_state(self) -> dict[str, Any]:
        """Game hook of :meth:`copy`: ``_state()`` copied as deep as a pickle round trip copies it (no
        mutable part shared with this game). The default is that round trip; a game may copy its own
        state faster (``tests/test_game_copy.py`` compares the two)."""
        state: dict[str, Any] = pickle.loads(pickle.dumps(self._state(), pickle.HIGHEST_PROTOCOL))
        return state

    def redeal_hidden(self, viewer: int | None, rng: random.Random) -> Self:
        """A copy of this game in which everything ``viewer`` cannot see (``None``: a spectator) is
        shuffled anew: the other hands and the order of the piles, each place keeping its size, and
        the random generator reseeded. What ``viewer`` sees is unchanged:
        ``copy.view(viewer) == self.view(viewer)``. Tests use it to prove that a screen or a bot
        depends only on what its player may know; a search bot samples its worlds with it.

        >>> import chemgames, random
        >>> g = chemgames.new_game("chemix", players=2, seed=1, lang="en")
        >>> c = g.redeal_hidden(0, random.Random(5))
        >>> c.view(0) == g.view(0), c.view(1)["hand"] == g.view(1)["hand"]
        (True, False)
        """
        copy = self.copy()
        copy.rng = random.Random(rng.getrandbits(64))
        # an undo must not bring back the real cards: the copy keeps how many steps could be taken
        # back (the view shows it) but cannot take them back, nor replay its log from the real deal
        copy._turn_snapshots = [(None, at) for _, at in self._turn_snapshots]
        copy._replayable = False
        copy._redeal(viewer, rng)
        copy._legal_cache = copy._mark = None
        return copy

    def _redeal(self, viewer: int | None, rng: random.Random) -> None:
        """Game hook of :meth:`redeal_hidden`: shuffle in place what ``viewer`` cannot see."""
        raise NotImplementedError(f"{self.id} cannot redeal its hidden cards")

    @staticmethod
    def _shuffle_places(rng: random.Random, places: list[list[Any]]) -> None:
        """Pool the items of ``places`` (lists changed in place), shuffle, and deal them back so
        each place keeps its size.

        >>> a, b = [1, 2], [3, 4, 5]
        >>> Game._shuffle_places(random.Random(0), [a, b])
        >>> len(a), len(b), sorted(a + b)
        (2, 3, [1, 2, 3, 4, 5])
        """
        # sorted first: the deal then depends on what the places hold, never on the order it lay in
        # (a search bot's sample must not depend on the real hidden order)
        pool = sorted((x for place in places for x in place), key=repr)
        rng.shuffle(pool)
        for place in places:
            n = len(place)
            place[:], pool = pool[:n], pool[n:]

    def can_undo(self) -> bool:
        return bool(self._turn_snapshots)

    def undo(self) -> Action:
        """Take back the last action of the current turn and return it."""
        if not self._turn_snapshots:
            raise NothingToUndo(tr(self._lang, "core.nothing_to_undo"))
        if self._turn_snapshots[-1][0] is None:
            raise NothingToUndo(tr(self._lang, "core.redealt_no_undo"))
        snapshot, log_len = self._turn_snapshots.pop()
        undone: Action = self._log[log_len].action
        if snapshot == _REPLAY:
            self._rebuild(log_len)
        else:
            self._restore_snapshot(snapshot)
        del self._log[log_len:]
        self._changed()
        return undone

    def action_from_json(self, obj: Any) -> Action:
        """Parse an action's JSON form (raises a ``chemgames.Error`` subclass if malformed)."""
        return Action.from_json(obj)

    @property
    def log(self) -> list[LogEntry]:
        """Every action applied (and not undone), with its explanation."""
        return list(self._log)

    def log_tail(self, n: int) -> list[LogEntry]:
        """The last ``n`` entries of :attr:`log` (without copying the whole log first: a caller that follows
        the game move by move, such as ``chemgames.spiel``, reads the steps just applied).

        >>> import chemgames
        >>> g = chemgames.new_game("chemix", players=2, seed=5)
        >>> _ = g.apply(g.legal_actions()[0], explain=False); g.log_tail(1) == g.log[-1:], g.log_tail(0)
        (True, [])
        """
        return self._log[-n:] if n > 0 else []

    def scores(self) -> list[int]:
        return self._scores()

    def shown_scores(self) -> list[int]:
        """The scores a player reads now: ``scores()``, unless the turn under way holds cards that the
        rule sheet counts only when it ends (ChemiX Classic's free area), which a game then counts here."""
        return self.scores()

    def score_breakdown(self) -> list[ScoreAccount]:
        """Where each player's points came from: lines that add up to ``scores()``.

        >>> import chemgames
        >>> g = chemgames.new_game("chemiekarten", players=2, seed=1)
        >>> [a.total for a in g.score_breakdown()] == g.scores()
        True
        """
        return [ScoreAccount(p, tuple(self._score_lines(p))) for p in range(self.players)]

    def _score_lines(self, player: int) -> list[ScoreLine]:
        """A game's lines of ``player``'s account (by default: the score as one line)."""
        return [ScoreLine(Msg("core.score.points"), self.scores()[player])]

    def winners(self) -> list[int]:
        """The players with the best score (all of them on a tie); empty while the game runs."""
        if not self.is_over:
            return []
        scores = self.scores()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    def hints(self, limit: int = 10) -> Sequence[HintT]:
        """Good complete moves for the current player, best first (at most ``limit``), each one a
        :class:`~chemgames.core.contracts.Hint`. A game whose folder has a ``hints`` module gets
        them from its ``find_hints(game, limit)``: the hints use the rules, never the reverse, so
        the rules cannot import them. A game may override this instead (a small search).

        >>> import chemgames
        >>> g = chemgames.new_game("metallurgie", players=2, seed=1)
        >>> 0 < len(g.hints(3)) <= 3
        True
        """
        if self.is_over:
            return []
        finder = _hint_finder(type(self))
        return finder(self, limit) if finder is not None else []

    def view(self, player: int | None = None, lang: str | None = None) -> dict[str, Any]:
        """All that ``player`` may see (``None``: a spectator), as JSON-able data, with its texts in
        ``lang`` (default: the game's ``lang``). Changes nothing, so a server may render one game
        for several readers at once.

        >>> import chemgames
        >>> g = chemgames.new_game("chemuno", players=2, seed=1, lang="de")
        >>> g.view(0, "en")["title"], g.view(0)["lang"], g.lang
        ('Chemuno', 'de', 'de')
        """
        lang = self._view_lang(lang)
        if player is not None and (not isinstance(player, int) or not 0 <= player < self.players):
            raise OptionError(tr(lang, "core.bad_seat", value=player, players=self.players))
        out = {"title": self.titles[lang], "lang": lang,
               "log": [e.to_dict(lang) for e in self.visible_log(player, LOG_IN_VIEW)]}
        out.update(self._position(player, lang))
        if self.is_over:  # the final account, shown to everyone when the game has ended
            out["breakdown"] = [a.to_dict(lang) for a in self.score_breakdown()]
        return out

    def position(self, player: int | None = None, lang: str | None = None) -> dict[str, Any]:
        """What ``player`` may see, without the texts of :meth:`view` (title, language, log, the final
        account): the position alone, for search and OpenSpiel's observers, which must not pay for
        the words of every move.

        >>> import chemgames
        >>> g = chemgames.new_game("chromino", players=2, seed=4)
        >>> sorted(set(g.view(0)) - set(g.position(0)))
        ['lang', 'log', 'title']
        """
        lang = self._view_lang(lang)
        if player is not None and (not isinstance(player, int) or not 0 <= player < self.players):
            raise OptionError(tr(lang, "core.bad_seat", value=player, players=self.players))
        return self._position(player, lang)

    def _view_lang(self, lang: str | None) -> str:
        if lang is None:
            return self._lang
        if lang not in LANGS:
            raise OptionError(tr("en", "core.bad_lang", value=lang, langs=", ".join(LANGS)))
        return lang

    def for_others(self, entry: LogEntry) -> Explanation:
        """What every player but ``entry.player`` reads of a public log entry. A game whose public
        moves hold a secret (the card or tile just drawn) returns a redacted explanation here; the
        default is the whole explanation."""
        return entry.explanation

    def visible_log(self, player: int | None, n: int | None = None) -> list[LogEntry]:
        """The last ``n`` log entries (all with ``None``) ``player`` may read: the player's own in
        full, the others' public ones as :meth:`for_others` shows them.

        >>> import chemgames
        >>> g = chemgames.new_game("chromino", players=2, seed=4, lang="en")
        >>> _ = g.apply(g.legal_actions()[0])
        >>> len(g.visible_log(0)), len(g.visible_log(1, 0))
        (1, 0)
        """
        if n is None:
            n = len(self._log)
        out: list[LogEntry] = []
        for entry in reversed(self._log):
            if len(out) == n:
                break
            if entry.player == player:
                out.append(entry)
            elif entry.public:
                shown = self.for_others(entry)
                out.append(entry if shown is entry.explanation else LogEntry(entry.player, entry.action, shown, True))
        return out[::-1]

    def _position(self, player: int | None, lang: str | None = None) -> dict[str, Any]:
        """The view without the title, the log and the final account."""
        out = {
            "game": self.id, "players": self.players,
            "viewer": player, "current_player": self.current_player, "is_over": self.is_over,
            "scores": self.scores(), "winners": self.winners(),
            "can_undo": bool(self._turn_snapshots) and player == self.current_player,
        }
        out.update(self._view(player, self._view_lang(lang)))
        return out

    # ------------------------------------------------------------------ options & save files
    @classmethod
    def _check_options(cls, options: dict[str, Any], lang: str) -> dict[str, Any]:
        unknown = sorted(set(options) - set(cls.options))
        if unknown:
            raise OptionError(tr(lang, "core.unknown_option", game=cls.id, names=", ".join(unknown),
                                 known=", ".join(sorted(cls.options)) or "-"))
        values = {}
        for name, opt in cls.options.items():
            value = options.get(name, opt.default)
            if opt.choices is not None and value not in opt.choices:
                raise OptionError(tr(lang, "core.bad_option", name=name, value=value,
                                     choices=", ".join(map(str, opt.choices))))
            if opt.kind is not None and (value is not None or opt.default is not None) and (
                    not isinstance(value, opt.kind) or isinstance(value, bool) and bool not in _kinds(opt.kind)):
                raise OptionError(tr(lang, "core.bad_option_type", name=name, value=repr(value)[:40]))
            values[name] = value
        return values

    def digest(self) -> str:
        """A fingerprint of everything every player can see (checked when a save file loads)."""
        views = [self._position(p) for p in range(self.players)] + [self._position(None)]
        for v in views:
            v.pop("cards", None)  # the printed faces of the cards never change during a game
        blob = json.dumps(views, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:32]

    def uses_position(self) -> bool:
        """Whether the game was set up from a chosen position (options that place cards or points)."""
        return any(self.option_values.get(name) not in (None, False) for name in self.position_options)

    def to_json(self) -> str:
        """A save file: the set-up and every action, which replays to exactly this state.

        A save holds the whole game, every hand and the piles' order: it is for the teacher, not
        for students. A game set up from a chosen position is signed (``chemgames.core.savekey``).
        """
        data: dict[str, Any] = {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.id, "rules": self.rules_version,
            "players": self.players, "seed": self.seed, "lang": self._lang, "options": self.option_values,
            "actions": [e.action.to_json() for e in self._log], "digest": self.digest(),
            "over": self.is_over,  # for listing saves without replaying them (``chemgames.saves``)
        }
        if self.uses_position():
            from .savekey import sign

            data["signature"] = sign(signed_blob(data))
        return json.dumps(data, ensure_ascii=False)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"player {(self.current_player or 0) + 1} to move"
        return f"<{type(self).__name__} {self.id}: {self.players} players, {state}>"


if TYPE_CHECKING:
    def _keeps_the_contract(game: Game) -> PlayableGame:
        return game  # mypy checks here that every engine has every member of the contract


__all__ = ["Game", "LogEntry", "Option", "Outcome", "MalformedAction"]
