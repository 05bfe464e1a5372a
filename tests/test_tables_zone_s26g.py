"""The table store carries the school's time zone, and a process set to another one is refused (session 26).

Since session 25 the lesson's day is the store's clock read in ``$CHEMGAMES_TIME_ZONE``. But each
process read its own setting: two server processes on one Redis, one set to Kiritimati (UTC+14) and
one to Pago Pago (UTC-11), filed one lesson under two days (two "Tisch 1", and one process's tables
"of an earlier lesson" for the other). Now the first process on a store writes its zone into the
store; a process set to another zone stops with one line that names both, before it writes
anything; a process with no setting reads its lessons in the store's zone. A deliberate change
(``$CHEMGAMES_TIME_ZONE_CHANGE=1``) is taken only while no other process serves the store."""
from __future__ import annotations

import shutil
from typing import Any

import pytest

for needed in ("starlette", "uvicorn", "websockets"):  # the server extra
    pytest.importorskip(needed)

from test_tables_store_faults import KEY, in_loop  # noqa: E402

EAST, WEST = "Pacific/Kiritimati", "Pacific/Pago_Pago"  # UTC+14, UTC-11: never the same date


def redis_keys(url: str) -> dict[str, Any]:
    """Every key of the store and its value (but the processes' heartbeats, which come and go)."""
    import redis

    r = redis.Redis.from_url(url, decode_responses=True)
    out: dict[str, Any] = {}
    for key in sorted(str(k) for k in r.keys("*")):
        if ":alive:" in key:
            continue
        kind = r.type(key)
        out[key] = (r.get(key) if kind == "string" else r.hgetall(key) if kind == "hash"
                    else r.lrange(key, 0, -1) if kind == "list" else kind)
    r.close()
    return out


def test_a_process_set_to_another_time_zone_than_the_store_is_refused_and_changes_nothing(tmp_path):
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (tests/run-all.sh installs it)")
    import chemgames.tables as tables
    from chemgames.server.students import RedisProcess, ServerProcess

    redis_server = RedisProcess(str(tmp_path))
    started: list[Any] = []
    try:
        east = ServerProcess(redis_server.url, KEY, log=str(tmp_path / "east.log"), env={"CHEMGAMES_TIME_ZONE": EAST})
        started.append(east)
        one = tables.create("raeumab", seats=2, tables=1, server=east.base, teacher_key=KEY, seed=1)[0]
        before = redis_keys(redis_server.url)
        assert before["chemgames:meta"]["time_zone"] == EAST  # the first process's zone, carried by the store
        log = tmp_path / "west.log"
        with pytest.raises(RuntimeError) as refused:  # (before: it started, and filed its tables a day apart)
            started.append(ServerProcess(redis_server.url, KEY, log=str(log), env={"CHEMGAMES_TIME_ZONE": WEST}))
        assert "exit code 2" in str(refused.value), refused.value
        said = [line for line in log.read_text().splitlines() if "CHEMGAMES_TIME_ZONE" in line]
        assert len(said) == 1 and EAST in said[0] and WEST in said[0] and "Traceback" not in log.read_text(), said
        assert redis_keys(redis_server.url) == before  # nothing changed
        # a process with no setting (on a machine set to the other side of the date line) reads the
        # store's zone: one lesson, numbered on
        plain = ServerProcess(redis_server.url, KEY, log=str(tmp_path / "plain.log"), env={"TZ": WEST})
        started.append(plain)
        two = tables.create("raeumab", seats=2, tables=1, server=plain.base, teacher_key=KEY, seed=2)[0]
        rows = {r["id"]: r for r in tables.overview(server=east.base, teacher_key=KEY)}
        assert rows[one.id]["lesson"] == rows[two.id]["lesson"] and (one.number, two.number) == (1, 2)
        # a change while another process serves the store: refused too (it would read the old zone)
        with pytest.raises(RuntimeError) as refused:
            started.append(ServerProcess(redis_server.url, KEY, log=str(tmp_path / "change.log"),
                                         env={"CHEMGAMES_TIME_ZONE": WEST, "CHEMGAMES_TIME_ZONE_CHANGE": "1"}))
        assert "exit code 2" in str(refused.value)
        assert redis_keys(redis_server.url)["chemgames:meta"]["time_zone"] == EAST
    finally:
        for srv in started:
            srv.stop()
        redis_server.stop()


def test_a_store_keeps_its_zone_across_restarts_and_a_change_is_deliberate(tmp_path, monkeypatch):
    """One SQLite file: a restart set to another zone is refused (the day's tables were filed in the
    first zone), nothing of the file changed; with the change asked for (and no other process on
    the store) it is taken, and the lessons are read in the new zone from then on."""
    import sqlite3

    from chemgames.server.authority import Authority
    from chemgames.server.model import ZoneMismatch
    from chemgames.server.store import open_store

    path = tmp_path / "tables.db"

    def dump() -> list[str]:
        with sqlite3.connect(path) as db:
            return list(db.iterdump())

    async def start(zone: str | None, change: bool = False) -> Any:
        for name, value in (("CHEMGAMES_TIME_ZONE", zone), ("CHEMGAMES_TIME_ZONE_CHANGE", "1" if change else None)):
            if value is None:
                monkeypatch.delenv(name, raising=False)
            else:
                monkeypatch.setenv(name, value)
        auth = Authority(open_store(f"sqlite:///{path}"), admin_key=KEY, watch_every=3600)
        await auth.start()
        return auth

    async def lesson() -> tuple[str, str]:
        auth = await start(EAST)
        cls = await auth.store.class_by_key(KEY)
        (table,) = await auth.create_tables(cls, {"game": "raeumab", "seats": 2, "seed": 1})
        await auth.stop()
        return table.lesson, auth.today

    async def other_zone() -> str:
        try:
            await start(WEST)
        except ZoneMismatch as exc:
            return str(exc)
        return "started"

    async def changed() -> tuple[str | None, str]:
        auth = await start(WEST, change=True)
        kept = await auth.store.get_meta("time_zone")
        today = auth.today
        await auth.stop()
        plain = await start(None)  # no setting: the store's (new) zone
        again = plain.today
        await plain.stop()
        return kept, today if today == again else f"{today} != {again}"

    first, today = in_loop(lesson())
    assert first == today
    before = dump()
    said = in_loop(other_zone())
    assert EAST in said and WEST in said and "CHEMGAMES_TIME_ZONE" in said, said
    assert dump() == before
    kept, today_west = in_loop(changed())
    assert kept == WEST and today_west < first, (kept, today_west, first)  # a day apart across the date line
