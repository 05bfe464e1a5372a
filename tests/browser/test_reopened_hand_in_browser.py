"""A student's notebook saved after the hand-in and opened again in the next lesson (session 25, s25f).

The hand-in cell (``chemgames.record.hand_in()``, s24d) shows what the student does next and a button that
downloads the file: the button is a widget, which needs the running Python that drew it. s24d checked what the
notebook saves, not what JupyterLab shows when the notebook is opened again with a new kernel: the cell's whole
output was the widget, so all it showed was JupyterLab's "Error displaying widget: model not found", and the
file's name, where it lies and what to do were gone. Here the notebook is played, handed in, saved, every kernel
stopped, and opened again on the tablet (1024×768, touch): the saved file holds no hand (neither the game's
state nor the hand-in's file) and no link to an old file, and the reopened hand-in cell says which file was
handed in, where it is, and that the cell must run again for the button. Screenshot ``reopened_hand_in.png``.
"""
from __future__ import annotations

import json
import re

import pytest

from .conftest import ARTIFACTS, shut_down_all
from .lab import open_and_run, start_code
from .test_notice_in_sight_browser import TABLET, tap_and_wait

pytestmark = pytest.mark.browser

# a saves folder of its own: the record beside the saves counts every entry of the lab's earlier tests (one
# JupyterLab a worker), and the hand-in is expected to hold this test's one entry
CELLS = [
    "import os\nos.environ['CHEMGAMES_SAVES'] = 'saves-reopened'\n"
    "import chemgames\nfrom chemgames.widgets import play_chemuno\n"
    "w = play_chemuno(players=2, bots=['greedy'], seed=4, lang='de', bot_delay=60000, starter=0)\nw",
]
NAME = "reopened_hand_in.ipynb"


def save(page) -> None:
    """Save the notebook (Ctrl+S in command mode), until JupyterLab no longer marks it changed."""
    page.keyboard.press("Escape")
    page.keyboard.press("Control+s")
    page.wait_for_function("!document.querySelector('.jp-mod-dirty')")


def saved_without(lab, name: str, hand: list[str]) -> tuple[str, dict, str]:
    """The saved notebook ``name`` (its text, its JSON, its outputs and metadata as JSON), checked to hold neither the
    widgets' state nor any card of ``hand`` (in an output or in the metadata)."""
    saved = (lab.root / name).read_text("utf-8")
    nb = json.loads(saved)
    outputs = json.dumps([c.get("outputs", []) for c in nb["cells"]], ensure_ascii=False) + json.dumps(nb["metadata"])
    assert "application/vnd.jupyter.widget-state+json" not in outputs, "the saved notebook holds the widgets' state"
    for symbol in hand:
        assert not re.search(rf"(?<![A-Za-z0-9]){re.escape(symbol)}(?![a-z0-9])", outputs), f"{symbol!r} of the hand is saved"
    return saved, nb, outputs


def test_a_saved_notebook_opened_again_shows_the_hand_in_in_words_and_holds_no_hand(browser, lab):
    lab.write_notebook(NAME, CELLS)
    context = browser.new_context(**TABLET)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_and_run(page, lab, NAME)
        # one card laid, so the record holds an entry of the student's; the hand as the student sees it
        card = page.locator(".cg-root [data-key^='hand:']").first.get_attribute("data-key")
        tap_and_wait(page, card, touch=True)
        hand = page.evaluate("[...document.querySelectorAll('.cg-root .cg-hand [data-id]')].map((e) => e.dataset.id.split('.')[0])")
        assert hand, "no hand shown"
        # the hand-in cell, as the lesson asks for it at the end
        n = start_code(page, "chemgames.record.hand_in()")
        page.wait_for_function("n => document.querySelectorAll('.jp-Notebook .jp-Cell')[n]"
                               ".querySelector('.cg-hand-in-view')?.innerText.includes('1 Eintrag')", arg=n)
        words = page.locator(".jp-Notebook .jp-Cell").nth(n).locator(".jp-OutputArea").inner_text()
        handed = re.search(r"chemgames-\S+\.jsonl", words)
        assert handed, words
        # while the button's view is drawn, the words it draws around the button are not said twice
        button = page.locator(".jp-Notebook [data-key='hand_in_download']")
        assert button.is_visible() and button.inner_text().endswith("herunterladen"), words
        paint = button.evaluate("(b) => { const s = getComputedStyle(b); return [s.color, s.backgroundColor]; }")
        assert paint[1] not in ("rgba(0, 0, 0, 0)", "transparent", paint[0]), f"the button's words are not seen: {paint}"
        assert page.locator(".cg-hand-in-words").count() == 1 and not page.locator(".cg-hand-in-words").is_visible()
        assert words.count("Abgabe:") == 1, words
        button.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "reopened_hand_in_before.png"))
        save(page)
    finally:
        context.close()
    shut_down_all(lab.url)

    saved, _nb, outputs = saved_without(lab, NAME, hand)
    assert "base64," not in saved and "data:" not in outputs, "the saved notebook holds a file"
    assert handed.group(0) in outputs  # the file's name is saved, in words

    context = browser.new_context(**TABLET)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(lab.tree(NAME))
        cell = page.locator(".jp-Notebook .jp-Cell").nth(n)
        cell.locator(".jp-OutputArea-output").first.wait_for()
        # the widget manager has given up on the old models (a new kernel holds none) once it says so somewhere
        page.wait_for_function("[...document.querySelectorAll('.jp-OutputArea-output')].every((o) => !o.innerText.includes('Loading widget'))")
        page.wait_for_timeout(1_000)
        cell.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "reopened_hand_in.png"))
        shown = cell.locator(".jp-OutputArea").inner_text()
        print("the reopened hand-in cell shows:", shown)
        assert handed.group(0) in shown, f"the reopened hand-in cell does not name the file: {shown!r}"
        assert "Dateibrowser" in shown, shown  # where the file lies
        assert "noch einmal aus" in shown, f"nothing says the cell must run again for the button: {shown!r}"
        assert not page.locator(".jp-Notebook a[download], .jp-Notebook a[href^='data:'], .jp-Notebook a[href^='blob:']").count(), \
            "the reopened notebook offers a file"
    finally:
        context.close()


GAME = "reopened_game.ipynb"


def test_a_saved_game_opened_again_says_the_game_in_words_and_holds_no_hand(browser, lab):
    """The game's cell (s25k): every game widget shows a second output, the game in words (``GameWidget.words``),
    hidden beside the live board and updated with every move; saved after the student's move, the notebook keeps
    the game's name, whose turn it is and the re-run line, and no card of the hand. Opened again with a new kernel,
    the cell says so beside JupyterLab's "Error displaying widget". Screenshot ``reopened_game.png``."""
    lab.write_notebook(GAME, CELLS[:1])
    context = browser.new_context(**TABLET)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_and_run(page, lab, GAME)
        words = page.locator(".jp-Notebook .jp-Cell").nth(0).locator(".cg-game-words")
        assert words.count() == 1 and "Spieler 1 ist am Zug" in words.text_content(), words.all_text_contents()
        assert not words.is_visible(), "the words are shown beside the live board"
        card = page.locator(".cg-root [data-key^='hand:']").first.get_attribute("data-key")
        tap_and_wait(page, card, touch=True)
        hand = page.evaluate("[...document.querySelectorAll('.cg-root .cg-hand [data-id]')].map((e) => e.dataset.id.split('.')[0])")
        assert hand, "no hand shown"
        # the words follow the game (a display update sent with the view), still hidden beside the board
        page.wait_for_function("document.querySelector('.cg-game-words')?.textContent.includes('Spieler 2 ist am Zug')")
        assert words.count() == 1 and not words.is_visible()
        save(page)
    finally:
        context.close()
    shut_down_all(lab.url)

    _saved, nb, _outputs = saved_without(lab, GAME, hand)
    said = ["".join(o["data"]["text/plain"]) for o in nb["cells"][0]["outputs"] if "text/html" in o.get("data", {})]
    assert len(said) == 1 and "Chemuno" in said[0] and "Spieler 2 ist am Zug" in said[0], said

    context = browser.new_context(**TABLET)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(lab.tree(GAME))
        cell = page.locator(".jp-Notebook .jp-Cell").nth(0)
        cell.locator(".cg-game-words").wait_for()
        page.wait_for_function("[...document.querySelectorAll('.jp-OutputArea-output')].every((o) => !o.innerText.includes('Loading widget'))")
        page.wait_for_timeout(1_000)
        cell.locator(".cg-game-words").scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "reopened_game.png"))
        shown = cell.locator(".jp-OutputArea").inner_text()
        print("the reopened game cell shows:", shown)
        assert cell.locator(".cg-game-words").is_visible(), f"the words are hidden without a board: {shown!r}"
        assert "Chemuno" in shown and "Spieler 2 ist am Zug" in shown, shown
        assert "Führe die Zelle noch einmal aus" in shown, f"nothing says the cell must run again: {shown!r}"
    finally:
        context.close()
