"""A game's shortcut is the plain key (issue: keys with modifiers). In Räum-Ab! "h" asks for a hint and
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
    assert version(root) == start
    assert held(page) == {"log": 1, "hints": 0}
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
