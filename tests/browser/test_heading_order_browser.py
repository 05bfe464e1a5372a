"""axe-core's ``heading-order`` after "Run All" in the real game notebooks (issue 26: axe-core 4.11
found it in Räum-Ab! and Das Chemie-Kartenspiel). The notebook's title is a level-1 heading; the
widget's headings must follow it without skipping a level. At 1280×720 and 1024×768 with touch."""
from __future__ import annotations

import pytest

from .lab import REPO, axe_missing, format_violations, open_and_run

pytestmark = pytest.mark.browser

SIZES = {"1280x720": {"viewport": {"width": 1280, "height": 720}},
         "1024x768-touch": {"viewport": {"width": 1024, "height": 768}, "has_touch": True, "is_mobile": False}}


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", ["raeumab", "chemiekarten"])
def test_headings_follow_the_notebook_title(browser, lab, game, size):
    missing = axe_missing()
    if missing:
        pytest.skip(missing)
    from .lab import AXE

    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        open_and_run(page, lab, lab.copy_in(REPO / "notebooks" / f"{game}.ipynb"))
        page.wait_for_function("!document.querySelector('.cg-root .cg-thinking')", timeout=90_000)
        page.add_script_tag(path=str(AXE))
        found = page.evaluate("""async () => {
          const r = await window.axe.run(document, { runOnly: ['heading-order'], resultTypes: ['violations'] });
          return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            targets: v.nodes.map((n) => n.target.join(' ') + '  ' + n.html.slice(0, 120)) })); }""")
        levels = page.evaluate("[...document.querySelectorAll('.jp-Notebook h1, .jp-Notebook h2, .jp-Notebook h3,"
                               " .jp-Notebook h4, .jp-Notebook h5, .jp-Notebook h6, .jp-Notebook [role=heading]')]"
                               ".filter((e) => e.offsetParent).map((e) => e.tagName + ':' + e.textContent.trim().slice(0, 30))")
        print(game, size, levels)
        assert not found, format_violations(found)
    finally:
        context.close()
