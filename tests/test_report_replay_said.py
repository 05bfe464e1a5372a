"""A moment of the report that cannot be replayed (its game's setup is not in the record, or the
rules changed since the lesson) is said in the teacher's language from the catalog, without a
Python class name (the report showed "StopIteration: " or "IllegalAction: …")."""
from __future__ import annotations

import chemgames
from chemgames.record.events import Recorder
from chemgames.widgets.report import ReportWidget


def _lesson() -> tuple[list, list]:
    events: list = []
    sessions: list = []
    rec = Recorder(events.append, sessions.append, lesson="7b")
    g = chemgames.new_game("raeumab", players=2, seed=3, lang="de")
    s = rec.session(g, ["Mia", "Ali"], table="Tisch 1")
    for _ in range(3):
        a = g.legal_actions()[0]
        rec.action(s, a, g.apply(a), at=len(g.log) - 1)
    return events, sessions


def test_a_moment_whose_game_is_missing_is_said_in_words() -> None:
    events, sessions = _lesson()
    moves = [i for i, e in enumerate(events) if e["kind"] == "move"]
    for lang, words in (("de", "nachspielen"), ("en", "replayed")):
        w = ReportWidget(events, [], lang=lang)  # the hand-in without its game's setup
        w.receive({"type": "replay", "event": moves[-1]})
        assert words in w.error and not w.replay, w.error
        assert ":" not in w.error.split(" ")[0] and "Error" not in w.error and "Stop" not in w.error, w.error


def test_a_moment_whose_move_the_rules_now_refuse_is_said_in_words() -> None:
    events, sessions = _lesson()
    i = next(i for i, e in enumerate(events) if e["kind"] == "move" and e["at"] == 1)
    events[0] = {**events[0], "action": {**events[0]["action"], "kind": "no_such_kind"}}  # the move before it
    w = ReportWidget(events, sessions, lang="de")
    w.receive({"type": "replay", "event": i})
    assert "nachspielen" in w.error and "Illegal" not in w.error and "Malformed" not in w.error, w.error
    w.receive({"type": "replay", "event": "x"})  # a message no view of ours sends
    assert w.error != "?" and "nachspielen" in w.error, w.error
