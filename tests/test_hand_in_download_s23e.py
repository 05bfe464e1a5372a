"""``hand_in()`` says what the student does next, in the notebook, in German or English: a link that downloads the
file (in JupyterLab and in the JupyterLite site alike: a plain link of the page, no server, no file system asked),
and where else the file is. In the JupyterLite site the notebook's Python writes into the browser's storage only
where the site's service worker runs (``https://``, or the site on the student's own computer): a site served over
``http://`` from a classroom server, or a private window, gives Python no such storage (JupyterLite's Pyodide kernel
then mounts no ``/drive``), so the file is in that tab's memory only and missing from the file browser; the note says
so and the link is the way. Here the Pyodide cases are told by ``sys.platform`` and the path, as Pyodide shows them;
``tests/lite/test_hand_in_lite.py`` clicks the link in the site itself, with and without the service worker."""
from __future__ import annotations

import base64
import html
import re
import sys
from pathlib import Path

import pytest

import chemgames
from chemgames.record import local
from chemgames.worksheets import worksheet

LINK = re.compile(r'<a [^>]*download="(?P<name>[^"]+)"[^>]*href="data:application/octet-stream;base64,(?P<data>[A-Za-z0-9+/=]*)"')


@pytest.fixture()
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CHEMGAMES_SAVES", str(tmp_path / "chemgames-saves"))
    return tmp_path / "chemgames-saves"


def _note(h: Path) -> str:
    note = h._repr_html_()  # type: ignore[attr-defined]
    assert note, h
    return str(note)


def _link(note: str) -> re.Match[str]:
    found = LINK.search(note)
    assert found, note
    return found


def _words(note: str) -> str:
    return re.sub(r"<[^>]+>", " ", note)


def _predicted(lang: str = "de") -> None:
    local.name("Mia")
    worksheet("raeumab", lang=lang, solutions=False).task(2).predict("double")


def test_the_hand_in_is_a_path_and_its_note_downloads_exactly_the_file(saves: Path) -> None:
    _predicted()
    h = local.hand_in()
    assert isinstance(h, Path) and h.parent == saves and h.is_file()
    sessions, events = local.load(h)  # as before: the path of the file
    assert [(e["student"], e["task"]) for e in events] == [("Mia", "2")]
    note = _note(h)
    found = _link(note)
    assert html.unescape(found["name"]) == h.name
    assert base64.b64decode(found["data"]) == h.read_bytes()  # the link carries the file, byte for byte
    text = _words(note)
    assert "herunterladen" in text.lower() and "Lehrkraft" in text and "chemgames-saves" in text, text
    assert "1 Eintrag" in text, text  # the student's one prediction (sessions and names are no entries)


def test_the_note_is_english_where_the_students_games_were(saves: Path) -> None:
    _predicted("en")
    g = chemgames.new_game("raeumab", players=2, seed=3, lang="en")
    rec = local._recorder()
    s = rec.session(g, ["Mia", "greedy"])
    a = g.legal_actions()[0]
    rec.action(s, a, g.apply(a), at=0)
    text = _words(_note(local.hand_in()))
    assert "Download" in text and "teacher" in text and "herunterladen" not in text.lower(), text
    assert "2 entries" in text, text
    german = _words(_note(local.hand_in(lang="de")))
    assert "herunterladen" in german.lower(), german


def test_in_pyodide_without_the_browsers_storage_the_note_says_to_download_now(saves: Path, monkeypatch) -> None:
    _predicted()
    monkeypatch.setattr(sys, "platform", "emscripten")
    h = local.hand_in()  # the folder is no /drive: as in a site without its service worker
    note = _note(h)
    assert base64.b64decode(_link(note)["data"]) == h.read_bytes()
    text = _words(note)
    assert "nur" in text and "Tab" in text and "jetzt" in text, text  # "… liegt nur … in diesem Tab … jetzt …"
    assert "Dateibrowser" in text  # why the file browser does not show it
    english = _words(_note(local.hand_in(lang="en")))
    assert "only" in english and "tab" in english and "now" in english, english


def test_where_the_browser_keeps_the_file() -> None:
    assert local.kept_by_browser("/drive/notebooks/chemgames-saves/x.jsonl", "emscripten") is True
    assert local.kept_by_browser("/home/pyodide/chemgames-saves/x.jsonl", "emscripten") is False
    assert local.kept_by_browser("/home/mia/chemgames-saves/x.jsonl", "linux") is None  # a computer's own folder


def test_a_read_only_folder_still_offers_the_record_itself(saves: Path, monkeypatch) -> None:
    _predicted()
    record = local.record_file()

    def refuse(self: Path, data: bytes) -> int:
        raise PermissionError(13, "read-only", str(self))

    monkeypatch.setattr(Path, "write_bytes", refuse)
    h = local.hand_in()
    assert h == record
    note = _note(h)
    assert base64.b64decode(_link(note)["data"]) == record.read_bytes()
    assert "schreibgeschützt" in _words(note)


def test_a_file_too_large_for_a_link_is_named_in_the_file_browser(saves: Path, monkeypatch) -> None:
    _predicted()
    monkeypatch.setattr(local, "MAX_LINK", 10)
    note = _note(local.hand_in())
    assert not LINK.search(note)
    assert "Dateibrowser" in _words(note)


def test_the_plain_text_note_says_the_same_in_a_console(saves: Path) -> None:
    _predicted()
    h = local.hand_in()
    printed: list[str] = []

    class Printer:
        def text(self, s: str) -> None:
            printed.append(s)

    h._repr_pretty_(Printer(), False)
    assert h.name in printed[0] and "herunterladen" in printed[0].lower() and "base64" not in printed[0], printed


def test_a_worksheet_alone_in_english_gives_an_english_note(saves: Path) -> None:
    """A class that only answered the worksheet (no game recorded): the note speaks the worksheet's language."""
    _predicted("en")
    text = _words(_note(local.hand_in()))
    assert "Download" in text and "teacher" in text and "1 entry" in text, text
    sessions, _ = local.load(local.record_file())
    assert sessions[0]["setup"] == {"lang": "en"}  # the worksheet's session says its language, nothing else
