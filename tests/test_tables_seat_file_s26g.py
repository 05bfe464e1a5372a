"""A student's seat file: in the JupyterLite site it survives a reload, and it gives a seat back only
to the student who took it (session 26).

In the site's Pyodide the home folder is the tab's memory: a reload lost the seat file, and the
student who joined again under her name was refused (``name_taken``: her name sits on the seat)
or, under another spelling, given a new seat. Now the site keeps the file in the browser's storage
(``/drive``, where the site's notebooks are). That storage is the browser profile's, which a class
shares on a school computer: so a kept seat is given back only to the name it was taken under; a
classmate at the same browser is told that this device sits at the table as Ada (one device, one
seat), not given Ada's seat."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

for needed in ("starlette", "uvicorn", "websockets"):  # the server extra
    pytest.importorskip(needed)

KEY = "teacher-key-of-the-seat-file-tests"


def test_in_the_lite_site_the_seat_file_is_in_the_browsers_storage(tmp_path, monkeypatch):
    from chemgames.server import client

    drive = tmp_path / "drive"
    drive.mkdir()
    monkeypatch.delenv("CHEMGAMES_SEATS", raising=False)
    monkeypatch.setattr(client, "LITE_DRIVE", str(drive), raising=False)
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert client.seats_file() == drive / ".chemgames" / "seats.json"
    drive.rmdir()  # no browser storage (the site over http:// from a classroom server): the tab's memory
    assert client.seats_file() == Path.home() / ".chemgames" / "seats.json"
    monkeypatch.setenv("CHEMGAMES_SEATS", str(tmp_path / "mine.json"))  # chosen: always that
    assert client.seats_file() == tmp_path / "mine.json"


def test_a_kept_seat_is_given_back_to_its_student_and_not_to_a_classmate_at_the_same_browser(tmp_path, monkeypatch):
    import chemgames.tables as tables
    from chemgames.server import client
    from chemgames.server.students import ServerProcess

    monkeypatch.setenv("CHEMGAMES_SEATS", str(tmp_path / "seats.json"))  # one browser's storage
    monkeypatch.delenv("CHEMGAMES_NAME", raising=False)
    srv = ServerProcess(f"sqlite:///{tmp_path}/tables.db", KEY, log=str(tmp_path / "server.log"))
    try:
        (table,) = tables.create("raeumab", seats=3, server=srv.base, teacher_key=KEY, seed=3)
        ada = client.claim(table.code, server=srv.base, name="Ada")
        # Ben at the same browser: before, Ada's token, "again". One device, one seat: not Ada's, and said so
        with pytest.raises(client.TableError) as refused:
            client.claim(table.code, server=srv.base, name="Ben")
        assert refused.value.code == "seated_as" and "„Ada“" in str(refused.value), refused.value
        # after a reload Ada's own seat, as she typed her name (case and spaces as typed)
        again = client.claim(table.code.lower(), server=srv.base, name=" ada ")
        assert again["again"] and again["token"] == ada["token"]
        # Ben at a browser of his own: a seat of his own
        monkeypatch.setenv("CHEMGAMES_SEATS", str(tmp_path / "bens.json"))
        ben = client.claim(table.code, server=srv.base, name="Ben")
        assert ben["seat"] != ada["seat"] and ben["token"] != ada["token"]
        (row,) = tables.overview(server=srv.base, teacher_key=KEY)
        assert sorted(str(s["name"]) for s in row["seats"]) == ["Ada", "Ben", "None"]
        # the seat released by the teacher: Ada's kept token is void, and her join takes the seat anew
        monkeypatch.setenv("CHEMGAMES_SEATS", str(tmp_path / "seats.json"))
        client.control(table.id, "release", seat=ada["seat"], body={"hold": False}, server=srv.base, teacher_key=KEY)
        game = tables.join(table.code, server=srv.base, name="Ada")
        try:
            assert game.seat == ada["seat"] and not game.again
        finally:
            game.close()
    finally:
        srv.stop()


def test_in_the_lite_site_a_seat_is_kept_for_a_school_day_only(tmp_path, monkeypatch):
    """The browser's storage is the profile's, which the next class at a school computer shares: a seat
    kept there (its token opens it; a device id with the code gives it back) is forgotten after
    ``KEPT_IN_SITE`` (a school day), on a computer of the student's own it is kept (a restarted laptop)."""
    import time

    from chemgames.server import client

    drive = tmp_path / "drive"
    drive.mkdir()
    monkeypatch.delenv("CHEMGAMES_SEATS", raising=False)
    monkeypatch.setattr(client, "LITE_DRIVE", str(drive), raising=False)
    monkeypatch.setattr(sys, "platform", "emscripten")
    client._keep_seat("http://s", "K7P2X", "tok-ada", device="dev-ada", name="Ada")
    assert client.kept_seat("http://s", "K7P2X", "Ada") == "tok-ada" and client.kept_device("http://s") == "dev-ada"
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now + client.KEPT_IN_SITE - 60)  # the same day: kept
    assert client.kept_seat("http://s", "K7P2X", "Ada") == "tok-ada"
    monkeypatch.setattr(time, "time", lambda: now + client.KEPT_IN_SITE + 60)  # the next class: forgotten
    assert client.kept_seat("http://s", "K7P2X", "Ada") is None and client.kept_device("http://s") is None
    client._keep_seat("http://s", "QW4RT", "tok-ben", name="Ben")  # the next write leaves the old seat out of the file
    assert "tok-ada" not in (drive / ".chemgames" / "seats.json").read_text() and "dev-ada" not in (drive / ".chemgames" / "seats.json").read_text()
