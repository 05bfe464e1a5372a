"""Joining a class table from the JupyterLite site: Python runs in Pyodide (no threads, no sockets),
the browser carries the messages (``chemgames.tables_web``). A real ``chemgames serve`` (SQLite in a
temporary folder, the site's address allowed with ``$CHEMGAMES_ALLOW_ORIGINS``), a table of two
seats with a greedy bot; the student runs ``chemgames.join(code, server=...)`` in the site's
notebook (after a mistyped code, refused in one sentence that repeats it), gets the game's widget,
moves by clicking, sees the bot's answer, and the page holds none of the bot's tiles; the teacher's dashboard runs in the site too (list and projector view), the
teacher key typed where the notebook asks for it (a password field), never in a cell: it is
nowhere in the page or the saved notebook.
Screenshots: ``test-artifacts/tables_lite.png``, ``tables_lite_dashboard.png``."""
from __future__ import annotations

import time

import pytest

import chemgames
import chemgames.tables as tables
from browser.lab import bring_into_view, run_code, start_code
from browser.test_tables_browser import click_a_move
from chemgames.server.students import ServerProcess

from .conftest import ARTIFACTS
from .visit import GAME, browser_page, open_and_run, strays, wait_stored

pytestmark = [pytest.mark.lite, pytest.mark.xdist_group("lite")]
KEY = "teacher-key-for-the-lite-test"
TABLE = ".cg-root:has(h2:has-text('Tisch'))"
AT_TABLE = "[...document.querySelectorAll('.cg-root')].find(r => (r.querySelector('h2') || {}).innerText?.includes('Tisch'))"


def test_a_student_joins_a_table_from_the_site(lite_browser, served, tmp_path, monkeypatch):
    pytest.importorskip("starlette")
    # the teacher's own machine (this process) has the key in the environment, as the README says
    monkeypatch.setenv("CHEMGAMES_TEACHER_KEY", KEY)
    srv = ServerProcess(f"sqlite:///{tmp_path}/tables.db", KEY, env={"CHEMGAMES_ALLOW_ORIGINS": served},
                        log=str(tmp_path / "server.log"))
    with browser_page(lite_browser, timeout=60_000, viewport={"width": 1400, "height": 1100}) as (page, requests):
        try:
            student_and_teacher(page, served, srv)
        finally:
            srv.stop()
    assert strays(requests, served, srv.base) == []  # the site and the table's server, both on loopback


def student_and_teacher(page, served: str, srv: ServerProcess) -> None:
    """The student's notebook joins the table, moves, sees the bot's answer; the teacher's dashboard."""
    table = tables.create("chromino", seats=2, bots=[None, "greedy"], server=srv.base, seed=11)[0]
    open_and_run(page, served)  # the site's first game notebook: Pyodide is up, the widgets load
    # a mistyped code: in Pyodide's kernel too the refusal is one sentence that repeats the code (the
    # IPython handler of chemgames.tables), not a traceback through the client and tables_web
    wrong = "".join("Z" if ch != "Z" else "Y" for ch in table.code)
    said = run_code(page, f"import chemgames; game = chemgames.join({wrong!r}, name='Ada', server={srv.base!r}); game", timeout=90_000)
    assert f"Zum Code {wrong} gibt es keinen Tisch" in said, said
    for internal in ("Traceback", "TableError", "File ", "client.py", "tables_web", "line "):
        assert internal not in said, (internal, said)
    assert len(said.strip().splitlines()) <= 4, said
    run_code(page, f"game = chemgames.join({table.code!r}, name='Ada', server={srv.base!r}); game", timeout=90_000)
    page.wait_for_selector(f"{TABLE} .cg-chr-handtile", timeout=60_000)
    root = page.locator(TABLE).first
    heading = root.locator("h2").inner_text()  # the table by its number, as the teacher says it; not its code
    assert f"Tisch {table.number}, Platz 1" in heading and table.code not in heading, heading
    save = lambda: chemgames.load_game(tables.request("GET", f"{srv.base}/api/tables/{table.id}/save", key=KEY)["save"])  # noqa: E731
    g = save()
    assert g.current_player == 0
    shown = {int(x) for x in root.evaluate("r => [...r.querySelectorAll('.cg-chr-handtile')].map(e => e.dataset.tile)")}
    assert shown == {t["id"] for t in g.view(0)["hand"]}
    # a move by clicking (as in the JupyterLab test)
    click_a_move(root)
    # the move reached the server, the bot answered, and the page shows the bot's move
    deadline = time.monotonic() + 60
    g = save()
    while not (len(g.log) >= 2 and any(e.player == 1 for e in g.log)) and time.monotonic() < deadline:
        time.sleep(0.5)  # the move travels to the server and the bot answers there
        g = save()
    assert len(g.log) >= 2 and any(e.player == 1 for e in g.log)
    # the page shows the bot's move: its log entry "Spieler 2: ..." (not the seat's label)
    page.wait_for_function(
        f"(() => {{ const r = {AT_TABLE}; return !!r && [...r.querySelectorAll('.cg-log li, .cg-log-entry')]"
        ".some(e => /Spieler 2/.test(e.innerText)); })()", timeout=60_000)
    tiles = {int(x) for x in root.evaluate("r => [...r.querySelectorAll('[data-tile]')].map(e => e.dataset.tile)")}
    assert not tiles & {t["id"] for t in g.view(1)["hand"]}, "the bot's tiles reached the student's page"
    ARTIFACTS.mkdir(exist_ok=True)
    bring_into_view(root)
    page.screenshot(path=str(ARTIFACTS / "tables_lite.png"), full_page=False)
    # the teacher's dashboard in the site too: the list through the browser's XMLHttpRequest
    # (the key in its header, allowed by CORS), the projector view through its WebSocket
    # as the README tells a teacher: no key in the cell; the notebook asks for it (a password field
    # of the page: the Pyodide kernel's getpass) and keeps it in the kernel's memory
    start_code(page, f"d = chemgames.tables.dashboard(server={srv.base!r}, every=1); d")
    asked = page.locator(".jp-Stdin-input")
    asked.wait_for(timeout=90_000)
    assert asked.get_attribute("type") == "password"
    assert "Lehrkraft-Schlüssel" in page.locator(".jp-Stdin").first.inner_text()
    asked.fill(KEY)
    asked.press("Enter")
    # answered: JupyterLab replaces the field by its dots, so the key leaves the page with it
    asked.wait_for(state="detached", timeout=60_000)
    card = page.locator(f".cg-tb-card[data-code='{table.code}']")
    card.wait_for(timeout=60_000)
    assert card.locator(".cg-tb-code").inner_text() == table.code
    assert card.locator(".cg-tb-seat[data-state='bot']").count() == 1
    card.locator(f"[data-key='watch:{table.id}']").click()
    page.wait_for_selector(".cg-root:has(h2:has-text('Zuschauer')) .cg-chr-svg", timeout=60_000)
    watched = page.locator(".cg-root:has(h2:has-text('Zuschauer'))").first
    assert watched.locator(".cg-chr-handtile").count() == 0
    bring_into_view(watched)
    page.screenshot(path=str(ARTIFACTS / "tables_lite_dashboard.png"), full_page=False)
    # the key is nowhere on the page (text, attributes, form fields) nor in the saved notebook
    shown = page.evaluate("document.documentElement.outerHTML + document.body.innerText"
                          " + [...document.querySelectorAll('input, textarea')].map(e => e.value).join(' ')")
    assert "tables.dashboard(" in shown and KEY not in shown
    # saved as a teacher would (the toolbar's save button: Ctrl+S from inside a game widget does not
    # reach JupyterLab, whose shortcuts the widget suppresses)
    page.locator(".jp-NotebookPanel-toolbar [data-command='docmanager:save']").first.click()
    saved = wait_stored(page, GAME, "tables.dashboard(")
    assert "Lehrkraft-Schl" in saved and KEY not in saved  # the question is saved, the answer is not
