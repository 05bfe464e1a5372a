"""The class report in a real JupyterLab at 1280x720 (the projector): a simulated class (24 bot
students, 6 tables, seeded mistakes, worksheet answers) gives a report whose first screen shows
what to practise next and the three misconceptions with their examples; a click on an example
replays that moment with its explanation. Screenshots: report_1280x720.png, report_students.png, report_replay.png."""
from __future__ import annotations

import re

import pytest

from .lab import bring_into_view, opened, shoot

pytestmark = pytest.mark.browser

CELLS = [
    "from chemgames.record.events import Recorder\n"
    "from chemgames.worksheets.simulate import simulate_class\n"
    "events, sessions = [], []\n"
    "pupils = simulate_class(Recorder(events.append, sessions.append, lesson='7b'), max_actions=700)",
    "import chemgames\nchemgames.report(events=events, sessions=sessions, lang='de')",
]


def test_report_at_1280x720_and_a_replay(browser, lab):
    name = lab.write_notebook("bericht.ipynb", CELLS)
    with opened(browser, lab, name) as page:
        root = page.locator(".cg-rp")
        root.wait_for()
        page.locator(".jp-Notebook .jp-Cell").last.locator(".jp-InputArea-editor").click()
        page.keyboard.press("Escape")
        page.keyboard.press("Control+b")  # the projector: the file browser closed, the report wide
        # closed, not closing: the report is laid out at its new width
        page.wait_for_function("!document.querySelector('#jp-left-stack') || document.querySelector('#jp-left-stack').offsetWidth === 0"
                               " || document.querySelector('#jp-left-stack').classList.contains('lm-mod-hidden')")
        bring_into_view(root.locator(".cg-rp-next"))
        shoot(page, "report_1280x720.png", top=".cg-rp-header", still=".cg-rp")
        # the report's box and its parts' boxes in one step in the page (one layout)
        box, parts = root.evaluate("""r => { const b = (e) => { const q = e.getBoundingClientRect();
            return {x: q.x, y: q.y, width: q.width, height: q.height}; };
          return [b(r), [...r.querySelectorAll('.cg-rp-next, .cg-rp-mis-item')].map(b)]; }""")
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1280, box
        # the first screen: what to practise next and the three misconceptions, each with an example
        assert len(parts) >= 4, parts  # the advice and three misconceptions at least
        for b in parts:
            assert b["x"] >= box["x"] and b["x"] + b["width"] <= box["x"] + box["width"] + 1, (b, box)
        assert root.locator(".cg-rp-mis-item").count() == 3
        items = root.locator(".cg-rp-mis-item").all_inner_texts()
        assert "O als −1 gerechnet" in items[0] and "von 3 Tischen" in items[0]
        assert "Was übt die Klasse als Nächstes?" in root.locator(".cg-rp-next").inner_text()
        size = float(page.evaluate("parseFloat(getComputedStyle(document.querySelector('.cg-rp-mis-item')).fontSize)"))
        assert size >= 14
        # per student a row of bars, one table a game: 12 + 12 rows, one SVG bar per concept column
        tables_ = root.locator(".cg-rp-students")
        assert tables_.count() == 2 and root.locator(".cg-rp-students tbody tr").count() == 24
        for k in range(2):
            cols = tables_.nth(k).locator("thead th.cg-rp-col").count()
            assert cols >= 5 and tables_.nth(k).locator("tbody tr").first.locator("svg").count() == cols
            tb = tables_.nth(k).bounding_box()
            assert tb is not None and tb["x"] + tb["width"] <= box["x"] + box["width"] + 1  # no sideways scrolling
        bring_into_view(root.locator(".cg-rp-students").first)
        shoot(page, "report_students.png")
        # a click on the first example replays that moment with its explanation
        root.locator(".cg-rp-example").first.click()
        panel = root.locator(".cg-rp-replay")
        panel.wait_for(timeout=30_000)
        text = panel.inner_text()
        assert "abgelehnt: Die Ladungen ergeben zusammen nicht null." in text
        balance = [m.get_attribute("aria-label") for m in panel.locator("[role=math]").all()]
        assert any(re.search(r"\(\+\d\) \+ \d·\(−2\) = ", b or "") for b in balance), balance  # metal + O counted at −2
        bring_into_view(panel)
        page.wait_for_timeout(300)
        shoot(page, "report_replay.png")
        pb = panel.bounding_box()
        assert pb is not None and pb["x"] + pb["width"] <= 1280
