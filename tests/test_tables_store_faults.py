"""A damaged table store (session 17's mischief review): one table's row that no longer reads (an
edited or half-written record) must not stop ``chemgames serve`` nor the class's dashboard; the
table is set aside with a reason from the catalogs, the other tables play on. In-process, an SQLite
file in a temporary folder: quick."""
from __future__ import annotations

import asyncio
import json
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

for needed in ("starlette", "uvicorn", "websockets"):  # the server extra
    pytest.importorskip(needed)

from chemgames.server.authority import Authority  # noqa: E402
from chemgames.server.store import open_store  # noqa: E402

from test_tables_said import said_well  # noqa: E402

KEY = "key-of-the-store-fault-tests"


def in_loop(body: Any) -> Any:
    return ThreadPoolExecutor(1).submit(asyncio.run, body).result()


def a_store_with_damaged_rows(path: str) -> tuple[Any, list[Any], Any]:
    async def make() -> list[Any]:
        auth = Authority(open_store(f"sqlite:///{path}"), admin_key=KEY, watch_every=3600)
        await auth.start()
        cls = await auth.store.class_by_key(KEY)
        made = await auth.create_tables(cls, {"game": "chemix", "seats": 2, "tables": 4, "seed": 1})
        await auth.stop()
        return made

    made = in_loop(make())
    good, cut, odd, nested = made
    with sqlite3.connect(path) as db:
        data = json.loads(db.execute("SELECT data FROM tables WHERE id=?", (odd.id,)).fetchone()[0])
        data["seats"][0]["colour"] = "red"  # a field this version does not know: kept, the table plays (session 24)
        db.execute("UPDATE tables SET data=? WHERE id=?", ('{"id": "' + cut.id + '", "seats": [', cut.id))  # cut off
        db.execute("UPDATE tables SET data=? WHERE id=?", (json.dumps(data), odd.id))
        db.execute("UPDATE tables SET data=? WHERE id=?", ('[1, 2]', nested.id))
    return good, [cut, nested], odd


def test_a_table_row_that_does_not_read_is_set_aside_and_the_class_plays_on(tmp_path):
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app

    path = str(tmp_path / "tables.db")
    good, damaged, newer = a_store_with_damaged_rows(path)
    app = create_app(f"sqlite:///{path}", admin_key=KEY)
    with TestClient(app) as browser:  # the server starts (it stopped with a JSONDecodeError)
        listed = browser.get("/api/tables", headers={"X-Chemgames-Key": KEY})
        assert listed.status_code == 200, listed.text
        rows = {t["code"]: t for t in listed.json()["tables"]}
        assert "set_aside" not in rows[good.code] and "set_aside" not in rows[newer.code]
        for table in damaged:
            assert table.code in rows, table.code  # the teacher sees the table and why
            said_well(rows[table.code]["set_aside"], table.code)
        assert browser.get("/api/health").json()["set_aside"] == len(damaged)  # counted where a server is watched
        for table in damaged:  # a connection with a seat's token of the damaged table is told why
            with browser.websocket_connect("/ws") as ws:
                ws.send_text(json.dumps({"type": "join", "token": table.seats[0].token}))
                answer = ws.receive_json()
            assert answer["code"] == "set_aside", answer
        device = browser.post("/api/device", json={}).json()["device"]
        joined = browser.post("/api/join", json={"code": good.code, "name": "Ada", "device": device})
        assert joined.status_code == 200, joined.text
        for table in damaged:  # a student with the damaged table's code is told, the teacher's controls refuse
            other = browser.post("/api/device", json={}).json()["device"]
            refused = browser.post("/api/join", json={"code": table.code, "name": "Bob", "device": other})
            assert refused.status_code == 503 and refused.json()["error"] == "set_aside", refused.text
            said_well(refused.json()["message"])
            for path_ in (f"/api/tables/{table.id}/lock", f"/api/tables/{table.id}", f"/api/tables/{table.id}/save"):
                answer = browser.post(path_, json={"locked": True}, headers={"X-Chemgames-Key": KEY}) \
                    if path_.endswith("lock") else browser.get(path_, headers={"X-Chemgames-Key": KEY})
                assert answer.status_code in (404, 503), (path_, answer.status_code, answer.text)
                said_well(answer.json()["message"], path_)


@pytest.mark.parametrize("kept", ['{"http://127.0.0.1:9": "x", "#devices": {"http://127.0.0.1:9": 5}}',
                                  '{"http://127.0.0.1:9": {"ABCDE": 7}, "#devices": []}', "[]", '{"http://127.0.0.1:9": [1]}',
                                  '{"http://127.0.0.1:9": {"ABCDE": ""}}', "\x00\xff{"])
def test_a_students_damaged_seat_file_is_read_as_no_seat_kept(kept, tmp_path, monkeypatch):
    """The seat file (``~/.chemgames/seats.json``) edited by hand or by a script: joining asks the
    server anew instead of stopping with a traceback, and the file is written whole again."""
    from chemgames.server import client

    where = tmp_path / "seats.json"
    where.write_text(kept, "utf-8")
    monkeypatch.setenv("CHEMGAMES_SEATS", str(where))
    asked = []

    def server(method: str, url: str, body: Any = None, **kw: Any) -> dict[str, Any]:
        asked.append(url.rsplit("/", 1)[1])
        return {"device": "dev.sig"} if url.endswith("/device") else {"token": "tok", "seat": 0}

    monkeypatch.setattr(client, "request", server)
    assert client.claim("ABCDE", server="http://127.0.0.1:9", name="Ada")["token"] == "tok"
    assert asked == ["join"]  # no device id kept that reads: the join gives one
    assert json.loads(where.read_text("utf-8"))["http://127.0.0.1:9"] == {"ABCDE ada": "tok"}  # kept under the name


def test_with_redis_a_damaged_record_is_set_aside_too(tmp_path):
    """The same with Redis (a real ``redis-server`` on loopback): the class's list, a code, a token."""
    import shutil

    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (tests/run-all.sh installs it)")
    import redis
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app
    from chemgames.server.students import RedisProcess

    server = RedisProcess(str(tmp_path))
    try:
        async def make() -> list[Any]:
            auth = Authority(open_store(server.url), admin_key=KEY, watch_every=3600)
            await auth.start()
            cls = await auth.store.class_by_key(KEY)
            made = await auth.create_tables(cls, {"game": "chemix", "seats": 2, "tables": 2, "seed": 1})
            await auth.stop()
            return made

        good, bad = in_loop(make())
        redis.Redis(port=server.port).set(f"chemgames:table:{bad.id}", '{"id": "' + bad.id + '", "seats": [')
        with TestClient(create_app(server.url, admin_key=KEY)) as browser:
            rows = browser.get("/api/tables", headers={"X-Chemgames-Key": KEY}).json()["tables"]
            assert [(t["code"], t.get("damaged", False)) for t in rows] == [(good.code, False), (bad.code, True)]
            assert browser.get("/api/health").json()["set_aside"] == 1
            device = browser.post("/api/device", json={}).json()["device"]
            refused = browser.post("/api/join", json={"code": bad.code, "name": "Bob", "device": device})
            assert refused.status_code == 503 and refused.json()["error"] == "set_aside", refused.text
            with browser.websocket_connect("/ws") as ws:
                ws.send_text(json.dumps({"type": "join", "token": bad.seats[0].token}))
                assert ws.receive_json()["code"] == "set_aside"
    finally:
        server.stop()


# ---------------------------------------------------------------------- a stale tap on the dashboard
def test_a_release_or_move_tapped_on_a_stale_dashboard_does_not_hit_the_next_student():
    """The dashboard showed Ada on seat 1; meanwhile she was released and Bob sat down there (the
    list is asked for every few seconds). The teacher's tap meant Ada: it must not release Bob."""
    from test_tables_authority import refused, run

    async def body(auth: Authority) -> list[Any]:
        cls = await auth.store.class_by_key("key")
        one, two = await auth.create_tables(cls, {"game": "chemuno", "seats": 3, "tables": 2, "seed": 2})
        ada, bob = [await auth.new_device("10.0.0.1") for _ in range(2)]
        await auth.join_code(one.code, "Ada", ada, None, "x")
        await auth.release(cls, one.id, 0, expect="Ada", hold=False)  # the dashboard was right: released (for anybody)
        await auth.join_code(one.code, "Bob", bob, None, "x")  # Bob takes the free seat 0
        out = [await refused(auth.release(cls, one.id, 0, expect="Ada")),
               await refused(auth.move(cls, one.id, 0, two.id, 1, expect="Ada"))]
        out.append([s.name for s in (await auth.store.table(one.id)).seats])  # type: ignore[union-attr]
        await auth.move(cls, one.id, 0, two.id, 1, expect="Bob")
        out.append([s.name for s in (await auth.store.table(two.id)).seats])  # type: ignore[union-attr]
        return out

    assert run(body, device_burst=100) == [(409, "seat_changed"), (409, "seat_changed"), ["Bob", None, None],
                                           [None, "Bob", None]]


def test_the_dashboard_sends_the_name_it_showed_with_a_release_or_a_move(monkeypatch):
    from types import SimpleNamespace

    from chemgames.widgets import dashboard

    sent = []
    monkeypatch.setattr(dashboard._tables, "control", lambda *a, **kw: sent.append((a, kw)))
    board = SimpleNamespace(tables=[{"id": "t1"}, {"id": "t2"}])
    me = SimpleNamespace(board=board, server_url="http://x", _key="k", lang="de", refresh=lambda: None)
    dashboard.Dashboard.control(me, {"type": "release", "table": "t1", "seat": 0, "name": "Ada"})  # type: ignore[arg-type]
    dashboard.Dashboard.control(me, {"type": "move", "table": "t1", "seat": 0, "name": "Ada",  # type: ignore[arg-type]
                                     "to_table": "t2", "to_seat": 1})
    assert [a[3] if len(a) > 3 else kw.get("body") for a, kw in sent] == [{"name": "Ada"}, {"table": "t2", "seat": 1, "name": "Ada"}]


# ------------------------------------------------ a damaged record on its class's dashboard (session 18)
@pytest.fixture(params=["sqlite", "redis"])
def store_url(request, tmp_path):
    """Either store: an SQLite file, or a real ``redis-server`` on loopback (stopped after the test)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.db'}"
        return
    import shutil

    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (tests/run-all.sh installs it)")
    from chemgames.server.students import RedisProcess

    server = RedisProcess(str(tmp_path))
    try:
        yield server.url
    finally:
        server.stop()


def damage(url: str, table: Any) -> None:
    """Cut a table's stored record off, in the store itself."""
    cut = '{"id": "' + table.id + '", "seats": ['
    if url.startswith("sqlite"):
        with sqlite3.connect(url[len("sqlite:///"):]) as db:
            db.execute("UPDATE tables SET data=? WHERE id=?", (cut, table.id))
    else:
        import redis

        redis.Redis.from_url(url).set(f"chemgames:table:{table.id}", cut)


def test_a_damaged_record_is_listed_on_its_own_class_dashboard_with_either_store(store_url):
    """Both stores list a table whose record no longer reads on its class's dashboard (and only
    there), with its code and the catalog's reason; Redis could not (its class was in the record).
    A new code given to a table before the damage is the code listed."""
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app
    from chemgames.server.model import ClassRecord
    from chemgames.server.protocol import texts

    other_key = "key-of-the-other-class"

    async def make() -> tuple[list[Any], list[Any]]:
        auth = Authority(open_store(store_url), admin_key=KEY, watch_every=3600)
        await auth.start()
        cls = await auth.store.class_by_key(KEY)
        await auth.store.add_class(ClassRecord("Klasse 7b", other_key))
        other = await auth.store.class_by_key(other_key)
        mine = await auth.create_tables(cls, {"game": "chemix", "seats": 2, "tables": 3, "seed": 1})
        theirs = await auth.create_tables(other, {"game": "chemix", "seats": 2, "tables": 2, "seed": 2})
        mine[1] = await auth.new_code(cls, mine[1].id)  # the code filed anew before the damage
        await auth.stop()
        return mine, theirs

    mine, theirs = in_loop(make())
    damage(store_url, mine[1])
    damage(store_url, theirs[0])
    if store_url.startswith("redis"):  # a store of an older version: its readable tables are filed at start
        import redis

        redis.Redis.from_url(store_url).hdel("chemgames:filed", theirs[1].id)
    with TestClient(create_app(store_url, admin_key=KEY)) as browser:
        if store_url.startswith("redis"):
            assert redis.Redis.from_url(store_url).hget("chemgames:filed", theirs[1].id) == f"{theirs[1].code} Klasse 7b".encode()
        for key, tables, bad in ((KEY, mine, mine[1]), (other_key, theirs, theirs[0])):
            rows = browser.get("/api/tables", headers={"X-Chemgames-Key": key}).json()["tables"]
            assert sorted(t["code"] for t in rows) == sorted(t.code for t in tables), (store_url[:6], rows)
            (aside,) = [t for t in rows if t.get("damaged")]
            assert (aside["id"], aside["code"]) == (bad.id, bad.code)
            assert aside["set_aside"] == texts("server.aside.record")  # the same reason as the catalogs give
            said_well(aside["set_aside"], bad.code)
        assert browser.get("/api/health").json()["set_aside"] == 2


def test_with_redis_a_new_code_given_while_another_process_writes_the_table_leaves_no_old_code(tmp_path):
    """A new code is filed (``SET code:NEW NX``) before the record's transaction; when another
    process wrote the record meanwhile (a join, a release: WATCH aborts) the change ran again and
    found its own new code "taken", so the teacher's new-code control drew another one and the first
    stayed filed for the table: a code the dashboard never showed still joined it. Now a code filed
    for this very table is its own. The check reads every ``code:`` key of the store."""
    import shutil

    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (tests/run-all.sh installs it)")
    import redis

    from chemgames.server.students import RedisProcess

    server = RedisProcess(str(tmp_path))

    async def body() -> tuple[list[tuple[str, str, str]], str]:
        auth = Authority(open_store(server.url), admin_key="key", watch_every=3600)
        await auth.start()
        other = redis.Redis(port=server.port, decode_responses=True)  # another process's writes
        try:
            cls = await auth.store.class_by_key("key")
            [table] = await auth.create_tables(cls, {"game": "chromino", "seats": 2, "seed": 1})
            many = auth.store.modify_many
            first = [True]

            async def meanwhile(ids: list[str], change: Any) -> Any:
                def changed(tables: list[Any]) -> Any:
                    if first[0]:  # once: the record is written by another process inside the transaction
                        first[0] = False
                        key = f"chemgames:table:{ids[0]}"
                        other.set(key, other.get(key))
                    return change(tables)
                return await many(ids, changed)

            auth.store.modify_many = meanwhile  # type: ignore[method-assign]
            now = await auth.new_code(cls, table.id)
            codes = [(k.split(":")[-1], other.get(k), (await auth.store.table(other.get(k))).code)
                     for k in other.scan_iter("chemgames:code:*")]
            return codes, now.code
        finally:
            other.close()
            await auth.stop()

    try:
        codes, now = ThreadPoolExecutor(1).submit(asyncio.run, body()).result()
    finally:
        server.stop()
    assert [code for code, _, its in codes if code != its] == [] and [c for c, _, _ in codes] == [now], (codes, now)


# ------------------------------------------ a record of a newer version, a record that breaks (session 24)
def raw_record(url: str, table_id: str) -> str:
    """A table's record as it is in the store, byte for byte."""
    if url.startswith("sqlite"):
        with sqlite3.connect(url[len("sqlite:///"):]) as db:
            return str(db.execute("SELECT data FROM tables WHERE id=?", (table_id,)).fetchone()[0])
    import redis

    return str(redis.Redis.from_url(url, decode_responses=True).get(f"chemgames:table:{table_id}"))


def write_record(url: str, table_id: str, raw: str) -> None:
    if url.startswith("sqlite"):
        with sqlite3.connect(url[len("sqlite:///"):]) as db:
            db.execute("UPDATE tables SET data=? WHERE id=?", (raw, table_id))
    else:
        import redis

        redis.Redis.from_url(url).set(f"chemgames:table:{table_id}", raw)


def two_tables(url: str) -> list[Any]:
    async def make() -> list[Any]:
        auth = Authority(open_store(url), admin_key=KEY, watch_every=3600)
        await auth.start()
        cls = await auth.store.class_by_key(KEY)
        made = await auth.create_tables(cls, {"game": "chromino", "seats": 2, "tables": 2, "seed": 3})
        await auth.stop()
        return made

    return list(in_loop(make()))


def test_a_record_a_newer_version_wrote_loads_plays_and_keeps_its_fields(store_url):
    """During an upgrade a newer server (on the same Redis, or the file rolled back to this version)
    writes a field this version does not know, at the table and at a seat. Before, this version set
    the table aside (its class lost it until the upgrade was done); now it loads, plays, lists it,
    and every record it writes keeps those fields with their values (the newer server finds them
    again). A field it does not know is not shown on the dashboard (it might be a secret)."""
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app

    table, other = two_tables(store_url)
    record = json.loads(raw_record(store_url, table.id))
    record["tint"] = {"from": "a newer version", "n": [1, 2]}
    record["seats"][1]["mood"] = "calm"
    write_record(store_url, table.id, json.dumps(record))
    teacher = {"X-Chemgames-Key": KEY}
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        assert school.get("/api/health").json()["set_aside"] == 0
        rows = {t["id"]: t for t in school.get("/api/tables", headers=teacher).json()["tables"]}
        assert "set_aside" not in rows[table.id] and "damaged" not in rows[table.id], rows[table.id]
        assert "tint" not in rows[table.id] and all("mood" not in s for s in rows[table.id]["seats"])
        for name in ("Ada", "Ben"):  # each join writes the record
            joined = school.post("/api/join", json={"code": table.code, "name": name}, headers={"Content-Type": "application/json"})
            assert joined.status_code == 200, joined.text
        ada = joined.json()
        with school.websocket_connect("/ws") as ws:  # and the game plays
            ws.send_text(json.dumps({"type": "join", "token": ada["token"]}))
            state = ws.receive_json()
            assert state["type"] == "state", state
        assert school.post(f"/api/tables/{table.id}/lock", json={"locked": True}, headers=teacher).status_code == 200
        kept = json.loads(raw_record(store_url, table.id))
        assert kept["tint"] == record["tint"] and kept["seats"][1]["mood"] == "calm", kept
        assert [s["name"] for s in kept["seats"]] == ["Ada", "Ben"] and kept["locked"] is True
        assert "tint" not in raw_record(store_url, other.id)


def test_a_record_that_breaks_while_the_server_runs_gets_a_clear_refusal_and_changes_nothing(store_url):
    """A table's record edited into something that does not read while the server runs (by hand,
    a half-written copy): the teacher's controls are refused with the table set aside (503 and the
    catalog's text in both languages; before: 404 "there is no such table", though the dashboard
    listed it), a student's join too, the record stays byte for byte what it was, and the other
    table plays on. The store itself refuses to write over it (``Unreadable``)."""
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app
    from chemgames.server.store import Unreadable

    table, other = two_tables(store_url)
    teacher, plain = {"X-Chemgames-Key": KEY}, {"Content-Type": "application/json"}
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        assert school.post("/api/join", json={"code": table.code, "name": "Ada"}, headers=plain).status_code == 200
        broken = raw_record(store_url, table.id)[:-40]  # cut off
        write_record(store_url, table.id, broken)
        for how, path, body in (("post", f"/api/tables/{table.id}/lock", {"locked": True}),
                                ("post", f"/api/tables/{table.id}/seats/0/release", {}),
                                ("post", f"/api/tables/{table.id}/code", {}),
                                ("post", f"/api/tables/{table.id}/end", {"ended": True}),
                                ("get", f"/api/tables/{table.id}", None)):
            answer = getattr(school, how)(path, headers=teacher, **({} if body is None else {"json": body}))
            assert (answer.status_code, answer.json()["error"]) == (503, "set_aside"), (path, answer.text)
            said_well(answer.json()["message"], path)
        joined = school.post("/api/join", json={"code": table.code, "name": "Ben"}, headers=plain)
        assert (joined.status_code, joined.json()["error"]) == (503, "set_aside"), joined.text
        assert raw_record(store_url, table.id) == broken
        assert school.post("/api/join", json={"code": other.code, "name": "Cem"}, headers=plain).status_code == 200

        async def write_over() -> Any:
            store = open_store(store_url)
            await store.start()
            try:
                with pytest.raises(Unreadable) as refused:
                    await store.modify(table.id, lambda t: setattr(t, "locked", True))
                return refused.value
            finally:
                await store.close()

        assert in_loop(write_over()).table_id == table.id
        assert raw_record(store_url, table.id) == broken


# ------------------------------------------ a newer version's field that restricts (session 25)
def test_a_record_whose_must_names_a_field_this_version_does_not_understand_is_set_aside_clearly(store_url):
    """Unknown fields are kept and ignored (session 24): right for a field that adds something (a
    colour), wrong for one that restricts (a newer version's PIN on a table, as the seat's hold once
    was: kept but not obeyed, anybody with the code sat down). A record lists such fields in
    ``must``; this version sets a table aside whose ``must`` names a field it does not understand
    (at the table, or ``seats.<field>`` at a seat): its dashboard says which and what to do (in
    both languages), a student's join and a kept token get ``set_aside``, the teacher's controls
    too, and the record stays byte for byte what the newer version wrote. A ``must`` of fields
    it understands plays, and is kept."""
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app

    table, other = two_tables(store_url)
    newer = json.loads(raw_record(store_url, table.id))
    newer["pin"] = {"sha256": "5994471abb01112afcc18159f6cc74b4f511b99806da59b3caf5a9c173cacfc5"}
    newer["seats"][1]["badge"] = "blue"
    newer["must"] = ["pin", "seats.badge"]
    written = json.dumps(newer)
    write_record(store_url, table.id, written)
    known = json.loads(raw_record(store_url, other.id))
    known["must"] = ["locked", "seats.name"]  # fields this version understands: it serves the table
    write_record(store_url, other.id, json.dumps(known))
    teacher, plain = {"X-Chemgames-Key": KEY}, {"Content-Type": "application/json"}
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        assert school.get("/api/health").json()["set_aside"] == 1
        rows = {t["id"]: t for t in school.get("/api/tables", headers=teacher).json()["tables"]}
        row = rows[table.id]
        assert row.get("damaged") and row["code"] == table.code, row
        said = row["set_aside"]
        said_well(said, "must")
        assert "„pin“" in said["de"] and "'pin'" in said["en"] and "„seats.badge“" in said["de"], said
        assert "neuere Version" in said["de"] and "newer version" in said["en"], said
        assert "set_aside" not in rows[other.id] and "must" not in rows[other.id], rows[other.id]
        joined = school.post("/api/join", json={"code": table.code, "name": "Ben"}, headers=plain)
        assert (joined.status_code, joined.json()["error"]) == (503, "set_aside"), joined.text
        with school.websocket_connect("/ws") as ws:  # the token a notebook kept (the teacher's, here)
            ws.send_text(json.dumps({"type": "join", "token": table.seats[0].token}))
            assert ws.receive_json()["code"] == "set_aside"
        for path, body in ((f"/api/tables/{table.id}/lock", {"locked": False}),
                           (f"/api/tables/{table.id}/seats/0/release", {}), (f"/api/tables/{table.id}/code", {})):
            answer = school.post(path, json=body, headers=teacher)
            assert (answer.status_code, answer.json()["error"]) == (503, "set_aside"), (path, answer.text)
        assert raw_record(store_url, table.id) == written
        cem = school.post("/api/join", json={"code": other.code, "name": "Cem"}, headers=plain)
        assert cem.status_code == 200, cem.text
        assert json.loads(raw_record(store_url, other.id))["must"] == ["locked", "seats.name"]


def test_the_set_aside_message_says_the_true_reason(tmp_path):
    """A student (a join by code, a kept token) and the teacher's controls at a table set aside are
    told why in the words that hold for it: a record that does not read, or one a newer server
    version wrote, is not a table whose "stored moves no longer replay" (what every case said
    before, s25g's report); that one stays for the table whose moves do not replay
    (``test_tables_authority``)."""
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app

    url = f"sqlite:///{tmp_path / 'tables.db'}"
    damaged, newer = two_tables(url)
    write_record(url, damaged.id, '{"id": "' + damaged.id + '", "seats": [')  # cut off
    record = json.loads(raw_record(url, newer.id))
    record["pin"], record["must"] = "x", ["pin"]
    write_record(url, newer.id, json.dumps(record))
    reasons = {damaged.id: ({"de": "lässt sich nicht lesen", "en": "does not read"}),
               newer.id: ({"de": "neuere Version", "en": "newer version"})}
    teacher, plain = {"X-Chemgames-Key": KEY}, {"Content-Type": "application/json"}
    with TestClient(create_app(url, admin_key=KEY)) as school:
        for table in (damaged, newer):
            said = []
            joined = school.post("/api/join", json={"code": table.code, "name": "Ben"}, headers=plain)
            assert (joined.status_code, joined.json()["error"]) == (503, "set_aside"), joined.text
            said.append(joined.json()["message"])
            with school.websocket_connect("/ws") as ws:
                ws.send_text(json.dumps({"type": "join", "token": table.seats[0].token}))
                answer = ws.receive_json()
            assert answer["code"] == "set_aside", answer
            said.append(answer["message"])
            locked = school.post(f"/api/tables/{table.id}/lock", json={"locked": True}, headers=teacher)
            assert (locked.status_code, locked.json()["error"]) == (503, "set_aside"), locked.text
            said.append(locked.json()["message"])
            for message in said:
                said_well(message, table.id)
                assert "nachspielen" not in message["de"] and "replay" not in message["en"], message
                for lang, words in reasons[table.id].items():
                    assert words in message[lang], (lang, message)
