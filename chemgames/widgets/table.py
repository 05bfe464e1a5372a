"""The usual game widget, connected to a class table: one front end, two sources.

``chemgames.join("K7P2X", server=...)`` gives a :class:`~chemgames.server.client.RemoteGame`; shown in a
notebook (or with :func:`table_widget`) it is the game's own widget, whose game is a
:class:`TableGame`: the remote game as the widget sees a local one. What that means at a table:

* the widget only ever holds ``view(seat)`` as the server sent it: :meth:`TableGame.view` refuses
  any other seat, so no other hand can reach the traits (nor the notebook's saved widget state);
* the other students' seats are of the kind ``"table"`` (at another device): a table is never a
  hot-seat, and nobody moves for them here; the server's bots move on the server;
* a move is sent as ``act`` and is final (no undo: the others have seen it); a refused move shows
  the server's explanation; hints, saving and "new game" have no meaning at a table and are
  refused with a text that says so (their buttons are hidden);
* updates from the others arrive on the client's receiving thread; the widget's traits are written
  on the kernel's own loop (``kernel.io_loop.add_callback``), never from that thread.

>>> seat_kinds_at_table(["human", "human", "greedy"], 1)
['table', 'human', 'greedy']
>>> seat_kinds_at_table(["human", "human"], None, joined=[True, False])
['table', 'table_empty']
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Callable, NoReturn, Sequence

from ..core.action import Action
from ..core.contracts import PlayableGame
from ..core.errors import NothingToUndo
from ..core.i18n import tr
from ..server.client import RemoteExplanation, RemoteGame, TableError
from .base import SEAT_KINDS, GameWidget, Refused, Say, ui_catalog
from .frontend import scoped, widget_scope


# no "new game", "save" or "resume" (the table's game is the teacher's), no hint (the server alone
# knows the rules' state; a hint computed here would need the others' cards), no bot box (the bots
# play on the server: no seat choice, no advice; an empty box would be left at the top). Scoped to
# the table widget's own element (frontend.scoped): page-wide it hid these in every game widget.
TABLE_CSS = """
.cg-gamebar, [data-key="hint"], [data-key="undo"], .cg-bots { display: none !important; }
"""
NOT_AT_TABLE = ("undo", "hint", "hint_play", "save", "new_game", "resume", "advice", "seat_kind")


def seat_kinds_at_table(kinds: Sequence[str], seat: int | None, joined: Sequence[bool] | None = None) -> list[str]:
    """The widget's seats for the server's seat ``kinds`` seen from ``seat``: this device is
    ``"human"``, another student ``"table"`` (``"table_empty"`` while nobody has joined that seat),
    a bot keeps its kind (it moves on the server)."""
    sat = list(joined) if joined is not None else [True] * len(kinds)
    return ["human" if p == seat else ("table" if sat[p] else "table_empty") if k == "human" else k
            for p, k in enumerate(kinds)]


def on_kernel_loop(fn: Callable[[], None], lock: threading.RLock) -> Callable[[], None]:
    """``fn`` as a listener that may be called from any thread: inside a Jupyter kernel it runs on
    the kernel's IO loop (where the widget's messages are handled too), elsewhere under ``lock``."""
    try:
        from IPython import get_ipython

        loop = getattr(getattr(get_ipython(), "kernel", None), "io_loop", None)
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        loop = None

    def locked() -> None:
        with lock:
            fn()

    if loop is None:
        return locked
    return lambda: loop.add_callback(locked)


@dataclass
class TableEntry:
    """One line of the seat's log as the server sent it (already as this seat may read it)."""

    player: int
    action: Any
    explanation: RemoteExplanation
    public: bool = True


class TableGame:
    """A :class:`~chemgames.server.client.RemoteGame` with the face of a local game, as ``GameWidget``
    uses one. Only the seat's own view exists here; the log is the view's log."""

    seed = 0  # the table's deal is the teacher's: no game number to deal again
    option_values: dict[str, Any] = {}

    def __init__(self, remote: RemoteGame) -> None:
        self.remote = remote
        self.opened: list[dict[str, Any]] | None = None  # every seat's view, for a spectator after the game
        self._listeners: dict[Any, Callable[[], None]] = {}

    # what the widget reads
    id = property(lambda self: self.remote.id)
    players = property(lambda self: self.remote.players)
    current_player = property(lambda self: self.remote.current_player)
    is_over = property(lambda self: self.remote.is_over)
    turns_completed = property(lambda self: self.remote.version)
    seat = property(lambda self: self.remote.seat)

    @property
    def lang(self) -> str:
        return self.remote.lang

    @lang.setter
    def lang(self, value: str) -> None:
        if value != self.remote.lang:
            self.remote.lang = value

    def scores(self) -> list[int]:
        return self.remote.scores()

    def winners(self) -> list[int]:
        return self.remote.winners()

    def view(self, player: int | None = None, lang: str | None = None) -> dict[str, Any]:
        """The seat's own view; asking for any other seat's is refused (``not_your_seat``). It is in
        ``lang`` (default: the seat's language): the server writes every text in the seat's
        language, so a view in another one changes the seat's language (:attr:`lang`: the seat is
        sent its view again, and the widget shows that language from then on). With the browser's
        transport (JupyterLite) that view comes with the next state, which the widget's listener
        shows. The hands opened after the game stay as the server sent them."""
        if lang is not None and lang != self.lang:
            self.lang = lang
        if player != self.remote.seat and self.opened is not None and self.after_game and player is not None:
            return dict(self.opened[player])
        if player != self.remote.seat:
            raise TableError(tr(self.lang, "server.not_your_seat", seat=(self.remote.seat or 0) + 1,
                                other=(player if player is not None else -1) + 1), "not_your_seat")
        return self.remote.view()

    def legal_actions(self) -> list[Action]:
        return self.remote.legal_actions()

    def action_from_json(self, obj: Any) -> Action:
        return self.remote.action_from_json(obj)

    def check(self, action: Action) -> RemoteExplanation:
        return self.remote.check(action)

    def apply(self, action: Action) -> RemoteExplanation | None:
        """Send the move; its explanation is the one the server logged for this seat."""
        self.remote.apply(action)
        if not self.remote.waits:
            return None  # the browser's transport: the state (or the refusal) arrives as a message
        mine = [e for e in self.log if e.player == action.player]
        return mine[-1].explanation if mine else RemoteExplanation(True, "")

    @property
    def after_game(self) -> bool:
        """The game is over, or the teacher ended it: the hands may be opened for the discussion."""
        return bool(self.remote.is_over or self.remote.state.get("ended"))

    def can_undo(self) -> bool:
        return False

    def undo(self) -> NoReturn:
        """A move at a table is final: the others have seen it."""
        raise NothingToUndo(Say("err.table_undo").render(self.lang))

    # a game's own extras, which a local engine computes from its whole state (the card game's
    # changes_for, Chemuno's news), are not here: a widget asks its own game's class for them
    # (isinstance), and at a table the shared "since your last move" box says what the others did
    def hints(self, limit: int = 8) -> list[Any]:
        return []

    @property
    def log(self) -> list[TableEntry]:
        return [TableEntry(e["player"], SimpleNamespace(kind=e["action"]["kind"]), RemoteExplanation.from_dict(e["explanation"]))
                for e in self.remote.view().get("log", [])]

    def visible_log(self, player: int | None, n: int | None = None) -> list[TableEntry]:
        """The last ``n`` entries of the seat's log, which the server sent as this seat may read them."""
        log = self.log
        return log if n is None else log[len(log) - n:]

    def add_listener(self, listener: Callable[[], None]) -> None:
        owner = getattr(listener, "__self__", None)
        wrapped = on_kernel_loop(listener, getattr(owner, "_table_lock", threading.RLock()))
        self._listeners[listener] = wrapped
        self.remote.add_listener(wrapped)

    def remove_listener(self, listener: Callable[[], None]) -> None:
        wrapped = self._listeners.pop(listener, None)
        if wrapped is not None:
            self.remote.remove_listener(wrapped)


if TYPE_CHECKING:
    def _keeps_the_contract(game: TableGame) -> PlayableGame:
        return game  # mypy checks here that the table's game has every member of the contract


def table_name(remote: Any, code: str | None = None) -> Say:
    """What a table's views call it, said in the reader's language: its number in the class
    ("Tisch 3", as the dashboard, the teacher and the class report say it), never its join code
    (the watched table's title is on the projector); a table an older server stored without a
    number is called by its code.

    >>> from types import SimpleNamespace
    >>> table_name(SimpleNamespace(number=3, table_id="t1"), "K7P2X").render("de")
    'Tisch 3'
    >>> table_name(SimpleNamespace(number=None, table_id="t1"), "K7P2X").render("en")
    'table K7P2X'
    """
    number = getattr(remote, "number", None)
    if isinstance(number, int):
        return Say("tbl.number", n=number)
    return Say("tbl.by_code", code=code or remote.table_id)


if TYPE_CHECKING:
    _Widget = GameWidget  # to mypy the mixin is the game widget it is mixed into (``widget_class``)
else:
    _Widget = object


class AtTable(_Widget):
    """Mixed into a game's widget class: the widget of one seat at a class table (or the
    teacher's spectator view, ``seat`` ``None``)."""

    seat_kinds = (*SEAT_KINDS, "table", "table_empty")
    game: TableGame

    def __init__(self, remote: RemoteGame, code: str | None = None, **kwargs: Any) -> None:
        self._table_lock = threading.RLock()
        # held until the widget is whole: a state arriving meanwhile (a classmate's join) is shown
        # after, never by the listeners' thread on a widget half made
        with self._table_lock:
            self.remote, self.code = remote, code
            seats = seat_kinds_at_table(remote.state["kinds"], remote.seat, remote.state.get("joined"))
            kwargs["open_hands"] = False  # a seat sees its own hand only (Räum-Ab! opens every hand at one screen)
            super().__init__(TableGame(remote), seats=seats, autosave=False, **kwargs)
            self._css = self._css + scoped(TABLE_CSS, widget_scope(type(self)))
            if hasattr(remote, "add_notice_listener"):  # the browser's transport: refusals arrive later
                remote.add_notice_listener(self._table_notice)
            # say in the widget what a table changes (until the first update replaces it)
            where = {"table": table_name(remote, code), "seat": (remote.seat or 0) + 1}
            self._notice = ("ui.watching_table" if remote.seat is None else
                            "ui.back_at_table" if getattr(remote, "again", False) else "ui.at_table", where)
            self._sync()

    def _sync(self) -> None:
        """The game widget's sync, and what a table changes in it: who has joined each seat (a
        seat nobody joined is "free", never "thinking"), and the status names whose turn it is
        rather than a bot thinking (the others think at their own devices)."""
        ended = bool(self.remote.state.get("ended"))
        if ended != getattr(self, "_ended", False):  # the teacher ended the game (or let it go on): say so
            self._ended = ended
            self._notice = ("ui.table_ended", {}) if ended else None
        super()._sync()
        state = self.remote.state
        seats = seat_kinds_at_table(state["kinds"], self.remote.seat, state.get("joined"))
        turn = ui_catalog(self.game.lang)["tbl.turn_of"]
        ui: dict[str, Any] = self.ui
        if seats != self.seats or ui.get("bot_thinking") != turn:
            with self.hold_sync():
                self.seats = seats
                self.ui = {**ui, "bot_thinking": turn}
                self.version = self.version + 1

    def _table_notice(self, msg: dict[str, Any]) -> None:
        """A refusal or error that arrived after the move was sent (JupyterLite): show it."""
        with self._table_lock:
            if msg.get("type") == "refused":
                self._notice = RemoteExplanation.from_dict(msg["explanation"])
            else:
                texts = msg.get("message") or {}
                self._notice = ("err.engine", {"detail": texts.get(self.game.lang) or texts.get("en", "")})
            self._sync()

    def _track_changes(self) -> None:
        """ChemiX's own "what the others did" needs the public view of a local game: at a table the
        shared "since your last move" box says it."""

    def _use_game(self, game: Any, seats: Sequence[str], save_file: Any = None) -> None:
        super()._use_game(game, ["human"] * len(seats), save_file)  # no bots here

    def receive(self, content: Any, buffers: Sequence[Any] | None = None) -> None:
        if isinstance(content, dict) and content.get("type") == "bot":
            return  # the front end's bot timer: the server's bots and the other devices move by themselves
        if isinstance(content, dict) and "version" in content:
            # the browser's message (it names its view): say at once that Python has it, before the
            # table server is asked; the view then waits on the server, not on a Python that is gone
            # (widgets/shared/mount.js), however long a loaded server takes
            self.send({"type": "table_wait"})
        with self._table_lock:
            super().receive(content, buffers)

    def _dispatch(self, msg: Any, buffers: Sequence[Any]) -> None:
        if isinstance(msg, dict) and msg.get("type") in NOT_AT_TABLE:
            kind = msg["type"]
            raise Refused("err.table_" + ("undo" if kind == "undo" else "hint" if "hint" in kind else
                                           "bot" if kind in ("advice", "seat_kind") else "game"))
        super()._dispatch(msg, buffers)

    def _actor(self) -> int:
        p = self.game.current_player
        if p is not None and self.seats[p] == "table":
            raise Refused("err.table_other", player=p + 1)
        return super()._actor()

    def _game_view(self, viewer: int | None) -> tuple[dict[str, Any], dict[str, Any]]:
        view, cards = super()._game_view(viewer)
        label = ui_catalog(self.game.lang)["tbl.title_seat" if self.seat is not None else "tbl.title_watch"]
        where = str(label).format(table=table_name(self.remote, self.code).render(self.game.lang), seat=(self.seat or 0) + 1)
        view["title"] = f"{view.get('title', self.game.id)} · {where}"
        return view, cards

    def show_hands(self, views: list[dict[str, Any]]) -> None:
        """The spectator's view after the game: every hand (``views``: each seat's view, as the
        server gives them to the teacher once the game is over or the teacher ended it, never before)."""
        if self.seat is not None or not self.game.after_game or len(views) != self.game.players:
            raise TableError(str(ui_catalog(self.game.lang)["tbl.not_over"]), "not_over")
        with self._table_lock:
            self.game.opened = views
            self.open_hands = True
            self.refresh()

    def set_lang(self, lang: str) -> None:
        with self._table_lock:
            super().set_lang(lang)


_CLASSES: dict[type, type] = {}


def widget_class(game_id: str) -> type[GameWidget]:
    """The game's widget class with :class:`AtTable` mixed in.

    >>> widget_class("chromino").__name__, widget_class("chromino") is widget_class("chromino")
    ('TableChrominoWidget', True)
    """
    from . import ChemieKartenWidget, ChemiXWidget, ChemunoWidget, ChrominoWidget, MetallurgieWidget, RaeumAbWidget

    base = {c.entry: c for c in (ChemieKartenWidget, ChemiXWidget, ChemunoWidget, ChrominoWidget, MetallurgieWidget,
                                 RaeumAbWidget)}[game_id]
    if base not in _CLASSES:
        _CLASSES[base] = type(f"Table{base.__name__}", (AtTable, base), {"__module__": __name__})
    return _CLASSES[base]


def table_widget(remote: RemoteGame, code: str | None = None, **kwargs: Any) -> GameWidget:
    """The game widget of ``remote``'s seat (or, for :func:`chemgames.server.client.watch`, the spectator view)."""
    return widget_class(remote.id)(remote, code=code, **kwargs)


RemoteGame.make_widget = staticmethod(table_widget) # the client shows itself with this
