"""The table server records what happens at its tables: a real ``chemgames serve`` process on
loopback, a student who joins by name, tries a refused move and plays; after the server stops,
the teacher's record file beside the table store holds both, under the typed name, and the report
replays the refused attempt."""
from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

import chemgames  # noqa: E402
import chemgames.tables as tables  # noqa: E402
from chemgames.record.replay import replay  # noqa: E402
from chemgames.record.store import RecordStore  # noqa: E402
from chemgames.record.tables import table_key  # noqa: E402
from chemgames.server.students import ServerProcess, ws_url  # noqa: E402

pytestmark = pytest.mark.xdist_group("tables")
KEY = "teacher-key-for-record-tests"


def claim_as(base: str, code: str, name: str) -> dict[str, Any]:
    from chemgames.server.students import claim_seat  # the server asks for the student's name

    return claim_seat(base, code, name=name)


def _written(folder: Any, n: int) -> bool:
    try:
        with sqlite3.connect(folder / "chemgames-record.db") as db:
            return db.execute("SELECT count(*) FROM events WHERE kind IN ('move', 'refused')").fetchone()[0] >= n
    except sqlite3.Error:
        return False


def test_the_server_records_moves_and_refusals(tmp_path) -> None:
    srv = ServerProcess(f"sqlite:///{tmp_path}/tables.db", KEY, log=str(tmp_path / "server.log"))
    try:
        # three tables, the student at the third: the report's first-seen order would call it "Tisch 1"
        made = tables.create("raeumab", seats=2, tables=3, bots=[None, "greedy"], seed=1, server=srv.base,
                             teacher_key=KEY)[2:]
        board = {t["id"]: t for t in tables.overview(srv.base, KEY)}  # what the teacher's dashboard lists
        seat = claim_as(srv.base, made[0].code, "Ada")
        from websockets.sync.client import connect

        with connect(ws_url(srv.base), max_size=2**24) as ws:
            ws.send(json.dumps({"type": "join", "token": seat["token"]}))
            state = json.loads(ws.recv(20))
            while state.get("type") != "state" or not state.get("legal"):
                state = json.loads(ws.recv(20))
            me = state["seat"]
            bad = {"game": "raeumab", "player": me, "kind": "pair", "params": {"cards": [0, 1]}}
            ws.send(json.dumps({"type": "act", "version": state["version"], "action": bad}))
            answer = json.loads(ws.recv(20))
            while answer.get("type") != "refused":
                answer = json.loads(ws.recv(20))
            ws.send(json.dumps({"type": "act", "version": state["version"], "action": state["legal"][0]}))
            answer = json.loads(ws.recv(20))
            while answer.get("type") != "state" or answer["version"] <= state["version"]:
                answer = json.loads(ws.recv(20))
        # the server's writer thread writes at once, but not inside the move: wait for it (at most 10 s)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not _written(tmp_path, 2):
            time.sleep(0.1)
    finally:
        srv.stop()
    store = RecordStore(tmp_path / "chemgames-record.db")
    events, sessions = store.events(), store.sessions()
    store.close()
    mine = [e for e in events if e["kind"] in ("move", "refused")]
    assert [(e["kind"], e["at"]) for e in mine] == [("refused", 0), ("move", 0)]
    assert mine[0]["rule"] == "ra.not_free" and mine[0]["facts"]["params"]["col"] >= 1
    assert mine[1]["action"] == state["legal"][0]
    assert all(e["student"] == mine[0]["student"] for e in mine)
    assert mine[0]["student"] == "Ada"  # the name typed to join, nothing else
    assert sessions[0]["setup"]["seed"] == 3 and sessions[0]["table"] == f"Tisch {table_key(made[0])}"
    assert made[0].code not in json.dumps([events, sessions])  # the record keeps no join code
    # who sat there: a digest of the device the join gave, as the notebook of that device computes it (s25h), never
    # the device's id
    import hashlib

    from chemgames.record.events import person_key

    assert sessions[0]["keys"][me] == [person_key(hashlib.sha256(seat["device"].encode()).hexdigest())], sessions[0]
    assert seat["device"] not in json.dumps([events, sessions]) and not any(sessions[0]["keys"][1 - me])
    game, explanation, event = replay(events, sessions, events.index(mine[0]), lang="en")
    assert explanation.rule == "ra.not_free" and len(game.log) == 0
    # the report names the table by the number the dashboard shows beside its code
    number = board[made[0].id]["number"]
    assert number == 3 and sessions[0]["number"] == number
    w = chemgames.report(db=tmp_path / "chemgames-record.db", lang="de")
    assert [s["table"] for s in w.sessions] == ["Tisch 3"]
    w.receive({"type": "replay", "event": next(i for i, e in enumerate(w.events) if e["kind"] == "refused")})
    assert "Tisch 3" in w.replay["title"], w.replay["title"]
