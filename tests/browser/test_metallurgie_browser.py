"""Metallurgie in a real JupyterLab: lay cards and score an area by clicking, keyboard play, and the
refusal of a move. Every test saves a screenshot under test-artifacts/."""
from __future__ import annotations


import pytest

from .lab import assert_accessible, bring_into_view, click_and_wait, open_and_run, probe, REPO, run_code, settled, version, wait_newer
from .visible import VISIBLE_BOXES

pytestmark = pytest.mark.browser

# a row of eight iron with a copper-covered stack on the left: the ninth iron makes an area of 9
LAYOUT = [[q, 0, "Fe"] for q in range(8)] + [[-1, 0, "Fe", "Cu"]]


def setup_cells(lang="de"):
    return [
        "import json, chemgames\nfrom chemgames.widgets import MetallurgieWidget",
        f"g = chemgames.new_game('metallurgie', players=2, seed=3, lang={lang!r}, layout={LAYOUT!r}, "
        "hands=[['Fe', 'Fe', 'Cu']])\n"
        "w = MetallurgieWidget(g, seats=['human', 'greedy'], bot_delay=60000)\nw",
        "def probe():\n    print(json.dumps({'current': g.current_player, 'phase': g.view()['phase'], 'scores': g.scores(),"
        " 'won': g.won_counts(0), 'stacks': len(g.view()['stacks']), 'log': len(g.log), 'cards': g.card_count()}))",
    ]


def start(page, lab, name, **kw):
    lab.write_notebook(name, setup_cells(**kw))
    open_and_run(page, lab, name)
    return page.locator(".mt-root")


def test_lay_cards_and_score_an_area_by_clicking(page, lab):
    root = start(page, lab, "mt_click.ipynb")
    # the board shows layers with pattern classes and the printed area/removal numbers
    assert root.locator(".mt-cell[data-pos='-1:0'] .mt-layer.mt-Fe").count() == 1
    assert root.locator(".mt-cell[data-pos='-1:0'] .mt-face.mt-Cu .mt-need").inner_text() == "7"
    # the counter under a board card says what its two numbers are, and the legend says it once (s20f)
    counter = root.locator(".mt-cell[data-pos='0:0'] .mt-area")
    assert counter.inner_text() == "8/9"
    assert counter.get_attribute("title") == "Sichtbare Fläche Eisen (Fe): 8 Karten liegen zusammen; zum Punkten nötig: 9"
    assert "z. B. 8/9" in root.locator(".mt-legend-area").inner_text()
    root.locator(".mt-hand .mt-card[data-metal='Fe']").first.click()  # choosing a card is local
    ghost = root.locator(".mt-ghost[data-pos='8:0']")
    ghost.wait_for()
    click_and_wait(page, root, ghost)
    assert "9 ≥ 9" in root.locator(".cg-expl").last.inner_text() or root.locator(".cg-aside math").count() >= 1
    assert root.locator(".mt-cell[data-pos='0:0'] .mt-area.mt-big").inner_text().endswith("9/9")
    click_and_wait(page, root, root.locator("[data-key='done']"))
    assert probe(page)["phase"] == "score"
    # the middle of the row is not takeable (it would split the lay-out); the free end is. A click on
    # it still answers: the engine's refusal says why, and nothing changes
    middle = root.locator(".mt-cell[data-pos='4:0']")
    assert middle.is_disabled() and middle.get_attribute("aria-disabled") == "true"
    middle.click(force=True)  # Playwright waits for "enabled" otherwise; a person can click it
    notice = root.locator(".cg-notice .cg-expl-refused")
    notice.wait_for()
    assert "Das Eisen auf (4|0) zu nehmen würde die Auslage in 2 Teile zerreißen" in notice.inner_text()
    # screen readers hear the refusal once, from the widget's live region
    assert "zerreißen" in root.locator("xpath=..").locator(".cg-announce[aria-live='polite']").text_content()
    assert probe(page)["scores"] == [0, 0]
    # the "↓" the tip names is drawn above the card face (not hidden behind it)
    mark = page.evaluate("""() => { const c = document.querySelector('.mt-cell.mt-takeable');
        const st = getComputedStyle(c, '::after'); const face = getComputedStyle(c.querySelector('.mt-face'));
        return { content: st.content, z: Number(st.zIndex), faceZ: face.zIndex === 'auto' ? 0 : Number(face.zIndex) }; }""")
    assert mark["content"] == '"↓"' and mark["z"] > mark["faceZ"], mark
    for q in (8, 7, 6, 5, 4):
        click_and_wait(page, root, root.locator(f".mt-cell.mt-takeable[data-pos='{q}:0']"))
    assert root.locator("xpath=..").locator(".cg-announce").text_content().startswith("Letzter Zug von Spieler 1: ")
    last = root.locator(".cg-expl", has_text="Ordnungszahl 26").inner_text()
    assert "7,874 g/cm³ (fest)" in last and "55,85 g/mol" in last  # German decimal comma, the state named
    state = probe(page)
    assert state["scores"] == [1, 0] and state["won"]["Fe"] == 1 and state["cards"] == 103
    # the status follows the phase: nothing left to take, so it asks to end the turn
    assert root.locator(".mt-takeable").count() == 0
    assert "Keine Fläche mehr zu nehmen" in root.locator(".cg-status").inner_text()
    assert "Nimm die markierten" not in root.locator(".cg-status").inner_text()
    click_and_wait(page, root, root.locator("[data-key='finish']"))
    assert probe(page)["current"] == 1


def test_keyboard_lay_refusal_and_undo(page, lab):
    root = start(page, lab, "mt_keys.ipynb", lang="en")
    root.locator("[data-key='lang:en']").focus()

    def tab_to(predicate_js: str, limit: int = 80) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate(f"(() => {{ const e = document.activeElement; return !!(e && e.dataset && ({predicate_js})); }})()"):
                return
        raise AssertionError(f"Tab never reached {predicate_js}")

    tab_to("e.dataset.metal === 'Cu'")
    page.keyboard.press("Enter")  # choose copper: the free iron cards become targets
    page.wait_for_selector(".mt-cell.mt-target[data-pos='3:0']")
    # a position that cannot take copper (copper lies on top) answers Enter with the reason
    tab_to("e.dataset.pos === '-1:0'")
    assert "says why" in page.evaluate("document.activeElement.getAttribute('aria-label')")
    page.keyboard.press("Enter")
    page.wait_for_selector(".cg-notice .cg-expl-refused")
    assert "Copper (Cu) may only lie on free Iron (Fe); the top card at (\u22121|0) is Copper (Cu)" in \
        root.locator(".cg-notice").inner_text()
    assert probe(page)["log"] == 0
    root.locator("[data-key='lang:en']").focus()
    tab_to("e.dataset.pos === '3:0'")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    before = version(root)
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.querySelector('.mt-root').dataset.version) > {before}")
    assert root.locator(".mt-cell[data-pos='3:0']").get_attribute("data-top") == "Cu"
    assert "covers the free Iron (Fe) card at (3|0)" in root.locator(".cg-expl").last.inner_text()
    # a forged message from the browser is refused with a reason and changes nothing
    run_code(page, "w.receive({'type': 'act', 'action': {'game': 'metallurgie', 'player': 0, 'kind': 'lay', "
                   "'params': {'metal': 'Fe', 'pos': [20, 20]}}}); print('sent')")
    page.wait_for_selector(".cg-notice .cg-expl-refused")
    assert "touches no card" in root.locator(".cg-notice").inner_text()
    click_and_wait(page, root, root.locator("[data-key='undo']"))
    assert root.locator(".mt-cell[data-pos='3:0']").get_attribute("data-top") == "Fe"
    assert probe(page)["log"] == 0


def test_the_game_notebook_runs(page, lab):
    from .lab import REPO

    name = lab.copy_in(REPO / "notebooks" / "metallurgie.ipynb")
    open_and_run(page, lab, name)
    root = page.locator(".mt-root").first
    # the documented start lay-out: seven stacks, silver on the middle copper; three hand cards
    assert root.locator(".mt-board .mt-cell:not(.mt-ghost)").count() == 7
    assert root.locator(".mt-cell[data-pos='1:1']").get_attribute("data-top") == "Ag"
    assert root.locator(".mt-hand .mt-card").count() == 3
    assert root.locator(".mt-legend li").count() == 4
    assert page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0


def test_final_account_with_bonus_doubling_and_tie_break(page, lab):
    # Regelvariante: "Am Spielende zählen gewonnene Metallkarten des selben Typs der Bonuspunktkarte
    # doppelt"; "Bei einem Unentschieden entscheiden die meisten errungenen Goldkarten (dann
    # Silberkarten und so weiter)": 4 : 4 points, gold, silver and copper equal, iron 2 : 4 decides.
    lab.write_notebook("mt_account.ipynb", [
        "import chemgames, json\nfrom chemgames import Action\nfrom chemgames.widgets import MetallurgieWidget\n"
        "print(chemgames.__file__)",
        "g = chemgames.new_game('metallurgie', players=2, seed=1, lang='de', bonus=['Fe', 'Au'],\n"
        "                       won=[['Fe', 'Fe'], ['Fe', 'Fe', 'Fe', 'Fe']], pile=['stop'])\n"
        "g.apply(Action('metallurgie', 0, 'draw'))\n"
        "g = chemgames.load_game(g.to_json())  # a finished game, loaded from its save file\n"
        "w = MetallurgieWidget(g, seats=['human', 'human'])\nw",
    ])
    open_and_run(page, lab, "mt_account.ipynb")
    root = page.locator(".mt-root")
    assert str(REPO) in page.locator(".jp-OutputArea-output").first.inner_text()  # the kernel runs this worktree
    account = root.locator(".cg-account")
    account.wait_for()
    first = account.locator("tr[data-player='0']").inner_text()
    assert "Eisen (Fe): 4" in first and "2 × 2, Bonuskarte" in first and "Gleichstand" in first
    assert "4 × 1" in account.locator("tr[data-player='1']").inner_text()
    assert "entschieden bei Eisen (Fe): 2 Karten, weniger als 4" in first and "von Gold abwärts" not in first
    # the tie-break iron decided is a list under the status (s21f), its last line the deciding metal
    assert root.locator(".mt-tiebreak li").last.inner_text() == "Eisen (Fe): 2 bei Spieler 1, 4 bei Spieler 2"
    assert_accessible(page, "with the final account")
    bring_into_view(account)
    page.screenshot(path=str(REPO / "test-artifacts" / "metallurgie_final_account.png"), full_page=True)


SIZES = {"1280x720": {"width": 1280, "height": 720}, "1024x768": {"width": 1024, "height": 768}}
# a lay-out of 12 stacks in a row and a second row: 12 × 78 px, wider than the game's column at both sizes
WIDE = [[q, 0, "Fe"] for q in range(6)] + [[q, 0, "Fe", "Cu"] for q in range(6, 12)] + [[0, 1, "Fe"]]
# in one evaluate: the status line, the tie-break list and each of its lines, the counters' legend (s20i's
# "8/9" line) and the final account, each against the game's column (.cg-board) and every clipping ancestor
FIT = """() => {
  const root = document.querySelector('.mt-root'), col = root.getBoundingClientRect();
  const line = (e) => parseFloat(getComputedStyle(e).lineHeight) || 1.2 * parseFloat(getComputedStyle(e).fontSize);
  const seen = (""" + VISIBLE_BOXES + """)(['.mt-root', '.cg-board, .cg-aside, .cg-status, .mt-tiebreak, .mt-tiebreak li, .mt-legend-area, .cg-account']);
  return { sidebar: document.querySelector('#jp-left-stack')?.offsetWidth || 0,
    status: document.querySelector('.mt-root .cg-status').innerText,
    statusLines: Math.round(document.querySelector('.mt-root .cg-status').getBoundingClientRect().height
                            / line(document.querySelector('.mt-root .cg-status'))),
    items: [...document.querySelectorAll('.mt-root .mt-tiebreak li')].map((e) => e.innerText),
    list: document.querySelector('.mt-root .mt-tiebreak')?.innerText || null,
    legend: document.querySelector('.mt-root .mt-legend-area')?.innerText || null,
    whole: root.innerText, rows: [...root.querySelectorAll('.cg-account tr')].map((e) => e.innerText),
    rootScroll: [root.scrollWidth, root.clientWidth], boardScroll: (() => { const b = root.querySelector('.mt-scroll');
      return [b.scrollWidth, b.clientWidth]; })(),
    boxes: seen.map((b) => ({ key: b.key.slice(0, 24), width: b.width, visible: b.visibleWidth, cutBy: b.cutBy,
      outside: b.left < col.left - 0.5 || b.right > col.right + 0.5 })),
    overflowing: [...document.querySelectorAll('.mt-root :is(.cg-status, .mt-tiebreak, .mt-tiebreak li, .mt-legend-area)')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1).map((e) => e.className) };
}"""


# the board's scroll box in one evaluate: where it is scrolled to, which side fades out, the ◀ and ▶ buttons
# under it (shown, enabled, their box, on top where a finger lands, clear of every card) and each card's box
# against the box's inner edges (cut on the left or the right)
EDGES = """() => {
  const r = document.querySelector('.mt-root'), box = r.querySelector('.mt-scroll'), b = box.getBoundingClientRect();
  const inner = { left: b.left + box.clientLeft, right: b.left + box.clientLeft + box.clientWidth };
  const shown = (e) => !!e && e.checkVisibility();
  const cells = [...box.querySelectorAll('.mt-cell')].map((c) => { const x = c.getBoundingClientRect();
    return { pos: c.dataset.pos, left: x.left, right: x.right, top: x.top, bottom: x.bottom,
      cutLeft: x.left < inner.left - 0.5, cutRight: x.right > inner.right + 0.5 }; });
  const moves = {};
  for (const side of ['left', 'right']) {
    const e = r.querySelector(`.mt-move-${side}`);
    if (!shown(e)) { moves[side] = null; continue; }
    const s = e.getBoundingClientRect(), hit = document.elementFromPoint(s.left + s.width / 2, s.top + s.height / 2);
    moves[side] = { enabled: !e.disabled, width: s.width, height: s.height, top: s.top, onTop: !!hit && e.contains(hit),
      belowBox: s.top >= b.bottom - 0.5, label: e.getAttribute('aria-label') };
  }
  return { scroll: box.scrollLeft, max: box.scrollWidth - box.clientWidth, label: box.getAttribute('aria-label'),
    lang: r.getAttribute('lang'), coarse: matchMedia('(pointer: coarse)').matches, focus: document.activeElement?.dataset?.key || null,
    fades: ['left', 'right'].filter((side) => shown(r.querySelector(`.mt-fade-${side}`))), moves,
    note: shown(r.querySelector('.mt-scrollnote')) ? r.querySelector('.mt-scrollnote').innerText : null, cells,
    last: cells.reduce((a, c) => (!a || c.right > a.right ? c : a), null).pos };
}"""
# true once the scroll box has not moved for five frames (a button and an arrow key scroll smoothly)
SCROLL_STILL = """() => { const x = document.querySelector('.mt-root .mt-scroll')?.scrollLeft;
  const s = window.__mtStill || (window.__mtStill = { x: null, n: 0 });
  if (s.x === x) s.n += 1; else { s.x = x; s.n = 0; }
  return x !== undefined && s.n >= 5; }"""


def scroll_still(page) -> dict:
    page.evaluate("() => { window.__mtStill = null; }")
    page.wait_for_function(SCROLL_STILL, polling="raf")
    return page.evaluate(EDGES)


def board_faults(e: dict, at: str) -> list[str]:
    """What the scroll box hides without saying so: a card cut on a side that does not fade out nor has its
    button, a button too small for a finger, covered or over the board, and at each end the end card whole
    with that side's button off."""
    faults = []
    wide = e["max"] > 1
    if wide and not e["note"]:
        faults.append(f"{at}: the board is wider than its box and nothing under it says so")
    for side in ("left", "right"):
        cut = [c["pos"] for c in e["cells"] if c[f"cut{side.title()}"]]
        move = e["moves"][side]
        if cut and not (side in e["fades"] and move and move["enabled"]):
            faults.append(f"{at}: cards cut on the {side}, no fade or no button: {cut} {e['fades']} {move}")
        if move and not (move["width"] >= (44 if e["coarse"] else 24) and move["height"] >= (44 if e["coarse"] else 24)
                         and move["onTop"] and move["belowBox"]):
            faults.append(f"{at}: the {side} button is not a target of its own under the box: {move}")
    if e["scroll"] <= 1 and ("left" in e["fades"] or (e["moves"]["left"] or {}).get("enabled")):
        faults.append(f"{at}: the left side fades or moves at the left end")
    if wide and e["scroll"] >= e["max"] - 1:
        last = next(c for c in e["cells"] if c["pos"] == e["last"])
        if "right" in e["fades"] or (e["moves"]["right"] or {}).get("enabled") or last["cutRight"]:
            faults.append(f"{at}: at the right end the last card is cut or the right still moves: {last} {e['moves']['right']}")
    return faults


def test_the_tie_break_list_the_counter_legend_and_the_wide_board_fit_at_both_sizes(browser, lab):
    """s20i: when iron decides, the tie-break ran on in the status line, "Gold (Au): 0 bei Spieler 1, 0 bei
    Spieler 2 (gleich); Silber …" (six bold lines at 1280×720). It is now a list under a short status, one
    line a metal from gold down. Both it and the counters' legend are measured at 1280×720 and 1024×768
    (touch), with the file browser open as a notebook opens: not cut, not outside the game, and a board wider
    than the game scrolls in its own box instead of widening the game.

    s22g, the lead's look at that screenshot: the walk stood four times on one screen (the list, each tied row,
    the move panel): it stands once, each row says its own count. And the board's box cut its last card at the
    right edge with nothing to say it scrolls (no scroll bar on a touch screen): a side with more cards fades out
    and a row under the box says so, with ◀ and ▶ a finger wide; every card is whole or cut on such a side; the
    keyboard (Tab to the box, arrow keys) and a finger (▶) bring the last card in whole; a new view keeps the place."""
    lab.write_notebook("mt_tie_fit.ipynb", [
        "import chemgames\nfrom chemgames import Action\nfrom chemgames.widgets import MetallurgieWidget\n"
        f"WIDE = {WIDE!r}",
        "g = chemgames.new_game('metallurgie', players=2, seed=1, lang='de', bonus=['Fe', 'Au'], layout=WIDE,\n"
        "                       won=[['Fe', 'Fe'], ['Fe', 'Fe', 'Fe', 'Fe']], pile=['stop'])\n"
        "g.apply(Action('metallurgie', 0, 'draw'))\nw = MetallurgieWidget(g, seats=['human', 'human'])\nw"])
    context = browser.new_context(viewport=SIZES["1280x720"], has_touch=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_and_run(page, lab, "mt_tie_fit.ipynb", ready=".mt-root .cg-account")
        found, ends, faults = {}, {}, []
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.evaluate("document.querySelector('.mt-root .mt-scroll').scrollLeft = 0")  # each size from the left end
            page.evaluate("document.querySelector('.mt-root .cg-status').scrollIntoView({ block: 'start' })")
            settled(page, ".mt-root .cg-status")
            scroll_still(page)
            found[size] = {**page.evaluate(FIT), "edges": page.evaluate(EDGES)}
            page.screenshot(path=str(REPO / "test-artifacts" / f"metallurgie_tie_fit_{size}.png"))
            faults += board_faults(found[size]["edges"], f"{size} at the left end")
            page.evaluate("document.querySelector('.mt-root .mt-scroll').scrollIntoView({ block: 'center' })")
            if size == "1280x720":  # the keyboard: Tab reaches the box, the right arrow moves the board
                page.locator(".mt-root [data-key='lang:en']").focus()
                for _ in range(60):
                    page.keyboard.press("Tab")
                    if page.evaluate("document.activeElement?.dataset?.key === 'scroll'"):
                        break
                e = page.evaluate(EDGES)
                # the box says how it moves, in the words of the pointer (this context is a touch screen with a keyboard)
                if e["focus"] != "scroll" or ("wischen" if e["coarse"] else "Pfeiltasten") not in e["label"]:
                    faults.append(f"{size}: Tab did not reach the box, or it does not say how it moves: {e}")
                for _ in range(60):
                    page.keyboard.press("ArrowRight")
                    e = scroll_still(page)
                    if e["scroll"] >= e["max"] - 1:
                        break
            else:  # a finger: tap ▶ until the board's right end is in
                e = page.evaluate(EDGES)
                if "wischen" not in (e["note"] or ""):
                    faults.append(f"{size}: nothing says that a finger moves the board: {e['note']}")
                for _ in range(12):
                    if not (e["moves"]["right"] or {}).get("enabled"):
                        break
                    page.locator(".mt-root .mt-move-right").tap()
                    e = scroll_still(page)
            ends[size] = e
            page.screenshot(path=str(REPO / "test-artifacts" / f"metallurgie_wide_board_end_{size}.png"))
            faults += board_faults(e, f"{size} after scrolling")
            if not (e["scroll"] >= e["max"] - 1 and (e["moves"]["left"] or {}).get("enabled") and "left" in e["fades"]):
                faults.append(f"{size}: the board's right end was not reached: {e}")
        # a new view (here: the language, as a tap) keeps the place the board was scrolled to
        page.locator(".mt-root [data-key='lang:en']").tap()
        page.wait_for_function("document.querySelector('.mt-root')?.getAttribute('lang') === 'en'")
        page.evaluate("document.querySelector('.mt-root .mt-scroll').scrollIntoView({ block: 'center' })")
        settled(page, ".mt-root .mt-scroll")
        again = scroll_still(page)
        page.screenshot(path=str(REPO / "test-artifacts" / "metallurgie_wide_board_new_view.png"))
        if not (again["lang"] == "en" and again["max"] > 0 and again["scroll"] >= again["max"] - 1):
            faults.append(f"a new view moved the board back to {again['scroll']} of {again['max']} px")
        faults += board_faults(again, "1024x768 after a new view")
        assert not faults, "\n".join(faults)
        assert again["moves"]["left"]["label"] == "Move the lay-out left" and "swipe" in again["note"], again
        assert_accessible(page, "with the wide board's fades and its ◀/▶ row")
        for size, f in found.items():
            assert f["sidebar"] > 150, f"{size}: the file browser is not open as a notebook opens: {f}"
            assert f["status"] == "Das Spiel ist vorbei. Gewonnen hat: Spieler 2 (Mensch)", f
            assert f["items"] == ["Gold (Au): 0 bei Spieler 1, 0 bei Spieler 2 (gleich)",
                                  "Silber (Ag): 0 bei Spieler 1, 0 bei Spieler 2 (gleich)",
                                  "Kupfer (Cu): 0 bei Spieler 1, 0 bei Spieler 2 (gleich)",
                                  "Eisen (Fe): 2 bei Spieler 1, 4 bei Spieler 2"], f
            assert f["list"].startswith("Gleichstand bei Punktzahl 4; es entscheiden die meisten gewonnenen Karten, "
                                        "von Gold abwärts:") and f["list"].endswith("Sieg: Spieler 2."), f
            # the walk stands once on the screen (s22g: also in both rows and the move panel); each row says its own
            assert f["whole"].count("2 bei Spieler 1, 4 bei Spieler 2") == 1, f["whole"]
            assert f["whole"].count("Gleichstand bei Punktzahl 4") == 2, f["whole"]  # the list, the panel's one line
            assert "entschieden bei Eisen (Fe): 2 Karten, weniger als 4" in f["rows"][0], f["rows"]
            assert "entschieden bei Eisen (Fe): 4 Karten, die meisten: Sieg" in f["rows"][1], f["rows"]
            assert f["statusLines"] <= 2, f
            assert f["legend"] and "z. B. 7/9" in f["legend"], f  # the largest area: 7 iron (six in a row, one below)
            assert len(f["boxes"]) == 10, f  # column, aside, status, list, 4 lines, legend, account
            # a board wider than the game scrolls inside its box; it does not widen the game (s21f: at
            # 1024×768 a late game's board pushed the column and the account 12 px past the widget's edge)
            assert f["boardScroll"][0] > f["boardScroll"][1] and f["rootScroll"][0] <= f["rootScroll"][1], f
            bad = [b for b in f["boxes"] if b["outside"] or b["visible"] < b["width"] - 1]
            assert not bad and not f["overflowing"], f"{size}: cut or outside the column: {bad} {f['overflowing']}"
    finally:
        context.close()


# everything a hand can give away on the shared screen, read in one evaluate: the hand itself, the secret
# bonus metal, the tips, a refusal, and where the keyboard's focus is
SHARED_SCREEN = """() => { const r = document.querySelector('.mt-root');
  const text = (s) => [...r.querySelectorAll(s)].map((e) => e.innerText.trim());
  return { version: Number(r.dataset.version), viewer: r.dataset.viewer, status: text('.cg-status')[0],
    hand: text('.mt-hand .mt-card').length, hidden: text('.cg-hidden-hand'), bonus: text('.mt-bonus'),
    hints: text('.cg-hints').length, claim: text("[data-key='claim']"), hide: text("[data-key='hide']"),
    current: text('.cg-player.cg-current .cg-player-name, .cg-current'), focus: document.activeElement?.dataset?.key || null }; }"""


def test_hot_seat_hands_over_by_touch_and_keyboard_and_hides_the_hand(browser, lab):
    """s21f walked a hot-seat game (two students, one laptop) at 1024×768 with touch: whose turn it is is said
    in words, the hand and the secret bonus metal of the player not to move never show, and the handover
    works by a tap and by the keyboard (Tab from where the focus is, then Enter)."""
    lab.write_notebook("mt_hot_seat.ipynb", [
        "from chemgames.widgets.metallurgie import play_metallurgie\n"
        "w = play_metallurgie(players=2, bots=None, seed=5, lang='de', bonus=['Ag', 'Au'])\nw"])
    context = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_and_run(page, lab, "mt_hot_seat.ipynb")
        root = page.locator(".mt-root")
        seen = [page.evaluate(SHARED_SCREEN)]
        root.locator("[data-key='claim']").tap()  # player 1 takes the laptop
        wait_newer(page, seen[-1]["version"])
        seen.append(page.evaluate(SHARED_SCREEN))
        card = root.locator(".mt-hand .mt-card:not([disabled])").first
        card.tap()
        click_and_wait(page, root, root.locator(".mt-target").first)
        before = version(root)
        root.locator("[data-key='done']").focus()
        page.keyboard.press("Enter")  # no area to score: the turn passes to player 2
        wait_newer(page, before)
        seen.append(page.evaluate(SHARED_SCREEN))
        for _ in range(6):  # the keyboard reaches "Ich bin Spieler 2" from where the focus is
            if page.evaluate("document.activeElement?.dataset?.key") == "claim":
                break
            page.keyboard.press("Tab")
        before = version(root)
        page.keyboard.press("Enter")
        wait_newer(page, before)
        seen.append(page.evaluate(SHARED_SCREEN))
        page.screenshot(path=str(REPO / "test-artifacts" / "metallurgie_hot_seat_claimed.png"))
        start, first, passed, second = seen
        for hidden, n in ((start, 1), (passed, 2)):  # nobody has claimed the seat: nothing secret on screen
            assert hidden["viewer"] == "" and hidden["hand"] == 0 and hidden["hidden"] and not hidden["bonus"], hidden
            assert hidden["hints"] == 0 and hidden["claim"] == [f"Ich bin Spieler {n}"], hidden
            assert hidden["status"] == f"Gib das Gerät an Spieler {n} weiter. Die Hände sind verdeckt.", hidden
        assert first["viewer"] == "0" and first["hand"] == 3 and first["bonus"] == ["Dein geheimes Bonusmetall: Silber (Ag) (zählt doppelt)"]
        assert first["status"].startswith("Spieler 1 (du) ist am Zug.") and first["hide"] == ["Hand verdecken"], first
        assert second["viewer"] == "1" and second["hand"] == 3 and second["bonus"] == ["Dein geheimes Bonusmetall: Gold (Au) (zählt doppelt)"]
        assert second["status"].startswith("Spieler 2 (du) ist am Zug."), second
    finally:
        context.close()
