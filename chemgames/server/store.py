"""Where the server keeps classes, tables and every applied action: SQLite or Redis.

A game is kept as its set-up (in the :class:`~chemgames.server.model.Table`) and its list of
actions; a server process rebuilds the game by replaying them. :meth:`Store.append` is a
check-and-set on the action count: the action is stored only if the table holds exactly
``version`` actions, so two processes never apply two actions on one version.

- :class:`SqliteStore` (the default; one file, no set-up): each action is committed before the
  server acknowledges it, so ``kill -9`` loses nothing that a player was told about.
- :class:`RedisStore`: the state in Redis keys, and every new action announced on a pub/sub
  channel, so several server processes behind one address serve the same tables.

>>> import asyncio
>>> from chemgames.server.model import Table
>>> async def demo():
...     store = open_store("sqlite:///:memory:")
...     await store.start()
...     t = Table.new("chemix", players=2, class_id="c", seed=1)
...     t.id = "t"
...     await store.add_table(t)
...     first = await store.append(t.id, 0, '{"a": 1}')
...     again = await store.append(t.id, 0, '{"a": 2}')  # a second action on version 0: refused
...     seats = [await store.modify(t.id, lambda t: len(t.seats)), await store.hold_device("c", "d1", t.id),
...              await store.hold_device("c", "d1", "other")]
...     together = await asyncio.gather(*(store.append(t.id, 1, f'{{"b": {i}}}') for i in range(3)))
...     return first, again, await store.actions(t.id), seats, together
>>> from concurrent.futures import ThreadPoolExecutor  # a loop of its own, whatever runs in this thread
>>> ThreadPoolExecutor(1).submit(asyncio.run, demo()).result()
(True, False, ['{"a": 1}', '{"b": 0}'], [2, 't', 't'], [True, False, False])
"""
from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import sqlite3
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Awaitable, Callable, Coroutine, Protocol, TypeVar
from urllib.parse import urlparse

from .model import (ZONE_CHANGE, ZONE_META, SCHOOL_ZONE, ClassRecord, Seat, Table, ZoneMismatch, holds_number,
                    not_understood, number_key, read_table, same_secret, secret_id, zone_named, zone_setting)

log = logging.getLogger("chemgames.server")

Listener = Callable[[str, int, str], Awaitable[None]]  # table id, its new action count (-1: its seats changed), the action
CatchUp = Callable[[], Awaitable[None]]  # the announcements were interrupted: read what was missed from the store
T = TypeVar("T")


class Stopped(Exception):
    """An action not stored because another process changed the table first, and this one has not
    heard yet: the acting seat's token is not its own any more (``why="seat"``: released, moved) or
    the teacher ended the game (``why="ended"``)."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class Unreadable(Exception):
    """A table's stored record does not read (edited by hand, half written): nothing is written
    over it, and the server answers that the table is set aside (``server.set_aside``, 503)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id}: its stored record does not read; nothing was written")
        self.table_id = table_id


class StoreError(RuntimeError):
    """The store cannot be used: the message names the file (or server) and what to do."""


def sqlite_fault(path: str, exc: BaseException) -> StoreError:
    """A SQLite error as a message a teacher can act on.

    >>> str(sqlite_fault("/srv/t.db", sqlite3.OperationalError("disk I/O error")))[:60]
    'the table store /srv/t.db cannot be used (disk I/O error): c'
    """
    return StoreError(f"the table store {path} cannot be used ({exc}): check that its folder exists and is "
                      f"writable, that the disk is not full and that no other program locks the file, or choose "
                      f"another file with --store sqlite:///FILE")


class Store(Protocol):
    """What the server needs of a store (both implementations are async)."""

    unreadable: set[str]  # the tables whose stored record was found not to read (``/api/health`` counts them)
    needs: dict[str, list[str]]  # of those, the ones a newer version wrote: the fields this one does not understand

    async def start(self) -> None: ...
    async def close(self) -> None: ...
    async def now(self) -> float: ...
    async def get_meta(self, key: str) -> str | None: ...
    async def set_meta_once(self, key: str, value: str) -> str: ...
    async def set_meta(self, key: str, value: str) -> None: ...
    async def others_alive(self) -> int: ...
    async def add_class(self, rec: ClassRecord) -> None: ...
    async def class_by_key(self, key: str) -> ClassRecord | None: ...
    async def add_table(self, table: Table) -> bool: ...
    async def table(self, table_id: str) -> Table | None: ...
    async def table_by_code(self, code: str) -> Table | None: ...
    async def tables(self, class_id: str | None = None) -> list[Table]: ...
    async def damaged(self, class_id: str | None = None, code: str | None = None,
                      token: str | None = None) -> list[tuple[str, str]]: ...
    async def seat_by_token(self, token: str) -> tuple[Table, int] | None: ...
    async def modify(self, table_id: str, change: Callable[[Table], T]) -> T: ...
    async def modify_many(self, table_ids: list[str], change: Callable[[list[Table]], T],
                          devices: list[tuple[str, str, str]] | None = None) -> T: ...
    async def renumber(self, table: Table, lesson: str, keep: frozenset[int] = frozenset()) -> int | None: ...
    async def given(self, class_id: str, lesson: str) -> int: ...
    async def hold_device(self, class_id: str, device: str, table_id: str) -> str: ...
    async def drop_device(self, class_id: str, device: str, table_id: str) -> None: ...
    async def set_device(self, class_id: str, device: str, table_id: str) -> None: ...
    async def announce_seats(self, table_id: str) -> None: ...
    async def append(self, table_id: str, version: int, action: str, seat: tuple[str, int] | None = None) -> bool: ...
    async def actions(self, table_id: str, start: int = 0) -> list[str]: ...
    async def listen(self, listener: Listener, catch_up: CatchUp | None = None) -> None: ...
    async def seat_presence(self, table_id: str, seat: int, delta: int) -> None: ...
    async def absent_since(self, table_id: str, seat: int) -> float | None: ...
    async def present_seats(self, table_id: str) -> set[int]: ...


def _in_db_thread(method: Callable[..., T]) -> Callable[..., Coroutine[Any, Any, T]]:
    """Run a :class:`SqliteStore` method in the store's own thread."""
    @functools.wraps(method)
    async def run(self: "SqliteStore", *args: Any, **kwargs: Any) -> T:
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, functools.partial(method, self, *args, **kwargs))
        except sqlite3.IntegrityError:
            raise
        except sqlite3.Error as exc:  # said with the file's name and what to do
            raise sqlite_fault(self.path, exc) from None

    return run


class SqliteStore:
    """Everything in one SQLite file (WAL journal; each action committed before it is answered;
    ``sync``: ``"normal"`` survives a killed server, ``"full"`` also a power cut)."""

    def __init__(self, path: str, sync: str = "normal") -> None:
        self.path = path
        # "normal" (the default): each commit is written to the WAL file before it is answered, and
        # the file is synced to the disk at checkpoints: a server killed (``kill -9``, a crash) loses
        # nothing acknowledged, since the operating system holds what was written; a power cut or a
        # crash of the machine may lose the last moments. "full": each commit also waits for the disk
        # (fsync, 3 to 15 ms here, the largest part of a move's wall time), so a power cut loses nothing
        if sync not in ("full", "normal"):
            raise ValueError(f"sync={sync!r}: 'full' or 'normal'")
        self.sync = sync
        self.db: sqlite3.Connection | None = None
        self.unreadable: set[str] = set()
        self.needs: dict[str, list[str]] = {}
        self._present: dict[tuple[str, int], int] = {}
        self._left: dict[tuple[str, int], float] = {}
        # one thread holds the connection: a commit's fsync never stops the event loop, and the
        # store's steps (the check-and-set of ``append``) run one after the other
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-store")
        self._waiting: list[tuple[str, int, str, asyncio.Future[bool]]] = []  # moves for the next commit
        self._waiting_lock = threading.Lock()
        self._flushing = False

    async def start(self) -> None:
        try:
            await asyncio.get_running_loop().run_in_executor(self._pool, self._open)
        except sqlite3.Error as exc:
            raise sqlite_fault(self.path, exc) from None

    def _open(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=10)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={self.sync.upper()}")
        db.executescript("""
            CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS classes (key_id TEXT PRIMARY KEY, id TEXT UNIQUE NOT NULL, teacher_key TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, class_id TEXT NOT NULL, code TEXT UNIQUE NOT NULL,
                                               data TEXT NOT NULL, claimed INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE IF NOT EXISTS tokens (token_id TEXT PRIMARY KEY, table_id TEXT NOT NULL, seat INTEGER NOT NULL);
            CREATE TABLE IF NOT EXISTS devices (class_id TEXT NOT NULL, device TEXT NOT NULL, table_id TEXT NOT NULL,
                                                PRIMARY KEY (class_id, device));
            CREATE TABLE IF NOT EXISTS actions (table_id TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL,
                                                PRIMARY KEY (table_id, n));
        """)
        self.db = db
        now = time.time()
        for table_id, data, claimed in db.execute("SELECT id, data, claimed FROM tables").fetchall():
            read = read_table(data)
            if read is None:  # set aside (``damaged``): one row must not keep the class's server from starting
                _set_aside(self, table_id, data)
                continue
            t, raw = read, json.loads(data)
            if raw["seats"] and "joined" not in raw["seats"][0]:  # a store of an older version: the seats
                for seat in t.human_seats()[:claimed]:  # taken with the code were counted, in seat order
                    t.seats[seat].joined = True
                db.execute("UPDATE tables SET data=? WHERE id=?", (json.dumps(t.to_dict()), table_id))
            # after a restart nobody is connected yet
            for seat in t.human_seats():
                self._left[(t.id, seat)] = now

    async def close(self) -> None:
        def shut() -> None:
            if self.db is not None:
                self.db.close()
                self.db = None

        await asyncio.get_running_loop().run_in_executor(self._pool, shut)
        self._pool.shutdown()

    async def now(self) -> float:
        """The clock a seat's hold is set and read in (seconds since the epoch): this process's,
        the file's only server."""
        return time.time()

    @property
    def _db(self) -> sqlite3.Connection:
        assert self.db is not None, "the store is not started"
        return self.db

    @_in_db_thread
    def get_meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    @_in_db_thread
    def set_meta_once(self, key: str, value: str) -> str:
        self._db.execute("INSERT OR IGNORE INTO meta VALUES (?, ?)", (key, value))
        row = self._db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else value

    @_in_db_thread
    def set_meta(self, key: str, value: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, value))

    async def others_alive(self) -> int:
        """Other server processes on this store: none (a SQLite file has one server)."""
        return 0

    @_in_db_thread
    def add_class(self, rec: ClassRecord) -> None:
        self._db.execute("INSERT OR REPLACE INTO classes VALUES (?, ?, ?)", (secret_id(rec.teacher_key), rec.id, rec.teacher_key))

    @_in_db_thread
    def class_by_key(self, key: str) -> ClassRecord | None:
        row = self._db.execute("SELECT id, teacher_key FROM classes WHERE key_id=?", (secret_id(key),)).fetchone()
        return ClassRecord(row[0], row[1]) if row and same_secret(key, row[1]) else None

    @_in_db_thread
    def add_table(self, table: Table) -> bool:
        try:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")
                # the next table number of the class's lesson, in the transaction that adds the
                # table: a code already taken rolls the count back too, so numbers stay 1, 2, 3
                # without a gap; a number an earlier lesson's table in play holds is passed over
                table.number = self._next_number(table.class_id, table.lesson, self._held_numbers(table))
                self._db.execute("INSERT INTO tables (id, class_id, code, data) VALUES (?, ?, ?, ?)",
                                 (table.id, table.class_id, table.code, json.dumps(table.to_dict())))
                self._db.executemany("INSERT INTO tokens VALUES (?, ?, ?)",
                                     [(secret_id(s.token), table.id, i) for i, s in enumerate(table.seats)])
        except sqlite3.IntegrityError:
            return False  # the code is taken: the caller draws another
        now = time.time()
        for seat in table.human_seats():
            self._left[(table.id, seat)] = now
        return True

    def _next_number(self, class_id: str, lesson: str | None, held: set[int]) -> int:
        """The class's lesson's next number, passing over ``held`` (inside the caller's transaction)."""
        key = number_key(class_id, lesson)
        while True:
            self._db.execute("INSERT INTO meta VALUES (?, '1') ON CONFLICT(key) DO UPDATE "
                             "SET value = CAST(value AS INTEGER) + 1", (key,))
            number = int(self._db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()[0])
            if number not in held:
                return number

    @_in_db_thread
    def given(self, class_id: str, lesson: str) -> int:
        """How far the numbers of ``class_id``'s ``lesson`` have been counted (0: none yet)."""
        row = self._db.execute("SELECT value FROM meta WHERE key=?", (number_key(class_id, lesson),)).fetchone()
        return int(row[0]) if row else 0

    @_in_db_thread
    def renumber(self, table: Table, lesson: str, keep: frozenset[int] = frozenset()) -> int | None:
        """Give ``table`` (of an earlier lesson) the next number of ``lesson`` and file it there, if
        its record still has the number and lesson ``table`` was read with; else ``None``. In the
        same transaction the devices of its seats (but those of ``keep``) are let go where they are
        still held at this table (``SeatRules.in_this_lesson``): no join ever finds the table filed
        today and a classmate's device still held there."""
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            now = self._table(table.id)
            if now is None or (now.number, now.lesson) != (table.number, table.lesson):
                return None
            now.was = now.number
            now.number, now.lesson = self._next_number(now.class_id, lesson, self._held_numbers(Table.new_lesson(now, lesson))), lesson
            self._db.execute("UPDATE tables SET data=? WHERE id=?", (json.dumps(now.to_dict()), now.id))
            self._db.executemany("DELETE FROM devices WHERE class_id=? AND device=? AND table_id=?",
                                 [(now.class_id, s.device, now.id) for s in let_go(now, keep)])
            return now.number

    def _held_numbers(self, new: Table) -> set[int]:
        """The numbers no new table of ``new``'s class and lesson may take (``holds_number``): read
        only for the tables someone is connected to (this process is the file's only server)."""
        present = {table_id for (table_id, _), count in self._present.items() if count > 0}
        if not present:
            return set()
        marks = ",".join("?" * len(present))
        rows = self._db.execute(f"SELECT data FROM tables WHERE class_id=? AND id IN ({marks})",
                                (new.class_id, *present)).fetchall()
        found = (read_table(r[0]) for r in rows)
        return {t.number for t in found if t is not None and t.number is not None and holds_number(t, new.lesson, True)}

    def _tables(self, where: str, args: tuple[object, ...]) -> list[Table]:
        rows = self._db.execute(f"SELECT data FROM tables {where} ORDER BY rowid", args).fetchall()
        return [t for t in map(read_table, (r[0] for r in rows)) if t is not None]

    @_in_db_thread
    def damaged(self, class_id: str | None = None, code: str | None = None,
                token: str | None = None) -> list[tuple[str, str]]:
        """The tables (id, code) whose stored record does not read: of a class, with a code, of a
        seat's token, or all."""
        where, args = ("", ()) if class_id is None else ("WHERE class_id=?", (class_id,))
        if code is not None:
            where, args = "WHERE code=?", (code,)
        if token is not None:
            where, args = "WHERE id=(SELECT table_id FROM tokens WHERE token_id=?)", (secret_id(token),)
        rows = self._db.execute(f"SELECT id, code, data FROM tables {where} ORDER BY rowid", args).fetchall()
        bad = [r for r in rows if read_table(r[2]) is None]
        for table_id, _, data in bad:
            _set_aside(self, table_id, data, quiet=True)
        return [(table_id, code) for table_id, code, _ in bad]

    @_in_db_thread
    def table(self, table_id: str) -> Table | None:
        return self._table(table_id)

    def _table(self, table_id: str) -> Table | None:
        found = self._tables("WHERE id=?", (table_id,))
        return found[0] if found else None

    @_in_db_thread
    def table_by_code(self, code: str) -> Table | None:
        found = self._tables("WHERE code=?", (code,))
        return found[0] if found else None

    @_in_db_thread
    def tables(self, class_id: str | None = None) -> list[Table]:
        return self._tables("WHERE class_id=?", (class_id,)) if class_id is not None else self._tables("", ())

    @_in_db_thread
    def seat_by_token(self, token: str) -> tuple[Table, int] | None:
        row = self._db.execute("SELECT table_id, seat FROM tokens WHERE token_id=?", (secret_id(token),)).fetchone()
        table = self._table(row[0]) if row else None
        if table is None or not same_secret(token, table.seats[row[1]].token):
            return None
        return table, row[1]

    @_in_db_thread
    def modify(self, table_id: str, change: Callable[[Table], T]) -> T:
        """Change a table's record in one transaction: ``change(table)`` edits it and returns the
        answer; its code and seat tokens are filed anew (a new code already in use: ``KeyError``)."""
        return self._modify_many([table_id], lambda tables: change(tables[0]))

    @_in_db_thread
    def modify_many(self, table_ids: list[str], change: Callable[[list[Table]], T],
                    devices: list[tuple[str, str, str]] | None = None) -> T:
        """Change several tables' records in one transaction (a student moved from one to another:
        the check of the old seat and both writes are one step, whoever else writes meanwhile).
        ``devices``: what ``change`` put there (class, device, table) is filed in the same step
        (the moved student's device at the new table)."""
        return self._modify_many(table_ids, change, devices)

    def _modify_many(self, table_ids: list[str], change: Callable[[list[Table]], T],
                     devices: list[tuple[str, str, str]] | None = None) -> T:
        assert len(set(table_ids)) == len(table_ids), table_ids
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            tables = []
            for table_id in table_ids:
                table = self._table(table_id)
                if table is None:
                    if self._db.execute("SELECT 1 FROM tables WHERE id=?", (table_id,)).fetchone():
                        self.unreadable.add(table_id)
                        raise Unreadable(table_id)  # its row is there and does not read: left as it is
                    raise KeyError(table_id)
                tables.append(table)
            answer = change(tables)
            for table_id, table in zip(table_ids, tables):
                try:
                    self._db.execute("UPDATE tables SET code=?, data=? WHERE id=?",
                                     (table.code, json.dumps(table.to_dict()), table_id))
                except sqlite3.IntegrityError:
                    raise KeyError(table.code) from None
                self._db.execute("DELETE FROM tokens WHERE table_id=?", (table_id,))
            for table_id, table in zip(table_ids, tables):
                # OR REPLACE: a student moved here brings their token from another table
                self._db.executemany("INSERT OR REPLACE INTO tokens VALUES (?, ?, ?)",
                                     [(secret_id(s.token), table_id, i) for i, s in enumerate(table.seats)])
            self._db.executemany("INSERT OR REPLACE INTO devices VALUES (?, ?, ?)", devices or [])
        return answer

    @_in_db_thread
    def hold_device(self, class_id: str, device: str, table_id: str) -> str:
        """The table where ``device`` sits in the class: ``table_id`` if it sat nowhere yet."""
        self._db.execute("INSERT OR IGNORE INTO devices VALUES (?, ?, ?)", (class_id, device, table_id))
        row = self._db.execute("SELECT table_id FROM devices WHERE class_id=? AND device=?", (class_id, device)).fetchone()
        return str(row[0])

    @_in_db_thread
    def drop_device(self, class_id: str, device: str, table_id: str) -> None:
        self._db.execute("DELETE FROM devices WHERE class_id=? AND device=? AND table_id=?", (class_id, device, table_id))

    @_in_db_thread
    def set_device(self, class_id: str, device: str, table_id: str) -> None:
        self._db.execute("INSERT OR REPLACE INTO devices VALUES (?, ?, ?)", (class_id, device, table_id))

    async def announce_seats(self, table_id: str) -> None:
        return None  # one process: it knows already

    async def append(self, table_id: str, version: int, action: str, seat: tuple[str, int] | None = None) -> bool:
        """Store ``action`` as the table's action number ``version`` (0-based) if it holds exactly
        ``version`` actions. Moves that arrive together are committed together (group commit: one
        wait for the disk for all of them); each is answered only after its commit. ``seat`` (the
        acting seat's token id and number) is not checked here: one process serves a SQLite file,
        and its table lock keeps a release or the game's end from slipping in."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[bool] = loop.create_future()
        with self._waiting_lock:
            self._waiting.append((table_id, version, action, answer))
            start, self._flushing = not self._flushing, True
        if start:
            loop.run_in_executor(self._pool, self._flush, loop)
        return await answer

    def _flush(self, loop: asyncio.AbstractEventLoop) -> None:
        while True:
            with self._waiting_lock:
                batch, self._waiting = self._waiting, []
                if not batch:
                    self._flushing = False
                    return
            try:
                self._db.execute("BEGIN IMMEDIATE")
                done = [self._append_one(table_id, version, action) for table_id, version, action, _ in batch]
                self._db.execute("COMMIT")
            except Exception as exc:  # noqa: BLE001 - nothing of the batch is stored; each caller is told
                try:
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
                fault = sqlite_fault(self.path, exc) if isinstance(exc, sqlite3.Error) else exc
                logging.getLogger("chemgames.server").error("%s", fault)
                loop.call_soon_threadsafe(_settle, [(answer, fault) for *_, answer in batch])
                continue
            # one wake-up of the event loop for the whole batch, not one a move
            loop.call_soon_threadsafe(_settle, [(answer, ok) for (*_, answer), ok in zip(batch, done)])

    def _append_one(self, table_id: str, version: int, action: str) -> bool:
        (n,) = self._db.execute("SELECT COUNT(*) FROM actions WHERE table_id=?", (table_id,)).fetchone()
        if n != version:
            return False
        self._db.execute("INSERT INTO actions VALUES (?, ?, ?)", (table_id, version, action))
        return True

    @_in_db_thread
    def actions(self, table_id: str, start: int = 0) -> list[str]:
        rows = self._db.execute("SELECT action FROM actions WHERE table_id=? AND n>=? ORDER BY n", (table_id, start))
        return [r[0] for r in rows]

    async def listen(self, listener: Listener, catch_up: CatchUp | None = None) -> None:
        return None  # one process: nobody else adds actions

    async def seat_presence(self, table_id: str, seat: int, delta: int) -> None:
        key = (table_id, seat)
        self._present[key] = self._present.get(key, 0) + delta
        if self._present[key] <= 0:
            self._present.pop(key, None)
            self._left[key] = time.time()
        else:
            self._left.pop(key, None)

    async def absent_since(self, table_id: str, seat: int) -> float | None:
        return None if (table_id, seat) in self._present else self._left.get((table_id, seat), 0.0)

    async def present_seats(self, table_id: str) -> set[int]:
        """The seats of ``table_id`` with a connection now."""
        return {s for (t, s) in self._present if t == table_id}


async def agree_zone(store: Store) -> str:
    """The school's time zone every process on ``store`` reads its lessons in (an IANA name): the one
    the store keeps (its meta ``time_zone``), written by the first process on it (this one's
    ``$CHEMGAMES_TIME_ZONE``, else :data:`SCHOOL_ZONE`). A process with no setting reads the store's;
    one set to another zone is refused (:class:`ZoneMismatch`) before it writes anything: two
    processes in two zones filed one lesson under two days (s25g). ``$CHEMGAMES_TIME_ZONE_CHANGE=1``
    moves the store to this process's zone, if no other process serves it (they would read the
    old one until restarted).

    >>> import asyncio, os
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> async def zones():
    ...     store = open_store("sqlite:///:memory:")
    ...     await store.start()
    ...     first = await agree_zone(store)
    ...     os.environ["CHEMGAMES_TIME_ZONE"] = "Europe/Lisbon"
    ...     try:
    ...         await agree_zone(store)
    ...     except ZoneMismatch as exc:
    ...         return first, exc.kept, exc.mine
    ...     finally:
    ...         del os.environ["CHEMGAMES_TIME_ZONE"]
    >>> ThreadPoolExecutor(1).submit(asyncio.run, zones()).result()
    ('Europe/Berlin', 'Europe/Berlin', 'Europe/Lisbon')
    """
    mine = zone_setting()
    if mine is not None:
        zone_named(mine)  # a typo is said as such first
    kept = await store.get_meta(ZONE_META)
    if kept is None:  # the store's first process (or one written before session 26)
        kept = await store.set_meta_once(ZONE_META, mine or SCHOOL_ZONE)
    if mine is not None and mine != kept:
        if os.environ.get(ZONE_CHANGE, "").strip() not in ("1", "yes", "on", "true"):
            raise ZoneMismatch(kept, mine)
        others = await store.others_alive()
        if others:
            raise ZoneMismatch(kept, mine, others)
        await store.set_meta(ZONE_META, mine)
        log.warning("the table store's school time zone moved from %s to %s (%s=1)", kept, mine, ZONE_CHANGE)
        kept = mine
    try:
        zone_named(kept)
    except ValueError:  # a store's zone this machine has no data for: said as such
        raise ValueError(f"this table store keeps its lessons in the time zone {kept[:60]!r}, which this machine has "
                         f"no data for: install the tzdata package (the server extra)") from None
    return kept


def let_go(table: Table, keep: frozenset[int]) -> list[Seat]:
    """The seats of ``table`` whose devices a renumbering lets go: every seat with a device but those
    of ``keep`` (the student coming back, anybody connected at that moment)."""
    return [s for i, s in enumerate(table.seats) if s.device and i not in keep]


def _set_aside(store: "SqliteStore | RedisStore", table_id: str, raw: str | bytes, quiet: bool = False) -> None:
    """Note a table whose record does not read (``raw``): in ``unreadable``, and in ``needs`` with the
    fields of its ``must`` this version does not understand (a newer version wrote it: said so on the
    dashboard, ``server.aside.newer``); said in the log the first time (``quiet``: only then)."""
    names = not_understood(raw)
    if names:
        store.needs[table_id] = names
    if quiet and table_id in store.unreadable:
        return
    store.unreadable.add(table_id)
    if names:
        log.error("table %s: its record needs %s, which this version does not understand (a newer version wrote "
                  "it): set aside, nothing written; a newer version serves it", table_id, ", ".join(names))
    elif not quiet:
        log.error("table %s: its stored record does not read; it is set aside", table_id)


def _settle(outcomes: list[tuple["asyncio.Future[bool]", Any]]) -> None:
    """Answer each waiting move of a committed batch (in the event loop's thread): ``True``/``False``,
    or the exception that kept the batch from being stored."""
    for answer, outcome in outcomes:
        if answer.done():  # its caller gave up waiting (a closed connection)
            continue
        if isinstance(outcome, BaseException):
            answer.set_exception(outcome)
        else:
            answer.set_result(outcome)


# the check-and-set of an action: stored and announced only on the expected count, while the acting
# seat's token is still filed at that seat (ARGV[4] "table seat"; '' for a bot) and the game is not
# ended: another process's release or end reaches this one's copy of the table only later (pub/sub)
_APPEND = """
if ARGV[4] ~= '' and redis.call('GET', KEYS[3]) ~= ARGV[4] then return -1 end
if redis.call('HEXISTS', KEYS[4], ARGV[5]) == 1 then return -2 end
if redis.call('LLEN', KEYS[1]) == tonumber(ARGV[1]) then
  redis.call('RPUSH', KEYS[1], ARGV[2])
  redis.call('PUBLISH', KEYS[2], ARGV[3])
  return 1
end
return 0
"""
_HOLD = """
redis.call('SET', KEYS[1], ARGV[1], 'NX')
return redis.call('GET', KEYS[1])
"""
_DROP = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
"""


PRESENCE_TTL = 15.0  # seconds a Redis store's process counts as alive without renewing (every TTL/3)


class RedisStore:
    """Classes, tables and actions in Redis keys (under ``prefix``); new actions on pub/sub."""

    def __init__(self, url: str, prefix: str = "chemgames:") -> None:
        import redis.asyncio as redis

        self.url = url
        self.p = prefix
        self.unreadable: set[str] = set()
        self.needs: dict[str, list[str]] = {}
        # Any: redis-py types its answers bytes | str whatever ``decode_responses`` says; here they are str
        # a blocking pool: under a class's load more commands than connections wait their turn (the
        # default pool raises "Too many connections" at its 101st concurrent command)
        pool = redis.BlockingConnectionPool.from_url(url, max_connections=64, timeout=30, decode_responses=True)
        self.r: Any = redis.Redis(connection_pool=pool)
        self.origin = uuid.uuid4().hex[:12]  # this process: it does not need its own announcements
        self._append = self.r.register_script(_APPEND)
        self._hold = self.r.register_script(_HOLD)
        self._drop = self.r.register_script(_DROP)
        self._task: asyncio.Task[None] | None = None
        # who is connected is counted per process, and a process counts only while its "alive" key
        # lives: a process killed (kill -9, a lost machine) stops renewing it, so its connections
        # stop counting after ``PRESENCE_TTL`` seconds (the dashboard and ``bot_after`` see it)
        self.ttl = float(os.environ.get("CHEMGAMES_PRESENCE_TTL", PRESENCE_TTL))
        self._beat: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.r.ping()
        await self.r.set(f"{self.p}alive:{self.origin}", "1", px=int(self.ttl * 1000))
        await self._file_classes()

        async def beat() -> None:
            while True:
                await asyncio.sleep(self.ttl / 3)
                try:
                    await self.r.set(f"{self.p}alive:{self.origin}", "1", px=int(self.ttl * 1000))
                except Exception:  # noqa: BLE001 - Redis away for a moment: try again at the next beat
                    logging.getLogger("chemgames.server").warning("presence heartbeat failed")

        self._beat = asyncio.create_task(beat())

    async def close(self) -> None:
        for task in (self._task, self._beat):
            if task is not None:
                task.cancel()
        try:
            await self.r.delete(f"{self.p}alive:{self.origin}")
        finally:
            await self.r.aclose()

    async def now(self) -> float:
        """The clock a seat's hold is set and read in (seconds since the epoch): the Redis
        server's (``TIME``), one clock for every process on it. A hold's end written by one process
        and read by another was each one's own ``time.time()`` before: with two clocks minutes
        apart, one process took the hold for over while the other still kept the seat."""
        seconds, micros = await self.r.time()
        return int(seconds) + int(micros) / 1e6

    async def _file_classes(self) -> None:
        """File each table's class and code beside its record (``filed``: table id -> "code class"),
        for a store written before they were: a record that no longer reads must still be listed on
        its class's dashboard, and its class is inside the record."""
        ids = await self.r.lrange(f"{self.p}tables", 0, -1)
        if not ids:
            return
        filed = await self.r.hmget(f"{self.p}filed", ids)
        missing = [i for i, f in zip(ids, filed) if f is None]
        raws = await self.r.mget([f"{self.p}table:{i}" for i in missing]) if missing else []
        for table_id, raw in zip(missing, raws):
            table = read_table(raw) if raw else None
            if table is not None:
                await self.r.hsetnx(f"{self.p}filed", table_id, f"{table.code} {table.class_id}")
            elif raw:  # damaged before its class was filed: the log is all that can name it
                log.error("table %s: its stored record does not read and its class is not known; it is set aside",
                          table_id)
                self.unreadable.add(table_id)

    async def get_meta(self, key: str) -> str | None:
        value: str | None = await self.r.hget(self.p + "meta", key)
        return value

    async def set_meta_once(self, key: str, value: str) -> str:
        await self.r.hsetnx(self.p + "meta", key, value)
        return await self.get_meta(key) or value

    async def set_meta(self, key: str, value: str) -> None:
        await self.r.hset(self.p + "meta", key, value)

    async def others_alive(self) -> int:
        """The other server processes on this Redis now (their heartbeats live: ``PRESENCE_TTL``)."""
        mine = f"{self.p}alive:{self.origin}"
        return sum([1 async for key in self.r.scan_iter(match=f"{self.p}alive:*", count=500) if key != mine])

    async def add_class(self, rec: ClassRecord) -> None:
        await self.r.set(f"{self.p}class:{secret_id(rec.teacher_key)}", json.dumps([rec.id, rec.teacher_key]))

    async def class_by_key(self, key: str) -> ClassRecord | None:
        raw = await self.r.get(f"{self.p}class:{secret_id(key)}")
        if raw is None:
            return None
        cid, kept = json.loads(raw)
        return ClassRecord(cid, kept) if same_secret(key, kept) else None

    async def add_table(self, table: Table) -> bool:
        if not await self.r.set(f"{self.p}code:{table.code}", table.id, nx=True):
            return False
        # the next table number of the class's lesson: INCR is atomic across every process on this
        # Redis; taken once the code is ours, so a code already in use spends no number; a number an
        # earlier lesson's table in play holds is passed over
        table.number = await self._next_number(table.class_id, table.lesson, await self._held_numbers(table))
        now = await self.now()  # a seat's leaving is stamped in Redis's clock (``absent_since``)
        async with self.r.pipeline(transaction=True) as pipe:
            pipe.set(f"{self.p}table:{table.id}", json.dumps(table.to_dict()))
            pipe.rpush(f"{self.p}tables", table.id)
            pipe.hset(f"{self.p}filed", table.id, f"{table.code} {table.class_id}")  # read when the record does not
            for i, s in enumerate(table.seats):
                pipe.set(f"{self.p}token:{secret_id(s.token)}", f"{table.id} {i}")
            for seat in table.human_seats():
                pipe.hset(f"{self.p}left:{table.id}", str(seat), str(now))
            await pipe.execute()
        return True

    async def _next_number(self, class_id: str, lesson: str | None, held: set[int]) -> int:
        while True:
            number = int(await self.r.incr(self.p + number_key(class_id, lesson)))
            if number not in held:
                return number

    async def given(self, class_id: str, lesson: str) -> int:
        return int(await self.r.get(self.p + number_key(class_id, lesson)) or 0)

    async def renumber(self, table: Table, lesson: str, keep: frozenset[int] = frozenset()) -> int | None:
        """Give ``table`` (of an earlier lesson) the next number of ``lesson`` and file it there, if
        its record still has the number and lesson ``table`` was read with (another process may
        have done it the moment before: then ``None``, and the number drawn is left unused). In the
        same transaction (``WATCH`` the record and the device keys, then ``MULTI``) the devices of
        its seats (but those of ``keep``) are let go where they are still held at this table: a
        join on any process finds either last week's table with its devices, or today's without."""
        from redis.exceptions import WatchError

        number = await self._next_number(table.class_id, lesson, await self._held_numbers(Table.new_lesson(table, lesson)))
        key = f"{self.p}table:{table.id}"
        while True:
            async with self.r.pipeline(transaction=True) as pipe:
                try:
                    await pipe.watch(key)
                    raw = await pipe.get(key)
                    if raw is None:
                        raise KeyError(table.id)
                    now = read_table(raw)
                    if now is None:  # it does not read: left as it is
                        self.unreadable.add(table.id)
                        raise Unreadable(table.id)
                    if (now.number, now.lesson) != (table.number, table.lesson):
                        return None
                    devices = [f"{self.p}device:{now.class_id}:{s.device}" for s in let_go(now, keep)]
                    if devices:
                        await pipe.watch(*devices)
                    held = await pipe.mget(devices) if devices else []
                    now.was, now.number, now.lesson = now.number, number, lesson
                    pipe.multi()
                    pipe.set(key, json.dumps(now.to_dict()))
                    for device, where in zip(devices, held):
                        if where == table.id:  # still held there (not sat down elsewhere since)
                            pipe.delete(device)
                    await pipe.execute()
                    return number
                except WatchError:
                    continue

    async def _held_numbers(self, new: Table) -> set[int]:
        """The numbers no new table of ``new``'s class and lesson may take (``holds_number``): the
        class's tables of earlier lessons, not ended, with a seat connected to a live process. Only
        the records of tables with a count of connections are read (a class's year of tables is
        not read for each new one)."""
        filed: dict[str, str] = await self.r.hgetall(f"{self.p}filed")
        ids = [i for i, where in filed.items() if where.partition(" ")[2] == new.class_id]
        if not ids:
            return set()
        async with self.r.pipeline(transaction=False) as pipe:
            for table_id in ids:
                pipe.hlen(f"{self.p}present:{table_id}")
            counted = [i for i, n in zip(ids, await pipe.execute()) if n]
        present = await asyncio.gather(*(self.present_seats(i) for i in counted))
        there = [i for i, seats in zip(counted, present) if seats]
        found = [read_table(raw) for raw in await self.r.mget([f"{self.p}table:{i}" for i in there])] if there else []
        return {t.number for t in found if t is not None and t.number is not None and holds_number(t, new.lesson, True)}

    async def table(self, table_id: str) -> Table | None:
        raw = await self.r.get(f"{self.p}table:{table_id}")
        return read_table(raw) if raw else None

    async def damaged(self, class_id: str | None = None, code: str | None = None,
                      token: str | None = None) -> list[tuple[str, str]]:
        """The tables (id, code) whose stored record does not read: of a class, with a code, of a
        seat's token, or all (the class and code of each table are filed beside its record)."""
        if token is not None:
            seat = await self.r.get(f"{self.p}token:{secret_id(token)}")
            ids = [seat.split()[0]] if seat else []
        elif code is not None:
            table_id = await self.r.get(f"{self.p}code:{code}")
            ids = [table_id] if table_id else []
        else:
            ids = await self.r.lrange(f"{self.p}tables", 0, -1)
        if not ids:
            return []
        filed = await self.r.hmget(f"{self.p}filed", ids)
        raws = await self.r.mget([f"{self.p}table:{i}" for i in ids])
        found = []
        for table_id, where, raw in zip(ids, filed, raws):
            if not raw or read_table(raw) is not None:
                continue
            _set_aside(self, table_id, raw, quiet=True)
            its_code, _, its_class = (where or "").partition(" ")  # a code has no space, a class name may
            if class_id is None or its_class == class_id:
                found.append((table_id, its_code or code or "?"))
        return found

    async def table_by_code(self, code: str) -> Table | None:
        table_id = await self.r.get(f"{self.p}code:{code}")
        return await self.table(table_id) if table_id else None

    async def tables(self, class_id: str | None = None) -> list[Table]:
        ids = await self.r.lrange(f"{self.p}tables", 0, -1)
        raws = await self.r.mget([f"{self.p}table:{i}" for i in ids]) if ids else []
        found = [read_table(raw) if raw else None for raw in raws]
        self.unreadable.update(i for i, raw, t in zip(ids, raws, found) if raw and t is None)
        return [t for t in found if t is not None and (class_id is None or t.class_id == class_id)]

    async def seat_by_token(self, token: str) -> tuple[Table, int] | None:
        raw = await self.r.get(f"{self.p}token:{secret_id(token)}")
        if raw is None:
            return None
        table_id, seat = raw.split()
        table = await self.table(table_id)
        if table is None or not same_secret(token, table.seats[int(seat)].token):
            return None
        return table, int(seat)

    async def modify(self, table_id: str, change: Callable[[Table], T]) -> T:
        """Change a table's record atomically (an optimistic transaction: WATCH, then MULTI)."""
        return await self.modify_many([table_id], lambda tables: change(tables[0]))

    async def modify_many(self, table_ids: list[str], change: Callable[[list[Table]], T],
                          devices: list[tuple[str, str, str]] | None = None) -> T:
        """Change several tables' records in one optimistic transaction (WATCH all, then MULTI):
        if another process writes any of them meanwhile, ``change`` runs again on what it wrote.
        The locks of a process do not reach another process on the same Redis; this does.
        ``devices``: what ``change`` put there (class, device, table) is filed in the same MULTI."""
        from redis.exceptions import WatchError

        assert len(set(table_ids)) == len(table_ids), table_ids
        keys = [f"{self.p}table:{i}" for i in table_ids]
        while True:
            async with self.r.pipeline(transaction=True) as pipe:
                try:
                    await pipe.watch(*keys)
                    raws = await pipe.mget(keys)
                    for table_id, raw in zip(table_ids, raws):
                        if raw is None:
                            raise KeyError(table_id)
                    read = [read_table(raw) for raw in raws]
                    for table_id, found in zip(table_ids, read):
                        if found is None:  # it does not read: left as it is (before: a JSON error, a 500)
                            self.unreadable.add(table_id)
                            raise Unreadable(table_id)
                    tables = [t for t in read if t is not None]
                    olds = [t for t in map(read_table, raws) if t is not None]
                    answer = change(tables)
                    old_keys = [f"{self.p}token:{secret_id(s.token)}" for old in olds for s in old.seats]
                    filed = await pipe.mget(old_keys)  # a token moved to another table is filed there now
                    for table_id, table, old in zip(table_ids, tables, olds):
                        # filed before the transaction; a retry (another process wrote the record) finds
                        # its own code filed for this table already: not taken
                        code_key = f"{self.p}code:{table.code}"
                        if (table.code != old.code and not await self.r.set(code_key, table_id, nx=True)
                                and await self.r.get(code_key) != table_id):
                            raise KeyError(table.code)
                    pipe.multi()
                    for table_id, key, table, old in zip(table_ids, keys, tables, olds):
                        pipe.set(key, json.dumps(table.to_dict()))
                        # the game's end where ``append`` sees it, in the same step as the record
                        (pipe.hset(f"{self.p}ended", table_id, "1") if table.ended else pipe.hdel(f"{self.p}ended", table_id))
                        if table.code != old.code:
                            pipe.delete(f"{self.p}code:{old.code}")
                            pipe.hset(f"{self.p}filed", table_id, f"{table.code} {table.class_id}")
                    for k, where in zip(old_keys, filed):
                        if where is not None and where.split()[0] in table_ids:
                            pipe.delete(k)
                    for table_id, table in zip(table_ids, tables):  # after every delete: a moved token is filed anew
                        for i, s in enumerate(table.seats):
                            pipe.set(f"{self.p}token:{secret_id(s.token)}", f"{table_id} {i}")
                    for class_id, device, table_id in devices or []:
                        pipe.set(f"{self.p}device:{class_id}:{device}", table_id)
                    await pipe.execute()
                    return answer
                except WatchError:
                    continue

    async def hold_device(self, class_id: str, device: str, table_id: str) -> str:
        return str(await self._hold(keys=[f"{self.p}device:{class_id}:{device}"], args=[table_id]))

    async def drop_device(self, class_id: str, device: str, table_id: str) -> None:
        await self._drop(keys=[f"{self.p}device:{class_id}:{device}"], args=[table_id])

    async def set_device(self, class_id: str, device: str, table_id: str) -> None:
        await self.r.set(f"{self.p}device:{class_id}:{device}", table_id)

    async def announce_seats(self, table_id: str) -> None:
        await self.r.publish(f"{self.p}updates", f"{self.origin} {table_id} -1 -")

    async def append(self, table_id: str, version: int, action: str, seat: tuple[str, int] | None = None) -> bool:
        """Store ``action`` if the table holds exactly ``version`` actions (``False`` if not), and
        announce it; :class:`Stopped` if ``seat`` (token id, number) is not the token's seat any
        more or the game was ended, by another process too."""
        note = f"{self.origin} {table_id} {version + 1} {action}"  # the action comes along: no second look-up
        actions = f"{self.p}actions:{table_id}"
        token = f"{self.p}token:{seat[0]}" if seat is not None else actions
        done = await self._append(keys=[actions, f"{self.p}updates", token, f"{self.p}ended"],
                                  args=[version, action, note, f"{table_id} {seat[1]}" if seat is not None else "", table_id])
        if done < 0:
            raise Stopped("seat" if done == -1 else "ended")
        return bool(done)

    async def actions(self, table_id: str, start: int = 0) -> list[str]:
        found: list[str] = await self.r.lrange(f"{self.p}actions:{table_id}", start, -1)
        return found

    async def listen(self, listener: Listener, catch_up: CatchUp | None = None) -> None:
        """Call ``listener(table_id, version, action)`` for every action another process stores.

        A Redis restart (or a lost connection) ends a subscription without a word: the listener
        subscribes again, with a pause that grows to a second, and then ``catch_up()`` reads from
        the store what was announced while it was away."""
        log = logging.getLogger("chemgames.server")

        async def loop() -> None:
            lost = False
            pause = 0.05
            while True:
                pubsub = self.r.pubsub()
                try:
                    await pubsub.subscribe(f"{self.p}updates")
                    if lost:
                        log.warning("Redis is back: subscribed again, catching up from the store")
                        if catch_up is not None:
                            await catch_up()
                    pause = 0.05
                    async for msg in pubsub.listen():
                        if msg.get("type") != "message":
                            continue
                        origin, table_id, version, action = msg["data"].split(" ", 3)
                        if origin == self.origin:
                            continue
                        try:
                            await listener(table_id, int(version), action)
                        except Exception as exc:  # noqa: BLE001 - the next announcement (or a client) brings it up to date
                            log.error("update of table %s: %s: %.200s", table_id, type(exc).__name__, exc)
                    raise ConnectionError("the subscription ended")
                except asyncio.CancelledError:
                    raise
                except Exception as exc:  # noqa: BLE001 - Redis away: subscribe again once it is back
                    if not lost:
                        log.warning("Redis subscription lost (%s): trying again", type(exc).__name__)
                    lost = True
                    await asyncio.sleep(pause)
                    pause = min(pause * 2, 1.0)
                finally:
                    with contextlib.suppress(Exception):
                        await pubsub.aclose()

        self._task = asyncio.create_task(loop())

    async def seat_presence(self, table_id: str, seat: int, delta: int) -> None:
        await self.r.hincrby(f"{self.p}present:{table_id}", f"{seat} {self.origin}", delta)
        if seat not in await self.present_seats(table_id):
            await self.r.hset(f"{self.p}left:{table_id}", str(seat), str(await self.now()))

    async def present_seats(self, table_id: str) -> set[int]:
        """The seats of ``table_id`` with a connection to a live process (the counts of a process
        that died are dropped)."""
        counts: dict[str, str] = await self.r.hgetall(f"{self.p}present:{table_id}")
        if not counts:
            return set()
        fields = [(f, *f.split(" ", 1)) for f in counts]
        origins = sorted({o for _, _, o in fields})
        alive = dict(zip(origins, await self.r.mget([f"{self.p}alive:{o}" for o in origins])))
        dead = [f for f, _, o in fields if alive[o] is None]
        if dead:
            await self.r.hdel(f"{self.p}present:{table_id}", *dead)
        return {int(seat) for f, seat, o in fields if alive[o] is not None and int(counts[f]) > 0}

    async def absent_since(self, table_id: str, seat: int) -> float | None:
        """Since when nobody is connected to the seat, in Redis's clock (:meth:`now`), which every
        process stamps it in: ``None`` while someone is."""
        if seat in await self.present_seats(table_id):
            return None
        left = await self.r.hget(f"{self.p}left:{table_id}", str(seat))
        return float(left) if left else 0.0


def open_store(url: str) -> SqliteStore | RedisStore:
    """A store from its URL: ``sqlite:///FILE`` (``sqlite:///:memory:`` for tests; ``?sync=full``:
    each commit waits for the disk, see :class:`SqliteStore`) or ``redis://HOST:PORT/N``.

    >>> type(open_store("sqlite:///tables.db")).__name__, open_store("sqlite:///t.db").sync
    ('SqliteStore', 'normal')
    >>> open_store("sqlite:///t.db?sync=full").sync
    'full'
    """
    parsed = urlparse(url)
    if parsed.scheme == "sqlite":
        path, _, query = (url[len("sqlite:///"):] if url.startswith("sqlite:///") else parsed.path).partition("?")
        sync = dict(p.split("=", 1) for p in query.split("&") if "=" in p).get("sync", "normal")
        return SqliteStore(os.path.expanduser(path) or "chemgames-tables.db", sync=sync)
    if parsed.scheme in ("redis", "rediss", "unix"):
        return RedisStore(url)
    raise ValueError(f"unknown store {url!r}: use sqlite:///FILE or redis://HOST:PORT/N")
