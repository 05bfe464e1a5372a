"""Räum-Ab! in a real JupyterLab: clear a pair by clicking and read the explanation; the keyboard
(keys 1-7 and Tab/Enter) takes a double pair; a covered card is refused with the reason. Every
test saves a screenshot under test-artifacts/."""
from __future__ import annotations


import pytest

from .lab import open_and_run, probe, version, wait_newer

pytestmark = pytest.mark.browser

# Lowest cards of the columns (the rest of the deck is dealt above them): R12, B18, Y7, G12, G36, V2, W
COLUMNS = [["R12"], ["B18"], ["Y7"], ["G12"], ["G36"], ["V2"], ["W"]]


def setup_cells(lang="de", seats=("human", "greedy")):
    return [
        "import json, chemgames\nfrom chemgames.widgets import RaeumAbWidget",
        f"g = chemgames.new_game('raeumab', players={len(seats)}, seed=3, lang={lang!r}, fair_start=False, "
        f"columns={COLUMNS!r})\nw = RaeumAbWidget(g, seats={list(seats)!r}, bot_delay=60000)\nw",
        "def probe():\n    print(json.dumps({'current': g.current_player, 'piles': [[g.cards[i].code for i in p] "
        "for p in g.table()['piles']], 'free': [g.cards[i].code for i in g.free_cards()], 'log': len(g.log)}))",
    ]


def start(page, lab, name, **kw):
    lab.write_notebook(name, setup_cells(**kw))
    open_and_run(page, lab, name)
    return page.locator(".cg-root")


def free_card(root, code):
    return root.locator(f".ra-free[data-code='{code}']")


def test_clear_a_pair_by_clicking_and_read_the_explanation(page, lab):
    root = start(page, lab, "raeumab_click.ipynb")
    assert root.locator(".ra-column").count() == 7 and root.locator(".ra-free").count() == 7
    assert "\u25CF" in free_card(root, "R12").inner_text()  # the symbol beside the colour
    assert "2" in root.locator(".ra-bans").inner_text()  # the free 2-forbidden card is an active ban
    free_card(root, "R12").click()
    assert free_card(root, "R12").get_attribute("aria-pressed") == "true"
    before = version(root)
    free_card(root, "B18").click()
    wait_newer(page, before)
    last = root.locator(".cg-expl", has_text="Letzter Zug").inner_text()
    assert "einfach passendes Paar" in last
    assert "ggT(12, 18) = 6" in last and "die 2 ist verboten, übrig: 3, 6" in last
    assert root.locator(".cg-expl math").count() >= 3  # the factorisations and the gcd as MathML
    state = probe(page)
    assert sorted(state["piles"][0]) == ["B18", "R12"] and state["current"] == 1
    assert "R12" not in state["free"] and "B18" not in state["free"]


def test_keyboard_takes_a_double_pair_and_a_covered_card_is_refused(page, lab):
    root = start(page, lab, "raeumab_keys.ipynb", lang="en", seats=("human", "human"))
    free_card(root, "G12").focus()
    page.keyboard.press("Enter")  # the focused free card (column 4) is chosen
    before = version(root)
    page.keyboard.press("5")  # the free card of column 5: G36
    wait_newer(page, before)
    assert "double pair" in root.locator(".cg-expl", has_text="Last move").inner_text()
    state = probe(page)
    assert sorted(state["piles"][0]) == ["G12", "G36"] and state["current"] == 0  # a double pair keeps the turn
    free_card(root, "R12").click()
    before = version(root)
    root.locator(".ra-column[data-col='2'] .ra-covered").first.click()
    wait_newer(page, before)
    notice = root.locator(".cg-notice .cg-expl-refused").inner_text()
    assert "is not free" in notice and "column 2" in notice
    assert probe(page)["log"] == 1
