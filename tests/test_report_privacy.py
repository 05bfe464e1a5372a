"""The class report on the projector: students' names are hidden until the teacher shows them on
purpose, and hidden names are nowhere in the widget's synced state (what a saved notebook keeps and
the browser draws), not merely hidden by CSS; tables are numbered for the class ("Tisch 1"), never
labelled by their join code, in the report and in the record file."""
from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest

import chemgames
from chemgames.record.events import Recorder
from chemgames.record.simulate import class_plan, play_class
from chemgames.record.store import RecordStore
from chemgames.record.tables import TableRecorder

pytestmark = pytest.mark.xdist_group("report_privacy")


@pytest.fixture(scope="module")
def lesson() -> tuple[list, list, set[str]]:
    events: list = []
    sessions: list = []
    pupils = [p for p in class_plan() if p.table in ("Tisch 1", "Tisch 4")]  # one table of each game
    play_class(Recorder(events.append, sessions.append), pupils=pupils, max_actions=300)
    return events, sessions, {e["student"] for e in events if e.get("student")}


def _state(w) -> str:
    """Everything the widget syncs to the browser (and a saved notebook keeps)."""
    return json.dumps(w.get_state(), ensure_ascii=False, default=str)


def _named(text: str, names: set[str]) -> set[str]:
    return {n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text)}


def test_names_are_hidden_by_default_and_not_in_the_state(lesson) -> None:
    events, sessions, names = lesson
    assert len(names) == 8
    w = chemgames.report(events=events, sessions=sessions, lang="de")
    assert w.names is False
    assert _named(_state(w), names) == set()
    # the misconceptions still say how many, with stable placeholders in place of the names
    who = w.report["misconceptions"][0]["who_text"]
    assert re.fullmatch(r"Bei: Schüler·in \d+ \(\d+-mal\)(, Schüler·in \d+ \(\d+-mal\))*", who), who
    rows = [p["name"] for p in w.report["students"]]
    assert sorted(rows, key=lambda x: int(x.split()[-1])) == [f"Schüler·in {i}" for i in range(1, 9)]
    # a replayed example names the placeholder too
    w.receive({"type": "replay", "event": w.report["misconceptions"][0]["examples"][0]["event"]})
    assert w.replay["title"] and _named(_state(w), names) == set()
    assert w.ui["names_show"] == "Namen zeigen"


def test_showing_names_is_a_deliberate_switch_and_hiding_again_removes_them(lesson) -> None:
    events, sessions, names = lesson
    w = chemgames.report(events=events, sessions=sessions, lang="en")
    placeholders = {p["name"] for p in w.report["students"]}
    assert placeholders == {f"Student {i}" for i in range(1, 9)}
    w.receive({"type": "names", "show": True})
    assert w.names is True and _named(_state(w), names) == names
    shown = w.report["misconceptions"][0]["who_text"]
    assert shown.startswith("Shown by: ") and "Student" not in shown
    w.receive({"type": "replay", "event": w.report["misconceptions"][0]["examples"][0]["event"]})
    assert _named(w.replay["title"], names)
    w.receive({"type": "names", "show": False})
    assert w.names is False and _named(_state(w), names) == set() and not w.replay
    # the same placeholders again: stable within the view
    assert {p["name"] for p in w.report["students"]} == placeholders
    # a browser's attempt to set the trait directly is refused, as every other trait
    w.set_state({"names": True})
    assert w.names is False
    assert _named(_state(chemgames.report(events=events, sessions=sessions, lang="de", names=True)), names) == names


def _served(path) -> list[str]:
    """Two Räum-Ab! tables through the server's recorder, each with a named student's refusal."""
    store = RecordStore(path)
    rec = TableRecorder(store)
    codes = ["K7P2X", "QW4RT"]
    games: dict = {}
    for i, code in enumerate(codes):
        table = SimpleNamespace(id=f"t{i}", class_id="7b", code=code, players=2)
        g = games[table.id] = chemgames.new_game("raeumab", players=2, seed=3 + i, lang="de")
        rec.named(table, 0, ["Mia", "Tara"][i])
        acted = rec.hook(games.get)
        a = g.legal_actions()[0]
        _ = g.apply(a)
        acted(table, 0, a, g.log[-1].explanation, True)
        bad = g.action_from_json({"game": "raeumab", "player": g.current_player, "kind": "pair", "params": {"cards": [0, 1]}})
        acted(table, g.current_player, bad, g.check(bad), False)  # the second seat: no name typed
    store.flush()
    store.close()
    return codes


def test_no_join_code_in_the_report_or_the_record(tmp_path) -> None:
    path = tmp_path / "chemgames-record.db"
    codes = _served(path)
    for names in (False, True):
        w = chemgames.report(db=path, lang="de", names=names)
        state = _state(w)
        assert not [c for c in codes if c in state], state
        assert "2 Tische" in w.report["summary"]
        refused = next(i for i, e in enumerate(w.events) if e["kind"] == "refused")
        w.receive({"type": "replay", "event": refused})
        assert w.replay["title"].startswith(("Tisch 1, Platz 2", "Schüler·in")), w.replay["title"]
        assert not [c for c in codes if c in _state(w)]
    shown = chemgames.report(db=path, lang="de", names=True)
    # the unnamed seats are named by the class-local table number, in the order the tables were first seen
    assert {p["name"] for p in shown.report["students"]} == {"Mia", "Tara", "Tisch 1, Platz 2", "Tisch 2, Platz 2"}
    # the record file keeps no join code: the tables are told apart without it
    store = RecordStore(path)
    try:
        kept = json.dumps([store.sessions(), store.events()], ensure_ascii=False, default=str)
    finally:
        store.close()
    assert not [c for c in codes if c in kept]
    assert not [c for c in codes if c.encode() in path.read_bytes()]


def test_old_records_with_codes_are_numbered_too() -> None:
    """A record file written before this change labels tables by code: the report numbers them."""
    events: list = []
    sessions: list = []
    pupils = [p for p in class_plan() if p.table in ("Tisch 1", "Tisch 4")]
    play_class(Recorder(events.append, sessions.append), pupils=pupils, max_actions=60)
    old = {"Tisch 1": "Tisch K7P2X", "Tisch 4": "Tisch QW4RT"}
    for s in sessions:
        s["table"] = old[s["table"]]
    w = chemgames.report(events=events, sessions=sessions, lang="de", names=True)
    state = _state(w)
    assert "K7P2X" not in state and "QW4RT" not in state
    assert "2 Tische" in w.report["summary"]


def _saved(tmp_path, cells: list[str]) -> str:
    """The notebook of ``cells`` run by a kernel and saved with its widgets' state, as text."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    NotebookClient(nb, timeout=120, kernel_name="python3", store_widget_state=True,
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    path = tmp_path / "bericht.ipynb"
    nbformat.write(nb, path)
    return path.read_text("utf-8")


def test_a_saved_notebook_keeps_no_hidden_name(tmp_path) -> None:
    """Saved with the widgets' state (what a notebook handed on or projected later shows): the names
    hidden, and hidden again after being shown, are nowhere in the file; shown, they are (the check
    can fail)."""
    make = ("from chemgames.record.events import Recorder\n"
            "from chemgames.record.simulate import class_plan, play_class\n"
            "events, sessions = [], []\n"
            "pupils = [p for p in class_plan() if p.table in ('Tisch 1', 'Tisch 4')]\n"
            "_ = play_class(Recorder(events.append, sessions.append), pupils=pupils, max_actions=120)\n"
            "names = sorted({e['student'] for e in events if e.get('student')}); print(len(names))\n"
            "import chemgames")
    text = _saved(tmp_path, [make, "w = chemgames.report(events=events, sessions=sessions)\nw",
                             "w.receive({'type': 'names', 'show': True}); w.receive({'type': 'names', 'show': False})"])
    assert "widget-state" in text and "Schüler·in 1" in text
    every = {p.name for p in class_plan() if p.table in ("Tisch 1", "Tisch 4")}
    assert _named(text, every) == set()
    shown = _saved(tmp_path, [make, "chemgames.report(events=events, sessions=sessions, names=True)"])
    assert _named(shown, every)


def test_a_handed_in_files_name_is_hidden_with_the_names(tmp_path) -> None:
    """A student's hand-in is often named after them ("mia.jsonl"): the report's line about its
    unreadable lines names the file only when the names are shown."""
    folder = tmp_path / "abgaben"
    folder.mkdir()
    (folder / "mia.jsonl").write_text('{"type": "event", "ts": 1, "kind": "move", "student": "Mia"}\n', "utf-8")
    hidden = chemgames.report(folder=str(folder), lang="de")
    assert "Datei 1: 1 Zeile" in hidden.report["unread"], hidden.report["unread"]
    assert "mia" not in _state(hidden).casefold()
    shown = chemgames.report(folder=str(folder), lang="en", names=True)
    assert "mia.jsonl: 1 line" in shown.report["unread"], shown.report["unread"]
