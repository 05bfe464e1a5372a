"""The teacher's dashboard of a class's tables (``chemgames.tables.dashboard(...)``).

Every table of the teacher's class: its join code in large letters (to read from the back of the
room), each seat (joined and connected, joined, empty, a bot: a word and a symbol each), whose
turn, the scores. It asks the server again every few seconds (``overview()``), on a thread of its
own; the traits are written on the kernel's loop. "Watch" puts the table's projector view above
the list: the game's usual widget over :func:`chemgames.tables.watch` (``view(None)``: no hand);
once that game is over, "Open the hands" shows every hand for the discussion. Each seat names the
student who joined it; the teacher releases a seat, moves a student to a free seat, locks a table
and draws a new code from here (``chemgames.server.client.control``).

>>> seat_word({"seat": 0, "kind": "human", "present": True, "joined": True, "name": "Ada"}, "en")
'● Player 1 (Ada): connected'
>>> seat_word({"seat": 2, "kind": "greedy"}, "de")
'⚙ Spieler 3: gieriger Bot'
"""
from __future__ import annotations

import functools
import itertools
import sys
import threading
import time
from typing import Any

import anywidget
import ipywidgets
import traitlets as t

from ..server import client as _tables
from .base import ui_catalog
from .frontend import css, esm, widget_scope
from .table import on_kernel_loop

MARKS = {"present": "●", "joined": "◐", "empty": "○", "bot": "⚙"}  # the same symbols as the front end


def seat_state(seat: dict[str, Any]) -> str:
    if seat.get("kind", "human") != "human":
        return "bot"
    return "present" if seat.get("present") else "joined" if seat.get("joined") else "empty"


def seat_word(seat: dict[str, Any], lang: str) -> str:
    """A seat as the dashboard says it (text beside the symbol, never a colour alone).

    >>> seat_word({"seat": 0, "kind": "human", "held": "Ada"}, "en")
    '○ Player 1: free, held for a minute for Ada'
    """
    ui, state = ui_catalog(lang), seat_state(seat)
    word = ui[f"bot_{seat['kind']}"] if state == "bot" else ui[f"tbl.seat_{state}"]
    if state == "empty" and seat.get("held"):  # released a moment ago: waits a minute for that name
        word = f"{ui['tbl.seat_held']} {seat['held']}"
    name = f" ({seat['name']})" if seat.get("name") else ""
    return f"{MARKS[state]} {str(ui['player']).format(n=seat['seat'] + 1)}{name}: {word}"


class TablesBoard(anywidget.AnyWidget):
    """The list of tables (the front end: ``widgets/tables_dashboard.js``)."""

    tables: t.List[dict[str, Any]] = t.List().tag(sync=True)
    ui = t.Dict().tag(sync=True)
    lang = t.Unicode("de").tag(sync=True)
    watching = t.Unicode(None, allow_none=True).tag(sync=True)
    notice = t.Dict().tag(sync=True)
    updated = t.Unicode("").tag(sync=True)
    server = t.Unicode("").tag(sync=True)
    version = t.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        self._esm = esm("tables_dashboard")
        self._css = css("tables_dashboard", widget_scope(type(self)))  # no rule reaches another widget
        super().__init__(**kwargs)

    def set_state(self, sync_data: Any) -> None:
        """The browser may not change the state: Python's values are sent again."""
        self.send_state([k for k in (sync_data if isinstance(sync_data, dict) else {}) if k in self.keys])


class Dashboard(ipywidgets.VBox):  # type: ignore[misc]  # ipywidgets has no type information: VBox is Any to mypy
    """The teacher's dashboard: :class:`TablesBoard` and, below it, the watched table's widget."""

    def __init__(self, server: str | None = None, teacher_key: str | None = None, lang: str = "de",
                 every: float = 3.0, poll: bool = True) -> None:
        self.server_url = _tables.server_url(server)
        self._key = _tables.resolve_teacher_key(teacher_key, self.server_url, lang)
        self.board = TablesBoard(lang=lang, ui=ui_catalog(lang), server=self.server_url)
        self.spectator = ipywidgets.VBox()
        # the projector view above the list: "Watch" must not open it below the fold of a long list
        super().__init__([self.spectator, self.board])
        self.add_class("cg-tb-dashboard")
        self.every = every
        self._lock = threading.RLock()
        self._stop = threading.Event()
        # each question to the server numbered as it is asked: an answer older than the one drawn is dropped
        self._asked = itertools.count(1)
        self._drawn = 0
        self._remote: _tables.RemoteGame | None = None
        self.board.on_msg(self._on_msg)
        self.refresh()
        if poll and sys.platform == "emscripten":  # pragma: no cover - JupyterLite: no threads, the browser's timer
            from js import setInterval  # type: ignore[import-not-found]  # Pyodide's own module: only in the browser
            from pyodide.ffi import create_proxy  # type: ignore[import-not-found]  # Pyodide's own module: only in the browser

            self._timer = create_proxy(self._tick)
            setInterval(self._timer, int(every * 1000))
        elif poll:
            threading.Thread(target=self._poll, daemon=True).start()

    def _tick(self) -> None:
        if not self._stop.is_set():
            self.refresh()

    # ------------------------------------------------------------------ Python API
    @property
    def lang(self) -> str:
        return self.board.lang

    def refresh(self) -> None:
        """Ask the server now."""
        got = self._fetch()
        with self._lock:
            self._show_tables(got)

    def watch(self, table_id: str | None) -> None:
        """Show ``table_id``'s projector view above the list (``None``: close it)."""
        with self._lock:
            if self._remote is not None:
                self._remote.close()
                self._remote = None
            self.spectator.children = ()
            self.board.watching = table_id
            if table_id is not None:
                self._remote = _tables.watch(table_id, server=self.server_url, teacher_key=self._key, lang=self.lang)
                self._remote.code = next((tb["code"] for tb in self.board.tables if tb["id"] == table_id), None)
                shown = self._remote.box() if hasattr(self._remote, "box") else self._remote.widget()  # JupyterLite: a box
                self.spectator.children = (shown,)
            self._bump()

    def open_hands(self) -> None:
        """After the watched game is over: every hand in the projector view (for the discussion)."""
        ended = any(tb["id"] == getattr(self._remote, "table_id", None) and tb.get("ended") for tb in self.board.tables)
        if self._remote is None or not (self._remote.is_over or ended):
            self.board.notice = {"title": ui_catalog(self.lang)["tbl.not_over"]}
            self._bump()
            return
        found = _tables.request("GET", f"{self.server_url}/api/tables/{self._remote.table_id}?lang={self.lang}",
                                key=self._key, lang=self.lang)  # the hands in the teacher's language, not the table's
        self._remote.widget().show_hands(found.get("open") or [])

    def control(self, msg: dict[str, Any]) -> None:
        """The teacher's seat controls from the front end: release or move a seat, lock a table,
        draw a new code, end a game (or let it go on). Only tables of the list, seats as numbers; the server checks the rest."""
        ids = {tb["id"] for tb in self.board.tables}
        table, seat, kind = msg.get("table"), msg.get("seat"), msg["type"]
        if not isinstance(table, str) or table not in ids or (kind in ("release", "move") and type(seat) is not int):
            return
        # the name the list showed on the seat: the server refuses if someone else sits there by now
        shown = {"name": msg["name"]} if isinstance(msg.get("name"), str) else {}
        if kind == "release":
            _tables.control(table, "release", seat, shown, server=self.server_url, teacher_key=self._key, lang=self.lang)
        elif kind == "move":
            if msg.get("to_table") not in ids or type(msg.get("to_seat")) is not int:
                return
            _tables.control(table, "move", seat, {"table": msg["to_table"], "seat": msg["to_seat"], **shown},
                            server=self.server_url, teacher_key=self._key, lang=self.lang)
        elif kind == "lock" and type(msg.get("locked")) is bool:
            _tables.control(table, "lock", body={"locked": msg["locked"]}, server=self.server_url, teacher_key=self._key,
                            lang=self.lang)
        elif kind == "code":
            _tables.control(table, "code", server=self.server_url, teacher_key=self._key, lang=self.lang)
        elif kind == "end" and type(msg.get("ended")) is bool:
            _tables.control(table, "end", body={"ended": msg["ended"]}, server=self.server_url, teacher_key=self._key,
                            lang=self.lang)
        self.refresh()

    def close(self) -> None:
        self._stop.set()
        if self._remote is not None:
            self._remote.close()
        super().close()

    # ------------------------------------------------------------------ inside
    def _fetch(self) -> dict[str, Any]:
        asked = next(self._asked)
        try:
            return {"tables": _tables.overview(self.server_url, self._key, self.lang), "error": None, "asked": asked}
        except (_tables.TableError, OSError) as exc:
            return {"tables": None, "error": self._said(exc), "asked": asked}

    def _poll(self) -> None:
        while not self._stop.wait(self.every):
            got = self._fetch()
            on_kernel_loop(functools.partial(self._show_tables, got), self._lock)()

    def _show_tables(self, got: dict[str, Any]) -> None:
        # a poll asked before the teacher's control, answered after it (a loaded machine, a slow network):
        # drawn, it showed the table as it was before the control until the next poll (s24h)
        if got["asked"] < self._drawn:
            return
        self._drawn = got["asked"]
        with self.board.hold_sync():
            # the list is drawn again only when something changed (a redraw every few seconds would
            # move a teacher's focus and a screen reader's place); the time of the answer changes alone
            if got["tables"] is not None:
                notice: dict[str, Any] = {}
                changed = got["tables"] != self.board.tables or self.board.notice != notice
                self.board.tables, self.board.notice = got["tables"], notice
                self.board.updated = time.strftime("%H:%M:%S")
            else:
                notice = {"title": got["error"]}
                changed = self.board.notice != notice
                self.board.notice = notice
            if changed:
                self._bump()

    def _bump(self) -> None:
        self.board.version += 1

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        try:
            if kind == "watch" and isinstance(content.get("table"), str) and \
                    any(tb["id"] == content["table"] for tb in self.board.tables):
                self.watch(content["table"])
            elif kind == "unwatch":
                self.watch(None)
            elif kind == "refresh":
                self.refresh()
            elif kind == "open_hands":
                self.open_hands()
            elif kind in ("release", "move", "lock", "code", "end"):
                self.control(content)
            elif kind == "lang" and content.get("lang") in ("de", "en"):
                with self.board.hold_sync():
                    self.board.lang, self.board.ui = content["lang"], ui_catalog(content["lang"])
                    self._bump()
                if self._remote is not None and self._remote._widget is not None:  # (JupyterLite: maybe not yet made)
                    self._remote.widget().set_lang(content["lang"])
        except (_tables.TableError, OSError, TimeoutError) as exc:
            self.board.notice = {"title": self._said(exc)}
            self._bump()

    def _said(self, exc: BaseException) -> str:
        """A fault as the notice says it: the server's refusal as it was said (in the dashboard's
        language), else that the server does not answer."""
        if isinstance(exc, _tables.TableError):  # said from the catalogs already, in this language
            return str(exc)[:300]
        return str(ui_catalog(self.lang)["tbl.unreachable"]).format(detail=_tables.why_unreachable(exc, self.lang))


def dashboard(server: str | None = None, teacher_key: str | None = None, lang: str = "de", every: float = 3.0) -> Dashboard:
    """The teacher's dashboard widget of every table of the class (asks the server every ``every`` seconds)."""
    return Dashboard(server, teacher_key, lang, every)
