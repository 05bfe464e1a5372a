"""A lesson's tables and the next lesson (session 23).

The hitch: a student runs last week's notebook cell again, with last week's join code in it. Before,
a device that had sat at one of last week's tables was refused at every table of today's lesson
(``device_seated``: "one device, one seat" counted every lesson of the class as one), and a student
whose device had not sat there took a free seat at last week's table instead of today's. Now a
device's seat of an earlier lesson does not keep it from today's tables, and an earlier lesson's
table seats nobody new by its code (``old_lesson``, naming the day): who sat there comes back (the
same device, a seat held for their name), and the teacher still moves anyone there. Over HTTP
(Starlette's test client) with either store."""
from __future__ import annotations

from typing import Any

import pytest

for needed in ("starlette", "uvicorn", "websockets"):  # the server extra
    pytest.importorskip(needed)

from test_tables_devices import JSON  # noqa: E402
from test_tables_store_faults import KEY, in_loop, store_url  # noqa: E402,F401  (store_url: a fixture)

TEACHER = {**JSON, "X-Chemgames-Key": KEY}
LAST, TODAY = "2026-11-21", "2026-11-28"


def on(monkeypatch: pytest.MonkeyPatch, day: str) -> None:
    """The server's calendar says ``day``."""
    from chemgames.server import model, seats

    monkeypatch.setattr(model, "lesson_today", lambda *now: day)
    monkeypatch.setattr(seats, "lesson_today", lambda *now: day)


def make(url: str, n: int, seed: int) -> list[Any]:
    """``n`` Chromino tables of two seats set up by the teacher (on the calendar's day)."""
    from chemgames.server.authority import Authority
    from chemgames.server.store import open_store

    async def go() -> list[Any]:
        auth = Authority(open_store(url), admin_key=KEY, watch_every=3600)
        await auth.start()
        made = await auth.create_tables(await auth.store.class_by_key(KEY),
                                        {"game": "chromino", "seats": 2, "tables": n, "seed": seed})
        await auth.stop()
        return made

    return in_loop(go())


def join(browser: Any, code: str, name: str, device: str | None = None) -> Any:
    return browser.post("/api/join", json={"code": code, "name": name, "device": device}, headers=JSON)


def names(browser: Any, table_id: str) -> list[Any]:
    rows = browser.get("/api/tables", headers=TEACHER).json()["tables"]
    (row,) = [r for r in rows if r["id"] == table_id]
    return [s["name"] for s in row["seats"]]


def test_next_lesson_a_device_sits_down_at_todays_table_and_last_weeks_codes_seat_nobody_new(store_url, monkeypatch):
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app

    on(monkeypatch, LAST)
    last = make(store_url, 3, seed=1)
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        ada, ben, cem = (join(school, t.code, who).json() for t, who in zip(last, ("Ada", "Ben", "Cem")))
    on(monkeypatch, TODAY)
    today = make(store_url, 2, seed=2)
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        # Ada's laptop sat at last week's Tisch 1: it sits down at today's table (before: device_seated,
        # "Dieses Gerät sitzt schon an Tisch 1", for every student of the class)
        here = join(school, today[0].code, "Ada", ada["device"])
        assert here.status_code == 200, here.text
        assert here.json()["table"] == today[0].id and here.json()["device"] == ada["device"]
        # one device, one seat in the lesson: today's seat holds it now (last week's code is today's refusal)
        back = join(school, last[0].code, "Ada", ada["device"])
        assert (back.status_code, back.json()["error"]) == (409, "device_seated"), back.text
        assert join(school, today[1].code, "Ada", ada["device"]).json()["error"] == "device_seated"
        # Zoe runs last week's cell, with last week's code: no seat there, told to take today's
        zoe = join(school, last[1].code, "Zoe")
        assert (zoe.status_code, zoe.json()["error"]) == (403, "old_lesson"), zoe.text
        said = zoe.json()["message"]
        assert "21. November" in said["de"] and "November 21" in said["en"], said
        assert last[1].code in said["de"] and "heute" in said["de"] and "today" in said["en"], said
        assert names(school, last[1].id) == ["Ben", None]  # nothing changed at last week's table
        # she sits down at today's table at once (the refusal kept no seat of hers)
        zoe_here = join(school, today[1].code, "Zoe", zoe.json().get("device"))
        assert zoe_here.status_code == 200, zoe_here.text
        # Ben comes back to last week's table from his device: his seat, as before
        again = join(school, last[1].code, "Ben", ben["device"])
        assert (again.status_code, again.json()["token"]) == (200, ben["token"]), again.text
        # Cem's device lost its id: the teacher releases his seat, held for his name, and he sits down
        # again there; a newcomer under another name is told the lesson, not the hold
        assert school.post(f"/api/tables/{last[2].id}/seats/0/release", json={"name": "Cem"},
                           headers=TEACHER).status_code == 200
        assert join(school, last[2].code, "Dan").json()["error"] == "old_lesson"
        cem_back = join(school, last[2].code, "Cem")
        assert (cem_back.status_code, cem_back.json()["seat"]) == (200, cem["seat"]), cem_back.text
        # the teacher still moves a student to last week's table (Zoe to Ben's free seat)
        moved = school.post(f"/api/tables/{today[1].id}/seats/{zoe_here.json()['seat']}/move",
                            json={"table": last[1].id, "seat": 1, "name": "Zoe"}, headers=TEACHER)
        assert moved.status_code == 200, moved.text
        assert names(school, last[1].id) == ["Ben", "Zoe"]


def test_a_classmates_return_to_last_weeks_table_keeps_nobody_else_from_todays_tables(store_url, monkeypatch):
    """Ada and Ben sat at last week's Tisch 1; today's lesson gave the number 1 again. Ada comes back
    to last week's table (it is filed in today's lesson as Tisch 3); Ben, who did not, sits down at
    today's table with last week's device. Before, Ada's return took Ben's seat of last week into
    today's lesson with the table, and Ben was refused at every table of today (``device_seated``,
    "Dieses Gerät sitzt schon an Tisch 3"): the mischief harness's next-lesson join found it with
    three students a class. Ada's own device still holds one seat: today's table refuses her. A
    seat whose student is connected when the table is filed today keeps its device too."""
    import json

    from starlette.testclient import TestClient

    from chemgames.server.app import create_app
    from chemgames.server.authority import Authority
    from chemgames.server.store import open_store

    on(monkeypatch, LAST)

    async def four() -> list[Any]:  # a table of four: Ada, Ben, Cem and Dan sit there
        auth = Authority(open_store(store_url), admin_key=KEY, watch_every=3600)
        await auth.start()
        made = await auth.create_tables(await auth.store.class_by_key(KEY), {"game": "chromino", "seats": 4, "seed": 7})
        await auth.stop()
        return made

    (last,) = in_loop(four())
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        ada, ben, cem, dan = (join(school, last.code, who).json() for who in ("Ada", "Ben", "Cem", "Dan"))
    on(monkeypatch, TODAY)
    today = make(store_url, 2, seed=8)  # today's Tisch 1 and 2: last week's number 1 given again
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        with school.websocket_connect("/ws") as cem_playing:  # Cem's notebook kept his token, connected
            cem_playing.send_text(json.dumps({"type": "join", "token": cem["token"]}))
            assert cem_playing.receive_json()["type"] == "state"
            back = join(school, last.code, "Ada", ada["device"])
            assert back.status_code == 200 and (back.json()["number"], back.json()["was"]) == (3, 1), back.text
            here = join(school, today[0].code, "Ben", ben["device"])
            assert here.status_code == 200, here.text  # before: 409 device_seated, "an Tisch 3"
            assert here.json()["table"] == today[0].id
            assert join(school, today[1].code, "Dan", dan["device"]).status_code == 200
            # Ada came back to Tisch 3 today: that is her device's one seat of the lesson
            assert join(school, today[1].code, "Ada", ada["device"]).json()["error"] == "device_seated"
            # Cem plays on at Tisch 3 (connected when it was filed today): his device's seat is there
            assert join(school, today[1].code, "Cem", cem["device"]).json()["error"] == "device_seated"
        # Ben's seat at Tisch 3 is still his (his kept token); his device sits at today's table now
        assert join(school, last.code, "Ben", ben["device"]).json()["error"] == "device_seated"
        with school.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"type": "join", "token": ben["token"]}))
            state = ws.receive_json()
            assert (state["type"], state["seat"], state["number"]) == ("state", ben["seat"], 3), state


def test_a_table_of_this_lesson_seats_new_students_as_before(store_url, monkeypatch):
    """The refusal is for earlier lessons only: today's tables (and a table an older version stored
    without a lesson) seat a new student by the code."""
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app

    on(monkeypatch, TODAY)
    (table,) = make(store_url, 1, seed=3)
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        assert join(school, table.code, "Eva").status_code == 200
    on(monkeypatch, "2026-12-05")

    async def older(url: str) -> None:  # as an older version stored it: no lesson
        from chemgames.server.store import open_store

        store = open_store(url)
        await store.start()
        await store.modify(table.id, lambda t: setattr(t, "lesson", None))
        await store.close()

    in_loop(older(store_url))
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        assert join(school, table.code, "Fin").status_code == 200


def test_a_server_running_into_the_next_day_records_the_next_days_moves_in_that_days_lesson(monkeypatch):
    """The record's per-process session of a table was made once, with the day of its first move: a
    server left running from one lesson to the next (a school's server, a table played on into next
    week) filed every later move under the first day's lesson, and next week's report did not show
    them. Now each day's moves go to a session of that day's lesson, which holds the moves before
    it as the bots' (never counted for a student), so every moment of it replays."""
    import chemgames
    from chemgames.record import tables as record_tables
    from chemgames.record.replay import replay
    from chemgames.record.store import RecordStore
    from chemgames.record.tables import TableRecorder

    store = RecordStore(":memory:")
    recorder = TableRecorder(store)
    game = chemgames.new_game("raeumab", players=2, seed=7, lang="de")
    table = type("T", (), {"id": "t1", "class_id": "7b", "code": "K7P2X", "number": 2, "seats": []})()
    acted = recorder.hook({table.id: game}.get)

    def move() -> None:
        action = game.legal_actions()[0]
        game.apply(action)
        acted(table, action.player, action, game.log[-1].explanation, True)

    monkeypatch.setattr(record_tables, "today", lambda: LAST)
    move()
    move()
    monkeypatch.setattr(record_tables, "today", lambda: TODAY)
    table.number = 3  # filed in today's lesson under its next number
    move()
    events, sessions = store.events(), store.sessions()
    assert [(e["lesson"], e["kind"], e["at"]) for e in events if e["kind"] == "move"] == [
        (f"7b {LAST}", "move", 0), (f"7b {LAST}", "move", 1), (f"7b {TODAY}", "move", 2)]
    assert sorted((s["lesson"], s.get("number")) for s in sessions) == [(f"7b {LAST}", 2), (f"7b {TODAY}", 3)]
    last_move = max(i for i, e in enumerate(events) if e["kind"] == "move")
    replayed, explanation, event = replay(events, sessions, last_move, lang="de")
    assert len(replayed.log) == 2 and explanation.rule == event["rule"]
    store.close()


# ---------------------------------------------------------------------- what an older version reads
#: the fields of a table's record and of a seat that session 21's server reads (``Table.from_dict``
#: refuses any other and sets the table aside: a rollback, or two versions on one Redis)
OLDER_TABLE = {"id", "class_id", "game", "players", "seed", "lang", "options", "code", "seats", "bot_after", "fill",
               "locked", "ended", "created", "number", "lesson"}
OLDER_SEAT = {"kind", "token", "name", "device", "joined"}


def stored(url: str, table_id: str) -> dict[str, Any]:
    """A table's record as it is in the store (what any version of the server reads)."""
    import json

    if url.startswith("sqlite"):
        import sqlite3

        with sqlite3.connect(url[len("sqlite:///"):]) as db:
            return dict(json.loads(db.execute("SELECT data FROM tables WHERE id=?", (table_id,)).fetchone()[0]))
    import redis

    return dict(json.loads(redis.Redis.from_url(url).get(f"chemgames:table:{table_id}")))


def older_reads(record: dict[str, Any]) -> bool:
    return set(record) <= OLDER_TABLE and all(set(s) <= OLDER_SEAT for s in record["seats"])


def until(test: Any, timeout: float = 20.0) -> None:
    import time

    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.05)


def test_a_hold_that_is_over_leaves_the_record_as_an_older_version_reads_it(store_url, monkeypatch):
    """A released seat's hold was kept in the table's record after its minute, until somebody sat
    there: a server of session 21 (a rollback, or two versions on one Redis) set that table aside
    for good. Now the record carries the hold only while it lasts."""
    from starlette.testclient import TestClient

    from chemgames.server import seats
    from chemgames.server.app import create_app

    monkeypatch.setattr(seats, "SEAT_HOLD", 1.0)
    on(monkeypatch, TODAY)
    (table,) = make(store_url, 1, seed=4)
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        assert join(school, table.code, "Ada").status_code == 200
        assert older_reads(stored(store_url, table.id))
        assert school.post(f"/api/tables/{table.id}/seats/0/release", json={"name": "Ada"},
                           headers=TEACHER).status_code == 200
        assert stored(store_url, table.id)["seats"][0]["held"] == "Ada"  # held for its minute
        until(lambda: older_reads(stored(store_url, table.id)))
        assert names(school, table.id) == [None, None] and join(school, table.code, "Ben").json()["seat"] == 0


def test_the_number_before_is_said_in_its_lesson_only_and_then_leaves_the_record(store_url, monkeypatch):
    """Last week's Tisch 2, filed today under Tisch 3 (``was`` 2): the next lesson, Ada coming back
    was told "an Tisch 3 (in der letzten Stunde Tisch 2 …)", though it was Tisch 3 then, and the
    record kept ``was`` for good (an older version sets such a table aside). Now the number before
    is said in the lesson of the new number only, and leaves the record after it."""
    import json

    from starlette.testclient import TestClient

    from chemgames.server.app import create_app

    on(monkeypatch, LAST)
    last = make(store_url, 3, seed=5)
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        ada = join(school, last[1].code, "Ada").json()
    on(monkeypatch, TODAY)
    make(store_url, 2, seed=6)

    def back() -> dict[str, Any]:
        with school.websocket_connect("/ws") as ws:  # Ada's notebook kept her token
            ws.send_text(json.dumps({"type": "join", "token": ada["token"]}))
            state: dict[str, Any] = ws.receive_json()
            return state

    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        assert (back()["number"], back()["was"]) == (3, 2)
        assert stored(store_url, last[1].id)["was"] == 2
    on(monkeypatch, "2026-12-05")
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        state = back()
        assert (state["number"], state["was"]) == (3, None), state  # nobody gave 3 this lesson: no new number
        again = join(school, last[1].code, "Ada", ada["device"]).json()
        assert (again["number"], again["was"]) == (3, None), again
        until(lambda: older_reads(stored(store_url, last[1].id)))


# ---------------------------------------------------------------------- a join in the renumbering instant
@pytest.mark.parametrize("when", ["just after the table is filed today", "while the join looks its device up"])
def test_a_classmates_join_in_the_instant_last_weeks_table_is_filed_today_is_not_refused(store_url, monkeypatch, when):
    """Ada and Ben sat at last week's Tisch 1. Ada comes back to it (it is filed in today's lesson
    under a new number, and the devices of its other seats are let go) at the moment Ben sits down
    at today's table. Before, the filing and the letting go were two steps: a join between them
    found Ben's device still held at a table that was now today's, and refused him once
    (``device_seated``, "… an Tisch 3"); so did a join that looked his device up just before the
    filing and read the table just after. Now the store files the table and lets the devices go in
    one transaction (SQLite: one ``BEGIN IMMEDIATE``; Redis: ``WATCH``/``MULTI`` over the record and
    the device keys), and a join that finds its device at a table of today asks once more where it
    sits. Each instant is made to happen by a hook on the store (both stores)."""
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app
    from chemgames.server.authority import Authority
    from chemgames.server.model import secret_id
    from chemgames.server.protocol import Refusal
    from chemgames.server.store import open_store

    on(monkeypatch, LAST)
    (last,) = make(store_url, 1, seed=9)
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        ada, ben = (join(school, last.code, who).json() for who in ("Ada", "Ben"))
    on(monkeypatch, TODAY)
    today = make(store_url, 1, seed=10)[0]  # today's Tisch 1: last week's number given again

    async def go() -> tuple[Any, Any]:
        auth = Authority(open_store(store_url), admin_key=KEY, watch_every=3600)
        await auth.start()
        store = auth.store
        answers: dict[str, Any] = {}

        async def ask(who: str, code: str, device: str) -> None:
            try:
                answers[who] = (await auth.join_code(code, who, device, None, "10.0.0.1"))["table"]
            except Refusal as refused:
                answers[who] = (refused.status, refused.key)

        if when.startswith("just after"):
            renumber = store.renumber

            async def then_ben(*args: Any, **kwargs: Any) -> Any:  # the instant after the table is filed today
                done = await renumber(*args, **kwargs)
                await ask("Ben", today.code, ben["device"])
                return done

            store.renumber = then_ben  # type: ignore[method-assign]
            await ask("Ada", last.code, ada["device"])
        else:
            hold = store.hold_device

            async def then_ada(class_id: str, device: str, table_id: str) -> str:
                where = await hold(class_id, device, table_id)
                if device == secret_id(ben["device"]) and "Ada" not in answers:  # Ben's device looked up: Ada returns
                    await ask("Ada", last.code, ada["device"])
                return where

            store.hold_device = then_ada  # type: ignore[method-assign]
            await ask("Ben", today.code, ben["device"])
        filed = await store.table(last.id)
        await auth.stop()
        return answers, filed

    answers, filed = in_loop(go())
    assert (filed.lesson, filed.was) == (TODAY, 1), filed  # Ada's return filed last week's table today
    assert answers == {"Ada": last.id, "Ben": today.id}, answers  # before: Ben (409, 'server.device_seated')
