"""Every game fits a 1280×720 projector at 100 % zoom with the sidebar closed: once the widget's top
is scrolled to the top of the notebook, the hand and the buttons are in the window, and nothing of
the widget is cut off on the right.

Each widget marks what a player must see with ``data-fit`` attributes (``data-fit="hand"``,
``data-fit="actions"``, and for games without a hand of their own, ``data-fit="board"``): the test
finds them, so a widget that marks nothing fails. One screenshot per game (``fit_<game>.png``).
"""
from __future__ import annotations

import pytest

from .conftest import ARTIFACTS
from .lab import REPO, open_and_run, settled, settled_box

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1280, 720
# what each game must show: the regions marked data-fit in its widget
FIT = {
    "chemiekarten": ("hand", "actions"),
    "chemix_classic": ("hand", "actions"),
    "chemuno": ("hand", "actions"),
    "chromino": ("hand", "actions"),
    "metallurgie": ("hand", "board", "actions"),
    "raeumab": ("board", "actions"),
}


def close_left_sidebar(page) -> None:
    """Collapse JupyterLab's left sidebar (the file browser) as a teacher would before projecting."""
    current = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
    if current.count():
        current.first.click()
    page.wait_for_function("!document.querySelector('#jp-left-stack') ||"
                           " document.querySelector('#jp-left-stack').offsetWidth === 0"
                           " || document.querySelector('#jp-left-stack').classList.contains('lm-mod-hidden')")


def regions(page) -> list[dict]:
    """Every ``[data-fit]`` region of the widget with its box in the window."""
    return page.evaluate("""() => [...document.querySelector('.cg-root').querySelectorAll('[data-fit]')].map((e) => {
        const r = e.getBoundingClientRect();
        return { fit: e.dataset.fit, top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                 width: r.width, height: r.height };
    })""")


def open_game(browser, lab, game: str, files_open: bool = False, **context_args):
    """A new browser context (``context_args``: viewport, touch), the game's notebook run in it with
    the sidebar closed (``files_open``: the file browser left open, as JupyterLab opens a notebook),
    once the bots that move before the student have finished: (context, page)."""
    context = browser.new_context(**context_args)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        # measured here is the first lesson's view, with no saved game: the test's folder holds no save of another
        # test (``lab``; a save offered, "Spiel Nr. 5 fortsetzen?", takes a row above the board, which at 1280x720 cut
        # Metallurgie's board in session 25's CI: the lesson work must still count that row)
        assert not list((lab.root / "chemgames-saves").glob("*.json"))
        name = lab.copy_in(REPO / "notebooks" / f"{game}.ipynb")
        open_and_run(page, lab, name)
        # the notebook deals a fresh game each run: its number, to play the same deal again after a failure
        print(f"{game}: " + page.evaluate("document.querySelector('.cg-root .cg-game-no')?.innerText || 'no game number shown'"))
        if not files_open:
            close_left_sidebar(page)
        page.wait_for_function("document.querySelector('.cg-root') && !document.querySelector('.cg-root .cg-thinking')",
                               timeout=90_000)
        settled(page)  # the last view drawn and laid out (fonts, the formula fit on its next frame)
    except BaseException:
        context.close()
        raise
    return context, page


@pytest.mark.parametrize("game", sorted(FIT))
def test_every_view_fits_a_projector(browser, lab, game):
    context, page = open_game(browser, lab, game, viewport={"width": WIDTH, "height": HEIGHT})
    try:
        page.evaluate("document.querySelector('.cg-root').scrollIntoView({ block: 'start' })")
        settled(page)  # JupyterLab's windowed notebook moves cells for a while after a scroll
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"fit_{game}.png"))
        root = settled_box(page.locator(".cg-root").first)
        assert root is not None
        print(f"{game}: widget {root['width']:.0f} × {root['height']:.0f} px")
        assert root["x"] >= 0 and root["x"] + root["width"] <= WIDTH, root
        overflow = page.evaluate("(() => { const r = document.querySelector('.cg-root');"
                                 " return r.scrollWidth - r.clientWidth; })()")
        assert overflow <= 1, f"{game}: the widget is {overflow} px wider than its box (cut off on the right)"
        # the notebook's own area: below the tabs, above the status bar
        bottom = page.evaluate("document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer,"
                               " .jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook').getBoundingClientRect().bottom")
        found = regions(page)
        for kind in FIT[game]:
            boxes = [b for b in found if b["fit"] == kind and b["height"] > 0]
            assert boxes, f"{game}: no visible [data-fit={kind}] region"
            for b in boxes:
                assert 0 <= b["top"] and b["bottom"] <= min(bottom, HEIGHT) + 1, f"{game}: {kind} not in the window: {b}"
                assert 0 <= b["left"] and b["right"] <= WIDTH, f"{game}: {kind} cut off: {b}"
    finally:
        context.close()
