"""A mischievous student once more (session 22): what the server answers to addresses and methods
it does not serve. The house's promise (docs/tables.md, "What is sent"): every refusal is a 4xx with
``{"error": code, "message": {"de": …, "en": …}}`` and changes nothing. A seat number that is no
number (``/seats/x/release``), a negative one, a path that is no route or a GET where a POST is
served came back as Starlette's plain text "Not Found" / "Method Not Allowed": the notebook then
said only "HTTP status 404 without explanation … check the server's address and port"."""
from __future__ import annotations

from typing import Any

import pytest

for needed in ("starlette", "uvicorn", "websockets"):  # the server extra
    pytest.importorskip(needed)

from test_tables_devices import JSON, make_tables  # noqa: E402
from test_tables_store_faults import KEY  # noqa: E402

TEACHER = {**JSON, "X-Chemgames-Key": KEY}


def said(answer: Any) -> tuple[int, str]:
    body = answer.json()  # JSON, never a page of text
    assert set(body["message"]) == {"de", "en"} and all(body["message"].values()), body
    return answer.status_code, body["error"]


def test_an_address_or_method_the_server_does_not_serve_is_refused_in_words_and_changes_nothing(tmp_path):
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app

    url = f"sqlite:///{tmp_path / 'tables.db'}"
    (one, _), _ = make_tables(url)
    with TestClient(create_app(url, admin_key=KEY)) as school:
        ada = school.post("/api/join", json={"code": one.code, "name": "Ada"}, headers=JSON).json()
        before = school.get("/api/tables", headers=TEACHER).json()
        for path in (f"/api/tables/{one.id}/seats/x/release", f"/api/tables/{one.id}/seats/-1/release",
                     f"/api/tables/{one.id}/seats/0/release/now", "/api/seats", "/api/join/" + "x" * 300):
            assert said(school.post(path, json={}, headers=TEACHER)) == (404, "no_route"), path
        answer = school.post("/api/" + "\u00e4" * 300, json={}, headers=TEACHER)
        assert said(answer)[0] == 404 and len(answer.text) < 1000  # the path is not said back at length
        for method, path in (("GET", "/api/join"), ("GET", "/api/device"), ("DELETE", f"/api/tables/{one.id}"),
                             ("PUT", "/api/tables")):
            assert said(school.request(method, path, headers=TEACHER)) == (405, "bad_method"), (method, path)
        assert school.get("/api/tables", headers=TEACHER).json() == before
        assert school.post("/api/join", json={"code": one.code, "name": "Ada", "device": ada["device"]},
                           headers=JSON).json()["token"] == ada["token"]
