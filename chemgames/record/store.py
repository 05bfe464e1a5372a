"""Where the teacher keeps the record: one SQLite file beside the table store
(``chemgames-record.db``), owned by the teacher: export as CSV or JSON, delete a student or a
lesson, keep events only for a set number of days.

Events are queued by :meth:`RecordStore.add` (microseconds: the table server's move waits for
nothing) and written by the store's own thread 50 ms after the first one woke it (what arrives meanwhile goes
in the same transaction), or on :meth:`flush`. A server killed in those 50 ms loses the record of
those moves, never the moves.

>>> store = RecordStore(":memory:")
>>> store.add_session({"id": "s1", "lesson": "7b", "source": "table", "game": "raeumab", "table": "Tisch 1",
...                    "names": ["Mia", "Ali"], "setup": {}, "created": 0})
>>> for who in ("Mia", "Ali", "Mia"):
...     store.add({"ts": 1.0, "lesson": "7b", "student": who, "session": "s1", "game": "raeumab", "seat": 0,
...                "kind": "refused", "rule": "ra.no_pair", "ok": False, "facts": {"params": {"a": 8}}})
>>> store.flush(); store.students("7b")
['Ali', 'Mia']
>>> store.delete_student("Mia"), [e["student"] for e in store.events()]
(2, ['Ali'])
>>> store.sessions()[0]["names"]
['', 'Ali']
>>> store.events()[0]["facts"]
{'params': {'a': 8}}
>>> store.close()
"""
from __future__ import annotations

import csv
import io
import json
import sqlite3
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any, Iterable

from .events import EXPORT_FORMAT, RECORD_VERSION

DEFAULT_FILE = "chemgames-record.db"
FLUSH_EVERY = 0.5
BATCH = 0.05  # seconds the writer gathers events after the first one woke it (at most 20 writes a second)
COLUMNS = ("ts", "lesson", "student", "session", "game", "seat", "kind", "at", "rule", "action", "facts", "ok",
           "secs", "task")
_JSON = ("action", "facts")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, lesson TEXT, source TEXT, game TEXT, tbl TEXT,
    names TEXT, setup TEXT, created REAL);
CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, ts REAL, lesson TEXT, student TEXT, session TEXT,
    game TEXT, seat INTEGER, kind TEXT, at INTEGER, rule TEXT, action TEXT, facts TEXT, ok INTEGER, secs REAL,
    task TEXT);
CREATE INDEX IF NOT EXISTS events_lesson ON events (lesson, student);
CREATE INDEX IF NOT EXISTS events_ts ON events (ts);
"""


class RecordStore:
    """The record in one SQLite file (``":memory:"`` for tests)."""

    def __init__(self, path: str | Path = DEFAULT_FILE, flush_every: float = FLUSH_EVERY, timeout: float = 5.0) -> None:
        self.path = str(path)
        # ``timeout``: how long to wait for another connection's write lock (SQLite's busy timeout)
        self._db = sqlite3.connect(self.path, check_same_thread=False, timeout=timeout)
        try:
            self._db.execute("PRAGMA secure_delete = ON")  # an erased student's rows overwritten, not left in free pages
            self._db.executescript(_SCHEMA)
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(sessions)")}
            if "number" not in columns:
                # a file of an older version: its sessions have no table number (the report numbers them);
                # this waits for the file's write lock as the schema script above already does
                self._db.execute("ALTER TABLE sessions ADD COLUMN number INTEGER")
            if "version" not in columns:
                # nor the record's version (``events.RECORD_VERSION``): their sessions are read without it
                self._db.execute("ALTER TABLE sessions ADD COLUMN version INTEGER")
            if "keys" not in columns:
                # nor who sat at each seat (``events.person_key``): their students are told apart by name alone
                self._db.execute("ALTER TABLE sessions ADD COLUMN keys TEXT")
            if self.path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
        except sqlite3.DatabaseError:  # not a record file, or a damaged one: nothing written to it
            self._db.close()
            raise
        self._lock = threading.Lock()  # the connection: the writer thread and the teacher's calls
        # deques: ``append`` (the server's thread) and ``popleft`` (the writer) are atomic, no lock taken per move
        self._queue: deque[tuple[Any, ...]] = deque()
        self._sessions: deque[tuple[Any, ...]] = deque()
        self._closed = threading.Event()
        self._waiting = threading.Event()  # set by ``add``: the writer wakes
        self._writer = threading.Thread(target=self._write_loop, args=(flush_every,), daemon=True,
                                        name="chemgames-record")
        self._writer.start()
        self.purge()

    # ------------------------------------------------------------------ writing
    def add(self, event: dict[str, Any]) -> None:
        """Queue one event (see :mod:`chemgames.record.events`)."""
        self._queue.append(tuple(json.dumps(event.get(c), separators=(",", ":")) if c in _JSON and event.get(c)
                                 is not None else event.get(c) for c in COLUMNS))
        self._waiting.set()

    def add_session(self, session: dict[str, Any]) -> None:
        self._sessions.append((session["id"], session["lesson"], session.get("source", ""), session["game"],
                               session.get("table", ""), json.dumps(session.get("names", [])),
                               json.dumps(session.get("setup", {})), session.get("created", time.time()),
                               session.get("number"), session.get("version"),
                               json.dumps(session["keys"]) if session.get("keys") else None))
        self._waiting.set()

    def flush(self) -> None:
        """Write what is queued now."""
        with self._lock:
            sessions = [self._sessions.popleft() for _ in range(len(self._sessions))]
            events = [self._queue.popleft() for _ in range(len(self._queue))]
            if not sessions and not events:
                return
            with self._db:
                self._db.executemany("INSERT OR REPLACE INTO sessions (id, lesson, source, game, tbl, names, setup, created, "
                                     "number, version, keys) VALUES (?,?,?,?,?,?,?,?,?,?,?)", sessions)
                self._db.executemany(f"INSERT INTO events ({','.join(COLUMNS)}) VALUES ({','.join('?' * len(COLUMNS))})",
                                     events)

    def _write_loop(self, every: float) -> None:
        while not self._closed.is_set():
            self._waiting.wait(every)
            self._closed.wait(BATCH)  # what comes in the next moment goes into the same transaction
            self._waiting.clear()
            try:
                self.flush()
            except sqlite3.Error:  # pragma: no cover - a full disk: keep the queue, try again
                pass

    def close(self) -> None:
        self._closed.set()
        self._waiting.set()
        self._writer.join(timeout=2)
        self.flush()
        self._db.close()

    def check(self) -> None:
        """Raise :class:`sqlite3.DatabaseError` if the file is damaged (SQLite's ``quick_check``:
        every page and row readable, the indexes in order); writes nothing."""
        with self._lock:
            problems = [row[0] for row in self._db.execute("PRAGMA quick_check").fetchall()]
        if problems != ["ok"]:
            raise sqlite3.DatabaseError("; ".join(map(str, problems[:3])))

    # ------------------------------------------------------------------ reading
    def _rows(self, sql: str, args: Iterable[Any] = ()) -> list[dict[str, Any]]:
        self.flush()
        with self._lock:
            cur = self._db.execute(sql, tuple(args))
            names = [d[0] for d in cur.description]
            return [dict(zip(names, row)) for row in cur.fetchall()]

    def events(self, lesson: str | None = None, student: str | None = None) -> list[dict[str, Any]]:
        """The events (of ``lesson``, of ``student``), oldest first."""
        where, args = _where(lesson=lesson, student=student)
        rows = self._rows(f"SELECT {','.join(COLUMNS)} FROM events{where} ORDER BY id", args)
        for r in rows:
            for c in _JSON:
                r[c] = json.loads(r[c]) if r[c] else ({} if c == "facts" else None)
            r["ok"] = None if r["ok"] is None else bool(r["ok"])
        return rows

    def sessions(self, lesson: str | None = None) -> list[dict[str, Any]]:
        """The games' sessions (of ``lesson``) as the Recorder made them; ``version`` only where it was recorded (a
        session without it is of a record before :data:`~chemgames.record.events.RECORD_VERSION` 2)."""
        where, args = _where(lesson=lesson)
        rows = self._rows(f"SELECT id, lesson, source, game, tbl AS 'table', names, setup, created, number, version, "
                          f"keys FROM sessions{where}", args)
        for r in rows:
            r["names"], r["setup"] = json.loads(r["names"]), json.loads(r["setup"])
            for k in ("version", "keys"):  # only where recorded (``keys``: who sat at each seat)
                if r[k] is None:
                    del r[k]
            if "keys" in r:
                r["keys"] = json.loads(r["keys"])
        return rows

    def lessons(self) -> list[str]:
        return [r["lesson"] for r in self._rows("SELECT DISTINCT lesson FROM events ORDER BY lesson")]

    def recent_lessons(self) -> list[str]:
        """The lessons that have events: the one with the latest event first, then by their games'
        last start (read from the indexes and the sessions: a school's file of 40 lessons and
        535,000 events answers in 0.15 s, a GROUP BY over the events took 0.7 s)."""
        latest = self._rows("SELECT lesson FROM events ORDER BY ts DESC LIMIT 1")
        have = {r["lesson"] for r in self._rows("SELECT DISTINCT lesson FROM events")}
        started = [r["lesson"] for r in self._rows("SELECT lesson, MAX(created) AS c FROM sessions GROUP BY lesson "
                                                   "ORDER BY c DESC, lesson")]
        first = [latest[0]["lesson"]] if latest else []
        rest = [x for x in started if x in have] + sorted(have - set(started))
        return list(dict.fromkeys(first + rest))

    def students(self, lesson: str | None = None) -> list[str]:
        where, args = _where(lesson=lesson)
        return [r["student"] for r in self._rows(f"SELECT DISTINCT student FROM events{where} ORDER BY student", args)
                if r["student"]]

    # ------------------------------------------------------------------ the teacher's rights
    def delete_student(self, student: str, lesson: str | None = None) -> int:
        """Erase ``student`` (in ``lesson``): their refusals, hints, advice and predictions are
        deleted, and their name leaves the games' seat lists; their moves stay without name, time
        or verdict (kind ``erased``), only so that the classmates' moments at the same table still
        replay (a game's later positions are made of every seat's moves). Deleted rows are
        overwritten in the file (``secure_delete``) and the write-ahead log is emptied, so the
        name is nowhere in the file afterwards. Returns how many events were the student's."""
        where, args = _where(lesson=lesson, student=student)
        self.flush()
        with self._lock:
            with self._db:
                moves = self._db.execute(f"UPDATE events SET kind = 'erased', student = '', rule = '', facts = NULL, "
                                         f"ok = NULL, secs = NULL, task = NULL{where} AND kind = 'move'", args).rowcount
                kept = self._db.execute(f"UPDATE events SET student = '', secs = NULL{where} AND kind IN ('bot', 'undo')",
                                        args).rowcount
                n = moves + kept + self._db.execute(f"DELETE FROM events{where}", args).rowcount
                lessons = "" if lesson is None else " WHERE lesson = ?"
                for sid, names, keys in self._db.execute(f"SELECT id, names, keys FROM sessions{lessons}",
                                                         () if lesson is None else (lesson,)).fetchall():
                    seats = json.loads(names)
                    if student in seats:
                        # their seat's key goes with their name: nothing left links the moves kept to them
                        who = json.loads(keys) if keys else None
                        if isinstance(who, list):
                            who = [[] if i < len(seats) and seats[i] == student else k for i, k in enumerate(who)]
                        self._db.execute("UPDATE sessions SET names = ?, keys = ? WHERE id = ?",
                                         (json.dumps(["" if x == student else x for x in seats]),
                                          json.dumps(who) if who and any(who) else None, sid))
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the old pages out of the log too
        return n

    def delete_lesson(self, lesson: str) -> int:
        """Delete a lesson: its events and its games' set-ups."""
        self.flush()
        with self._lock, self._db:
            self._db.execute("DELETE FROM sessions WHERE lesson = ?", (lesson,))
            return self._db.execute("DELETE FROM events WHERE lesson = ?", (lesson,)).rowcount

    @property
    def retention_days(self) -> int | None:
        """Days an event is kept (``None``: until the teacher deletes it); older ones are deleted
        when the store is opened and when the setting changes."""
        rows = self._rows("SELECT value FROM meta WHERE key = 'retention_days'")
        return int(rows[0]["value"]) if rows and rows[0]["value"] else None

    @retention_days.setter
    def retention_days(self, days: int | None) -> None:
        if days is not None and (isinstance(days, bool) or not isinstance(days, int) or days < 1):
            raise ValueError("retention_days must be a whole number of days (at least 1) or None")
        with self._lock, self._db:
            self._db.execute("INSERT OR REPLACE INTO meta VALUES ('retention_days', ?)", ("" if days is None else str(days),))
        self.purge()

    def purge(self, now: float | None = None) -> int:
        """Delete the events older than the retention setting; returns how many."""
        days = self.retention_days
        if days is None:
            return 0
        cut = (time.time() if now is None else now) - days * 86400
        with self._lock, self._db:
            n = self._db.execute("DELETE FROM events WHERE ts < ?", (cut,)).rowcount
            self._db.execute("DELETE FROM sessions WHERE created < ? AND id NOT IN (SELECT DISTINCT session FROM events)",
                             (cut,))
        return n

    # ------------------------------------------------------------------ export
    def export_json(self, lesson: str | None = None, student: str | None = None) -> str:
        """The record (of ``lesson``; of one ``student``) as one JSON document: sessions and events, with
        ``"format": "chemgames-record"`` and the record's ``version`` (:data:`~chemgames.record.events.RECORD_VERSION`,
        the number each session it makes carries; an export of session 24 or before says 1). One student's export
        (access, portability: their right, not their classmates') holds their events only and the games they
        played, the other seats' names blank."""
        events = self.events(lesson, student)
        sessions = self.sessions(lesson)
        if student is not None:
            played = {e["session"] for e in events}
            sessions = [{**s, "names": [n if n == student else "" for n in s["names"]]} for s in sessions
                        if s["id"] in played]
        return json.dumps({"format": EXPORT_FORMAT, "version": RECORD_VERSION, "sessions": sessions, "events": events},
                          ensure_ascii=False)

    def export_csv(self, lesson: str | None = None, student: str | None = None) -> str:
        """The events (of ``lesson``; of one ``student``) as CSV, one row each (``facts`` and
        ``action`` as JSON text). A text that a spreadsheet would take for a formula (a name a
        student typed as ``=...``) gets a leading apostrophe (:func:`cell`); the JSON export keeps
        it as typed."""
        out = io.StringIO()
        w = csv.writer(out)
        w.writerow(COLUMNS)
        for e in self.events(lesson, student):
            w.writerow([json.dumps(e[c], ensure_ascii=False) if c in _JSON else cell(e[c]) for c in COLUMNS])
        return out.getvalue()


def cell(value: Any) -> Any:
    """A CSV cell that no spreadsheet runs as a formula (OWASP, CSV injection): a text beginning
    with ``= + - @``, a tab or a carriage return gets a leading apostrophe.

    >>> cell("=1+1"), cell("Ada"), cell(-2.5)
    ("'=1+1", 'Ada', -2.5)
    """
    return "'" + value if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def _where(**conditions: Any) -> tuple[str, list[Any]]:
    parts = [(f"{k} = ?", v) for k, v in conditions.items() if v is not None]
    if not parts:
        return "", []
    return " WHERE " + " AND ".join(p for p, _ in parts), [v for _, v in parts]
