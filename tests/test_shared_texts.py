"""No game shows a shared text in another game's words (issue 26: Chromino's hint box said "Du kannst
jetzt keine Verbindung legen: Setze aus und ziehe 4 Karten", the shared ``ui.no_hints`` of Das
Chemie-Kartenspiel).

The texts a game can show: the keys its own front end module and the shared frame (header, status,
bot box) pass to ``t("…")``, and the ``ui.*``/``err.*`` keys its Python widget (with the shared base)
can raise, each as the game's widget resolves it (``own_texts``). Each is checked, in German and in
English, for the words that name another game's concepts.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from chemgames.widgets import ChemieKartenWidget, ChemiXWidget, ChemunoWidget, ChrominoWidget, MetallurgieWidget, RaeumAbWidget
from chemgames.widgets.base import ui_catalog

ROOT = Path(__file__).resolve().parents[1]
WIDGETS = {c.entry: c for c in (ChemieKartenWidget, ChemiXWidget, ChemunoWidget, ChrominoWidget, MetallurgieWidget, RaeumAbWidget)}
PY = {"chemiekarten": "chemiekarten", "chemix": "chemix", "chemuno": "chemuno", "chromino": "chromino",
      "metallurgie": "metallurgie", "raeumab": "raeumab"}
# the words of each game's own concepts (from its rule sheet), per language; a word several games
# share (Verbindung: ChemiX, Chemuno, Das Chemie-Kartenspiel) belongs to each of them
CONCEPTS = {
    "chemiekarten": {"de": ["Verbindung", "4 Karten", "Setze aus", "Protomaterie", "schwarze", "radioaktiv", "Angriff", "Würfel"],
                     "en": ["compound", "4 cards", "skip", "protomatter", "black border", "radioactive", "attack", " die "]},
    "chemix": {"de": ["Verbindung", "Auslage", "Edelgas", "Multiplikator"], "en": ["compound", "display", "noble gas", "multiplier"]},
    "chemuno": {"de": ["Verbindung", "Edelgas", "Multiplikator"], "en": ["compound", "noble gas", "multiplier"]},
    "chromino": {"de": ["Chromino", "Stein"], "en": ["Chromino", "tile"]},
    "metallurgie": {"de": ["Metall", "Fläche"], "en": ["metal", "area"]},
    "raeumab": {"de": ["Räum", "Spalte"], "en": ["column"]},
}
SHARED_JS = ("shared/frame.js", "shared/mount.js", "shared/bot.js")


def shown_keys(game: str) -> set[str]:
    js = "".join((ROOT / "widgets" / f).read_text("utf-8") for f in (f"{game}.js", *SHARED_JS))
    keys = set(re.findall(r'\bt\("([A-Za-z_.:]+)"', js))
    py = "".join((ROOT / "chemgames" / "widgets" / f).read_text("utf-8") for f in ("base.py", "botui.py", f"{PY[game]}.py"))
    return keys | set(re.findall(r'"((?:ui|err)\.[a-z_]+)"', py))


def foreign_words(game: str, lang: str, text: str) -> list[str]:
    own = set(CONCEPTS[game][lang])
    return sorted({w for other, words in CONCEPTS.items() if other != game for w in words[lang]
                   if w not in own and w.lower() in text.lower()})


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", sorted(WIDGETS))
def test_no_shared_text_names_another_games_concepts(game, lang):
    widget = WIDGETS[game]
    ui = ui_catalog(lang)
    shared = json.loads((ROOT / "chemgames" / "widgets" / "catalog" / f"{lang}.json").read_text("utf-8"))
    keys = {k for k in shown_keys(game) if k in shared}  # a game's own catalog speaks its own words
    assert len(keys) > 20, "the scan found too few shared texts"
    bad = []
    for key in sorted(keys):
        text = str(ui.get(widget.own_texts.get(key, key), ""))
        found = foreign_words(game, lang, text)
        if found:
            bad.append(f"{key}: {text!r} names {found}")
    assert not bad, f"{game} ({lang}) shows another game's words:\n" + "\n".join(bad)


def test_the_check_finds_the_old_text():
    """The check itself: the old shared "no hint" text is another game's words in Chromino."""
    assert foreign_words("chromino", "de", "Du kannst jetzt keine Verbindung legen: Setze aus und ziehe 4 Karten.")
    assert not foreign_words("chemiekarten", "de", "Du kannst jetzt keine Verbindung legen: Setze aus und ziehe 4 Karten.")


@pytest.mark.parametrize("game", sorted(WIDGETS))
def test_the_hint_box_without_hints_speaks_of_the_game_itself(game, monkeypatch):
    """Ask for a hint where the engine has none: the notice is in the game's own words."""
    from chemgames.widgets import chemiekarten, chemix, chemuno, chromino, metallurgie, raeumab

    play = {"chemiekarten": chemiekarten.play, "chemix": chemix.play_chemix, "chemuno": chemuno.play_chemuno,
            "chromino": chromino.play_chromino, "metallurgie": metallurgie.play_metallurgie,
            "raeumab": raeumab.play_raeumab}[game]
    w = play(players=2, bots=None, seed=4, lang="de")
    monkeypatch.setattr(type(w.game), "hints", lambda self, limit=8: [])
    p = w.game.current_player
    w.seat = p if not w.open_hands else w.seat
    w._ask_hints()
    text = w._render_notice("de")["title"]
    assert text and not foreign_words(game, "de", text), text
