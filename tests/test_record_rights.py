"""The teacher's rights on the record file (docs/record.md): erasing a student leaves no trace of
their name anywhere in the file or its exports, and changes nothing else: every classmate's
events, figures and replayable moments stay as they were, and another lesson is untouched."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import chemgames
from chemgames.record.events import Recorder
from chemgames.record.replay import replay
from chemgames.record.report import build
from chemgames.record.store import RecordStore


def _table(rec: Recorder, names: list[str], seed: int, refusals: int = 3) -> None:
    """A Räum-Ab! table: moves by both seats, and a refused attempt of each seat now and then
    (a pair of cards that are not free), as the table server records them."""
    g = chemgames.new_game("raeumab", players=2, seed=seed, lang="de")
    s = rec.session(g, names, table=f"Tisch {seed}")
    for k in range(12):
        if g.is_over:
            break
        if k % 4 == 3 and refusals:
            refusals -= 1
            bad = g.action_from_json({"game": "raeumab", "player": g.current_player, "kind": "pair",
                                      "params": {"cards": [0, 1]}})
            rec.action(s, bad, g.check(bad), at=len(g.log))
        a = g.legal_actions()[0]
        rec.action(s, a, g.apply(a), at=len(g.log))
        if k == 5:
            rec.asked(s, g.current_player, "hint", len(g.log))


def _store(path: Path) -> RecordStore:
    store = RecordStore(path)
    _table(Recorder(store.add, store.add_session, lesson="7b Mo"), ["Mia", "Ali"], seed=3)
    _table(Recorder(store.add, store.add_session, lesson="7b Mo"), ["Ben", "Mia"], seed=4)
    _table(Recorder(store.add, store.add_session, lesson="7b Di"), ["Mia", "Cem"], seed=5)
    store.flush()
    return store


def _file_text(path: Path) -> str:
    """Every value in every table of the SQLite file, as text (what a look into the file shows)."""
    with sqlite3.connect(path) as db:
        out = []
        for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
            out += [json.dumps(row, ensure_ascii=False) for row in db.execute(f"SELECT * FROM {name}").fetchall()]
    return "\n".join(out)


def _rows(report: dict) -> dict[str, list]:
    """Each student's figures in the report (not the bars' lengths: they are drawn against the
    class's largest count, which may be the erased student's)."""
    return {r["name"]: [(c["attempts"], c["refused"], c["wrong"], c["text"]) for c in r["cells"]]
            for r in report["students"]}


def _replays(store: RecordStore, student: str) -> list[tuple[int, str, bool, int]]:
    """Each move and refusal of ``student`` replayed: (log length, rule, allowed, log length replayed)."""
    events, sessions = store.events(), store.sessions()
    out = []
    for i, e in enumerate(events):
        if e["student"] == student and e["kind"] in ("move", "refused"):
            game, explanation, event = replay(events, sessions, i, lang="en")
            out.append((event["at"], explanation.rule, explanation.ok, len(game.log)))
    return out


def test_erasing_a_student_leaves_no_name_and_changes_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "chemgames-record.db"
    store = _store(path)
    try:
        before = {who: [e for e in store.events() if e["student"] == who] for who in ("Ali", "Ben", "Cem")}
        replays = {who: _replays(store, who) for who in ("Ali", "Ben", "Cem")}
        report = build(store.events("7b Mo"), store.sessions(), "de")
        rows = _rows(report)
        assert "Mia" in _file_text(path)
        assert all(r for r in replays.values()) and any(not ok for r in replays.values() for _, _, ok, _ in r)

        mine = sum(1 for e in store.events() if e["student"] == "Mia")
        assert store.delete_student("Mia") == mine

        store.flush()
        assert "Mia" not in _file_text(path)
        for f in [path, *tmp_path.glob("chemgames-record.db-*")]:  # nor in the file's freed pages or its log
            assert b"Mia" not in f.read_bytes(), f.name
        assert "Mia" not in store.export_json() and "Mia" not in store.export_csv()
        assert store.students() == ["Ali", "Ben", "Cem"]
        for who in ("Ali", "Ben", "Cem"):
            assert [e for e in store.events() if e["student"] == who] == before[who], who
            assert _replays(store, who) == replays[who], who  # every moment still replays as the student saw it
        after = build(store.events("7b Mo"), store.sessions(), "de")
        assert _rows(after) == {k: v for k, v in rows.items() if k != "Mia"}
    finally:
        store.close()


def test_erasing_a_student_in_one_lesson_keeps_their_other_lesson(tmp_path: Path) -> None:
    store = _store(tmp_path / "chemgames-record.db")
    try:
        tuesday = store.events("7b Di")
        store.delete_student("Mia", lesson="7b Mo")
        assert store.events("7b Di") == tuesday
        assert "Mia" in [n for s in store.sessions("7b Di") for n in s["names"]]
        assert "Mia" not in [n for s in store.sessions("7b Mo") for n in s["names"]]
        assert _replays(store, "Ben")  # Ben's table with Mia on Monday still replays
    finally:
        store.close()


def test_the_csv_export_opens_no_formula_a_student_typed(tmp_path: Path) -> None:
    """A name is what the student typed: in a spreadsheet a cell that begins with = + - @ (or a tab
    or carriage return) is a formula (CSV injection, OWASP): such a text is exported with a leading
    apostrophe, as spreadsheets show text; the JSON export keeps the name as typed."""
    import csv
    import io

    typed = ['=HYPERLINK("http://example.invalid","Noten")', "+1+1", "-2+3", "@SUM(A1)", "\tTab", "Ada"]
    store = RecordStore(tmp_path / "chemgames-record.db")
    try:
        for name in typed:
            store.add({"ts": 1.0, "lesson": "=7b", "student": name, "session": "s", "game": "raeumab", "seat": 0,
                       "kind": "hint"})
        rows = list(csv.DictReader(io.StringIO(store.export_csv())))
        assert [r["student"] for r in rows] == ["'" + n if n[0] in "=+-@\t" else n for n in typed]
        assert {r["lesson"] for r in rows} == {"'=7b"}
        assert [e["student"] for e in json.loads(store.export_json())["events"]] == typed
    finally:
        store.close()


def test_one_students_export_holds_their_record_and_nobody_elses(tmp_path: Path) -> None:
    """Access and portability (Art. 15, 20) are one person's rights: Mia's export holds every event
    of hers, in every lesson, and no classmate's event or name (the seats beside hers are blank)."""
    import csv
    import io

    store = _store(tmp_path / "chemgames-record.db")
    try:
        hers = [e for e in store.events() if e["student"] == "Mia"]
        data = json.loads(store.export_json(student="Mia"))
        assert data["events"] == hers and {e["lesson"] for e in hers} == {"7b Mo", "7b Di"}
        text = store.export_json(student="Mia") + store.export_csv(student="Mia")
        for other in ("Ali", "Ben", "Cem"):
            assert other not in text, other
        assert {s["id"] for s in data["sessions"]} == {e["session"] for e in hers}
        assert all(n in ("Mia", "") for s in data["sessions"] for n in s["names"])
        rows = list(csv.DictReader(io.StringIO(store.export_csv(student="Mia", lesson="7b Di"))))
        assert len(rows) == sum(1 for e in hers if e["lesson"] == "7b Di") and {r["student"] for r in rows} == {"Mia"}
    finally:
        store.close()
