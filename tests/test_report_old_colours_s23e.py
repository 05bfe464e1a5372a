"""A record written before session 22 (d9aebb8) kept a Chromino tile's and a side's colours in English only
("●red-▲yellow", "▲ yellow"), whatever the language of the game: the German report of such a hand-in read
"z. B. ●red-●red-▲yellow ab (−4, 0) nach rechts". The lines below were written by that version's
``chemgames.record.events`` (its ``simple`` kept ``Text.en``), a Chromino game in German; the report reads them
and says the colours in the teacher's language."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from chemgames.games.chromino.tiles import COLOURS
from chemgames.record import local
from chemgames.record.report import build
from chemgames.widgets.report import load_folder

#: three refusals and their game, as the record file of the version before d9aebb8 holds them
OLD_LINES = [
    '{"type":"event","ts":1795914883.5835075,"lesson":"7b 2026-11-27","student":"Ida","session":"3f932d24eb83","game":"chromino","seat":0,"kind":"refused","secs":null,"at":0,"rule":"ch.one_contact","action":{"game":"chromino","player":0,"kind":"place","params":{"tile":1,"x":-4,"y":0,"rot":0}},"facts":{"params":{"tile":"●red-●red-▲yellow","x":"−4","y":"0","dir":"ch.dir0"},"steps":[{"key":"ch.contact_ok","params":{"square":3,"own":"▲ yellow","other":"▲ yellow","side":"ch.side_right","kind":"ch.short_short"}}]},"ok":false}',
    '{"type":"event","ts":1795914883.5835702,"lesson":"7b 2026-11-27","student":"Ida","session":"3f932d24eb83","game":"chromino","seat":0,"kind":"refused","secs":0.0,"at":0,"rule":"ch.clash","action":{"game":"chromino","player":0,"kind":"place","params":{"tile":1,"x":-4,"y":0,"rot":2}},"facts":{"params":{"n":1,"tile":"▲yellow-●red-●red","x":"−4","y":"0","dir":"ch.dir0"},"steps":[{"key":"ch.contact_clash","params":{"square":3,"own":"● red","other":"▲ yellow","side":"ch.side_right","kind":"ch.short_short"}}]},"ok":false}',
    '{"type":"event","ts":1795914883.5842042,"lesson":"7b 2026-11-27","student":"Ida","session":"3f932d24eb83","game":"chromino","seat":0,"kind":"refused","secs":0.0,"at":0,"rule":"ch.overlap","action":{"game":"chromino","player":0,"kind":"place","params":{"tile":1,"x":-3,"y":0,"rot":0}},"facts":{"params":{"cells":"(−1, 0)","tile":"●red-●red-▲yellow","x":"−3","y":"0","dir":"ch.dir0"},"steps":[]},"ok":false}',
    '{"type":"session","id":"3f932d24eb83","lesson":"7b 2026-11-27","source":"table","game":"chromino","table":"Tisch 1","names":["Ida","Emil"],"setup":{"game":"chromino","players":2,"seed":3,"lang":"de","options":{"draw":"one","draw_limit":3,"open_hands":false,"scoring":"out","hand_size":8,"hands":null,"start":null}},"created":1795914883.5827038}',
]
ENGLISH = re.compile(r"\b(?:red|yellow|green|blue|purple)\b")


@pytest.fixture()
def old_folder(tmp_path: Path) -> Path:
    (tmp_path / "chemgames-record.jsonl").write_text("\n".join(OLD_LINES) + "\n", encoding="utf-8")
    return tmp_path


def _shown(report: dict) -> list[str]:
    texts = [m["text"] for m in report["misconceptions"]] + [x["text"] for m in report["misconceptions"] for x in m["examples"]]
    return texts + [x["text"] for row in report["concepts"] for x in row["reasons"]]


def test_the_old_lines_hold_english_colours_and_read_whole(old_folder: Path) -> None:
    """The fixture is what it claims: English colour names in a German game's refusals, every line read."""
    events, sessions, unread = load_folder(old_folder)
    assert unread == [] and len(events) == 3 and sessions[0]["setup"]["lang"] == "de"
    assert all(ENGLISH.search(str(e["facts"])) for e in events)


def test_a_german_report_of_an_old_record_says_the_colours_in_german(old_folder: Path) -> None:
    events, sessions, _ = load_folder(old_folder)
    r = build(events, sessions, "de")
    examples = [x["text"] for m in r["misconceptions"] for x in m["examples"]]
    assert len(examples) == 3, examples
    assert not [t for t in _shown(r) if ENGLISH.search(t)], _shown(r)
    # each tile as the test reads it from the line itself: its colours by their symbols, said in German
    by_symbol = {c.symbol: c for c in COLOURS}
    for e in events:
        tile = e["facts"]["params"]["tile"]
        german = "-".join(part[0] + by_symbol[part[0]].de for part in tile.split("-"))
        assert any(german in x for x in examples), (german, examples)
    assert "z. B. ▲Gelb-●Rot-●Rot ab (−4, 0) nach rechts" in examples


def test_an_english_report_of_the_same_record_keeps_english(old_folder: Path) -> None:
    events, sessions, _ = load_folder(old_folder)
    examples = [x["text"] for m in build(events, sessions, "en")["misconceptions"] for x in m["examples"]]
    assert "e.g. ▲yellow-●red-●red from (−4, 0) to the right" in examples, examples


def test_a_generic_reason_with_a_sides_colours_is_said_in_german(old_folder: Path) -> None:
    """A refusal read by its rule alone says its first step: the side's colours of an old line, in German."""
    events, sessions, _ = load_folder(old_folder)
    clash = next(e for e in events if e["rule"] == "ch.clash")
    step = clash["facts"]["steps"][0]
    odd = {**clash, "rule": "ch.too_far", "facts": {"params": {}, "steps": [step]}}  # no misconception of its own
    r = build([odd], sessions, "de")
    reasons = [x["text"] for row in r["concepts"] for x in row["reasons"]]
    assert reasons and not [t for t in reasons if ENGLISH.search(t)], reasons
    assert "● Rot" in reasons[0] and "▲ Gelb" in reasons[0], reasons
