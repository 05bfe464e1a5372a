"""Keys pressed in a game stay in the game (issue 18): arrows, digits and letters never reach
JupyterLab's command mode (no cell added, changed, moved or selected), while the game still gets
them."""
from __future__ import annotations

import pytest

from .conftest import ARTIFACTS
from .lab import open_and_run

pytestmark = pytest.mark.browser


def notebook_state(page) -> dict:
    return page.evaluate("""() => {
        const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
        return { n: cells.length, active: cells.findIndex((c) => c.classList.contains('jp-mod-active')),
                 kinds: cells.map((c) => c.classList.contains('jp-MarkdownCell') ? 'md' : 'code'),
                 selected: cells.filter((c) => c.classList.contains('jp-mod-selected')).length };
    }""")


def test_keys_in_the_widget_never_reach_jupyterlab(page, lab):
    lab.write_notebook("keys.ipynb", [
        "x = 1",
        "from chemgames.widgets import play_chromino\nplay_chromino(players=2, bots=['greedy'], lang='de', seed=5)",
        "y = 2",
    ])
    open_and_run(page, lab, "keys.ipynb")
    root = page.locator(".cg-root").first
    page.keyboard.press("Escape")  # command mode, as after Run All
    before = notebook_state(page)
    root.locator("[data-key='hint']").focus()
    for key in ["ArrowDown", "ArrowUp", "ArrowDown", "b", "a", "1", "m", "d", "d", "x", "Shift+ArrowDown"]:
        page.keyboard.press(key)
    page.wait_for_timeout(500)
    after = notebook_state(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "keys_stay_in_the_widget.png"))
    assert after == before, (before, after)
    # the game still hears its own keys: "1" chooses the first tile of the hand
    root.locator("[data-key='hint']").focus()
    page.keyboard.press("1")
    page.wait_for_function("document.querySelector('.cg-root').dataset.sel !== ''")
    assert notebook_state(page) == before
