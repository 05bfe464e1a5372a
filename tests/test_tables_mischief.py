"""A mischievous student and a teacher's first lesson against a real ``chemgames serve`` on loopback
(session 16's review): what was found, each as a test that failed before its fix.

- secrets: the teacher's ``tables`` cell (its text/plain output is saved in the notebook, and a cell
  ``tables[0]`` may be on the projector) showed every seat's token, and the token a student got
  with the code was that same token, so a saved teacher notebook opened every hand; a bot seat's
  token let a person sit in the bot's seat and read its hand;
- load: one student's connections each had a message budget of their own (a hundred tabs of one
  seat, or connections that never join, froze the class), and a message full of brackets cost
  milliseconds of the server's CPU each;
- texts: a German refusal carried English words (the server full, a teacher's wrong request);
- names: a name in full-width letters passed as a different name beside its ASCII twin.
"""
from __future__ import annotations

import contextlib
import json
import time
from typing import Any

import pytest

for needed in ("starlette", "uvicorn", "websockets"):  # the server extra
    pytest.importorskip(needed)

import chemgames.tables as tables  # noqa: E402
from chemgames.server.students import ServerProcess, claim_seat, ws_url  # noqa: E402

pytestmark = pytest.mark.xdist_group("tables")
KEY = "teacher-key-for-mischief-tests"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("mischief")
    # the budgets of this file's tests, small enough to reach quickly (every client is on 127.0.0.1)
    limits = {"device_burst": 2000, "connections_per_address": 2000, "connections": 3000, "ws_per_address": 2000,
              "ws_total": 3000, "unjoined_burst": 60, "unjoined_rate": 2}
    srv = ServerProcess(f"sqlite:///{folder}/tables.db", KEY, log=str(folder / "server.log"),
                        env={"CHEMGAMES_LIMITS": json.dumps(limits)})
    yield srv
    srv.stop()


def make(srv: ServerProcess, game: str, seats: int, n: int = 1, **kw: Any) -> tables.Tables:
    return tables.create(game, seats=seats, tables=n, server=srv.base, teacher_key=KEY, **kw)


def first_answer(srv: ServerProcess, hello: dict[str, Any]) -> dict[str, Any]:
    from websockets.sync.client import connect

    with connect(ws_url(srv.base), max_size=2**24) as ws:
        ws.send(json.dumps(hello))
        return dict(json.loads(ws.recv(10)))


def replies(ws: Any, quiet: float = 0.7) -> list[dict[str, Any]]:
    """Every message until the server has said nothing for ``quiet`` seconds (or closed)."""
    from websockets.exceptions import ConnectionClosed

    out = []
    try:
        while True:
            out.append(json.loads(ws.recv(quiet)))
    except (TimeoutError, ConnectionClosed):
        return out


# ---------------------------------------------------------------------- secrets
def test_the_teachers_tables_cell_shows_and_saves_no_token(server):
    from IPython.core.formatters import DisplayFormatter

    made = make(server, "chemix", 2, 2, bots=[None, "greedy"], seed=1)
    secrets = [t for table in made for t in table.tokens() if t]
    assert len(secrets) == 2  # the students' seats (a bot's seat has no token to give)
    shown = DisplayFormatter().format(made)[0] | DisplayFormatter().format(made[0])[0]
    texts = [*shown.values(), repr(made), str(made), repr(made[0]), str(made[0])]
    assert all(made[0].code in text for text in texts[:2])  # what a teacher wants to see is there
    assert not [text for text in texts for secret in secrets if secret in text]


def test_the_token_a_student_gets_is_not_the_one_the_teacher_saw(server):
    from websockets.sync.client import connect

    table = make(server, "chemix", 2, seed=2)[0]
    seen = table.tokens()
    with connect(ws_url(server.base), max_size=2**24) as intruder:  # the teacher's copy, leaked: a seat nobody joined
        intruder.send(json.dumps({"type": "join", "token": seen[0]}))
        assert json.loads(intruder.recv(10))["type"] == "state"
        ada = claim_seat(server.base, table.code, name="Ada")
        assert ada["seat"] == 0 and ada["token"] not in seen
        told = replies(intruder)  # the intruder is told and sent away as the seat is taken
        assert [m.get("code") for m in told if m["type"] == "error"] == ["seat_released"]
    assert first_answer(server, {"type": "join", "token": seen[0]})["code"] == "bad_token"
    assert first_answer(server, {"type": "join", "token": ada["token"]})["seat"] == 0
    assert claim_seat(server.base, table.code, name="Ada", device=ada["device"])["token"] == ada["token"]


def test_nobody_sits_in_a_bots_seat():
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from chemgames.server.authority import Authority, Bucket, Client, Refusal
    from chemgames.server.store import open_store

    async def body() -> str:
        auth = Authority(open_store("sqlite:///:memory:"), admin_key="key", watch_every=3600)
        await auth.start()
        try:
            cls = await auth.store.class_by_key("key")
            [table] = await auth.create_tables(cls, {"game": "chemix", "seats": 2, "bots": [None, "greedy"], "seed": 3})
            client = Client(Bucket(10, 10))
            with pytest.raises(Refusal) as refused:  # the bot's token, had it leaked from the server's memory
                await auth.join(client, {"type": "join", "token": table.seats[1].token})
            return refused.value.key
        finally:
            await auth.stop()

    assert ThreadPoolExecutor(1).submit(asyncio.run, body()).result() == "server.bad_token"


# ---------------------------------------------------------------------- load
def test_a_students_many_connections_share_one_seats_budget(server):
    from websockets.sync.client import connect

    from chemgames.server.authority import SEAT_CONNECTIONS

    table = make(server, "chromino", 2, seed=3)[0]
    mallory = claim_seat(server.base, table.code, name="Mallory")["token"]
    with contextlib.ExitStack() as stack:  # as many tabs as a seat may hold (more: the oldest give way)
        tabs = [stack.enter_context(connect(ws_url(server.base), max_size=2**24)) for _ in range(SEAT_CONNECTIONS)]
        for ws in tabs:
            ws.send(json.dumps({"type": "join", "token": mallory}))
            assert json.loads(ws.recv(10))["type"] == "state"
        for ws in tabs:  # every tab sends what one connection may send at once (40)
            for _ in range(40):
                ws.send('{"type": "ping"}')
        pongs = sum(m["type"] == "pong" for ws in tabs for m in replies(ws))
    assert 40 <= pongs <= 100, pongs  # one seat's budget (40 at once, 20 a second), not 4 x 40


def test_connections_that_never_join_share_their_addresss_budget(server):
    from websockets.sync.client import connect

    table = make(server, "chemix", 2, seed=4)[0]
    cy = claim_seat(server.base, table.code, name="Cy")["token"]
    with contextlib.ExitStack() as stack:
        tabs = [stack.enter_context(connect(ws_url(server.base), max_size=2**24)) for _ in range(6)]
        for ws in tabs:
            for _ in range(40):
                ws.send('{"type": "ping"}')
        got = [m for ws in tabs for m in replies(ws)]
        # a classmate's join (a connection's first message: its hello) gets through at once, the
        # budget spent or not: a class rejoining after a restart is never dropped by it
        for ws in tabs[:2]:  # the budget spent to the last message
            for _ in range(10):
                ws.send('{"type": "ping"}')
        assert first_answer(server, {"type": "join", "token": cy})["type"] == "state"
    pongs = sum(m["type"] == "pong" for m in got)
    # the address's budget before joining (60 here, 2 a second; the joins of the tests before draw on
    # it too), not 6 x 40
    assert 20 <= pongs <= 90, pongs
    assert {m.get("code") for m in got if m["type"] == "error"} == {"slow_down"}


def test_a_message_of_brackets_is_refused_without_reading_it_through():
    from chemgames.server.protocol import MAX_DEPTH, MAX_LISTS, ProtocolError, parse, too_deep

    flat = '{"type": "ping", "pad": [' + ",".join(["[]"] * 5000) + "]}"
    with pytest.raises(ProtocolError) as refused:
        parse(flat)
    assert refused.value.key == "server.too_many_lists" and MAX_LISTS < 5000
    assert not too_deep('{"a": ' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}", MAX_DEPTH)  # the object is one level
    assert too_deep('{"a": ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}", MAX_DEPTH)
    assert too_deep("[" * 5000, MAX_DEPTH) and too_deep("[" * 40 + "]" * 20, MAX_DEPTH)
    assert not too_deep("[[]]" * 60 + "[" * 30 + "]" * 30, MAX_DEPTH)
    # every legal action of every game, as a student's client sends it, passes
    import chemgames
    for info in chemgames.games():
        g = chemgames.new_game(info.id, players=max(2, info.min_players), seed=1)
        for action in g.legal_actions()[:200]:
            parse(json.dumps({"type": "act", "version": 0, "action": action.to_json()}))


# ---------------------------------------------------------------------- texts
def test_a_german_refusal_has_no_english_words(server):
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app

    full = create_app("sqlite:///:memory:", ws_per_address=0, admin_key="k")  # the server is full
    with TestClient(full) as browser, browser.websocket_connect("/ws") as ws:
        de = ws.receive_json()["message"]["de"]
    assert "Adresse" in de and "address" not in de, de
    status = []
    for body in ({"game": "chromino", "seats": 9}, {"game": "chromino", "tables": 0}, {"game": "chromino", "seed": -1},
                 {"game": "chromino", "lang": "fr"}, {"game": "chromino", "bots": "greedy"}, {"game": "schach"},
                 {"game": "chromino", "options": []}, {"spiel": "chromino"}):
        with pytest.raises(tables.TableError) as refused:
            tables.request("POST", server.base + "/api/tables", body, key=KEY, lang="de")
        status.append(refused.value.status)
        text = str(refused.value)
        assert not {"a whole number", "fields", "needed", "object", "unknown", "choose one"} & set(_words(text)) and \
            not [w for w in ("whole number", "fields:", "an object", "unknown game", "a list") if w in text], (body, text)
    assert set(status) == {400}
    made = make(server, "chemix", 2, seed=5)[0]
    for path, body in ((f"/api/tables/{made.id}/seats/7/release", {}), (f"/api/tables/{made.id}/lock", {"locked": 1}),
                       (f"/api/tables/{made.id}/seats/0/move", {"seat": "1"}), (f"/api/tables/{made.id}/dance", {})):
        with pytest.raises(tables.TableError) as refused:
            tables.request("POST", server.base + path, body, key=KEY, lang="de")
        assert not [w for w in ("a student's seat", "is needed", "no such control", "or {") if w in str(refused.value)], \
            (path, str(refused.value))


def _words(text: str) -> list[str]:
    return [w.strip(".,:;()'\"") for w in text.split()]


def test_the_notebook_asks_for_a_missing_key_or_name_in_the_teachers_language(monkeypatch, tmp_path):
    from chemgames.server import client

    monkeypatch.delenv("CHEMGAMES_TEACHER_KEY", raising=False)
    monkeypatch.delenv("CHEMGAMES_NAME", raising=False)
    monkeypatch.setenv("CHEMGAMES_KEY_FILE", str(tmp_path / "none"))
    monkeypatch.setattr("sys.stdin", None)
    with pytest.raises(tables.TableError) as refused:
        client.resolve_teacher_key(None, "http://127.0.0.1:1", lang="de")
    assert "Lehrkraft-Schlüssel" in str(refused.value) and "needed" not in str(refused.value)
    monkeypatch.setattr("builtins.input", lambda prompt="": "")
    with pytest.raises(tables.TableError) as refused:
        client.student_name(None, lang="de")
    assert "Namen" in str(refused.value) and "join with" not in str(refused.value)
    with pytest.raises(tables.TableError) as refused:
        client.student_name(None, lang="en")
    assert "name" in str(refused.value)


# ---------------------------------------------------------------------- names
def test_a_name_in_full_width_letters_is_the_same_name(server):
    table = make(server, "chemuno", 3, seed=6)[0]
    claim_seat(server.base, table.code, name="Ada")
    for twin in ("Ａｄａ", "ADA", "ａｄａ"):
        with pytest.raises(tables.TableError) as refused:
            claim_seat(server.base, table.code, name=twin)
        assert refused.value.code == "name_taken", twin


# ---------------------------------------------------------------------- a first lesson
def test_a_released_student_is_told_to_join_again_not_to_send_a_join_message(server, tmp_path, monkeypatch):
    import chemgames

    one, two = make(server, "chemix", 2, 2, seed=7)
    monkeypatch.setenv("CHEMGAMES_SEATS", str(tmp_path / "ada.json"))
    ada = chemgames.join(one.code, name="Ada", server=server.base)
    monkeypatch.setenv("CHEMGAMES_SEATS", str(tmp_path / "bob.json"))
    bob = chemgames.join(one.code, name="Bob", server=server.base)
    try:
        # moved: the client joins again by itself and lands at the new seat
        tables.control(one.id, "move", bob.seat, {"table": two.id, "seat": 1}, server=server.base, teacher_key=KEY)
        bob.wait(timeout=20, until=lambda g: g.state["table"] == two.id)
        assert bob.seat == 1
        # released: the client stops trying, and what the student does next says what to do
        tables.control(one.id, "release", ada.seat, server=server.base, teacher_key=KEY)
        deadline = time.monotonic() + 20
        while not ada._closed and time.monotonic() < deadline:
            time.sleep(0.1)
        assert ada._closed
        with pytest.raises(tables.TableError) as told:
            ada.check(ada.action_from_json({"game": "chemix", "player": ada.seat, "kind": "pass", "params": {}}))
        assert told.value.code == "seat_released" and "Tritt mit dem Code neu bei" in str(told.value)
        assert "join" not in str(told.value)
    finally:
        ada.close()
        bob.close()


def test_a_mistyped_limit_is_one_line_that_names_it_not_a_traceback(tmp_path):
    import os
    import subprocess
    import sys

    from chemgames.server.limits import read_limits

    for wrong in ('{"device_burst": "sixty"}', '{"device_burst": true}', "{device_burst: 60}", "[60]"):
        with pytest.raises(ValueError) as told:
            read_limits(wrong)
        assert "device_burst" in str(told.value) and "\n" not in str(told.value), wrong
    env = {**os.environ, "CHEMGAMES_LIMITS": '{"device_brust": 60}', "CHEMGAMES_TEACHER_KEY": KEY}
    done = subprocess.run([sys.executable, "-m", "chemgames.cli", "serve", "--port", "1", "--store",
                           f"sqlite:///{tmp_path}/t.db"], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr[-500:]
    assert "Traceback" not in done.stderr and "CHEMGAMES_LIMITS" in done.stderr and "device_burst" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_an_english_dashboard_says_the_servers_refusals_in_english(server):
    pytest.importorskip("anywidget")
    from chemgames.widgets.dashboard import Dashboard

    board = Dashboard(server.base, teacher_key="not-the-key", lang="en", poll=False)
    try:
        said = board.board.notice["title"]
        assert "This teacher key is not valid" in said and "Schlüssel" not in said, said
    finally:
        board.close()
    with pytest.raises(tables.TableError) as refused:
        tables.control("nope", "code", server=server.base, teacher_key=KEY, lang="en")
    assert str(refused.value) == "There is no such table."


def test_a_server_that_is_not_there_is_said_in_german_with_what_to_check():
    from chemgames.server.students import free_port

    closed = f"http://127.0.0.1:{free_port()}"  # nobody listens there
    with pytest.raises(tables.TableError) as refused:
        tables.request("GET", closed + "/api/health", lang="de")
    said = str(refused.value)
    assert refused.value.code == "unreachable" and "Errno" not in said and "refused" not in said, said
    assert "chemgames serve" in said and "0.0.0.0" in said
    with pytest.raises(tables.TableError) as refused:
        tables.request("GET", "http://no-such-host.invalid:8765/api/health", lang="en")
    assert "Errno" not in str(refused.value) and "name" in str(refused.value), str(refused.value)


def test_a_student_waiting_for_a_device_id_is_told_so_once(monkeypatch, tmp_path, capsys):
    from chemgames.server import client

    monkeypatch.setenv("CHEMGAMES_SEATS", str(tmp_path / "seats.json"))
    answers = iter([tables.TableError("slow", "slow_down", 429)] * 3 + [{"device": "d.1"}])

    def busy_server(*args: Any, **kwargs: Any) -> dict[str, Any]:
        answer = next(answers)
        if isinstance(answer, Exception):
            raise answer
        return answer

    monkeypatch.setattr(client, "request", busy_server)
    monkeypatch.setattr(client.time, "sleep", lambda s: None)
    assert client.device_id("http://10.0.0.5:8765", lang="de") == "d.1"
    said = capsys.readouterr().out
    assert said.count("\n") == 1 and "Warte" in said, said  # one line, in the student's language


def test_the_teacher_ends_a_game_and_may_let_it_go_on(server):
    from websockets.sync.client import connect

    table = make(server, "chromino", 2, seed=8)[0]
    seated = [claim_seat(server.base, table.code, name=n)["token"] for n in ("Ada", "Bob")]
    with connect(ws_url(server.base), max_size=2**24) as ada, connect(ws_url(server.base), max_size=2**24) as bob:
        for ws, token in ((ada, seated[0]), (bob, seated[1])):
            ws.send(json.dumps({"type": "join", "token": token}))
        states = [json.loads(ada.recv(10)), json.loads(bob.recv(10))]
        mover, state = next((ws, s) for ws, s in zip((ada, bob), states) if s["legal"])
        ended = tables.control(table.id, "end", body={"ended": True}, server=server.base, teacher_key=KEY)
        assert ended["ended"] is True
        told = [m for m in replies(mover) if m["type"] == "state"]
        assert told and told[-1]["ended"] is True and told[-1]["legal"] == []  # nothing left to click
        mover.send(json.dumps({"type": "act", "version": state["version"], "action": state["legal"][0]}))
        refused = json.loads(mover.recv(10))
        assert refused["code"] == "ended" and "beendet" in refused["message"]["de"]
        # the hands for the discussion, as after a game played to its end
        found = tables.request("GET", f"{server.base}/api/tables/{table.id}", key=KEY)
        assert len(found["open"]) == 2 and all("hand" in v for v in found["open"])
        # a mis-click: the game goes on where it was
        tables.control(table.id, "end", body={"ended": False}, server=server.base, teacher_key=KEY)
        state = [m for m in replies(mover) if m["type"] == "state"][-1]
        assert state["ended"] is False and state["legal"]
        mover.send(json.dumps({"type": "act", "version": state["version"], "action": state["legal"][0]}))
        assert json.loads(mover.recv(10))["version"] == state["version"] + 1
    with pytest.raises(tables.TableError) as refused:
        tables.control(table.id, "end", body={"ended": "yes"}, server=server.base, teacher_key=KEY, lang="de")
    assert refused.value.status == 400 and "„ended“" in str(refused.value)


def test_the_hands_opened_after_a_game_come_in_the_teachers_language(server):
    """A German table, an English-speaking teacher: the hands opened for the discussion (``open``)
    and the spectator's view (``state``) are in the language the request asks for (``?lang=``), as
    the engine gives them from the table's save; without it in the table's; a language the server
    has not is refused."""
    import chemgames

    table = make(server, "chemix", 2, seed=11, lang="de")[0]
    tables.control(table.id, "end", body={"ended": True}, server=server.base, teacher_key=KEY)
    save = tables.request("GET", f"{server.base}/api/tables/{table.id}/save", key=KEY)["save"]
    final = chemgames.load_game(save)
    for lang, asked in (("en", "?lang=en"), ("de", "?lang=de"), ("de", "")):
        found = tables.request("GET", f"{server.base}/api/tables/{table.id}{asked}", key=KEY)
        assert [v["lang"] for v in found["open"]] == [lang, lang], asked
        assert found["open"] == [json.loads(json.dumps(final.view(p, lang))) for p in range(2)], asked
        # the spectator's state too: the whole answer in the asker's language (before: the table's)
        assert found["state"]["view"]["lang"] == lang, asked
        spectator = {k: v for k, v in found["state"]["view"].items() if k != "can_undo"}
        assert spectator == json.loads(json.dumps({k: v for k, v in final.view(None, lang).items() if k != "can_undo"})), asked
    assert found["open"][0]["cards"]["H2"]["name"] == "Wasserstoff" != final.view(0, "en")["cards"]["H2"]["name"]
    with pytest.raises(tables.TableError) as refused:
        tables.request("GET", f"{server.base}/api/tables/{table.id}?lang=xx", key=KEY, lang="en")
    assert refused.value.status == 400 and "lang" in str(refused.value)


def test_the_dashboard_opens_the_hands_in_the_teachers_language(server):
    """The dashboard asks for the opened hands in its own language: an English dashboard watching
    a German table shows them in English (before, the table's German). A game the teacher ended
    opens them as one played to its end (before, the spectator's widget refused: 'not over')."""
    pytest.importorskip("anywidget")
    from chemgames.widgets.dashboard import Dashboard

    table = make(server, "chemix", 2, seed=12, lang="de")[0]
    board = Dashboard(server.base, teacher_key=KEY, lang="en", poll=False)
    try:
        board.watch(table.id)
        (w,) = board.spectator.children
        board.control({"type": "end", "table": table.id, "ended": True})
        deadline = time.monotonic() + 20
        while not w.remote.state.get("ended"):  # the spectator has heard of it
            assert time.monotonic() < deadline, "not updated in time"
            time.sleep(0.05)
        board.open_hands()  # allowed once the teacher ended the game (before: the widget refused, 'not over')
        assert w.open_hands and [v["lang"] for v in w.game.opened] == ["en", "en"]
        assert w.game.view(0)["cards"]["H2"]["name"] == "hydrogen"
    finally:
        board.close()


def test_an_ended_game_says_so_in_the_students_widget_and_on_the_dashboard(server, tmp_path, monkeypatch):
    pytest.importorskip("anywidget")
    import chemgames
    from chemgames.widgets.dashboard import Dashboard

    def until(test: Any) -> None:
        deadline = time.monotonic() + 20
        while not test():
            assert time.monotonic() < deadline, "not updated in time"
            time.sleep(0.05)

    table = make(server, "chemix", 2, seed=9)[0]
    monkeypatch.setenv("CHEMGAMES_SEATS", str(tmp_path / "ada.json"))
    ada = chemgames.join(table.code, name="Ada", server=server.base)
    board = Dashboard(server.base, teacher_key=KEY, lang="de", poll=False)
    try:
        w = ada.widget()
        board.control({"type": "end", "table": table.id, "ended": True})  # the dashboard's button
        assert next(tb for tb in board.board.tables if tb["id"] == table.id)["ended"] is True
        until(lambda: "beendet" in ((w.panel.get("notice") or {}).get("title") or ""))
        assert w.legal == []
        board.control({"type": "end", "table": table.id, "ended": False})
        until(lambda: "beendet" not in ((w.panel.get("notice") or {}).get("title") or ""))
    finally:
        board.close()
        ada.close()


def test_in_jupyterlite_a_released_seat_stops_rejoining_and_says_why(monkeypatch):
    """The browser's transport without a browser: its message and close handlers, called as the
    browser's WebSocket calls them."""
    from chemgames.server import client

    monkeypatch.setattr(client, "BROWSER", dict(client.BROWSER))  # importing the module fills it in
    from chemgames.tables_web import WebRemoteGame

    class Socket:
        closed = False

        def send(self, text: str) -> None:
            raise AssertionError("nothing is sent on a released seat")

        def close(self) -> None:
            self.closed = True

    game = object.__new__(WebRemoteGame)
    notices: list[dict[str, Any]] = []
    game.__dict__.update(_lang="de", _state=None, _listeners=[], _notice_listeners=[notices.append], _closed=False,
                         _closing=False, received=[], _tries=0, _box=None, _widget=None, _ws=Socket(), retries=60)
    game._on_message(json.dumps({"type": "error", "code": "bad_token", "version": None,
                                 "message": {"de": "Dieser Platz-Schlüssel ist ungültig.", "en": "…"}}))
    assert "Tritt mit dem Code neu bei" in notices[-1]["message"]["de"] and game._ws.closed
    game._on_close()  # the browser says the socket closed: no new connection (no js needed)
    assert game._closed
    with pytest.raises(tables.TableError) as told:
        game._send({"type": "act", "version": 0, "action": {}})
    assert told.value.code == "seat_released"


def test_a_move_sent_while_the_teacher_releases_the_seat_is_refused():
    """The release reached the store but not yet the authority's copy of the seats (a slow store):
    the released student's move must not slip in between."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from chemgames.server.authority import Authority, Bucket, Client, Refusal
    from chemgames.server.store import open_store

    async def body() -> tuple[str, int]:
        auth = Authority(open_store("sqlite:///:memory:"), admin_key="key", watch_every=3600)
        await auth.start()
        try:
            cls = await auth.store.class_by_key("key")
            [table] = await auth.create_tables(cls, {"game": "chemix", "seats": 2, "seed": 5})
            seated, clients = [], []
            for name in ("Ada", "Bob"):
                seated.append(await auth.join_code(table.code, name, await auth.new_device("x"), None, "x"))
                clients.append(Client(Bucket(100, 100)))
                await auth.join(clients[-1], {"type": "join", "token": seated[-1]["token"]})
            game = auth.games[table.id]
            mover = next(i for i, s in enumerate(seated) if s["seat"] == game.current_player)
            move = auth.legal_json(table.id)[0]
            dropped = auth.store.drop_device

            async def slow_drop(*args: Any) -> None:  # the store is slow to finish the release
                await asyncio.sleep(0.5)
                await dropped(*args)

            auth.store.drop_device = slow_drop  # type: ignore[method-assign]
            release = asyncio.create_task(auth.release(cls, table.id, seated[mover]["seat"]))
            while await auth.store.seat_by_token(seated[mover]["token"]) is not None:  # the store has the new token
                await asyncio.sleep(0.01)
            try:
                await auth.act(clients[mover], {"type": "act", "version": 0, "action": move})
                said = "accepted"
            except Refusal as exc:
                said = exc.key
            await release
            return said, len(game.log)
        finally:
            await auth.stop()

    said, moves = ThreadPoolExecutor(1).submit(asyncio.run, body()).result()
    assert (said, moves) == ("server.seat_released", 0)


def test_a_seat_holds_a_few_connections_and_the_oldest_gives_way(server, tmp_path, monkeypatch):
    """Each connection of a seat is sent every state of its table: a hundred tabs of one student at a
    table with a bot were a hundred encodings and sends of every move."""
    import chemgames
    from websockets.sync.client import connect

    from chemgames.server.authority import SEAT_CONNECTIONS

    table = make(server, "chemix", 2, seed=10)[0]
    monkeypatch.setenv("CHEMGAMES_SEATS", str(tmp_path / "ada.json"))
    first = chemgames.join(table.code, name="Ada", server=server.base)  # the student's notebook
    token = first._hello["token"]
    try:
        with contextlib.ExitStack() as stack:
            tabs = [stack.enter_context(connect(ws_url(server.base), max_size=2**24)) for _ in range(SEAT_CONNECTIONS)]
            for ws in tabs:
                ws.send(json.dumps({"type": "join", "token": token}))
                assert json.loads(ws.recv(10))["type"] == "state"
            deadline = time.monotonic() + 20
            while not first._closed and time.monotonic() < deadline:
                time.sleep(0.05)
            assert first._closed  # the oldest gave way, and does not come back to push another out
            with pytest.raises(tables.TableError) as told:
                first.check(first.action_from_json({"game": "chemix", "player": 0, "kind": "pass", "params": {}}))
            assert told.value.code == "seat_elsewhere" and "chemgames.join" in str(told.value)
            for ws in tabs:  # the newer ones play on
                ws.send('{"type": "ping"}')
                assert [m["type"] for m in replies(ws)][-1] == "pong"
    finally:
        first.close()


def test_a_scripted_flood_of_refused_moves_does_not_fill_the_teachers_record():
    """Every refused attempt goes to the learning record (the report's misconceptions count them):
    one student's script sending the same wrong move, or hundreds of wrong moves in one turn, made
    its misconception the class's and filled the record's file."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from chemgames.server.authority import REFUSALS_RECORDED, Authority, Bucket, Client
    from chemgames.server.store import open_store

    async def body() -> tuple[int, int, int]:
        auth = Authority(open_store("sqlite:///:memory:"), admin_key="key", watch_every=3600)
        recorded: list[tuple[int, bool]] = []
        auth.on_action.append(lambda table, seat, action, explanation, accepted: recorded.append((seat, accepted)))
        await auth.start()
        try:
            cls = await auth.store.class_by_key("key")
            [table] = await auth.create_tables(cls, {"game": "chromino", "seats": 2, "seed": 5})
            client = Client(Bucket(1e6, 1e6))
            seat = auth.games[table.id].current_player
            await auth.join(client, {"type": "join", "token": table.seats[seat].token})
            good = auth.legal_json(table.id)[0]
            wrong = [dict(good, params={**good["params"], "x": 500 + i, "y": 500}) for i in range(40)]
            for action in [wrong[0]] * 40 + wrong:  # the same wrong move 40 times, then 40 different ones
                await auth.act(client, {"type": "act", "version": 0, "action": action})
            answers = []
            while not client.outbox.empty():
                answers.append(client.outbox.get_nowait())
            refusals_sent = sum(1 for m in answers if m and m["type"] == "refused")
            before = len(recorded)
            await auth.act(client, {"type": "act", "version": 0, "action": good})
            return refusals_sent, before, len(recorded) - before
        finally:
            await auth.stop()

    sent, recorded, after_move = ThreadPoolExecutor(1).submit(asyncio.run, body()).result()
    assert sent == 80  # the student is answered every time
    assert recorded == REFUSALS_RECORDED < 40  # the record keeps the first different attempts of a turn
    assert after_move == 1  # the move itself is recorded
