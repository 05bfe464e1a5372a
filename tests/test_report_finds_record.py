"""``chemgames.report()`` at the end of the first lesson: the teacher started ``chemgames serve`` in
a folder (its record, ``chemgames-record.db``, lies there) and ``chemgames lab`` in the same one
(the notebooks run in ``chemgames-workspace/notebooks/``). The report finds the record a few
folders up instead of opening a new, empty file beside the notebook and saying "Noch nichts
aufgezeichnet."; where there is none it says where it looked, and creates no file."""
from __future__ import annotations

from pathlib import Path

import pytest

import chemgames
from chemgames.record.events import Recorder
from chemgames.record.store import RecordStore


def _record(path: Path) -> None:
    store = RecordStore(path)
    try:
        rec = Recorder(store.add, store.add_session, lesson="7b")
        g = chemgames.new_game("raeumab", players=2, seed=3, lang="de")
        s = rec.session(g, ["Mia", "Ali"], table="Tisch 1")
        for _ in range(3):
            a = g.legal_actions()[0]
            rec.action(s, a, g.apply(a), at=len(g.log) - 1)
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
