"""After "Run → Run All Cells" a student sees the game, in the window of a 1280×720 projector.

JupyterLab selects the last cell and scrolls it into view *before* its output exists, so the game
cell is the last one and everything above it is short (title, how to start, the rules folded in a
``<details>``): nothing scrolls, and the widget starts in the upper half of the window, its whole
width inside. One screenshot per game (the window as the class sees it) under test-artifacts/."""
from __future__ import annotations

import pytest

from .conftest import ARTIFACTS
from .lab import REPO, open_and_run, settled, settled_box

pytestmark = pytest.mark.browser

GAMES = ["chemiekarten", "chemix_classic", "chemuno", "chromino", "metallurgie", "raeumab"]
WIDTH, HEIGHT = 1280, 720


def test_every_game_notebook_ends_with_the_game():
    # the premise of the browser test: the last cell is one short code cell that starts the game
    import nbformat

    for game in GAMES:
        nb = nbformat.read(REPO / "notebooks" / f"{game}.ipynb", as_version=4)
        last = nb.cells[-1]
        assert last.cell_type == "code" and len(last.source.splitlines()) <= 4, game
        assert "Run All Cells" in nb.cells[0].source and "Alle Zellen ausführen" in nb.cells[0].source, game
        assert f"lehrkraefte/{game}.ipynb" in nb.cells[0].source, game
        assert (REPO / "notebooks" / "lehrkraefte" / f"{game}.ipynb").exists(), game


@pytest.mark.parametrize("game", GAMES)
def test_run_all_leaves_the_game_in_view(browser, lab, game):
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        name = lab.copy_in(REPO / "notebooks" / f"{game}.ipynb")
        open_and_run(page, lab, name)
        # every cell has run (no "[*]") and JupyterLab has finished scrolling to the last one
        page.wait_for_function(
            "[...document.querySelectorAll('.jp-Notebook .jp-Cell.jp-CodeCell .jp-InputPrompt')]"
            ".every(p => /\\[[0-9]+\\]/.test(p.textContent))")
        # the widget's view renders after its cell's prompt shows the count (the front end loads the
        # bundle then): wait for the game itself, then for JupyterLab's scrolling to settle
        page.locator(".cg-root").first.wait_for(state="visible")
        settled(page, frames=10, quiet_ms=1_000)  # still for a second: JupyterLab has stopped scrolling
        box = settled_box(page.locator(".cg-root").first)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"run_all_{game}.png"))
        assert box is not None
        shown = (min(box["y"] + box["height"], HEIGHT) - max(box["y"], 0)) / box["height"]
        print(f"{game}: top {box['y']:.0f} px, height {box['height']:.0f} px, {shown:.0%} in the window")
        assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, box  # the whole width
        assert 0 <= box["y"] <= HEIGHT / 2, box  # the game starts in the upper half: no scrolling needed
    finally:
        context.close()
