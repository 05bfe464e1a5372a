"""The game widget's "Abgeben / Hand in" button: the learning record's hand-in (``chemgames.record.hand_in``) without
typing code, on the JupyterLite play page (no cell there: the play page's record could not be handed in at all,
s23e) and in a notebook alike. A click writes the hand-in file beside the record, as ``hand_in()`` does, and sends it
to the view in a message of its own, which the view downloads; no trait ever holds it, so a notebook saved with its
widget state carries no copy and a reopened notebook offers no old file. ``tests/lite/test_hand_in_button_lite.py``
clicks it on the play page."""
from __future__ import annotations

import base64
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from chemgames.record import local
from chemgames.widgets import play


@pytest.fixture()
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CHEMGAMES_SAVES", str(tmp_path / "chemgames-saves"))
    monkeypatch.delenv("CHEMGAMES_RECORD", raising=False)
    return tmp_path / "chemgames-saves"


def click(w: Any, **message: Any) -> None:
    """A message of the view, as the comm delivers it (the widget's handler, then the record's listener)."""
    w._handle_custom_msg({**message, "version": w.version}, [])


def first_move(w: Any) -> None:
    """The student's first move through the hint buttons (prepared, then confirmed where the game asks for it)."""
    while w.game.current_player not in (0, None):  # the bots first, as the view asks for their turns
        click(w, type="bot")
    moves = len(w.game.log)
    click(w, type="hint")
    click(w, type="hint_play", index=0)
    confirm = [a for a in w.legal if a["kind"] in w.final_kinds]
    if confirm and len(w.game.log) > moves and w.game.current_player == 0:
        click(w, type="act", action=confirm[0])
    assert len(w.game.log) > moves


def sent_to(w: Any, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    monkeypatch.setattr(w, "send", lambda content, buffers=None: sent.append(content))
    return sent


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_button_hands_in_the_record_as_a_download_and_no_trait_holds_it(saves, monkeypatch, lang):
    local.name("Mia")
    w = play(players=2, bots=["greedy"], seed=1, lang=lang)
    assert w.saving.get("hand_in") == {"name": "Mia"}  # the view shows the button (and the name it hands in under)
    first_move(w)
    sent = sent_to(w, monkeypatch)
    click(w, type="hand_in")
    files = [m for m in sent if m.get("type") == "hand_in_file"]
    assert len(files) == 1, sent
    name, data = files[0]["name"], base64.b64decode(files[0]["data"])
    assert (saves / name).read_bytes() == data  # the file hand_in() wrote, byte for byte
    assert local.HAND_IN.fullmatch(name) and "-Mia-" in name and name.startswith("chemgames-chemiekarten-")
    events = [json.loads(line) for line in data.splitlines()]
    assert [e["kind"] for e in events if e.get("type") == "event" and e.get("kind") == "move"], events
    notice = w.panel["notice"]
    assert notice["kind"] == "info" and name in notice["title"], notice
    assert ("Lehrkraft" if lang == "de" else "teacher") in notice["title"]
    state = json.dumps({k: v for k, v in w.get_state().items() if k not in ("_esm", "_css")}, ensure_ascii=False)
    assert files[0]["data"] not in state and '"kind":"move"' not in state  # no trait holds the file
    # a second click hands in again: a new message with the whole record, the older file replaced
    click(w, type="hand_in")
    assert len([m for m in sent if m.get("type") == "hand_in_file"]) == 2


def test_without_a_record_there_is_no_button_and_a_forged_message_sends_nothing(saves, monkeypatch):
    monkeypatch.setenv("CHEMGAMES_RECORD", "0")
    w = play(players=2, bots=["greedy"], seed=1, lang="de")
    assert "hand_in" not in w.saving
    sent = sent_to(w, monkeypatch)
    click(w, type="hand_in")
    assert [m for m in sent if m.get("type") == "hand_in_file"] == []
    assert w.panel["notice"]["kind"] == "error" and not any(saves.glob("chemgames-*.jsonl"))


def test_the_cells_hand_in_carries_no_file_into_the_notebook_and_its_button_hands_in_afresh(saves, monkeypatch):
    """``chemgames.record.hand_in()`` as the last line of a cell: what the notebook saves of the output (its
    mimebundle: the widget's view, the note as text and as HTML) holds no copy of the file and no ``data:`` link, so a
    reopened notebook (a Jupyter server trusts the notebooks it saved and shows their HTML as it is) offers no old
    file. The button asks Python for the file: a click after more moves downloads the record as it is then."""
    from chemgames.widgets.handin import HandInView

    local.name("Mia")
    w = play(players=2, bots=["greedy"], seed=1, lang="de")
    first_move(w)
    made = local.hand_in()
    data = made.read_bytes()
    shown = displayed(made, monkeypatch)  # the cell's two outputs (s25f): the button's view, then the note in words
    saved = json.dumps(shown, ensure_ascii=False)
    assert "application/vnd.jupyter.widget-view+json" in shown[0] and set(shown[1]) == {"text/plain", "text/html"}
    assert "data:" not in saved and base64.b64encode(data).decode()[:40] not in saved and '"kind":"move"' not in saved
    assert made.name in shown[1]["text/plain"] and "Lehrkraft" in shown[1]["text/html"]
    view = HandInView(made, "de")
    state = json.dumps(view.get_state(), ensure_ascii=False)
    assert base64.b64encode(data).decode()[:40] not in state and '"kind":"move"' not in state
    first_move(w)  # the student plays on; the old cell's button then hands in the record as it is now
    sent = sent_to(view, monkeypatch)
    view._handle_custom_msg({"type": "download"}, [])
    files = [m for m in sent if m.get("type") == "hand_in_file"]
    assert len(files) == 1
    now = base64.b64decode(files[0]["data"])
    assert now.startswith(data) and len(now) > len(data)
    assert (saves / files[0]["name"]).read_bytes() == now and files[0]["name"] in view.label


def displayed(made, monkeypatch) -> list[dict]:
    """What a notebook's cell shows for ``made`` (the data of each output, in order), from IPython's own display call."""
    import IPython.display
    from IPython.core.formatters import DisplayFormatter

    formatter, shown = DisplayFormatter(), []

    def display(obj, raw=False, display_id=None, **_kwargs):
        shown.append(obj if raw else formatter.format(obj)[0])
        return SimpleNamespace(update=lambda *a, **k: None) if display_id else None

    monkeypatch.setattr(IPython.display, "display", display)
    assert formatter.format(made) == ({}, {})  # the hand-in shows itself (_ipython_display_)
    return shown


def test_without_a_typed_name_the_view_asks_for_one_and_the_hand_in_carries_it(saves, monkeypatch):
    """The play page has no cell for ``chemgames.record.name("Mia")``: the button's view asks for the name when none
    was typed (``saving["hand_in"]["name"]`` is empty) and sends it with the hand-in; the file is named by it and
    holds it. A name the record keeps from an earlier visit (a reload: Python starts afresh) counts as typed."""
    monkeypatch.setattr(local, "_name", [""])
    monkeypatch.setattr(local, "_kept_name", [None])
    w = play(players=2, bots=["greedy"], seed=1, lang="de")
    assert w.saving["hand_in"] == {"name": ""}
    first_move(w)
    sent = sent_to(w, monkeypatch)
    click(w, type="hand_in", name="  Jan-Ole  Åström ")
    files = [m for m in sent if m.get("type") == "hand_in_file"]
    assert len(files) == 1 and "-Jan-Ole_Åström-" in files[0]["name"], files
    data = base64.b64decode(files[0]["data"]).decode()
    assert '"name":"Jan-Ole Åström"' in data and "anonym" not in data
    assert w.saving["hand_in"] == {"name": "Jan-Ole Åström"}
    # a name that is no name (empty, too long, not text) is refused and nothing is handed in
    for bad in ("   ", "x" * 41, 7):
        click(w, type="hand_in", name=bad)
        assert w.panel["notice"]["kind"] == "error", bad
    assert len([m for m in sent if m.get("type") == "hand_in_file"]) == 1
    # Python starts afresh (the play page after a reload): the name in the record counts as typed
    monkeypatch.setattr(local, "_name", [""])
    monkeypatch.setattr(local, "_kept_name", [None])
    again = play(players=2, bots=["greedy"], seed=2, lang="de")
    assert again.saving["hand_in"] == {"name": "Jan-Ole Åström"}
