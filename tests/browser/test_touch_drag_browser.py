"""A finger drags a card on a tablet (1024×768 with touch), as a mouse does (session 25, s25f).

Chromium starts no HTML drag and drop from touch events, so on a tablet a legal card could only be
tapped: held and moved, it did nothing (s24f). ``widgets/shared/drag.js`` now makes the finger's drag
of pointer events: held, the card is lifted, a copy of it (the ghost) follows the finger, every place
that takes it is outlined and the one under the finger framed; lifted there, the card's move is sent,
and Python makes it or says why not, as for the mouse's drop. The finger is Chrome's own touch input
(the DevTools protocol's ``Input.dispatchTouchEvent``, which the page receives as touch and pointer
events of a touch screen, ``(pointer: coarse)``).

Each test reads what the player sees (the ghost under the finger, the outlined targets, the card's new
place or the refusal in sight) and what Python holds (``probe()``). Screenshots ``touch_drag_<case>.png``.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import ARTIFACTS
from .lab import next_frames, probe, settled, version, wait_newer
from .test_chemix_refused_drag_browser import refused_by_drag
from .test_chromino_browser import R, Y, G, P, cell_point
from .test_notice_in_sight_browser import _SHOWN, TABLET, open_in, scroll_to, tap_and_wait

pytestmark = pytest.mark.browser

HOLD_MS = 700  # longer than the hold that lifts a card (450 ms)


class Finger:
    """One finger on the touch screen of ``page`` (Chrome's touch events through the DevTools protocol)."""

    def __init__(self, page) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.at = (0.0, 0.0)

    def _send(self, kind: str, points: list[dict]) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def down(self, x: float, y: float) -> None:
        self.at = (x, y)
        self._send("touchStart", [{"x": x, "y": y}])

    def move(self, x: float, y: float, steps: int = 10) -> None:
        x0, y0 = self.at
        for i in range(1, steps + 1):
            self._send("touchMove", [{"x": x0 + (x - x0) * i / steps, "y": y0 + (y - y0) * i / steps}])
            self.page.wait_for_timeout(25)
        self.at = (x, y)

    def up(self) -> None:
        self._send("touchEnd", [])

    def close(self) -> None:
        self.cdp.detach()


def to_top(page, selector: str) -> None:
    """Scroll the element ``selector`` to the window's top (below JupyterLab's bars), in one step in the page: what
    the test drags and where to stand in the window, clear of its edges (there the dragging finger scrolls)."""
    page.wait_for_function("s => { const e = document.querySelector(s); if (!e) return false;"
                           " e.scrollIntoView({block: 'start'}); return true; }", arg=selector)
    settled(page, selector, frames=10, quiet_ms=300)  # JupyterLab's notebook may still move its cells a while


def middle(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


# during the drag: the ghost (its box, shown or not), the targets outlined and the one framed, the page's scroll
_DURING = """() => {
  const ghost = document.querySelector('.cg-drag-ghost');
  const r = ghost && ghost.getBoundingClientRect();
  const named = (e) => e.dataset.key || [...e.classList].find((c) => !c.startsWith('cg-drop')) || e.tagName;
  return { ghost: ghost && { left: r.left, top: r.top, right: r.right, bottom: r.bottom,
                             shown: getComputedStyle(ghost.parentElement).visibility !== 'hidden', text: ghost.innerText },
           outlined: [...document.querySelectorAll('.cg-root .cg-drop-target')].map(named),
           framed: [...document.querySelectorAll('.cg-root .cg-drop-over')].map(named),
           lifted: [...document.querySelectorAll('.cg-root .cg-dragging')].map((e) => e.dataset.key) };
}"""

CHEMIX = [
    "import json\nfrom chemgames.widgets import play_chemix\n"
    "w = play_chemix(players=2, bots=['greedy'], seed=4, lang='de', hands=[['H', 'O', 'Cl'], ['C', 'N', 'P']],"
    " starter=0, bot_delay=60000)\nw",
    "def probe():\n    g = w.game; v = g.view(0)\n"
    "    print(json.dumps({'free': sorted(g.face(i) for i in v['free']), 'hand': sorted(g.face(i) for i in v['hand']),"
    " 'stacks': v['stacks'], 'log': len(g.log), 'notice': (w.panel.get('notice') or {}).get('title')}))",
]
# how far the scrolled area around the element of data-key k has scrolled
_SCROLLED = """(k) => { let e = document.querySelector(`.cg-root [data-key='${k}']`);
  for (e = e.parentElement; e; e = e.parentElement) { const y = getComputedStyle(e).overflowY;
    if ((y === 'auto' || y === 'scroll') && e.scrollHeight > e.clientHeight) return e.scrollTop; }
  return document.scrollingElement.scrollTop; }"""
HEADLINE = "document.querySelector('.cg-root .cg-notice .cg-expl-title')?.innerText || ''"


def during(page, timeout: float = 5_000) -> dict:
    """What the drag shows once a place under the finger is framed (the frame follows the finger a frame or more
    after the move: later under load), or after ``timeout`` ms as it is then."""
    next_frames(page)
    try:
        page.wait_for_function(f"() => ({_DURING})().framed.length > 0", timeout=timeout)
    except PlaywrightTimeout:
        pass
    return page.evaluate(_DURING)


def test_a_finger_drags_a_hand_card_onto_the_free_area(browser, lab):
    context, page = open_in(browser, lab, "touch_drag_chemix.ipynb", CHEMIX, TABLET)
    finger = Finger(page)
    try:
        assert page.evaluate("matchMedia('(pointer: coarse)').matches")
        held = probe(page)
        assert held["free"] == [] and "H" in held["hand"], held
        card = ".cg-root .cx-hand [data-key^='hand:H.']"
        key = page.locator(card).first.get_attribute("data-key")
        to_top(page, ".cg-root .cx-hand")
        x0, y0 = middle(page, card)
        before = version(page.locator(".cg-root"))
        finger.down(x0, y0)
        page.wait_for_timeout(HOLD_MS)
        x1, y1 = middle(page, ".cg-root .cx-free h3")
        finger.move(x1, y1 + 10)
        seen = during(page)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "touch_drag_chemix_during.png"))
        print("during the drag:", seen)
        g = seen["ghost"]
        assert g and g["shown"] and "H" in g["text"], f"no ghost follows the finger: {seen}"
        assert g["left"] - 2 <= x1 <= g["right"] + 2 and g["top"] - 2 <= y1 + 10 <= g["bottom"] + 2, \
            f"the ghost is not under the finger ({x1}, {y1 + 10}): {seen}"
        assert seen["lifted"] == [key], seen
        assert any("cx-free" in str(n) for n in seen["framed"]), f"the free area under the finger is not framed: {seen}"
        # a card still held sends nothing: Python has drawn no new view (a cell run now would scroll the notebook under the finger)
        assert version(page.locator(".cg-root")) == before, "the card held made a move"
        finger.up()
        wait_newer(page, before)
        after = probe(page)
        assert after["free"] == ["H"] and after["hand"] == sorted(set(held["hand"]) - {"H"}) and after["log"] == held["log"] + 1, after
        assert after["notice"] is None, after
        page.wait_for_selector(".cg-root .cx-free [data-key^='free:H.']")
        assert page.locator(f".cg-root [data-key='{key}']").count() == 0, "the card is still in the hand"
        assert page.evaluate(_DURING) == {"ghost": None, "outlined": [], "framed": [], "lifted": []}, "the drag left traces"
        page.screenshot(path=str(ARTIFACTS / "touch_drag_chemix_after.png"))
        # a tap still plays a card (tap to choose, the move sent), and a quick swipe that starts on a card scrolls
        # the notebook, as it did: only a card held still is lifted
        other = page.locator(".cg-root .cx-hand [data-key^='hand:O.']").first.get_attribute("data-key")
        scroll_to(page, other)
        top = page.evaluate(_SCROLLED, other)
        x, y = middle(page, f".cg-root [data-key='{other}']")
        finger.down(x, y)
        finger.move(x, y - 120, steps=6)
        seen = page.evaluate(_DURING)
        finger.up()
        page.wait_for_timeout(300)
        assert seen["ghost"] is None and seen["lifted"] == [], f"a swipe lifted the card: {seen}"
        assert page.evaluate(_SCROLLED, other) > top + 40, "a swipe over a card no longer scrolls the notebook"
        scroll_to(page, other)
        tap_and_wait(page, other, touch=True)
        assert probe(page)["free"] == ["H", "O"]
    finally:
        finger.close()
        context.close()


def test_a_refused_finger_drag_says_why_and_changes_nothing(browser, lab):
    """The "×2" taken, then dragged back onto the stacks by a finger: a put-back in the same turn, which the
    sheet forbids ("entweder eine Multiplikatorkarte vom Stapel genommen oder eine zurückgelegt"); the mouse's
    drop sends it and shows Python's refusal (test_chemix_refused_drag_browser), the finger's now too."""
    context, page = open_in(browser, lab, "touch_drag_chemix_refused.ipynb", CHEMIX, TABLET)
    finger = Finger(page)
    try:
        tap_and_wait(page, "take:2", touch=True)
        held = probe(page)
        assert held["free"] == ["2"] and held["notice"] is None, held
        card = ".cg-root .cx-free .cx-card-btn[data-id^='x2']"
        to_top(page, ".cg-root .cx-free")
        x0, y0 = middle(page, card)
        finger.down(x0, y0)
        page.wait_for_timeout(HOLD_MS)
        x1, y1 = middle(page, ".cg-root .cx-stacks")
        finger.move(x1, y1)
        seen = during(page)
        print("during the drag:", seen)
        assert seen["ghost"] and seen["ghost"]["shown"], seen
        assert any("cx-stacks" in str(n) for n in seen["framed"]), seen
        rule = "Pro Spielzug darf entweder eine Multiplikatorkarte"
        refused_by_drag(page, finger.up, "touch_chemix", rule)
        after = probe(page)
        assert {k: after[k] for k in ("free", "hand", "stacks", "log")} == {k: held[k] for k in ("free", "hand", "stacks", "log")}, (held, after)
        assert rule in after["notice"], after
        assert page.evaluate(_DURING)["ghost"] is None
    finally:
        finger.close()
        context.close()


CHROMINO = [
    "import json, chemgames\nfrom chemgames.widgets import ChrominoWidget\n"
    "from chemgames.games.chromino.tiles import by_colours as t",
    f"g = chemgames.new_game('chromino', players=2, seed=3, lang='de', start=t(({R}, {Y}, {G})).id, hand_size=2, "
    f"hands=[[t(({R}, {R}, {Y})).id, t(({P}, {P}, {P})).id]])\n"
    "w = ChrominoWidget(g, seats=['human', 'greedy'], bot_delay=600000)\nw",
    "def probe():\n    print(json.dumps({'current': g.current_player, 'log': len(g.log), 'hand': [x['id'] for x in g.view(0)['hand']],"
    " 'layout': [[k['tile'], k['x'], k['y'], k['rot']] for k in g.view(None)['layout']],"
    " 'notice': (w.panel.get('notice') or {}).get('title')}))",
]


def drag_tile(browser, lab, name: str, cell: tuple[int, int]):
    """Chromino on the tablet, the hand at the window's top and the grid under it: the finger holds the first hand
    tile (red-red-yellow) and moves onto the grid's ``cell``, where it stays. (context, page, finger, what Python
    held before, the tile's id, what is seen now)."""
    context, page = open_in(browser, lab, name, CHROMINO, TABLET)
    finger = Finger(page)
    try:
        held = probe(page)
        rry = held["hand"][0]
        to_top(page, ".cg-root .cg-handbox")
        finger.down(*middle(page, f".cg-root [data-key='tile:{rry}']"))
        page.wait_for_timeout(HOLD_MS)
        finger.move(*cell_point(page, *cell))
        seen = during(page)
        print("during the drag:", seen)
        assert seen["lifted"] == [f"tile:{rry}"] and "grid" in seen["framed"], seen
    except BaseException:
        finger.close()
        context.close()
        raise
    return context, page, finger, held, rry, seen


def test_a_finger_drags_a_tile_onto_chrominos_grid(browser, lab):
    # the cell (-1, 1) under the finger: the middle square of a tile laid from (-2, 1), under the opening
    context, page, finger, held, rry, seen = drag_tile(browser, lab, "touch_drag_chromino.ipynb", (-1, 1))
    try:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "touch_drag_chromino_during.png"))
        assert seen["ghost"] and not seen["ghost"]["shown"], f"over the grid the tile is drawn where it would lie: {seen}"
        preview = page.evaluate("[...document.querySelectorAll('.cg-root .cg-chr-preview rect:not(.cg-chr-outline)')]"
                                ".map((r) => [Number(r.getAttribute('x')) / 40, Number(r.getAttribute('y')) / 40])")
        assert preview == [[-2, 1], [-1, 1], [0, 1]], preview
        before = version(page.locator(".cg-root"))
        finger.up()
        wait_newer(page, before)
        after = probe(page)
        assert [rry, -2, 1, 0] in after["layout"] and rry not in after["hand"] and after["notice"] is None, after
        page.wait_for_selector(".cg-root .cg-chr-tile[data-x='-2'][data-y='1']")
        page.screenshot(path=str(ARTIFACTS / "touch_drag_chromino_after.png"))
    finally:
        finger.close()
        context.close()


def test_a_tile_dragged_by_a_finger_where_it_may_not_lie_is_refused_with_the_reason(browser, lab):
    context, page, finger, held, rry, _ = drag_tile(browser, lab, "touch_drag_chromino_refused.ipynb", (0, 0))  # onto the opening
    try:
        refused_by_drag(page, finger.up, "touch_chromino", "überlappen nie")
        after = probe(page)
        assert {k: after[k] for k in ("layout", "hand", "log", "current")} == {k: held[k] for k in ("layout", "hand", "log", "current")}, (held, after)
        assert "Abgelehnt" in after["notice"] or "überlappen" in after["notice"], after
        # the finger's tap still chooses a tile and a tap on the grid lays it
        page.locator(f".cg-root [data-key='tile:{rry}']").tap()
        before = version(page.locator(".cg-root"))
        page.touchscreen.tap(*cell_point(page, -1, -1))
        wait_newer(page, before)
        assert [rry, -2, -1, 0] in probe(page)["layout"]
    finally:
        finger.close()
        context.close()
