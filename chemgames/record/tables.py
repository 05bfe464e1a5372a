"""The table server's side of the record: one :class:`TableRecorder` per server process, called
once where the server applies or refuses a student's action (:meth:`TableRecorder.hook`: the
authority's ``on_action``), writing to the teacher's SQLite file beside the table store.

A table's session (its set-up, the names at its seats) is made at its first recorded action; the
lesson is the class and the date (the date alone for the server's own class, "default"). A seat's name is the one its student typed when joining (the
seat's ``name``, or :meth:`TableRecorder.named`); without one the report says "Tisch 1, Platz 2".
A table is kept under a short digest of its id, never its join code (a code read off the record,
or off a projected report, lets anyone join the table); the report numbers the tables for the class.
The actions applied in between that no student of this process made (a bot's, or another server
process's) are recorded as ``bot`` events when the next one comes: never counted for a student,
kept so that every moment replays.

>>> import chemgames
>>> from types import SimpleNamespace
>>> from chemgames.record.store import RecordStore
>>> store = RecordStore(":memory:")
>>> rec = TableRecorder(store)
>>> table = SimpleNamespace(id="t1", class_id="7b", code="K7P2X", players=2)
>>> g = chemgames.new_game("raeumab", players=2, seed=3, lang="de")
>>> rec.named(table, 0, "Mia")
>>> acted = rec.hook({"t1": g}.get)
>>> a = g.legal_actions()[0]
>>> _ = g.apply(a); acted(table, 0, a, g.log[-1].explanation, True)
>>> _ = g.apply(g.legal_actions()[0])                   # a bot's move: not told to the hook
>>> bad = g.action_from_json({"game": "raeumab", "player": g.current_player, "kind": "pair", "params": {"cards": [0, 1]}})
>>> acted(table, g.current_player, bad, g.check(bad), False)
>>> [(e["kind"], e["at"]) for e in store.events()], store.events()[0]["student"]
([('move', 0), ('bot', 1), ('refused', 2)], 'Mia')
>>> store.sessions()[0]["table"], store.sessions()[0]["lesson"].startswith("7b ")
('Tisch 628b49d9', True)
>>> store.close()
"""
from __future__ import annotations

import logging
import os
import time
from pathlib import Path
from typing import Any, Callable

from ..core.i18n import tr
from .events import Recorder, Session, person_key, today

log = logging.getLogger("chemgames.record")
ENV = "CHEMGAMES_RECORD_DB"  # where the teacher's record goes; "0" switches the server's record off


def record_path(store_url: str) -> Path | None:
    """The record's file beside the table store: ``sqlite:///x/chemgames-tables.db`` gives
    ``x/chemgames-record.db``. Server processes sharing a Redis store have no folder in common:
    they record only into the file ``$CHEMGAMES_RECORD_DB`` names (``0``: no record at all).

    >>> str(record_path("sqlite:///data/chemgames-tables.db")), record_path("sqlite:///:memory:")
    ('data/chemgames-record.db', None)
    >>> record_path("redis://127.0.0.1:6379/0") is None
    True
    """
    chosen = os.environ.get(ENV, "").strip()
    if chosen in ("0", "off", "no"):
        return None
    if chosen:
        return Path(chosen)
    if store_url.startswith("sqlite:///"):
        where = store_url[len("sqlite:///"):]
        if where in ("", ":memory:"):
            return None
        return Path(where).with_name("chemgames-record.db")
    return None


def table_key(table: Any) -> str:
    """What the record calls ``table``: 8 hex digits of the SHA-256 of its id (unique within a lesson,
    not its join code, and not the id the server's links use).

    >>> from types import SimpleNamespace
    >>> table_key(SimpleNamespace(id="t1", code="K7P2X"))
    '628b49d9'
    """
    import hashlib

    return hashlib.sha256(str(table.id).encode()).hexdigest()[:8]


UNNAMED_CLASS = "default"  # the class of the server's own teacher key (server.authority): no name a teacher gave


class TableRecorder:
    """Records every table of a server process into ``store`` (a :class:`RecordStore`)."""

    def __init__(self, store: Any, lang: str = "de", day: Callable[[], str] | None = None) -> None:
        self.store = store
        self.lang = lang
        # the lesson's day: the table server's (its store's clock in the school's time zone, as its
        # tables' lessons are filed: ``attach``); this process's date for a recorder of its own
        self.day = day
        self.sessions: dict[str, Session] = {}
        self.names: dict[tuple[str, int], str] = {}
        self.recorders: dict[str, Recorder] = {}
        self.seen: dict[str, int] = {}  # per table: the log length recorded so far
        # per table: who sat at each seat (name, filed device) when its session was made (``_retaken``)
        self.sat: dict[str, list[tuple[Any, Any]]] = {}

    def named(self, table: Any, seat: int, name: Any) -> None:
        """The name the student at ``seat`` typed (at most 40 characters; blank: none)."""
        name = " ".join(str(name or "").split())[:40]
        if name:
            self.names[table.id, seat] = name
            s = self.sessions.get(table.id)
            if s is not None and 0 <= seat < len(s.names):
                s.names[seat] = name

    def _session(self, table: Any, game: Any) -> Session:
        # the lesson is the class and the day; a teacher who made no class (the server's own key,
        # class "default") reads the day alone, not "Stunde: default 2026-11-28"
        cls = str(getattr(table, "class_id", "") or "")
        day = self.day() if self.day is not None else today()
        lesson = day if cls in ("", UNNAMED_CLASS) else f"{cls} {day}"
        s = self.sessions.get(table.id)
        if s is not None and s.lesson != lesson:
            # a server running into the next day (a table played on into next week): that day's moves
            # go to a session of that day's lesson, which records the moves before them as the bots'
            # (``record``), as a server restarted that day does; before, they were filed under the day
            # of the table's first move, and the next lesson's report did not show them
            s = None
            self.seen[table.id] = 0
        if s is not None and self._retaken(table):
            # a seat taken by another student mid-game (the teacher freed it, a classmate sat down):
            # a session names one student a seat, with that student's key, for every move filed
            # under it; so the table's moves from now on go to a new session (the moves before are
            # the bots' there, as after a restart). Before, the session named the first student, and
            # the report gave the next one's moves the first one's device
            s = None
            self.seen[table.id] = 0
        number = getattr(table, "number", None)
        if s is not None and isinstance(number, int):
            self.recorders[s.lesson].renumber(s, number)  # renumbered since (a store of this version only)
        if s is None:
            rec = self.recorders.setdefault(lesson, Recorder(self.store.add, self.store.add_session, lesson=lesson))
            label = tr(self.lang, "rec.table_label", code=table_key(table))
            seats = getattr(table, "seats", None) or []
            # the seat's student now (a seat re-taken: the new one), else a name given to ``named``
            names = [(getattr(seats[i], "name", None) if i < len(seats) else None) or self.names.get((table.id, i))
                     or tr(self.lang, "rec.seat_label", table=label, seat=i + 1) for i in range(game.players)]
            number = getattr(table, "number", None)  # given by the table store (none in an older store)
            # who sat there: the seat's device as the server files it (a digest, never the id), so that two
            # students of one name at two tables stay two in the report (``report.tell_apart``)
            devices = [getattr(seats[i], "device", None) if i < len(seats) else None for i in range(game.players)]
            self.sat[table.id] = self._occupants(table)
            s = self.sessions[table.id] = rec.session(game, names, table=label,
                                                      number=number if isinstance(number, int) else None,
                                                      keys=[[person_key(d)] if isinstance(d, str) and d else []
                                                            for d in devices])
        return s

    @staticmethod
    def _occupants(table: Any) -> list[tuple[Any, Any]]:
        return [(getattr(seat, "name", None), getattr(seat, "device", None)) for seat in getattr(table, "seats", None) or []]

    def _retaken(self, table: Any) -> bool:
        """Whether a seat of ``table`` has another student than when its session was made: another
        name or another device (a seat freed since, with nobody on it, is not: its student's moves
        are over, nobody else's have begun).

        >>> from types import SimpleNamespace as NS
        >>> rec, t = TableRecorder(None), NS(id="t", seats=[NS(name="Mia", device="a"), NS(name=None, device=None)])
        >>> rec.sat["t"] = rec._occupants(t)
        >>> t.seats[0] = NS(name=None, device=None); rec._retaken(t)
        False
        >>> t.seats[0] = NS(name="Zoe", device="c"); rec._retaken(t)
        True
        """
        sat = self.sat.get(table.id, [])
        return any(now != (None, None) and now != was for now, was in zip(self._occupants(table), sat))

    def record(self, table: Any, game: Any, action: Any, explanation: Any, at: int, bot: bool = False) -> None:
        """One action at ``table`` at log length ``at``: applied (``explanation.ok``) or refused,
        by a person or a bot; the actions before ``at`` not recorded yet are recorded first."""
        s = self._session(table, game)
        rec = self.recorders[s.lesson]
        seats = getattr(table, "seats", None) or []
        for k in range(self.seen.get(table.id, 0), min(at, len(game.log))):
            rec.action(s, game.log[k].action, None, at=k, bot=True)
        self.seen[table.id] = max(self.seen.get(table.id, 0), at)
        if 0 <= action.player < len(seats) and getattr(seats[action.player], "name", None):
            s.names[action.player] = seats[action.player].name
        rec.action(s, action, explanation, at=at, bot=bot)
        if explanation is None or explanation.ok:
            self.seen[table.id] = at + 1

    def hook(self, game_of: Callable[[str], Any]) -> Callable[[Any, int, Any, Any, bool], None]:
        """The server's ``on_action(table, seat, action, explanation, accepted)``; ``game_of(table_id)``
        gives the table's game (an accepted action is the last one in its log)."""
        def acted(table: Any, seat: int, action: Any, explanation: Any, accepted: bool) -> None:
            game = game_of(table.id)
            self.record(table, game, action, explanation, len(game.log) - 1 if accepted else len(game.log))
        return acted

    def close(self) -> None:
        self.store.close()


class RecordBusy(RuntimeError):
    """The record file is held locked by another program: not damaged, so left where it is."""


def open_or_set_aside(path: Path, timeout: float = 5.0) -> Any:
    """The record store in ``path``; a damaged file there (not SQLite, cut off, a page overwritten)
    is renamed ``chemgames-record.db.damaged-<when>`` (its write-ahead log beside it, as SQLite
    names it), said in the server's log, and a new record begun: a class must not be kept from
    playing by its record, and nothing recorded before is lost. A file another program holds
    locked past ``timeout`` seconds is no damage: :class:`RecordBusy` says so and nothing moves
    (renamed, it would be split while that program still writes into it)."""
    import sqlite3

    from .store import RecordStore

    def busy(exc: sqlite3.DatabaseError) -> bool:
        return getattr(exc, "sqlite_errorcode", None) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)

    try:
        store = RecordStore(path, timeout=timeout)
    except sqlite3.DatabaseError as exc:
        if busy(exc):
            raise RecordBusy(f"the learning record {path} is held locked by another program ({exc}): close "
                             f"that program, or start without a record (CHEMGAMES_RECORD_DB=0)") from None
        reason = exc
    else:
        try:
            store.check()
            return store
        except sqlite3.DatabaseError as exc:
            store.close()
            reason = exc
    aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{path}{suffix}").exists():
            Path(f"{path}{suffix}").rename(f"{aside}{suffix}")
    log.error("the learning record %s is damaged (%s): kept as %s, a new record begun", path, reason, aside.name)
    return RecordStore(path)


def attach(authority: Any, store_url: str | None) -> TableRecorder | None:
    """Record the tables of ``authority`` (the table server's) into the file beside its store
    (:func:`record_path`); ``None`` when there is none (a store in memory, ``$CHEMGAMES_RECORD_DB=0``).
    The server calls this once, where it is made."""
    path = record_path(store_url) if store_url else None
    if path is None:
        return None
    import atexit

    # the day of the lesson a move is filed under: the server's (the store's clock, the school's zone)
    recorder = TableRecorder(open_or_set_aside(path), day=lambda: str(getattr(authority, "today", None) or today()))
    authority.on_action.append(recorder.hook(lambda table_id: authority.games[table_id]))
    atexit.register(recorder.store.flush)  # what the writer thread had not written yet
    return recorder

