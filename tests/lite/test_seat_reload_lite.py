"""A student who reloads the JupyterLite site gets her seat back, and a classmate at the same browser
does not get it (session 26).

The site's Pyodide kept the seat file in its home folder, the tab's memory: after a reload Ada's
join under her name was refused (``name_taken``: her name sits on the seat), and under another
spelling she took a second seat. Now the seat file is in the browser's storage (``/drive``), and a
kept seat goes back to the name it was taken under only: Ben, at the same browser (a school
computer a class shares), is told that this device sits at the table as Ada, not given her seat. A real ``chemgames serve`` on loopback (the
site's address allowed), the site's notebook, two reloads."""
from __future__ import annotations

import json

import pytest

import chemgames.tables as tables
from browser.lab import run_code
from chemgames.server.students import ServerProcess

from .visit import IDLE, browser_page, open_and_run

pytestmark = [pytest.mark.lite, pytest.mark.xdist_group("lite")]
KEY = "teacher-key-for-the-lite-seat-test"


def claim(page, code: str, base: str, name: str, refused: bool = False) -> dict:
    """The notebook's join by code under ``name``: the seat, whether it was kept, a digest of its token
    (``refused``: the cell's text, a refusal)."""
    said = run_code(page, (
        f"import json, hashlib, chemgames.tables as T; s = T.claim({code!r}, server={base!r}, name={name!r}); "
        "print(json.dumps({'seat': s.get('seat'), 'again': bool(s.get('again')), "
        "'token': hashlib.sha256(s['token'].encode()).hexdigest()[:12], 'file': str(T.seats_file())}))"),
        timeout=120_000)
    if refused:
        return {"said": said}
    try:
        return json.loads(said.strip().splitlines()[-1])
    except ValueError:
        raise AssertionError(f"the join under {name!r} said: {said}") from None


def reload(page) -> None:
    """Save the notebook (no question on leaving) and reload the page: a new Python, the storage kept."""
    page.keyboard.press("Control+s")
    page.wait_for_function("!document.querySelector('.lm-TabBar-tab.jp-mod-current.jp-mod-dirty')", timeout=60_000)
    page.reload()
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    page.wait_for_function(f"document.querySelector('#jp-main-statusbar')?.innerText.includes('{IDLE}')", timeout=120_000)


def test_a_student_who_reloads_the_site_gets_her_seat_back_and_a_classmate_not_hers(lite_browser, served, tmp_path):
    pytest.importorskip("starlette")
    srv = ServerProcess(f"sqlite:///{tmp_path}/tables.db", KEY, env={"CHEMGAMES_ALLOW_ORIGINS": served},
                        log=str(tmp_path / "server.log"))
    try:
        (table,) = tables.create("raeumab", seats=3, server=srv.base, teacher_key=KEY, seed=3)
        with browser_page(lite_browser, timeout=60_000) as (page, _):
            open_and_run(page, served)
            ada = claim(page, table.code, srv.base, "Ada")
            assert ada["file"] == "/drive/.chemgames/seats.json" and not ada["again"], ada
            reload(page)
            back = claim(page, table.code, srv.base, "Ada")  # before: refused, "name_taken"
            assert back == {**ada, "again": True, "seat": None}, (back, ada)
            # a classmate at the same browser: not Ada's seat (one device, one seat), said in one sentence
            ben = claim(page, table.code, srv.base, "Ben", refused=True)["said"]
            assert "sitzt an diesem Tisch schon als „Ada“" in ben and "Traceback" not in ben, ben
            reload(page)
            assert claim(page, table.code, srv.base, "Ada")["token"] == ada["token"]
        (row,) = tables.overview(server=srv.base, teacher_key=KEY)
        assert sorted(str(s["name"]) for s in row["seats"]) == ["Ada", "None", "None"]
    finally:
        srv.stop()
