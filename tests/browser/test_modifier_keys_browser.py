"""A game's shortcut is the plain key. In Räum-Ab! "h" asks for a hint and
"u" undoes the last move; Ctrl+H and Ctrl+U (the browser's history and page source) pressed in the game
used to do the same. Now a key held with Ctrl, Alt or Cmd never reaches a game's handler
(``gameKey`` in widgets/shared/dom.js): nothing changes in Python nor on screen, while the plain
keys still work."""
from __future__ import annotations

import json

import pytest

from .conftest import ARTIFACTS
from .lab import open_and_run, run_code, version, wait_newer
from .test_raeumab_browser import free_card, setup_cells

pytestmark = pytest.mark.browser


def held(page) -> dict:
    """What Python holds: the moves made and the hints on offer."""
    return json.loads(run_code(page, "print(json.dumps({'log': len(g.log), 'hints': len(w._hints)}))"))


def test_ctrl_h_and_ctrl_u_leave_the_game_alone_plain_h_and_u_still_work(page, lab):
    lab.write_notebook("raeumab_mods.ipynb", setup_cells(lang="en", seats=("human", "human")))
    open_and_run(page, lab, "raeumab_mods.ipynb")
    root = page.locator(".cg-root")
    free_card(root, "G12").click()
    before = version(root)
    free_card(root, "G36").click()  # a double pair keeps the turn, so "u" has something to undo
    wait_newer(page, before)
    assert held(page) == {"log": 1, "hints": 0}
    free_card(root, "R12").focus()
    start = version(root)
    for key in ["Control+u", "Control+h", "Alt+h", "Alt+u", "Meta+h", "Control+Shift+H"]:
        page.keyboard.press(key)
    page.wait_for_timeout(1000)  # time for a message to Python and its answer, had one been sent
    # Ctrl+Shift+H is JupyterLab's "show the keyboard shortcuts": it reaches JupyterLab from inside
    # the game as from any output (keepKeysInside), not the game
    dialog = page.locator(".jp-Dialog")
    dialog.wait_for()
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached")
    # Python first: the kernel handles messages in the order they were sent, and its answer to this
    # cell comes after its answer to any message the keys sent, so the view below is the one Python
    # would have changed (the pause above alone is too short on a loaded machine)
    assert held(page) == {"log": 1, "hints": 0}
    assert version(root) == start
    assert root.locator("[data-key^='hint:']").count() == 0
    assert "undone" not in root.inner_text().lower()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "modifier_keys_ignored.png"))
    # the plain keys still reach the game
    free_card(root, "R12").focus()
    page.keyboard.press("h")
    wait_newer(page, start)
    root.locator("[data-key^='hint:']").first.wait_for()
    now = held(page)
    assert now["log"] == 1 and now["hints"] >= 1
    page.screenshot(path=str(ARTIFACTS / "modifier_keys_plain_h.png"))
    free_card(root, "R12").focus()
    before = version(root)
    page.keyboard.press("u")
    wait_newer(page, before)
    assert held(page)["log"] == 0


def test_chromino_board_keys_with_ctrl_or_alt_leave_the_board_alone(page, lab):
    # Chromino's board binds l (show the legal places), digits (choose a tile) and the arrows; Shift+arrow
    # pans, so Shift stays part of its keys. Ctrl+L, Alt+2, Ctrl+arrow belong to the browser or system.
    lab.write_notebook("chromino_mods.ipynb", [
        "from chemgames.widgets import play_chromino\nplay_chromino(players=2, bots=['greedy'], lang='en', seed=5)",
    ])
    open_and_run(page, lab, "chromino_mods.ipynb")
    root = page.locator(".cg-root").first
    board, legal = root.locator("svg.cg-chr-svg"), root.locator("[data-key='legal']")
    pressed = legal.get_attribute("aria-pressed")
    sel = root.get_attribute("data-sel")
    board.focus()
    cursor = root.locator(".cg-chr-live").inner_text()
    for key in ["Control+l", "Alt+l", "Meta+l", "Control+2", "Alt+2", "Control+ArrowDown", "Alt+ArrowRight"]:
        page.keyboard.press(key)
    page.wait_for_timeout(500)
    assert legal.get_attribute("aria-pressed") == pressed
    assert root.get_attribute("data-sel") == sel
    assert root.locator(".cg-chr-live").inner_text() == cursor
    # the plain key still works (the plain digits and arrows: test_shell_browser.py)
    board.focus()
    page.keyboard.press("l")
    page.wait_for_function("p => document.querySelector('.cg-root [data-key=legal]').getAttribute('aria-pressed') !== p",
                           arg=pressed)
