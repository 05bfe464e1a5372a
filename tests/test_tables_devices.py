"""Device ids behind one school router (session 20): every student of a class reaches the server
from one address, so a budget of new device ids per address is one that a script at the same
router can take. A device id is now tied to the class of the code it was given for, and a right
join code gets one without any budget: a script taking ids as fast as they come leaves nothing
a classmate needs empty. Over HTTP (Starlette's test client: every request from one address), with
either store."""
from __future__ import annotations

from typing import Any

import pytest

for needed in ("starlette", "uvicorn", "websockets"):  # the server extra
    pytest.importorskip(needed)

from chemgames.server.authority import Authority  # noqa: E402
from chemgames.server.model import ClassRecord  # noqa: E402
from chemgames.server.store import open_store  # noqa: E402

from test_tables_store_faults import KEY, in_loop, store_url  # noqa: E402,F401  (store_url: a fixture)

JSON = {"Content-Type": "application/json"}


def make_tables(url: str) -> tuple[list[Any], list[Any]]:
    """Two chromino tables of four seats in the teacher's class, one in another class."""
    async def make() -> tuple[list[Any], list[Any]]:
        auth = Authority(open_store(url), admin_key=KEY, watch_every=3600)
        await auth.start()
        cls = await auth.store.class_by_key(KEY)
        await auth.store.add_class(ClassRecord("Klasse 8a", "key-of-8a"))
        other = await auth.store.class_by_key("key-of-8a")
        mine = await auth.create_tables(cls, {"game": "chromino", "seats": 4, "tables": 2, "seed": 1})
        theirs = await auth.create_tables(other, {"game": "chromino", "seats": 4, "tables": 1, "seed": 2})
        await auth.stop()
        return mine, theirs

    return in_loop(make())


def test_a_script_taking_device_ids_at_one_router_leaves_a_classmate_a_seat(store_url):
    """A script at the router takes device ids as fast as the server hands them out (200 asked
    for, and 60 joins of its table with new names); a classmate at the same address who joins for
    the first time still gets a device id and a seat at once, and gets them back with it."""
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app

    (one, two), _ = make_tables(store_url)
    with TestClient(create_app(store_url, admin_key=KEY)) as school:  # one address for everybody
        taken = [school.post("/api/device", json={}, headers=JSON).status_code for _ in range(200)]
        assert taken.count(200) <= 12 and taken[-1] == 429  # ids without a code: still per address
        grabbed = [school.post("/api/join", json={"code": one.code, "name": f"Bot {n}"}, headers=JSON)
                   for n in range(60)]
        assert [a.status_code for a in grabbed].count(200) == 4  # the table's four seats, no more
        assert {a.json()["error"] for a in grabbed if a.status_code != 200} == {"table_full"}
        # the classmate's first try: no device yet, the code off the board
        ada = school.post("/api/join", json={"code": two.code, "name": "Ada"}, headers=JSON)
        assert ada.status_code == 200, ada.text
        ada_device = ada.json()["device"]
        back = school.post("/api/join", json={"code": two.code, "name": "Ada", "device": ada_device}, headers=JSON)
        assert (back.status_code, back.json()["token"], back.json()["seat"]) == (200, ada.json()["token"], ada.json()["seat"])
        # one seat a device holds here as before: the other table of the class is refused
        elsewhere = school.post("/api/join", json={"code": one.code, "name": "Ada", "device": ada_device}, headers=JSON)
        assert (elsewhere.status_code, elsewhere.json()["error"]) == (409, "device_seated")
        # said with the number the teacher calls that table by (to move the student), and its code
        assert elsewhere.json()["message"]["de"].startswith(f"Dieses Gerät sitzt schon an Tisch {two.number} (Code {two.code})."), \
            elsewhere.json()


def test_a_device_of_one_class_guesses_no_code_of_another(store_url):
    """A device id of class A says nothing about the codes of class B: with it, B's code is a
    stranger's first try (a right code: a new device of B), and a code that is nobody's a guess
    counted against the device (5 at once) and the address (30 at once); once the address's budget
    is spent, B's right code and a wrong one are refused alike, before anything looked up is said,
    while a right code of the device's own class still gets its seat back, never slowed."""
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app

    (one, two), (theirs,) = make_tables(store_url)
    with TestClient(create_app(store_url, admin_key=KEY)) as school:
        mine = school.post("/api/join", json={"code": one.code, "name": "Ada"}, headers=JSON).json()
        moved = school.post("/api/join", json={"code": theirs.code, "name": "Ada", "device": mine["device"]}, headers=JSON)
        assert moved.status_code == 200, moved.text
        assert moved.json()["class"] == "Klasse 8a" and moved.json()["device"] != mine["device"]

        def said(code: str, device: str | None, name: str = "Cem") -> tuple[int, str]:
            answer = school.post("/api/join", json={"code": code, "name": name, "device": device}, headers=JSON)
            return answer.status_code, answer.json().get("error", "")

        wrong = iter("ZZZ" + a + b for a in "ABCDEFG" for b in "GHJKM")
        # the device's own wrong codes slow it first (5, as before), then tries without a device
        # spend the address's 30 guesses
        assert [said(next(wrong), mine["device"]) for _ in range(6)] == [(404, "bad_code")] * 5 + [(429, "slow_down")]
        assert [said(next(wrong), None) for _ in range(25)] == [(404, "bad_code")] * 25
        assert [said("YYYYY", None), said(theirs.code, None, "Bea")] == [(429, "too_many_codes")] * 2
        again = school.post("/api/join", json={"code": one.code, "name": "Ada", "device": mine["device"]}, headers=JSON)
        assert (again.status_code, again.json()["token"]) == (200, mine["token"])
