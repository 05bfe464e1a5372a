"""A game's cell in a saved notebook opened again (session 25, s25k): the board is a widget, which needs the running
Python that drew it, so a notebook reopened with a new kernel showed only JupyterLab's "Error displaying widget: model
not found" where the game was. Every game widget (``GameWidget``, one place for the six games and the class table's)
now shows itself as two outputs, as the hand-in cell does (s25f): the board's view, then the game in words: which
game, whose turn it is and the points (updated with every view, so the saved words are the position at saving time),
and that the cell must run again to play on. The words hold nothing secret: no hand, no card of anyone's, not the
game's number (its seed deals the cards again). ``tests/browser/test_reopened_game_browser.py`` reopens one in
JupyterLab."""
from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable

import pytest

from chemgames.widgets import play as play_chemiekarten, play_chemix, play_chemuno, play_chromino, play_metallurgie, play_raeumab

PLAYS: dict[str, Callable[..., Any]] = {"chemiekarten": play_chemiekarten, "chemix": play_chemix, "chemuno": play_chemuno, "chromino": play_chromino,
         "metallurgie": play_metallurgie, "raeumab": play_raeumab}
SEED = 48213


@pytest.fixture(autouse=True)
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CHEMGAMES_SAVES", str(tmp_path / "chemgames-saves"))
    monkeypatch.delenv("CHEMGAMES_RECORD", raising=False)
    return tmp_path / "chemgames-saves"


def displayed(obj: Any, monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What a notebook's cell keeps for ``obj``: the data of each output, in order, as IPython's display call gives it;
    an output with a display id is kept as last updated (``update``), as the saved notebook keeps it."""
    import IPython.display
    from IPython.core.formatters import DisplayFormatter

    formatter = DisplayFormatter()
    shown: list[dict[str, Any]] = []

    def display(obj: Any, raw: bool = False, display_id: Any = None, **_kwargs: Any) -> Any:
        index = len(shown)
        shown.append(obj if raw else formatter.format(obj)[0])

        def update(data: Any, raw: bool = False, **_k: Any) -> None:
            shown[index] = data if raw else formatter.format(data)[0]
        return SimpleNamespace(update=update) if display_id else None

    monkeypatch.setattr(IPython.display, "display", display)
    assert formatter.format(obj) == ({}, {})  # the widget shows itself (_ipython_display_)
    return shown


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in strings(v)]
    return []


def secrets(w: Any) -> set[str]:
    """Every text of every player's hand (as each player's own view holds it) and of the cards they name."""
    out: set[str] = set()
    for p in range(w.game.players):
        view, cards = w._game_view(p)
        hand = view.get("hand", [])
        out.update(strings(hand))
        out.update(s for key in strings(hand) if key in cards for s in strings(cards[key]))
    return {s for s in out if len(s) >= 2 and not s.isdigit()}


@pytest.mark.parametrize("game", sorted(PLAYS))
@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_game_cell_keeps_the_game_in_words_and_nothing_secret(game: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    w = PLAYS[game](players=2, bots=["greedy"], seed=SEED, lang=lang)
    shown = displayed(w, monkeypatch)
    assert len(shown) == 2, shown
    assert "application/vnd.jupyter.widget-view+json" in shown[0]
    assert set(shown[1]) == {"text/plain", "text/html"}
    title = w.game.titles[lang]
    for _ in range(3):  # moves played: the words follow the game (the saved notebook holds the last ones)
        if w.game.current_player is None:
            break
        if w.game.current_player != 0:
            w.bot_turn()
        else:
            w.apply(w.game.legal_actions()[0])
    words = shown[1]
    text = words["text/plain"]
    assert title in text and words["text/html"].count(title.replace("&", "&amp;")) == 1, text
    rerun = {"de": "Führe die Zelle noch einmal aus", "en": "Run the cell again"}[lang]
    assert rerun in text and rerun in words["text/html"], text
    turn = w.game.current_player
    if turn is not None:
        who = {"de": f"Spieler {turn + 1} ist am Zug", "en": f"Player {turn + 1} to move"}[lang]
        assert who in text, (who, text)
    saved = json.dumps(shown[1], ensure_ascii=False)
    assert str(SEED) not in saved, "the game's number deals the cards again"
    leaked = [s for s in secrets(w) if re.search(rf"(?<![\w]){re.escape(s)}(?![\w])", saved)]
    assert not leaked, f"the saved words hold the hand: {leaked} in {text!r}"
    assert "data:" not in saved and "base64" not in saved


def test_the_words_are_updated_with_the_game_not_sent_again_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    w = play_chemuno(players=2, bots=["greedy"], seed=4, lang="de", starter=0)
    shown = displayed(w, monkeypatch)
    before = shown[1]["text/plain"]
    assert "Spieler 1 ist am Zug" in before, before
    w.apply(w.game.legal_actions()[0])
    after = shown[1]["text/plain"]
    assert "Spieler 2 ist am Zug" in after and after != before, after
    sent = []
    w._words.update = lambda data, **k: sent.append(data)
    w.refresh()  # the same position: no display message
    assert sent == []


def test_without_a_notebook_the_widget_shows_as_before() -> None:
    """Outside IPython's display call (a plain repr, a test) nothing changes; no words are kept."""
    w = play_chromino(players=2, bots=["greedy"], seed=1, lang="en")
    assert repr(w).startswith("<ChrominoWidget chromino") and w._words is None
