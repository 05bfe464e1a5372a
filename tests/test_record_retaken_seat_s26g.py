"""The teacher's record names who played which moves when a seat is re-taken mid-game (session 26).

Mia plays seat 1 of a table; the teacher frees her seat (she left, or an intruder sat there) and Zoe
sits down on it; the game goes on. Before, the record kept the session as it was made at the table's
first move: seat 1 was Mia's name and Mia's device key for the whole game, so the report's "who is
who" (``report.tell_apart``, by the session's keys) gave Zoe's moves Mia's device, and the session
named Mia at a seat Zoe played. Now a new occupant of a seat (another device or another name) starts
a new session of the table, as a server restarted mid-game does: each session names one student per
seat, with that student's key, for every move filed under it."""
from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette")

from test_tables_authority import drained, run  # noqa: E402

from chemgames.record.events import person_key  # noqa: E402
from chemgames.server.authority import Authority, Bucket, Client  # noqa: E402
from chemgames.server.model import secret_id  # noqa: E402


def test_a_seat_taken_by_another_student_mid_game_is_recorded_under_that_student():
    from chemgames.record.report import tell_apart
    from chemgames.record.store import RecordStore
    from chemgames.record.tables import TableRecorder

    record = RecordStore(":memory:")

    moved: list[str] = []  # who made each move, as the test seated them

    async def body(auth: Authority) -> dict[str, str]:
        recorder = TableRecorder(record, day=lambda: auth.today)
        auth.on_action.append(recorder.hook(lambda table_id: auth.games[table_id]))
        cls = await auth.store.class_by_key("key")
        assert cls is not None
        (table,) = await auth.create_tables(cls, {"game": "raeumab", "seats": 2, "seed": 5})
        keys: dict[str, str] = {}
        clients: dict[int, Client] = {}
        seat_of: dict[str, int] = {}

        async def sit(name: str, address: str) -> None:
            seat = await auth.join_code(table.code, name, None, None, address)
            keys[name] = person_key(secret_id(seat["device"]))
            client = Client(Bucket(100, 100))
            await auth.join(client, {"type": "join", "token": seat["token"]})
            clients[seat["seat"]], seat_of[name] = client, seat["seat"]

        async def move() -> None:
            game = auth.games[table.id]
            assert game.current_player is not None
            mover = clients[game.current_player]
            moved.append(next(name for name, seat in seat_of.items() if seat == game.current_player and
                              (name != "Mia" or "Zoe" not in seat_of)))
            await auth.act(mover, {"type": "act", "version": len(game.log), "action": auth.legal_json(table.id)[0]})
            drained(mover)

        await sit("Mia", "10.0.0.1")
        await sit("Ben", "10.0.0.2")
        for _ in range(3):
            await move()
        await auth.release(cls, table.id, seat_of["Mia"], hold=False)  # Mia left; her seat is free for anybody
        await sit("Zoe", "10.0.0.3")
        while "Zoe" not in moved[-2:]:
            await move()
        return keys

    keys = run(body)
    events, sessions = record.events(), record.sessions()
    record.close()
    moves = [e for e in events if e["kind"] == "move"]
    assert [e["student"] for e in moves] == moved and {"Mia", "Zoe"} <= set(moved)
    by_id = {s["id"]: s for s in sessions}
    for e in moves:  # each move's session names its student at its seat, with that student's key
        s = by_id[e["session"]]
        assert s["names"][e["seat"]] == e["student"], (e["student"], s["names"])
        assert s["keys"][e["seat"]] == [keys[e["student"]]], (e["student"], s["keys"])
    told = tell_apart(events, sessions)  # the report: Mia and Zoe are two, Ben one, nobody by name alone
    assert {e["student"] for e in told if e["kind"] == "move"} == {"Mia", "Ben", "Zoe"}
    assert not any(e.get("namesake") or e.get("by_name") for e in told)
