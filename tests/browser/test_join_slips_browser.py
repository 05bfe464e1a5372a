"""A student's first slips when joining a class table, on a 1024×768 touch tablet: a mistyped join
code, then a name a classmate already sits under. The notebook answers with the server's sentence
in the student's language, in the window under the cell, and nothing else: no Python traceback of
the client's internals (before, the sentence stood below some 40 lines of traceback, a screen and
more under the cell, after "TableError  Traceback (most recent call last)").

Screenshots ``join_slips_tablet_0.png`` (the code), ``join_slips_tablet_1.png`` (the name).
"""
from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

import chemgames.tables as tables  # noqa: E402
from chemgames.server.students import ServerProcess  # noqa: E402

from .conftest import ARTIFACTS  # noqa: E402
from .lab import open_and_run  # noqa: E402

pytestmark = pytest.mark.browser
KEY = "teacher-key-for-the-slips-test"
TABLET = {"viewport": {"width": 1024, "height": 768}, "has_touch": True}

ERROR = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
# the error output of cell ``i``: its text and its box, read in one step
OUTPUT = """(i) => { const c = document.querySelectorAll('.jp-Notebook .jp-Cell')[i];
  const o = c && c.querySelector('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]');
  if (!o) return null;
  o.scrollIntoView({ block: 'nearest' });
  const r = o.getBoundingClientRect();
  return { text: o.innerText.trim(), top: r.top, bottom: r.bottom, height: window.innerHeight }; }"""


def said(page, cell: int) -> dict:
    page.wait_for_function(f"({OUTPUT})({cell}) !== null", timeout=60_000)
    return page.evaluate(OUTPUT, cell)


def test_a_wrong_code_and_a_taken_name_are_said_in_a_sentence_not_a_traceback(browser, lab, tmp_path, monkeypatch):
    srv = ServerProcess(f"sqlite:///{tmp_path}/tables.db", KEY, log=str(tmp_path / "server.log"))
    try:
        table = tables.create("chromino", seats=3, server=srv.base, teacher_key=KEY, seed=5, lang="de")[0]
        monkeypatch.setenv("CHEMGAMES_SEATS", str(tmp_path / "classmate-seats.json"))  # a classmate's device
        tables.claim(table.code, srv.base, None, "de", "Ada")
        wrong = "".join("Z" if ch != "Z" else "Y" for ch in table.code)  # no table has this code
        seen = []
        for n, (code, student) in enumerate(((wrong, "Mia"), (table.code, "Ada"))):
            name = lab.write_notebook(f"beitreten{n}.ipynb", [
                f"import os; os.environ['CHEMGAMES_SEATS'] = {str(tmp_path / f'seats{n}.json')!r}\nimport chemgames",
                f"game = chemgames.join({code!r}, name={student!r}, server={srv.base!r})\ngame"])
            context = browser.new_context(**TABLET)
            page = context.new_page()
            page.set_default_timeout(30_000)
            try:
                open_and_run(page, lab, name, ready=ERROR)  # the last cell fails: no widget, its output says why
                seen.append(said(page, 1))
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / f"join_slips_tablet_{n}.png"))
            finally:
                context.close()
        first, second = seen
    finally:
        srv.stop()
    for out, words in ((first, ("Code",)), (second, ("Ada",))):
        text = out["text"]
        assert all(w in text for w in words), text
        for internal in ("Traceback", "TableError", "File ", "client.py", "line "):
            assert internal not in text, (internal, text)
        assert len(text.splitlines()) <= 4, text
        assert 0 <= out["top"] and out["bottom"] <= out["height"], out  # the sentence is in the window
