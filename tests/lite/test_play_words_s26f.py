"""The play page's game in words (as a notebook's game cell keeps them since session 25, ``GameWidget.words``): the
page's Python sends them with the widget and again whenever they change (``playbridge``), the page keeps the last
ones in the browser and shows them when it is opened again, until the board is back (``play_page.js``; the browser
test is ``test_play.py``'s reload). In CPython here: what the bridge posts."""
from __future__ import annotations

import json

import pytest

from chemgames.lite import playbridge

CODE = "from chemgames.widgets import play\nplay(players=3, bots=['greedy', 'random'])"


@pytest.fixture
def posted():
    sent: list[dict] = []
    playbridge.install(lambda text: sent.append(json.loads(text)))
    yield sent
    playbridge.uninstall()


def words_of(sent: list[dict], model_id: str) -> list[dict]:
    return [m["data"] for m in sent if m["type"] == "words" and m["comm_id"] == model_id]


def test_the_page_gets_the_game_in_words_with_the_board_and_after_each_change(posted):
    model_id = playbridge.run(CODE, seed=1)
    w = playbridge.shown(model_id)
    first = words_of(posted, model_id)
    assert len(first) == 1
    lines = first[0]["text/plain"].splitlines()
    assert lines[0] == "Das Chemie-Kartenspiel" and lines[1] == "Spieler 1 ist am Zug."
    assert lines[2].startswith("Punkte: Spieler 1 0, Spieler 2 0, Spieler 3 0")
    # no notebook here: no cell to run again (what the words hold otherwise: tests/test_saved_game_words_s25k.py)
    assert len(lines) == 3 and "Zelle" not in first[0]["text/plain"]
    assert 'class="cg-game-words"' in first[0]["text/html"]
    # the same position sends no words again; a change of language does, in the new language
    version = w.version
    playbridge.receive(model_id, json.dumps({"method": "custom", "content": {"type": "claim", "seat": 0, "version": version}}))
    assert len(words_of(posted, model_id)) == 1
    playbridge.receive(model_id, json.dumps({"method": "custom", "content": {"type": "lang", "lang": "en", "version": w.version}}))
    after = words_of(posted, model_id)
    assert len(after) == 2 and after[1]["text/plain"].splitlines()[:2] == ["The Chemistry Card Game", "Player 1 to move."]


def test_a_notebooks_game_cell_keeps_its_line_about_running_the_cell_again():
    """Only the play page leaves that line out: a notebook's words are as before (s25k)."""
    from chemgames.widgets import play

    assert "Führe die Zelle noch einmal aus" in play(players=2, bots=["greedy"], seed=1).words()["text/plain"]
