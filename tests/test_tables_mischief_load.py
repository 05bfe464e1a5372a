"""A mischievous student at a school's load (session 18): what the mischief harness
(``bench/bench_tables_mischief.py``) found, each as a test that failed before its fix, and a small
dose of the harness itself against a real ``chemgames serve``.

- a request whose head arrived but whose body trickles in (or never comes) held its connection,
  and a slot of the server's connection caps, for as long as the student liked: a few laptops held
  every slot of the class (``503 too many connections`` for everyone);
- a WebSocket that never joins a table held one of the server's WebSocket slots for ever.
"""
from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest

for needed in ("starlette", "uvicorn", "websockets", "httpx"):  # the server extra
    pytest.importorskip(needed)

from chemgames.server.students import ServerProcess, ws_url  # noqa: E402

pytestmark = pytest.mark.xdist_group("tables")
SLOW = 2.0  # the server's header_timeout and join_timeout here: seconds
CAPS = {"header_timeout": SLOW, "join_timeout": SLOW, "connections_per_address": 4, "connections": 4,
        "ws_per_address": 3, "ws_total": 3, "unjoined_burst": 500, "device_burst": 500}


@pytest.fixture(scope="module")
def tight(tmp_path_factory: pytest.TempPathFactory):
    """A server with four HTTP connections and three WebSockets in all: one student can hold them."""
    folder = tmp_path_factory.mktemp("tight")
    srv = ServerProcess(f"sqlite:///{folder}/tables.db", "key-of-the-tight-server", log=str(folder / "server.log"),
                        env={"CHEMGAMES_LIMITS": json.dumps(CAPS)})
    yield srv
    srv.stop()


async def _hold(port: int, opening: bytes, n: int, most: float) -> list[tuple[float | None, bytes]]:
    """``n`` connections that send ``opening`` and then one byte every half second: for each, when
    the server closed it (seconds, None: still open after ``most``) and what it answered."""
    conns = []
    for _ in range(n):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(opening)
        conns.append((reader, writer))
    start = time.monotonic()
    closed: list[float | None] = [None] * n
    said = [b""] * n

    async def trickle(i: int) -> None:
        reader, writer = conns[i]
        while time.monotonic() - start < most:
            try:
                said[i] += await asyncio.wait_for(reader.read(4096), 0.5)
                if reader.at_eof():
                    closed[i] = time.monotonic() - start
                    return
            except (TimeoutError, asyncio.TimeoutError):
                pass
            except (ConnectionError, OSError):
                closed[i] = time.monotonic() - start
                return
            try:
                writer.write(b" ")
                await writer.drain()
            except (ConnectionError, OSError):
                closed[i] = time.monotonic() - start
                return

    await asyncio.gather(*(trickle(i) for i in range(n)))
    for _, writer in conns:
        writer.close()
    return list(zip(closed, said))


def test_a_request_whose_body_trickles_in_is_cut_off_and_holds_no_slot(tight):
    """A ``POST /api/join`` whose head is complete and whose body comes one byte a half second: the
    server answers 408 with a text in German and English within its timeout and closes it, so a
    classmate's request gets its slot (before: held as long as the student liked)."""
    head = (b"POST /api/join HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{")
    held = asyncio.run(_hold(tight.port, head, CAPS["connections"], most=4 * SLOW + 4))
    assert all(at is not None and at < 2 * SLOW + 3 for at, _ in held), held
    for _, said in held:
        status, _, body = said.partition(b"\r\n\r\n")
        assert status.startswith(b"HTTP/1.1 408"), said[:300]
        message = json.loads(body)["message"]
        assert message["de"] and message["en"] and "langsam" in message["de"], message
    from chemgames.server.client import request

    assert request("GET", tight.base + "/api/health", timeout=30)["ok"]  # the slots are free again


def test_a_second_request_on_a_kept_connection_is_timed_like_the_first(tight):
    """After a first request is answered, the connection is kept: the next head trickling in must
    be cut off just as the first would be (uvicorn's keep-alive timer stops at its first byte)."""
    first = b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\nGET /api/health HTTP/1.1\r\nHost: x\r\n"
    held = asyncio.run(_hold(tight.port, first, 1, most=4 * SLOW + 4))
    (at, said), = held
    assert said.startswith(b"HTTP/1.1 200"), said[:200]
    assert at is not None and at < 2 * SLOW + 3, held


def test_a_websocket_that_never_joins_is_closed_and_holds_no_slot(tight):
    """Three WebSockets (every slot here) that never send ``join`` (or send pings only): each is
    told why and closed after ``join_timeout``; a classmate's WebSocket then gets in."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    async def body() -> tuple[list[Any], Any]:
        idle = [await connect(ws_url(tight.base)) for _ in range(CAPS["ws_total"])]
        start = time.monotonic()
        told: list[Any] = []

        async def wait(ws: Any, ping: bool) -> None:
            got = []
            try:
                while time.monotonic() - start < 4 * SLOW + 4:
                    if ping:
                        await ws.send('{"type": "ping"}')
                    try:
                        got.append(json.loads(await asyncio.wait_for(ws.recv(), 0.5)))
                    except (TimeoutError, asyncio.TimeoutError):
                        pass
            except ConnectionClosed:
                pass
            told.append((time.monotonic() - start, ws.close_code, [m.get("code") for m in got if m["type"] == "error"]))

        await asyncio.gather(*(wait(ws, ping=i == 0) for i, ws in enumerate(idle)))
        async with connect(ws_url(tight.base)) as late:
            await late.send('{"type": "ping"}')
            answer = json.loads(await asyncio.wait_for(late.recv(), 30))
        return told, answer

    told, answer = asyncio.run(body())
    assert all(at < 2 * SLOW + 3 and code == 1008 and "join_late" in codes for at, code, codes in told), told
    assert answer["type"] == "pong", answer  # a classmate's connection got a slot


@pytest.mark.slow
def test_a_small_dose_of_the_mischief_harness_at_a_classs_load(tmp_path):
    """The harness's every scenario at 2 classes x 2 tables x 3 students (and a bot) for a few
    seconds: every answer a mischievous student gets is a clear refusal, the honest students get no
    error and keep playing, the teachers' overviews and controls answer, every table's save
    replays, the server's log has no fault. (``bench/bench_tables_mischief.py`` is the full run; with
    ``CHEMGAMES_SOAK=full``, as for the games' soak, this test runs it.)"""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    import bench_tables_mischief as bench

    if os.environ.get("CHEMGAMES_SOAK", "").strip().lower() == "full":  # the team's full soak: the bench's whole run
        run = bench.play("sqlite", folder=str(tmp_path))
    else:
        run = bench.play("sqlite", n_classes=2, n_tables=2, seats=3, duration=8.0, naughty=2, bot="random", think=0.3,
                         hold=2 * SLOW + 3, header_timeout=SLOW, join_timeout=SLOW, folder=str(tmp_path), share=True)
    text = bench.report(run, "dose")
    print(text)
    assert not run.findings.wrong and not run.honest_errors and not run.faults, text
    assert set(run.findings.answers) == set(bench.SCENARIOS), text  # each scenario ran and was answered
    assert run.moves > 0 and run.findings.overview_ms and run.findings.control_ms, text
    assert "p95" in text and "[load " in text and "server RSS" in text, text


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_a_number_json_does_not_have_is_refused_and_the_class_list_still_answers(number):
    """``NaN``, ``Infinity`` and a number too large for a float (``1e400``: Python reads it as
    infinity) are not JSON numbers, but the parser took them: a table made with ``"bot_after": NaN``
    was stored, its answer was a server fault (500, a traceback in the log), and from then on the
    class's list (the dashboard) failed with it. Now such text is refused as not JSON, nothing is
    stored, the list answers; a student's message with one is refused the same way."""
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app

    key = "key-of-the-number-test"
    with TestClient(create_app("sqlite:///:memory:", admin_key=key), raise_server_exceptions=False) as browser:
        teacher = {"X-Chemgames-Key": key, "Content-Type": "application/json"}
        made = browser.post("/api/tables", headers=teacher,
                            content='{"game": "chromino", "seats": 2, "tables": 1, "bot_after": %s}' % number)
        assert made.status_code == 400 and made.json()["error"] == "bad_json", made.text
        assert made.json()["message"]["de"] and made.json()["message"]["en"]
        listed = browser.get("/api/tables", headers=teacher)
        assert listed.status_code == 200 and listed.json()["tables"] == [], listed.text
        table = browser.post("/api/tables", headers=teacher, json={"game": "chromino", "seats": 2, "tables": 1}).json()
        with browser.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"type": "join", "token": table["tables"][0]["seats"][0]["token"]}))
            assert ws.receive_json()["type"] == "state"
            ws.send_text('{"type": "check", "action": {"x": %s}}' % number)
            answer = ws.receive_json()
            assert (answer["type"], answer.get("code")) == ("error", "bad_json"), answer


def test_the_class_list_asks_the_store_about_its_tables_together_not_one_after_another():
    """The dashboard's overview asked the store who is connected at each table one table after the
    other: with Redis that is a round trip (two) a table, each waiting for a core on a loaded
    server, and the mischief harness saw the overview take 2.5 s (p50; p95 4 s, max 9.7 s) at 9
    tables a class, longer than the dashboard's 3 s between two polls. The questions go together
    now: all of a class's tables are in flight at once."""
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app
    from chemgames.server.store import open_store

    store = open_store("sqlite:///:memory:")
    flying, most = [0], [0]
    asked = store.present_seats

    async def counted(table_id: str) -> set[int]:
        flying[0] += 1
        most[0] = max(most[0], flying[0])
        await asyncio.sleep(0.01)  # a round trip to Redis
        flying[0] -= 1
        return await asked(table_id)

    store.present_seats = counted  # type: ignore[method-assign]
    key = "key-of-the-overview-test"
    with TestClient(create_app(store, admin_key=key)) as browser:
        teacher = {"X-Chemgames-Key": key}
        made = browser.post("/api/tables", headers=teacher, json={"game": "chromino", "seats": 2, "tables": 6}).json()
        most[0] = 0
        listed = browser.get("/api/tables", headers=teacher).json()["tables"]
    assert [t["id"] for t in listed] == [t["id"] for t in made["tables"]]  # in the order they were made
    assert most[0] == 6, most[0]


async def move_ada(auth: Any, cls: Any, table_id: str, target: str) -> Any:
    """The teacher moves Ada (seat 0 of ``table_id``) to seat 2 of ``target``: ``"moved"``, or the
    refusal's status and code."""
    from chemgames.server.authority import Refusal

    try:
        await auth.move(cls, table_id, 0, target, 2, expect="Ada")
        return "moved"
    except Refusal as exc:
        return exc.status, exc.key.split(".", 1)[1]


@pytest.mark.parametrize("where", ["same table", "other table"])
def test_a_move_whose_student_was_released_meanwhile_revives_no_token_and_evicts_nobody(where):
    """The teacher's move read the seat it moves before taking the tables' locks: if meanwhile the
    student was released (a colleague's dashboard, a double tap) and a classmate sat down there, the
    move carried the released token to the new seat (the student's old, voided notebook played again)
    and put the classmate's seat back to free. Under the locks the seat must still hold the student
    the move read; else the move is refused (``seat_changed``) and nothing changes."""
    from test_tables_authority import run

    from chemgames.server.seats import SeatRules as Seats

    async def body(auth: Any) -> list[Any]:
        cls = await auth.store.class_by_key("key")
        one, two = await auth.create_tables(cls, {"game": "chemuno", "seats": 3, "tables": 2, "seed": 2})
        ada, bob = [await auth.new_device("10.0.0.1") for _ in range(2)]
        token_of_ada = (await auth.join_code(one.code, "Ada", ada, None, "x"))["token"]
        target = (one if where == "same table" else two).id
        asked = asyncio.Event()
        go_on = asyncio.Event()
        reads = Seats.teachers_table

        async def slow_read(self: Any, klass: Any, table_id: str) -> Any:
            table = await reads(self, klass, table_id)
            if table_id == target and not asked.is_set():  # the move's second read: the window
                asked.set()
                await go_on.wait()
            return table

        Seats.teachers_table = slow_read  # type: ignore[method-assign]
        try:
            moving = asyncio.create_task(move_ada(auth, cls, one.id, target))
            await asyncio.wait_for(asked.wait(), 10)
            Seats.teachers_table = reads  # type: ignore[method-assign]
            # meanwhile: Ada released (for anybody: no hold), Bob sits down on seat 0
            await auth.release(cls, one.id, 0, expect="Ada", hold=False)
            await auth.join_code(one.code, "Bob", bob, None, "x")
            go_on.set()
            outcome = await moving
        finally:
            Seats.teachers_table = reads  # type: ignore[method-assign]
        seats = [(s.name, s.joined) for s in (await auth.store.table(one.id)).seats]
        there = (await auth.store.table(target)).seats[2]
        return [outcome, seats, there.name, await auth.store.seat_by_token(token_of_ada)]

    outcome, seats, there, found = run(body, device_burst=100)
    assert (found is None, seats[0], there, outcome) == (True, ("Bob", True), None, (409, "seat_changed")), \
        (found, seats, there, outcome)  # Ada's released token opens nothing, Bob keeps his seat


@pytest.mark.parametrize("where", ["same table", "other table"])
def test_on_one_redis_a_move_on_one_process_revives_no_token_a_release_on_another_voided(tmp_path, where):
    """The check above holds the tables' locks, but the locks are per process: with two server
    processes on one Redis (docs/tables.md, "Scaling out") the teacher's move on process A could
    read the seat, then process B released the student and seated a classmate there, then A wrote
    the move: the released token lived again at the new seat and the classmate lost the seat. Two
    authorities (each its own locks) on one ``redis-server``; A's move is paused just before its
    first write to the store, while B releases Ada and seats Bob. The move must be refused
    (``seat_changed``) and change nothing."""
    import shutil

    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (tests/run-all.sh installs it)")
    from concurrent.futures import ThreadPoolExecutor

    from chemgames.server.authority import Authority
    from chemgames.server.store import open_store
    from chemgames.server.students import RedisProcess

    redis_server = RedisProcess(str(tmp_path))

    async def body() -> list[Any]:
        a, b = (Authority(open_store(redis_server.url), admin_key="key", watch_every=3600, device_burst=100)
                for _ in range(2))
        await a.start()
        await b.start()
        try:
            cls = await a.store.class_by_key("key")
            one, two = await a.create_tables(cls, {"game": "chemuno", "seats": 3, "tables": 2, "seed": 2})
            ada, bob = [await b.new_device("10.0.0.1") for _ in range(2)]
            token_of_ada = (await b.join_code(one.code, "Ada", ada, None, "x"))["token"]
            target = (one if where == "same table" else two).id
            writing, go_on = asyncio.Event(), asyncio.Event()
            for name in [n for n in dir(a.store) if n.startswith("modify")]:  # every write of a table's record
                def paused(write: Any) -> Any:
                    async def first_wait(*args: Any, **kwargs: Any) -> Any:
                        writing.set()
                        await go_on.wait()
                        return await write(*args, **kwargs)
                    return first_wait
                setattr(a.store, name, paused(getattr(a.store, name)))

            moving = asyncio.create_task(move_ada(a, cls, one.id, target))
            await asyncio.wait_for(writing.wait(), 10)
            # on process B: Ada released (for anybody: no hold), Bob sits down on seat 0
            await b.release(cls, one.id, 0, expect="Ada", hold=False)
            await b.join_code(one.code, "Bob", bob, None, "x")
            go_on.set()
            outcome = await asyncio.wait_for(moving, 10)
            seats = [(s.name, s.joined) for s in (await b.store.table(one.id)).seats]
            there = (await b.store.table(target)).seats[2]
            return [outcome, seats, there.name, await b.store.seat_by_token(token_of_ada)]
        finally:
            await a.stop()
            await b.stop()

    try:
        outcome, seats, there, found = ThreadPoolExecutor(1).submit(asyncio.run, body()).result()
    finally:
        redis_server.stop()
    assert (found is None, seats[0], there, outcome) == (True, ("Bob", True), None, (409, "seat_changed")), \
        (found, seats, there, outcome)  # Ada's released token opens nothing, Bob keeps his seat


def test_one_laptop_guessing_join_codes_for_a_lesson_gets_few_guesses_answered(monkeypatch):
    """Wrong join codes were counted per device only (5, then one every 10 s), and a device id is
    free: a student's script takes a new one every 2 s (the address's limit) and keeps them all, so
    every device it ever took adds a guess every 10 s, for ever. In a 45-minute lesson one laptop had
    187,650 codes looked up (the old code, this test without its cap), a good chance of one of the class's 28 million codes (or another
    class's table). Now the wrong codes of devices that have guessed wrong before also count against
    their address; a device's first try (a classmate typing the code off the board) is never slowed.
    The lesson runs on a made-up clock, 20 s a step: the script takes every device id it may, guesses
    once with each new one, then with every device, newest first, each until refused."""
    import itertools
    from types import SimpleNamespace

    from test_tables_authority import run

    import chemgames.server.limits as limits
    from chemgames.server.authority import Refusal
    from chemgames.server.protocol import error

    clock = [1000.0]
    monkeypatch.setattr(limits, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    codes = itertools.cycle(f"{a}{b}{c}{d}{e}" for a in "XYZ" for b in "23456789" for c in "ABCDEF" for d in "GHJK" for e in "MNPQ")
    ENOUGH = 2_000  # looked up in a lesson: 2,000 x 24 tables / 28.6 million codes = a 0.17 % chance

    async def body(auth: Any) -> dict[str, Any]:
        cls = await auth.store.class_by_key("key")
        [table] = await auth.create_tables(cls, {"game": "chromino", "seats": 4, "seed": 3})
        classmate = await auth.new_device("10.0.0.9")  # took its id at the start of the lesson
        devices: list[str] = []
        looked_up = 0
        said = Refusal(429, "server.slow_down")
        async def guess(device: str) -> Refusal | None:
            """One wrong code looked up: ``None``; else the refusal."""
            nonlocal looked_up
            code = next(codes)
            try:
                await auth.join_code(code if code != table.code else "XXXXX", "M", device, None, "10.0.0.9")
            except Refusal as exc:
                if exc.key != "server.bad_code":
                    return exc
            looked_up += 1
            return None

        stop: Refusal | None = None
        for step in range(45 * 3):
            clock[0] += 20
            fresh = []
            while True:
                try:
                    fresh.append(await auth.new_device("10.0.0.9"))
                except Refusal:
                    break
            for device in fresh:  # a new device's first code is always looked up
                said = await guess(device) or said
            devices += fresh
            for device in reversed(devices):  # then every device until refused
                while looked_up <= ENOUGH and (stop := await guess(device)) is None:
                    pass
                said = stop or said
                if said.key == "server.too_many_codes":  # the address's budget is spent: no older device may guess
                    break
        joined = await auth.join_code(table.code, "Ada", classmate, None, "10.0.0.9")
        elsewhere = await auth.new_device("10.0.0.77")
        wrong_elsewhere = [(await refused(auth.join_code(next(codes), "B", elsewhere, None, "10.0.0.77")))[1]
                           for _ in range(3)]
        return {"looked up": looked_up, "devices": len(devices), "classmate": joined["seat"],
                "refusal": (said.status, said.key, error(said.key, None, **said.params)["message"]),
                "elsewhere": wrong_elsewhere}

    async def refused(call: Any) -> tuple[int, str]:
        try:
            await call
        except Refusal as exc:
            return exc.status, exc.key.split(".", 1)[1]
        return 200, "joined"

    got = run(body)
    assert got["looked up"] <= ENOUGH and got["devices"] > 1_300, got
    assert got["classmate"] == 0 and got["elsewhere"] == ["bad_code"] * 3, got  # the class is not slowed
    assert got["refusal"][:2] == (429, "server.too_many_codes"), got
    assert "Code" in got["refusal"][2]["de"] and "code" in got["refusal"][2]["en"], got  # said in each language


@pytest.mark.parametrize("control", ["release", "end"])
def test_on_one_redis_a_move_sent_to_another_process_after_a_release_or_the_end_is_not_stored(tmp_path, control):
    """A student's move is checked under its process's table lock against that process's copy of
    the seats and of the table's ``ended``; another process's release or end of the game reaches
    this copy only through the announcement (pub/sub), and a move in between was stored: the
    released student (or a game the teacher ended) moved once more. Process B's announcements are
    stopped here, so the window stays open; the move must be refused (``seat_released``,
    ``ended``, in both languages) and nothing stored."""
    import shutil

    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (tests/run-all.sh installs it)")
    from concurrent.futures import ThreadPoolExecutor

    from test_tables_authority import drained

    from chemgames.server.authority import Authority, Refusal
    from chemgames.server.connection import Client
    from chemgames.server.limits import Bucket
    from chemgames.server.protocol import error
    from chemgames.server.store import open_store
    from chemgames.server.students import RedisProcess

    redis_server = RedisProcess(str(tmp_path))

    async def body() -> tuple[Any, list[str]]:
        a, b = (Authority(open_store(redis_server.url), admin_key="key", watch_every=3600) for _ in range(2))
        await a.start()
        await b.start()
        try:
            cls = await a.store.class_by_key("key")
            [table] = await a.create_tables(cls, {"game": "chromino", "seats": 2, "seed": 4})
            client = Client(Bucket(100, 100))
            mover = (await b.game(table.id)).current_player  # type: ignore[union-attr]
            await b.join(client, {"type": "join", "token": table.seats[mover].token})
            legal = b.legal_json(table.id)[0]
            b.store._task.cancel()  # type: ignore[attr-defined]  # B hears nothing of A from now on
            if control == "release":
                await a.release(cls, table.id, mover)
            else:
                await a.set_ended(cls, table.id, True)
            drained(client)
            try:
                await b.act(client, {"type": "act", "version": 0, "action": legal})
                outcome: Any = "stored"
            except Refusal as exc:
                outcome = (exc.status, exc.key, error(exc.key, None, **exc.params)["message"])
            return outcome, await a.store.actions(table.id)
        finally:
            await a.stop()
            await b.stop()

    try:
        outcome, stored = ThreadPoolExecutor(1).submit(asyncio.run, body()).result()
    finally:
        redis_server.stop()
    want = (403, "server.seat_released") if control == "release" else (409, "server.ended")
    assert (outcome[:2], stored) == (want, []), (outcome, stored)
    assert outcome[2]["de"] and outcome[2]["en"] and outcome[2]["de"] != outcome[2]["en"], outcome


def test_a_join_the_server_reads_just_after_its_deadline_is_not_refused_as_late():
    """A WebSocket's join is waited for ``join_timeout`` seconds by the event loop's clock. A server
    process that stood still for a moment (a loaded machine; here ``kill -STOP``) finds, when it
    runs again, its deadline passed *and* the join in its socket, sent in time; with uvloop (libuv
    runs due timers before it reads the sockets) the timer came first, so an honest student's join
    was answered ``join_late`` and closed (4 of 8 such joins against a real ``chemgames serve``
    with ``join_timeout`` 0.3 s, stopped 0.6 s). The mischief dose runs with ``join_timeout`` 2 s
    on a machine at load 10-18: a plausible cause of its one unexplained failure. What the server
    reads within a short grace after the deadline is read before the connection is judged late.
    Here (no real socket) the join comes 50 ms after the deadline; one that never comes is still
    closed as late."""
    from test_tables_authority import run

    from chemgames.server import app as server_app
    from chemgames.server.connection import Client
    from chemgames.server.limits import Bucket

    class Socket:
        """A WebSocket whose join arrives ``late`` seconds after the server's deadline (None: never)."""

        def __init__(self, late: float | None, token: str) -> None:
            self.app = type("App", (), {"state": type("State", (), {"join_timeout": 0.2})()})()
            self.late, self.token, self.sent, self.closed = late, token, [], None
            self.asked = 0

        async def receive(self) -> dict[str, Any]:
            self.asked += 1
            if self.asked == 1 and self.late is not None:
                await asyncio.sleep(0.2 + self.late)
                return {"type": "websocket.receive", "text": json.dumps({"type": "join", "token": self.token})}
            while self.closed is None and not any('"state"' in s for s in self.sent):
                await asyncio.sleep(0.01)
            return {"type": "websocket.disconnect"}

        async def send_text(self, text: str) -> None:
            self.sent.append(text)

        async def close(self, code: int = 1000) -> None:
            self.closed = code

    async def body(auth: Any) -> list[tuple[list[str], int | None]]:
        cls = await auth.store.class_by_key("key")
        [table] = await auth.create_tables(cls, {"game": "chromino", "seats": 2, "seed": 1})
        out = []
        for late in (0.05, None):
            ws = Socket(late, table.seats[0].token)
            await asyncio.wait_for(server_app._serve_ws(ws, auth, Client(Bucket(100, 100))), 5)  # type: ignore[arg-type]
            await asyncio.sleep(0.05)  # the writer's last sends
            out.append(([json.loads(s).get("code") or json.loads(s)["type"] for s in ws.sent], ws.closed))
        return out

    in_time, never = run(body)
    assert in_time == (["state"], None), in_time
    assert never == (["join_late"], 1008), never


def test_the_harness_takes_a_close_that_comes_while_it_still_sends_the_big_frame_as_the_answer():
    """The dose failed once in 34 runs here (load 1.4-9.9) with "malformed: the scenario stopped:
    ConnectionClosedError: received 1009 (message too big) frame with 1200003 bytes exceeds limit
    of 1048576 bytes": the server read the 1.2 MB frame's head and closed with 1009, as it should,
    while the harness was still sending the frame, so ``send`` raised instead of returning. A race
    of the harness, not a fault of the server: such a close is the answer to check."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    import bench_tables_mischief as bench
    from websockets.exceptions import ConnectionClosedError
    from websockets.frames import Close

    class Conn:
        """A connection the server closes (``code``) while the frame is still being sent."""

        def __init__(self, code: int) -> None:
            self.code, self.close_code = code, None

        async def send(self, data: Any) -> None:
            self.close_code = self.code
            raise ConnectionClosedError(Close(self.code, "frame too big"), Close(self.code, "frame too big"), True)

        async def recv(self) -> str:
            raise ConnectionClosedError(Close(self.code, ""), Close(self.code, ""), True)

        async def close(self) -> None:
            return None

    outcomes = []
    for code in (1009, 1011):
        f = bench.Findings()
        asyncio.run(bench.big_frame(bench.Ws(Conn(code)), f))
        outcomes.append((f.wrong, dict(f.answers.get("malformed", {}))))
    assert outcomes[0] == ([], {"closed 1009": 1}), outcomes
    assert len(outcomes[1][0]) == 1 and "1011" in outcomes[1][0][0], outcomes  # another close is still a finding
