"""The shared shell of every widget (issue 18). Keys pressed in a game stay in the game: arrows, digits and letters never reach
JupyterLab's command mode (no cell added, changed, moved or selected), while the game still gets
them."""
from __future__ import annotations

import pytest

from .conftest import ARTIFACTS
import json

from .lab import click_and_wait, open_and_run, run_code, settled_box

pytestmark = pytest.mark.browser


def notebook_state(page) -> dict:
    return page.evaluate("""() => {
        const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
        return { n: cells.length, active: cells.findIndex((c) => c.classList.contains('jp-mod-active')),
                 kinds: cells.map((c) => c.classList.contains('jp-MarkdownCell') ? 'md' : 'code'),
                 selected: cells.filter((c) => c.classList.contains('jp-mod-selected')).length };
    }""")


def test_keys_in_the_widget_never_reach_jupyterlab(page, lab):
    lab.write_notebook("keys.ipynb", [
        "x = 1",
        "from chemgames.widgets import play_chromino\nplay_chromino(players=2, bots=['greedy'], lang='de', seed=5)",
        "y = 2",
    ])
    open_and_run(page, lab, "keys.ipynb")
    root = page.locator(".cg-root").first
    page.keyboard.press("Escape")  # command mode, as after Run All
    root.locator("[data-key='hint']").focus()  # focus in the widget makes its cell the active one
    before = notebook_state(page)
    for key in ["ArrowDown", "ArrowUp", "ArrowDown", "b", "a", "1", "m", "d", "d", "x", "Shift+ArrowDown"]:
        page.keyboard.press(key)
    page.wait_for_timeout(500)
    after = notebook_state(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "keys_stay_in_the_widget.png"))
    assert after == before, (before, after)
    # the game still hears its own keys: on the board, "2" chooses the second tile of the hand and
    # the arrows move the cursor (announced), while JupyterLab's cell selection stays put
    second = root.locator("[data-key^='tile:']").nth(1).get_attribute("data-tile")
    assert root.get_attribute("data-sel") != second
    root.locator("svg.cg-chr-svg").focus()
    page.keyboard.press("2")
    page.wait_for_function("t => document.querySelector('.cg-root').dataset.sel === t", arg=second)
    cursor = root.locator(".cg-chr-live").inner_text()
    page.keyboard.press("ArrowDown")
    page.wait_for_function("c => document.querySelector('.cg-root .cg-chr-live').innerText !== c", arg=cursor)
    assert notebook_state(page) == before
    # the widget's own focus ring (3 px, orange, outside the button) shows, not JupyterLab's
    root.locator("[data-key='lang:de']").focus()
    page.keyboard.press("Tab")
    ring = page.evaluate("(() => { const e = document.activeElement; const s = getComputedStyle(e);"
                         " return [e.dataset.key, s.outlineStyle, s.outlineWidth, s.outlineColor]; })()")
    assert ring == ["lang:en", "solid", "3px", "rgb(227, 116, 0)"], ring


def test_beamer_mode_makes_the_widget_larger_and_is_remembered(page, lab):
    lab.write_notebook("beamer.ipynb", [
        "from chemgames.widgets import play_chemuno\nplay_chemuno(players=2, bots=['greedy'], lang='de', seed=5, bot_delay=60000)",
    ])
    open_and_run(page, lab, "beamer.ipynb")
    root = page.locator(".cg-root").first
    toggle = root.locator("[data-key='large']")
    assert toggle.get_attribute("aria-pressed") == "false"
    small = settled_box(root)["width"]
    toggle.click()
    page.wait_for_function("document.querySelector('.cg-root [data-key=large]').getAttribute('aria-pressed') === 'true'")
    root = page.locator(".cg-root").first
    zoom = page.evaluate("getComputedStyle(document.querySelector('.cg-root')).zoom")
    assert float(zoom) > 1.3
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "beamer_on.png"))
    # remembered by this browser: a new widget starts large too
    assert page.evaluate("localStorage.getItem('chemgames.large')") == "1"
    root.locator("[data-key='large']").click()
    page.wait_for_function("document.querySelector('.cg-root [data-key=large]').getAttribute('aria-pressed') === 'false'")
    assert abs(settled_box(page.locator(".cg-root").first)["width"] - small) < 2


def test_since_your_last_move_says_what_the_bot_did(page, lab):
    # after the bot's turn the student reads, beside the board, what it did and how the scores moved
    lab.write_notebook("since.ipynb", [
        "from chemgames.widgets import play_raeumab\n"
        "w = play_raeumab(players=2, bots=['greedy'], lang='de', seed=11, fair_start=False, bot_delay=300)\nw",
    ])
    open_and_run(page, lab, "since.ipynb")
    root = page.locator(".cg-root").first
    for _ in range(10):  # a double pair keeps the turn: play hinted pairs until the bot has moved
        page.wait_for_function("!document.querySelector('.cg-root .cg-thinking')", timeout=30_000)
        if root.locator("[data-key='since']").count():
            break
        click_and_wait(page, root, root.locator("[data-key='hint']"))
        click_and_wait(page, root, root.locator("[data-key^='hint:']").last)
        page.wait_for_timeout(800)
    box = root.locator("[data-key='since']")
    box.wait_for()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "since_your_last_move.png"))
    held = json.loads(run_code(page, "import json; g = w.game; me = max(i for i, e in enumerate(g.log) if e.player == 0); "
                                     "print(json.dumps({'bot': [e.explanation.title for e in g.log[me + 1:]], 'scores': g.scores()}))"))
    items = box.locator("li").all_inner_texts()
    assert len(items) == len(held["bot"]) >= 1
    assert all(text.startswith("Spieler 2 (gieriger Bot): ") for text in items)
    assert [t.split(": ", 1)[1] for t in items] == held["bot"]
    assert f"→ {held['scores'][1]} " in box.inner_text() and "Punktestand Spieler 2" in box.inner_text()


def test_ctrl_s_in_the_widget_saves_the_notebook(page, lab):
    """The lock that keeps a game's keys from JupyterLab (``data-lm-suppress-shortcuts``) stops every
    Lumino binding, Accel+S too: Ctrl+S pressed in a game did not save the notebook (and, not
    cancelled, may open the browser's "Save page as"). ``keepKeysInside`` (widgets/shared/dom.js)
    sends the save key on from outside the lock; the game's own keys still stay in the game."""
    name = lab.write_notebook("save.ipynb", [
        "x = 1",
        "from chemgames.widgets import play_chromino\nplay_chromino(players=2, bots=['greedy'], lang='de', seed=5)",
    ])
    on_disk = lab.root / name
    open_and_run(page, lab, name)
    root = page.locator(".cg-root").first
    page.keyboard.press("Escape")  # command mode, as after Run All
    board = root.locator("svg.cg-chr-svg")
    board.focus()
    before = notebook_state(page)
    # the run left outputs the file does not hold yet: the notebook's tab says it is unsaved
    tab = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text=name)
    assert "jp-mod-dirty" in (tab.get_attribute("class") or "")
    assert '"execution_count": null' in on_disk.read_text("utf-8")
    cursor = root.locator(".cg-chr-live").inner_text()
    page.keyboard.press("ArrowRight")  # a game key: the board's cursor moves, the cell selection stays
    page.wait_for_function("c => document.querySelector('.cg-root .cg-chr-live').innerText !== c", arg=cursor)
    # the browser's own Ctrl+S ("Save page as") must not run: the key the user pressed is cancelled
    page.evaluate("window.cgSaveKeys = []; window.addEventListener('keydown', (e) => {"
                  " if (e.isTrusted && e.ctrlKey && e.key === 's') window.cgSaveKeys.push(e); }, true)")
    page.keyboard.press("Control+s")
    page.wait_for_function("n => ![...document.querySelectorAll('.lm-DockPanel-tabBar .lm-TabBar-tab')]"
                           ".some(t => t.innerText.includes(n) && t.classList.contains('jp-mod-dirty'))",
                           arg=name, timeout=15_000)
    assert page.evaluate("window.cgSaveKeys.map((e) => e.defaultPrevented)") == [True]
    saved = on_disk.read_text("utf-8")
    assert '"execution_count": null' not in saved and "application/vnd.jupyter.widget-view+json" in saved
    # the focus stayed in the game and its keys still work there, away from JupyterLab's command mode
    assert page.evaluate("document.activeElement && document.activeElement.matches('svg.cg-chr-svg')")
    cursor = root.locator(".cg-chr-live").inner_text()
    page.keyboard.press("ArrowDown")
    page.wait_for_function("c => document.querySelector('.cg-root .cg-chr-live').innerText !== c", arg=cursor)
    page.keyboard.press("b")  # JupyterLab's "add a cell below" must not run from inside the game
    page.wait_for_timeout(300)
    assert notebook_state(page) == before
