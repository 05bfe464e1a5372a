"""Below 780 px the shared layout (``widgets/shared/base.css``, ``.cg-layout``) stacks the board over the
explanation column; wide content must not widen that column past the widget (s21f saw a late
Metallurgie board grow the column to 595 px in a 590 px widget and fixed Metallurgie alone, s22e the
shared layout for all six games).

Each game's student notebook at 1024×768 with touch, JupyterLab's file browser open as a notebook
opens (the game is then narrower than 780 px). One evaluate measures the column and the boxes of
every card and control twice: as the game is drawn, and with a 1,400 px wide line (a stand-in for a
wide formula, table or board a game may draw) put into its board for that one measurement. The
boards meant to be panned (Metallurgie's ``.mt-scroll``, Chromino's grid) are left out. Screenshots
``narrow_column_<game>.png``.
"""
from __future__ import annotations

import pytest

from .conftest import ARTIFACTS
from .lab import settled
from .test_projector_fit import open_game

pytestmark = [pytest.mark.browser, pytest.mark.slow]

GAMES = ("chemiekarten", "chemix_classic", "chemuno", "chromino", "metallurgie", "raeumab")
TABLET = {"viewport": {"width": 1024, "height": 768}, "has_touch": True}

# the column's width against the widget's, and every card and control (not on a panned board) outside
# the window's width; with ``wide``: a 1,400 px line put into the board for this measurement only
_MEASURE = """(wide) => {
  const root = document.querySelector('.cg-root');
  const board = root.querySelector('.cg-board');
  let probe = null;
  if (wide) { probe = document.createElement('div'); probe.style.cssText = 'width: 1400px; height: 4px';
              board.append(probe); }
  const layout = root.querySelector('.cg-layout');
  const columns = getComputedStyle(layout).gridTemplateColumns;
  const out = [...root.querySelectorAll('button, select, [role=button], label:has(> input)')]
    .filter((e) => !e.closest('.mt-scroll, .cg-chr-gridbox, .cg-notice-toast'))
    .map((e) => [e, e.getBoundingClientRect()]).filter(([, r]) => r.width > 0)
    .filter(([, r]) => r.left < -1 || r.right > innerWidth + 1)
    .map(([e, r]) => ({ key: e.dataset.key || e.textContent.trim().slice(0, 20), left: Math.round(r.left), right: Math.round(r.right) }));
  const res = { widget: Math.round(root.getBoundingClientRect().width), column: Math.round(board.getBoundingClientRect().width),
                columns, outside: out, window: innerWidth,
                measured: root.querySelectorAll('button, select, [role=button]').length };
  if (probe) probe.remove();
  return res;
}"""


@pytest.mark.parametrize("game", GAMES)
def test_wide_content_does_not_widen_the_column_at_1024(browser, lab, game):
    context, page = open_game(browser, lab, game, files_open=True, **TABLET)
    try:
        assert page.locator("#filebrowser").is_visible(), "the file browser is open, as JupyterLab opens a notebook"
        page.evaluate("document.querySelector('.cg-root').scrollIntoView({ block: 'start' })")
        settled(page)
        drawn, wide = page.evaluate(f"[({_MEASURE})(false), ({_MEASURE})(true)]")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"narrow_column_{game}.png"))
        print(f"{game}: widget {drawn['widget']} px, column {drawn['column']} px ({drawn['columns']}), "
              f"{drawn['measured']} controls, outside the window: {len(drawn['outside'])}; with a 1,400 px line: "
              f"column {wide['column']} px, outside: {len(wide['outside'])}")
        assert drawn["widget"] < 780, f"{game}: the widget is {drawn['widget']} px: the one-column layout is not tested"
        assert " " not in drawn["columns"].strip(), f"{game}: not one column at {drawn['widget']} px: {drawn['columns']}"
        for when, seen in (("as drawn", drawn), ("with a wide line in the board", wide)):
            assert seen["column"] <= seen["widget"] + 1, f"{game} {when}: the column is {seen['column']} px in a {seen['widget']} px widget"
            assert not seen["outside"], f"{game} {when}: outside the window's {seen['window']} px: {seen['outside'][:8]}"
    finally:
        context.close()
