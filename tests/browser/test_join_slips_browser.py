"""A student's first slips when joining a class table, on a 1024×768 touch tablet (a student's
device) and on the projector's 1280×720 (where a teacher shows the class how to join): a mistyped
join code, a name a classmate already sits under, and a right code while someone at the same
address has spent its wrong guesses ("too many codes"). The notebook answers with the server's
sentence in the student's language, in the window under the cell, whole (no line cut off at its
right edge), and nothing else: no Python traceback of the client's internals (before, the sentence
stood below some 40 lines of traceback, a screen and more under the cell, after "TableError
Traceback (most recent call last)").

A reload before JupyterLab saved the notebook loses the widget (the kernel and the seat stay):
running the join cell again gives the same seat back, and the widget says so ("Du sitzt wieder
an Platz …"), not the first-time "Du spielst an Tisch …" that reads like a new start.

Screenshots ``join_slips_tablet_0.png`` (the code), ``…_1.png`` (the name), ``…_2.png`` (too many
codes), ``join_slips_back_at_seat_tablet.png`` (the join cell run again after a reload); the same
with ``projector`` for 1280×720.
"""
from __future__ import annotations

import json
import re
from contextlib import contextmanager

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
PROJECTOR = {"viewport": {"width": 1280, "height": 720}}
SIZES = pytest.mark.parametrize("size", ["tablet", "projector"])

ERROR = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
# the error output of cell ``i``: its text, its box and each of its lines' pieces (a Range over the
# text: a line too long for the box still has its whole box), read in one step
OUTPUT = """(i) => { const c = document.querySelectorAll('.jp-Notebook .jp-Cell')[i];
  const o = c && c.querySelector('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]');
  if (!o) return null;
  o.scrollIntoView({ block: 'nearest' });
  const r = o.getBoundingClientRect(), range = document.createRange(); range.selectNodeContents(o);
  return { text: o.innerText.trim(), top: r.top, bottom: r.bottom, left: r.left, right: r.right,
           height: window.innerHeight, width: window.innerWidth,
           lines: [...range.getClientRects()].map((l) => [l.left, l.right]) }; }"""


def fits(out: dict) -> bool:
    """The output in the window, and each line's piece of its text inside the output's box and the window."""
    return (0 <= out["top"] and out["bottom"] <= out["height"] and 0 <= out["left"] and out["right"] <= out["width"]
            and all(out["left"] - 0.5 <= a and b <= min(out["right"], out["width"]) + 0.5 for a, b in out["lines"]))


def join_notebook(lab, name: str, seats, code: str, student: str, server: str) -> str:
    """A student's notebook: this device's seat file (``seats``), then the join cell, the game as its last line."""
    return lab.write_notebook(name, [
        f"import os; os.environ['CHEMGAMES_SEATS'] = {str(seats)!r}\nimport chemgames",
        f"game = chemgames.join({code!r}, name={student!r}, server={server!r})\ngame"])


@contextmanager
def tablet(browser, size: str = "tablet"):
    """A page of a 1024×768 touch tablet (or the projector's 1280×720) in a fresh context (closed after)."""
    context = browser.new_context(**(TABLET if size == "tablet" else PROJECTOR))
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        yield page
    finally:
        context.close()


def said(page, cell: int) -> dict:
    page.wait_for_function(f"({OUTPUT})({cell}) !== null", timeout=60_000)
    return page.evaluate(OUTPUT, cell)


@SIZES
def test_a_wrong_code_a_taken_name_and_too_many_codes_are_said_in_a_sentence_not_a_traceback(browser, lab, tmp_path, monkeypatch, size):
    # the address's wrong guesses do not come back while JupyterLab opens the third notebook (one every 10 s)
    srv = ServerProcess(f"sqlite:///{tmp_path}/tables.db", KEY, log=str(tmp_path / "server.log"),
                        env={"CHEMGAMES_LIMITS": json.dumps({"wrong_address_rate": 0})})
    try:
        table = tables.create("chromino", seats=3, server=srv.base, teacher_key=KEY, seed=5, lang="de")[0]
        monkeypatch.setenv("CHEMGAMES_SEATS", str(tmp_path / "classmate-seats.json"))  # a classmate's device
        tables.claim(table.code, srv.base, None, "de", "Ada")
        wrong = "".join("Z" if ch != "Z" else "Y" for ch in table.code)  # no table has this code
        seen = []
        for n, (code, student) in enumerate(((wrong, "Mia"), (table.code, "Ada"), (table.code, "Bea"))):
            if n == 2:  # someone at the same address (the school's router) guesses until its budget is spent
                for guess in range(40):
                    try:
                        tables.request("POST", srv.base + "/api/join", {"code": f"ZZZZ{'ABCDEFGHJK'[guess % 10]}", "name": "X"})
                    except tables.TableError as exc:
                        if exc.code == "too_many_codes":
                            break
            name = join_notebook(lab, f"beitreten{n}_{size}.ipynb", tmp_path / f"seats{n}.json", code, student, srv.base)
            with tablet(browser, size) as page:
                open_and_run(page, lab, name, ready=ERROR)  # the last cell fails: no widget, its output says why
                seen.append(said(page, 1))
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / f"join_slips_{size}_{n}.png"))
    finally:
        srv.stop()
    for out, words in zip(seen, (("Code", wrong), ("Ada",), ("Zu viele falsche Codes",))):  # the code typed, repeated
        text = out["text"]
        assert all(w in text for w in words), text
        for internal in ("Traceback", "TableError", "File ", "client.py", "line "):
            assert internal not in text, (internal, text)
        assert len(text.splitlines()) <= 4, text
        assert fits(out), out  # the sentence is in the window, whole


# the join cell's widget, read in one step: its text (the notice with it), its title, and the
# cell's text output above it (where it is: a student sees it without scrolling)
WIDGET = """() => { const r = document.querySelector('.jp-Notebook .cg-root');
  const c = r && r.closest('.jp-Cell'), o = c && c.querySelector('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stdout"]');
  const box = o && o.getBoundingClientRect(), range = document.createRange(); if (o) range.selectNodeContents(o);
  return r && { text: r.innerText, title: (r.querySelector('.cg-header h2') || {}).innerText,
                said: o ? o.innerText.trim() : '', said_bottom: box ? box.bottom : null, height: window.innerHeight,
                top: box ? box.top : null, bottom: box ? box.bottom : null, left: box ? box.left : null, right: box ? box.right : null,
                width: window.innerWidth, lines: o ? [...range.getClientRects()].map((l) => [l.left, l.right]) : [] }; }"""


@SIZES
def test_a_reload_before_saving_then_the_join_cell_again_says_the_seat_is_taken_up_again(browser, lab, tmp_path, size):
    srv = ServerProcess(f"sqlite:///{tmp_path}/tables.db", KEY, log=str(tmp_path / "server.log"))
    try:
        table = tables.create("chromino", seats=3, server=srv.base, teacher_key=KEY, seed=7, lang="de")[0]
        name = join_notebook(lab, f"beitreten_neu_{size}.ipynb", tmp_path / "seats.json", table.code, "Mia", srv.base)
        with tablet(browser, size) as page:
            open_and_run(page, lab, name)
            first = page.evaluate(WIDGET)
            # the page is loaded again before JupyterLab saved the outputs (its autosave comes after
            # 120 s), into the same kernel (JupyterLab keeps the notebook's session): the widget is
            # gone with the outputs; then the student runs the cells again
            open_and_run(page, lab, name)
            again = page.evaluate(WIDGET)
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"join_slips_back_at_seat_{size}.png"))
    finally:
        srv.stop()
    assert "Du spielst an Tisch" in first["text"] and "wieder" not in first["text"], first["text"]
    seat = re.search(r"Platz (\d+)", first["text"]).group(1)
    assert f"Du sitzt wieder an Platz {seat}" in again["text"], again["text"]
    # and above the widget, in the window, the cell says it (the widget's notice is below the board)
    # the table by its number, as the teacher says it, not by the code typed
    assert first["said"] == "" and again["said"].startswith(f"Du sitzt wieder an Platz {seat} an Tisch {table.number}:"), again
    assert again["said_bottom"] is not None and fits(again), again  # in the window, whole
    assert f"an Tisch {table.number}" in again["text"] and again["title"] == first["title"], (first, again)
    assert table.code not in again["text"] + again["said"] + first["text"], (first, again)
