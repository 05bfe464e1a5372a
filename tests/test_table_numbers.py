"""Each class table has a number in its class (1, 2, …), given by the table store when the teacher
sets the table up: the dashboard shows it beside the join code ("Tisch 3 · K7P2X") and the record
keeps it, so the class report's "Tisch 3" is the table the teacher sees as 3. Both stores: SQLite
(a file; two store connections on it at once) and Redis (a real ``redis-server``, two stores as two
server processes would hold them, adding tables at the same moment)."""
from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from chemgames.server.model import Table, read_table
from chemgames.server.store import RedisStore, SqliteStore

pytestmark = pytest.mark.xdist_group("tables")


def run(coro: Any) -> Any:
    return ThreadPoolExecutor(1).submit(asyncio.run, coro).result()  # a loop of its own


def table(class_id: str, seed: int) -> Table:
    return Table.new("raeumab", players=2, class_id=class_id, seed=seed)


def check_numbers_per_class(store: Any, reopen: Any) -> None:
    """Numbers 1, 2, 3 in each class, a code already taken spends none, the number stays with the
    table through a new code and a restart."""
    async def go() -> tuple[list[Any], list[Any], list[Any]]:
        await store.start()
        a1, a2, b1 = table("7b", 1), table("7b", 2), table("8a", 3)
        for t in (a1, a2, b1):
            assert await store.add_table(t)
        taken = table("7b", 4)
        taken.code = a1.code
        assert not await store.add_table(taken)  # the code is in use: the caller draws another
        taken.code = "Z" + a1.code[1:] if a1.code[0] != "Z" else "Y" + a1.code[1:]
        assert await store.add_table(taken)

        def new_code(t: Table) -> None:
            t.code = "22222" if t.code != "22222" else "33333"
        await store.modify(a2.id, new_code)
        mine = [(t.number, t.code) for t in await store.tables("7b")]
        theirs = [t.number for t in await store.tables("8a")]
        await store.close()
        return [t.number for t in (a1, a2, b1, taken)], mine, theirs

    given, listed, other = run(go())
    assert given == [1, 2, 1, 3]
    assert [n for n, _ in listed] == [1, 2, 3] and "22222" in {c for _, c in listed}
    assert other == [1]

    async def again() -> list[Any]:
        second = reopen()
        await second.start()
        t = table("7b", 5)
        assert await second.add_table(t)
        found = [x.number for x in await second.tables("7b")]
        await second.close()
        return found

    assert run(again()) == [1, 2, 3, 4]  # after a restart the count goes on


def test_sqlite_store_numbers_tables_per_class(tmp_path) -> None:
    path = str(tmp_path / "tables.db")
    check_numbers_per_class(SqliteStore(path), lambda: SqliteStore(path))
    # a table stored by an older version has no number: read as None, never guessed
    with sqlite3.connect(path) as db:
        data = json.loads(db.execute("SELECT data FROM tables LIMIT 1").fetchone()[0])
    data.pop("number")
    old = read_table(json.dumps(data))
    assert old is not None and old.number is None


def test_sqlite_store_numbers_stay_distinct_with_two_connections_at_once(tmp_path) -> None:
    path = str(tmp_path / "tables.db")
    numbers: list[int] = []
    start = threading.Barrier(2)

    def one_process(seed: int) -> None:
        async def go() -> None:
            store = SqliteStore(path)
            await store.start()
            start.wait()
            for i in range(15):
                t = table("7b", seed + i)
                while not await store.add_table(t):
                    t.code = Table.new("raeumab", players=2, class_id="x", seed=0).code
                numbers.append(t.number)  # type: ignore[arg-type]
            await store.close()
        asyncio.run(go())

    # the schema first, so that the two connections do not both create it
    run(SqliteStore(path).start())
    threads = [threading.Thread(target=one_process, args=(s,)) for s in (100, 200)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(60)
    assert sorted(numbers) == list(range(1, 31))


@pytest.fixture
def redis_url(tmp_path):
    pytest.importorskip("redis")
    from chemgames.server.students import RedisProcess

    server = RedisProcess(str(tmp_path))
    yield server.url
    server.stop()


def test_redis_store_numbers_tables_per_class(redis_url) -> None:
    check_numbers_per_class(RedisStore(redis_url), lambda: RedisStore(redis_url))


def test_redis_numbers_stay_distinct_when_two_processes_add_tables_at_once(redis_url) -> None:
    async def go() -> tuple[list[Any], list[Any]]:
        a, b = RedisStore(redis_url), RedisStore(redis_url)  # two server processes' stores
        await a.start()
        await b.start()
        made = [table("7b", i) for i in range(40)]
        await asyncio.gather(*((a if i % 2 else b).add_table(t) for i, t in enumerate(made)))
        # what each process reads back is what the other stored
        seen = [t.number for t in await a.tables("7b")], [t.number for t in await b.tables("7b")]
        given = [t.number for t in made]
        await a.close()
        await b.close()
        return given, [seen[0], seen[1]]

    given, seen = run(go())
    assert sorted(given) == list(range(1, 41))
    assert sorted(seen[0]) == sorted(seen[1]) == list(range(1, 41))


def test_an_older_record_file_without_numbers_keeps_todays_numbering(tmp_path) -> None:
    """A record file written before the number was kept: it opens, its tables are numbered in the
    order they first played; in a file with both, a new numbered table keeps its number and the
    older ones take the numbers left."""
    from chemgames.record.report import for_the_class
    from chemgames.record.store import RecordStore

    path = tmp_path / "chemgames-record.db"
    with sqlite3.connect(path) as db:  # the schema of session 20's s20h, without ``number``
        db.executescript("""
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
            CREATE TABLE sessions (id TEXT PRIMARY KEY, lesson TEXT, source TEXT, game TEXT, tbl TEXT,
                names TEXT, setup TEXT, created REAL);
            CREATE TABLE events (id INTEGER PRIMARY KEY, ts REAL, lesson TEXT, student TEXT, session TEXT,
                game TEXT, seat INTEGER, kind TEXT, at INTEGER, rule TEXT, action TEXT, facts TEXT, ok INTEGER,
                secs REAL, task TEXT);
        """)
        for sid, tbl in (("a", "Tisch 628b49d9"), ("b", "Tisch 0c1d2e3f")):
            db.execute("INSERT INTO sessions VALUES (?, '7b 2026-11-27', 'table', 'raeumab', ?, ?, '{}', 0)",
                       (sid, tbl, json.dumps(["Mia", f"{tbl}, Platz 2"])))
    store = RecordStore(path)
    try:
        store.add_session({"id": "c", "lesson": "7b 2026-11-27", "game": "raeumab", "table": "Tisch 5a5a5a5a",
                           "names": ["Ali", "Tisch 5a5a5a5a, Platz 2"], "number": 1, "created": 1})
        sessions = store.sessions()
    finally:
        store.close()
    assert [s.get("number") for s in sessions] == [None, None, 1]
    ev = [{"kind": "move", "student": s["names"][1], "session": s["id"]} for s in sessions]
    events, kept = for_the_class(ev, sessions, "de")
    assert [s["table"] for s in kept] == ["Tisch 2", "Tisch 3", "Tisch 1"]
    assert [e["student"] for e in events] == ["Tisch 2, Platz 2", "Tisch 3, Platz 2", "Tisch 1, Platz 2"]
    _, only_old = for_the_class(ev[:2], sessions[:2], "en")
    assert [s["table"] for s in only_old] == ["table 1", "table 2"]  # as before: first seen


def check_numbers_per_lesson(store: Any, reopen: Any) -> None:
    """A class's numbers start at 1 again in a new lesson (the day the tables are set up); a table of
    an earlier lesson that a student is connected to and the teacher has not ended keeps its number,
    and the new lesson passes over it (never two tables in play with one number); an earlier table
    nobody is at, or one the teacher ended, lets its number be given again. Within one lesson the
    count only goes up, also after a restart."""
    def of(class_id: str, lesson: str, seed: int) -> Table:
        t = table(class_id, seed)
        t.lesson = lesson
        return t

    async def go() -> tuple[list[Any], list[Any]]:
        await store.start()
        last = [of("7b", "2026-11-21", s) for s in range(4)]
        for t in last:
            assert await store.add_table(t)
        await store.seat_presence(last[0].id, 0, +1)  # still connected, but the teacher ended it
        await store.modify(last[0].id, lambda t: setattr(t, "ended", True))
        await store.seat_presence(last[1].id, 1, +1)  # a group plays last week's game on: "Tisch 2" is theirs
        await store.seat_presence(last[3].id, 0, +1)
        await store.seat_presence(last[3].id, 0, -1)  # came and went: nobody there now
        now = [of("7b", "2026-11-28", 10 + s) for s in range(4)]
        for t in now:
            assert await store.add_table(t)
        other = of("8a", "2026-11-28", 20)
        assert await store.add_table(other)
        await store.close()
        return [t.number for t in last], [*(t.number for t in now), other.number]

    last, now = run(go())
    assert last == [1, 2, 3, 4]
    assert now == [1, 3, 4, 5, 1], now  # 2 is held by the table still in play; 8a's own count

    async def again() -> list[Any]:
        second = reopen()
        await second.start()
        t = of("7b", "2026-11-28", 30)
        assert await second.add_table(t)
        await second.close()
        return [t.number]

    assert run(again()) == [6]  # the lesson's count goes on after a restart (nobody connected yet)


def test_sqlite_store_numbers_tables_per_lesson(tmp_path) -> None:
    path = str(tmp_path / "tables.db")
    check_numbers_per_lesson(SqliteStore(path), lambda: SqliteStore(path))


def test_redis_store_numbers_tables_per_lesson(redis_url) -> None:
    check_numbers_per_lesson(RedisStore(redis_url), lambda: RedisStore(redis_url))


def test_a_table_set_up_today_counts_in_the_lesson_the_record_files_today(tmp_path, monkeypatch) -> None:
    """The store's lesson and the record's are the same day, so a lesson's report never holds two
    tables that the store numbered alike on one day: both the store's clock in the school's time
    zone (session 25), here 00:30 in Berlin while this process's date and the store's UTC date are
    the day before."""
    import time

    import chemgames
    from chemgames.record.tables import attach
    from chemgames.server.authority import Authority
    from chemgames.server.store import open_store

    async def store_now(self: Any) -> float:
        return 1_795_822_200.0  # 2026-11-27 23:30 UTC

    monkeypatch.setattr(SqliteStore, "now", store_now)
    monkeypatch.setenv("TZ", "UTC")
    monkeypatch.delenv("CHEMGAMES_RECORD_DB", raising=False)
    time.tzset()
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    try:
        async def go() -> tuple[Any, list[Any]]:
            auth = Authority(open_store(url), admin_key="k", watch_every=3600)
            recorder = attach(auth, url)
            assert recorder is not None
            await auth.start()
            cls = await auth.store.class_by_key("k")
            await auth.store.add_class(type(cls)("7b", "k7"))
            (made,) = await auth.create_tables(await auth.store.class_by_key("k7"), {"game": "raeumab", "seats": 2, "seed": 1})
            game = chemgames.new_game("raeumab", players=2, seed=1, lang="de")
            action = game.legal_actions()[0]
            game.apply(action)
            recorder.hook(lambda _: game)(made, action.player, action, game.log[-1].explanation, True)
            recorder.store.flush()
            await auth.stop()
            return made, recorder.store.sessions()

        made, sessions = run(go())
    finally:
        monkeypatch.undo()
        time.tzset()
    assert made.lesson == "2026-11-28"
    assert [s["lesson"] for s in sessions] == ["7b 2026-11-28"], sessions


def test_two_lessons_tisch_1_are_two_tables_in_the_record_and_the_report(tmp_path, monkeypatch) -> None:
    """Each lesson has its "Tisch 1" now: the record keeps them apart (two sessions, each in its own
    lesson), each lesson's report calls its own "Tisch 1", and a report over both lessons says each
    with its lesson, its unnamed seats two students, never one."""
    import chemgames
    import chemgames.record.tables as record_tables
    from chemgames.record.report import for_the_class
    from chemgames.record.store import RecordStore

    tables_db = str(tmp_path / "tables.db")
    record = RecordStore(tmp_path / "chemgames-record.db")
    try:
        for day in ("2026-11-21", "2026-11-28"):
            monkeypatch.setattr(record_tables, "today", lambda day=day: day)
            t = table("7b", 7)
            t.lesson = day

            async def add(t: Table = t) -> None:
                store = SqliteStore(tables_db)
                await store.start()
                assert await store.add_table(t)
                await store.close()
            run(add())
            assert t.number == 1
            rec = record_tables.TableRecorder(record)
            game = chemgames.new_game("raeumab", players=2, seed=7, lang="de")
            acted = rec.hook({t.id: game}.get)
            for _ in range(2):
                action = game.legal_actions()[0]
                game.apply(action)
                acted(t, action.player, action, game.log[-1].explanation, True)
        record.flush()
        sessions, events = record.sessions(), record.events()
    finally:
        record.close()
    assert sorted((s["lesson"], s["number"]) for s in sessions) == [("7b 2026-11-21", 1), ("7b 2026-11-28", 1)]
    for lesson in ("7b 2026-11-21", "7b 2026-11-28"):
        _, kept = for_the_class([e for e in events if e["lesson"] == lesson],
                                [s for s in sessions if s["lesson"] == lesson], "de")
        assert [s["table"] for s in kept] == ["Tisch 1"]
    both, kept = for_the_class(events, sessions, "de")
    assert sorted(s["table"] for s in kept) == ["Tisch 1 (7b 2026-11-21)", "Tisch 1 (7b 2026-11-28)"]
    students = {e["student"] for e in both if e.get("kind") in ("move", "refused")}
    assert len(students) == 4, students  # two seats a lesson, none merged
