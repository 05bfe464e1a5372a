"""A mischievous student racing the teacher's controls (session 25).

Each instant is made to happen by a hook on the store, so the race is the same at every run:

- The teacher releases an intruder's seat for anybody (``{"hold": false}``) at the moment the
  intruder's notebook joins again with the seat's token: the join had read the token as valid just
  before, and then sat the connection down with the table as it was read, the token still on it.
  The intruder was sent the seat's view and (SQLite: the store does not check the token again) had
  a move stored; the next classmate to sit there would have had the hand shown to the intruder.
- The teacher gives a table a new code (the old one was seen by another group) at the moment a
  student joins with the old one: the join had looked the table up by the old code just before,
  and seated the student anyway.

Both with either store (an SQLite file, a real ``redis-server``)."""
from __future__ import annotations

import contextlib
from typing import Any, AsyncIterator

import pytest

for needed in ("starlette", "uvicorn", "websockets"):  # the server extra
    pytest.importorskip(needed)

from test_tables_store_faults import KEY, in_loop, store_url  # noqa: E402,F401  (store_url: a fixture)


def drained(client: Any) -> list[Any]:
    out = []
    while not client.outbox.empty():
        out.append(client.outbox.get_nowait())
    return out


@contextlib.asynccontextmanager
async def chemuno_table(url: str, seed: int) -> AsyncIterator[tuple[Any, Any, Any]]:
    """An authority on the store at ``url`` (started, stopped after), its class and one Chemuno table of three."""
    from chemgames.server.authority import Authority
    from chemgames.server.store import open_store

    auth = Authority(open_store(url), admin_key=KEY, watch_every=3600, device_burst=100)
    await auth.start()
    try:
        cls = await auth.store.class_by_key(KEY)
        (table,) = await auth.create_tables(cls, {"game": "chemuno", "seats": 3, "seed": seed})
        yield auth, cls, table
    finally:
        await auth.stop()


def test_an_intruder_rejoining_as_the_teacher_frees_the_seat_is_not_seated_again(store_url):
    from chemgames.server.authority import Bucket, Client
    from chemgames.server.protocol import Refusal

    async def go() -> dict[str, Any]:
        async with chemuno_table(store_url, 4) as (auth, cls, table):
            seated = [await auth.join_code(table.code, name, await auth.new_device("10.0.0.9"), None, "10.0.0.9")
                      for name in ("Ada", "Zed", "Ben")]
            zed = seated[1]
            looked = auth.store.seat_by_token
            freed: list[Any] = []

            async def then_release(token: str) -> Any:
                found = await looked(token)
                if token == zed["token"] and not freed:  # the token read as valid: the teacher frees the seat now
                    freed.append(await auth.release(cls, table.id, zed["seat"], expect="Zed", hold=False))
                return found

            auth.store.seat_by_token = then_release  # type: ignore[method-assign]
            intruder = Client(Bucket(100, 100))
            out: dict[str, Any] = {}
            try:
                await auth.join(intruder, {"type": "join", "token": zed["token"]})
                out["join"] = "joined"
            except Refusal as refused:
                out["join"] = (refused.status, refused.key)
            out["sent"] = [m.get("type") if m else None for m in drained(intruder)]
            out["connected"] = intruder.table_id
            game = await auth.game(table.id)
            turn = game.current_player if game is not None else None
            if out["join"] == "joined" and turn == zed["seat"]:  # what the intruder could do
                legal = auth.legal_json(table.id)
                try:
                    await auth.act(intruder, {"type": "act", "version": len(game.log), "action": legal[0]})
                except Refusal as refused:
                    out["act"] = refused.key
            out["moves"] = len(await auth.store.actions(table.id))
            out["seat"] = (await auth.store.table(table.id)).seats[zed["seat"]].name
            return out

    out = in_loop(go())
    assert out["join"] == (403, "server.bad_token"), out  # before: "joined", the seat's state sent
    assert "state" not in out["sent"] and out["connected"] is None, out
    assert out["seat"] is None and out["moves"] == 0, out


def test_a_join_with_the_old_code_as_the_teacher_gives_a_new_one_is_refused(store_url):
    from chemgames.server.protocol import Refusal

    async def go() -> dict[str, Any]:
        async with chemuno_table(store_url, 5) as (auth, cls, table):
            hold = auth.store.hold_device
            fresh: list[Any] = []

            async def then_new_code(class_id: str, device: str, table_id: str) -> str:
                if not fresh:  # the table was looked up by the old code: the teacher gives a new one now
                    fresh.append(await auth.new_code(cls, table.id))
                return await hold(class_id, device, table_id)

            auth.store.hold_device = then_new_code  # type: ignore[method-assign]
            out: dict[str, Any] = {}
            try:
                out["join"] = (await auth.join_code(table.code, "Eve", None, None, "10.0.0.9"))["seat"]
            except Refusal as refused:
                out["join"] = (refused.status, refused.key)
            out["names"] = [s.name for s in (await auth.store.table(table.id)).seats]
            out["new code"] = (await auth.join_code(fresh[0].code, "Ben", None, None, "10.0.0.9"))["seat"]
            return out

    out = in_loop(go())
    assert out["join"] == (404, "server.bad_code"), out  # before: seat 0, with the code the teacher had just replaced
    assert out["names"] == [None, None, None] and out["new code"] == 0, out



def test_an_action_for_a_seat_the_table_does_not_have_is_no_action():
    """``"player": -1`` was answered "you play seat 1; you cannot act for seat 0" (a seat that is
    not there, counted from 1), and ``10**30`` named a seat of thirty-one digits: now both are no
    action of this table, said with the seats there are."""
    from test_tables_authority import drained as drain, refused, run

    from chemgames.server.authority import Authority, Bucket, Client

    async def body(auth: Authority) -> list[Any]:
        cls = await auth.store.class_by_key("key")
        (table,) = await auth.create_tables(cls, {"game": "chemuno", "seats": 3, "seed": 4})
        ada = await auth.join_code(table.code, "Ada", await auth.new_device("10.0.0.9"), None, "10.0.0.9")
        client = Client(Bucket(100, 100))
        await auth.join(client, {"type": "join", "token": ada["token"]})
        drain(client)
        out = []
        for player in (-1, 3, 10**30):
            action = {"game": "chemuno", "player": player, "kind": "draw", "params": {}}
            for kind in ("act", "check"):
                try:
                    await auth.act(client, {"type": kind, "version": 0, "action": action})
                except Exception as exc:  # noqa: BLE001 - what the student is told
                    out.append((getattr(exc, "key", type(exc).__name__), exc.params.get("detail").render("en")
                                if getattr(exc, "params", {}).get("detail") else ""))
        out.append(await refused(auth.act(client, {"type": "act", "version": 0, "action": {
            "game": "chemuno", "player": (ada["seat"] + 1) % 3, "kind": "draw", "params": {}}})))
        return out

    out = run(body, device_burst=100)
    assert out[:6] == [("server.bad_action", "'player' is the number of a seat of this table (0 to 2)")] * 6, out
    assert out[6] == (403, "not_your_seat"), out


def test_a_student_rejoining_as_the_teacher_moves_them_sits_down_at_the_new_seat(store_url):
    """The same instant with a move instead of a release: the token goes with the student to the
    other table. Before, the join sat the connection down at the old seat (sent its view, now of
    an empty seat); a join that only checked the seat again would refuse a token that is valid.
    Now it looks the token up again and joins the seat it opens now."""
    from chemgames.server.authority import Bucket, Client

    async def go() -> tuple[Any, Any, Any, list[Any]]:
        async with chemuno_table(store_url, 6) as (auth, cls, table):
            (other,) = await auth.create_tables(cls, {"game": "chemuno", "seats": 3, "seed": 7})
            zed = await auth.join_code(table.code, "Zed", await auth.new_device("10.0.0.9"), None, "10.0.0.9")
            looked = auth.store.seat_by_token
            moved: list[Any] = []

            async def then_move(token: str) -> Any:
                found = await looked(token)
                if not moved:  # the token read at the old seat: the teacher moves Zed to the other table now
                    moved.append(await auth.move(cls, table.id, zed["seat"], other.id, 2, expect="Zed"))
                return found

            auth.store.seat_by_token = then_move  # type: ignore[method-assign]
            client = Client(Bucket(100, 100))
            await auth.join(client, {"type": "join", "token": zed["token"]})
            states = [m for m in drained(client) if m and m.get("type") == "state"]
            return other.id, client.table_id, client.seat, [(m["table"], m["seat"]) for m in states]

    other, joined, seat, states = in_loop(go())
    assert (joined, seat, states) == (other, 2, [(other, 2)]), (joined, seat, states)


def test_a_join_by_code_as_the_teacher_frees_the_seat_on_another_process_gets_no_token_of_the_freed_seat(store_url):
    """The intruder's device joins again by the code (its seat: "again") at the moment the teacher,
    on another server process, frees the seat for anybody. The join's answer read the token from
    the table after its transaction: the freed seat's new token, which lets anybody sit there, went
    to the intruder. Now the answer says the token the transaction saw (void once the release is
    stored): the intruder is not back in."""
    from chemgames.server.authority import Authority
    from chemgames.server.store import open_store

    async def go() -> tuple[Any, Any, Any]:
        async with chemuno_table(store_url, 8) as (auth, cls, table):
            other = Authority(open_store(store_url), admin_key=KEY, watch_every=3600)  # the teacher's process
            await other.start()
            try:
                device = await auth.new_device("10.0.0.9")
                zed = await auth.join_code(table.code, "Zed", device, None, "10.0.0.9")
                modify = auth.store.modify
                freed: list[Any] = []

                async def then_release(table_id: str, change: Any) -> Any:
                    done = await modify(table_id, change)
                    if not freed:  # the join's transaction is stored: the teacher frees the seat now
                        freed.append(await other.release(await other.store.class_by_key(KEY), table.id, zed["seat"],
                                                         expect="Zed", hold=False))
                    return done

                auth.store.modify = then_release  # type: ignore[method-assign]
                again = await auth.join_code(table.code, "Zed", device, None, "10.0.0.9")
                opens = await auth.store.seat_by_token(again["token"])
                return zed["token"], again["token"], opens
            finally:
                await other.stop()

    before, given, opens = in_loop(go())
    assert opens is None, (before == given, opens)  # before: the freed seat's new token, which opens it


def test_a_bot_for_a_seat_number_of_many_digits_is_refused_not_dropped():
    """``"bots": {"99999999999": "greedy"}`` set the tables up without the bot (keys of four or more
    characters were left out unread, to bound ``int()``): a set-up the teacher did not ask for, said
    nowhere. Now it is refused like any other seat the table does not have, and nothing is made."""
    from test_tables_authority import refused, run

    from chemgames.server.authority import Authority

    async def body(auth: Authority) -> list[Any]:
        cls = await auth.store.class_by_key("key")
        out: list[Any] = []
        for bots in ({"99999999999": "greedy"}, {"0002": "greedy"}, {"1" * 5000: "random"}):
            out.append(await refused(auth.create_tables(cls, {"game": "chemuno", "seats": 3, "bots": bots})))
        out.append(len(await auth.store.tables(cls.id)))
        (made,) = await auth.create_tables(cls, {"game": "chemuno", "seats": 3, "bots": {"2": "greedy"}})
        out.append([s.kind for s in made.seats])
        return out

    assert run(body) == [(400, "bad_request")] * 3 + [0, ["human", "human", "greedy"]]


@pytest.mark.parametrize("where", ["one process", "two processes"])
def test_a_join_by_code_as_the_teacher_moves_the_student_away_gives_no_second_seat(store_url, where):
    """Zed's notebook joins again by the code of the table the teacher is moving him away from (to
    keep two students apart). The join had found his device held at that table just before the
    move, and once the move was stored it found no seat of his device there and gave him the seat
    the move had just freed: his device sat at both tables, back beside the classmate. With two
    server processes the move's device was filed only after its transaction, so the join found it
    still at the old table. Now the move files the device in its transaction, and a join that seats
    a device anew checks that the device is still held at this table (else the seat is given back
    and the join refused ``device_seated``, naming where the device sits)."""
    from chemgames.server.authority import Authority
    from chemgames.server.model import secret_id
    from chemgames.server.protocol import Refusal
    from chemgames.server.store import open_store

    async def go() -> tuple[Any, list[Any], list[Any]]:
        async with chemuno_table(store_url, 9) as (auth, cls, table):
            (other,) = await auth.create_tables(cls, {"game": "chemuno", "seats": 3, "seed": 10})
            device = await auth.new_device("10.0.0.9")
            zed = await auth.join_code(table.code, "Zed", device, None, "10.0.0.9")
            teacher = Authority(open_store(store_url), admin_key=KEY, watch_every=3600) if where == "two processes" else auth
            if teacher is not auth:
                await teacher.start()
            out: dict[str, Any] = {}

            async def zed_joins() -> None:
                try:
                    out["join"] = (await auth.join_code(table.code, "Zed", device, None, "10.0.0.9"))["table"]
                except Refusal as refused:
                    out["join"] = (refused.status, refused.key)

            async def move() -> None:
                await teacher.move(cls, table.id, zed["seat"], other.id, 1, expect="Zed")

            try:
                if where == "one process":  # the move between the join's look at the device and its seat
                    hold = auth.store.hold_device

                    async def then_move(class_id: str, dev: str, table_id: str) -> str:
                        found = await hold(class_id, dev, table_id)
                        if dev == secret_id(device) and "moved" not in out:
                            out["moved"] = True
                            await move()
                        return found

                    auth.store.hold_device = then_move  # type: ignore[method-assign]
                    await zed_joins()
                else:  # the join right after the move's transaction, on the other process
                    many = teacher.store.modify_many

                    async def then_join(ids: list[str], change: Any, *filed: Any) -> Any:
                        done = await many(ids, change, *filed)
                        await zed_joins()
                        return done

                    teacher.store.modify_many = then_join  # type: ignore[method-assign]
                    await move()
            finally:
                if teacher is not auth:
                    await teacher.stop()
            names = [[s.name for s in (await auth.store.table(t.id)).seats] for t in (table, other)]
            return out["join"], names, [await auth.store.hold_device(cls.id, secret_id(device), "nowhere")]

    joined, names, held = in_loop(go())
    assert joined == (409, "server.device_seated"), (joined, names)  # before: a seat at the old table again
    assert names[0].count("Zed") == 0 and names[1].count("Zed") == 1, names
