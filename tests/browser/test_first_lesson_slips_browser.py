"""A first lesson's slips in Räum-Ab! and its worksheet, found by playing the lesson in a German
JupyterLab (s20f), each checked by what the student sees and what Python holds.

* A double click on "Vorhersage abgeben" sent the prediction twice: the second, arriving after the
  answer, was answered with the red alert "Deine Vorhersage ist schon abgegeben" under a prediction
  the student had just made (and read out by screen readers). The same prediction sent again is
  now taken as the one already made; a different one still gets the alert.
* The special cards' words ("⊘2 Verbot", "✦ Wunsch") were wider than their card at 1280×720 with
  JupyterLab's file browser open (as a notebook opens) and ran into the next column: "Verbo",
  "Wunsc". Every card's text is measured against its own box.
* The tip list marked a double pair "◆ doppelt": ◆ is yellow's symbol (the symbols stand for the
  colours beside them), so "◆ doppelt rot ● 9 + rot ● 12" read as a yellow card.
"""
from __future__ import annotations

import json

import pytest

from .conftest import ARTIFACTS
from .lab import click_and_wait, open_and_run, run_code, settled
from .visible import VISIBLE_BOXES

pytestmark = pytest.mark.browser

SIZES = {"1280x720": {"width": 1280, "height": 720}, "1024x768": {"width": 1024, "height": 768},
         "900x700": {"width": 900, "height": 700}}  # a small laptop, or a window beside another
SUIT_SYMBOLS = "\u25CF\u25A0\u25B2\u25C6"  # ● ■ ▲ ◆: red, blue, green, yellow


def test_a_double_click_on_commit_shows_the_answer_without_an_alert(page, lab):
    name = lab.write_notebook("predict_double.ipynb", [
        "from chemgames.worksheets import worksheet\nblatt = worksheet('raeumab', lang='de')\nw = blatt.aufgabe('2')\nw"])
    open_and_run(page, lab, name, ready=".cg-predict [data-key='commit']")
    task = page.locator(".cg-predict")
    task.locator("label", has_text="doppelt passend").click()
    task.locator("[data-key='commit']").dblclick()
    page.wait_for_function("document.querySelector('.cg-predict').dataset.answered === 'true'")
    # the kernel handles messages in order: once this cell has run, both clicks' messages were
    # answered, and their views drawn before its output (the answer is computed once, on the first)
    held = json.loads(run_code(page, "import json; print(json.dumps({'error': w.error, 'calls': w.answer_calls,"
                                     " 'shown': w.result.get('prediction')}))"))
    seen = page.evaluate("""() => { const t = document.querySelector('.cg-predict');
        return { alert: t.querySelector('.cg-pr-error')?.innerText || '', answered: t.dataset.answered,
                 verdict: t.innerText.includes('Nicht ganz') }; }""")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "predict_double_click.png"))
    assert seen == {"alert": "", "answered": "true", "verdict": True}, seen
    assert held == {"error": "", "calls": 1, "shown": "doppelt passend"}, held
    # another prediction after the answer is still refused with the reason
    other = json.loads(run_code(page, "w.receive({'type': 'predict', 'value': 'simple'}); print(json.dumps(w.error))"))
    assert "schon abgegeben" in other


def deal_cells(columns: list[list[str]], seats: tuple[str, ...] = ("human", "human"), bot_delay: int = 700) -> list[str]:
    """A notebook's cells that deal only ``columns`` (the rest of the deck aside) and show the game."""
    return ["import json, chemgames\nfrom chemgames.widgets import RaeumAbWidget",
            f"g = chemgames.new_game('raeumab', players=2, seed=3, lang='de', fair_start=False, columns={columns!r}, "
            f"rest='aside')\nw = RaeumAbWidget(g, seats={list(seats)!r}, bot_delay={bot_delay})\nw"]


def open_deal(page, lab, name: str, columns: list[list[str]], **kwargs):
    """Run a notebook of :func:`deal_cells` in ``page``; the game's view."""
    lab.write_notebook(name, deal_cells(columns, **kwargs))
    open_and_run(page, lab, name)
    return page.locator(".cg-root")


# specials free at the bottom of columns 1-3 and covered above numbers in columns 4-7
SPECIALS = [["W"], ["V2"], ["V5"], ["W", "R12"], ["V2", "B18"], ["V5", "Y7"], ["W", "G12"]]


def cards_wider_than_their_text(page) -> dict:
    """Each card's text against the card's own inner box (inside its borders), and each card and
    button against the window and every clipping ancestor (visible.py), in one evaluate."""
    return page.evaluate("""() => {
        const seen = (""" + VISIBLE_BOXES + """)(['.cg-root', '.ra-card, button']);
        const cards = [...document.querySelectorAll('.cg-root .ra-card')];
        const out = [];
        for (const c of cards) {
          const box = c.getBoundingClientRect(), st = getComputedStyle(c);
          const left = box.left + parseFloat(st.borderLeftWidth), right = box.right - parseFloat(st.borderRightWidth);
          const range = document.createRange(); range.selectNodeContents(c);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          const textRight = Math.max(...rects.map((r) => r.right)), textLeft = Math.min(...rects.map((r) => r.left));
          if (textRight > right + 0.5 || textLeft < left - 0.5)
            out.push({ text: c.innerText.replace(/\\n/g, ' '), over: Math.round(textRight - right), width: Math.round(box.width) });
        }
        return { cards: cards.length, specials: document.querySelectorAll('.cg-root .ra-card:is(.ra-wish, .ra-forbidden)').length,
                 sidebar: document.querySelector('#jp-left-stack')?.offsetWidth || 0, cut: out,
                 sideways: seen.filter((b) => b.width > 0 && b.visibleWidth < b.width - 1)
                   .map((b) => `${b.key} ${Math.round(b.visibleWidth)} of ${Math.round(b.width)} px (by ${b.cutBy})`) };
    }""")


def test_every_card_shows_its_whole_word_with_the_file_browser_open(browser, lab):
    # at 900 px the seven columns (64 px at least each) were wider than the game: column 7, the
    # tip button and the ends of the status lines were cut off by the widget's edge
    context = browser.new_context(viewport=SIZES["1280x720"])
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_deal(page, lab, "raeumab_words.ipynb", SPECIALS)
        found = {}
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.evaluate("document.querySelector('.cg-root').scrollIntoView({ block: 'start' })")
            settled(page)
            found[size] = cards_wider_than_their_text(page)
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"raeumab_words_{size}.png"))
        for size, f in found.items():
            assert f["sidebar"] > 150, f"{size}: the file browser is not open as a notebook opens: {f}"
            assert f["specials"] >= 7, f
            assert not f["cut"], f"{size}: the text runs out of its card: {f['cut']}"
            assert not f["sideways"], f"{size}: cut off at the side: {f['sideways'][:10]}"
    finally:
        context.close()


def test_the_tip_list_marks_double_pairs_without_a_colour_symbol(page, lab):
    root = open_deal(page, lab, "raeumab_tip_marks.ipynb", [["R12"], ["B18"], ["G12"], ["G36"]])
    click_and_wait(page, root, root.locator("[data-key='hint']"))
    kinds = page.evaluate("[...document.querySelectorAll('.cg-root .ra-hints .ra-hint-kind')].map((k) => k.innerText)")
    held = json.loads(run_code(page, "print(json.dumps([h.kind for h in g.hints()]))"))
    assert len(kinds) == len(held) >= 2 and "double" in held and "simple" in held, (kinds, held)
    for shown, kind in zip(kinds, held):
        assert ("doppelt" if kind == "double" else "einfach") in shown, (shown, kind)
        assert not set(shown) & set(SUIT_SYMBOLS), f"a colour's symbol marks the pair's kind: {shown!r}"


def restart_kernels(url: str) -> int:
    """Restart every running kernel through JupyterLab's API, as "Kernel → Restart Kernel…" does; the
    call returns once the new kernel runs, so a message sent after it reaches no widget in Python
    (no wait for the page's status bar: the page may learn of the restart later, the Python side
    is gone either way)."""
    import urllib.request

    with urllib.request.urlopen(f"{url}/api/kernels", timeout=30) as r:
        kernels = json.load(r)
    for k in kernels:
        urllib.request.urlopen(urllib.request.Request(f"{url}/api/kernels/{k['id']}/restart", method="POST"), timeout=60).read()
    return len(kernels)


def test_a_move_after_a_kernel_restart_says_that_python_does_not_answer(page, lab):
    # After "Kernel → Neu starten" the game's view stays on screen, but its Python object is gone:
    # the first card showed "gewählt" (chosen in the browser) and the second click did nothing at all.
    root = open_deal(page, lab, "raeumab_restart.ipynb", [["R12"], ["B18"], ["G12"], ["G36"]])
    assert restart_kernels(lab.url) == 1
    root.locator(".ra-free[data-code='R12']").click()
    root.locator(".ra-free[data-code='B18']").click()
    page.wait_for_function("!!document.querySelector('.cg-root .cg-no-answer')", timeout=30_000)
    seen = page.evaluate("""() => { const n = document.querySelector('.cg-root .cg-no-answer'), r = n.getBoundingClientRect();
        return { text: n.innerText, role: n.getAttribute('role'), shown: r.height > 0 && r.width > 0 }; }""")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "raeumab_after_kernel_restart.png"))
    assert seen["shown"] and seen["role"] == "alert", seen
    assert "Keine Antwort von Python" in seen["text"] and "Alle Zellen ausführen" in seen["text"], seen
    # Python really holds no game: the notice is true
    assert "False" in run_code(page, "print('g' in dir())")


def test_the_bots_last_double_pair_says_the_game_is_over_and_no_du(page, lab):
    # Against the bot, its double pair that left no pair read "Ein doppelt passendes Paar: du musst noch
    # ein Paar nehmen und bleibst am Zug" and then "das Spiel ist beendet", under "Letzter Zug von
    # Spieler 2": an order to the student, in a game that was over.
    root = open_deal(page, lab, "raeumab_bot_double.ipynb", [["R12"], ["B18"], ["G12"], ["G36"], ["Y7"]],
                     seats=("human", "greedy"), bot_delay=100)
    root.locator(".ra-free[data-code='R12']").click()
    root.locator(".ra-free[data-code='B18']").click()
    page.wait_for_function("[...document.querySelectorAll('.cg-root .cg-expl')].some((e) => e.innerText.includes('Letzter Zug von Spieler 2'))")
    shown = page.evaluate("""() => [...document.querySelectorAll('.cg-root .cg-expl')]
        .find((e) => e.innerText.includes('Letzter Zug von Spieler 2')).innerText""")
    held = json.loads(run_code(page, "print(json.dumps({'by': g.log[-1].player, 'piles': g.scores(), 'over': g.is_over}))"))
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "raeumab_bot_double.png"))
    assert held == {"by": 1, "piles": [2, 2], "over": True}, held  # the bot took G12 + G36; Y7 is left alone
    assert "doppelt passendes Paar" in shown and "das Spiel ist beendet" in shown, shown
    assert "noch ein Paar" not in shown, shown
    words = set(shown.lower().replace(":", " ").replace(",", " ").split())
    assert not words & {"du", "dein", "deinen", "deine", "bleibst", "musst"}, shown


def test_a_prediction_after_a_kernel_restart_says_that_python_does_not_answer(page, lab):
    # The same slip on the worksheet: after a restart "Vorhersage abgeben" did nothing, without a word.
    name = lab.write_notebook("predict_restart.ipynb", [
        "from chemgames.worksheets import worksheet\nblatt = worksheet('raeumab', lang='de')\nw = blatt.aufgabe('2')\nw"])
    open_and_run(page, lab, name, ready=".cg-predict [data-key='commit']")
    assert restart_kernels(lab.url) == 1
    task = page.locator(".cg-predict")
    task.locator("label", has_text="einfach passend").click()
    task.locator("[data-key='commit']").click()
    page.wait_for_function("!!document.querySelector('.cg-predict .cg-no-answer')", timeout=30_000)
    seen = page.evaluate("""() => { const t = document.querySelector('.cg-predict'), n = t.querySelector('.cg-no-answer');
        const r = n.getBoundingClientRect();
        return { text: n.innerText, role: n.getAttribute('role'), shown: r.height > 0, answered: t.dataset.answered }; }""")
    assert seen["shown"] and seen["role"] == "alert" and seen["answered"] == "false", seen
    assert "Keine Antwort von Python" in seen["text"] and "Alle Zellen ausführen" in seen["text"], seen
    assert "False" in run_code(page, "print('w' in dir())")  # Python holds no task: the notice is true


def test_a_prediction_answered_shows_no_such_notice(page, lab):
    # the notice is for silence only: an empty commit (refused with the same alert twice) and the
    # answer itself clear the wait; nothing is said after the answer has come
    name = lab.write_notebook("predict_answered.ipynb", [
        "from chemgames.worksheets import worksheet\nblatt = worksheet('raeumab', lang='de')\nw = blatt.aufgabe('1')\nw"])
    open_and_run(page, lab, name, ready=".cg-predict [data-key='commit']")
    task = page.locator(".cg-predict")
    task.locator("[data-key='commit']").click()
    page.wait_for_function("!!document.querySelector('.cg-predict .cg-pr-error')")
    task.locator("[data-key='commit']").click()  # the same refusal again: its text does not change, the reply does
    # the kernel handles messages in order: the second click's was answered before this cell ran
    assert run_code(page, "print(w.replies)").strip() == "2"
    task.locator("[data-key='typed']").fill("9")
    task.locator("[data-key='typed']").press("Enter")
    page.wait_for_function("document.querySelector('.cg-predict').dataset.answered === 'true'")
    replies = run_code(page, "print(w.replies)")
    assert replies.strip() == "3", replies
    # the kernel handled all three, and 6 s after the last one the view is still quiet
    # the notice would come 6 s after an unanswered message: wait for it or for 6,5 s, whichever is first
    t0 = page.evaluate("performance.now()")
    page.wait_for_function("(t0) => !!document.querySelector('.cg-predict .cg-no-answer') || performance.now() > t0 + 6500",
                           arg=t0, polling=100)
    assert page.evaluate("document.querySelectorAll('.cg-predict .cg-no-answer').length") == 0
