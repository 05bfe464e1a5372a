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
