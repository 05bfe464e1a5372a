"""A teacher's page: a local game, the class-table dashboard and, after "Zuschauen (Beamer)", the
watched table, all in one JupyterLab notebook. The table widget hides its own "save", "new game",
"hint", "undo" and bot seats (they mean nothing at a table); before the styles were scoped, that
rule was page-wide and stripped the same controls from every other game on the page (issue 26).

Every control of the local game is measured before and after "Watch": each one is still rendered
with a box of its own, and the watched table still hides its own. At 1280×720 and at 1024×768 with
touch; screenshots ``scoped_styles_<size>.png``.
"""
from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

import chemgames.tables as tables  # noqa: E402

from .conftest import ARTIFACTS  # noqa: E402
from .lab import bring_into_view, open_and_run  # noqa: E402
from .test_tables_browser import KEY, table_server  # noqa: E402,F401 - the fixture: a real `chemgames serve`

pytestmark = pytest.mark.browser

SIZES = {"1280x720": {"viewport": {"width": 1280, "height": 720}},
         "1024x768-touch": {"viewport": {"width": 1024, "height": 768}, "has_touch": True, "is_mobile": False}}
# what a table hides in its own widget (chemgames/widgets/table.py TABLE_CSS)
TABLE_HIDES = ("[data-key='new_game']", "[data-key='hint']", "[data-key='undo']", ".cg-bots")

CONTROLS = """(root) => [...root.querySelectorAll('button, select, input, .cg-bots, .cg-gamebar')].map((e) => {
  const r = e.getBoundingClientRect();
  return { key: e.dataset.key || e.className || e.tagName, shown: (e.checkVisibility ? e.checkVisibility() : true)
           && r.width > 0 && r.height > 0, display: getComputedStyle(e).display };
})"""


@pytest.mark.parametrize("size", sorted(SIZES))
def test_watching_a_table_leaves_the_local_games_controls(browser, lab, table_server, size):  # noqa: F811
    table = tables.create("chemiekarten", seats=2, server=table_server.base, teacher_key=KEY, seed=5, lang="de")[0]
    name = lab.write_notebook(f"scoped_{size}.ipynb", [
        "from chemgames.widgets import play\nlocal = play(players=2, bots=['greedy'], seed=3, lang='de', bot_delay=200)\nlocal",
        f"import chemgames.tables\nd = chemgames.tables.dashboard(server={table_server.base!r}, teacher_key={KEY!r}, every=1)\nd"])
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_and_run(page, lab, name)
        page.wait_for_selector(f"[data-key='watch:{table.id}']")
        local = page.locator(".jp-Cell").nth(0).locator(".cg-root").first
        local.locator("[data-key='hint']").wait_for()  # the bot has moved: the student's turn, every control
        bring_into_view(local)
        needed = ("new_game", "save", "hint", "undo", "confirm", "large", "bots")
        # the view draws itself anew with every change (the dashboard's every-second poll moves the
        # page, the bot's move replaces the root): read it once every control has its box, or time out
        keys_before: set[str] = set()
        for _ in range(40):
            keys_before = {c["key"] for c in local.evaluate(CONTROLS) if c["shown"]}
            if keys_before.issuperset(needed):
                break
            page.wait_for_timeout(250)
        for key in needed:
            assert key in keys_before, f"the local game shows no {key} control before Watch: {sorted(keys_before)}"
        page.locator(f"[data-key='watch:{table.id}']").click()
        page.wait_for_selector(".jp-Cell >> nth=1 >> .cg-root:not(.cg-tb) .cg-hands")
        page.wait_for_timeout(500)
        styles = page.evaluate("[...document.querySelectorAll('style')].map((s) => s.id).filter((i) => i.startsWith('chemgames'))")
        assert "chemgames.widgets.table.TableChemieKartenWidget" in styles, styles  # the table's stylesheet is in the page
        after = local.evaluate(CONTROLS)
        lost = [c for c in after if not c["shown"] and c["key"] in keys_before]
        assert not lost, f"controls of the local game hidden after Watch: {lost}"
        assert {c["key"] for c in after if c["shown"]} >= keys_before
        # the rule still does its work where it belongs: the watched table hides its own controls
        spectator = page.locator(".jp-Cell").nth(1).locator(".cg-root:not(.cg-tb)").first
        for sel in TABLE_HIDES:
            for e in spectator.locator(sel).all():
                assert not e.is_visible(), f"the table widget shows {sel}"
        ARTIFACTS.mkdir(exist_ok=True)
        bring_into_view(local)
        page.screenshot(path=str(ARTIFACTS / f"scoped_styles_{size}.png"))
    finally:
        context.close()
