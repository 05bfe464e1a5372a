"""A class table in real browsers: a real ``chemgames serve`` (SQLite in a temporary folder), one
JupyterLab, and three Chromium contexts: two students, each running ``chemgames.join(code, ...)``
in a notebook of their own (their own kernel, their own seat file), play moves by clicking; each
page shows only its own hand (the DOM is checked against the engine's view of the other seat, from
the teacher's save); the third context is the teacher's dashboard: the join code, whose turn, and
the projector (spectator) view of the table. Screenshots: ``test-artifacts/tables_student1.png``,
``tables_student2.png``, ``tables_dashboard.png``.
"""
from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

import chemgames  # noqa: E402
import chemgames.tables as tables  # noqa: E402
from chemgames.server.students import ServerProcess  # noqa: E402

from .conftest import ARTIFACTS  # noqa: E402
from .lab import axe_missing, axe_violations, format_violations, open_and_run, settled  # noqa: E402

pytestmark = pytest.mark.browser
KEY = "teacher-key-for-the-browser-test"


@pytest.fixture
def table_server(tmp_path):
    srv = ServerProcess(f"sqlite:///{tmp_path}/tables.db", KEY, log=str(tmp_path / "server.log"))
    yield srv
    srv.stop()


def engine(server: ServerProcess, table_id: str):
    return chemgames.load_game(tables.request("GET", f"{server.base}/api/tables/{table_id}/save", key=KEY)["save"])


def hand_in_dom(page) -> set[int]:
    return {int(x) for x in page.eval_on_selector_all(".cg-chr-handtile", "els => els.map(e => e.dataset.tile)")}


def tiles_in_dom(page) -> set[int]:
    """Every tile id anywhere in the page's widget (hand, board, legal places)."""
    return {int(x) for x in page.eval_on_selector_all(".cg-root [data-tile]", "els => els.map(e => e.dataset.tile)")}


def click_a_move(root) -> None:
    """In the Chromino widget ``root``: choose a hand tile that has a legal place, show the legal
    places, click the first one (no tile fits: draw one)."""
    if root.locator("[data-key='legal'][aria-pressed='true']").count() == 0:
        root.locator("[data-key='legal']").click()
    for tile in root.locator(".cg-chr-handtile").all():
        tile.click()
        if root.locator(".cg-chr-legal").count():
            root.locator(".cg-chr-legal").first.dispatch_event("click")
            return
    root.locator("[data-key='draw']").click()


def play_one_move(page) -> None:
    root = page.locator(".cg-root").first
    before = int(root.get_attribute("data-version"))
    click_a_move(root)
    page.wait_for_function(f"Number(document.querySelector('.cg-root').dataset.version) > {before}")


def scroll_to(locator, tries: int = 5) -> None:
    """Scroll ``locator`` into view; the page re-lays out after a resize (the list may be drawn
    anew in between), so a detached element is looked up again."""
    for attempt in range(tries):
        try:
            locator.scroll_into_view_if_needed(timeout=5_000)
            return
        except Exception:  # noqa: BLE001 - detached or moving: find it again
            if attempt == tries - 1:
                raise
            locator.page.wait_for_timeout(300)


def measured(page, selector: str) -> tuple[float, dict[str, float]]:
    """The font size and the box of the element ``selector`` finds, read in one step in the page:
    the dashboard may draw a card anew between two of Playwright's calls, and an element measured
    after it left the page reads no size (NaN) and no box."""
    page.wait_for_selector(selector)
    got = page.evaluate("s => { const e = document.querySelector(s); if (!e) return null; const b = e.getBoundingClientRect();"
                        " return [parseFloat(getComputedStyle(e).fontSize), {x: b.x, y: b.y, width: b.width, height: b.height}]; }",
                        selector)
    assert got is not None, selector
    return got[0], got[1]


def dashboard_cells(server: ServerProcess, tmp_path) -> list[str]:
    """The teacher's cells: the key is in a file the notebook is told about, never in a cell."""
    key_file = tmp_path / "teacher-key"
    key_file.write_text(KEY)
    return [f"import os; os.environ['CHEMGAMES_KEY_FILE'] = {str(key_file)!r}",
            f"import chemgames.tables\nd = chemgames.tables.dashboard(server={server.base!r}, every=1)\nd"]


def test_two_students_at_one_table_and_the_teachers_dashboard(browser, lab, table_server, tmp_path):
    start = time.monotonic()
    table = tables.create("chromino", seats=2, server=table_server.base, teacher_key=KEY, seed=11, lang="de")[0]
    pages = []
    for n in (1, 2):
        name = lab.write_notebook(f"tables_student{n}.ipynb", [
            f"import os; os.environ['CHEMGAMES_SEATS'] = {str(tmp_path / f'seats{n}.json')!r}\nimport chemgames",
            f"game = chemgames.join({table.code!r}, name={'Ada' if n == 1 else 'Bob'!r}, server={table_server.base!r})\ngame"])
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.set_default_timeout(60_000)
        open_and_run(page, lab, name)
        pages.append(page)
    teacher = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    teacher.set_default_timeout(60_000)
    name = lab.write_notebook("tables_dashboard.ipynb", dashboard_cells(table_server, tmp_path))
    open_and_run(teacher, lab, name)
    try:
        for n, page in enumerate(pages):  # each page: "Tisch 1, Platz n" (the number, not the code), the other "an einem anderen Gerät"
            title = page.locator(".cg-root h2").first.inner_text()
            assert f"Tisch {table.number}, Platz {n + 1}" in title and table.code not in title, title
            assert "anderen Gerät" in page.locator(".cg-root .cg-players").inner_text()
            assert page.locator("[data-key='hint']:visible, [data-key='new_game']:visible, .cg-bots:visible").count() == 0
        moves = 0
        for _ in range(4):
            g = engine(table_server, table.id)
            for seat, page in enumerate(pages):
                own = {t["id"] for t in g.view(seat)["hand"]}
                other = {t["id"] for t in g.view(1 - seat)["hand"]}
                page.wait_for_function(f"document.querySelectorAll('.cg-chr-handtile').length === {len(own)}")
                assert hand_in_dom(page) == own
                assert not tiles_in_dom(page) & other, "another student's tile is in this page"
            mover = pages[g.current_player]
            waiter = pages[1 - g.current_player]
            before = int(waiter.locator(".cg-root").first.get_attribute("data-version"))
            play_one_move(mover)
            waiter.wait_for_function(f"Number(document.querySelector('.cg-root').dataset.version) > {before}")
            moves += 1
        g = engine(table_server, table.id)
        assert len(g.log) >= moves
        # the dashboard: the code, both seats connected, whose turn; then the projector view
        card = teacher.locator(f".cg-tb-card[data-code='{table.code}']")
        teacher.wait_for_function(
            f"document.querySelector(\".cg-tb-card[data-code='{table.code}'] .cg-tb-game\").innerText.includes('{g.turns_completed} Z')")
        assert card.locator(".cg-tb-game").inner_text().startswith("Chromino")  # the game's name, not its id
        assert card.locator(".cg-tb-code").inner_text() == table.code
        assert card.locator(".cg-tb-seat[data-state='present']").count() == 2
        assert card.locator(".cg-tb-seat.cg-current").get_attribute("data-seat") == str(g.current_player)
        # the code reads from the back of the room: large letters, in the window at the projector's 1280x720
        teacher.set_viewport_size({"width": 1280, "height": 720})
        code = card.locator(".cg-tb-code")
        scroll_to(code)
        size, box = measured(teacher, f".cg-tb-card[data-code='{table.code}'] .cg-tb-code")
        assert size >= 40
        assert box["y"] >= 0 and box["y"] + box["height"] <= 720 and box["x"] + box["width"] <= 1280, box
        teacher.set_viewport_size({"width": 1280, "height": 900})
        # "Watch" by keyboard: the button takes the focus, Enter opens the projector view
        card.locator(f"[data-key='watch:{table.id}']").focus()
        teacher.keyboard.press("Enter")
        teacher.wait_for_selector(".cg-root:not(.cg-tb) .cg-chr-svg")
        spectator = teacher.locator(".cg-root:not(.cg-tb)").first
        # the projector's view is titled by the table's number (the dashboard's card, the report), and
        # shows the join code nowhere: not as its title, not in its notice
        seen = spectator.evaluate("r => [r.querySelector('h2').innerText, r.innerText]")
        assert f"Tisch {table.number}, Zuschauer" in seen[0] and table.code not in seen[1], seen
        # the dashboard brings the projector view into sight (on its next frame; JupyterLab may
        # still move the cells then): wait for the heading to be in the window and stay there
        in_sight = ("() => { const h = document.querySelector('.cg-root:not(.cg-tb) h2'); if (!h) return false;"
                    " const r = h.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }")
        teacher.wait_for_function(in_sight, timeout=30_000)
        settled(teacher, ".cg-root:not(.cg-tb) h2")
        heading = spectator.locator("h2").first.bounding_box()
        assert heading and 0 <= heading["y"] and heading["y"] + heading["height"] <= 900, heading  # not below the fold
        assert spectator.locator(".cg-chr-handtile").count() == 0
        # a spectator has no hand: the box says the hands are hidden, and no heading says "your hand"
        assert "Deine Hand" not in spectator.inner_text() and spectator.locator(".cg-hidden-hand").count() == 1
        hands = {t["id"] for p in range(2) for t in g.view(p)["hand"]}
        assert not {int(x) for x in spectator.evaluate("r => [...r.querySelectorAll('[data-tile]')].map(e => e.dataset.tile)")} & hands
        ARTIFACTS.mkdir(exist_ok=True)
        for n, page in enumerate(pages, start=1):
            page.screenshot(path=str(ARTIFACTS / f"tables_student{n}.png"), full_page=True)
        teacher.screenshot(path=str(ARTIFACTS / "tables_dashboard.png"), full_page=True)
        # how long it took is printed, not asserted: at load 8 and more three JupyterLab notebooks
        # and four moves took longer than a fixed limit, and the steps' own timeouts catch a hang
        print(f"two students and a dashboard: {time.monotonic() - start:.0f} s")
    finally:
        for page in [*pages, teacher]:
            page.context.close()


def test_the_dashboard_names_students_shows_a_released_seat_and_a_table_set_aside(browser, lab, tmp_path):
    """Names per seat, a seat the teacher released, a table whose stored moves no longer replay:
    screenshots ``tables_dashboard_names.png`` (1280x720) and ``tables_dashboard_names_tablet.png``."""
    import sqlite3

    from chemgames.server.students import claim_seat

    store = tmp_path / "tables.db"
    srv = ServerProcess(f"sqlite:///{store}", KEY, log=str(tmp_path / "first.log"))
    try:
        good = tables.create("chemix", seats=3, server=srv.base, teacher_key=KEY, seed=21)[0]
        bad = tables.create("chromino", seats=2, bots=["greedy", None], server=srv.base, teacher_key=KEY, seed=22)[0]
        for name in ("Ada", "Bob", "Cem"):
            claim_seat(srv.base, good.code, name=name)
        claim_seat(srv.base, bad.code, name="Dana")
        tables.control(good.id, "release", 1, server=srv.base, teacher_key=KEY)  # Bob's seat is free again (held for him)
        this_lesson = next(t["lesson"] for t in tables.overview(srv.base, KEY) if t["id"] == bad.id)
    finally:
        srv.stop()
    with sqlite3.connect(store) as db:  # an edited row: the bot's first move is no longer legal
        db.execute("UPDATE actions SET action=? WHERE table_id=? AND n=0",
                   (json.dumps({"game": "chromino", "player": 0, "kind": "place", "params": {"x": 999}}), bad.id))
        # and the first table was set up in an earlier lesson (a week before): its card says the day
        # beside its number, apart from a "Tisch 1" of this lesson (numbers count per lesson), and
        # comes after this lesson's cards
        data = json.loads(db.execute("SELECT data FROM tables WHERE id=?", (good.id,)).fetchone()[0])
        assert data["lesson"] == this_lesson
        data["lesson"] = "2026-11-21"
        # Bob's released seat is held for him (a minute after the release: here for the test's hour)
        assert data["seats"][1]["held"] == "Bob"
        data["seats"][1]["held_until"] = time.time() + 3600
        db.execute("UPDATE tables SET data=? WHERE id=?", (json.dumps(data), good.id))
        # and the second was last week's Tisch 7, renumbered when a student came back to it today
        data = json.loads(db.execute("SELECT data FROM tables WHERE id=?", (bad.id,)).fetchone()[0])
        data["was"] = 7
        db.execute("UPDATE tables SET data=? WHERE id=?", (json.dumps(data), bad.id))
    srv = ServerProcess(f"sqlite:///{store}", KEY, log=str(tmp_path / "again.log"))
    teacher = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    teacher.set_default_timeout(60_000)
    try:
        name = lab.write_notebook("tables_dashboard_names.ipynb", dashboard_cells(srv, tmp_path))
        open_and_run(teacher, lab, name)
        card = teacher.locator(f".cg-tb-card[data-code='{good.code}']")
        card.wait_for()
        # each table's number in the class beside its code, the one the class report names it by:
        # waited on itself, then every figure read in one step (a card may be drawn anew in between)
        given = {t["code"]: t["number"] for t in tables.overview(srv.base, KEY)}
        assert given == {good.code: 1, bad.code: 2}
        teacher.wait_for_function("n => document.querySelectorAll('.cg-tb-card .cg-tb-number').length === n", arg=len(given))
        heads = teacher.evaluate("""() => [...document.querySelectorAll('.cg-tb-card')].map(c => {
            const n = c.querySelector('.cg-tb-number'), k = c.querySelector('.cg-tb-code');
            const a = n.getBoundingClientRect(), b = k.getBoundingClientRect();
            return {code: c.dataset.code, number: n.textContent, shown: k.textContent, label: c.getAttribute('aria-label'),
                    beside: a.right <= b.left && a.bottom > b.top && a.top < b.bottom}; })""")
        # the earlier lesson's table with its day; the renumbered one with its number before
        said = {good.code: "Tisch 1 (21.11.)", bad.code: "Tisch 2 (vorher 7)"}
        assert {h["code"]: h["number"] for h in heads} == said, heads
        assert [h["code"] for h in heads] == [bad.code, good.code], heads  # this lesson's card first
        assert all(h["shown"] == h["code"] and h["beside"] and h["label"].startswith(f"{h['number']} (Code {h['code']})")
                   for h in heads), heads
        seats = [s.inner_text() for s in card.locator(".cg-tb-seat").all()]
        assert "Ada" in seats[0] and "Cem" in seats[2] and "Bob" not in seats[0] + seats[2]
        assert "frei, eine Minute lang freigehalten für Bob" in seats[1], seats
        assert card.locator(".cg-tb-seat[data-state='empty']").get_attribute("data-seat") == "1"
        assert card.locator(".cg-tb-release").count() == 2  # a control for each student who sits there
        aside = teacher.locator(f".cg-tb-card[data-code='{bad.code}'] .cg-tb-aside")
        assert "Beiseitegestellt" in aside.inner_text() and "spielen weiter" in aside.inner_text()
        # why, from the catalogs: which stored move and the rules' own reason, no exception's class name
        assert "Zug Nr. 1" in aside.inner_text() and "Error" not in aside.inner_text() and "Illegal" not in aside.inner_text()
        assert teacher.locator(f".cg-tb-card[data-code='{bad.code}'] [data-key^='watch:']").count() == 0
        assert "teacher-key-for" not in teacher.content()  # the key is nowhere on the page
        if not axe_missing():  # the controls have names a screen reader tells apart
            found = axe_violations(teacher, ".cg-tb")
            assert not found, format_violations(found)
        names = teacher.evaluate("() => [...document.querySelectorAll('.cg-tb button, .cg-tb select')]"
                                 ".map(b => b.getAttribute('aria-label') || b.textContent.trim())")
        assert len(names) == len(set(names)), names
        # a change at one table draws its card anew; the other card stays the same element (a select
        # the teacher has open there stays open, a screen reader keeps its place)
        teacher.evaluate(f"() => {{ window.__kept = document.querySelector(\".cg-tb-card[data-code='{bad.code}']\");"
                         f" window.__changed = document.querySelector(\".cg-tb-card[data-code='{good.code}']\"); }}")
        tables.control(good.id, "lock", body={"locked": True}, server=srv.base, teacher_key=KEY)
        teacher.locator(f"[data-key='lock:{good.id}'][aria-pressed='true']").wait_for(timeout=30_000)
        assert teacher.evaluate(f"() => [window.__kept === document.querySelector(\".cg-tb-card[data-code='{bad.code}']\"),"
                                f" window.__changed === document.querySelector(\".cg-tb-card[data-code='{good.code}']\")]") == [True, False]
        tables.control(good.id, "lock", body={"locked": False}, server=srv.base, teacher_key=KEY)
        teacher.locator(f"[data-key='lock:{good.id}'][aria-pressed='false']").wait_for(timeout=30_000)
        ARTIFACTS.mkdir(exist_ok=True)
        for view, label in (({"width": 1280, "height": 720}, ""), ({"width": 1024, "height": 768}, "_tablet")):
            teacher.set_viewport_size(view)
            scroll_to(card)
            box = teacher.locator(f".cg-tb-card[data-code='{bad.code}']").bounding_box()
            assert box and box["x"] + box["width"] <= view["width"]
            # every control of a live table in its own box on the screen, "Spiel beenden" among them
            assert card.locator(f"[data-key='end:{good.id}']").inner_text() == "Spiel beenden"
            for control in card.locator("button, select").all():
                control.scroll_into_view_if_needed()
                own = control.bounding_box()
                assert own and own["width"] > 0 and own["height"] > 0, control.inner_text()
                assert 0 <= own["x"] and own["x"] + own["width"] <= view["width"], (view, control.inner_text(), own)
                assert 0 <= own["y"] and own["y"] + own["height"] <= view["height"], (view, control.inner_text(), own)
            faults = title_faults(teacher.evaluate(CARD_TITLES), said, label or "_projector")
            assert not faults, "\n".join(faults)
            teacher.screenshot(path=str(ARTIFACTS / f"tables_dashboard_names{label}.png"))
    finally:
        teacher.context.close()
        srv.stop()


TOUCH = {"viewport": {"width": 1024, "height": 768}, "has_touch": True, "is_mobile": False}
FINGER = 44  # CSS pixels: the least a control measures under a coarse pointer (widgets/shared/base.css)


def controls_on_screen(page, root, view: dict[str, int]) -> list[tuple[str, dict[str, float]]]:
    """Every button and select in ``root``, each measured in its own box after scrolling to it: on
    the screen, a finger wide and high, and no two overlapping (a tap hits one control)."""
    measured = []
    for control in root.locator("button, select").all():
        control.scroll_into_view_if_needed()
        own = control.bounding_box()
        key = control.get_attribute("data-key") or control.inner_text()
        assert own and own["width"] >= FINGER and own["height"] >= FINGER, (key, own)
        assert 0 <= own["x"] and own["x"] + own["width"] <= view["width"], (key, own)
        assert 0 <= own["y"] and own["y"] + own["height"] <= view["height"], (key, own)
        measured.append((key, own))
    # overlaps: every box in one snapshot (the same scroll position for all)
    boxes = root.evaluate("r => [...r.querySelectorAll('button, select')].map(e => { const b = e.getBoundingClientRect();"
                          " return [e.dataset.key || e.textContent, b.x, b.y, b.width, b.height]; })")
    for i, (a, ax, ay, aw, ah) in enumerate(boxes):
        for b, bx, by, bw, bh in boxes[i + 1:]:
            assert ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay, (a, b, (ax, ay, aw, ah), (bx, by, bw, bh))
    return measured


def test_the_dashboard_on_a_touch_tablet_every_control_a_finger_wide_and_tapped(browser, lab, table_server, tmp_path):
    """A teacher's tablet (1024x768, touch): every control of the dashboard in its own box, 44 px at
    least, apart from the others; lock, end, release, watch and the language are tapped (touch
    events, not a mouse's click) and the server or the page changes as the tap says. Screenshot
    ``tables_dashboard_touch.png``."""
    from chemgames.server.students import claim_seat

    table = tables.create("chemix", seats=3, server=table_server.base, teacher_key=KEY, seed=31)[0]
    for name in ("Ada", "Bob"):
        claim_seat(table_server.base, table.code, name=name)

    def row() -> dict:
        return next(t for t in tables.overview(server=table_server.base, teacher_key=KEY) if t["id"] == table.id)

    teacher = browser.new_context(**TOUCH).new_page()
    teacher.set_default_timeout(60_000)
    try:
        name = lab.write_notebook("tables_dashboard_touch.ipynb", dashboard_cells(table_server, tmp_path))
        open_and_run(teacher, lab, name)
        assert teacher.evaluate("() => matchMedia('(pointer: coarse)').matches")  # the tablet's pointer
        card = teacher.locator(f".cg-tb-card[data-table='{table.id}']")
        card.wait_for()
        dashboard = teacher.locator(".cg-tb").first
        measured = controls_on_screen(teacher, dashboard, TOUCH["viewport"])
        keys = {k for k, _ in measured}
        for wanted in (f"lock:{table.id}", f"end:{table.id}", f"code:{table.id}", f"watch:{table.id}",
                       f"release:{table.id}:0", f"move:{table.id}:1", "refresh", "lang:en"):
            assert wanted in keys, (wanted, keys)

        def tap(key: str, then: str) -> None:
            control = teacher.locator(f".cg-tb [data-key='{key}']")
            control.scroll_into_view_if_needed()
            control.tap()
            teacher.wait_for_function(then, timeout=30_000)

        pressed = "document.querySelector(\".cg-tb [data-key='{}']\")?.getAttribute('aria-pressed') === '{}'"
        tap(f"lock:{table.id}", pressed.format(f"lock:{table.id}", "true"))
        assert row()["locked"] is True
        tap(f"lock:{table.id}", pressed.format(f"lock:{table.id}", "false"))
        assert row()["locked"] is False
        tap(f"end:{table.id}", pressed.format(f"end:{table.id}", "true"))
        assert row()["ended"] is True and "Weiterspielen" in card.locator(f"[data-key='end:{table.id}']").inner_text()
        tap(f"end:{table.id}", pressed.format(f"end:{table.id}", "false"))
        assert row()["ended"] is False
        tap(f"release:{table.id}:1", f"document.querySelector(\".cg-tb-card[data-table='{table.id}'] "
                                     ".cg-tb-seat[data-seat='1']\")?.dataset.state === 'empty'")
        assert [s.get("name") for s in row()["seats"]][:2] == ["Ada", None]
        tap(f"watch:{table.id}", "!!document.querySelector('.cg-root:not(.cg-tb) h2')")
        assert "Zuschauer" in teacher.locator(".cg-root:not(.cg-tb) h2").first.inner_text()
        tap("lang:en", "document.querySelector('.cg-tb')?.getAttribute('lang') === 'en'")
        assert card.locator(f"[data-key='lock:{table.id}']").inner_text() == "Lock table"
        controls_on_screen(teacher, dashboard, TOUCH["viewport"])  # in English too (longer words), watching
        ARTIFACTS.mkdir(exist_ok=True)
        card.scroll_into_view_if_needed()
        teacher.screenshot(path=str(ARTIFACTS / "tables_dashboard_touch.png"))
    finally:
        teacher.context.close()


# Names as wide as 24 code points make them. U+1671, a Canadian syllabic (Inuktitut), is the widest
# letter or digit this machine's Chromium draws in the dashboard's bold sans (measured over U+0020 to
# U+2FFFF): 24 of them are 774 px at 16 px, with no place to break the line. 24 "W"; U+FDFD, one wide
# ligature glyph in a font that has it (a box here: no bold font has it); a right-to-left name that
# starts and ends with digits and brackets. The name's width is bounded by the dashboard's styles,
# whatever the fonts, so the widest one here stands for the wider ones elsewhere.
WIDE_NAMES = ("\u1671" * 24, "W" * 24, "\uFDFD" * 24,
              "(2) \u05E9\u05E8\u05D4-\u05DC\u05D0\u05D4 \u05D1\u05EA \u05D0\u05D1\u05E8\u05D4\u05DD (1)")
# every seat's controls (release, move), measured in one step: each scrolled into the middle of the
# window vertically (the notebook's own scroller, never sideways), then its box, what a tap at its
# middle hits and how far any parent of it is scrolled sideways; its card's box, its name's pieces
RELEASE_BOXES = """code => {
  const card = document.querySelector(`.cg-tb-card[data-code='${code}']`);
  const scroller = (e) => { for (let p = e.parentElement; p; p = p.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(p).overflowY) && p.scrollHeight > p.clientHeight) return p; }
    return document.scrollingElement; };
  const edges = (r) => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom});
  const box = (e) => edges(e.getBoundingClientRect());
  const measure = (control) => {
    const first = control.getBoundingClientRect();
    scroller(control).scrollTop += first.top - (innerHeight - first.height) / 2;
    const r = control.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    let sideways = 0;
    for (let p = control; p; p = p.parentElement) sideways += p.scrollLeft;
    const name = control.closest('.cg-tb-seat').querySelector('.cg-tb-name');
    return {key: control.dataset.key, box: box(control), hit: !!hit && control.contains(hit), sideways,
            card: box(card), name: [...name.getClientRects()].map(edges)};  // each line's piece of it: a name may wrap
  };
  return [...card.querySelectorAll('.cg-tb-seat')].filter((s) => s.querySelector('.cg-tb-release')).map((seat) => {
    const release = seat.querySelector('.cg-tb-release'), name = seat.querySelector('.cg-tb-name');
    return {seat: seat.dataset.seat, text: name.textContent, title: name.getAttribute('title'),
            label: release.getAttribute('aria-label'), view: [innerWidth, innerHeight],
            controls: [...seat.querySelectorAll('.cg-tb-controls > button, .cg-tb-controls > select')].map(measure)};
  });
}"""


# Every card's title ("Tisch 2 · K7P2X"): each card's head scrolled to the middle of the notebook's
# scroller, then the pieces of the number's, the separator's and the code's text (a Range each: one
# rectangle a line), the card and the window, read in this one step; and what a tap hits at each
# piece's middle and near its four corners (a piece cut by a clipping ancestor, or covered, is not
# hit there: the visible box, whatever clips it); also the dashboard's "move to" choices.
CARD_TITLES = """() => {
  const edges = (r) => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom});
  const scroller = (e) => { for (let p = e.parentElement; p; p = p.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(p).overflowY) && p.scrollHeight > p.clientHeight) return p; }
    return document.scrollingElement; };
  const pieces = (e) => { if (!e) return []; const r = document.createRange(); r.selectNodeContents(e);
    return [...r.getClientRects()].filter((b) => b.width > 0).map((b) => {
      const spots = [[(b.left + b.right) / 2, (b.top + b.bottom) / 2], [b.left + 2, b.top + 2], [b.right - 2, b.top + 2],
                     [b.left + 2, b.bottom - 2], [b.right - 2, b.bottom - 2]];
      return {...edges(b), hit: spots.map(([x, y]) => { const at = document.elementFromPoint(x, y); return !!at && e.contains(at); })};
    }); };
  return [...document.querySelectorAll('.cg-tb-card')].map((card) => {
    const head = card.querySelector('.cg-tb-head'), number = card.querySelector('.cg-tb-number'),
          sep = card.querySelector('.cg-tb-sep'), code = card.querySelector('.cg-tb-code');
    const first = head.getBoundingClientRect();
    scroller(head).scrollTop += first.top - (innerHeight - first.height) / 2;
    return {code: card.dataset.code, number: number && number.textContent, shown: code.textContent,
            pieces: {number: pieces(number), sep: pieces(sep), code: pieces(code)}, card: edges(card.getBoundingClientRect()),
            head: {scroll: head.scrollWidth, client: head.clientWidth}, view: [innerWidth, innerHeight],
            moves: [...card.querySelectorAll('.cg-tb-move option')].filter((o) => o.value).map((o) => o.textContent)};
  });
}"""


def title_faults(found: list[dict], titles: dict[str, str], where: str) -> list[str]:
    """What is wrong with the cards' titles as ``CARD_TITLES`` measured them: each card titled as
    ``titles`` says ("Tisch n", the server's number) beside its code, each of the two on one line, every piece of
    their text inside the card and the window and hit by a tap at its middle and near each corner
    (visible, not cut, not covered); the "move to" choices name tables by their numbers, never by a code."""
    faults, inside = [], lambda a, b: (a["left"] >= b["left"] - 0.5 and a["right"] <= b["right"] + 0.5
                                       and a["top"] >= b["top"] - 0.5 and a["bottom"] <= b["bottom"] + 0.5)
    assert sorted(f["code"] for f in found) == sorted(titles), (found, titles)
    for f in found:
        w, h = f["view"]
        window = {"left": 0, "top": 0, "right": w, "bottom": h}
        said = f"{where} card {f['code']}"
        if f["number"] != titles[f["code"]] or f["shown"] != f["code"]:
            faults.append(f"{said}: titled {f['number']!r} · {f['shown']!r}")
        for part in ("number", "code"):
            if len(f["pieces"][part]) != 1:
                faults.append(f"{said}: the {part} is not on one line: {f['pieces'][part]}")
        for part, boxes in f["pieces"].items():
            for b in boxes:
                for name, outer in (("card", f["card"]), ("window", window)):
                    if not inside(b, outer):
                        faults.append(f"{said}: a piece of the {part} ({b}) is outside the {name} ({outer})")
                if not all(b["hit"]):
                    faults.append(f"{said}: a piece of the {part} is not all visible (hit at middle, corners: {b['hit']})")
        if f["head"]["scroll"] > f["head"]["client"] + 1:
            faults.append(f"{said}: the title overflows its line ({f['head']})")
        for choice in f["moves"]:
            if not choice.startswith("Tisch ") or any(code in choice for code in titles):
                faults.append(f"{said}: a move choice names no table number: {choice!r}")
    return faults


def release_faults(found: list[dict], names: tuple[str, ...]) -> list[str]:
    """What is wrong with the measured seats (``RELEASE_BOXES``): each seat's release button and move
    list inside the window and inside its card, hit by a tap at its middle, clear of its name; each
    name drawn inside its card (cut short there if need be), whole in the page and for the teacher to
    read in full (its title, the release button's accessible name)."""
    faults = []
    assert len(found) == len(names), found
    for f, name in zip(found, names):
        assert name in f["text"], (name, f)  # the name as it was given, whole, in the page
        assert [c["key"].split(":")[0] for c in f["controls"]] == ["release", "move"], f
        w, h = f["view"]
        for ok, what in ((f["title"] == name, "no title with the name"), (name in (f["label"] or ""), "name not in its label")):
            if not ok:
                faults.append(f"seat {f['seat']} ({name[:3]}…): {what}")
        for control in f["controls"]:
            r, c, n = control["box"], control["card"], control["name"]
            inside = 0 <= r["left"] and r["right"] <= w and 0 <= r["top"] and r["bottom"] <= h
            in_card = c["left"] <= r["left"] and r["right"] <= c["right"] and c["top"] <= r["top"] and r["bottom"] <= c["bottom"]
            apart = all(p["right"] <= r["left"] or r["right"] <= p["left"] or p["bottom"] <= r["top"] or r["bottom"] <= p["top"] for p in n)
            name_in_card = all(c["left"] <= p["left"] and p["right"] <= c["right"] for p in n)
            for ok, what in ((inside, "outside the window"), (in_card, "outside its card"), (control["hit"], "a tap misses it"),
                             (apart, "under the name"), (name_in_card, "name past its card"),
                             (control["sideways"] == 0, "scrolled sideways")):
                if not ok:
                    faults.append(f"seat {f['seat']} ({name[:3]}…) {control['key']}: {what}: {r}, card {c}, name {n}, window {w}x{h}")
    return faults


# the first seat's name, its text and each line's piece of the text (a Range over it: glyphs cut
# off by the ellipsis still have their boxes), with the card and the window, in one step
NAME_SHOWN = """code => {
  const card = document.querySelector(`.cg-tb-card[data-code='${code}']`);
  const name = card && card.querySelector(".cg-tb-seat[data-seat='0'] .cg-tb-name");
  if (!name) return null;
  const text = name.querySelector('bdi');
  const edges = (r) => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom});
  const range = document.createRange(); range.selectNodeContents(text);
  return {expanded: name.getAttribute('aria-expanded'), tag: name.tagName, card: edges(card.getBoundingClientRect()),
          button: edges(name.getBoundingClientRect()), text: edges(text.getBoundingClientRect()),
          lines: [...range.getClientRects()].map(edges), cut: text.scrollWidth > text.clientWidth,
          focused: document.activeElement === name, view: [innerWidth, innerHeight]};
}"""
# the condition itself, waited on: the first seat's name open (or closed) and drawn cut (or whole)
NAME_IS = """([code, open, cut]) => { const n = document.querySelector(`.cg-tb-card[data-code='${code}'] .cg-tb-seat[data-seat='0'] .cg-tb-name`);
  const b = n && n.querySelector('bdi');
  return !!b && n.getAttribute('aria-expanded') === String(open) && (b.scrollWidth > b.clientWidth) === cut; }"""


def name_faults(got: dict, label: str) -> list[str]:
    """The name shown whole (``NAME_SHOWN``): nothing cut, every line's piece inside its text's box,
    the card and the window."""
    faults = []
    c, t, w = got["card"], got["text"], got["view"][0]
    for line in got["lines"]:
        for ok, what in ((t["left"] - 0.5 <= line["left"] and line["right"] <= t["right"] + 0.5, "past its own box (cut)"),
                         (c["left"] <= line["left"] and line["right"] <= c["right"], "past its card"),
                         (0 <= line["left"] and line["right"] <= w, "past the window")):
            if not ok:
                faults.append(f"{label}: a line of the name shown whole is {what}: {line}, text {t}, card {c}")
    if got["cut"]:
        faults.append(f"{label}: the name is still cut: {got}")
    return faults


def test_wide_and_right_to_left_names_leave_every_release_button_in_its_card_on_the_screen(browser, lab, table_server, tmp_path):
    """Four students with the widest names 24 code points make: at the projector's 1280x720 and on a
    touch tablet's 1024x768 every seat's release button and move list is in its card, in the window,
    apart from the name, and the teacher can read each name whole (title, the button's name). A tablet
    shows no title: a tap on the cut name (a click, with a mouse) shows it whole inside its card, still
    after the list is drawn anew, with every control still in its card and apart from it; Enter cuts it
    again. Screenshots ``tables_dashboard_wide_names.png``, ``tables_dashboard_wide_names_tablet.png``
    and ``…_shown.png`` with the name shown whole."""
    from chemgames.server.client import TableError
    from chemgames.server.students import claim_seat

    table = tables.create("chemix", seats=4, server=table_server.base, teacher_key=KEY, seed=41)[0]
    other = tables.create("chemix", seats=3, server=table_server.base, teacher_key=KEY, seed=42)[0]  # free seats: a move list each
    with pytest.raises(TableError) as refused:  # a bidi override is no name: the server refuses it
        claim_seat(table_server.base, table.code, name="\u202EAda")
    assert refused.value.code == "bad_name"
    for name in WIDE_NAMES:
        assert len(name) == 24
        claim_seat(table_server.base, table.code, name=name)
    numbers = {t["code"]: t["number"] for t in tables.overview(table_server.base, KEY)}
    assert numbers == {table.code: 1, other.code: 2}, numbers
    faults, cut_before = [], {}
    for n, (label, context) in enumerate((("", {"viewport": {"width": 1280, "height": 720}}), ("_tablet", TOUCH))):
        teacher = browser.new_context(**context).new_page()
        teacher.set_default_timeout(60_000)
        try:
            notebook = lab.write_notebook(f"tables_dashboard_wide{label}.ipynb", dashboard_cells(table_server, tmp_path))
            open_and_run(teacher, lab, notebook)
            teacher.wait_for_function(f"document.querySelectorAll(\".cg-tb-card[data-code='{table.code}'] .cg-tb-release\").length === 4")
            faults += release_faults(teacher.evaluate(RELEASE_BOXES, table.code), WIDE_NAMES)
            # every card's title, its number measured on the projector and on the tablet (touch)
            teacher.wait_for_function("n => document.querySelectorAll('.cg-tb-card .cg-tb-number').length === n", arg=2)
            faults += title_faults(teacher.evaluate(CARD_TITLES), {c: f"Tisch {n}" for c, n in numbers.items()},
                                   label or "_projector")
            ARTIFACTS.mkdir(exist_ok=True)
            seats = teacher.locator(f".cg-tb-card[data-code='{table.code}'] .cg-tb-seats")
            seats.scroll_into_view_if_needed()
            teacher.screenshot(path=str(ARTIFACTS / f"tables_dashboard_wide_names{label}.png"))
            before = teacher.evaluate(NAME_SHOWN, table.code)
            assert before["tag"] == "BUTTON" and before["expanded"] == "false", before
            cut_before[label] = before["cut"]
            name = teacher.locator(f".cg-tb-card[data-code='{table.code}'] .cg-tb-seat[data-seat='0'] .cg-tb-name")
            name.tap() if context.get("has_touch") else name.click()
            teacher.wait_for_function(NAME_IS, arg=[table.code, True, False])
            # a student sits down at the other table: the list is drawn anew, the name stays shown whole
            claim_seat(table_server.base, other.code, name=f"Cem {n}")
            teacher.wait_for_function(f"[...document.querySelectorAll('.cg-tb-name')].some(e => e.textContent === 'Cem {n}')")
            teacher.wait_for_function(NAME_IS, arg=[table.code, True, False])
            shown = teacher.evaluate(NAME_SHOWN, table.code)
            faults += name_faults(shown, label or "_projector")
            faults += release_faults(teacher.evaluate(RELEASE_BOXES, table.code), WIDE_NAMES)
            seats.scroll_into_view_if_needed()
            teacher.screenshot(path=str(ARTIFACTS / f"tables_dashboard_wide_names{label}_shown.png"))
            name.focus()
            teacher.keyboard.press("Enter")  # the keyboard's way: cut again
            teacher.wait_for_function(NAME_IS, arg=[table.code, False, before["cut"]])  # as it was
        finally:
            teacher.context.close()
    assert cut_before["_tablet"], cut_before  # the widest name is cut on the tablet (what the tap is for)
    assert not faults, "\n".join(faults)
