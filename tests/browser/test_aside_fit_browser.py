"""Das Chemie-Kartenspiel's tip and explanation column in a lesson's JupyterLab: the file browser
open, at a projector's 1280×720 and on a 1024×768 touch tablet (the audit's screenshots of session
10 showed a 240 px column, every tip on three lines, and a game-only explanation 1.4 windows tall).

Measured in the browser, element by element:
- the column is at least 310 px wide beside the board, or, in a narrow widget, as wide as the board
  below it;
- every tip's words (formula, label, points) take at most two lines;
- a prepared game-only build's explanation fits into the notebook's part of the window once its
  top is scrolled there, in Beamer mode too; when its steps are longer, they scroll inside its box,
  which the keyboard can reach;
- the molar mass of SO and of BiOCl read in the same size (within 15 %) as each other and as the
  steps' words (one was MathML set down to 0.7 of its size, the other a text at full size).

Screenshots ``aside-<size>-tips.png`` and ``aside-<size>-<case>.png``.
"""
from __future__ import annotations

import pytest

from .conftest import ARTIFACTS
from .lab import bring_into_view, click_and_wait, next_frames, open_and_run, settled, settled_box
from .test_chemiekarten_browser import hand_card, setup_cells
from .test_truth_labels_browser import HAND, TABLE

pytestmark = pytest.mark.browser

SIZES = {"1280x720": {"viewport": {"width": 1280, "height": 720}},
         "1024x768-touch": {"viewport": {"width": 1024, "height": 768}, "has_touch": True, "is_mobile": False}}

# the lines a tip's words take: the boxes of its text (not its button), grouped by their middle
TIP_LINES = """li => { const r = document.createRange(); r.setStartBefore(li.firstChild); r.setEndBefore(li.querySelector('button'));
  const mids = [...r.getClientRects()].filter(b => b.width > 0.5).map(b => (b.top + b.bottom) / 2).sort((a, b) => a - b);
  let lines = 0, last = -1e9; for (const m of mids) { if (m - last > 8) { lines += 1; last = m; } } return lines; }"""

# the part of the window the notebook shows (JupyterLab's scroller, under its toolbar)
SCROLLER = """e => { for (let a = e.parentElement; a; a = a.parentElement) { const s = getComputedStyle(a);
  if (/(auto|scroll)/.test(s.overflowY) && a.scrollHeight > a.clientHeight) { const c = a.getBoundingClientRect();
  return {top: c.top, bottom: c.top + a.clientHeight}; } } return {top: 0, bottom: innerHeight}; }"""

# the size a formula is drawn in: its MathML's (scaled by fitFormulas) or its text's
MATH_SIZE = """m => parseFloat(getComputedStyle(m.querySelector('math') || m).fontSize)"""


def molar_mass_size(prepared) -> tuple[float, float]:
    """(the molar-mass line's size, the size of the step's words) in px."""
    step = prepared.locator(".cg-steps > li", has_text="Molare Masse von")
    assert step.count() == 1 and step.locator(".cg-math").count() == 1, prepared.inner_text()
    # both sizes in one step in the page: from one drawing of the explanation
    sizes = step.evaluate(f"e => [({MATH_SIZE})(e.querySelector('.cg-math')), parseFloat(getComputedStyle(e).fontSize)]")
    return sizes[0], sizes[1]


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_tip_and_explanation_column_reads_with_the_file_browser_open(browser, lab, size):
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        name = lab.write_notebook(f"aside-{size}.ipynb", setup_cells(hands=(HAND,), table=TABLE))
        open_and_run(page, lab, name)
        assert page.evaluate("document.querySelector('#jp-left-stack').offsetWidth") > 200  # the file browser is open
        root = page.locator(".cg-root")
        click_and_wait(page, root, root.locator("[data-key='hint']"))
        tips = root.locator(".cg-hints")
        tips.wait_for()

        # ---- the column: beside the board and at least 310 px, or below it as wide as the board (in a narrow widget,
        # and where the hand and the move's buttons beside it would reach below the window's foot: the tight layout,
        # mount.js; at 1280×720 with the file browser open the hand of 7 took two rows beside the column, session 26)
        widget, aside, board = (settled_box(root.locator(s)) for s in (".cg-layout", ".cg-aside", ".cg-board"))
        tight = root.evaluate("r => r.classList.contains('cg-fit-tight')")
        print(f"{size}: widget {widget['width']:.0f} px, board {board['width']:.0f} px, column {aside['width']:.0f} px"
              f"{' (tight layout)' if tight else ''}")
        if widget["width"] > 790 and not tight:
            assert aside["x"] >= board["x"] + board["width"] and aside["width"] >= 309, (widget, aside)
        else:
            assert aside["y"] >= board["y"] + board["height"] - 1 and aside["width"] >= board["width"] - 1, (board, aside)

        # ---- every tip in at most two lines
        items = tips.locator("li")
        assert items.count() >= 6
        lines = [items.nth(i).evaluate(TIP_LINES) for i in range(items.count())]
        print(f"{size}: lines a tip: {lines}")
        bring_into_view(tips)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"aside-{size}-tips.png"))
        assert all(1 <= n <= 2 for n in lines), lines
        assert any("nicht in unserem Nachschlagewerk" in items.nth(i).inner_text() for i in range(items.count()))

        # ---- the molar mass of BiOCl (the first tip) and of SO, and a game-only build's explanation
        sizes = {}
        cases = [("BiOCl", "hint:0"), ("SO", ("S", "O")), ("game-only", ("Bi", "Au", "C", "O")), ("beamer", ("Bi", "Au", "C", "O"))]
        for case, how in cases:
            if case == "beamer":  # Beamer mode (everything 1.4 times larger): still within the view
                page.locator(".cg-root [data-key='large']").first.click()
                page.wait_for_function("document.querySelector('.cg-large > .cg-root')")
            if isinstance(how, str):
                click_and_wait(page, root, root.locator(f"[data-key='{how}']"))
            else:
                for symbol in how:
                    click_and_wait(page, root, hand_card(root, symbol))
            prepared = root.locator(".cg-aside .cg-expl", has_text="Geplanter Zug")
            prepared.wait_for()
            next_frames(page)  # fitFormulas runs on the next frame
            if case in ("BiOCl", "SO"):
                sizes[case] = molar_mass_size(prepared)
            prepared.evaluate("e => e.scrollIntoView({block: 'start'})")
            settled(page)  # JupyterLab's windowed notebook moves cells for a while after a scroll
            # its box, the notebook's view and its scrolling in one step in the page
            box, view, tall = prepared.evaluate(f"""e => {{ const b = e.getBoundingClientRect();
                return [{{x: b.x, y: b.y, width: b.width, height: b.height}}, ({SCROLLER})(e),
                        [e.scrollHeight, e.clientHeight, e.tabIndex]]; }}""")
            print(f"{size} {case}: explanation {box['height']:.0f} px tall (content {tall[0]} px) in a view of "
                  f"{view['bottom'] - view['top']:.0f} px")
            assert box["y"] >= view["top"] - 1 and box["y"] + box["height"] <= view["bottom"] + 1, (case, box, view)
            if tall[0] > tall[1] + 1:  # its steps scroll inside it: the keyboard reaches it
                assert tall[2] == 0, tall
            page.screenshot(path=str(ARTIFACTS / f"aside-{size}-{case}.png"))
            click_and_wait(page, root, root.locator("[data-key='clear']"))

        (so, so_text), (bi, bi_text) = sizes["SO"], sizes["BiOCl"]
        print(f"{size}: molar mass drawn at SO {so:.1f} px, BiOCl {bi:.1f} px; the steps' words {so_text:.1f} px")
        assert 0.85 <= so / bi <= 1 / 0.85, sizes
        assert all(0.85 <= m / text <= 1.25 for m, text in sizes.values()), sizes
    finally:
        context.close()
