"""The refusal's headline where no part of the board can hold it: at the foot of the notebook's area,
measured on the projector (1280×720) (s23d) and on a student's touch tablet (1024×768, s24f).

``noticeInSight`` (``widgets/shared/mount.js``) puts a refused move's headline under the part of the
board the player used (the part holding the control that sent the move), and where that does not
bring it into sight at the foot of the window (``position: fixed``, held in the notebook's area by
JupyterLab's containment). Session 22 measured the first; the second was not measured where it is
used: a move made by drag and drop (ChemiX Classic: a multiplier stack dragged onto the free area)
and a part too tall for the headline to follow it in the window. Here the page is scrolled so that
the part the move came from ends at the window's foot, the move is refused, and the headline's box
is read in one evaluate: drawn at the foot (not in the board's flow), inside the window and inside the
notebook's area, not under JupyterLab's status bar, and on top where its words are. On the tablet
the grid is tapped (a finger); the drag there is the mouse's (a finger's drag of a tile, which
widgets/shared/drag.js makes of pointer events, is test_touch_drag_browser's). Screenshots
``notice_fallback_<case>_<size>.png``.
"""
from __future__ import annotations

import pytest

from .conftest import ARTIFACTS
from .lab import version, wait_newer
from .test_notice_in_sight_browser import PROJECTOR, TABLET, open_in

pytestmark = pytest.mark.browser

# the headline drawn by noticeInSight, its box against the window's and the notebook area's, and whether
# the middle of its first line shows it (elementFromPoint: not clipped, not covered)
_HEADLINE = """() => {
  const toast = document.querySelector('.cg-root .cg-notice-toast');
  if (!toast) return null;
  const box = (e) => { const r = e.getBoundingClientRect();
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) }; };
  const words = toast.querySelector('p') || toast;
  const r = words.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 20), r.top + Math.min(r.height / 2, 10));
  const area = document.querySelector('.jp-NotebookPanel-notebook') || document.documentElement;
  const bar = document.querySelector('#jp-main-statusbar');
  return { inline: toast.classList.contains('cg-notice-inline'), box: box(toast), area: box(area),
           statusbar: bar ? box(bar) : null, window: [innerWidth, innerHeight],
           onTop: !!hit && toast.contains(hit), text: toast.innerText.slice(0, 120) };
}"""


def assert_headline_in_view(page, case: str, foot: bool | None) -> dict:
    """The headline is drawn, in the window, in the notebook's area, above the status bar and on
    top; ``foot``: it must be the one at the foot (True) or in the board's flow (False), None: either."""
    seen = page.evaluate(_HEADLINE)
    print(f"{case}: {seen}")
    assert seen is not None, f"{case}: no headline drawn (the refusal was in sight already?)"
    b, a, (width, height) = seen["box"], seen["area"], seen["window"]
    if foot is not None:
        assert seen["inline"] != foot, f"{case}: {'in the board' if seen['inline'] else 'at the foot'}: {seen}"
    assert 0 <= b["top"] < b["bottom"] <= height and 0 <= b["left"] < b["right"] <= width, f"{case}: out of the window: {seen}"
    assert a["top"] <= b["top"] and b["bottom"] <= a["bottom"] + 1, f"{case}: outside the notebook's area: {seen}"
    if seen["statusbar"]:
        assert b["bottom"] <= seen["statusbar"]["top"] + 1, f"{case}: under the status bar: {seen}"
    assert seen["onTop"], f"{case}: the headline's words are covered: {seen}"
    return seen


def part_at_the_foot(page, key: str) -> None:
    """Scroll so that the part of the board holding ``data-key=key`` ends at the window's foot: the
    headline cannot follow it there."""
    page.wait_for_function("""k => { const e = document.querySelector(`.cg-root [data-key='${k}']`);
        if (!e) return false; const board = e.closest('.cg-board') || document.querySelector('.cg-root');
        let part = e; while (part.parentElement && part.parentElement !== board) part = part.parentElement;
        part.scrollIntoView({ block: 'end' }); return true; }""", arg=key)


# A 1280 × 1024 projector (5:4, still in many classrooms): Beamer mode keeps its zoom near 1.4 there, and the
# explanation column stands under the grid. On a 1280 × 720 one Beamer mode takes a smaller zoom, so that the
# lay-out is in the window under the hand (session 25), and the column stands beside the grid, in sight: the
# headline has nothing to stand in for there (mount.js noticeInSight draws none).
TALL_PROJECTOR = {**PROJECTOR, "viewport": {"width": 1280, "height": 1024}}
SIZES: dict[str, dict] = {"projector": TALL_PROJECTOR, "tablet": TABLET}


def open_chromino(browser, lab, name: str, beamer: bool = True, size: str = "projector"):
    """Chromino, player 1 to move (seed 4), the bot waiting a minute, in "Beamer" mode; the first
    hand tile chosen (tapped on the tablet)."""
    touch = size == "tablet"
    context, page = open_in(browser, lab, name, [
        "from chemgames.widgets import play_chromino\n"
        "w = play_chromino(players=2, bots=['greedy'], seed=4, lang='de', bot_delay=60000)\nw"], SIZES[size])
    if touch:  # the page must be seen as a touch screen: its texts and controls are the finger's
        assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    if beamer:  # the projector's "Beamer" mode: the whole game 1.4 times larger, its column under the board
        large = page.locator(".cg-root [data-key='large']").first
        large.tap() if touch else large.click()
        page.wait_for_function("document.querySelector('.cg-large > .cg-root')")
    tile = page.locator(".cg-root [data-key^='tile:']").first
    key = tile.get_attribute("data-key")
    tile.tap() if touch else tile.click()
    page.wait_for_function("k => document.querySelector(`.cg-root [data-key='${k}']`)?.getAttribute('aria-pressed') === 'true'",
                           arg=key)
    return context, page, key


# a point of the grid far from the lay-out (its top left corner): no tile may lie there
_CORNER = {"x": 12, "y": 12}
REFUSED = "Abgelehnt"


def refused_headline(page, case: str, move, foot: bool | None, size: str = "projector") -> None:
    """Make the refused ``move`` with the grid ending at the window's foot; the headline measured."""
    part_at_the_foot(page, "grid")
    before = version(page.locator(".cg-root"))
    move()
    wait_newer(page, before)
    page.wait_for_function("document.querySelector('.cg-root .cg-notice')?.innerText.length > 0")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"notice_fallback_{case.split()[-1]}_{size}.png"))
    seen = assert_headline_in_view(page, case, foot)
    assert REFUSED in seen["text"], seen


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_tile_laid_on_the_tall_grid(browser, lab, size):
    """Chromino: a click (a tap) on the grid (a part of the board taller than the window in "Beamer"
    mode) where the chosen tile may not lie; the headline cannot go under the grid, which ends at the
    window's foot: it stands at the foot of the notebook's area. On the tablet too: the tap gives the
    grid the focus as it lands (s25f; before, the focus stayed on the tile tapped before until the
    finger was lifted, and the headline went under the hand)."""
    context, page, _ = open_chromino(browser, lab, f"notice_fallback_grid_{size}.ipynb", size=size)
    grid = page.locator(".cg-root [data-key='grid']")
    try:
        refused_headline(page, "chromino grid", (lambda: grid.tap(position=_CORNER)) if size == "tablet"
                         else (lambda: grid.click(position=_CORNER)), foot=True, size=size)
    finally:
        context.close()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_tile_dragged_onto_the_grid(browser, lab, size):
    """Chromino: the chosen tile dragged from the hand onto the grid where it may not lie. Chromium
    focuses the tile as the drag begins, so the headline goes under the hand (Playwright scrolls the
    hand into view to begin the drag); wherever it goes, it is measured in sight."""
    context, page, key = open_chromino(browser, lab, f"notice_fallback_drag_{size}.ipynb", size=size)
    try:
        refused_headline(page, "chromino drag", lambda: page.locator(f".cg-root [data-key='{key}']").drag_to(
            page.locator(".cg-root [data-key='grid']"), target_position=_CORNER), foot=None, size=size)
    finally:
        context.close()
