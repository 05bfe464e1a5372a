"""ChemiX Classic: a drag the rules refuse says why, as the click does (s23d noticed it).

Only a legal move could be picked up (``draggable`` only for a stack that may be taken, a compound
that may be dissolved), so dragging the "×3" stack after "×2" was taken simply did not start: the
student learned nothing, while a tap on the same stack showed the rule ("Pro Spielzug darf entweder
eine Multiplikatorkarte vom Stapel genommen oder eine zurückgelegt werden …"). Now an attempted drag
of a refused card or stack sends the move the click sends, and Python's refusal is shown: with a mouse
(the button held and moved), and with a finger (held, as a touch screen starts a drag, then moved).

Each case compares the headline the drag brought with the one the click (or, for a compound, which
has no click, the engine's own check) brings, reads it in sight (``elementFromPoint``), and asks
Python that nothing changed. Screenshots ``refused_drag_<case>.png``.
"""
from __future__ import annotations

import json

import pytest

from .conftest import ARTIFACTS
from .lab import probe, run_code, version, wait_newer
from .test_notice_in_sight_browser import _SHOWN, PROJECTOR, TABLET, open_in, scroll_to, tap_and_wait

pytestmark = pytest.mark.browser

CELLS = [
    "import json\nfrom chemgames.widgets import play_chemix\n"
    "w = play_chemix(players=2, bots=['greedy'], seed=4, lang='de', hands=[['H', 'O', 'Cl'], ['C', 'N', 'P']],"
    " starter=0, bot_delay=60000)\nw",
    "def probe():\n    g = w.game; v = g.view(0)\n"
    "    print(json.dumps({'free': sorted(g.face(i) for i in v['free']), 'stacks': v['stacks'], 'log': len(g.log),"
    " 'table': [c['formula'] for c in v['table']], 'notice': (w.panel.get('notice') or {}).get('title')}))",
]
RULE = "Pro Spielzug darf entweder eine Multiplikatorkarte"
HEADLINE = "document.querySelector('.cg-root .cg-notice .cg-expl-title')?.innerText || ''"


def mouse_drag(page, what: str, to: str) -> None:
    """The mouse's drag: press on the element ``what``, move in steps onto the element ``to``, release."""
    source = page.locator(what).first
    source.scroll_into_view_if_needed()
    a, b = source.bounding_box(), page.locator(to).first.bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    x, y = b["x"] + b["width"] / 2, b["y"] + min(b["height"] / 2, 20)
    page.mouse.move(x, y, steps=8)
    page.mouse.up()


def finger_drag(page, what: str, to: str, hold_ms: int = 700) -> None:
    """A finger's drag on a touch screen: held on the element ``what`` (a touch screen starts a drag
    so), then moved onto ``to`` and lifted (Chrome's touch events through the DevTools protocol)."""
    source = page.locator(what).first
    source.scroll_into_view_if_needed()
    a, b = source.bounding_box(), page.locator(to).first.bounding_box()
    x0, y0 = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
    x1, y1 = b["x"] + b["width"] / 2, b["y"] + min(b["height"] / 2, 20)
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
        page.wait_for_timeout(hold_ms)
        for i in range(1, 9):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                {"x": x0 + (x1 - x0) * i / 8, "y": y0 + (y1 - y0) * i / 8}]})
            page.wait_for_timeout(30)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def refused_by_drag(page, drag, case: str, words: str) -> str:
    """Make the refused ``drag``; Python's answer must be the refusal, in sight. Its headline."""
    before = version(page.locator(".cg-root"))
    drag()
    wait_newer(page, before)
    page.wait_for_function(f"({HEADLINE}).includes('Abgelehnt')")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"refused_drag_{case}.png"))
    seen = page.evaluate(_SHOWN, words)
    assert any(f["seen"] for f in seen["found"]), f"{case}: the rule is not said in sight: {seen}"
    return page.evaluate(HEADLINE)


@pytest.mark.parametrize("size", ["projector", "tablet"])
def test_the_closed_stack_dragged_says_the_rule_as_its_tap_does(browser, lab, size):
    touch = size == "tablet"
    context, page = open_in(browser, lab, f"refused_drag_stack_{size}.ipynb", CELLS, TABLET if touch else PROJECTOR)
    try:
        tap_and_wait(page, "take:2", touch)
        assert page.evaluate("document.querySelector(\".cg-root [data-key='take:3']\").getAttribute('draggable')") is None
        held = probe(page)
        assert held["free"] == ["2"] and held["notice"] is None, held
        stack = ".cg-root [data-key='take:3']"
        drag = (lambda: finger_drag(page, stack, ".cg-root .cx-free")) if touch else \
            (lambda: mouse_drag(page, stack, ".cg-root .cx-free"))
        dragged = refused_by_drag(page, drag, f"stack_{size}", RULE)
        assert RULE in dragged and "schon eine genommen" in dragged, dragged
        after = probe(page)
        assert {k: after[k] for k in ("free", "stacks", "log", "table")} == \
            {k: held[k] for k in ("free", "stacks", "log", "table")}, (held, after)
        assert RULE in after["notice"], after  # the refusal Python holds is the one shown
        # the tap (click) on the same stack: the same words (the stack in the middle of the window: the
        # headline at the window's foot would take the tap, which puts it away)
        scroll_to(page, "take:3")
        tap_and_wait(page, "take:3", touch, force=True)
        page.wait_for_function(f"({HEADLINE}).includes('Abgelehnt')")
        assert page.evaluate(HEADLINE) == dragged
        if not touch:  # the "2" taken dragged back onto the stacks: a put-back, refused the same way
            before = version(page.locator(".cg-root"))
            page.locator(".cg-root .cx-free .cx-card-btn[data-id^='x2']").first.drag_to(page.locator(".cg-root .cx-stacks"))
            wait_newer(page, before)
            page.wait_for_function(f"({HEADLINE}).includes('Abgelehnt')")
            assert RULE in page.evaluate(HEADLINE) and probe(page)["free"] == ["2"]
    finally:
        context.close()


@pytest.mark.parametrize("size", ["projector", "tablet"])
def test_a_compound_laid_this_turn_dragged_says_why_it_stays(browser, lab, size):
    """A compound laid in this turn may not be dissolved in it: it was not draggable, and it has no
    button; dragged now, the engine's check of that dissolve is shown."""
    touch = size == "tablet"
    context, page = open_in(browser, lab, f"refused_drag_new_{size}.ipynb", CELLS, TABLET if touch else PROJECTOR)
    try:
        # H and Cl laid from the hand and formed, as the clicks would (the widget follows the game)
        before = version(page.locator(".cg-root"))
        run_code(page, "g = w.game; ids = {g.face(c): c for c in g.view(0)['hand']}; _ = [g.apply(g.action_from_json("
                       "{'game': 'chemix', 'player': 0, 'kind': k, 'params': p})) for k, p in [('play', {'card': ids['H']}),"
                       " ('play', {'card': ids['Cl']}), ('form', {'layout': ['H', 'Cl']})]]; print(len(g.log))")
        wait_newer(page, before)
        page.wait_for_selector(".cg-root .cx-on-table[data-formula='HCl']")
        held = probe(page)
        assert held["table"] == ["HCl"], held
        expected = json.loads(run_code(page, "print(json.dumps(w.game.check(w.game.action_from_json({'game': 'chemix',"
                                             " 'player': 0, 'kind': 'dissolve', 'params': {'compound': 'HCl'}})).in_lang('de').title))"))
        assert "in diesem Zug gelegt" in expected, expected
        laid = ".cg-root .cx-on-table[data-formula='HCl']"
        drag = (lambda: finger_drag(page, laid, ".cg-root .cx-free")) if touch else \
            (lambda: mouse_drag(page, laid, ".cg-root .cx-free"))
        dragged = refused_by_drag(page, drag, f"new_{size}", "in diesem Zug gelegt")
        assert dragged.endswith(expected), (dragged, expected)
        after = probe(page)
        assert after["table"] == ["HCl"] and after["log"] == held["log"], (held, after)
    finally:
        context.close()
