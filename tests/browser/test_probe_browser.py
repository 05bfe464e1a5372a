"""``probe()`` (``lab.py``) reads what Python printed also when the cell is out of the window.

JupyterLab 4.6 draws a notebook in its "contentVisibility" windowing mode (its default): every cell
has ``content-visibility: auto``, so the browser lays out no cell that is off the screen, and
``innerText`` of its outputs is ``""`` (it is the text *as laid out*). A probe cell pushed out of
sight while it ran (a bot's move redrew a taller board above it, the test scrolled) showed CI "one
empty output and no JSON line" (sessions 22 and 25), although the JSON was in the page. Here the
probe cell scrolls the notebook to its top itself, before it prints: the cell is off the screen when
its answer comes."""
from __future__ import annotations

import pytest

from .lab import open_and_run, probe

pytestmark = pytest.mark.browser

# the notebook's top: one output much taller than the window, so a scroll to the top hides the last cell
CELLS = [
    "from IPython.display import HTML, display\n"
    "display(HTML('<div class=\"cg-tall\" style=\"height:3000px\">top of the notebook</div>'))",
    # probe(): the notebook scrolled to its top (an image's onerror runs in the page), then the answer
    "import json, time\n"
    "AWAY = ('<img src=\"data:,\" alt=\"\" onerror=\"document.querySelector(\\'.jp-NotebookPanel:not(.lm-mod-hidden)'\n"
    "        ' .jp-WindowedPanel-outer\\').scrollTop = 0\">')\n"
    "def probe():\n"
    "    display(HTML(AWAY))\n"
    "    time.sleep(2)\n"
    "    print(json.dumps({'probed': 'off the screen'}))",
]


def test_probe_reads_the_answer_of_a_cell_out_of_the_window(page, lab):
    lab.write_notebook("probe_away.ipynb", CELLS)
    open_and_run(page, lab, "probe_away.ipynb", ready=".cg-tall")
    assert probe(page) == {"probed": "off the screen"}
    # the premise: the cell that answered is out of the window, its outputs not laid out
    hidden = page.evaluate("""() => [...document.querySelectorAll('.jp-Notebook .jp-Cell .jp-OutputArea')]
        .filter((o) => o.textContent.includes('"probed"'))
        .map((o) => ({ laidOut: o.checkVisibility({ contentVisibilityAuto: true }), text: o.innerText.trim() }))""")
    assert hidden == [{"laidOut": False, "text": ""}]
