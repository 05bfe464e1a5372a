"""Every hand card and every button of every game is visible without scrolling sideways: at a
projector's 1280×720, in Beamer mode there, and on a 1024×768 touch tablet (issue 26). The header is
one row with every button of it whole in the window, and the board's first row of cards is whole in
the window (session 25: with "Abgeben" the header took a second row, and Metallurgie's Beamer mode cut
the board's first row at the window's foot while every test of the hand passed). Whatever a player must
click in the first screen (MUST_CLICK: the hand's cards, the move's buttons, Räum-Ab!'s free cards,
Chromino's preview of the tile to lay) is whole in the window too, card by card (session 26: those lay
below the first row, cut at the window's foot, in Beamer mode and on the tablet).

Each card and each button is measured on its own (tests/browser/visible.py): its box cut by the
window and by every ancestor that clips or scrolls. A sideways scroller inside the window hid 6 of
11 cards of Das Chemie-Kartenspiel while a test of the scroller's box passed. The game boards that
are meant to be panned (Metallurgie's ``.mt-scroll``, Chromino's grid) are left out: their cells
are places on a board, not cards in a hand; Chromino's fit-to-screen is checked in its own test.

Screenshots ``lesson_<game>_<size>.png`` (the widget's top at the top of the window).
"""
from __future__ import annotations

import pytest

from .conftest import ARTIFACTS
from .lab import next_frames, settled
from .test_projector_fit import open_game
from .visible import cut_sideways, not_whole, visible_boxes, worst_contrasts

pytestmark = [pytest.mark.browser, pytest.mark.slow]

GAMES = ("chemiekarten", "chemix_classic", "chemuno", "chromino", "metallurgie", "raeumab")
SIZES = {"1280x720": {"viewport": {"width": 1280, "height": 720}},
         "1024x768-touch": {"viewport": {"width": 1024, "height": 768}, "has_touch": True, "is_mobile": False}}
# the cards of a hand and every control; not the cells of a board meant to be panned
MEASURED = "[data-fit='hand'] li, [data-fit='hand'] button, button, select"
PANNED = ".mt-scroll, .cg-chr-gridbox"
# one entry a card of the hand (ChemiX Classic, Chemuno, Das Chemie-Kartenspiel, Metallurgie: list items;
# Chromino: its tile buttons)
HAND_CARDS = "[data-fit='hand'] :is(.cg-hand, .cx-row, .mt-hand) > li, [data-fit='hand'] .cg-chr-handtile"
# the cards of each game's board, each measured on its own (a board's box inside the window says nothing
# of the row of cards it cuts at the window's foot): Metallurgie's bricks, Räum-Ab!'s seven columns,
# Chromino's laid tiles, Chemuno's draw pile and top card, ChemiX's multiplier stacks and free area,
# and the compounds on Das Chemie-Kartenspiel's table
# (that table lies under the hand, the move's buttons and the card's detail box, by design: the player
# builds from the hand first; its compounds are measured for cuts at the side only)
BELOW_THE_HAND = {"chemiekarten"}
BOARD = {
    "chemiekarten": ".cg-tablebox .cg-compound",
    "chemix_classic": ".cx-stack, .cx-free .cx-card-btn",
    "chemuno": ".cu-drawpile .cu-back, .cu-top .cx-card",
    "chromino": ".cg-chr-laid .cg-chr-tile",
    "metallurgie": ".mt-board .mt-cell",
    "raeumab": ".ra-columns .ra-card",
}
# what a player must click in the first screen, each card and button measured on its own, whole in the window once the
# widget's top is at the notebook's top (session 26: with the board's first row whole, Das Chemie-Kartenspiel's
# move buttons in Beamer mode at 1280×720, Chemuno's hand in Beamer mode at 1024×768, Räum-Ab!'s free cards at the
# columns' feet on a 1024×768 tablet and Chromino's preview of the tile to lay were still cut at the window's foot):
# the cards of the hand, the move's main buttons, Räum-Ab!'s free cards (the only ones a player picks) and
# Chromino's preview (where a tap on the grid lays the chosen tile)
MUST_CLICK = {
    "chemiekarten": f"{HAND_CARDS}, .cg-main-actions button",
    "chemix_classic": f"{HAND_CARDS}, .cg-main-actions button",
    "chemuno": f"{HAND_CARDS}, .cg-main-actions button",
    "chromino": f"{HAND_CARDS}, .cg-main-actions button, .cg-chr-preview",
    "metallurgie": f"{HAND_CARDS}, .cg-main-actions button",
    "raeumab": ".ra-columns .ra-free, .cg-main-actions button",
}
# what the header holds, each on its own: the title, the turn, a game's extra (Chromino's bag, the
# variant's checkbox), each part of the game bar, the Beamer switch and the language group
HEADER_ITEMS = ".cg-header > :not(.cg-gamebar), .cg-header > .cg-gamebar > *"


def header_problems(page) -> list[str]:
    """What is wrong with the header: a button of it not whole in the window (cut at a side or
    below), or its items on more than one row (some item lies wholly below another)."""
    problems = [f"header button {b['key']!r} not whole: {b['visibleWidth']:.0f}×{b['visibleHeight']:.0f} of "
                f"{b['width']:.0f}×{b['height']:.0f} px (by {b['cutBy'] or b['cutDownBy']})"
                for b in not_whole(visible_boxes(page, ".cg-root", ".cg-header button"))]
    items = [b for b in visible_boxes(page, ".cg-root", HEADER_ITEMS) if b["width"] > 0 and b["height"] > 0]
    assert len(items) >= 4, f"the header shows {len(items)} items"
    # one row: a line across the header meets every item (the lowest top above the highest bottom)
    if max(b["top"] for b in items) >= min(b["bottom"] for b in items) - 1:
        problems.append("header on more than one row: " + "; ".join(
            f"{b['key'][:24]!r} {b['top']:.0f}-{b['bottom']:.0f}" for b in items))
    return problems


def panned(box: dict) -> bool:
    """Whether a card is cut at a side by the box of a board meant to be panned (Metallurgie's, with its
    ◀ ▶ row; Chromino's grid), not by the window or another box."""
    return bool(box["cutBy"]) and any(p in box["cutBy"] for p in ("mt-scroll", "svg"))


def board_problems(page, game: str) -> list[str]:
    """What is wrong with the board, card by card: a card cut at a side by the window or by a box that is
    not a board meant to be panned, or a card of its first row not whole in the window (cut at the
    window's foot, under JupyterLab's status bar, or by the board's own box)."""
    cards = [b for b in visible_boxes(page, ".cg-root", BOARD[game]) if b["width"] > 0 and b["height"] > 0]
    if not cards:
        return []  # nothing laid yet (an empty table): nothing to cut
    top = min(b["top"] for b in cards)
    tallest = max(b["height"] for b in cards)
    # a panned board shows part of a wide row (the rest is a swipe or ◀ ▶ away): its first row is
    # measured where it lies inside the board's box across
    first = [] if game in BELOW_THE_HAND else [b for b in cards if b["top"] < top + tallest / 2 and b["visibleWidth"] > 0]
    cut_first = [b for b in first if b["visibleHeight"] < b["height"] - 1 or (b["visibleWidth"] < b["width"] - 1 and not panned(b))]
    problems = [f"first row: {b['key'][:40]!r} {b['visibleWidth']:.0f}×{b['visibleHeight']:.0f} of "
                f"{b['width']:.0f}×{b['height']:.0f} px visible (top {b['top']:.0f}, by {b['cutDownBy'] or b['cutBy']})"
                for b in cut_first]
    sideways = [b for b in cut_sideways(cards) if not panned(b)]
    problems += [f"cut at the side: {b['key'][:40]!r} {b['visibleWidth']:.0f} of {b['width']:.0f} px (by {b['cutBy']})"
                 for b in sideways]
    return problems


def reach_problems(page, game: str) -> list[str]:
    """What a player must click but cannot see whole (MUST_CLICK): each card and button of it measured on its own,
    cut by the window's foot, JupyterLab's status bar (the notebook's scroller ends above it) or a box around it
    (Chromino's grid)."""
    boxes = [b for b in visible_boxes(page, ".cg-root", MUST_CLICK[game]) if b["width"] > 0 and b["height"] > 0]
    assert len(boxes) >= 3, f"{game}: {len(boxes)} cards and buttons to click found"
    return [f"to click: {b['key'][:40]!r} {b['visibleWidth']:.0f}×{b['visibleHeight']:.0f} of {b['width']:.0f}×{b['height']:.0f}"
            f" px visible (top {b['top']:.0f}, by {b['cutDownBy'] or b['cutBy']})" for b in not_whole(boxes)]


def cut_cards_and_buttons(page) -> list[dict]:
    boxes = page.evaluate("""([sel, panned]) => {
        const root = document.querySelector('.cg-root');
        return [...root.querySelectorAll(sel)].filter((e) => !e.closest(panned)).length; }""", [MEASURED, PANNED])
    measured = [b for b in visible_boxes(page, ".cg-root", f":is({MEASURED}):not(:is({PANNED}) *)")]
    assert len(measured) >= min(boxes, 3), "nothing measured"
    return cut_sideways(measured)


def check_touch(page, game: str) -> None:
    """On a touch screen: the page knows it ((pointer: coarse)), every control is at least 44 × 44 px
    (WCAG 2.5.5), no text tells a finger to point or to press the Tab key, and Chromino's squares
    are at least 44 px after "Einpassen"."""
    assert page.evaluate("matchMedia('(pointer: coarse)').matches"), "the touch context is not seen as touch"
    # a checkbox is tapped through its label ("Hand auf drei ergänzen" was 19 px high: s21g)
    small = [b for b in visible_boxes(page, ".cg-root", f":is(button, select, label:has(> input)):not(:is({PANNED}) *)")
             if b["width"] < 43.5 or b["height"] < 43.5]
    assert not small, f"{game}: touch targets under 44 px: " + "; ".join(
        f"{b['key']!r} {b['width']:.0f}×{b['height']:.0f}" for b in small[:10])
    text = page.locator(".cg-root").first.inner_text().lower()
    for mouse_words in ("tabulatortaste", "zeige auf", "mausrad", "mit der maus", "klick", "tastatur"):
        assert mouse_words not in text, f"{game}: a touch screen reads {mouse_words!r}"
    if game == "chromino":
        check_chromino_fit(page, touch=True)


def chromino_square_problems(page) -> list[str]:
    """On a touch screen a square of Chromino's grid is at least 44 px as first drawn (the grid's view box follows
    the grid's size: one drawn before its cell was laid out kept a guessed view box, 37 px squares, session 26)."""
    square = page.evaluate("document.querySelector('.cg-chr-svg').getScreenCTM().a * 40")
    return [] if square >= 43.5 else [f"a Chromino square is {square:.0f} px on a touch screen"]


def check_chromino_fit(page, touch: bool) -> None:
    """"Einpassen" fits the lay-out into the grid's box: every laid tile inside it; on a touch screen
    a square is at least 44 px (a lay-out too big for that is panned)."""
    page.locator(".cg-root [data-key='fit']").click()
    next_frames(page)  # the grid fits its view box to its real size on the frame after it is drawn
    # the square and the tiles outside in one step in the page (one drawing of the grid)
    square, outside = page.evaluate("""(() => { const s = document.querySelector('.cg-chr-svg');
        const box = s.getBoundingClientRect();
        return [s.getScreenCTM().a * 40, [...document.querySelectorAll('.cg-chr-laid .cg-chr-tile')].filter((t) => {
          const r = t.getBoundingClientRect();
          return r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1; }).length]; })()""")
    print(f"chromino: a square is {square:.0f} px after Einpassen (touch={touch})")
    if touch:
        assert square >= 43.5, f"a Chromino square is {square:.0f} px on a touch screen"
    if not touch or square > 44.5:  # at the touch minimum a lay-out too large for the box is panned
        assert outside == 0, f"{outside} laid tiles outside the grid after Einpassen"
    assert square >= 20, f"a Chromino square is only {square:.0f} px after Einpassen"


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_every_card_and_button_in_view(browser, lab, game, size):
    context, page = open_game(browser, lab, game, **SIZES[size])
    try:
        found, framed = {}, {}
        for mode in ("normal", "beamer"):
            if mode == "beamer":
                before = page.locator(".cg-root").first.get_attribute("data-version")
                page.locator(".cg-root [data-key='large']").first.click()
                page.wait_for_function("document.querySelector('.cg-large > .cg-root')")
                assert page.locator(".cg-root").first.get_attribute("data-version") == before
            page.evaluate("document.querySelector('.cg-root').scrollIntoView({ block: 'start' })")
            settled(page)  # JupyterLab's windowed notebook moves cells for a while after a scroll
            cards = visible_boxes(page, ".cg-root", HAND_CARDS)
            print(f"{game} {size} {mode}: {len(cards)} hand cards, "
                  f"{sum(1 for c in cards if c['visibleWidth'] >= c['width'] - 1)} fully visible across")
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"lesson_{game}_{size}{'_beamer' if mode == 'beamer' else ''}.png"))
            found[mode] = cut_cards_and_buttons(page)
            framed[mode] = header_problems(page) + board_problems(page, game) + reach_problems(page, game)
            if game == "chromino" and "touch" in size:  # the first screen's squares, before any "Einpassen"
                framed[mode] += chromino_square_problems(page)
            zoom = page.evaluate("getComputedStyle(document.querySelector('.cg-root')).zoom")
            print(f"  header and board ({mode}, zoom {zoom}): " + ("; ".join(framed[mode]) or "whole"))
            if mode == "normal":  # every badge and mark reads on the pixels behind it (WCAG 1.4.3: 4.5:1)
                marks = worst_contrasts(page)
                print("  marks: " + "; ".join(f"{m['text']!r} {m['contrast']}:1" for m in marks))
                weak = [m for m in marks if m["contrast"] < 4.5]
                assert not weak, f"{game} at {size}: text on its real background below 4.5:1: {weak}"
        page.locator(".cg-root [data-key='large']").first.click()  # Beamer off: the touch checks at 100 %
        page.wait_for_function("!document.querySelector('.cg-large > .cg-root')")
        if "touch" in size:
            check_touch(page, game)
        elif game == "chromino":
            check_chromino_fit(page, touch=False)
        # a human's turn shows the hand and the move's buttons (not a bot's)
        assert not page.locator(".cg-root .cg-thinking").count()
        for mode, cut in found.items():
            assert not cut, f"{game} at {size} ({mode}): cut off at the side: " + "; ".join(
                f"{b['key']!r} {b['visibleWidth']:.0f} of {b['width']:.0f} px (by {b['cutBy']})" for b in cut[:12])
        for mode, problems in framed.items():
            assert not problems, f"{game} at {size} ({mode}): " + "; ".join(problems[:12])
    finally:
        context.close()


def test_compact_header_names_its_buttons(browser, lab):
    """Where the header shows its buttons' symbols alone (Chromino on a 1024×768 tablet, its bag beside the turn), each button
    keeps its name from the catalog, German and then English: in aria-label (what a screen reader says) and in
    title (the tooltip); its symbol is hidden from screen readers, and it stays a button in the Tab order."""
    import json

    from .lab import REPO as repo

    catalogs = {lang: json.loads((repo / "chemgames" / "widgets" / "catalog" / f"{lang}.json").read_text(encoding="utf-8"))
                for lang in ("de", "en")}
    context, page = open_game(browser, lab, "chromino", **SIZES["1024x768-touch"])
    try:
        for lang in ("de", "en"):
            if lang == "en":
                page.locator(".cg-root [data-key='lang:en']").first.tap()
                page.wait_for_function("document.querySelector('.cg-root')?.getAttribute('lang') === 'en'")
            settled(page)
            assert page.locator(".cg-root .cg-header.cg-header-compact").count() == 1, f"{lang}: the header shows its words"
            shown = page.evaluate("""() => [...document.querySelectorAll('.cg-root .cg-header button')]
                .filter((b) => b.querySelector('.cg-icon')).map((b) => ({ key: b.dataset.key, name: b.getAttribute('aria-label'),
                  title: b.title, text: b.innerText.trim(), tab: b.tabIndex, hidden: b.querySelector('.cg-icon').getAttribute('aria-hidden'),
                  word: b.querySelector('.cg-btn-word').textContent }))""")
            keys = {b["key"] for b in shown}
            assert {"new_game", "hand_in", "large"} <= keys, keys
            cat = catalogs[lang]
            expected = {"new_game": cat["new_game_label"], "hand_in": cat["hand_in_label"], "large": cat["large_mode_label"]}
            words = {"save": cat["save_game"], "new_game": cat["new_game"], "hand_in": cat["hand_in"], "large": cat["large_mode"]}
            for b in shown:
                assert b["name"] and b["title"] == b["name"], b
                if b["key"] in expected:
                    assert b["name"] == expected[b["key"]], (lang, b)
                assert b["word"] == words[b["key"]] and b["word"].lower() in b["name"].lower(), (lang, b)  # the word in the name
                assert b["text"] and b["word"] not in b["text"] and len(b["text"]) <= 2, (lang, b)  # the symbol alone is shown
                assert b["hidden"] == "true" and b["tab"] >= 0, (lang, b)
            print(f"{lang}: " + "; ".join(f"{b['key']} {b['text']!r} = {b['name'][:40]!r}" for b in shown))
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "lesson_chromino_1024x768-touch_en.png"))
    finally:
        context.close()
