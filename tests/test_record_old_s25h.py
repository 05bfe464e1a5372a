"""Old records in the teacher's report (s25h).

``maybe_doubled`` (s24h) flagged every old notebook session that opened with a burst of both seats' moves from
move 0: a resumed game, whose moves the old listener (before 48ccab5c) recorded again as the student's. A game
played in Python before its widget was shown (``w.apply(...)`` in a cell, then a click) left the same burst in
the old record, but those moves had never been recorded before: counted once, rightly. The report called them
"womöglich doppelt", a false alarm. The lines below are written as the old listener wrote them (see
``test_record_version_s24h``); the right answers are counted here by hand.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from chemgames.record import local
from chemgames.record.report import build

SETUP = {"game": "raeumab", "players": 2, "seed": 7, "lang": "de", "options": {}}


def _session(sid: str, created: float, setup: dict[str, Any] = SETUP) -> dict[str, Any]:
    return {"type": "session", "id": sid, "lesson": "2026-11-27", "source": "notebook", "game": "raeumab", "table": "",
            "names": ["Mia", "greedy"], "setup": setup, "created": created, "owner": 0}


def _move(sid: str, at: int, ts: float, cards: tuple[int, int] | None = None) -> dict[str, Any]:
    seat = at % 2
    return {"type": "event", "ts": ts, "lesson": "2026-11-27", "student": "greedy" if seat else "Mia", "session": sid,
            "game": "raeumab", "seat": seat, "kind": "bot" if seat else "move", "secs": None, "at": at,
            "rule": "ra.simple_pair", "action": {"game": "raeumab", "player": seat, "kind": "pair",
                                                   "params": {"cards": list(cards or (at, at + 1))}},
            "facts": {"steps": ["ra.gcd"]}, "ok": True}


def _report(tmp_path: Path, name: str, lines: list[dict[str, Any]]) -> str:
    path = tmp_path / name
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), "utf-8")
    sessions, events = local.load(path)
    return str(build(events, sessions, "de")["old_record"])


def test_a_game_played_in_python_before_it_was_shown_is_no_resumed_game(tmp_path: Path) -> None:
    # w.apply(...) six times in a cell, then Mia's click: the old listener recorded all 7 moves at that click,
    # the first time any of them was recorded (no earlier session holds them): nothing counts twice
    burst = [_move("p", at, 5000.0 + 0.001 * at) for at in range(7)]
    assert _report(tmp_path, "python.jsonl", [_session("p", 4999.0), *burst]) == ""
    # an earlier game of the same deal, played otherwise: its moves are not these, nothing was recorded twice
    other = [_move("a", at, 100.0 + 30 * at, cards=(at + 20, at + 21)) for at in range(6)]
    assert _report(tmp_path, "deal.jsonl", [_session("a", 99.0), *other, _session("p", 4999.0), *burst]) == ""
    # another deal whose moves read the same (same cards by place): not this game either
    seed8 = {**SETUP, "seed": 8}
    same = [_move("a", at, 100.0 + 30 * at) for at in range(6)]
    assert _report(tmp_path, "seed.jsonl", [_session("a", 99.0, seed8), *same, _session("p", 4999.0), *burst]) == ""


def test_a_resumed_game_is_still_told_with_the_moves_recorded_before(tmp_path: Path) -> None:
    # the same lines with the saved game's first recording before them: Mia's moves at 0, 2 and 4 were recorded
    # then and again in the burst; her move at 6 is new (the right answer by hand: 3)
    played = [_move("a", at, 100.0 + 30 * at) for at in range(6)]
    burst = [_move("b", at, 5000.0 + 0.001 * at) for at in range(7)]
    said = _report(tmp_path, "resumed.jsonl", [_session("a", 99.0), *played, _session("b", 4999.0), *burst])
    assert said.endswith("bis zu 3 Züge zählen hier womöglich doppelt (Mia)."), said
    # a save made after 4 moves, resumed: Mia's moves at 0 and 2 again (the one at 4 is new)
    short = [_move("c", at, 6000.0 + 0.001 * at) for at in range(5)]
    said = _report(tmp_path, "short.jsonl", [_session("a", 99.0), *played[:4], _session("c", 5999.0), *short])
    assert said.endswith("bis zu 2 Züge zählen hier womöglich doppelt (Mia)."), said


# ---------------------------------------------------------------------- one version number for the record
# ``export_json`` wrote ``"version": 1`` (its document) beside each session's ``"version": 2`` (the record), and the
# store dropped the session's: an export of today's tables read as an old record. Now the record has one version,
# RECORD_VERSION, in every session (the store keeps it) and in the export that holds them; an export of session 24
# or before (``"version": 1``, sessions without it) still reads.

def test_the_export_and_its_sessions_say_the_one_record_version(tmp_path: Path) -> None:
    import chemgames
    from chemgames.record.events import RECORD_VERSION, Recorder
    from chemgames.record.store import RecordStore

    store = RecordStore(tmp_path / "chemgames-record.db")
    rec = Recorder(store.add, store.add_session, lesson="7b")
    g = chemgames.new_game("raeumab", players=2, seed=3, lang="de")
    s = rec.session(g, ["Mia", "Ali"], table="Tisch 1")
    a = g.legal_actions()[0]
    rec.action(s, a, g.apply(a), at=0)
    assert store.sessions()[0]["version"] == 2
    data = json.loads(store.export_json())
    assert data["format"] == "chemgames-record" and data["version"] == 2 == RECORD_VERSION
    assert [x["version"] for x in data["sessions"]] == [2]
    store.close()
    # a store written before: its sessions without the field (as every table's before session 25), read as before
    import sqlite3

    old = tmp_path / "old.db"
    db = sqlite3.connect(old)
    db.executescript("CREATE TABLE sessions (id TEXT PRIMARY KEY, lesson TEXT, source TEXT, game TEXT, tbl TEXT, "
                     "names TEXT, setup TEXT, created REAL, number INTEGER);"
                     "INSERT INTO sessions VALUES ('s0', '7b', 'table', 'raeumab', 'Tisch 1', '[\"Mia\"]', '{}', 1.0, 2);")
    db.commit()
    db.close()
    store = RecordStore(old)
    assert "version" not in store.sessions()[0] and store.sessions()[0]["number"] == 2
    store.close()


def test_an_export_of_an_older_version_still_reads(tmp_path: Path) -> None:
    from chemgames.widgets.report import report

    folder = tmp_path / "abgaben"
    folder.mkdir()
    session = {k: v for k, v in _session("a", 99.0).items() if k != "type"} | {"source": "table", "table": "Tisch 1"}
    moves = [{k: v for k, v in _move("a", at, 100.0 + 30 * at).items() if k != "type"} for at in range(4)]
    (folder / "export.json").write_text(json.dumps({"format": "chemgames-record", "version": 1, "sessions": [session],
                                                    "events": moves}), "utf-8")
    w = report(folder=folder, lang="de", names=True)
    assert [p["name"] for p in w.report["students"]] == ["Mia"] and w.report["unread"] == "", w.report
    assert w.report["summary"].endswith("2 Aktionen") and w.report["old_record"] == ""

