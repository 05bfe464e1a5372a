"""Räum-Ab! in a real JupyterLab: clear a pair by clicking and read the explanation; the keyboard
(keys 1-7 and Tab/Enter) takes a double pair; a covered card is refused with the reason; under the
2-ban 8 on 10 is refused but 8 on 12 is taken (they share 4), and the final account shows the cards
each player took. Every test saves a screenshot under test-artifacts/."""
from __future__ import annotations


import json

import pytest

from .conftest import ARTIFACTS
from .lab import assert_accessible, click_and_wait, open_and_run, probe, run_code, version, wait_newer

pytestmark = pytest.mark.browser

# Lowest cards of the columns (the rest of the deck is dealt above them): R12, B18, Y7, G12, G36, V2, W
COLUMNS = [["R12"], ["B18"], ["Y7"], ["G12"], ["G36"], ["V2"], ["W"]]


def setup_cells(lang="de", seats=("human", "greedy"), columns=COLUMNS, rest="above", piles=None):
    return [
        "import json, chemgames\nfrom chemgames.widgets import RaeumAbWidget",
        f"g = chemgames.new_game('raeumab', players={len(seats)}, seed=3, lang={lang!r}, fair_start=False, "
        f"columns={columns!r}, rest={rest!r}, piles={piles!r})\nw = RaeumAbWidget(g, seats={list(seats)!r}, bot_delay=60000)\nw",
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
    assert "ggT(12, 18) = 6" in last and "die 2 ist verboten, übrig: 3, 6" in last  # the ban strikes only the 2
    assert root.locator(".cg-expl math").count() >= 3  # the factorisations and the gcd as MathML
    state = probe(page)
    assert sorted(state["piles"][0]) == ["B18", "R12"] and state["current"] == 1
    assert "R12" not in state["free"] and "B18" not in state["free"]
    # s21f: the one human at the screen stays "du" while the bot is to move (and at the end), as in every
    # other game; the bar said "Spieler 1 (Mensch)" as soon as the turn passed
    names = root.locator(".cg-player .cg-player-name").all_inner_texts()
    assert names == ["Spieler 1 (du)", "Spieler 2 (gieriger Bot)"], names


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


def test_a_two_ban_refuses_8_on_10_takes_8_on_12_and_shows_the_final_account(page, lab):
    # The author's NumNum rules: under the 2-ban an 8 no longer goes on a 10, but a 12 still goes on
    # an 8, because they also share the divisor 4. Only these cards are laid out (the rest aside).
    root = start(page, lab, "raeumab_ban.ipynb", seats=("human", "human"),
                 columns=[["V2"], ["Y8"], ["B10"], ["R12"]], rest="aside")
    assert "nur die 2 selbst" in root.locator(".ra-bans").inner_text()
    free_card(root, "Y8").click()
    before = version(root)
    free_card(root, "B10").click()
    wait_newer(page, before)
    notice = root.locator(".cg-notice").inner_text()
    assert "kein Paar" in notice and "es bleibt kein gemeinsamer Teiler" in notice
    assert_accessible(page, "with a refusal shown")
    assert probe(page)["log"] == 0
    free_card(root, "Y8").click()
    before = version(root)
    free_card(root, "R12").click()
    wait_newer(page, before)
    last = root.locator(".cg-expl", has_text="Letzter Zug").inner_text()
    assert "einfach passendes Paar" in last and "gemeinsame Teiler größer als 1: 2, 4" in last
    assert "die 2 ist verboten, übrig: 4" in last
    # V2 and B10 are left: no pair, no wish card: the game is over and the account is shown
    account = root.locator(".cg-account")
    account.wait_for()
    text = account.inner_text()
    assert "Karten aus einfach passenden Paaren" in text and "rot ● 12" in text and "gelb ◆ 8" in text
    assert account.locator("tr[data-player='0'] .cg-account-sum").inner_text() == "2"
    assert account.locator("tr[data-player='1'] .cg-account-sum").inner_text() == "0"
    assert_accessible(page, "with the final account")
    state = probe(page)
    assert sorted(state["piles"][0]) == ["R12", "Y8"] and state["free"] == ["V2", "B10"]


def test_a_hint_swaps_the_wish_card_then_takes_the_pair(page, lab):
    # "Bevor er ein Kartenpaar nimmt, darf der Spieler eine Wunschkarte mit einer der letzten sieben
    # Karten seines Ablagestapels tauschen": no pair lies free, the hint swaps W for G27 first.
    root = start(page, lab, "raeumab_wish.ipynb", seats=("human",), columns=[["W"], ["R9"], ["B25"], ["Y7"]],
                 rest="aside", piles=[["G27"]])
    assert root.locator(".cg-account").count() == 0  # the game is not over: a swap makes a pair
    # no swap buttons until the wish card is chosen: one line says how; then one button per pile card
    assert root.locator("[data-key^='wish:']").count() == 0 and "Wähle sie" in root.locator(".ra-wish-tip").inner_text()
    root.locator(".ra-free.ra-wish").click()
    swap = root.locator("[data-key^='wish:']")
    swap.first.wait_for()
    assert swap.count() == 1 and "27" in swap.first.inner_text()
    assert swap.first.get_attribute("aria-label") == "grün ▲ 27 in Reihe 1"
    root.locator(".ra-free.ra-wish").click()  # chosen again: put back
    page.wait_for_function("!document.querySelector('.cg-root [data-key^=\"wish:\"]')")
    before = version(root)
    root.locator("[data-key='hint']").click()
    wait_newer(page, before)
    hint = root.locator(".ra-hints li").first.inner_text()
    assert "Wunschkarte gegen grün ▲ 27 tauschen" in hint and "rot ● 9 + grün ▲ 27" in hint
    before = version(root)
    root.locator("[data-key='hint:0']").click()
    wait_newer(page, before)
    account = root.locator(".cg-account")
    account.wait_for()
    text = account.inner_text()
    assert "Wunschkarten, auf den Stapel getauscht" in text and "dafür zurück in die Auslage: grün ▲ 27" in text
    assert account.locator(".cg-account-sum").inner_text() == "2 + 1 = 3"
    assert probe(page)["log"] == 2


def test_the_machine_plays_the_fair_start_at_one_click(page, lab):
    # a class against a bot need not click through the fair start: one button plays it as the
    # sheet says, then the game begins (Python holds phase "play"; the status and notice say so)
    lab.write_notebook("raeumab_fair.ipynb", [
        "import json\nfrom chemgames.widgets import play_raeumab\n"
        "w = play_raeumab(players=2, bots=['greedy'], seed=5, lang='de', bot_delay=60000)\nw",
    ])
    open_and_run(page, lab, "raeumab_fair.ipynb")
    root = page.locator(".cg-root")
    button = root.locator("[data-key='fair_start']")
    assert "für alle" in button.get_attribute("aria-label")
    click_and_wait(page, root, button)
    assert "Der faire Start ist ausgeführt" in root.locator(".cg-notice").inner_text()
    assert root.locator("[data-key='fair_start']").count() == 0
    state = json.loads(run_code(page, "print(json.dumps({'phase': w.game.phase, 'scores': w.game.scores()}))"))
    assert state["phase"] == "play" and sum(state["scores"]) == 2
    page.screenshot(path=str(ARTIFACTS / "raeumab_fair_start_done.png"))
