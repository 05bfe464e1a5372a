"""A class table over a school's loaded server may answer later than 6 s. The view said then
"Keine Antwort von Python … Wurde der Kernel neu gestartet, … Führe die Zellen noch einmal aus": a
student who did so lost the seat's widget while the move was on its way. Python now tells the view
at once that it has the message and waits for the table server, and the view says that instead,
calmly (a status, not an alert); the answer, when it comes, takes the notice away. A real
``chemgames serve``, a real JupyterLab; the server's answer to this device is delayed in the kernel
(its ``_reply`` waits 9 s more), as a loaded server's would be. Screenshot ``tables_slow.png``.
"""
from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

import chemgames.tables as tables  # noqa: E402

from .conftest import ARTIFACTS  # noqa: E402
from .lab import open_and_run, run_code  # noqa: E402
from .test_tables_browser import KEY, click_a_move, table_server  # noqa: E402,F401 - the server fixture

pytestmark = pytest.mark.browser

NOTICE = """() => { const n = document.querySelector('.cg-root .cg-no-answer');
  return n ? {text: n.innerText, role: n.getAttribute('role'), shown: n.getBoundingClientRect().height > 0} : null; }"""


def test_a_slow_table_server_is_said_as_such_and_not_as_a_lost_python(browser, lab, table_server, tmp_path):
    table = tables.create("chromino", seats=2, bots=[None, "greedy"], server=table_server.base, teacher_key=KEY,
                          seed=11, lang="de")[0]
    name = lab.write_notebook("tables_slow.ipynb", [
        f"import os; os.environ['CHEMGAMES_SEATS'] = {str(tmp_path / 'seats.json')!r}\nimport chemgames",
        f"game = chemgames.join({table.code!r}, name='Ada', server={table_server.base!r})\n_ = game.wait_turn()\ngame"])
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_and_run(page, lab, name)
        # from now on every answer of the table server reaches this device 9 s late
        assert "slow" in run_code(page, "import time\n_reply = game._reply\n"
                                        "game._reply = lambda *a, **k: (time.sleep(9), _reply(*a, **k))[1]\nprint('slow')")
        root = page.locator(".cg-root").first
        before = int(root.get_attribute("data-version"))
        click_a_move(root)
        page.wait_for_function("!!document.querySelector('.cg-root .cg-no-answer')", timeout=30_000)
        seen = page.evaluate(NOTICE)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "tables_slow.png"))
        # the answer comes: the move is on the table and the notice has gone, in one view
        page.wait_for_function(f"""() => Number(document.querySelector('.cg-root').dataset.version) > {before}
            && !document.querySelector('.cg-root .cg-no-answer')""", timeout=60_000)
        held = run_code(page, "print(game.version, game.state['view']['log'][0]['player'] if game.state['view']['log'] else -1)")
    finally:
        context.close()
    assert seen is not None and seen["shown"], seen
    assert "Tisch-Server" in seen["text"] and "Keine Antwort von Python" not in seen["text"], seen
    assert "neu gestartet" not in seen["text"] and "Alle Zellen ausführen" not in seen["text"], seen
    assert seen["role"] == "status", seen
    assert int(held.split()[0]) >= 1, held  # the move reached the table
