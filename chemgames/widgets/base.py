"""The shared Python side of every game widget: seats, messages from the browser, syncing views.

Security model: the browser is untrusted. It only *sends messages* (see :meth:`GameWidget.receive`);
every trait is written by Python alone (state updates from the browser are refused), and the traits
only ever hold ``game.view(viewer)``: the hand of the player who claimed the seat, never anyone
else's, so no hidden card reaches the browser or the notebook's saved widget state.

>>> import chemgames
>>> from chemgames.widgets import GameWidget
>>> w = GameWidget(chemgames.new_game("chemiekarten", players=2, seed=1, lang="en"), seats=["human", "greedy"])
>>> w
<GameWidget chemiekarten: seats human, greedy; viewer P1>
"""
from __future__ import annotations

import base64
import errno
import html
import json
import logging
import sys
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, TypeVar

import anywidget
import traitlets as t

from chemgames.bots import play_turn
from chemgames.saves import SaveInfo, latest_unfinished, save_path, saves, write_save

from ..core.contracts import ExplanationLike, Hint, LogEntryLike, PlayableGame
from ..core.game import Game, LogEntry
from ..core.errors import Error, IllegalAction, OptionError, SaveFileError
from ..core.action import MalformedAction
from ..core.i18n import Entry, Num, choose, format_number, plural_category, tr
from ..core.registry import load_game, new_game
from ..lite.ondemand import later, warm_up  # JupyterLite only: elsewhere later() runs nothing, warm_up is a no-op
from ..record.local import hand_in as hand_in_record, name as name_record, partners, typed_name, watch_game
from .botui import BotTalk, local_game, seat_bot, seat_ok
from .frontend import css, esm, widget_scope
from . import handin as _handin  # noqa: F401 - how a notebook shows chemgames.record.hand_in() (a button, no data: link)
from .uitext import Refused as Refused, ui_catalog as ui_catalog  # both also the game views' and the table's (re-exported)

log = logging.getLogger("chemgames.widgets")
#: why a save failed, by the system's error number (its own words are English whatever the page says)
_SAVE_FAULTS = {errno.ENOSPC: "err.d.disk_full", getattr(errno, "EDQUOT", errno.ENOSPC): "err.d.disk_full", errno.EACCES: "err.d.no_write",
                errno.EPERM: "err.d.no_write", errno.EROFS: "err.d.no_write"}


class Say:
    """A part of a notice (a refusal's ``detail``) said in the reader's language when it is shown:
    a key of the widgets' catalog, or of the core's (``core.…``: a malformed action's reason).

    >>> Say("err.d.size", size=Num(20000)).render("de"), Say("core.action.player").render("en")
    ('20.000 Bytes', "an action needs a whole-number field 'player'")
    """

    def __init__(self, key: str, **params: Any) -> None:
        self.key, self.params = key, params

    def render(self, lang: str) -> str:
        if self.key.startswith("core."):
            return tr(lang, self.key, **self.params)
        params = {k: v.render(lang) if isinstance(v, (Num, Say)) else v for k, v in self.params.items()}
        return str(ui_catalog(lang).get(self.key, self.key)).format(**params)

SEAT_KINDS = ("human", "random", "greedy", "search")
HINTS_SHOWN = 8  # hints a "Tipp" click lists
#: the largest hand-in the widget sends its view to download (base64, in one message of its own); a lesson's
#: record is some 100 KB, a larger one is handed in from the file browser
HAND_IN_SENT = 6_000_000
MAX_MESSAGE = 4096  # bytes of JSON; real messages are far smaller


LOG_SHOWN = 12  # moves listed in a view's log; the last move's whole explanation is in the panel


def compact_log(view: dict[str, Any], points: bool = True) -> list[dict[str, Any]]:
    """The last moves of ``view["log"]`` as a player reads them (who, what, verdict, points): the full
    explanation of the last move is in the panel, so each sync stays small.

    >>> v = {"log": [{"player": 0, "action": {"kind": "play"},
    ...               "explanation": {"title": "Lays H₂O.", "ok": True, "points": 3, "steps": []}}]}
    >>> compact_log(v), compact_log(v, points=False)[0]["points"]
    ([{'player': 0, 'kind': 'play', 'title': 'Lays H₂O.', 'ok': True, 'points': 3}], None)
    """
    return [{"player": e["player"], "kind": e["action"]["kind"], "title": e["explanation"]["title"],
             "ok": e["explanation"]["ok"], "points": e["explanation"]["points"] if points else None}
            for e in view.get("log", [])[-LOG_SHOWN:]]


class GameWidget(BotTalk, anywidget.AnyWidget):
    """A playable view of a chemgames game, for any game that follows the public API.

    ``seats``: one entry per player, ``"human"``, ``"random"``, ``"greedy"`` or ``"search"``. With one human the
    widget shows that player's hand; with several (hot-seat) a hand shows only after "I am player N"
    and is hidden again when the turn passes. ``open_hands=True`` shows every hand (a teacher at a
    projector). Bots move after ``bot_delay`` milliseconds, timed by the browser so the pause is visible.
    """

    entry = "chemiekarten"
    final_kinds: tuple[str, ...] = ("confirm",)
    game_messages: tuple[str, ...] = ()  # message types of the game's own, handled by _game_message
    seat_kinds: tuple[str, ...] = SEAT_KINDS  # a widget at a class table adds "table" (chemgames.widgets.table)
    # a shared text said in the game's own words: shared catalog key -> the game's key (issue 26: the
    # shared "no hint" named Das Chemie-Kartenspiel's "skip and draw 4 cards" in Chromino)
    own_texts: dict[str, str] = {}
    game: PlayableGame  # a local ``Game`` or a class table's (``widgets/table.py``)
    warm_in_kernel = True  # the warm-up thread when shown in a Jupyter kernel (bench/bench_first_move.py turns it off)

    view = t.Dict().tag(sync=True)
    cards = t.Dict().tag(sync=True)
    hands: t.List[Any] = t.List().tag(sync=True)
    legal: t.List[Any] = t.List().tag(sync=True)
    hints: t.List[Any] = t.List().tag(sync=True)
    panel = t.Dict().tag(sync=True)
    ui = t.Dict().tag(sync=True)
    lang = t.Unicode("de").tag(sync=True)
    seats: t.List[Any] = t.List().tag(sync=True)
    seat = t.Int(None, allow_none=True).tag(sync=True)
    open_hands = t.Bool(False).tag(sync=True)
    bot_delay = t.Int(700).tag(sync=True)
    version = t.Int(0).tag(sync=True)
    game_no = t.Int(0).tag(sync=True)       # the game's number (its seed): "Spiel Nr. 48213"
    saving = t.Dict().tag(sync=True)        # {"file": name} while autosaving, {"offer": {...}} to resume

    def __init__(self, game: Any, seats: Sequence[str] | None = None, open_hands: bool = False,
                 bot_delay: int = 700, bot_seed: int | None = None, autosave: bool = False,
                 **kwargs: Any) -> None:
        seats = list(seats) if seats is not None else ["human"] * game.players
        if len(seats) != game.players or any(s not in self.seat_kinds and not seat_ok(s) for s in seats):
            raise OptionError(
                f"seats must list {game.players} entries from {', '.join(self.seat_kinds)}, not {seats!r:.80}")
        self._esm = esm(self.entry)
        self._css = css(self.entry, widget_scope(type(self)))  # no rule reaches another widget
        super().__init__(**kwargs)
        self._bot_seed = bot_seed
        self._syncing = 0               # > 0 while a message is handled: the game's listener waits
        self.autosave = bool(autosave)
        self.save_file: Path | None = None
        self._saved_at: tuple[int, bool] | None = None  # (turns completed, over) at the last save
        self._save_failed = False  # a view that says the save failed tries none itself (``_save_later``)
        self._use_game(game, seats)
        self.last_sync_bytes = 0
        self.sync_sizes: deque[int] = deque(maxlen=1000)  # bytes synced per update (for bench/)
        self.messages_handled = 0
        self.stale_ignored = 0  # messages made on an older view, ignored (see ``_dispatch``)
        self.on_msg(self._on_msg)
        # the learning record: a listener called after the widget's own (chemgames.record); the view then offers
        # "Abgeben / Hand in" (``hand_in``)
        self._recording = watch_game(self)
        with self.hold_sync():
            self.seats = seats
            self.open_hands = bool(open_hands)
            self.bot_delay = int(bot_delay)
            humans = self.humans
            self.seat = humans[0] if len(humans) == 1 or (open_hands and humans) else None
            offer = latest_unfinished(game.id) if self.autosave and not game.log else None
            self._offer: SaveInfo | None = offer if offer is not None and offer.players == game.players else None
            self._sync()
        self._warm_thread: threading.Thread | None = None  # the kernel's warm-up (``_warm_beside``): once a widget
        warm_up(self._warm_steps())

    def _warm(self, game: Any = None) -> None:
        """What a first move needs, done once while the student reads the board (in the JupyterLite
        site, after the cell, step by step: ``ondemand.warm_up``; in a Jupyter kernel, in a thread of
        its own once the widget is shown: ``_warm_beside``): the modules a move, its explanation
        as the view shows it (ChemiX's oxidation numbers, Chemuno's shared sets need SymPy) and the
        bots' numbers import. Changes nothing: moves are played on copies of ``game`` (the widget's
        game when ``None``)."""
        for _ in self._warm_steps(game):
            pass

    def _warm_steps(self, game: Any = None) -> Iterator[str]:
        """The warm-up (``_warm``) as small steps, each one ``next`` (it yields the step's name): in the
        site a click that comes meanwhile is answered before the next step (``ondemand.warm_up``), so
        it waits for the step under way at most, not for the whole warm-up (issue 28: the first click
        right after the board waited 1.2 s at load 20 for the best move, its reply and a check).

        The modules and data the first hints and explanation need come first, one piece a step
        (``_prepare_steps``): in one step with the search or the first explanation they made steps of
        0.30 and 0.17 s in Pyodide (load 10) that a click could wait behind.
        Das Chemie-Kartenspiel reads its substance data there too (``_data_steps``).

        >>> from chemgames.widgets import play
        >>> w = play(players=3, bots=["greedy", "random"], seed=1, lang="en")
        >>> from itertools import groupby
        >>> [name for name, _ in groupby(w._warm_steps())]  # a run of steps of one name shown once
        ... # doctest: +NORMALIZE_WHITESPACE
        ['import babel', 'import babel.numbers', 'import zoneinfo', 'import babel.dates', 'locale root', 'locale en',
         'numbers', 'plurals', 'reference', 'nomenclature', 'reach', 'substance', 'hints', 'apply', 'explain', 'apply', 'explain', 'apply', 'explain', 'reply', 'check']
        """
        yield from self._prepare_steps(game)
        yield from self._best_move_steps(game)
        self._warm_check(game)
        yield "check"

    #: what the first explanation's numbers import (``core.i18n``'s Babel: a module a step, the
    #: package first; ``babel.dates`` is imported by Babel's own formatting, with ``zoneinfo``)
    warm_imports: tuple[str, ...] = ("babel", "babel.numbers", "zoneinfo", "babel.dates")

    def _prepare_steps(self, game: Any = None) -> Iterator[str]:
        """What the first hints and explanation need, a small piece a step: the modules of
        ``warm_imports``, the language's number and plural data, then the game's
        data (``_data_steps``), each loaded once, so no step of the warm-up is long."""
        import importlib

        for name in self.warm_imports:
            try:
                importlib.import_module(name)
            except ImportError:  # a module that is not there: the explanation does without it
                pass
            yield f"import {name}"
        g = self.game if game is None else game
        for locale in ("root", g.lang):  # Babel's data of the language, its parent (root) first
            try:
                from babel import localedata

                localedata.load(locale)
            except (ImportError, OSError, ValueError):  # no such data: the first number loads what there is
                pass
            yield f"locale {locale}"
        format_number(1.5, g.lang, 1)
        yield "numbers"
        plural_category(g.lang, 2)
        yield "plurals"
        yield from self._data_steps()

    def _data_steps(self) -> Iterator[str]:
        """Game hook: the data the game's first hint search reads, loaded a piece a step (each
        step's name yielded). Here: none."""
        return iter(())

    def _warm_best_move(self, game: Any = None) -> None:
        """The hints and the best move played through, with its explanation, on a copy; then the
        reply to it checked (``_warm_reply``)."""
        for _ in self._best_move_steps(game):
            pass

    def _best_move_steps(self, game: Any = None) -> Iterator[str]:
        """``_warm_best_move`` step by step: the hint search, each action of the best move applied
        and then explained, the reply."""
        g = self.game if game is None else game
        if g.current_player is None or not isinstance(g, Game):  # a table's game: its moves are made on the server
            return
        trial = g.copy()  # the game itself is untouched
        hints = list(trial.hints(HINTS_SHOWN))
        if game is None:
            # the hints of this very position answer a first "Tipp" (``_ask_hints``): the search is
            # most of that click's time (0.27 s in Pyodide at load 16), done while the board is read.
            # Only for the widget's own game (the JupyterLite site's warm-up, in the same thread as the
            # clicks): a kernel's warm-up thread works on a copy taken earlier (``_warm_beside``)
            self._warmed_hints: tuple[tuple[Any, int, Any], list[Any]] | None = (self._position(), hints)
        yield "hints"
        for hint in hints[:1]:
            for action in getattr(hint, "actions", ()):
                explanation = trial.apply(action)
                yield "apply"
                explanation.in_lang(g.lang).to_dict()
                yield "explain"
        if trial.current_player is not None:
            self._warm_reply(trial)
            yield "reply"

    def _position(self) -> tuple[Any, int, Any]:
        """What names the game's position for reusing its hints: the game, its log's length and last
        entry (an undone move and another one in its place make a new entry)."""
        log = self.game.log
        return (self.game, len(log), log[-1] if log else None)

    def _warm_reply(self, trial: Any) -> None:
        """Game hook: after the best move on ``trial`` (a copy), what the next move's check needs
        (a move answers the one before it: Chemuno lays a card on a card). Here: the first legal
        action's check, explained."""
        legal = trial.legal_actions()
        if legal:
            trial.check(legal[0]).in_lang(trial.lang).to_dict()

    def _warm_check(self, game: Any = None) -> None:
        """A legal action's check, explained as the view shows it."""
        g = self.game if game is None else game
        legal = g.legal_actions() if g.current_player is not None else []
        if legal:
            g.check(legal[0]).in_lang(g.lang).to_dict()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        self._warm_beside()
        return bundle

    #: the display of the game in words (:meth:`words`, the cell's second output) and what it says now; ``None``
    #: until a notebook shows the widget (``_ipython_display_``)
    _words: Any = None
    _words_said: dict[str, str] | None = None
    #: the words' last line (:meth:`words`): a notebook's cell says to run it again; ``None``: no such line (the
    #: JupyterLite play page, which has no cell and keeps the words itself: ``lite.playbridge``)
    words_rerun: str | None = "words.rerun"

    def _ipython_display_(self) -> None:
        """What a notebook's cell shows (IPython asks this first): the board's view, then the game in words
        (:meth:`words`), updated with every view (``_sync``), so the saved notebook keeps the position at saving
        time. A notebook opened again with a new kernel has lost the view (JupyterLab: "Error displaying widget: model
        not found"), not the words; beside a live board they are hidden (a page rule of ``widgets/shared/mount.js``).
        The same widget shown again shares the display id, so every copy of the words follows the game."""
        from IPython import display as ipython

        display: Callable[..., Any] = ipython.display  # untyped in IPython
        # the words first: the view's bundle starts the warm-up thread (``_warm_beside``), whose first import of
        # Babel met this thread's half-made one outside a kernel (ImportError: partially initialized babel.core)
        said = self._words_said = self.words()
        made = self._repr_mimebundle_()
        data, metadata = made if isinstance(made, tuple) else (made, {})  # (data, metadata) or data
        display(data, metadata=metadata or None, raw=True)
        if self._words is None:
            self._words = display(said, raw=True, display_id=True)
        else:
            display(said, raw=True, display_id=self._words.display_id)

    def words(self) -> dict[str, str]:
        """The game in words as a saved notebook keeps it, text and HTML (``cg-game-words``): the game's name, whose
        turn it is or that it is over, the points (a game that counts points: :attr:`since_counts`), that the game is
        saved (autosave), and that the cell must run again to play on. Nothing secret: no hand, no card of anyone's,
        not the game's number (its seed deals the cards again).

        >>> import chemgames
        >>> w = GameWidget(chemgames.new_game("chromino", players=2, seed=4, lang="en"), seats=["human", "greedy"])
        >>> print(w.words()["text/plain"])
        Chromino
        Player 1 to move.
        Points: Player 1 0, Player 2 0.
        Is the board missing here (the notebook was opened again)? Run the cell again to continue playing.
        """
        g, lang = self.game, self.game.lang
        ui = self.ui if self.ui and self.lang == lang else self._ui(lang)

        def say(key: str, **params: Any) -> str:
            return str(ui.get(key, key)).format(**params)

        def player(p: int) -> str:
            return say("player", n=format_number(p + 1, lang))

        turn = g.current_player
        lines = [str(self.view.get("title") or g.id),
                 say("words.over") if g.is_over or turn is None else say("words.turn", player=player(turn))]
        if self.since_counts == "points":
            scores = ", ".join(f"{player(p)} {format_number(s, lang)}" for p, s in enumerate(g.scores()))
            lines.append(say("words.points", scores=scores))
        if self.autosave and self.save_file is not None and self.save_file.exists() and not g.is_over:
            lines.append(say("words.saved"))
        if self.words_rerun:
            lines.append(say(self.words_rerun))
        return {"text/plain": "\n".join(lines),
                "text/html": f'<div class="cg-game-words" lang="{html.escape(lang)}">'
                             + "".join(f"<p>{html.escape(x)}</p>" for x in lines) + "</div>"}

    def _say_words(self) -> None:
        """The words of the cell's second output follow the game (``_sync``): sent only when they changed."""
        if self._words is None:
            return
        said = self.words()
        if said != self._words_said:
            self._words_said = said
            self._words.update(said, raw=True)

    def _warm_beside(self) -> threading.Thread | None:
        """In a Jupyter kernel (not the JupyterLite site, whose ``warm_up`` runs after the cell):
        the warm-up in a daemon thread, started when the widget is first shown (in IPython once the
        cell that shows it has run), so the board goes out first and the student's first click
        finds SymPy and the rest imported (Chemuno's first card laid on a card imported it on the
        click: 1.5–2 s). The thread works on a copy of the game taken here, in the kernel's own
        thread, so a click that comes meanwhile never meets a game half read; a click that needs a
        module still being imported waits for that import (Python's import lock), no longer than
        without the warm-up. Returns the thread (``None``: none, or one made before)."""
        # a table's game (``RemoteGame``) has no copy: its moves are checked and made on the server
        copy = getattr(self.game, "copy", None)
        if self._warm_thread is not None or not self.warm_in_kernel or sys.platform == "emscripten" or copy is None:
            return None
        snapshot = copy()
        thread = self._warm_thread = threading.Thread(target=_warm_quietly, args=(self._warm, snapshot),
                                                      name="chemgames-warm-up", daemon=True)
        shell = _running_shell()
        if shell is None:
            self._ready_numbers()
            thread.start()
            return thread

        def after_cell(*_: Any) -> None:  # the board's display went out with the cell: now the thread
            shell.events.unregister("post_run_cell", after_cell)
            self._ready_numbers()
            thread.start()

        shell.events.register("post_run_cell", after_cell)
        return thread

    def _ready_numbers(self) -> None:
        """Babel and the number and plural data of the game's language, loaded in this (the kernel's) thread
        just before the warm-up thread starts (``_warm_beside``), whose first steps would import them
        (``_prepare_steps``). A first click that formats a number then finds them loaded: it never waits for the
        thread's import of a module (Python's import lock) nor for its load of a language's data (Babel's
        ``localedata`` lock), and never meets a module the thread has half made (``ImportError: cannot import
        name 'Locale' from partially initialized module 'babel.core'``, seen outside a kernel in session 25).
        In a kernel this runs after the cell, so after the board went out, and costs nothing when the notebook's
        words (``_ipython_display_``) loaded them already; elsewhere it runs in the call that asks for the board's
        bundle (0.1-0.7 s at load 13-15 in ``bench/bench_first_click.py``'s fresh interpreters, where the first
        move's three clicks took half as long after it)."""
        lang = self.game.lang
        format_number(1.5, lang, 1)  # babel.numbers, the language's and its parents' data
        plural_category(lang, 2)

    def _use_game(self, game: Any, seats: Sequence[str], save_file: Path | None = None) -> None:
        """Show ``game`` (at the start, after "new game" or "resume"): fresh bots, an empty panel,
        the game's listener, and the file its autosave goes to."""
        old = getattr(self, "game", None)
        if old is not None:
            old.remove_listener(self._game_changed)
        self.game = game
        # the moves the game came with (a resumed save's, or played in Python before it was shown): made
        # before this view, so the learning record keeps them only to replay a moment (``record.local``)
        self.moves_before = len(game.log) if isinstance(game, Game) else 0
        seed = game.seed if self._bot_seed is None else self._bot_seed
        self._bots = {p: seat_bot(k, seed + p) for p, k in enumerate(seats) if k != "human"}
        self._reset_bot_talk()
        self._last: ExplanationLike | None = None  # explanation of the last applied action
        self._last_player: int | None = None
        self._notice: Any = None        # Explanation (refused) or (key, params) (error)
        self._hints: list[Any] = []
        self._offer = None
        self._marks: dict[int, tuple[int, list[Any]]] = {}  # seat -> (log length, scores) after its own last move
        if self.autosave:
            self.save_file = save_file or save_path(game)
            self._saved_at = (game.turns_completed, game.is_over) if save_file else None
        game.add_listener(self._game_changed)

    def _game_changed(self) -> None:
        """The game moved: from a message (synced when it is handled) or from Python (sync now)."""
        if not self._syncing:
            seen = self.game.visible_log(self._viewer(), 1)  # the last move as this screen may show it
            self._last = seen[-1].explanation if seen else None
            self._last_player = seen[-1].player if seen else None
            self._hints, self._notice = [], None
            self._sync()

    # ------------------------------------------------------------------ public, for notebooks
    @property
    def humans(self) -> list[int]:
        return [p for p, k in enumerate(self.seats) if k == "human"]

    @property
    def hot_seat(self) -> bool:
        """Several humans share the screen and the hands are hidden."""
        return len(self.humans) > 1 and not self.open_hands

    def apply(self, action: Any) -> ExplanationLike | None:
        """Apply an action (an ``Action`` or its JSON) from Python, show it, and return its explanation."""
        if isinstance(action, dict):
            action = self.game.action_from_json(action)
        self._syncing += 1
        try:
            explanation = self.game.apply(action)
        finally:
            self._syncing -= 1
        self._last, self._last_player, self._notice = explanation, action.player, None
        self._hints = []
        self.refresh()
        return explanation

    def claim(self, seat: int | None) -> None:
        """Show ``seat``'s hand (hot-seat "I am player N"); ``None`` hides it."""
        self._claim(seat)
        self.refresh()

    def bot_turn(self, paused: bool = False) -> list[Any]:
        """Let the bot whose turn it is play its turn now (the browser calls this after its pause of
        ``bot_delay`` ms, ``paused``: the bot's box then counts the pause in the time waited)."""
        p = self.game.current_player
        if p is None or p not in self._bots:
            raise Error("it is not a bot's turn")
        started = time.perf_counter()
        self._syncing += 1
        try:
            watch = self._watch(p)
            done = play_turn(local_game(self.game), watch)
        finally:
            self._syncing -= 1
        self._heard(p, watch, started, self.bot_delay / 1000 if paused else 0.0)
        if done:
            # the last move this screen may read (another bot's draw shows as the others read it)
            seen = self.game.visible_log(self._viewer(), 1)
            self._last = seen[-1].explanation if seen else None
            self._last_player = seen[-1].player if seen else None
        self._notice, self._hints = None, []
        self.refresh()
        return done

    def save(self) -> Path:
        """Write the game's save now (the widget's "save" button) and return its file."""
        g = local_game(self.game)
        path = self.save_file or save_path(g)
        write_save(g, path)
        self.save_file, self._saved_at = path, (g.turns_completed, g.is_over)
        self._notice = ("ui.saved", {"file": f"{path.parent.name}/{path.name}"})
        self.refresh()
        return path

    def hand_in(self, name: str | None = None) -> Path:
        """Hand in the learning record (the view's "Abgeben / Hand in" button; on the JupyterLite play page
        there is no cell to type ``chemgames.record.hand_in()`` in): the hand-in file written beside the record,
        as that function writes it, and sent to this view, which downloads it. The file goes in a message of its
        own (``{"type": "hand_in_file", "name", "data"}``, base64), never in a trait: a notebook saved with its
        widget state carries no copy, and a reopened notebook offers no old file. ``name``: the student's name,
        which the view asks for when none was typed (``chemgames.record.name``; a hot-seat partner's name stays).
        Returns the file."""
        if not getattr(self, "_recording", False):
            raise Refused("err.no_record")
        if name is not None:
            typed = " ".join(name.split()) if isinstance(name, str) else ""
            if not typed or len(typed) > 40:
                raise Refused("err.hand_in_name")
            if typed != typed_name():
                name_record(typed, *partners())  # the partners at the next seats keep their names
        made = hand_in_record(self.game.lang)
        data = made.read_bytes()
        if len(data) > HAND_IN_SENT:
            self._notice = ("ui.hand_in_too_big", {"file": f"{made.parent.name}/{made.name}"})
            return made
        self.send({"type": "hand_in_file", "name": made.name, "data": base64.b64encode(data).decode("ascii")})
        self._notice = ("ui.handed_in", {"file": made.name, "entries": Num(made.entries)})
        return made

    def new_game(self) -> None:
        """A new game with the same options and seats and a fresh deal (the old save stays)."""
        g = self.game
        game = new_game(g.id, players=g.players, seed=None, lang=g.lang, **g.option_values)
        with self.hold_sync():
            self._use_game(game, self.seats)
            humans = self.humans
            self.seat = humans[0] if len(humans) == 1 or (self.open_hands and humans) else None
            self._notice = ("ui.new_game", {"n": game.seed})
            self._sync()

    def resume(self, save: SaveInfo | Path | str) -> None:
        """Continue a saved game (from :func:`chemgames.saves`, or a file) in this widget; its
        autosave goes on in the same file."""
        info = save if isinstance(save, SaveInfo) else None
        path = save.path if isinstance(save, SaveInfo) else Path(save)
        game = info.load() if info is not None else load_game(path.read_text(encoding="utf-8"))
        if game.players != len(self.seats):
            raise OptionError(f"the save has {game.players} players, this widget {len(self.seats)} seats")
        with self.hold_sync():
            self._use_game(game, self.seats, save_file=path if self.autosave else None)
            humans = self.humans
            self.seat = humans[0] if len(humans) == 1 or (self.open_hands and humans) else None
            seen = game.visible_log(self._viewer(), 1)
            self._last, self._last_player = (seen[-1].explanation, seen[-1].player) if seen else (None, None)
            self._notice = ("ui.resumed", {"n": game.seed, "moves": len(game.log)})
            self._sync()

    def _autosave_if_due(self) -> None:
        """After every completed turn (the player to move changed, or the game ended), save."""
        g = self.game
        if not self.autosave or self.save_file is None or not isinstance(g, Game):  # a table's game is the server's to save
            return
        mark = (g.turns_completed, g.is_over)
        if mark != (self._saved_at or (0, False)):
            try:
                write_save(g, self.save_file)
                self._saved_at = mark
            except OSError as exc:  # a full disk or a read-only folder must not stop the game
                self._notice = ("err.save_failed", {"detail": Say(_SAVE_FAULTS.get(exc.errno or 0, "err.d.not_written"))})

    def set_lang(self, lang: str) -> None:
        self.game.lang = lang
        self.refresh()

    def refresh(self) -> None:
        """Sync the view again (call after changing the game from Python directly)."""
        self._sync()

    def receive(self, content: Any, buffers: Sequence[Any] | None = None) -> None:
        """Handle one message from the browser. Never raises: problems are shown in the panel."""
        self.messages_handled += 1
        self._syncing += 1
        try:
            content = self._current(content)
            if content is not None:
                self._dispatch(content, buffers or [])
        except Refused as exc:
            self._notice = (exc.key, exc.params)
        except IllegalAction as exc:
            self._notice = exc.explanation
        except Error as exc:
            self._notice = ("err.engine", {"detail": str(exc)[:200]})
        except Exception:  # noqa: BLE001 - a message must never break the kernel's comm
            # the student reads that nothing changed; the fault's name and place go to the kernel's log
            log.error("a message of the %s widget failed", self.game.id, exc_info=True)
            self._notice = ("err.internal", {})
        finally:
            self._syncing -= 1
        try:
            self._sync()
        except Exception:  # noqa: BLE001
            pass

    def set_state(self, sync_data: Any) -> None:
        """Refuse every state change from the browser and resend Python's values."""
        names = [k for k in (sync_data if isinstance(sync_data, dict) else {}) if k in self.keys]
        self._notice = ("err.state", {"names": ", ".join(sorted(map(str, names)))[:120]})
        self._sync()
        if names:
            self.send_state(names)

    def __repr__(self) -> str:
        viewer = "none" if self.seat is None else f"P{self.seat + 1}"
        return f"<{type(self).__name__} {self.game.id}: seats {', '.join(self.seats)}; viewer {viewer}>"

    # ------------------------------------------------------------------ messages
    def _on_msg(self, _widget: Any, content: Any, buffers: Sequence[Any]) -> None:
        if not isinstance(content, dict) or "version" not in content:
            # the browser names the view every message was made on (widgets/shared/mount.js)
            self.messages_handled += 1
            self._notice = ("err.malformed", {"detail": Say("err.d.no_version")})
            self._sync()
            return
        self.receive(content, buffers)

    def _current(self, msg: Any) -> Any:
        """``msg`` without its ``version``, or ``None`` when it was made on an older view (a double
        click, a click while Python was answering): such a message is never applied. Python callers
        (tests, notebooks) may leave the version out; the browser always names it (``mount.js``)."""
        if not isinstance(msg, dict) or "version" not in msg:
            return msg
        made_on = msg["version"]
        if not isinstance(made_on, int) or isinstance(made_on, bool):
            raise Refused("err.malformed", detail="version")
        if made_on != self.version:
            self.stale_ignored += 1
            if msg.get("type") != "bot":  # a bot's stale timer is routine: nothing to tell
                self._notice = ("ui.stale", {})
            return None
        return {k: v for k, v in msg.items() if k != "version"}

    def _dispatch(self, msg: Any, buffers: Sequence[Any]) -> None:
        if buffers:
            raise Refused("err.malformed", detail=Say("err.d.binary"))
        try:
            size = len(json.dumps(msg))
        except (TypeError, ValueError):
            raise Refused("err.malformed", detail=Say("err.d.not_json")) from None
        if size > MAX_MESSAGE:
            raise Refused("err.malformed", detail=Say("err.d.size", size=Num(size)))
        if not isinstance(msg, dict) or msg.get("type") not in MESSAGE_TYPES + self.game_messages:
            raise Refused("err.malformed", detail=json.dumps(msg)[:60])
        kind = msg["type"]
        handler = MESSAGES.get(kind)
        if handler is not None:
            handler(self, msg)
        else:
            self._game_message(kind, msg)

    def _claim_message(self, msg: dict[str, Any]) -> None:
        seat = msg.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise Refused("err.malformed", detail="seat")
        self._claim(seat)

    def _lang_message(self, msg: dict[str, Any]) -> None:
        lang = msg.get("lang")
        if lang not in ("de", "en"):
            raise Refused("err.malformed", detail="lang")
        self.game.lang = lang

    def _resume_message(self, msg: dict[str, Any]) -> None:
        if self._offer is None:
            raise Refused("err.no_offer")
        self.resume(self._offer)

    def _bot_message(self, msg: dict[str, Any]) -> None:
        p = self.game.current_player
        if p is None or p not in self._bots:
            # a bot request at the current version with no bot to move: mount.js no longer sends one
            # (its timer names the version it was armed on and a newer view cancels it; before, a
            # timer fired after a newer view was drawn said "Kein Bot ist am Zug": issue 26,
            # tests/browser/test_bot_timer_browser.py). Kept quiet for any other client: nothing to do
            self.stale_ignored += 1
            return
        self.bot_turn(paused=True)  # the browser waited ``bot_delay`` before asking

    def _game_message(self, kind: str, msg: dict[str, Any]) -> None:
        """Game hook: a message type of the game's own (listed in ``game_messages``)."""
        raise Refused("err.malformed", detail=kind)

    def _actor(self) -> int:
        """The player this browser may act for now, or a refusal."""
        p = self.game.current_player
        if p is None:
            raise Refused("err.over")
        if self.seats[p] != "human":
            raise Refused("err.bot_turn", player=p + 1)
        if self.open_hands:
            return p
        if self.seat is None:
            raise Refused("err.claim_first", player=p + 1)
        if self.seat != p:
            raise Refused("err.not_your_turn", seat=self.seat + 1, player=p + 1)
        return p

    def _act(self, obj: Any) -> None:
        try:
            action = self.game.action_from_json(obj)
        except MalformedAction as exc:
            raise Refused("err.malformed", detail=Say(exc.key, **exc.params)) from None
        except Error:
            raise Refused("err.malformed", detail=Say("err.d.not_action")) from None
        actor = self._actor()
        if action.player != actor or action.game != self.game.id:
            raise Refused("err.forged", player=action.player + 1, actor=actor + 1)
        explanation = self.game.apply(action)
        self._last, self._last_player, self._notice, self._hints = explanation, actor, None, []

    def _claim(self, seat: int | None) -> None:
        if seat is None:
            if self.hot_seat:
                self.seat, self._hints, self._notice = None, [], None
            return
        if not 0 <= seat < self.game.players or self.seats[seat] != "human":
            raise Refused("err.bad_seat", seat=seat + 1 if isinstance(seat, int) else seat)
        if self.hot_seat and seat != self.game.current_player:
            raise Refused("err.claim_turn", seat=seat + 1, player=(self.game.current_player or 0) + 1)
        self.seat = seat
        self._notice = None

    def _undo(self) -> None:
        self._actor()
        if not self.game.can_undo():
            raise Refused("err.nothing_to_undo")
        self.game.undo()
        self._last, self._notice, self._hints = None, ("ui.undone", {}), []

    def _ask_hints(self) -> None:
        self._actor()
        warmed: tuple[tuple[Any, int, Any], list[Any]] | None = getattr(self, "_warmed_hints", None)
        self._warmed_hints = None  # once: the next "Tipp" of this position searches again
        now = self._position()
        if warmed is not None and all(a is b for a, b in zip(warmed[0], now)) and warmed[0][1] == now[1]:
            self._hints = warmed[1]  # found by the warm-up for this position
        else:
            self._hints = list(self.game.hints(HINTS_SHOWN))
        self._notice = None if self._hints else ("ui.no_hints", {})

    def _play_hint(self, index: Any) -> None:
        self._actor()
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self._hints):
            raise Refused("err.malformed", detail="hint index")
        actions = self._hint_actions(self._hints[index])
        # a tip that is only the final action (Metallurgie's lone "end the turn") has nothing to
        # prepare: it is played, as its button says, else the click did nothing (s21f)
        held = any(a.kind not in self.final_kinds for a in actions)
        for action in actions:
            if held and action.kind in self.final_kinds:
                break  # the player confirms the move herself, after reading the verdict
            explanation = self.game.apply(action)
            self._last, self._last_player = explanation, action.player
        self._hints, self._notice = [], None

    def _hint_actions(self, hint: Any) -> Sequence[Any]:
        """Game hook: the actions that build ``hint`` from the current state."""
        return list(hint.actions)

    # ------------------------------------------------------------------ syncing
    def _viewer(self) -> int | None:
        if self.open_hands:
            p = self.game.current_player
            return p if p is not None and self.seats[p] == "human" else None
        return self.seat

    def _ui(self, lang: str) -> dict[str, Entry]:
        """The front end's strings for this game: the catalog with :attr:`own_texts` in place of the
        shared texts they replace."""
        ui = ui_catalog(lang)
        return {**ui, **{k: ui[own] for k, own in self.own_texts.items() if own in ui}} if self.own_texts else ui

    def _render_notice(self, lang: str) -> dict[str, Any] | None:
        notice = self._notice
        if notice is None:
            return None
        if isinstance(notice, tuple):
            shared, raw = notice
            params = {k: v.render(lang) if isinstance(v, (Say, Num)) else v for k, v in raw.items()}
            key = self.own_texts.get(str(shared), str(shared))
            text = choose(ui_catalog(lang).get(key) or key, lang, raw)  # a plural's count: the number itself
            try:
                text = text.format(**params)
            except (KeyError, IndexError, ValueError):
                pass
            kind = "info" if key.startswith("ui.") else "error"
            return {"ok": kind == "info", "kind": kind, "title": text, "steps": [], "points": None, "rule": key}
        out: dict[str, Any] = notice.in_lang(lang).to_dict()
        out["kind"] = "refused"
        return out

    def _game_view(self, viewer: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        """Game hook: (view for the browser, card dictionary). The default sends ``view`` whole."""
        return self.game.view(viewer), {}

    def _hint_plays(self, hint: Hint) -> bool:
        """Whether "hint_play" plays the whole move (no final action left for the player to confirm, or
        nothing but the final action, which has nothing to prepare)."""
        final = [a.kind in self.final_kinds for a in hint.actions]
        return not any(final) or all(final)

    def _hint_view(self, hint: Hint) -> dict[str, Any]:
        return {"formula": hint.formula, "points": hint.points}

    def _saving_view(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.autosave and self.save_file is not None:
            out["file"] = f"{self.save_file.parent.name}/{self.save_file.name}"
        if getattr(self, "_recording", False):
            # the learning record can be handed in (``hand_in``); without a typed name the view asks for one
            out["hand_in"] = {"name": typed_name()}
        if self._offer is not None and not self.game.log:
            o = self._offer
            out["offer"] = {"n": o.seed, "moves": o.moves, "when": o.modified.strftime("%d.%m. %H:%M")}
        return out

    def _last_as_seen(self, viewer: int | None) -> ExplanationLike | None:
        """The last move as ``viewer`` may read it: in full when it is the viewer's own, as the game
        shows it to the others (``Game.for_others``: no drawn card named) when it is another
        player's, nothing when it is another player's private step."""
        own = self._last
        if own is None or viewer == self._last_player:
            return own
        for entry in reversed(self.game.log):
            if entry.explanation is own:
                return self._for_others(entry) if entry.public else None
        return own  # not a logged move (a game hook made it for this screen already)

    def _for_others(self, entry: LogEntryLike) -> ExplanationLike:
        """``entry`` as every player but its mover reads it (``Game.for_others``: no drawn card
        named); a table's log is already as this seat may read it."""
        g = self.game
        return g.for_others(entry) if isinstance(g, Game) and isinstance(entry, LogEntry) else entry.explanation

    def _since_view(self, viewer: int | None, lang: str) -> dict[str, Any] | None:
        """What the others did since ``viewer``'s own last move, when it is that player's turn again
        (or the game ended): each move as the viewer may read it, and every score that changed (every
        count, :attr:`since_counts`: in Chemuno the cards in hand).

        A bot's attack that costs the student points is said here, not only in the log."""
        g = self.game
        log = g.log
        if log and self.seats[log[-1].player] == "human":  # a person just moved: her mark moves with her
            self._marks[log[-1].player] = (len(log), self._since_counts())
        humans = self.humans
        if viewer is None and len(humans) == 1:  # open hands (or nothing hidden): the one person at the screen
            viewer = humans[0]
        if viewer is None or (log and log[-1].player == viewer):
            return None
        if g.current_player != viewer and not g.is_over:
            return None
        start, before = self._marks.get(viewer, (0, None))
        moves = [{"player": e.player, "kind": e.action.kind, "title": self._for_others(e).in_lang(lang).title}
                 for e in log[start:] if e.player != viewer and e.public]
        if not moves:
            return None
        now = self._since_counts()
        scores = [{"player": p, "before": b, "after": a} for p, (b, a) in enumerate(zip(before, now)) if a != b] \
            if before is not None and len(before) == len(now) else []
        return {"moves": moves[-12:], "more": max(0, len(moves) - 12), "scores": scores, "counts": self.since_counts}

    #: what the "since your last move" box counts for each player: ``"points"`` (the game's scores) or
    #: ``"cards"`` (the cards in hand, where the rule sheet knows no points: Chemuno); see ``_since_counts``
    since_counts: str = "points"

    def _since_counts(self) -> list[int]:
        """Game hook: each player's number that the "since" box compares (:attr:`since_counts`): here the scores."""
        return list(self.game.scores())

    def _shared_screen_panel(self, viewer: int | None, panel: dict[str, Any]) -> dict[str, Any]:
        """The panel on a hot-seat screen for ``viewer`` (``None``: nobody has claimed the seat): the
        last move as ``viewer`` may read it (the log's last entry in that player's view, so another
        player's private step such as "Ca chosen, possible charges +2" never shows), and no refusal
        (a refusal may name the cards in a hand)."""
        log = self.game.view(viewer)["log"]
        notice = panel["notice"]
        return {"last": log[-1]["explanation"] if log else None, "last_player": log[-1]["player"] if log else None,
                "notice": None if notice is not None and notice.get("kind") == "refused" and viewer is None else notice,
                "since": panel.get("since")}

    def _save_later(self) -> None:
        """The autosave, run after the view went out (JupyterLite: writing the file goes through the
        browser's storage, ~0.1 s a move, which the student's click need not wait for); a failed
        save shows with a view of its own."""
        before = self._notice
        self._autosave_if_due()
        if self._notice is not before:
            self._save_failed = True  # this view says so and tries no save of its own
            try:
                self._sync()
            finally:
                self._save_failed = False
        else:
            self._say_words()  # "the game is saved", once it is (the view went out before the save)

    def _sync(self) -> None:
        g = self.game
        if not self._save_failed and not later(self._save_later):  # JupyterLite: after the view
            self._autosave_if_due()
        if self.hot_seat and self.seat is not None and self.seat != g.current_player:
            self.seat = None  # the turn passed: hide the hand until the next player claims the seat
        viewer = self._viewer()
        lang = g.lang
        view, cards = self._game_view(viewer)
        legal = [a.to_json() for a in g.legal_actions()] if viewer is not None and viewer == g.current_player else []
        hands = [self._game_view(p)[0].get("hand", []) for p in range(g.players)] if self.open_hands else []
        last = self._last_as_seen(viewer)
        panel = {"last": last.in_lang(lang).to_dict() if last is not None else None,
                 "last_player": self._last_player, "notice": self._render_notice(lang),
                 "since": self._since_view(viewer, lang)}
        hints = [self._hint_view(h) | {"plays": self._hint_plays(h)} for h in self._hints]
        if self.hot_seat and (viewer is None or self._last_player != viewer):
            # a shared screen: show only what this viewer (nobody, while the hand is hidden) may read
            panel, hints = self._shared_screen_panel(viewer, panel), hints if viewer is not None else []
        panel = self._bot_panel(panel, viewer, lang)
        values = {"view": view, "cards": cards, "hands": hands, "legal": legal,
                  "hints": hints, "panel": panel, "lang": lang, "game_no": g.seed,
                  "saving": self._saving_view(),
                  "ui": self._ui(lang) if lang != self.lang or not self.ui else self.ui}
        changed = {k: v for k, v in values.items() if getattr(self, k) != v}
        with self.hold_sync():
            for k, v in changed.items():
                setattr(self, k, v)
            self.version = self.version + 1
        self.last_sync_bytes = len(json.dumps(changed, ensure_ascii=False).encode())
        self.sync_sizes.append(self.last_sync_bytes)
        self._say_words()


def _running_shell() -> Any:
    """The IPython shell whose cell is running (a Jupyter kernel), or ``None``."""
    ipython = sys.modules.get("IPython")  # never imported for this: outside IPython there is none
    shell = ipython.get_ipython() if ipython is not None else None
    return shell if shell is not None and hasattr(shell, "events") else None


def _warm_quietly(warm: Callable[[Any], None], game: Any) -> None:
    try:
        warm(game)
    except Exception:  # noqa: BLE001 - a warm-up thread has nowhere to report: the move itself will say what is wrong
        pass


# What the front end may send: each message type with what handles it (a game view adds its own
# types in ``game_messages`` and handles them in ``_game_message``). One table, so that a new type
# is one line here and the refusal of an unknown one needs no case of its own.
MESSAGES: dict[str, Callable[[GameWidget, dict[str, Any]], object]] = {
    "act": lambda w, m: w._act(m.get("action")),
    "claim": lambda w, m: w._claim_message(m),
    "undo": lambda w, m: w._undo(),
    "hint": lambda w, m: w._ask_hints(),
    "hint_play": lambda w, m: w._play_hint(m.get("index")),
    "lang": lambda w, m: w._lang_message(m),
    "bot": lambda w, m: w._bot_message(m),
    "save": lambda w, m: w.save(),
    "hand_in": lambda w, m: w.hand_in(m.get("name")),
    "new_game": lambda w, m: w.new_game(),
    "resume": lambda w, m: w._resume_message(m),
    "advice": lambda w, m: w._advise(),
    "seat_kind": lambda w, m: w._set_seat_kind(m.get("seat"), m.get("kind")),
}
MESSAGE_TYPES = tuple(MESSAGES)


W = TypeVar("W", bound=GameWidget)


def start(cls: type[W], game_id: str, players: int, bots: Sequence[str] | None, seed: int | None,
          lang: str, options: dict[str, Any], resume: bool = False, **widget: Any) -> W:
    """What every ``play_<game>()`` does: a new game (or, with ``resume=True``, the newest unfinished
    save of this game with as many players, from ``chemgames.saves()``) in a widget that autosaves
    after every turn. ``bots`` fill the last seats; ``None``: all seats human (hot-seat)."""
    seats = ["human"] * players if bots is None else ["human"] * (players - len(bots)) + list(bots)
    for found in saves(game_id) if resume else []:
        if found.over or found.players != players:
            continue
        try:
            game = found.load()
        except SaveFileError:
            continue  # a damaged or edited save: try the next older one
        w = cls(game, seats=seats, autosave=True, **widget)
        w.resume(found)
        if w.game.lang != lang:
            w.set_lang(lang)
        return w
    return cls(new_game(game_id, players=players, seed=seed, lang=lang, **options), seats=seats,
               autosave=True, **widget)

