"""A class never loses a game (issue 15): play three turns in a real JupyterLab, restart the kernel,
run the cell again with ``resume=True``: the same position is back, in Python and on screen."""
from __future__ import annotations

import json

import pytest

from .conftest import ARTIFACTS
from .lab import bring_into_view, click_and_wait, open_and_run, run_code, version, wait_newer

pytestmark = pytest.mark.browser

# a saves folder of its own: resume=True continues the newest unfinished save, never another test's
START = ("import os\nos.environ['CHEMGAMES_SAVES'] = 'saves-resume'\nfrom chemgames.widgets import play_raeumab\n"
         "w = play_raeumab(players=2, bots=['greedy'], lang='de', bot_delay=200, fair_start=False, seed=11)\nw")


def state(page) -> dict:
    return json.loads(run_code(page, "import json; print(json.dumps({'digest': w.game.digest(), "
                                     "'turns': w.game.turns_completed, 'cp': w.game.current_player, "
                                     "'file': str(w.save_file), 'seed': w.game.seed}))"))


def test_three_turns_survive_a_kernel_restart(page, lab):
    lab.write_notebook("resume.ipynb", [START])
    open_and_run(page, lab, "resume.ipynb")
    root = page.locator(".cg-root").first
    for _ in range(30):  # a double pair keeps the turn: play on until three turns are complete
        page.wait_for_function("!document.querySelector('.cg-root .cg-thinking')", timeout=30_000)
        now = state(page)
        if now["turns"] >= 3 and now["cp"] == 0:
            break
        # the human's turn (seat 1): ask for hints and take the last pair shown (a simple pair, if
        # there is one: it ends the turn, where a double pair keeps it)
        click_and_wait(page, root, root.locator("[data-key='hint']"))
        before = version(root)
        root.locator("[data-key^='hint:']").last.click()
        wait_newer(page, before)
        page.wait_for_timeout(1_000)  # the bot answers after its visible pause
    before = state(page)
    assert before["turns"] >= 3
    free_before = root.locator(".ra-free").count()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "resume_before_restart.png"))

    page.locator(".lm-MenuBar-itemLabel", has_text="Kernel").first.click()
    page.get_by_role("menuitem", name="Restart Kernel…").click()
    page.locator(".jp-Dialog .jp-mod-accept").click()
    page.wait_for_function("document.querySelector('.jp-StatusBar-Widget, #jp-main-statusbar')?.innerText.includes('Idle')",
                           timeout=60_000)
    page.wait_for_timeout(1_000)

    run_code(page, "import os; os.environ['CHEMGAMES_SAVES'] = 'saves-resume'; from chemgames.widgets import play_raeumab; "
                   "w = play_raeumab(players=2, bots=['greedy'], lang='de', resume=True); print(w.game.seed)")
    after = state(page)
    assert after["digest"] == before["digest"] and after["turns"] == before["turns"]
    assert after["file"] == before["file"] and after["seed"] == before["seed"]
    # the resumed game on screen: the same free cards
    run_code(page, "display(w); print('shown')")
    resumed = page.locator(".cg-root").last
    resumed.wait_for()
    assert resumed.locator(".ra-free").count() == free_before
    assert "Spiel Nr. " + str(before["seed"]) in resumed.inner_text()
    bring_into_view(resumed)
    page.screenshot(path=str(ARTIFACTS / "resume_after_restart.png"))
