"""The lesson's day is one fact for every server process (session 25).

A table's lesson (``Table.lesson``) was each process's local date (``date.today()``): a server
whose operating system runs in UTC (most containers) filed a lesson that begins at 00:30 in Berlin
under the day before, and two processes on one Redis in different time zones (or one with its
clock off) gave one lesson two days: two "Tisch 1" that day, and last week's codes taken for
today's. Now the day is read from the store's clock (``Store.now``, Redis's ``TIME`` for every
process on it) in the school's one time zone (``$CHEMGAMES_TIME_ZONE``, by default
Europe/Berlin), whatever zone a process's operating system is set to."""
from __future__ import annotations

import shutil
import time
from datetime import datetime, timezone
from typing import Any

import pytest

for needed in ("starlette", "uvicorn", "websockets"):  # the server extra
    pytest.importorskip(needed)

from test_tables_store_faults import KEY, in_loop  # noqa: E402


def at(text: str) -> float:
    """Seconds since the epoch of a UTC time written ``2026-11-27 23:10``."""
    return datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=timezone.utc).timestamp()


@pytest.fixture
def utc_machine(monkeypatch: pytest.MonkeyPatch) -> Any:
    """This process's operating system runs in UTC (a container's default)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_lesson_after_midnight_in_berlin_is_that_days_lesson_on_a_machine_in_utc(utc_machine, monkeypatch):
    """23:50 and 00:10 in Berlin are two lessons (numbers start at 1 again), though both are the
    27th in UTC; 22:50 and 23:10 in Berlin are one lesson, though UTC's date changes between them
    (the store's clock is read, not this process's: the clock below is the store's)."""
    from chemgames.server.authority import Authority
    from chemgames.server.store import SqliteStore, open_store

    clock = [0.0]

    async def store_now(self: Any) -> float:
        return clock[0]

    monkeypatch.setattr(SqliteStore, "now", store_now)
    monkeypatch.delenv("CHEMGAMES_TIME_ZONE", raising=False)

    async def go() -> list[tuple[str, int]]:
        auth = Authority(open_store("sqlite:///:memory:"), admin_key=KEY, watch_every=3600)
        await auth.start()
        cls = await auth.store.class_by_key(KEY)
        made = []
        for moment in ("2026-11-27 22:50", "2026-11-27 23:10", "2026-11-28 21:50", "2026-11-28 22:10"):
            clock[0] = at(moment)  # Berlin: 23:50 on the 27th, 00:10 on the 28th, 22:50 on the 28th, 23:10
            (table,) = await auth.create_tables(cls, {"game": "raeumab", "seats": 2, "seed": 1})
            made.append((table.lesson, table.number))
        await auth.stop()
        return made

    assert in_loop(go()) == [("2026-11-27", 1), ("2026-11-28", 1), ("2026-11-28", 2), ("2026-11-28", 3)]


def test_the_school_time_zone_is_a_setting_and_a_wrong_one_is_said_in_one_line(monkeypatch):
    from chemgames.server.model import lesson_today, school_zone

    monkeypatch.setenv("CHEMGAMES_TIME_ZONE", "America/New_York")
    assert lesson_today(at("2026-11-28 03:00")) == "2026-11-27"  # 22:00 the evening before in New York
    monkeypatch.setenv("CHEMGAMES_TIME_ZONE", "Europe/Berlin")
    assert lesson_today(at("2026-11-28 03:00")) == "2026-11-28"
    for wrong in ("Europe/Berlim", "../etc/passwd", ""):
        monkeypatch.setenv("CHEMGAMES_TIME_ZONE", wrong)
        if not wrong:  # not set: the default
            assert str(school_zone()) == "Europe/Berlin"
            continue
        with pytest.raises(ValueError) as said:
            school_zone()
        assert "CHEMGAMES_TIME_ZONE" in str(said.value) and "Europe/Berlin" in str(said.value), said.value


def test_two_processes_in_different_time_zones_on_one_redis_agree_on_the_lesson(tmp_path):
    """Two server processes on one Redis, one on a machine set to UTC+14 (Kiritimati), the other to
    UTC-11 (Pago Pago): their local dates always differ by a day. Before, each filed its tables under
    its own date: the class had two lessons at once, two "Tisch 1", and a table of one process was
    "last week's" for the other. Now both file today's lesson of the school's zone, and number on."""
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (tests/run-all.sh installs it)")
    import chemgames.tables as tables
    from chemgames.server.students import RedisProcess, ServerProcess

    redis_server = RedisProcess(str(tmp_path))
    started: list[Any] = []
    try:
        for zone in ("Pacific/Kiritimati", "Pacific/Pago_Pago"):
            started.append(ServerProcess(redis_server.url, KEY, log=str(tmp_path / f"{zone[8:]}.log"), env={"TZ": zone}))
        east, west = started
        one = tables.create("raeumab", seats=2, tables=1, server=east.base, teacher_key=KEY, seed=1)[0]
        two = tables.create("raeumab", seats=2, tables=1, server=west.base, teacher_key=KEY, seed=2)[0]
        rows = {r["id"]: r for r in tables.overview(server=west.base, teacher_key=KEY)}
        lessons = {rows[t.id]["lesson"] for t in (one, two)}
        assert len(lessons) == 1, lessons
        assert (one.number, two.number) == (1, 2)
        # a student of the first table joins through the other process: today's table, not "old_lesson"
        joined = tables.request("POST", f"{west.base}/api/join", {"code": one.code, "name": "Ada"})
        assert joined["seat"] == 0 and joined["number"] == 1, joined
    finally:
        for srv in started:
            srv.stop()
        redis_server.stop()
