"""The teacher's report at a projector's 1280×720 and on a 1024×768 touch tablet, in a real
JupyterLab with its file browser as it opens: the report stays inside the notebook's width (no part
cut off, no sideways scrolling of the page), the first screen shows what to practise next and the
first misconception with the students who showed it, every misconception names its students in a
line that stays inside its box, and on the tablet every button of the report is a 44 × 44 px touch
target. All measured in one page evaluate. Screenshots ``report_fit_<size>.png`` and, of the
concepts, tasks and students below, ``report_fit_<size>_below.png``."""
from __future__ import annotations

import re
from typing import Any

import pytest

from .lab import opened, settled, shoot

pytestmark = pytest.mark.browser

SIZES: dict[str, dict[str, Any]] = {"1280x720": {"viewport": {"width": 1280, "height": 720}},
                                    "1024x768-touch": {"viewport": {"width": 1024, "height": 768}, "has_touch": True, "is_mobile": False}}

# a lesson of 24 simulated students (300 actions a table: enough for three misconceptions), then its report
LESSON = ("from chemgames.record.events import Recorder; from chemgames.worksheets.simulate import simulate_class\n"
          "events, sessions = [], []\n"
          "_ = simulate_class(Recorder(events.append, sessions.append, lesson='7b'), max_actions=300)")
CELLS = [LESSON, "import chemgames\nchemgames.report(events=events, sessions=sessions, lang='de')"]

# every box the checks need, from one layout of the page
MEASURE = """() => {
  const rp = document.querySelector('.cg-rp');
  const b = (e) => { const q = e.getBoundingClientRect(); return {x: q.x, y: q.y, right: q.right, bottom: q.bottom,
    width: q.width, height: q.height}; };
  const area = rp.closest('.jp-OutputArea-output') || rp.parentElement;
  return {
    coarse: matchMedia('(pointer: coarse)').matches,
    vw: innerWidth, vh: innerHeight, page: document.documentElement.scrollWidth,
    rp: b(rp), area: b(area), overflow: rp.scrollWidth - rp.clientWidth,
    next: b(rp.querySelector('.cg-rp-next')),
    items: [...rp.querySelectorAll('.cg-rp-mis-item')].map((li) => ({box: b(li),
      who: li.querySelector('.cg-rp-who') ? b(li.querySelector('.cg-rp-who')) : null,
      whoText: li.querySelector('.cg-rp-who') ? li.querySelector('.cg-rp-who').textContent : ''})),
    // the concepts' table and the tasks' list beside it (or below it): every cell of the one and the other's box
    cells: [...rp.querySelectorAll('.cg-rp-table th, .cg-rp-table td')].map(b),
    conceptsBox: b(rp.querySelector('.cg-rp-table').closest('section')),
    tasks: b(rp.querySelector('.cg-rp-tasks')),
    buttons: [...rp.querySelectorAll('button')].map((x) => ({w: x.getBoundingClientRect().width,
      h: x.getBoundingClientRect().height, text: x.textContent.slice(0, 30)})),
  };
}"""


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_report_fits_and_names_who_needs_help(browser, lab, size):
    name = lab.write_notebook(f"bericht_{size}.ipynb", CELLS)
    with opened(browser, lab, name, ready=".cg-rp .cg-rp-who", **SIZES[size]) as page:
        shoot(page, f"report_fit_{size}.png", top=".cg-rp-header", still=".cg-rp")
        m = page.evaluate(MEASURE)
        shoot(page, f"report_fit_{size}_below.png", top=".cg-rp-two", still=".cg-rp-two")
    _fits(m, size)


def _overlap(a: dict, c: dict) -> bool:
    return a["x"] < c["right"] - 1 and c["x"] < a["right"] - 1 and a["y"] < c["bottom"] - 1 and c["y"] < a["bottom"] - 1


def _fits(m: dict, size: str) -> None:
    vw = SIZES[size]["viewport"]["width"]
    assert m["vw"] == vw and m["page"] <= vw, m  # the page does not scroll sideways
    assert m["rp"]["right"] <= m["area"]["right"] + 1 and m["overflow"] <= 1, m  # nothing of the report cut off
    # the first screen: what to practise next and the first misconception with its students
    assert m["next"]["bottom"] <= m["vh"] and m["items"] and m["items"][0]["who"] is not None, m
    assert m["items"][0]["who"]["bottom"] <= m["vh"], (m["items"][0], m["vh"])
    assert len(m["items"]) == 3
    for item in m["items"]:
        assert item["whoText"].startswith("Bei: ") and "-mal)" in item["whoText"], item
        assert item["who"]["right"] <= item["box"]["right"] + 1, item  # the names wrap inside the box
    # the concepts' table keeps to its own part: no cell runs into the worksheet tasks beside it
    outside = [c for c in m["cells"] if c["right"] > m["conceptsBox"]["right"] + 1 or _overlap(c, m["tasks"])]
    assert not outside, (len(outside), outside[:3], m["conceptsBox"], m["tasks"])
    if size.endswith("touch"):
        assert m["coarse"]
        small = [x for x in m["buttons"] if x["w"] < 44 or x["h"] < 44]
        assert not small, small


# the same lesson as an old record file labels it: each table by its join code ("Tisch K7P21" ...)
OLD_LABELS = LESSON + "\nfor s in sessions:\n    s['table'] = s['table'] and 'Tisch K7P2' + s['table'][-1]"
PRIVATE = [OLD_LABELS, "import chemgames\nchemgames.report(events=events, sessions=sessions, lang='de')"]
CODES = [f"K7P2{i}" for i in range(1, 7)]

# the whole report as the page has it (text and attributes), the switch and the focus, in one step
NAMES_READ = """() => { const rp = document.querySelector('.cg-rp'), sw = rp.querySelector('.cg-rp-names');
  return {html: rp.outerHTML, shown: rp.dataset.names, button: sw.textContent, pressed: sw.getAttribute('aria-pressed'),
    focused: document.activeElement === sw, who: rp.querySelector('.cg-rp-who').textContent,
    summary: rp.querySelector('.cg-rp-header .cg-muted').textContent}; }"""


def _names_in(html: str) -> set[str]:
    from chemgames.record.simulate import NAMES

    return {n for n in NAMES if re.search(rf"(?<!\w){n}(?!\w)", html)}


def test_names_hidden_on_the_projector_until_shown_and_no_join_code(browser, lab):
    """Opened, the report names nobody (placeholders; no name in the page's text or attributes) and
    no table by its join code; the switch, pressed from the keyboard, shows the names, and pressed
    again removes them from the page."""
    name = lab.write_notebook("bericht_beamer.ipynb", PRIVATE)
    with opened(browser, lab, name, ready=".cg-rp .cg-rp-who") as page:
        hidden = page.evaluate(NAMES_READ)
        page.locator(".cg-rp .cg-rp-names").focus()
        page.keyboard.press("Enter")
        page.wait_for_function("document.querySelector('.cg-rp')?.dataset.names === 'true'"
                               " && !!document.querySelector('.cg-rp .cg-rp-who')")
        shown = page.evaluate(NAMES_READ)
        page.keyboard.press("Space")  # the focus stayed on the switch through the redraw
        page.wait_for_function("document.querySelector('.cg-rp')?.dataset.names === 'false'"
                               " && !!document.querySelector('.cg-rp .cg-rp-who')")
        again = page.evaluate(NAMES_READ)
    assert hidden["shown"] == "false" and hidden["button"] == "Namen zeigen" and hidden["pressed"] == "false", hidden["button"]
    assert _names_in(hidden["html"]) == set(), _names_in(hidden["html"])
    assert hidden["who"].startswith("Bei: Schüler·in "), hidden["who"]
    assert shown["button"] == "Namen ausblenden" and shown["pressed"] == "true" and shown["focused"]
    assert len(_names_in(shown["html"])) >= 20 and "Schüler·in" not in shown["who"], shown["who"]
    assert again["shown"] == "false" and _names_in(again["html"]) == set() and again["focused"]
    for read in (hidden, shown, again):
        assert not [c for c in CODES if c in read["html"]]
        assert "6 Tische" in read["summary"] and re.search(r"Tisch [1-6]\b", read["html"])


# every column of the students' grids against its own scroll box, and the cell texts against their cells
GRID = """() => [...document.querySelectorAll('.cg-rp .cg-rp-scroll')].map((s) => {
  const box = s.getBoundingClientRect();
  const heads = [...s.querySelectorAll('thead th')].map((th) => ({text: th.textContent, right: th.getBoundingClientRect().right}));
  // a header's words against its own cell: a word wider than its column ran into the next one
  const spill = [...s.querySelectorAll('thead th')].filter((th) => {
    const b = th.getBoundingClientRect(), r = document.createRange(); r.selectNodeContents(th);
    return [...r.getClientRects()].some((q) => q.width > 0 && (q.right > b.right + 0.5 || q.left < b.left - 0.5));
  }).map((th) => th.textContent);
  return {caption: s.querySelector('caption').textContent, scroll: s.scrollWidth, client: s.clientWidth, right: box.right,
    hidden: heads.filter((x) => x.right > box.right + 1).map((x) => x.text), spill};
})"""


def test_the_students_grids_show_every_column_on_the_projector(browser, lab):
    """At 1280×720 with the file browser open (as a notebook opens), the Chemie-Kartenspiel's grid of a
    class that met eight of its concepts ran past its box: "Tipps/Bot" showed as "Tipps" and only
    a sideways scroll, which nobody does at a projector, reached the last column."""
    name = lab.write_notebook("bericht_raster.ipynb", CELLS)
    with opened(browser, lab, name, ready=".cg-rp .cg-rp-scroll") as page:
        page.evaluate("document.querySelector('.cg-rp-groups').scrollIntoView({block: 'start'})")
        settled(page, ".cg-rp")
        grids = page.evaluate(GRID)
        sidebar = page.evaluate("document.querySelector('#jp-left-stack')?.offsetWidth || 0")
        shoot(page, "report_grid_1280x720.png")
    assert sidebar > 150, "the file browser is not open as a notebook opens"
    assert len(grids) >= 2 and any(g["caption"] == "Das Chemie-Kartenspiel" for g in grids), grids
    for g in grids:
        assert g["scroll"] <= g["client"] + 1 and not g["hidden"] and not g["spill"], g


def test_the_report_before_any_class_says_so_once_and_calmly(browser, lab):
    """The teacher notebooks end with ``chemgames.report()``; run before the first class (no record
    anywhere near) the report said "Noch nichts aufgezeichnet." and, below it in red as an alert,
    "Keine Aufzeichnung gefunden: …": two messages for one fact, the second as if something broke.
    Now one note, a status, in the report's own colours."""
    (lab.root / "a" / "b" / "c" / "d").mkdir(parents=True, exist_ok=True)  # no record in it nor three folders up
    name = lab.write_notebook("a/b/c/d/bericht_leer.ipynb", ["import chemgames\nchemgames.report()"])
    with opened(browser, lab, name, ready=".cg-rp") as page:
        seen = page.evaluate("""() => { const rp = document.querySelector('.cg-rp');
            const ps = [...rp.querySelectorAll(':scope > p')];
            return {texts: ps.map((p) => p.innerText), roles: ps.map((p) => p.getAttribute('role')),
                    colours: ps.map((p) => getComputedStyle(p).color), fg: getComputedStyle(rp).color}; }""")
        shoot(page, "report_no_record.png")
    assert len(seen["texts"]) == 1 and seen["texts"][0].startswith("Keine Aufzeichnung gefunden"), seen
    assert "drei Ordnern" in seen["texts"][0] and "hand_in()" in seen["texts"][0], seen
    assert seen["roles"] == ["status"] and seen["colours"] == [seen["fg"]], seen


# a Chromino game still in play: Ida lays a tile over the last one laid (refused) after two moves each
IN_PLAY = ("import chemgames\nfrom chemgames.record.events import Recorder\n"
           "events, sessions = [], []\nrec = Recorder(events.append, sessions.append, lesson='7b')\n"
           "g = chemgames.new_game('chromino', players=2, seed=3, lang='de')\n"
           "s = rec.session(g, ['Ida', 'Emil'], table='Tisch 1')\nlast = None\n"
           "for _ in range(6):\n"
           "    if g.current_player == 0 and last is not None:\n"
           "        a = g.action_from_json({'game': 'chromino', 'player': 0, 'kind': 'place', 'params': "
           "{'tile': g.view(0)['hand'][0]['id'], 'x': last['x'], 'y': last['y'], 'rot': last['rot']}})\n"
           "        rec.action(s, a, g.check(a), at=len(g.log))\n"
           "    legal = g.legal_actions()\n    m = next((x for x in legal if x.kind == 'place'), legal[0])\n"
           "    rec.action(s, m, g.apply(m), at=len(g.log) - 1)\n    last = dict(m.params) if m.kind == 'place' else last\n"
           "hand = [t['colours'] for t in g.view(0)['hand']]")

REPLAY_READ = """() => { const r = document.querySelector('.cg-rp-replay'); const note = r && r.querySelector('.cg-rp-hand-hidden');
  const box = note && note.getBoundingClientRect();
  return {open: !!r, state: r ? [...r.querySelectorAll('.cg-rp-state li')].map((x) => x.textContent) : [],
    note: note ? note.textContent : '', seen: !!box && box.bottom <= innerHeight && box.top >= 0, names: document.querySelector('.cg-rp').dataset.names}; }"""


def test_a_replayed_moment_on_the_projector_hides_the_hand_of_a_game_in_play(browser, lab):
    """On the projector (names hidden) the replayed refusal of a game that has not ended shows no hand
    (its cards may still be in play at the table) and says why, in sight; with the names shown (the
    teacher's own screen) the hand is there."""
    name = lab.write_notebook("bericht_hand.ipynb", [IN_PLAY, "chemgames.report(events=events, sessions=sessions, lang='de')"])
    with opened(browser, lab, name, ready=".cg-rp .cg-rp-example") as page:
        page.locator(".cg-rp-example").first.click()
        page.wait_for_function("!!document.querySelector('.cg-rp-replay .cg-rp-hand-hidden')")
        shoot(page, "report_hand_hidden_1280x720.png", top=".cg-rp-replay", still=".cg-rp")
        hidden = page.evaluate(REPLAY_READ)
        page.locator(".cg-rp-names").click()
        page.wait_for_function("document.querySelector('.cg-rp').dataset.names === 'true' && !document.querySelector('.cg-rp-replay')")
        page.locator(".cg-rp-example").first.click()
        page.wait_for_function("!!document.querySelector('.cg-rp-replay .cg-rp-state li')")
        shown = page.evaluate(REPLAY_READ)
    assert hidden["open"] and not hidden["state"] and hidden["seen"], hidden
    assert hidden["note"].startswith("Die Hand ist verdeckt (Beamer)"), hidden
    assert shown["names"] == "true" and not shown["note"] and len(shown["state"]) == 1, shown
    assert re.fullmatch(r"(?:[●▲■◆★](?:Rot|Gelb|Grün|Blau|Violett)-?){3}(?: · (?:[●▲■◆★](?:Rot|Gelb|Grün|Blau|Violett)-?){3})*",
                        shown["state"][0]), shown
