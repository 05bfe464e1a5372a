"""The teacher's demonstration with open hands (``open_hands=True``, notebooks/lehrkraefte/) on a
projector at 1280×720: with the widget's top at the top of the notebook, the hand of the player
about to move and the move's buttons are in the window together, so the class watches the cards
being chosen and "Verbindung auslegen" pressed without the teacher scrolling between them.

The position is the teacher notebook's scripted game (H + H + O laid, the bot answered): player 1
holds two rows of cards, the bot's open hand two more. Before the fix the bot's hand stood between
player 1's hand and the buttons, which fell ~180 px below the window.

Everything is measured in one ``evaluate`` (a bot's move redraws the widget). Screenshot
``open_hands_1280x720.png``.
"""
from __future__ import annotations

import pytest

from .conftest import ARTIFACTS
from .lab import open_and_run
from .test_projector_fit import close_left_sidebar

pytestmark = pytest.mark.browser

CELLS = [
    "import chemgames\n"
    "from chemgames.widgets import ChemieKartenWidget\n"
    "g = chemgames.new_game('chemiekarten', players=2, seed=1, lang='de', dealer=1,\n"
    "                       hands=[['H', 'H', 'O', 'Cl', 'S', 'Fe', 'Proto']])\n"
    "def move(kind, **params):\n"
    "    return next(a for a in g.legal_actions() if a.kind == kind and dict(a.params) == params)\n"
    "for card in ('H', 'H', 'O'):\n"
    "    g.apply(move('select', card=card))\n"
    "g.apply(move('confirm'))",
    "ChemieKartenWidget(g, seats=['human', 'greedy'], open_hands=True)",
]

MEASURE = """() => {
  const root = document.querySelector('.cg-root');
  const area = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer,'
    + ' .jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook').getBoundingClientRect();
  const box = (e) => { const r = e.getBoundingClientRect();
    return { key: e.dataset.key || e.textContent.trim().slice(0, 20), top: r.top, bottom: r.bottom }; };
  const viewer = root.dataset.viewer;
  return { top: Math.max(area.top, 0), bottom: Math.min(area.bottom, window.innerHeight), viewer,
    cards: [...root.querySelectorAll(`.cg-handbox[data-hand="${viewer}"] .cg-hand > li`)].map(box),
    buttons: [...root.querySelectorAll('[data-fit=actions] button')].map(box),
    hands: [...root.querySelectorAll('.cg-handbox')].length };
}"""


def test_the_movers_hand_and_the_buttons_share_the_projectors_window(browser, lab):
    name = lab.write_notebook("offene_haende.ipynb", CELLS)
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        open_and_run(page, lab, name)
        close_left_sidebar(page)
        # the bot has answered: player 1 may act (the move's buttons are drawn)
        page.wait_for_function("document.querySelector('.cg-root [data-fit=actions] [data-key=confirm]')"
                               " && !document.querySelector('.cg-root .cg-thinking')", timeout=60_000)
        page.evaluate("document.querySelector('.cg-root').scrollIntoView({ block: 'start' })")
        page.wait_for_function("Math.abs(document.querySelector('.cg-root').getBoundingClientRect().top -"
                               " document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer,"
                               " .jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook').getBoundingClientRect().top) < 40")
        m = page.evaluate(MEASURE)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "open_hands_1280x720.png"))
    finally:
        context.close()
    assert m["hands"] == 2 and len(m["cards"]) >= 8 and len(m["buttons"]) >= 4, m  # both hands open, two rows of cards
    out = [b for b in m["cards"] + m["buttons"] if b["top"] < m["top"] - 1 or b["bottom"] > m["bottom"] + 1]
    assert not out, f"outside the notebook's window ({m['top']:.0f}-{m['bottom']:.0f} px): " + "; ".join(
        f"{b['key']!r} {b['top']:.0f}-{b['bottom']:.0f}" for b in out)
