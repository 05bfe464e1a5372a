"""A released seat is held a minute for the student who sat there (session 22).

The lesson this protects: Ada's laptop lost its device id (a new browser, cleared storage), so her
join is refused (`name_taken`: her name sits on the seat); the teacher releases her seat; before
session 22 the first classmate to join took it (any name, a device id thrown away takes a seat at
once), and Ada's hand with it. Now the released seat waits a minute for her name: she comes back to
her seat and the hand she held, a classmate under another name gets `seat_held` (or a free seat),
a look-alike of her name is refused, and after the minute, or with ``{"hold": false}`` (an
intruder the teacher removes), the seat is free for anybody. Over HTTP and the WebSocket as the
widget speaks them, with either store."""
from __future__ import annotations

import contextlib
import json
import time
from typing import Any, Iterator

import pytest

for needed in ("starlette", "uvicorn", "websockets"):  # the server extra
    pytest.importorskip(needed)

from test_tables_devices import JSON, make_tables  # noqa: E402
from test_tables_store_faults import KEY, store_url  # noqa: E402,F401  (store_url: a fixture)

TEACHER = {**JSON, "X-Chemgames-Key": KEY}


def hand_of(browser: Any, token: str) -> tuple[int, Any]:
    """The seat and the view the server sends a widget that joins with ``token``."""
    with browser.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "token": token}))
        state = ws.receive_json()
        assert state["type"] == "state", state
        return state["seat"], state["view"]


def seats_of(browser: Any, table_id: str) -> list[tuple[Any, Any]]:
    rows = browser.get("/api/tables", headers=TEACHER).json()["tables"]
    (row,) = [r for r in rows if r["id"] == table_id]
    return [(s["name"], s.get("held")) for s in row["seats"]]


def join(browser: Any, code: str, name: str, device: str | None = None) -> Any:
    return browser.post("/api/join", json={"code": code, "name": name, "device": device}, headers=JSON)


def test_a_released_seat_waits_for_its_student_and_nobody_else_takes_it(store_url):
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app

    (one, _), _ = make_tables(store_url)
    with TestClient(create_app(store_url, admin_key=KEY)) as school:  # one address, as behind a router
        ada = join(school, one.code, "Ada").json()
        for name in ("Ben", "Cem"):
            assert join(school, one.code, name).status_code == 200
        seat, hand = hand_of(school, ada["token"])
        # Ada's new browser has no device id: her name sits on the seat, so she is refused
        lost = join(school, one.code, "Ada")
        assert (lost.status_code, lost.json()["error"]) == (409, "name_taken")
        freed = school.post(f"/api/tables/{one.id}/seats/{seat}/release", json={"name": "Ada"}, headers=TEACHER)
        assert freed.status_code == 200, freed.text
        assert seats_of(school, one.id)[seat] == (None, "Ada")  # the dashboard says whom it waits for
        # a classmate who throws ids away takes the one free seat, then no more: Ada's is held
        zed = join(school, one.code, "Zed")
        assert zed.status_code == 200 and zed.json()["seat"] != seat
        yan = join(school, one.code, "Yan")
        assert (yan.status_code, yan.json()["error"]) == (409, "seat_held"), yan.text
        assert "eine Minute" in yan.json()["message"]["de"] and "a minute" in yan.json()["message"]["en"]
        cyrillic = join(school, one.code, "\u0410da")  # Cyrillic A: looks like Ada on the dashboard
        assert (cyrillic.status_code, cyrillic.json()["error"]) == (409, "name_lookalike")
        assert seats_of(school, one.id)[seat] == (None, "Ada")  # none of it changed the seat
        # Ada, from her new browser, under her name: her seat, and the hand she held
        back = join(school, one.code, "Ada")
        assert back.status_code == 200, back.text
        assert back.json()["seat"] == seat and back.json()["token"] != ada["token"]
        assert hand_of(school, back.json()["token"]) == (seat, hand)
        assert [n for n, _ in seats_of(school, one.id)] == ["Ada", "Ben", "Cem", "Zed"]
        assert all(h is None for _, h in seats_of(school, one.id))
        # the released token stays void
        with school.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"type": "join", "token": ada["token"]}))
            assert ws.receive_json()["code"] == "bad_token"


def test_the_hold_ends_after_its_time_or_when_the_teacher_frees_the_seat(store_url, monkeypatch):
    from starlette.testclient import TestClient

    from chemgames.server import seats
    from chemgames.server.app import create_app

    monkeypatch.setattr(seats, "SEAT_HOLD", 1.0)
    (one, two), _ = make_tables(store_url)
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        for name in ("Ada", "Ben", "Cem", "Dan"):
            assert join(school, one.code, name).status_code == 200
        release = f"/api/tables/{one.id}/seats/0/release"
        bad = school.post(release, json={"name": "Ada", "hold": "no"}, headers=TEACHER)
        assert (bad.status_code, bad.json()["error"]) == (400, "bad_request")
        assert seats_of(school, one.id)[0] == ("Ada", None)  # a bad control changes nothing
        assert school.post(release, json={"name": "Ada"}, headers=TEACHER).status_code == 200
        assert join(school, one.code, "Eva").json()["error"] == "seat_held"
        time.sleep(1.1)
        eva = join(school, one.code, "Eva")
        assert (eva.status_code, eva.json()["seat"]) == (200, 0)
        assert seats_of(school, one.id)[0] == ("Eva", None)
        # an intruder the teacher removes: freed for anybody at once, held for nobody
        free = school.post(f"/api/tables/{one.id}/seats/1/release", json={"name": "Ben", "hold": False}, headers=TEACHER)
        assert free.status_code == 200 and seats_of(school, one.id)[1] == (None, None)
        assert join(school, one.code, "Fay").json()["seat"] == 1
        # the teacher moves a student into a held seat: the teacher's move is never held up
        assert school.post(f"/api/tables/{one.id}/seats/2/release", json={"name": "Cem"}, headers=TEACHER).status_code == 200
        gus = join(school, two.code, "Gus").json()
        moved = school.post(f"/api/tables/{two.id}/seats/{gus['seat']}/move", json={"table": one.id, "seat": 2, "name": "Gus"},
                            headers=TEACHER)
        assert moved.status_code == 200, moved.text
        assert seats_of(school, one.id)[2] == ("Gus", None)
        assert join(school, one.code, "Cem").json()["error"] == "table_full"


# ---------------------------------------------------------------------- last week's table, its number given again today
def test_a_table_of_last_week_comes_back_under_a_number_of_its_own_today(store_url, monkeypatch):
    """Last week's Tisch 2 and 3 were left; today's lesson set up Tisch 1 and 2. Ada comes back to
    last week's Tisch 2 with the token her notebook kept (the WebSocket, as the widget does), Ben
    to last week's Tisch 3 by its code: before session 22 both played under numbers today's lesson
    had given (or would give) to other tables, so two tables in play read "Tisch 2" on the
    dashboard, in the widgets and in today's report. Now each is filed in today's lesson under its
    next number, and every number of today's lesson is one table's."""
    from starlette.testclient import TestClient

    from chemgames.server import model, seats
    from chemgames.server.app import create_app

    def on(day: str) -> None:
        monkeypatch.setattr(model, "lesson_today", lambda *now: day)
        monkeypatch.setattr(seats, "lesson_today", lambda *now: day, raising=False)

    def make(url: str, n: int) -> list[Any]:
        from chemgames.server.authority import Authority
        from chemgames.server.store import open_store
        from test_tables_store_faults import in_loop

        async def go() -> list[Any]:
            auth = Authority(open_store(url), admin_key=KEY, watch_every=3600)
            await auth.start()
            made = await auth.create_tables(await auth.store.class_by_key(KEY), {"game": "chromino", "seats": 2,
                                                                                 "tables": n, "seed": 1})
            await auth.stop()
            return made
        return in_loop(go())

    on("2026-11-21")
    last = make(store_url, 3)
    assert [t.number for t in last] == [1, 2, 3]
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        ada = join(school, last[1].code, "Ada").json()
        ben = join(school, last[2].code, "Ben").json()
        assert (ada["number"], ben["number"]) == (2, 3)
    on("2026-11-28")
    today = make(store_url, 2)
    assert [t.number for t in today] == [1, 2]  # last week's were not in play: 1 and 2 given again
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        with school.websocket_connect("/ws") as ws:  # Ada's notebook kept her token
            ws.send_text(json.dumps({"type": "join", "token": ada["token"]}))
            state = ws.receive_json()
            assert (state["type"], state["table"], state["number"], state["was"]) == ("state", last[1].id, 3, 2)
        again = join(school, last[2].code, "Ben", ben["device"])  # Ben by the code, from his device
        assert (again.status_code, again.json()["token"], again.json()["number"], again.json()["was"]) == (200, ben["token"], 4, 3)
        rows = {r["id"]: r for r in school.get("/api/tables", headers=TEACHER).json()["tables"]}
        todays = sorted(r["number"] for r in rows.values() if r["lesson"] == "2026-11-28")
        assert todays == [1, 2, 3, 4]  # one table a number in today's lesson
        assert (rows[last[1].id]["lesson"], rows[last[0].id]["lesson"]) == ("2026-11-28", "2026-11-21")
        assert (rows[last[1].id]["was"], rows[last[0].id]["was"]) == (2, None)  # the dashboard says "Tisch 3 (vorher 2)"
        with school.websocket_connect("/ws") as ws:  # once renumbered, the table keeps its new number
            ws.send_text(json.dumps({"type": "join", "token": ada["token"]}))
            assert ws.receive_json()["number"] == 3
        on("2026-11-28")
        assert [t.number for t in make(store_url, 1)] == [5]  # today's count went on past them


def test_the_record_files_a_renumbered_tables_session_under_its_new_number():
    from types import SimpleNamespace

    import chemgames
    from chemgames.record.tables import TableRecorder

    sessions: list[dict[str, Any]] = []
    recorder = TableRecorder(SimpleNamespace(add=lambda e: None, add_session=sessions.append))
    game = chemgames.new_game("raeumab", players=2, seed=7, lang="de")
    table = SimpleNamespace(id="t1", class_id="7b", code="K7P2X", number=2, seats=[])
    acted = recorder.hook({table.id: game}.get)
    for number in (2, 3):  # last week's Tisch 2 came back: this lesson's next number, 3
        table.number = number
        action = game.legal_actions()[0]
        game.apply(action)
        acted(table, action.player, action, game.log[-1].explanation, True)
    assert [(s["id"], s.get("number")) for s in sessions] == [(sessions[0]["id"], 2), (sessions[0]["id"], 3)]


def test_the_notebook_says_the_new_number_and_the_old_one_when_a_student_comes_back(monkeypatch, capsys):
    from types import SimpleNamespace

    import chemgames.tables as tables

    back = SimpleNamespace(again=True, seat=0, number=3, was=2, code="K7P2X")
    monkeypatch.setattr(tables, "_join", lambda *a: back)
    assert tables.join("K7P2X", name="Ada", server="http://x") is back
    said = capsys.readouterr().out
    assert said.startswith("Du sitzt wieder an Platz 1 an Tisch 3 (in der letzten Stunde Tisch 2;"), said
    back.was = None
    tables.join("K7P2X", name="Ada", server="http://x", lang="en")
    assert capsys.readouterr().out.startswith("You are back at seat 1 of table 3: ")


def test_last_weeks_table_played_on_keeps_its_number_and_its_returns_read_the_class_once(store_url, monkeypatch):
    """Last week's Tisch 2 is played on while today's tables are set up: today's count passes over
    it (1, 3), it keeps its 2, and a student's many returns to it (a reload, a flood of joins) read
    the class's tables once, not at every join."""
    from starlette.testclient import TestClient

    from chemgames.server import model, seats, store
    from chemgames.server.app import create_app

    def on(day: str) -> None:
        monkeypatch.setattr(model, "lesson_today", lambda *now: day)
        monkeypatch.setattr(seats, "lesson_today", lambda *now: day, raising=False)

    on("2026-11-21")
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        made = school.post("/api/tables", json={"game": "chromino", "seats": 2, "tables": 2, "seed": 1},
                           headers=TEACHER).json()["tables"]
        ada = join(school, made[1]["code"], "Ada").json()
        read: list[str] = []
        for kind in (store.SqliteStore, store.RedisStore):
            reads = kind.tables

            async def counted(self: Any, class_id: Any = None, reads: Any = reads) -> Any:
                read.append(str(class_id))
                return await reads(self, class_id)
            monkeypatch.setattr(kind, "tables", counted)
        with school.websocket_connect("/ws") as playing:  # Ada plays on into the next lesson
            playing.send_text(json.dumps({"type": "join", "token": ada["token"]}))
            assert playing.receive_json()["number"] == 2
            on("2026-11-28")
            today = school.post("/api/tables", json={"game": "chromino", "seats": 2, "tables": 2, "seed": 2},
                                headers=TEACHER).json()["tables"]
            assert [t["number"] for t in today] == [1, 3]
        read.clear()
        for _ in range(8):
            with school.websocket_connect("/ws") as ws:
                ws.send_text(json.dumps({"type": "join", "token": ada["token"]}))
                state = ws.receive_json()
                assert (state["number"], state["was"]) == (2, None)
        assert len(read) <= 1, read


def test_two_processes_renumbering_one_table_at_once_give_it_one_number(store_url):
    """Two server processes (two stores on one Redis, or two connections on one SQLite file) see a
    student come back to last week's table at the same moment: the table gets one new number, the
    other process's draw is left unused (a gap in the count, never two tables with one number)."""
    from chemgames.server.model import Table
    from chemgames.server.store import open_store
    from test_tables_store_faults import in_loop

    async def go() -> tuple[list[Any], Any, int]:
        one, two = open_store(store_url), open_store(store_url)
        await one.start()
        await two.start()
        try:
            old = Table.new("raeumab", players=2, class_id="7b", seed=1)
            old.lesson = "2026-11-21"
            assert await one.add_table(old) and old.number == 1
            got = await asyncio.gather(one.renumber(old, "2026-11-28"), two.renumber(old, "2026-11-28"))
            return list(got), await two.table(old.id), await one.given("7b", "2026-11-28")
        finally:
            await one.close()
            await two.close()

    import asyncio

    got, table, counted = in_loop(go())
    assert sorted(got, key=str) == sorted([table.number, None], key=str), got  # one process filed it
    assert (table.lesson, table.was) == ("2026-11-28", 1)
    assert counted in (1, 2)  # SQLite draws inside its transaction (no gap); Redis may leave one unused


@contextlib.contextmanager
def clocks_apart(tmp_path: Any, env: dict[str, str] | None = None) -> Iterator[tuple[Any, Any]]:
    """Two server processes on one real ``redis-server``, one clock two minutes behind, the other
    two minutes ahead (``students.SKEWED_CLOCK``): a school server whose clock was never set."""
    import shutil

    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (tests/run-all.sh installs it)")
    from chemgames.server.students import RedisProcess, ServerProcess

    redis_server = RedisProcess(str(tmp_path))
    started: list[Any] = []
    try:
        for skew, name in ((-120, "behind"), (120, "ahead")):
            started.append(ServerProcess(redis_server.url, KEY, log=str(tmp_path / f"{name}.log"), clock_skew=skew,
                                         env=env))
        yield started[0], started[1]
    finally:
        for srv in started:
            srv.stop()
        redis_server.stop()


def test_two_processes_whose_clocks_differ_agree_when_a_hold_ends(tmp_path):
    """Two server processes on one Redis, one clock two minutes behind, the other two minutes
    ahead (a school server whose clock was never set, a second machine): the hold's end is one
    fact, the Redis server's clock, so both agree. Before, each compared the end (written in the
    releasing process's clock) with its own: released on the process behind, the one ahead took
    the hold for over at once (a classmate took Ada's seat and hand; its watcher erased the hold
    from the record, and the dashboard no longer said whom the seat waits for); released on the
    process ahead, the one behind held the seat four minutes too long."""
    import chemgames.tables as tables

    hold = 8.0  # seconds: a loaded machine's pause between two requests stays well inside it
    with clocks_apart(tmp_path, env={"CHEMGAMES_TEST_SEAT_HOLD": str(hold)}) as (behind, ahead):  # the hold a few seconds
        table = tables.create("raeumab", seats=2, tables=1, server=behind.base, teacher_key=KEY, seed=7)[0]

        def join(srv: Any, name: str) -> tuple[int, dict[str, Any]]:
            try:
                return 200, tables.request("POST", f"{srv.base}/api/join", {"code": table.code, "name": name})
            except tables.TableError as refused:
                return refused.status, {"error": refused.code}

        def held(srv: Any) -> list[Any]:
            (row,) = [t for t in tables.overview(server=srv.base, teacher_key=KEY) if t["id"] == table.id]
            return [s.get("held") for s in row["seats"]]

        assert join(behind, "Ada")[0] == join(behind, "Ben")[0] == 200
        release = f"{behind.base}/api/tables/{table.id}/seats/0/release"
        started = time.monotonic()
        tables.request("POST", release, {"name": "Ada"}, key=KEY)  # on the process two minutes behind
        eve = join(ahead, "Eve")  # the process ahead: held too
        assert eve == (409, {"error": "seat_held"}), f"{eve} {time.monotonic() - started:.1f} s after the release"
        time.sleep(1.0)  # both watchers have looked at the table (every 0.5 s)
        if time.monotonic() - started < hold - 0.5:  # (a machine that stood still: the hold may be over)
            assert held(behind) == held(ahead) == ["Ada", None]
        status, ada = join(ahead, "Ada")
        assert (status, ada.get("seat")) == (200, 0)
        # released on the process ahead: over for the one behind after the hold's seconds, not minutes
        tables.request("POST", f"{ahead.base}/api/tables/{table.id}/seats/0/release", {"name": "Ada"}, key=KEY)
        time.sleep(hold + 0.5)
        status, eve = join(behind, "Eve")
        assert (status, eve.get("seat")) == (200, 0), eve


def test_with_clocks_apart_a_bot_waits_its_time_before_it_plays_an_empty_seat(tmp_path):
    """``bot_after``: a bot plays a student's seat once it has been empty that long (and its turn
    waited as long). The student's process stamps when the seat was left; another process, whose
    clock is four minutes ahead, read that stamp in its own clock, took the seat for empty for
    minutes and let the bot play at once when the student's connection dropped (a laptop's Wi-Fi
    for a moment: the student's move gone). Now the leaving is stamped in the store's clock and read
    in it, the turn's wait in each process's own."""
    import chemgames
    import chemgames.tables as tables

    wait = 4.0
    with clocks_apart(tmp_path) as (behind, ahead):
        table = tables.create("chromino", seats=2, tables=1, server=ahead.base, teacher_key=KEY, seed=402,
                              bots=[None, "greedy"], bot_after=wait)[0]  # its game is loaded in ahead

        def moves_of_seat_0() -> int:
            log = tables.request("GET", f"{ahead.base}/api/tables/{table.id}", key=KEY)["state"]["view"]["log"]
            return sum(1 for entry in log if entry["player"] == 0)

        student = chemgames.join(table.code, name="Ada", server=behind.base)  # connected to the process behind
        assert student.seat == 0 and student.current_player == 0
        time.sleep(wait + 1)  # her turn has waited longer than bot_after: only her absence counts now
        before = moves_of_seat_0()
        student.close()  # her connection drops
        left = time.monotonic()
        while moves_of_seat_0() == before:
            assert time.monotonic() - left < 30, "the bot never played the empty seat"
            time.sleep(0.1)
        assert time.monotonic() - left > wait - 1.0, f"the bot played {time.monotonic() - left:.1f} s after she left"
