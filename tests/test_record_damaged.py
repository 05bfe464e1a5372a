"""A damaged record file (a disk that filled up, a copy cut off, a file edited by hand) gives the
teacher a clear sentence naming the file, never a traceback, and loses nothing: the report leaves
the file's bytes as they were; the table server does not refuse to start for it (the class plays
on), but sets the damaged file aside under a name that says so, byte for byte, and records into a
new one."""
from __future__ import annotations

import sqlite3
from pathlib import Path
from types import SimpleNamespace

import pytest

import chemgames
from chemgames.record.events import Recorder
from chemgames.record.store import RecordStore
from chemgames.record.tables import attach


def _good(path: Path) -> bytes:
    store = RecordStore(path)
    rec = Recorder(store.add, store.add_session, lesson="7b")
    g = chemgames.new_game("raeumab", players=2, seed=3, lang="de")
    s = rec.session(g, ["Mia", "Ali"], table="Tisch 1")
    for _ in range(40):
        a = g.legal_actions()[0]
        rec.action(s, a, g.apply(a), at=len(g.log) - 1)
    store.close()
    return path.read_bytes()


def _damaged(folder: Path) -> dict[str, bytes]:
    """Four damaged record files: not SQLite at all, cut off in the middle, the second page
    overwritten, two pages of the events' rows overwritten."""
    good = _good(folder / "good.db")
    page = bytearray(good)
    page[4096:8192] = b"\xff" * 4096
    rows = bytearray(good)  # pages in the middle: the events' rows
    rows[len(good) // 2: len(good) // 2 + 8192] = b"\xff" * 8192
    out = {"garbage": b"chemgames " * 400, "cut": good[: len(good) // 2], "page": bytes(page), "rows": bytes(rows)}
    for name, data in out.items():
        (folder / f"{name}.db").write_bytes(data)
    return out


@pytest.mark.parametrize("lang, words", [("de", "beschädigt"), ("en", "damaged")])
def test_the_report_of_a_damaged_file_says_so_and_changes_nothing(tmp_path: Path, lang: str, words: str) -> None:
    files = _damaged(tmp_path)
    good = chemgames.report(db=str(tmp_path / "good.db"), lang=lang).report
    for name, data in files.items():
        path = tmp_path / f"{name}.db"
        w = chemgames.report(db=str(path), lang=lang)
        if name == "page" and not w.error:
            # the report reads only the lesson's rows (a whole-file check took 1 s for a school's file): a
            # page it does not need may be damaged, and then every figure is the undamaged file's
            assert {k: w.report[k] for k in ("summary", "students", "concepts")} == \
                {k: good[k] for k in ("summary", "students", "concepts")}
        else:
            assert words in w.error and str(path) in w.error, (name, w.error)
            assert "Error" not in w.error and "Traceback" not in w.error, w.error
            assert not w.report.get("students")
        assert path.read_bytes() == data, name  # not a byte changed


class _Server(SimpleNamespace):
    """What :func:`attach` needs of the table server: its hooks and its games."""


def test_the_server_starts_beside_a_damaged_record_and_keeps_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.delenv("CHEMGAMES_RECORD_DB", raising=False)
    for name, data in _damaged(tmp_path).items():
        folder = tmp_path / name
        folder.mkdir()
        (folder / "chemgames-record.db").write_bytes(data)
        server = _Server(on_action=[], games={})
        with caplog.at_level("ERROR", logger="chemgames.record"):
            recorder = attach(server, f"sqlite:///{folder}/chemgames-tables.db")
        try:
            assert recorder is not None and server.on_action, name
            kept = [p for p in folder.iterdir() if "damaged" in p.name]
            assert len(kept) == 1 and kept[0].read_bytes() == data, (name, list(folder.iterdir()))
            assert kept[0].name in caplog.text and "chemgames-record.db" in caplog.text
            # the new record works
            recorder.store.add({"ts": 1.0, "lesson": "7b", "student": "Ada", "session": "s", "game": "raeumab",
                                "seat": 0, "kind": "hint"})
            assert [e["student"] for e in recorder.store.events()] == ["Ada"]
        finally:
            recorder.close()
        with sqlite3.connect(folder / "chemgames-record.db") as db:
            assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        caplog.clear()


def _hand_in(folder: Path, saves: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Mia's handed-in record: two worksheet predictions and a game of Räum-Ab! with a refusal."""
    from chemgames.record import local
    from chemgames.widgets import GameWidget
    from chemgames.worksheets import worksheet

    monkeypatch.setenv("CHEMGAMES_SAVES", str(saves))
    local.name("Mia")
    for task, said in (("2", "double"), ("1", "3")):
        worksheet("raeumab", lang="de", solutions=False).task(task).predict(said)
    g = chemgames.new_game("raeumab", players=2, seed=3, lang="de")
    w = GameWidget(g, seats=["human", "human"])
    bad = {"game": "raeumab", "player": 0, "kind": "pair", "params": {"cards": [0, 1]}}
    for action in (bad, g.legal_actions()[0].to_json()):
        w._handle_custom_msg({"type": "act", "action": action, "version": w.version}, [])
    path = folder / "mia.jsonl"
    path.write_bytes(local.hand_in().read_bytes())
    return path


@pytest.mark.parametrize("lang, words", [("de", "nicht lesen"), ("en", "could not be read")])
def test_a_handed_in_file_with_bad_lines_loses_only_those(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          lang: str, words: str) -> None:
    folder = tmp_path / "abgaben"
    folder.mkdir()
    mia = _hand_in(folder, tmp_path / "saves", monkeypatch)
    clean = chemgames.report(folder=str(folder), lang=lang, names=True).report
    assert clean["students"] and not clean["unread"]
    good = mia.read_bytes()
    # Ben's file: his own good lines around lines a full disk, an old or a newer version, or a hand
    # made: no game, a game this version does not know, facts of the wrong shape, a name not a text,
    # a line cut inside a multi-byte letter
    ben = good.replace(b'"Mia"', b'"Ben"')
    bad = [{"type": "event", "ts": 1, "kind": "move", "student": "X"},
           {"type": "event", "ts": 1, "kind": "prediction", "game": "xyz", "task": "1", "ok": True, "student": "Y"},
           {"type": "event", "ts": 1, "kind": "refused", "game": "raeumab", "rule": "ra.no_pair", "facts": [1],
            "student": "Z", "session": "s"},
           {"type": "event", "ts": 1, "kind": "move", "game": "raeumab", "student": 7, "session": "s"}]
    import json

    lines = ben.splitlines(keepends=True)
    lines[1:1] = [json.dumps(b).encode() + b"\n" for b in bad] + ['{"type": "event", "student": "Jö'.encode()[:-1] + b"\n"]
    (folder / "ben.jsonl").write_bytes(b"".join(lines))
    (folder / "cut.jsonl").write_bytes("Jörg".encode("latin-1"))  # not UTF-8 at all
    w = chemgames.report(folder=str(folder), lang=lang, names=True)
    r = w.report
    assert [s["name"] for s in r["students"]] == ["Ben", "Mia"]
    rows = {s["name"]: [(c["attempts"], c["refused"], c["wrong"]) for c in s["cells"]] for s in r["students"]}
    mine = [(c["attempts"], c["refused"], c["wrong"]) for c in clean["students"][0]["cells"]]
    assert rows["Mia"] == mine and rows["Ben"] == mine  # Ben's good lines all counted
    said = r["unread"]  # shown above the report, beside where it was read from
    assert words in said and "ben.jsonl: 5 " in said and "cut.jsonl: 1 " in said and "mia.jsonl" not in said, said
    assert not clean["unread"]
    assert mia.read_bytes() == good


def test_a_record_another_program_holds_locked_is_not_set_aside_as_damaged(tmp_path: Path) -> None:
    """A lock is no damage: a record file another program holds write-locked at the server's start
    (a database browser left in a transaction, a second server starting) is said as in use and left
    where it is, not renamed "damaged" while that program still writes into it."""
    from chemgames.record.tables import RecordBusy, open_or_set_aside

    path = tmp_path / "chemgames-record.db"
    _good(path)
    other = sqlite3.connect(path, isolation_level=None)
    # a program that reads it in rollback-journal mode (as a database browser may): its exclusive
    # lock keeps even readers out, so the record's first statement waits and is refused
    other.execute("PRAGMA journal_mode=DELETE")
    data = path.read_bytes()
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(RecordBusy) as said:
            open_or_set_aside(path, timeout=0.2)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert str(path) in str(said.value) and "CHEMGAMES_RECORD_DB=0" in str(said.value)
    assert [p.name for p in tmp_path.iterdir() if "damaged" in p.name] == []
    assert path.read_bytes() == data
    open_or_set_aside(path, timeout=0.2).close()  # free again: it opens as it is
