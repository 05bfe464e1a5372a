"""Every reason a teacher or a student reads from the table server comes from the catalogs, in German
and in English: never an exception's class name or its English text (session 17's review).

- a set-aside table said "Beiseitegestellt: IllegalAction: Bei der Aktion …" on the German dashboard;
- the protocol's own refusals (a message that is no JSON, of an unknown type, an action of another
  game, a parameter of a wrong kind) were English inside German text;
- a fault of the server named its class ("ZeroDivisionError"), a proxy's error page said "HTTP Error
  502: Bad Gateway", a dropped connection said "ConnectionClosedError", the dashboard said "timed out".

All in-process (an in-memory store, plain outboxes for clients): quick.
"""
from __future__ import annotations

import io
import json
import re
from types import SimpleNamespace
from typing import Any

import pytest

for needed in ("starlette", "uvicorn", "websockets"):  # the server extra
    pytest.importorskip(needed)

from chemgames.server.authority import Authority, Bucket, Client, Refusal  # noqa: E402
from chemgames.server.protocol import ProtocolError, error, parse  # noqa: E402
from test_tables_authority import run  # noqa: E402

#: English words that never stand in a German sentence of ours (checked as whole words)
ENGLISH = {"the", "a", "is", "not", "needs", "need", "unknown", "field", "fields", "wrong", "kind", "of",
           "never", "negative", "language", "object", "this", "plays", "expecting", "value", "line", "column",
           "char", "true", "must", "text", "whole", "number", "action", "error", "bad", "gateway", "timed", "out",
           "no", "answer", "connection", "closed", "refused", "unpaired", "surrogate", "delimiter", "property"}
#: what an exception's class name looks like in a text (IllegalAction, KeyError, JSONDecodeError …)
CLASS_NAME = re.compile(r"\b(?:[A-Z][a-z]+){1,3}(?:Error|Exception|Action|Closed\w*)\b|\bTraceback\b")


def words(text: str) -> set[str]:
    """The words of ``text`` outside quotes (a field's name, „action“, is the protocol's, in any language)."""
    text = re.sub(r"„[^“]*“|'[^']*'", " ", text)
    return {w.strip(".,:;()'\"„“»«!?…").lower() for w in text.split()}


def said_well(message: dict[str, str], *why: Any) -> None:
    """``message`` is said in both languages, from the catalogs: no class name, no English in German."""
    assert set(message) >= {"de", "en"}, (why, message)
    for lang in ("de", "en"):
        assert message[lang] and not CLASS_NAME.search(message[lang]), (why, lang, message[lang])
    assert not ENGLISH & words(message["de"]), (why, ENGLISH & words(message["de"]), message["de"])


# ---------------------------------------------------------------------- a table set aside
def test_a_set_aside_tables_reason_is_said_from_the_catalogs_in_each_language():
    stored = {
        "illegal": json.dumps({"game": "chromino", "player": 0, "kind": "place", "params": {"x": 999, "y": 0, "tile": 0, "rot": 0}}),
        "no_json": "{not json",
        "no_action": json.dumps({"game": "chromino", "player": 0, "kind": "place", "params": [1]}),
        "other_game": json.dumps({"game": "chromino", "player": 0, "kind": "steal", "params": {}}),
    }

    async def body(auth: Authority) -> dict[str, Any]:
        cls = await auth.store.class_by_key("key")
        made = await auth.create_tables(cls, {"game": "chromino", "seats": 2, "tables": len(stored) + 1, "seed": 5})
        for table, text in zip(made, stored.values()):
            await auth.store.append(table.id, 0, text)
        options = made[-1]  # a rules change after an upgrade: an option the game no longer knows
        await auth.store.modify(options.id, lambda t: t.options.update({"nonsense": 1}))
        auth.games.clear()  # as after a restart
        out = {}
        for name, table in zip([*stored, "options"], made):
            assert await auth.game(table.id) is None, name
            out[name] = auth.summary(table, set())["set_aside"]
        return out

    reasons = run(body)
    for name, why in reasons.items():
        assert isinstance(why, dict), (name, why)
        said_well(why, name)
    assert "1" in reasons["illegal"]["de"] and "1" in reasons["illegal"]["en"]  # which stored move
    assert reasons["illegal"]["de"] != reasons["no_json"]["de"]  # the rules' refusal is said as the rules say it


# ---------------------------------------------------------------------- the protocol's refusals
@pytest.mark.parametrize("text", [
    "[]", '"x"', '{"type": "dance"}', '{"type": 3}', '{"type": "ping", "x": 1}', '{"type": "act", "version": 1}',
    '{"type": "act", "version": "1", "action": {}}', '{"type": "act", "version": true, "action": {}}',
    '{"type": "join", "token": "x", "lang": "fr"}', '{"type": "act", "version": -1, "action": {}}',
    "{not json", '{"type": "ping"', '"\\ud800"', "", "NaN]",
])
def test_a_malformed_message_is_refused_in_german_without_english_words(text):
    with pytest.raises(ProtocolError) as caught:
        parse(text)
    said_well(error(caught.value.key, 0, **caught.value.params)["message"], text)


def test_an_action_that_is_not_one_is_refused_in_german_without_english_words():
    async def body(auth: Authority) -> list[tuple[Any, dict[str, str]]]:
        cls = await auth.store.class_by_key("key")
        [table] = await auth.create_tables(cls, {"game": "chromino", "seats": 2, "seed": 7})
        device = await auth.new_device("10.0.0.1")
        seat = await auth.join_code(table.code, "Ada", device, None, "10.0.0.1")
        client = Client(Bucket(1000, 1000))
        await auth.join(client, {"type": "join", "token": seat["token"]})
        legal = auth.state(table.id, seat["seat"], "de")["legal"]
        one = legal[0] if legal else {"game": "chromino", "player": seat["seat"], "kind": "place", "params": {"x": 0}}
        ints = [k for k, v in one["params"].items() if type(v) is int and v in (0, 1)]
        tries = [
            {**one, "game": "chemix"},
            {**one, "params": [1, 2]},
            {**one, "params": {"x": 1.5}},
            {**one, "params": {"x": {"y": 1}}},
            {"game": "chromino", "kind": "place"},
            {"game": "chromino", "player": "0", "kind": "place"},
            {**one, "colour": "red"},
        ]
        if legal and ints:
            tries.append({**one, "params": {**one["params"], ints[0]: bool(one["params"][ints[0]])}})
        out = []
        for action in tries:
            for kind in ("act", "check"):
                with pytest.raises(Refusal) as caught:
                    await auth.act(client, {"type": kind, "version": 0, "action": action})
                out.append((action, error(caught.value.key, 0, **caught.value.params)["message"]))
        return out

    for action, message in run(body):
        said_well(message, action)


# ---------------------------------------------------------------------- faults
def test_a_fault_of_the_server_is_not_named_by_its_class(monkeypatch):
    from starlette.testclient import TestClient

    from chemgames.server.app import create_app

    app = create_app("sqlite:///:memory:", admin_key="k")

    async def broken(*args: Any) -> None:
        raise ZeroDivisionError("division by zero")

    with TestClient(app) as browser:
        monkeypatch.setattr(app.state.hub, "join", broken)
        with browser.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"type": "join", "token": "whatever"}))
            answer = ws.receive_json()
    assert answer["type"] == "error"
    said_well(answer["message"])
    assert "ZeroDivision" not in json.dumps(answer) and "division" not in json.dumps(answer)


def test_a_proxys_error_page_is_said_in_the_readers_language(monkeypatch):
    import urllib.error
    import urllib.request

    from chemgames.server import client
    from chemgames.server.client import TableError

    def gateway(req: Any, timeout: float = 0) -> Any:
        raise urllib.error.HTTPError(req.full_url, 502, "Bad Gateway", None, io.BytesIO(b"<html>nginx</html>"))  # type: ignore[arg-type]

    monkeypatch.setattr(urllib.request, "urlopen", gateway)
    said = {}
    for lang in ("de", "en"):
        with pytest.raises(TableError) as caught:
            client.request("GET", "http://127.0.0.1:9/api/tables", lang=lang)
        said[lang] = str(caught.value)
        assert caught.value.status == 502
    said_well(said)
    assert "502" in said["de"] and said["de"] != said["en"]


def test_a_move_on_a_dropped_connection_is_said_without_the_libraries_words():
    from chemgames.server.client import RemoteGame, TableError

    class Dropped:
        def send(self, text: str) -> None:
            from websockets.exceptions import ConnectionClosedError
            raise ConnectionClosedError(None, None)

    said = {}
    for lang in ("de", "en"):
        remote = RemoteGame.__new__(RemoteGame)
        remote.server, remote._lang, remote._void, remote._ws = "http://127.0.0.1:9", lang, None, Dropped()
        with pytest.raises(TableError) as caught:
            remote._send({"type": "ping"})
        said[lang] = str(caught.value)
    said_well(said)


def test_the_dashboard_says_a_server_that_does_not_answer_in_its_language():
    from chemgames.widgets.dashboard import Dashboard

    for fault in (TimeoutError("timed out"), ConnectionRefusedError(111, "Connection refused"), OSError("No route to host")):
        said = {}
        for lang in ("de", "en"):
            said[lang] = Dashboard._said(SimpleNamespace(lang=lang), fault)  # type: ignore[arg-type]
        said_well(said, fault)
        assert "timed out" not in said["de"] and "refused" not in said["de"].lower()


def test_jupyterlites_request_says_a_network_fault_in_the_readers_language(monkeypatch):
    import sys
    import types

    from chemgames import tables_web
    from chemgames.server.client import TableError

    class Request:
        status, responseText, statusText = 0, "", ""

        def open(self, *args: Any) -> None: ...
        def setRequestHeader(self, *args: Any) -> None: ...

        def send(self, body: Any) -> None:
            if self.fail:
                raise RuntimeError("NetworkError: A network error occurred.")

    for fail in (True, False):
        fake = types.ModuleType("js")
        fake.XMLHttpRequest = type("X", (), {"new": staticmethod(lambda: type("R", (Request,), {"fail": fail})())})  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "js", fake)
        said = {}
        for lang in ("de", "en"):
            with pytest.raises(TableError) as caught:
                tables_web.xhr_request("GET", "http://10.0.0.5:8765/api/tables", None, None, lang)
            said[lang] = str(caught.value)
        said_well(said, fail)
        assert "NetworkError" not in said["de"] and "CORS?" not in said["de"]


# ---------------------------------------------------------------------- a student's widget
def _german_notice(msg: Any, broken: Any = None, content: Any = None) -> dict[str, str]:
    """What a German and an English game widget's notice say after ``msg`` (``broken``: a fault put
    into the widget's dispatch; ``content``: sent through the comm handler as the browser sends it)."""
    from chemgames.widgets import play_chromino

    said = {}
    for lang in ("de", "en"):
        w = play_chromino(players=2, seed=3, lang=lang, bots=["random"])
        if broken is not None:
            w._dispatch = broken  # type: ignore[method-assign]
        if content is not None:
            w._on_msg(w, content, [])
        else:
            w.receive(msg)
        said[lang] = w.panel["notice"]["title"]
    return said


@pytest.mark.parametrize("action", [[1], {"game": "chromino", "kind": "place"}, {"game": "chromino", "player": 0,
                                    "kind": "place", "params": {"x": 1.5}}, {"game": "chromino", "player": 0, "kind": "x", "colour": 1}])
def test_a_widget_says_a_malformed_action_in_its_language(action):
    said_well(_german_notice({"type": "act", "action": action}), action)


def test_a_widgets_own_fault_is_not_named_by_its_class():
    def broken(msg: Any, buffers: Any) -> None:
        raise KeyError("x")

    said = _german_notice({"type": "hint"}, broken=broken)
    said_well(said)
    assert "KeyError" not in said["de"] + said["en"]


@pytest.mark.parametrize("content", [{"type": "hint"}, {"version": 0, "type": "act", "action": {}, "x": float("nan")}])
def test_a_widgets_refusal_of_a_browsers_message_is_said_in_its_language(content):
    said_well(_german_notice(None, content=content), content)


def test_a_table_that_does_not_answer_in_time_is_said_in_the_readers_language():
    from chemgames.server.client import RemoteGame, TableError

    for lang in ("de", "en"):
        remote = RemoteGame.__new__(RemoteGame)
        remote._lang, remote.timeout, remote._replies, remote._closed, remote._void = lang, 0.01, [], False, None
        remote._cond = __import__("threading").Condition()
        with pytest.raises(TimeoutError) as caught:  # still a TimeoutError for the scripts that wait
            remote._reply(lambda m: False)
        assert isinstance(caught.value, TableError)
        said_well({"de": str(caught.value), "en": "no"} if lang == "de" else {"de": "nein", "en": str(caught.value)})
