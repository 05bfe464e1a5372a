"""The search bot in a real JupyterLab (issue 16): "What would the bot do?" on the person's turn
(the advice, its move offered like a hint and played by a click), the bot's reason under its own
move, and its level chosen in the seat choice by keyboard."""
from __future__ import annotations

import pytest

from .conftest import ARTIFACTS
from .lab import assert_accessible, bring_into_view, click_and_wait, open_and_run, probe, version, wait_newer

pytestmark = pytest.mark.browser

CELLS = [
    "import json, chemgames\nfrom chemgames.widgets import ChemunoWidget",
    "g = chemgames.new_game('chemuno', players=2, seed=21, lang='de', starter=0)\n"
    "w = ChemunoWidget(g, seats=['human', 'search:easy'], bot_delay=250)\nw",
    "def probe():\n    said = w._said[2] if w._said else None\n"
    "    print(json.dumps({'where': chemgames.__file__, 'current': g.current_player, 'log': len(g.log),"
    " 'seats': w.seats, 'budget': getattr(w._bots[1], 'budget', None), 'hints': w.hints,"
    " 'advice': (w.panel.get('advice') or {}).get('title'), 'bot': ((w.panel.get('last') or {}).get('bot') or {}).get('title'),"
    " 'labels': said.labels if said else None, 'best': said.best if said else None,"
    " 'samples': said.samples if said else None}, ensure_ascii=False))",
]


# the person's turn: the bot has finished and offers its advice
MY_TURN = "!!document.querySelector('.cg-root [data-key=\"advice\"]') && !document.querySelector('.cg-root .cg-thinking')"


def test_the_bot_explains_and_advises(page, lab):
    lab.write_notebook("bot_explain.ipynb", CELLS)
    open_and_run(page, lab, "bot_explain.ipynb")
    root = page.locator(".cg-root")
    first = probe(page)
    assert "wt-botui" in first["where"] or "chemgames" in first["where"]
    assert first["current"] == 0 and first["seats"] == ["human", "search:easy"]

    # the person's turn: ask the bot, read its advice, see the move offered like a hint
    page.wait_for_function(MY_TURN, timeout=60_000)
    ask = root.locator("[data-key='advice']")
    assert "Was würde der Bot tun?" in ask.inner_text()
    click_and_wait(page, root, ask)
    box = root.locator(".cg-advice-box")
    box.wait_for()
    state = probe(page)
    assert state["advice"] and state["advice"] in box.inner_text()  # what Python holds is what she reads
    assert "Der Such-Bot würde an deiner Stelle" in box.inner_text()
    assert state["log"] == first["log"]  # asking changes nothing in the game
    if state["hints"]:
        offered = root.locator("[data-key='hint:0']")
        assert state["hints"][0]["formula"] in offered.get_attribute("aria-label")
        root.screenshot(path=str(ARTIFACTS / "bot-advice.png"))
        click_and_wait(page, root, offered)
        assert probe(page)["log"] > first["log"]
    else:  # the advice is to pass: play it by hand
        root.screenshot(path=str(ARTIFACTS / "bot-advice.png"))
        click_and_wait(page, root, root.locator("[data-key='draw']"))

    # the search bot answers; its reason stands under its move, made from its own numbers
    page.wait_for_selector(".cg-root .cg-expl .cg-bot-note", timeout=60_000)
    note = root.locator(".cg-expl .cg-bot-note").first
    state = probe(page)
    text = note.inner_text()
    assert state["bot"] and state["bot"] in text
    assert "Meine Wahl:" in text
    if state["samples"]:
        assert str(state["samples"]) in text and "Probespiel" in text
    # the others never read the bot's unplayed cards: no candidate but the played one and passing
    best = state["labels"][state["best"]]
    for label in state["labels"]:
        if label != best and label not in ("keep", "draw", "pass") and label not in best and len(label) > 2:
            assert label not in root.locator(".cg-aside").inner_text()
    note.locator("summary").click()
    assert "zufällig neu verteilt" in note.inner_text()
    assert_accessible(page, "with the bot's reason and the seat choice")
    bring_into_view(root)
    root.screenshot(path=str(ARTIFACTS / "bot-explain.png"))

    # the level: a labelled select for the bot's seat, changed by keyboard
    page.wait_for_function(MY_TURN, timeout=60_000)
    select = root.locator("[data-key='seat_kind:1']")
    assert select.evaluate("(s) => s.labels.length") == 1
    before = version(root)
    select.focus()
    select.select_option("search:hard")
    wait_newer(page, before)
    state = probe(page)
    assert state["seats"] == ["human", "search:hard"] and state["budget"] > first["budget"]
    assert "Such-Bot (schwer)" in root.locator(".cg-players").inner_text()
