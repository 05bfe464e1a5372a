"""The table authority without a network: every rule of seats, codes, limits and actions, called
directly on :class:`~chemgames.server.authority.Authority` with an in-memory SQLite store and
clients that are plain outboxes (boardgame.io's ``Master`` without its transport)."""
from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Awaitable, Callable

import pytest

from chemgames.server.authority import Authority, Bucket, Client, Refusal
from chemgames.server.protocol import texts
from chemgames.server.store import open_store


def run(body: Callable[[Authority], Awaitable[Any]], **options: Any) -> Any:
    """``body(authority)`` on a fresh authority, in a loop of its own."""
    async def main() -> Any:
        auth = Authority(open_store("sqlite:///:memory:"), admin_key="key", watch_every=3600, **options)
        await auth.start()
        try:
            return await body(auth)
        finally:
            await auth.stop()

    return ThreadPoolExecutor(1).submit(asyncio.run, main()).result()


async def refused(call: Awaitable[Any]) -> tuple[int, str]:
    with pytest.raises(Refusal) as caught:
        await call
    return caught.value.status, caught.value.key.split(".", 1)[1]


def drained(client: Client) -> list[dict[str, Any] | None]:
    out = []
    while not client.outbox.empty():
        out.append(client.outbox.get_nowait())
    return out


def test_one_seat_a_device_names_and_the_teachers_controls():
    async def body(auth: Authority) -> None:
        cls = await auth.store.class_by_key("key")
        one, two = await auth.create_tables(cls, {"game": "chemix", "seats": 2, "tables": 2, "seed": 1})
        ada, bob, cy = [await auth.new_device("10.0.0.1") for _ in range(3)]
        first = await auth.join_code(one.code, "Ada", ada, None, "10.0.0.1")
        assert (await auth.join_code(f" {one.code.lower()} ", "Ada", ada, None, "x"))["token"] == first["token"]
        assert await refused(auth.join_code(two.code, "Ada", ada, None, "x")) == (409, "device_seated")
        assert await refused(auth.join_code(one.code, "ADA", bob, None, "x")) == (409, "name_taken")
        second = await auth.join_code(one.code, "Bob", bob, None, "x")
        assert await refused(auth.join_code(one.code, "Cy", cy, None, "x")) == (409, "table_full")
        # a connection of Ada's seat is told and closed when the teacher releases it
        client = Client(Bucket(100, 100))
        await auth.join(client, {"type": "join", "token": first["token"]})
        drained(client)
        await auth.release(cls, one.id, first["seat"])
        told = drained(client)
        assert told[0]["code"] == "seat_released" and told[-1] is None
        assert await auth.store.seat_by_token(first["token"]) is None
        # moved: Bob's token now opens the other table
        await auth.move(cls, one.id, second["seat"], two.id, 1)
        table, seat = await auth.store.seat_by_token(second["token"])
        assert (table.id, seat, table.seats[1].name) == (two.id, 1, "Bob")
        assert await refused(auth.move(cls, one.id, 0, two.id, 1)) == (409, "seat_free")
        # locked: nobody new; a new code: the old one is unknown
        await auth.set_locked(cls, two.id, True)
        assert await refused(auth.join_code(two.code, "Cy", cy, None, "x")) == (403, "locked")
        fresh = await auth.new_code(cls, two.id)
        assert await refused(auth.join_code(two.code, "Cy", cy, None, "x")) == (404, "bad_code")
        assert fresh.code != two.code and fresh.locked
        # the seats a teacher sees: names, no tokens, no devices
        line = auth.summary(await auth.store.table(two.id), set())
        assert [s["name"] for s in line["seats"]] == [None, "Bob"] and "token" not in json.dumps(line)

    run(body)


def test_codes_names_and_devices_are_checked_before_any_look_up():
    async def body(auth: Authority) -> None:
        cls = await auth.store.class_by_key("key")
        [table] = await auth.create_tables(cls, {"game": "chemix", "seats": 2, "seed": 2})
        dev = await auth.new_device("a")
        for code in (table.code.replace(table.code[2], "\u00a0" + table.code[2], 1), "K7P2", "0OIL1", "\ud800" * 5, 12345, None):
            assert await refused(auth.join_code(code, "Ada", dev, None, "a")) == (400, "bad_code_format"), code
        for name in ("", " ", "x" * 25, "a\u202eb", "a\u0000", "\ud800", None, 7):
            assert await refused(auth.join_code(table.code, name, dev, None, "a")) == (400, "bad_name"), name
        # (no device at all is a first try: a right code gives a device of its class, tests/test_tables_devices.py)
        for device in ("", "abc", "c." + "x" * 100, dev + "x", dev.split(".")[0] + ".0" * 16, "\ud800.x"):
            assert await refused(auth.join_code(table.code, "Ada", device, None, "a")) == (400, "need_device"), device
        assert all(not s.joined for s in (await auth.store.table(table.id)).seats)  # nothing stored

    run(body)


def test_wrong_codes_count_against_the_guessing_device_only():
    async def body(auth: Authority) -> None:
        cls = await auth.store.class_by_key("key")
        [table] = await auth.create_tables(cls, {"game": "chromino", "seats": 4, "seed": 3})
        guesser = await auth.new_device("school")
        answers = [(await refused(auth.join_code("ZZZZ" + c, "M", guesser, None, "school")))[0] for c in "ABCDEFG"]
        assert answers == [404] * 5 + [429] * 2
        assert await refused(auth.join_code(table.code, "M", guesser, None, "school")) == (429, "slow_down")
        for n in range(4):  # classmates behind the same address are not slowed down at all
            joined = await auth.join_code(table.code, f"S{n}", await auth.new_device("school"), None, "school")
            assert joined["seat"] == n
        # new device ids: a handful per address, then one by one
        statuses = []
        for _ in range(12):
            try:
                await auth.new_device("elsewhere")
                statuses.append(200)
            except Refusal as exc:
                statuses.append(exc.status)
        assert statuses[:3] == [200, 200, 200] and statuses[-1] == 429

    run(body, device_burst=8)


def test_creating_tables_is_bounded_before_anything_is_built():
    async def body(auth: Authority) -> None:
        cls = await auth.store.class_by_key("key")
        for bad in ({"game": "chromino", "seats": 10**9}, {"game": "chromino", "seats": 2**70}, {"game": "chromino", "seats": True},
                    {"game": "chromino", "seats": 0}, {"game": "chromino", "seats": 9}, {"game": "chromino", "tables": 0}, {"game": "chromino", "tables": 201},
                    {"game": "chromino", "seed": -1}, {"game": "chromino", "seed": 2**31}, {"game": "chromino", "options": []},
                    {"game": "chromino", "options": {"a": "x" * 5000}}, {"game": "chromino", "bots": "greedy"},
                    {"game": "chromino", "bots": [None] * 9}, {"game": "chromino", "lang": "fr"}, {"game": "chromino", "x": 1},
                    {"game": 5}, {"game": "nope"}, {"game": "chromino", "fill": "nobody"}, {"game": "chromino", "bot_after": "1"}):
            status, _ = await refused(auth.create_tables(cls, bad))
            assert status == 400, bad
        assert await auth.store.tables() == []

    run(body)


def test_strict_actions_and_the_on_action_hook():
    async def body(auth: Authority) -> list[tuple[int, str, bool]]:
        seen: list[tuple[int, str, bool]] = []
        auth.on_action.append(lambda table, seat, action, explanation, ok: seen.append((seat, action.kind, ok)))
        cls = await auth.store.class_by_key("key")
        [table] = await auth.create_tables(cls, {"game": "chromino", "seats": 2, "seed": 4})
        clients = []
        for seat in range(2):
            client = Client(Bucket(100, 100))
            await auth.join(client, {"type": "join", "token": table.seats[seat].token})
            clients.append(client)
        game = auth.games[table.id]
        mover = clients[game.current_player]
        legal = next(a for a in auth.legal_json(table.id) if any(v in (0, 1) for v in a["params"].values()))
        as_bool = {**legal, "params": {k: bool(v) if type(v) is int and v in (0, 1) else v for k, v in legal["params"].items()}}
        for action in ({**legal, "game": "chemix"}, as_bool):
            assert await refused(auth.act(mover, {"type": "act", "version": 0, "action": action})) == (400, "bad_action")
        assert await refused(auth.act(mover, {"type": "act", "version": 3, "action": legal})) == (409, "stale")
        await auth.act(mover, {"type": "act", "version": 0, "action": {**legal, "kind": "steal"}})
        await auth.act(mover, {"type": "act", "version": 0, "action": legal})
        assert len(game.log) >= 1
        return seen

    seen = run(body)
    assert [(kind, ok) for _, kind, ok in seen] == [("steal", False), ("place", True)]


def test_a_table_that_does_not_replay_is_set_aside_while_the_others_play():
    async def body(auth: Authority) -> None:
        cls = await auth.store.class_by_key("key")
        good, bad = await auth.create_tables(cls, {"game": "chromino", "seats": 2, "tables": 2, "seed": 5})
        await auth.store.append(bad.id, 0, json.dumps({"game": "chromino", "player": 0, "kind": "place", "params": {"x": 1}}))
        auth.games.clear()  # as after a restart
        assert await auth.game(bad.id) is None and "set_aside" in auth.summary(bad, set())
        assert await refused(auth.playing(bad.id)) == (503, "set_aside")
        try:
            await auth.playing(bad.id)
        except Refusal as exc:  # the reason for this case: its moves do not replay
            said = texts(exc.key, **exc.params)
            assert "nachspielen" in said["de"] and "replay" in said["en"], said
        assert await auth.game(good.id) is not None and "set_aside" not in auth.summary(good, set())

    run(body)


@pytest.mark.parametrize("game", ["chemix", "chemuno", "metallurgie", "raeumab", "chemiekarten", "chromino"])
def test_an_action_labelled_with_another_games_id_is_refused_before_the_rules(game):
    async def body(auth: Authority) -> tuple[tuple[int, str], int]:
        cls = await auth.store.class_by_key("key")
        [table] = await auth.create_tables(cls, {"game": game, "seats": 2, "seed": 6})
        engine = auth.games[table.id]
        client = Client(Bucket(100, 100))
        await auth.join(client, {"type": "join", "token": table.seats[engine.current_player].token})
        legal = auth.legal_json(table.id)[0]
        other = "chromino" if game != "chromino" else "chemix"
        answer = await refused(auth.act(client, {"type": "act", "version": 0, "action": {**legal, "game": other}}))
        return answer, len(engine.log)

    assert run(body) == ((400, "bad_action"), 0)


def test_another_processs_move_is_replayed_only_where_someone_follows_the_table():
    """With several processes on one store, a process replays another's move at once only for a
    table one of its own clients follows; any other table catches up from the store when asked
    (each process would otherwise apply every move of every table)."""
    async def body(auth: Authority) -> None:
        cls = await auth.store.class_by_key("key")
        followed, alone = await auth.create_tables(cls, {"game": "chromino", "seats": 2, "tables": 2, "seed": 9})
        watcher = Client(Bucket(100, 100))
        await auth.join(watcher, {"type": "join", "token": followed.seats[1].token})
        drained(watcher)
        for table in (followed, alone):  # "another process" stores the first move and announces it
            game = auth.games[table.id]
            move = json.dumps(game.legal_actions()[0].to_json())
            assert await auth.store.append(table.id, 0, move)
            await auth.on_remote(table.id, 1, move)
        [state] = drained(watcher)
        assert state["version"] == 1 and len(auth.games[followed.id].log) == 1
        assert len(auth.games[alone.id].log) == 0  # not replayed: nobody here follows it
        late = Client(Bucket(100, 100))
        await auth.join(late, {"type": "join", "token": alone.seats[0].token})
        assert drained(late)[0]["version"] == 1 == len(auth.games[alone.id].log)  # caught up on joining
        line = auth.summary(alone, set())
        assert line["version"] == 1

    run(body)


def test_a_commit_that_fails_while_running_names_the_file_and_stores_nothing(tmp_path, monkeypatch):
    """Moves of a batch whose commit fails are each told (a StoreError naming the file and what to
    do: ``store_down`` for the student), nothing of it is applied, and the next move is stored."""
    import sqlite3

    from chemgames.server.store import SqliteStore, StoreError

    path = str(tmp_path / "tables.db")

    async def main() -> None:
        auth = Authority(SqliteStore(path), admin_key="key", watch_every=3600)
        await auth.start()
        try:
            cls = await auth.store.class_by_key("key")
            [table] = await auth.create_tables(cls, {"game": "chromino", "seats": 2, "seed": 3})
            client = Client(Bucket(100, 100))
            await auth.join(client, {"type": "join", "token": table.seats[0].token})
            move = {"type": "act", "version": 0, "action": auth.legal_json(table.id)[0]}
            real = SqliteStore._append_one

            def broken(self: SqliteStore, *args: Any) -> bool:
                raise sqlite3.OperationalError("database or disk is full")

            monkeypatch.setattr(SqliteStore, "_append_one", broken)
            with pytest.raises(StoreError) as caught:
                await auth.act(client, move)
            assert path in str(caught.value) and "disk is not full" in str(caught.value)
            assert len(auth.games[table.id].log) == 0 and await auth.store.actions(table.id) == []
            monkeypatch.setattr(SqliteStore, "_append_one", real)
            await auth.act(client, move)  # the disk has room again: the same move is stored
            assert len(auth.games[table.id].log) == 1 and len(await auth.store.actions(table.id)) == 1
        finally:
            await auth.stop()

    ThreadPoolExecutor(1).submit(asyncio.run, main()).result()


def test_a_release_without_a_name_forgets_the_device_that_sat_there_when_it_freed_the_seat():
    """A release sent without the name the dashboard showed (an older dashboard, a script of the
    teacher's) read the seat's device before taking the table's lock. If meanwhile that student was
    released and a classmate sat down, the release freed the classmate's seat but forgot the first
    student's device: the classmate's device stayed filed at a table it no longer sits at and was
    refused at every other table (``device_seated``). The device forgotten must be the one on the seat
    the release freed."""
    from chemgames.server.seats import SeatRules as Seats

    async def body(auth: Authority) -> Any:
        cls = await auth.store.class_by_key("key")
        one, two = await auth.create_tables(cls, {"game": "chemix", "seats": 2, "tables": 2, "seed": 1})
        ada, bob = [await auth.new_device("10.0.0.1") for _ in range(2)]
        await auth.join_code(one.code, "Ada", ada, None, "x")
        asked, go_on = asyncio.Event(), asyncio.Event()
        reads = Seats.teachers_table

        async def slow_read(self: Any, klass: Any, table_id: str) -> Any:
            table = await reads(self, klass, table_id)
            if not asked.is_set():  # the nameless release's read: the window
                asked.set()
                await go_on.wait()
            return table

        Seats.teachers_table = slow_read  # type: ignore[method-assign]
        try:
            nameless = asyncio.create_task(auth.release(cls, one.id, 0))
            await asyncio.wait_for(asked.wait(), 10)
            Seats.teachers_table = reads  # type: ignore[method-assign]
            await auth.release(cls, one.id, 0, expect="Ada", hold=False)  # meanwhile: Ada released, Bob sits down on seat 0
            assert (await auth.join_code(one.code, "Bob", bob, None, "x"))["seat"] == 0
            go_on.set()
            await nameless  # frees Bob's seat
        finally:
            Seats.teachers_table = reads  # type: ignore[method-assign]
        seat = (await auth.store.table(one.id)).seats[0]
        try:
            joined: Any = (await auth.join_code(two.code, "Bob", bob, None, "x"))["seat"]
        except Refusal as exc:
            joined = exc.key
        return seat.joined, joined

    assert run(body) == (False, 0)  # Bob's seat is free, and Bob's device may sit down elsewhere


@pytest.mark.parametrize("game_id", ["metallurgie", "chemiekarten"])
def test_a_games_first_move_in_a_process_is_prepared_off_the_event_loop(game_id, monkeypatch):
    """A fresh server's first move of a game did its first-time work on the event loop, where every
    table of the server waited for it: Metallurgie's explanation imported SymPy (2.1 s at load 18),
    the Chemie-Kartenspiel's check read the substance reference (0.35 s), every game Babel's plural
    rules. The first table of a game kind now plays a move through on a copy in a thread, before
    the table is made: the first view, legal actions, check and explanation of the game are not
    made on the loop."""
    from chemgames.core.explanation import Explanation
    from chemgames.core.game import Game

    first: dict[str, bool] = {}  # each call's first time, and whether it was on the event loop

    def on_loop() -> bool:
        try:
            asyncio.get_running_loop()
            return True
        except RuntimeError:
            return False

    for cls, name in ((Explanation, "to_dict"), (Game, "check")):
        def spy(self: Any, *args: Any, made: Any = getattr(cls, name), name: str = name, **kwargs: Any) -> Any:
            first.setdefault(name, on_loop())
            return made(self, *args, **kwargs)
        monkeypatch.setattr(cls, name, spy)

    async def lesson(auth: Authority) -> list[str]:
        cls = await auth.store.class_by_key("key")
        [table] = await auth.create_tables(cls, {"game": game_id, "seats": 2, "seed": 3, "lang": "en"})
        clients = []
        for n in range(2):
            seat = await auth.join_code(table.code, f"S{n}", None, None, "10.0.0.7")
            clients.append(Client(Bucket(99, 99)))
            await auth.join(clients[-1], {"type": "join", "token": seat["token"], "lang": "de"})
        game = auth.games[table.id]
        mover = clients[game.current_player]
        await auth.act(mover, {"type": "act", "version": 0, "action": auth.legal_json(table.id)[0]})
        return [m["type"] for m in drained(mover) if m]

    assert "state" in run(lesson)
    assert first == {"to_dict": False, "check": False}, first  # the first check and explanation: off the loop
