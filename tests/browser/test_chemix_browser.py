"""ChemiX Classic in a real JupyterLab: form a compound by clicking, undo, confirm, dissolve it,
take the whole turn back; what the player sees and what Python holds. Screenshots in test-artifacts/."""
from __future__ import annotations


import json

import pytest

from chemgames.games.chemix.cards import card_set

from .lab import assert_accessible, bring_into_view, click_and_wait, open_and_run, probe, REPO, version, wait_newer, settled_box

pytestmark = pytest.mark.browser

# seed 0, two players: player 1 starts and can lay CaCO3 from Ca, C, O in the hand and a "3" from its stack
CELLS = [
    "import json, chemgames\nfrom chemgames.widgets import ChemiXWidget",
    "g = chemgames.new_game('chemix', players=2, seed=0, lang='de')\n"
    "w = ChemiXWidget(g, seats=['human', 'human'], open_hands=True, bot_delay=250, build='whole')\nw",
    "def probe():\n    v = g.view(g.current_player if g.current_player is not None else 0)\n"
    "    print(json.dumps({'current': g.current_player, 'table': [c['formula'] for c in v['table']],"
    " 'free': [g.face(i) for i in v['free']], 'scores': g.scores(), 'log': len(g.log), 'undo': g.can_undo()}))",
]


def free_card(root, face: str):
    return root.locator(f".cx-free .cx-card-btn[data-id^='{'x' + face if face.isdigit() else face + '.'}']").first


def test_form_undo_confirm_dissolve_and_take_back_by_clicking_and_dragging(page, lab):
    lab.write_notebook("chemix.ipynb", CELLS)
    open_and_run(page, lab, "chemix.ipynb")
    root = page.locator(".cg-root")
    assert root.locator(".cx-display [data-id]").count() == 42  # every compound card once
    click_and_wait(page, root, root.locator("[data-key='take:3']"))
    for card in ("C.1", "Ca.1"):
        click_and_wait(page, root, root.locator(f"[data-key='hand:{card}']"))
    before = version(root)  # the third card is dragged from the hand into the free area
    root.locator("[data-key='hand:O.3']").drag_to(root.locator(".cx-free"))
    page.wait_for_function(f"Number(document.querySelector('.cg-root').dataset.version) > {before}")
    assert probe(page)["free"] == ["3", "C", "Ca", "O"]
    for face in ("Ca", "C", "O", "3"):  # the cards in the order of the formula
        free_card(root, face).click()
    assert "Ca + C + O + 3" in root.locator(".cx-building").inner_text()
    click_and_wait(page, root, root.locator("[data-key='form']"))
    page.wait_for_selector(".cx-on-table[data-formula='CaCO3']")
    last = root.locator(".cg-expl", has_text="CaCO₃").first
    assert last.locator("math").count() >= 2 and "100,09" in last.inner_text()  # German decimal comma
    state = probe(page)
    assert state["table"] == ["CaCO3"] and state["free"] == [] and state["scores"][0] == 4 + 3 - 0

    # undo takes the compound back into the free area
    click_and_wait(page, root, root.locator("[data-key='undo']"))
    assert root.locator(".cx-on-table").count() == 0
    state = probe(page)
    assert state["table"] == [] and sorted(state["free"]) == ["3", "C", "Ca", "O"]

    # build="whole" (a teacher's one-click choice): clicking its card in the display forms it, then confirm
    click_and_wait(page, root, root.locator("[data-key='display:CaCO3']"))
    page.wait_for_selector(".cx-on-table[data-formula='CaCO3']")
    click_and_wait(page, root, root.locator("[data-key='confirm']"))
    assert probe(page)["current"] == 1
    click_and_wait(page, root, root.locator("[data-key='pass']"))
    assert probe(page)["current"] == 0
    # the display shows the card as laid (greyed, with a word and a symbol)
    assert "gelegt" in root.locator(".cx-display [data-id='CaCO3']").first.inner_text()

    # dissolve it by dragging it into the free area: its four cards become free; then take the turn back
    before = version(root)
    root.locator(".cx-on-table[data-formula='CaCO3']").drag_to(root.locator(".cx-free"))
    page.wait_for_function(f"Number(document.querySelector('.cg-root').dataset.version) > {before}")
    state = probe(page)
    assert state["table"] == [] and sorted(state["free"]) == ["3", "C", "Ca", "O"]
    assert root.locator(".cx-free .cx-card-btn").count() == 4
    click_and_wait(page, root, root.locator("[data-key='undo_turn']"))
    page.wait_for_selector(".cx-on-table[data-formula='CaCO3']")
    state = probe(page)
    assert state["table"] == ["CaCO3"] and state["free"] == [] and not state["undo"]

    # a refused move says why in the panel and changes nothing
    before = probe(page)
    click_and_wait(page, root, root.locator("[data-key='display:H2SO4']"))  # needs two multipliers
    notice = root.locator(".cg-notice .cg-expl-refused")
    notice.wait_for()
    assert "H₂SO₄" in notice.inner_text()  # the headline with subscripts
    after = probe(page)
    assert after["log"] == before["log"] and after["table"] == ["CaCO3"]


def test_the_notebook_runs_bots_move_and_the_keyboard_plays_a_card(page, lab):
    name = lab.copy_in(REPO / "notebooks" / "chemix_classic.ipynb")
    open_and_run(page, lab, name)
    root = page.locator(".cg-root").first
    assert page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    # seat 1 is human; if a bot starts, it moves after a visible pause and the turn comes back
    page.wait_for_function("document.querySelector('.cg-player.cg-current')?.dataset.player === '0'", timeout=40_000)
    assert root.locator(".cx-hand .cx-card-btn").count() == 3
    root.locator("[data-key='lang:de']").focus()
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("(document.activeElement?.dataset?.key || '').startsWith('hand:')"):
            break
    else:
        raise AssertionError("Tab never reached a hand card")
    before = version(root)
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.querySelector('.cg-root').dataset.version) > {before}")
    assert root.locator(".cx-free .cx-card-btn").count() == 1 and root.locator(".cx-hand .cx-card-btn").count() == 2
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"


# the sheet's scoring in a chosen position: player 1 holds H2O and CH3COOH, He and Ne, C and a dead Fe
# in the hand; Fe is dropped, both pass, the game ends and the final account shows where the points came from
END_CELLS = [
    "import json, chemgames\nfrom chemgames.widgets import ChemiXWidget",
    "fe = [[f, 1] for f in ('FeO', 'Fe2O3', 'FeS', 'FeCl3')]\n"
    "g = chemgames.new_game('chemix', players=2, seed=3, lang='de', hands=[['Fe', 'C'], ['S']],\n"
    "                       table=[['H2O', 0], ['NaCl', 1]], won=[['CH3COOH', 0]] + fe, nobles=[['He', 'Ne'], ['Ar']], starter=0)\n"
    "w = ChemiXWidget(g, seats=['human', 'human'], open_hands=True, bot_delay=250)\nw",
    "def probe():\n    print(json.dumps({'over': g.is_over, 'scores': g.scores(), 'log': len(g.log)}))",
]


def test_a_set_up_position_played_to_the_end_shows_names_and_the_final_account(page, lab):
    lab.write_notebook("chemix_end.ipynb", END_CELLS)
    open_and_run(page, lab, "chemix_end.ipynb")
    root = page.locator(".cg-root")
    assert "Natriumchlorid (Kochsalz)" in root.locator(".cx-on-table[data-formula='NaCl']").inner_text()
    fe = root.locator("[data-key^='drop:Fe']")
    click_and_wait(page, root, fe)
    click_and_wait(page, root, root.locator("[data-key='confirm']"))
    click_and_wait(page, root, root.locator("[data-key='pass']"))
    account = root.locator(".cg-account")
    account.wait_for()
    text = account.inner_text()
    # the widget refills the hand to three at "confirm" (its check box is on): C and two drawn cards
    assert "10 + 6 − 3 − 1 = 12" in text and "Edelgase (je 3 Pluspunkte): 6 (He, Ne)" in text
    assert "Verbindungskarten: 10 (H₂O, CH₃COOH)" in text and "Tote Karten (je 1 Punkt minus): −1 (Fe)" in text
    bring_into_view(account)
    account.screenshot(path=str(REPO / "test-artifacts" / "chemix_final_account.png"))
    assert_accessible(page, "with the final account")
    assert probe(page)["scores"][0] == 12


# the lesson's demonstration (lessons/chemix/README.md, 5-12 min): player 1 holds H, O, O against a bot;
# build="steps", the default for students
STEP_CELLS = [
    "import json, chemgames\nfrom chemgames.widgets import ChemiXWidget",
    "g = chemgames.new_game('chemix', players=2, seed=1, lang='de', hands=[['H', 'O', 'O'], ['C', 'N', 'Cl']],\n"
    "                       nobles=['Ar', 'He'], starter=0)\n"
    "w = ChemiXWidget(g, seats=['human', 'greedy'], bot_delay=250)\nw",
    "def probe():\n    goal = w.view.get('goal') or {}\n"
    "    print(json.dumps({'log': [e.action.kind for e in g.log], 'table': [c['formula'] for c in g.view(0)['table']],"
    " 'free': [g.face(i) for i in g.view(0)['free']], 'goal': goal.get('formulas'), 'current': g.current_player}))",
]


NEXT_DIRECTION = """(() => {
  const target = document.querySelector('.cg-root li.cx-next .cx-card-btn, .cg-root button.cx-next');
  const here = document.activeElement;
  return here && target && (here.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) ? 'Tab' : 'Shift+Tab';
})()"""


def _next_face(root) -> str:
    return root.locator(".cx-guide-steps li.cx-next strong").inner_text().strip("\u201e\u201c")  # „2“ -> 2


def test_step_by_step_building_by_mouse_and_by_keyboard(page, lab):
    """A click on H₂O in the display only prepares it: the guide names H + „2“ + O, marks the next card
    (in the hand, on its stack), and the player lays each one herself; then "Verbindung bilden"."""
    lab.write_notebook("chemix_steps.ipynb", STEP_CELLS)
    open_and_run(page, lab, "chemix_steps.ipynb")
    root = page.locator(".cg-root")
    shot = REPO / "test-artifacts"

    # ---- by mouse
    click_and_wait(page, root, root.locator("[data-key='display:H2O']"))
    guide = root.locator(".cx-guide")
    assert 'H₂O = H + „2“ + O' in guide.inner_text() and "Als Nächstes: H" in guide.inner_text()
    assert probe(page) == {"log": [], "table": [], "free": [], "goal": ["H2O"], "current": 0}  # nothing laid yet
    marked = root.locator(".cx-hand li.cx-next .cx-card-btn")
    assert marked.count() == 1 and marked.get_attribute("data-id").startswith("H.")
    assert "als Nächstes" in marked.get_attribute("aria-label")
    click_and_wait(page, root, marked)
    assert _next_face(root) == "2" and "H" in root.locator(".cx-building").inner_text()
    stack = root.locator(".cx-stack.cx-next")
    assert stack.get_attribute("data-key") == "take:2"
    root.locator(".cx-free").screenshot(path=str(shot / "chemix_steps_next_card.png"))
    click_and_wait(page, root, stack)
    assert _next_face(root) == "O"
    click_and_wait(page, root, root.locator(".cx-hand li.cx-next .cx-card-btn"))
    assert root.locator(".cx-building").inner_text().endswith("H + 2 + O")
    assert "Verbindung bilden" in root.locator(".cx-next-text").inner_text()
    form = root.locator("[data-key='form']")
    assert "cx-next" in form.get_attribute("class")
    assert probe(page)["log"] == ["play", "take", "play"]
    click_and_wait(page, root, form)
    page.wait_for_selector(".cx-on-table[data-formula='H2O']")
    state = probe(page)
    assert state["table"] == ["H2O"] and state["log"] == ["play", "take", "play", "form"] and state["goal"] == []
    assert "bestätige den Zug" in root.locator(".cx-next-text").inner_text()
    assert "H₂O (Wasser)" in root.locator(".cg-aside .cg-expl").first.inner_text()  # headline with subscripts
    assert_accessible(page, "while a compound is prepared")
    # the explanation column cuts no formula off: a wide one scrolls and can be reached by keyboard
    assert page.evaluate("[...document.querySelectorAll('.cg-aside .cg-math')].every("
                         "m => m.scrollWidth <= m.clientWidth + 1 || (m.tabIndex === 0 && getComputedStyle(m).overflowX === 'auto'))")

    # the display lists each compound card once; "Nur mit: H" (by keyboard) keeps those with hydrogen
    display = root.locator(".cx-display")
    height = settled_box(display)["height"]
    assert root.locator(".cx-display .cx-card-btn, .cx-display .cx-static").count() == 42 and height < 900
    root.locator("[data-key='only:H']").focus()
    page.keyboard.press("Enter")
    with_h = sorted(f for f, c in card_set().compounds.items() if "H" in c.elements)
    shown = sorted(display.locator("[data-id]").evaluate_all("els => els.map(e => e.dataset.id)"))
    assert shown == with_h and root.locator("[data-key='only:H']").get_attribute("aria-pressed") == "true"
    filtered = settled_box(display)["height"]
    (shot / "chemix_display_height.json").write_text(json.dumps({"all": round(height), "only_H": round(filtered), "with_H": len(with_h)}))
    root.locator("[data-key='only:']").click()

    # ---- by keyboard: take the turn back, prepare H2O with Enter, then reach each marked card with Tab
    click_and_wait(page, root, root.locator("[data-key='undo_turn']"))
    assert probe(page)["log"] == []
    root.locator("[data-key='display:H2O']").focus()
    before = version(root)
    page.keyboard.press("Enter")
    wait_newer(page, before)
    for face in ("H", "2", "O"):
        assert _next_face(root) == face
        key = page.evaluate(NEXT_DIRECTION)  # Tab or Shift+Tab, whichever way the marked control lies
        for _ in range(80):
            if page.evaluate("!!document.activeElement?.closest('.cx-next')"):
                break
            page.keyboard.press(key)
        else:
            raise AssertionError(f"Shift+Tab never reached the marked card for {face}")
        before = version(root)
        page.keyboard.press("Enter")
        wait_newer(page, before)
    assert root.locator(".cx-building").inner_text().endswith("H + 2 + O")
    for _ in range(40):
        if page.evaluate("document.activeElement?.dataset?.key === 'form'"):
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError("Tab never reached 'Verbindung bilden'")
    before = version(root)
    page.keyboard.press("Enter")
    wait_newer(page, before)
    state = probe(page)
    assert state["table"] == ["H2O"] and state["log"] == ["play", "take", "play", "form"]
    root.screenshot(path=str(shot / "chemix_steps_formed.png"))

    # ---- the bot's turn: when the turn comes back, a sentence and a frame name what the bot did
    click_and_wait(page, root, root.locator("[data-key='confirm']"))
    page.wait_for_function("document.querySelector('.cg-player.cg-current')?.dataset.player === '0'", timeout=40_000)
    since = root.locator(".cx-since")
    since.wait_for()
    laid = [f for f in probe(page)["table"] if f != "H2O"]
    text = since.inner_text()
    for f in laid:  # each compound the bot laid is named (with subscripts) and framed on the table
        assert f.translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")) in text
        assert "cx-changed" in root.locator(f".cx-on-table[data-formula='{f}']").get_attribute("class")
    if not laid:
        assert "niemand" in text
    root.locator(".cx-table").screenshot(path=str(shot / "chemix_since_bot_turn.png"))
    assert_accessible(page, "after the bot's turn")

    # ---- "Tipp": whole turns in words; each button is named "Vorbereiten" and prepares without playing
    click_and_wait(page, root, root.locator("[data-key='hint']"))
    hints = root.locator(".cg-hints")
    if hints.count():
        assert "ganze Züge" in hints.locator("h3").inner_text() and "Punktestand" in hints.inner_text()
        buttons = hints.locator("button")
        names = buttons.evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
        assert len(set(names)) == len(names) and all(b.startswith("Vorbereiten") for b in buttons.all_inner_texts())
        hints.screenshot(path=str(shot / "chemix_hints.png"))
        # no two buttons of the widget share an accessible name (the name says what and which card)
        all_names = root.locator("button").evaluate_all(
            "bs => bs.map(b => (b.getAttribute('aria-label') || b.innerText).trim())")
        twice = sorted({n for n in all_names if all_names.count(n) > 1})
        assert not twice, twice
        before = probe(page)["log"]
        click_and_wait(page, root, buttons.first)
        assert root.locator(".cx-guide").count() == 1 and probe(page)["log"] == before  # nothing played
    else:  # no compound can be laid: the notice says so in ChemiX's words
        assert "passen" in root.locator(".cg-notice").inner_text()


# the bar and the sentence under it, read in one evaluate once the view shows both cards on the free area
_BAR = """() => {
  const r = document.querySelector('.cg-root');
  if (!r || r.querySelectorAll('.cx-free .cx-card-btn').length < 2) return null;
  const li = r.querySelector('.cg-players .cg-player[data-player="0"] .cg-score');
  const note = r.querySelector('[data-key="score_now"]');
  return { score: li && li.innerText, note: note && note.innerText };
}"""


def test_cards_laid_out_of_the_hand_do_not_raise_the_score_the_bar_shows(page, lab):
    """s21g saw "2 Punkte" after two hand cards went to the free area with nothing formed: the bar now
    shows the sheet's account (they still cost −1 each) and a sentence says which cards it counts."""
    lab.write_notebook("chemix_score_now.ipynb", CELLS)
    open_and_run(page, lab, "chemix_score_now.ipynb")
    root = page.locator(".cg-root")
    start = root.locator(".cg-players .cg-player[data-player='0'] .cg-score").inner_text()
    assert start == "0 Punkte"
    for card in ("C.1", "Ca.1"):
        click_and_wait(page, root, root.locator(f"[data-key='hand:{card}']"))
    seen = page.wait_for_function(_BAR, timeout=60_000).json_value()
    page.locator(".cx-players").first.screenshot(path=str(REPO / "test-artifacts" / "chemix_score_now.png"))
    assert seen["score"] == "0 Punkte", seen
    assert seen["note"] == ("Die 2 Karten C, Ca auf der freien Fläche zählen bei Spieler 1 schon je −1 wie Handkarten, "
                            "bis sie in einer Verbindung liegen."), seen
