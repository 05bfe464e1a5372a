"""The teacher's report at the end of the first lesson, where it used to hitch.

- ``chemgames.report()`` run in the workspace's notebooks: the teacher started ``chemgames serve`` in
  a folder (its record, ``chemgames-record.db``, lies there) and ``chemgames lab`` in the same one
  (the notebooks run in ``chemgames-workspace/notebooks/``). The report finds the record a few
  folders up instead of opening a new, empty file beside the notebook and saying "Noch nichts
  aufgezeichnet."; where there is none it says where it looked, and creates no file.
- A moment that cannot be replayed (its game's setup is not in the record, or the rules changed
  since the lesson) is said in the teacher's language from the catalog, without a Python class
  name (the report showed "StopIteration: " or "IllegalAction: …").
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

import chemgames
from chemgames.record.events import Recorder
from chemgames.record.store import RecordStore
from chemgames.widgets.report import ReportWidget


def _lesson(add: Callable[[dict[str, Any]], None], add_session: Callable[[dict[str, Any]], None]) -> None:
    """Three moves of Mia and Ali at Räum-Ab!, recorded as the table server records them."""
    rec = Recorder(add, add_session, lesson="7b")
    g = chemgames.new_game("raeumab", players=2, seed=3, lang="de")
    s = rec.session(g, ["Mia", "Ali"], table="Tisch 1")
    for _ in range(3):
        a = g.legal_actions()[0]
        rec.action(s, a, g.apply(a), at=len(g.log) - 1)


def _events() -> tuple[list, list]:
    events: list = []
    sessions: list = []
    _lesson(events.append, sessions.append)
    return events, sessions


def _record(path: Path) -> None:
    store = RecordStore(path)
    try:
        _lesson(store.add, store.add_session)
    finally:
        store.close()

def test_the_report_finds_the_servers_record_from_the_workspaces_notebooks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _record(tmp_path / "chemgames-record.db")
    notebooks = tmp_path / "chemgames-workspace" / "notebooks"
    notebooks.mkdir(parents=True)
    monkeypatch.chdir(notebooks)
    w = chemgames.report(lang="de")
    assert w.report["students"] and not w.error
    assert str(tmp_path / "chemgames-record.db") in w.report["source"]
    assert not (notebooks / "chemgames-record.db").exists()


def test_no_record_is_said_with_where_it_was_looked_for_and_no_file_is_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    notebooks = tmp_path / "a" / "b" / "c" / "d"
    notebooks.mkdir(parents=True)
    monkeypatch.chdir(notebooks)
    for lang, words in (("de", "Keine Aufzeichnung"), ("en", "No record")):
        w = chemgames.report(lang=lang)
        assert words in w.error and str(notebooks) in w.error, w.error
        assert not list(tmp_path.rglob("chemgames-record.db"))
    w = chemgames.report(db=str(notebooks / "elsewhere.db"), lang="de")  # a path with a typo
    assert "Keine Aufzeichnung" in w.error and not (notebooks / "elsewhere.db").exists()


def test_a_moment_whose_game_is_missing_is_said_in_words() -> None:
    events, sessions = _events()
    moves = [i for i, e in enumerate(events) if e["kind"] == "move"]
    for lang, words in (("de", "nachspielen"), ("en", "replayed")):
        w = ReportWidget(events, [], lang=lang)  # the hand-in without its game's setup
        w.receive({"type": "replay", "event": moves[-1]})
        assert words in w.error and not w.replay, w.error
        assert ":" not in w.error.split(" ")[0] and "Error" not in w.error and "Stop" not in w.error, w.error


def test_a_moment_whose_move_the_rules_now_refuse_is_said_in_words() -> None:
    events, sessions = _events()
    i = next(i for i, e in enumerate(events) if e["kind"] == "move" and e["at"] == 1)
    events[0] = {**events[0], "action": {**events[0]["action"], "kind": "no_such_kind"}}  # the move before it
    w = ReportWidget(events, sessions, lang="de")
    w.receive({"type": "replay", "event": i})
    assert "nachspielen" in w.error and "Illegal" not in w.error and "Malformed" not in w.error, w.error
    w.receive({"type": "replay", "event": "x"})  # a message no view of ours sends
    assert w.error != "?" and "nachspielen" in w.error, w.error


def test_the_report_of_a_record_with_several_lessons_shows_the_latest_and_names_the_others(tmp_path: Path) -> None:
    """A teacher's record file keeps every class's lessons of the retention period (the server
    records 7b on Monday and 8a on Tuesday into the same file): ``chemgames.report()`` at the end of
    Tuesday's lesson shows 8a's, says which lesson it is, and names the others to ask for; ``lesson="*"``
    shows all."""
    path = tmp_path / "chemgames-record.db"
    store = RecordStore(path)
    try:
        for lesson, names in (("7b 2026-11-27", ["Mia", "Ali"]), ("8a 2026-11-28", ["Ben", "Cem"])):
            rec = Recorder(store.add, store.add_session, lesson=lesson)
            g = chemgames.new_game("raeumab", players=2, seed=3, lang="de")
            s = rec.session(g, names, table="Tisch 1")
            for _ in range(4):
                a = g.legal_actions()[0]
                rec.action(s, a, g.apply(a), at=len(g.log) - 1)
    finally:
        store.close()
    w = chemgames.report(db=str(path), lang="de", names=True)
    assert [p["name"] for p in w.report["students"]] == ["Ben", "Cem"]
    assert w.report["lesson"] == "Stunde: 8a 2026-11-28", w.report["lesson"]
    assert "7b 2026-11-27" in w.report["other_lessons"] and "8a" not in w.report["other_lessons"]
    assert [p["name"] for p in chemgames.report(db=str(path), lesson="7b 2026-11-27", names=True).report["students"]] == ["Ali", "Mia"]
    assert [p["name"] for p in chemgames.report(db=str(path), lesson="*", names=True).report["students"]] == ["Ali", "Ben", "Cem", "Mia"]
    en = chemgames.report(db=str(path), lang="en").report
    assert en["lesson"] == "Lesson: 8a 2026-11-28" and "7b 2026-11-27" in en["other_lessons"]
