"""A worksheet in a real JupyterLab: after "Run All Cells" every task shows its question and no
answer; a prediction committed by keyboard (typed number, Enter) or by mouse (a choice and the
button) brings the engine's answer for that task only. axe-core checks the task before and after.
Screenshots: worksheet_before.png and worksheet_after.png under test-artifacts/."""
from __future__ import annotations

import re

import nbformat
import pytest

from .conftest import ARTIFACTS
from .lab import REPO, axe_missing, axe_violations, bring_into_view, format_violations, open_and_run, run_code, settled

pytestmark = pytest.mark.browser

SHEET = REPO / "lessons" / "chromino" / "arbeitsblatt.ipynb"


def task_cells() -> int:
    nb = nbformat.read(SHEET, as_version=4)
    return sum(1 for c in nb.cells if c.cell_type == "code" and ".aufgabe(" in c.source)


def assert_accessible(page, selector: str, when: str) -> None:
    if axe_missing():  # fails under CI
        pytest.skip(axe_missing())
    found = axe_violations(page, selector)
    assert not found, f"axe-core violations {when}:\n{format_violations(found)}"


def widget(page, number: str):
    return page.locator(".cg-predict", has=page.locator(".cg-pr-question strong", has_text=f"Aufgabe {number}:"))


def test_run_all_shows_no_answer_until_a_prediction_is_made(page, lab):
    name = lab.copy_in(SHEET)
    open_and_run(page, lab, name)
    page.wait_for_function(
        "[...document.querySelectorAll('.jp-Notebook .jp-Cell.jp-CodeCell .jp-InputPrompt')]"
        ".every(p => /\\[[0-9]+\\]/.test(p.textContent))", timeout=120_000)
    where = run_code(page, "import chemgames.worksheets as w; print(w.__file__)")
    assert where.strip().startswith(str(REPO)), where  # the kernel runs this checkout's code
    n = task_cells()
    page.wait_for_function(f"document.querySelectorAll('.cg-predict').length === {n}")
    assert page.locator(".cg-pr-answer, .cg-pr-verdict").count() == 0
    assert page.locator(".cg-predict[data-answered='true']").count() == 0
    text = page.locator(".jp-Notebook").inner_text()
    for secret in ("25 Palindrome", "50 Steine aus Spiegelpaaren", "Richtig vorhergesagt", "n²·(n + 1)/2", "Möglichkeiten liegen senkrecht"):
        assert secret not in text, secret
    assert page.locator(".cg-pr-hidden").count() == n
    palindromes = widget(page, "2a")
    bring_into_view(palindromes)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "worksheet_before.png"))
    assert_accessible(page, ".cg-predict", "before a prediction")

    # by keyboard: type a number, Enter commits (the "2" and "5" must not reach JupyterLab)
    cells_before = page.locator(".jp-Notebook .jp-Cell").count()
    palindromes.locator("input[type=text]").click()
    page.keyboard.type("25")
    page.keyboard.press("Enter")
    palindromes.locator(".cg-pr-answer").wait_for(timeout=30_000)
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells_before
    answer = palindromes.inner_text()
    assert "25 Palindrome" in answer and "Richtig vorhergesagt" in answer and "Deine Vorhersage: 25" in answer
    assert "5 · 5 = 25" in answer
    assert palindromes.locator("input[type=text]").is_disabled()

    # by mouse: a wrong choice is committed and the engine's formula is shown beside it
    formula = widget(page, "3")
    formula.get_by_label("n³ − n²", exact=True).check()
    formula.get_by_role("button", name="Vorhersage abgeben").click()
    formula.locator(".cg-pr-answer").wait_for(timeout=30_000)
    out = formula.inner_text()
    assert "Nicht ganz" in out and "(n³ + n²)/2" in out and re.search(r"5 Farben: aufgezählt = Formel:?\s*75 = 75", out)

    # every other task is still unanswered
    assert page.locator(".cg-predict[data-answered='true']").count() == 2
    assert page.locator(".cg-pr-answer").count() == 2
    assert widget(page, "2b").locator(".cg-pr-hidden").count() == 1
    bring_into_view(palindromes)
    page.screenshot(path=str(ARTIFACTS / "worksheet_after.png"))
    assert_accessible(page, ".cg-predict[data-answered='true']", "after two predictions")


def test_an_english_worksheet_with_ticks_and_choices(page, lab):
    """The English Chemuno worksheet: tick boxes (multi) and a yes/no choice, answered in English."""
    name = lab.copy_in(REPO / "lessons" / "chemuno" / "worksheet.ipynb")
    open_and_run(page, lab, name)
    page.wait_for_function(
        "[...document.querySelectorAll('.jp-Notebook .jp-Cell.jp-CodeCell .jp-InputPrompt')]"
        ".every(p => /\\[[0-9]+\\]/.test(p.textContent))", timeout=120_000)
    page.wait_for_function("document.querySelectorAll('.cg-predict').length === 6")
    assert page.locator(".cg-pr-answer").count() == 0
    shared = page.locator(".cg-predict", has=page.locator(".cg-pr-question strong", has_text="Task 2:"))
    bring_into_view(shared)
    shared.get_by_role("button", name="Commit my prediction").click()  # nothing ticked: refused, nothing shown
    shared.locator(".cg-pr-error").wait_for()
    assert "tick at least one" in shared.inner_text() and shared.locator(".cg-pr-answer").count() == 0
    for item in ("H", "O", "×2"):
        shared.get_by_label(item, exact=True).check()
    shared.get_by_role("button", name="Commit my prediction").click()
    shared.locator(".cg-pr-answer").wait_for(timeout=30_000)
    out = shared.inner_text()
    assert "Predicted correctly" in out and shared.locator(".cg-pr-engine").inner_text().endswith("H, O, ×2")
    assert shared.locator(".cg-pr-steps math").count() >= 1  # the intersection as a formula (MathML)
    assert [shared.get_by_label(i, exact=True).is_checked() for i in ("H", "O", "S", "×2", "×4")] == [True, True, False, True, False]
    fits = page.locator(".cg-predict", has=page.locator(".cg-pr-question strong", has_text="Task 3:"))
    fits.get_by_label("yes", exact=True).check()
    fits.get_by_role("button", name="Commit my prediction").click()
    fits.locator(".cg-pr-answer").wait_for(timeout=30_000)
    assert "Not quite" in fits.inner_text() and "No: NaCl does not fit on H₂O." in fits.inner_text()
    assert page.locator(".cg-pr-answer").count() == 2
    bring_into_view(shared)
    page.screenshot(path=str(ARTIFACTS / "worksheet_en_after.png"))
    assert_accessible(page, ".cg-predict[data-answered='true']", "after a ticked prediction")


# where task 1 stands in the notebook's scroller, read in one step: its top and bottom relative to
# the scroller's window (JupyterLab's .jp-WindowedPanel-outer), the window's height and scrollTop
_TASK1 = """() => {
  const t = document.querySelector('.cg-predict');
  const o = t && t.closest('.jp-WindowedPanel-outer');
  if (!o) return null;
  const r = t.getBoundingClientRect(), s = o.getBoundingClientRect();
  return { top: r.top - s.top, bottom: r.bottom - s.top, height: s.height, scrollTop: o.scrollTop,
           scrollHeight: o.scrollHeight, x: s.x + s.width / 2, y: s.y + s.height / 2 };
}"""


def task1_in_view(where: dict) -> bool:
    """Task 1's question is in the notebook's window (its top in the window, above the last 60 px)."""
    return -2 <= where["top"] < where["height"] - 60  # -2: a sub-pixel above the edge is "at the top"


def jupyterlab_scrolls_to_the_end(page) -> None:
    """What JupyterLab does after "Run All" (``NotebookActions.runAll`` -> ``handleRunState`` ->
    ``WindowedList.scrollToItem(last cell)`` -> ``outer.scrollTo({top})``): a script's scroll, no
    input event. On a slow laptop it comes seconds after task 1 was drawn, when the last cell's
    placeholder has been attached (``_waitForItem``: up to 10 s); here it comes at once."""
    page.evaluate("() => { const o = document.querySelector('.jp-WindowedPanel-outer'); o.scrollTo({ top: o.scrollHeight }); }")


def student_scrolls_down(page, where: dict, touch: bool) -> None:
    """The student scrolls down 500 px: a finger's swipe on the tablet, the mouse wheel on the laptop
    (real input events, as Chromium gets them from the device)."""
    if touch:  # a finger put down, moved up 500 px and lifted (synthesizeScrollGesture's "touch" does not scroll headless)
        x, y = where["x"], where["y"] + 250
        cdp = page.context.new_cdp_session(page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for step in range(1, 11):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y - 50 * step}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        cdp.detach()
    else:
        page.mouse.move(where["x"], where["y"])
        page.mouse.wheel(0, 500)


@pytest.mark.parametrize("size", ["1280x720", "1024x768-touch"])
def test_run_all_leaves_the_view_at_the_first_task(browser, lab, size):
    """"Run All" scrolled the notebook to its last cell; the first task brings itself back into view
    (issue 26), also when JupyterLab's scroll to the last cell comes after it (a slow laptop:
    ``CG_CPU_THROTTLE=6``), until the student scrolls or types: then the student's view stays.
    Screenshot ``worksheet_run_all_<size>.png``."""
    touch = size != "1280x720"
    args = ({"viewport": {"width": 1280, "height": 720}} if not touch
            else {"viewport": {"width": 1024, "height": 768}, "has_touch": True, "is_mobile": False})
    context = browser.new_context(**args)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_and_run(page, lab, lab.copy_in(SHEET))
        page.wait_for_function("!document.querySelector('.jp-Notebook .jp-InputPrompt')?.textContent.includes('*') &&"
                               f" document.querySelectorAll('.cg-predict').length === {task_cells()}", timeout=90_000)
        # the first task has scrolled itself into view (on its next frame) and JupyterLab has stopped
        # moving cells: its box still for a second (the first .cg-predict of the page is task 1's)
        settled(page, ".cg-predict", frames=10, quiet_ms=1_000)
        where = page.evaluate(_TASK1)
        assert task1_in_view(where), f"task 1 is out of view after Run All: {where}"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"worksheet_run_all_{size}.png"))

        # JupyterLab's scroll to the last cell, late (as on a slow laptop): task 1 comes back
        jupyterlab_scrolls_to_the_end(page)
        settled(page, ".cg-predict", frames=10, quiet_ms=500)
        where = page.evaluate(_TASK1)
        assert task1_in_view(where), f"JupyterLab's late scroll to the last cell left task 1 out of view: {where}"

        # the student scrolls: the view stays where the student put it, even when a script scrolls after
        before = where["scrollTop"]
        page.evaluate("() => { const o = document.querySelector('.jp-WindowedPanel-outer'); window.cgFarthest = o.scrollTop;"
                      " o.addEventListener('scroll', () => { window.cgFarthest = Math.max(window.cgFarthest, o.scrollTop); }); }")
        student_scrolls_down(page, where, touch)
        page.wait_for_function(f"window.cgFarthest > {before} + 200")  # the student's scroll has reached the page
        settled(page, ".cg-predict", frames=10, quiet_ms=500)
        where = page.evaluate(_TASK1)
        assert where["scrollTop"] > before + 200 and where["top"] < -100, f"the student's scroll was undone: {where}"
        jupyterlab_scrolls_to_the_end(page)
        settled(page, ".cg-predict", frames=10, quiet_ms=500)
        where = page.evaluate(_TASK1)
        assert not task1_in_view(where), f"task 1 pulled the view back after the student had scrolled: {where}"
        page.screenshot(path=str(ARTIFACTS / f"worksheet_run_all_{size}_scrolled.png"))
    finally:
        context.close()
