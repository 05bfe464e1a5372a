"""A hand-in recorded before s24g's fix (48ccab5c) may count a resumed game's earlier moves twice: the old
notebook listener recorded, at the first message after a resume, every move of the saved game again as the
student's, all in that one instant. The record had no version field to tell old from new; now each session
carries ``version`` (2), and the report says of an old record's resumed game how many moves may count twice.

The old lines are written here as that listener wrote them (the code before 48ccab5c: a new session with the
same set-up, then ``for i in range(len(log))`` recorded at once, the bots' seat as ``bot``); the right
answer by hand: the saved game held 6 moves, Mia's at 0, 2 and 4; her move at 6 was new. So 3 moves may
count twice, and nothing in a new record or a game that was not resumed.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import chemgames
from chemgames.record import local
from chemgames.record.events import RECORD_VERSION, Recorder
from chemgames.record.report import build

SETUP = {"game": "raeumab", "players": 2, "seed": 7, "lang": "de", "options": {}}


def _session(sid: str, created: float, **more: Any) -> dict[str, Any]:
    return {"type": "session", "id": sid, "lesson": "2026-11-27", "source": "notebook", "game": "raeumab", "table": "",
            "names": ["Mia", "greedy"], "setup": SETUP, "created": created, "owner": 0, **more}


def _move(sid: str, at: int, ts: float, bot: bool = False) -> dict[str, Any]:
    seat = at % 2
    return {"type": "event", "ts": ts, "lesson": "2026-11-27", "student": "greedy" if seat else "Mia", "session": sid,
            "game": "raeumab", "seat": seat, "kind": "bot" if seat or bot else "move", "secs": None, "at": at,
            "rule": "ra.simple_pair", "action": {"game": "raeumab", "player": seat, "kind": "pair",
                                                   "params": {"cards": [at, at + 1]}},
            "facts": {"steps": ["ra.gcd"]}, "ok": True}


def _old_lines() -> list[dict[str, Any]]:
    played = [_move("a", at, 100.0 + 30 * at) for at in range(6)]                 # the first game: 6 moves
    resumed = [_move("b", at, 5000.0 + 0.001 * at) for at in range(7)]           # resumed: 0..5 again, then 6
    return [_session("a", 99.0), *played, _session("b", 4999.0), *resumed]


def _write(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), "utf-8")
    return path


def test_an_old_hand_in_with_a_resumed_game_says_its_moves_may_count_twice(tmp_path: Path) -> None:
    sessions, events = local.load(_write(tmp_path / "chemgames-raeumab-Mia-2026-11-27-1042.jsonl", _old_lines()))
    mine = [e for e in events if e["kind"] == "move"]
    assert len(mine) == 3 + 4  # what the old record counts: Mia's 3 moves, and 4 again after the resume
    for lang, words in (("de", "Ältere Aufzeichnung (vor Version 2): Eine fortgesetzte Partie wurde ab ihrem Anfang "
                               "noch einmal aufgezeichnet; bis zu 3 Züge zählen hier womöglich doppelt (Mia)."),
                        ("en", "Older record (before version 2): a resumed game was recorded again from its start; up "
                               "to 3 moves may count twice here (Mia).")):
        r = build(events, sessions, lang)
        assert r["old_record"] == words, r["old_record"]
    from chemgames.widgets.report import ReportWidget  # on the projector: the line names no one

    shown = ReportWidget(events, sessions, lang="de").report["old_record"]
    assert shown.endswith("bis zu 3 Züge zählen hier womöglich doppelt (Schüler·in 1).") and "Mia" not in shown, shown
    one = [_session("a", 99.0), _move("a", 0, 100.0), _move("a", 1, 130.0), _session("b", 4999.0),
           _move("b", 0, 5000.0), _move("b", 1, 5000.001), _move("b", 2, 5000.002)]  # saved: 2 moves, Mia's at 0
    sessions, events = local.load(_write(tmp_path / "one.jsonl", one))
    assert build(events, sessions, "de")["old_record"].endswith("bis zu 1 Zug zählt hier womöglich doppelt (Mia).")


def test_a_new_record_and_a_game_not_resumed_say_nothing(tmp_path: Path) -> None:
    played = _old_lines()[:7]  # only the first game, old: no resume, nothing doubled
    sessions, events = local.load(_write(tmp_path / "a.jsonl", played))
    assert build(events, sessions, "de")["old_record"] == ""
    new = [{**x, "version": RECORD_VERSION} if x["type"] == "session" else
           {**x, "kind": "bot"} if x["session"] == "b" and x["at"] < 6 else x for x in _old_lines()]
    sessions, events = local.load(_write(tmp_path / "b.jsonl", new))  # as the record writes it since s24g
    assert build(events, sessions, "de")["old_record"] == ""


def test_every_session_the_recorder_makes_carries_the_record_version() -> None:
    made: list[dict[str, Any]] = []
    rec = Recorder(lambda e: None, made.append, lesson="7b")
    rec.session(chemgames.new_game("raeumab", players=2, seed=1, lang="de"), ["Mia", "Ali"], table="Tisch 1")
    rec.session("raeumab", ["Mia"], kind="worksheet", lang="de")
    assert [s["version"] for s in made] == [2, 2] and RECORD_VERSION == 2
