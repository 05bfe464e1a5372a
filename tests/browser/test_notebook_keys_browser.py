"""The notebook's own keys work from inside a game, as from any other output (at 1280×720, a
projector). The game's root carries ``data-lm-suppress-shortcuts`` so that its keys (arrows, Enter,
Space, letters) never reach JupyterLab's command mode; that attribute also stopped Shift+Enter (run
the cell, move on), which instead clicked the focused card, and Escape left the focus in the game.
``keepKeysInside`` (widgets/shared/dom.js) hands JupyterLab its keys from outside the lock; Escape is
the game's first (Räum-Ab! drops a chosen card) and then leaves for the cell in command mode."""
from __future__ import annotations

import pytest

from .conftest import ARTIFACTS, shot_page
from .lab import open_and_run, version, wait_newer

pytestmark = pytest.mark.browser

CELLS = [
    "x = 1",
    "import chemgames\nfrom chemgames.widgets import RaeumAbWidget\n"
    "g = chemgames.new_game('raeumab', players=2, seed=3, lang='de', fair_start=False)\n"
    "w = RaeumAbWidget(g, seats=['human', 'human'], bot_delay=60000)\nw",
    "y = 2",
]


@pytest.fixture
def page(browser, request):
    yield from shot_page(browser, request.node.name, {"width": 1280, "height": 720})


def notebook(page) -> dict:
    """What JupyterLab shows: the active cell, its mode, where the focus is, the cells' prompts."""
    return page.evaluate("""() => {
        const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
        const a = document.activeElement;
        return { active: cells.findIndex((c) => c.classList.contains('jp-mod-active')),
                 command: document.querySelector('.jp-Notebook').classList.contains('jp-mod-commandMode'),
                 focus: a.closest('.cg-root') ? 'game' : cells.indexOf(a),
                 prompts: cells.map((c) => c.querySelector('.jp-InputPrompt').textContent.trim()) };
    }""")


def chosen(root) -> int:
    return root.locator(".ra-chosen").count()


def count_clicks(card) -> None:
    """Count the clicks ``card`` gets in ``window.cgClicks`` (Enter on a focused button clicks it, at
    once: a click would show here before the cell runs anew and replaces the game)."""
    card.evaluate("e => { window.cgClicks = 0; e.addEventListener('click', () => { window.cgClicks += 1; }); }")


def test_shift_enter_and_escape_reach_jupyterlab_the_games_keys_stay_the_games(page, lab):
    lab.write_notebook("notebook_keys.ipynb", CELLS)
    open_and_run(page, lab, "notebook_keys.ipynb")
    root = page.locator(".cg-root")
    card = root.locator(".ra-free").first
    card.focus()
    start = notebook(page)
    assert start["active"] == 1 and start["command"] and start["focus"] == "game", start
    # the game's keys: Enter chooses the focused card, Escape drops the choice and stays in the game
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('.cg-root .ra-chosen').length === 1")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "notebook_keys_enter_chooses.png"))
    page.keyboard.press("Escape")
    page.wait_for_function("document.querySelectorAll('.cg-root .ra-chosen').length === 0")
    page.wait_for_timeout(300)
    assert notebook(page) == start
    # ... and "h" asks Python for hints (a plain letter reaches the game, not command mode)
    before = version(root)
    page.keyboard.press("h")
    wait_newer(page, before)
    root.locator("[data-key^='hint:']").first.wait_for()
    assert notebook(page) == start
    # Escape with nothing to drop leaves the game: the game's cell has the focus, in command mode,
    # and JupyterLab's command keys work again ("j" selects the cell below)
    card.focus()
    page.keyboard.press("Escape")
    page.wait_for_function("document.activeElement.classList.contains('jp-Cell')")
    left = notebook(page)
    assert left == {**start, "focus": 1}, left
    page.screenshot(path=str(ARTIFACTS / "notebook_keys_escape_leaves.png"))
    page.keyboard.press("j")
    page.wait_for_function("document.querySelectorAll('.jp-Notebook .jp-Cell')[2].classList.contains('jp-mod-active')")
    assert root.locator("[data-key^='hint:']").count() >= 1  # the game did not hear "j" nor the Escape
    # Shift+Enter on a card runs the game's cell and moves on to the next one, in command mode; the
    # card is not clicked (it used to be chosen by the same key)
    card.focus()
    assert chosen(root) == 0
    count_clicks(card)
    ran = start["prompts"][1]
    page.keyboard.press("Shift+Enter")
    page.wait_for_function("([i, p]) => { const t = document.querySelectorAll('.jp-Notebook .jp-InputPrompt')[i].textContent;"
                           " return /\\[[0-9]+\\]/.test(t) && t.trim() !== p; }", arg=[1, ran], timeout=60_000)
    after = notebook(page)
    assert after["active"] == 2 and after["command"] and after["focus"] == 2, after
    assert after["prompts"][0] == start["prompts"][0] and after["prompts"][2] == start["prompts"][2]
    assert page.evaluate("window.cgClicks") == 0
    root = page.locator(".cg-root")
    root.wait_for()
    page.screenshot(path=str(ARTIFACTS / "notebook_keys_shift_enter_runs.png"))
    # Ctrl+Enter runs the game's cell and stays on it
    card = root.locator(".ra-free").first
    card.focus()
    count_clicks(card)
    ran = notebook(page)["prompts"][1]
    page.keyboard.press("Control+Enter")
    page.wait_for_function("([i, p]) => { const t = document.querySelectorAll('.jp-Notebook .jp-InputPrompt')[i].textContent;"
                           " return /\\[[0-9]+\\]/.test(t) && t.trim() !== p; }", arg=[1, ran], timeout=60_000)
    now = notebook(page)
    assert now["active"] == 1 and now["command"] and now["focus"] == 1, now
    assert page.evaluate("window.cgClicks") == 0
