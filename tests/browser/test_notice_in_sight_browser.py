"""A refused move is said where the student looks (s21g, a first lesson of ChemiX Classic and
Chemuno walked on a 1024×768 tablet with JupyterLab's file browser open, as a notebook opens).

The game is narrower than 780 px there, so the explanation column stands under the board, and the
refusal ("✘ Abgelehnt: Keine Verbindungskarte zeigt Na + N.") was drawn 1,300 px below the
"Verbindung bilden" the student had just tapped (Chemuno: 280 px below the window). All the student
saw was the choice emptied. On the projector (1280×720) the column stands beside the board, but its
top, where the refusal goes, had scrolled away above the free area.

Each test reads, in one evaluate, every piece of text of the game that holds the refusal's words and
asks whether the point at its middle shows it (``elementFromPoint``: in the window, not clipped away,
not under anything else). Screenshots ``notice_in_sight_<case>.png``.
"""
from __future__ import annotations

import pytest

from .conftest import ARTIFACTS
from .lab import open_and_run, version, wait_newer

pytestmark = pytest.mark.browser

TABLET = {"viewport": {"width": 1024, "height": 768}, "has_touch": True}
PROJECTOR = {"viewport": {"width": 1280, "height": 720}}

# every text node of the game holding ``words``: is the middle of its line drawn on top, in the window?
_SHOWN = """(words) => {
  const root = document.querySelector('.cg-root');
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.includes(words)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const r = range.getClientRects()[0];
    if (!r) { out.push({ top: null, seen: false }); continue; }
    const x = r.left + Math.min(r.width / 2, 20), y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    out.push({ top: Math.round(r.top), seen: !!hit && (hit === n.parentElement || n.parentElement.contains(hit) || hit.contains(n.parentElement)) });
  }
  return { found: out, window: [innerWidth, innerHeight] };
}"""


# what the bottom headline (mount.js noticeInSight) hides: every control and card of the game that is
# in the window, outside the headline, whose box meets the headline's box (s21g left it: "can cover the
# hand's last row until tapped away"): cards are buttons in every game; the board and Chromino's grid,
# which hold the headline or are panned, are not counted
_UNDER_TOAST = """() => {
  const root = document.querySelector('.cg-root');
  const toast = root.querySelector('.cg-notice-toast');
  const all = [...root.querySelectorAll('button, select, label:has(> input), [role=button]')].filter((e) => !toast || !toast.contains(e));
  const inWindow = all.map((e) => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width > 0 && r.bottom > 0 && r.top < innerHeight);
  if (!toast) return { toast: null, under: [], shown: inWindow.length };
  const t = toast.getBoundingClientRect();
  const under = inWindow.filter(([, r]) => r.left < t.right - 1 && r.right > t.left + 1 && r.top < t.bottom - 1 && r.bottom > t.top + 1)
    .map(([e, r]) => ({ key: e.dataset.key || e.textContent.trim().slice(0, 30), top: Math.round(r.top), bottom: Math.round(r.bottom) }));
  return { toast: { top: Math.round(t.top), bottom: Math.round(t.bottom), left: Math.round(t.left), right: Math.round(t.right) },
           under, shown: inWindow.length, window: [innerWidth, innerHeight] };
}"""


def assert_nothing_under_the_headline(page, case: str) -> None:
    """No card or control of the game lies under the bottom headline (measured in one evaluate)."""
    seen = page.evaluate(_UNDER_TOAST)
    print(f"{case}: headline {seen['toast']}, {len(seen['under'])} of {seen['shown']} controls in the window under it: "
          + "; ".join(f"{u['key']} {u['top']}–{u['bottom']}" for u in seen["under"][:8]))
    assert not seen["under"], f"{case}: under the refusal's headline: {seen['under']}"


def tap_and_wait(page, key: str, touch: bool, force: bool = False) -> None:
    """Tap (or click) the game's control ``data-key=key`` and wait until Python has answered
    (``force``: also a control marked aria-disabled, which Playwright would wait on, a finger not)."""
    before = version(page.locator(".cg-root"))
    control = page.locator(f".cg-root [data-key='{key}']").first
    control.tap(force=force) if touch else control.click(force=force)
    wait_newer(page, before)


def scroll_to(page, key: str) -> None:
    """Scroll the control ``data-key=key`` into view in one step in the page, retried until it is there: the view
    may be drawn anew between two of Playwright's calls (after the bot's move), detaching the element a locator
    had found."""
    page.wait_for_function("k => { const e = document.querySelector(`.cg-root [data-key='${k}']`);"
                           " if (!e) return false; e.scrollIntoView({block: 'center'}); return true; }", arg=key)


def choose(page, key: str, touch: bool) -> None:
    """Choose a card of the free area (drawn in the browser alone, no message to Python)."""
    control = page.locator(f".cg-root [data-key='{key}']").first
    control.tap() if touch else control.click()
    page.wait_for_function("k => document.querySelector(`.cg-root [data-key='${k}']`)?.getAttribute('aria-label').includes('abwählen')"
                           " || document.querySelector(`.cg-root [data-key='${k}']`)?.innerText.includes('gewählt')", arg=key)


def open_in(browser, lab, name: str, cells: list[str], context_args: dict):
    context = browser.new_context(**context_args)
    page = context.new_page()
    page.set_default_timeout(60_000)
    lab.write_notebook(name, cells)
    open_and_run(page, lab, name)
    return context, page


@pytest.mark.parametrize("size", ["tablet", "projector"])
def test_a_compound_refused_is_said_in_sight_of_the_free_area(browser, lab, size):
    touch = size == "tablet"
    context, page = open_in(browser, lab, f"notice_cx_{size}.ipynb", [
        "from chemgames.widgets import play_chemix\n"
        "w = play_chemix(players=2, bots=['greedy'], seed=4, lang='de', hands=[['Na', 'N', 'Ca'], ['C', 'H', 'O']], starter=0)\nw"],
        TABLET if touch else PROJECTOR)
    try:
        assert page.locator("#filebrowser").is_visible(), "the file browser is open, as JupyterLab opens a notebook"
        for card in ("Na.1", "N.1"):
            tap_and_wait(page, f"hand:{card}", touch)
        for card in ("Na.1", "N.1"):
            choose(page, f"free:{card}", touch)
        scroll_to(page, "form")
        tap_and_wait(page, "form", touch)
        seen = page.evaluate(_SHOWN, "Keine Verbindungskarte zeigt")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"notice_in_sight_chemix_{size}.png"))
        assert seen["found"], "the refusal is not in the view at all"
        assert any(f["seen"] for f in seen["found"]), f"the refusal is drawn out of sight: {seen}"
        assert_nothing_under_the_headline(page, f"chemix {size}")
        if touch:  # the headline's button brings the whole explanation, with its reason, into sight
            page.locator(".cg-root [data-key='notice_show']").tap()
            page.wait_for_function("""() => { const e = document.querySelector('.cg-root .cg-notice .cg-expl-title');
                const r = e.getBoundingClientRect(); const hit = document.elementFromPoint(r.left + 10, r.top + r.height / 2);
                return !!hit && e.contains(hit) && !document.querySelector('.cg-root .cg-notice-toast'); }""")
    finally:
        context.close()


def test_a_card_that_does_not_fit_is_refused_in_sight_of_the_hand(browser, lab):
    context, page = open_in(browser, lab, "notice_cu_tablet.ipynb", [
        "from chemgames.widgets import play_chemuno\n"
        "w = play_chemuno(players=2, bots=['greedy'], seed=4, lang='de', bot_delay=300, starter=0,\n"
        "                 hands=[['H2O', 'NaCl', 'CaCl2', 'Fe.1'], ['H2SO4', 'C.1']])\nw"], TABLET)
    try:
        tap_and_wait(page, "hand:H2O", touch=True)
        # the bot lays H₂SO₄ (C does not fit on H₂O): NaCl shares nothing with it
        page.wait_for_function("document.querySelector('.cg-root .cg-status').innerText.includes('(du) ist am Zug')")
        scroll_to(page, "hand:NaCl")
        tap_and_wait(page, "hand:NaCl", touch=True)
        # the bot's turn may still draw the view once more after the status changed: wait for the refusal itself
        page.wait_for_function(f"w => ({_SHOWN})(w).found.length > 0", arg="passt nicht auf")
        seen = page.evaluate(_SHOWN, "passt nicht auf")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "notice_in_sight_chemuno_tablet.png"))
        assert seen["found"], "the refusal is not in the view at all"
        assert any(f["seen"] for f in seen["found"]), f"the refusal is drawn out of sight: {seen}"
        assert_nothing_under_the_headline(page, "chemuno tablet")
    finally:
        context.close()


def test_a_second_multiplier_in_one_turn_is_refused_with_the_rule_not_a_dead_button(browser, lab):
    """"Click everything, wrong moves too": after "×2" the other stacks were disabled, so a tap on
    "×3" did nothing and said nothing. The sheet's rule ("entweder eine Multiplikatorkarte vom Stapel
    genommen oder eine zurückgelegt", once a turn) is what the engine answers; now the student reads it."""
    context, page = open_in(browser, lab, "notice_cx_stack.ipynb", [
        "from chemgames.widgets import play_chemix\n"
        "w = play_chemix(players=2, bots=['greedy'], seed=4, lang='de', hands=[['H', 'O', 'Cl'], ['C', 'N', 'P']], starter=0)\nw"],
        TABLET)
    try:
        tap_and_wait(page, "take:2", touch=True)
        tap_and_wait(page, "take:3", touch=True, force=True)
        seen = page.evaluate(_SHOWN, "Pro Spielzug darf entweder eine Multiplikatorkarte")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "notice_in_sight_chemix_second_stack.png"))
        assert any(f["seen"] for f in seen["found"]), f"the rule is not said in sight: {seen}"
        assert_nothing_under_the_headline(page, "chemix second stack")
        assert page.evaluate("document.querySelector(\".cg-root [data-key='take:3']\").getAttribute('aria-disabled')") == "true"
    finally:
        context.close()


@pytest.mark.parametrize("game, words", [("chemuno", "aufnehmen muss nur, wer nichts Passendes hat"),
                                         ("chromino", "Ziehen oder Passen nur, wenn keiner passt")])
def test_drawing_while_a_card_fits_is_refused_with_the_rule(browser, lab, game, words):
    """The draw button was disabled while a card (a tile) fits: a tap did nothing and said nothing.
    Now it says the sheet's rule, in sight. (Seed 4: player 1 begins, and a card/tile of the hand fits.)"""
    context, page = open_in(browser, lab, f"notice_{game}_draw.ipynb", [
        f"from chemgames.widgets import play_{game}\n"
        f"w = play_{game}(players=2, bots=['greedy'], seed=4, lang='de', bot_delay=60000)\nw"], TABLET)
    try:
        scroll_to(page, "draw")
        tap_and_wait(page, "draw", touch=True, force=True)
        seen = page.evaluate(_SHOWN, words)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"notice_in_sight_{game}_draw.png"))
        assert any(f["seen"] for f in seen["found"]), f"the rule is not said in sight: {seen}"
        assert_nothing_under_the_headline(page, f"{game} draw")
        assert page.evaluate("document.querySelector(\".cg-root [data-key='draw']\").getAttribute('aria-disabled')") == "true"
    finally:
        context.close()
