"""Who is who in the class report (s25h). The report counted a student by the name typed: two students of one
name (two Mias of 7b at two tables, or a Mia at a table and another Mia's hand-in) were one student, their
refusals and successes mixed ("danach richtig" for one Mia made right by the other). What identity exists: at a
class table each seat's device (one seat of a class a device, filed by the server as the SHA-256 of its id); in a
notebook its own record, and the devices this computer joined tables with (the table client's seat file). Seat
tokens are secrets and never recorded; ``chemgames/server/students.py`` holds simulated students only, no ids.

Now each session keeps per seat a digest of who sat there (``events.person_key``; a notebook: its record's id and
its devices), and the report counts people apart by it, where it is known; where it is not (a record of session 24
or before), by name alone, and says so. The right answers are counted here by hand."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import chemgames
from chemgames.record import local
from chemgames.record.store import RecordStore
from chemgames.record.tables import TableRecorder
from chemgames.widgets import GameWidget
from chemgames.widgets.report import report
from test_report_lesson_s24g import _coprime_pair


def filed(device: str) -> str:
    """A device id as the table server files it on the seat (``server.model.secret_id``), written out here."""
    return hashlib.sha256(device.encode()).hexdigest()


def _tables(path: Path, refusals: dict[str, int]) -> None:
    """Two Räum-Ab! tables of 7b, recorded as the server's hook records them: Mia (device A) and Ali at table 1,
    another Mia (device C) and Ben at table 2. Each student makes 3 moves; ``refusals[table]``: how many refused
    pairs the Mia of that table tries first (the same refusal each time is recorded once a turn: each a new turn)."""
    store = RecordStore(path)
    rec = TableRecorder(store)
    for number, names, devices in ((1, ["Mia", "Ali"], ["dev-A", "dev-B"]), (2, ["Mia", "Ben"], ["dev-C", "dev-D"])):
        seats = [SimpleNamespace(name=n, device=filed(d)) for n, d in zip(names, devices)]
        table = SimpleNamespace(id=f"table-{number}", class_id="7b", code=f"K7P2{number}", players=2, number=number,
                                seats=seats)
        g = chemgames.new_game("raeumab", players=2, seed=10 + number, lang="de")
        acted = rec.hook(lambda _id, g=g: g)
        wrong = refusals[f"Tisch {number}"]
        for _ in range(6):  # 3 moves each
            p = g.current_player
            assert p is not None and not g.is_over
            pair = _coprime_pair(g)
            if p == 0 and wrong and pair is not None:
                bad = g.action_from_json({"game": "raeumab", "player": 0, "kind": "pair", "params": {"cards": pair}})
                verdict = g.check(bad)
                assert not verdict.ok
                acted(table, 0, bad, verdict, False)
                wrong -= 1
            a = g.legal_actions()[0]
            verdict = g.check(a)
            g.apply(a)
            acted(table, p, a, verdict, True)
    store.close()


def _hand_in(tmp_path: Path, monkeypatch: Any, who: str, device: str | None) -> Path:
    """A notebook's game handed in: ``who`` plays 2 moves of Räum-Ab! against the greedy bot, on a computer that
    joined the tables with ``device`` (``None``: never)."""
    monkeypatch.setenv("CHEMGAMES_SAVES", str(tmp_path / f"saves-{who}-{device}"))
    seats_file = tmp_path / f"seats-{who}-{device}.json"
    seats_file.write_text(json.dumps({"#devices": {"http://10.0.0.5:8765": device}} if device else {}), "utf-8")
    monkeypatch.setenv("CHEMGAMES_SEATS", str(seats_file))
    local.name(who)
    w = GameWidget(chemgames.new_game("raeumab", players=2, seed=3, lang="de"), seats=["human", "greedy"])
    own = 0
    while own < 2:
        if w.game.current_player == 1:
            w.bot_turn()
            continue
        w._handle_custom_msg({"type": "act", "action": w.game.legal_actions()[0].to_json(), "version": w.version}, [])
        own += 1
    made = local.hand_in()
    folder = tmp_path / "abgaben"
    folder.mkdir(exist_ok=True)
    return Path(made).rename(folder / made.name)


def _people(r: dict[str, Any]) -> dict[str, int]:
    """Each student of the report and their attempts, summed over their row's cells."""
    return {p["name"]: sum(c["attempts"] for c in p["cells"]) for p in r["students"]}


def test_two_students_of_one_name_at_two_tables_are_two(tmp_path: Path) -> None:
    db = tmp_path / "chemgames-record.db"
    _tables(db, {"Tisch 1": 2, "Tisch 2": 0})
    r = report(db=db, lang="de", names=True).report
    people = _people(r)
    # by hand: four students (Mia of table 1, Mia of table 2, Ali, Ben), and only table 1's Mia was refused, twice
    assert sorted(people) == ["Ali", "Ben", "Mia", "Mia (2)"], people
    assert r["summary"].startswith("4 Schüler·innen"), r["summary"]
    assert r["namesakes"] == ("Gleicher Name, verschiedene Personen (andere Geräte oder Aufzeichnungen), hier getrennt "
                              "gezählt: Mia, Mia (2)."), r["namesakes"]
    assert r["by_name"] == ""
    refused = {p["name"]: sum(c["refused"] for c in p["cells"]) for p in r["students"]}
    assert refused == {"Ali": 0, "Ben": 0, "Mia": 2, "Mia (2)": 0}, refused
    hidden = report(db=db, lang="en").report  # on the projector: two placeholders, no name
    assert len(hidden["students"]) == 4 and "Mia" not in json.dumps(hidden), hidden["namesakes"]
    assert hidden["namesakes"].startswith("Same name, different people") and "Student" in hidden["namesakes"]


def test_a_hand_in_joins_the_student_of_its_device_and_an_unknown_one_is_said(tmp_path: Path, monkeypatch: Any) -> None:
    db = tmp_path / "chemgames-record.db"
    _tables(db, {"Tisch 1": 2, "Tisch 2": 0})
    mine = _hand_in(tmp_path, monkeypatch, "Mia", "dev-C")  # the Mia of table 2 plays on at home
    r = report(db=db, folder=mine.parent, lang="de", names=True).report
    people = _people(r)
    assert sorted(people) == ["Ali", "Ben", "Mia", "Mia (2)"], people
    # table 2's Mia gains the notebook's attempts, table 1's Mia keeps her own (before: one Mia of all three)
    tables = _people(report(db=db, lang="de", names=True).report)
    alone = _people(report(folder=mine.parent, lang="de", names=True).report)
    assert people["Mia"] == tables["Mia"] and people["Mia (2)"] == tables["Mia (2)"] + alone["Mia"] > tables["Mia (2)"]
    assert r["by_name"] == "" and r["unread"] == "", (r["by_name"], r["unread"])
    # a file of the same record handed in again is the same person; another computer's Mia, never at a table,
    # is a third one (her record is another)
    other = _hand_in(tmp_path, monkeypatch, "Mia", None)
    r = report(db=db, folder=other.parent, lang="de", names=True).report
    assert sorted(_people(r)) == ["Ali", "Ben", "Mia", "Mia (2)", "Mia (3)"], _people(r)


def test_a_record_without_keys_is_put_together_by_name_and_says_so(tmp_path: Path) -> None:
    db = tmp_path / "chemgames-record.db"
    _tables(db, {"Tisch 1": 1, "Tisch 2": 0})
    store = RecordStore(db)  # as a store of session 24 holds it: no keys
    sessions, events = store.sessions(), store.events()
    store.close()
    old = [{k: v for k, v in s.items() if k != "keys"} for s in sessions]
    w = chemgames.report(events=events, sessions=old, lang="en", names=True)
    assert sorted(_people(w.report)) == ["Ali", "Ben", "Mia"]
    assert w.report["by_name"] == ("Put together by name alone (no device or record tells who it was; two of the same "
                                   "name are one person here): Mia."), w.report["by_name"]
    assert w.report["namesakes"] == ""


def test_a_play_page_hand_in_beside_one_student_of_its_name_is_joined_by_name_and_said(tmp_path: Path,
                                                                                       monkeypatch: Any) -> None:
    # the brief's case: Ali played at table 1 in school and, at home, on the play page (which knows no device of the
    # table server): nothing tells whether it was he, so his name does, and the report says so
    db = tmp_path / "chemgames-record.db"
    _tables(db, {"Tisch 1": 0, "Tisch 2": 0})
    home = _hand_in(tmp_path, monkeypatch, "Ali", None)
    r = report(db=db, folder=home.parent, lang="de", names=True).report
    people = _people(r)
    assert sorted(people) == ["Ali", "Ben", "Mia", "Mia (2)"], people
    assert people["Ali"] == _people(report(db=db, lang="de", names=True).report)["Ali"] + \
        _people(report(folder=home.parent, lang="de", names=True).report)["Ali"]
    assert r["by_name"].startswith("Nur nach dem Namen zusammengeführt") and r["by_name"].endswith(": Ali."), r["by_name"]


def test_erasing_a_student_erases_the_key_of_her_seat(tmp_path: Path) -> None:
    db = tmp_path / "chemgames-record.db"
    _tables(db, {"Tisch 1": 0, "Tisch 2": 0})
    store = RecordStore(db)
    before = {s["table"]: s["keys"] for s in store.sessions()}
    assert sorted(len(k[0]) for k in before.values()) == [1, 1]  # each table's seat 0 (a Mia) has her key
    store.delete_student("Ben")
    after = {s["table"]: (s["names"], s["keys"]) for s in store.sessions()}
    ben = next(t for t, (names, _) in after.items() if "Mia" in names and "" in names)
    assert after[ben][1][1] == [] and after[ben][1][0] == before[ben][0], after  # Ben's seat: no name, no key
    store.close()
    assert before[ben][1][0].encode() not in db.read_bytes()  # nowhere in the file (secure_delete, as the name)
