"""What the teacher sees above the report of old hand-ins, in a real JupyterLab at the projector's 1280×720:
the old-record line (s24h: a hand-in of session 23 or before whose resumed game may count moves twice) and the
who-is-who line (s25h: a student put together from two records by name alone). Both are in the first screen,
inside the report's box, said as the catalogs say them, with a placeholder while the names are hidden (nowhere
"Mia" on the page) and the name once "Namen zeigen" is clicked. Until now only Python's side of the old-record
line was tested (``test_record_version_s24h``). Screenshot ``report_old_record.png``."""
from __future__ import annotations

import json

import pytest

from test_record_version_s24h import _old_lines

from .lab import opened, settled, shoot

pytestmark = pytest.mark.browser

OLD = ("Ältere Aufzeichnung (vor Version 2): Eine fortgesetzte Partie wurde ab ihrem Anfang noch einmal aufgezeichnet; "
       "bis zu 3 Züge zählen hier womöglich doppelt ({who}).")
BY_NAME = ("Nur nach dem Namen zusammengeführt (kein Gerät und keine Aufzeichnung sagt, wer es war; heißen zwei gleich, "
           "sind sie hier eine Person): {who}.")

MEASURE = """() => {
  const rp = document.querySelector('.cg-rp');
  const b = (e) => { const q = e.getBoundingClientRect(); return {x: q.x, y: q.y, right: q.right, bottom: q.bottom}; };
  const lines = [...rp.querySelectorAll('.cg-rp-old, .cg-rp-who-is')];
  return {vh: innerHeight, rp: b(rp), overflow: rp.scrollWidth - rp.clientWidth, text: document.body.innerText,
          lines: lines.map((x) => ({box: b(x), text: x.textContent, role: x.getAttribute('role'),
                                    size: parseFloat(getComputedStyle(x).fontSize), wide: x.scrollWidth - x.clientWidth}))};
}"""


def _hand_ins(folder) -> None:
    """Mia's hand-in of session 23 (a resumed game recorded again from its start: 3 of her moves may count twice,
    by hand) and her hand-in of today, whose record has its own key: nothing tells they are one Mia but the name."""
    folder.mkdir()
    old = [{k: v for k, v in x.items()} for x in _old_lines()]
    (folder / "chemgames-raeumab-Mia-2026-11-20-1042.jsonl").write_text("".join(json.dumps(x) + "\n" for x in old), "utf-8")
    new = [{"type": "record", "id": "0a1b2c3d4e5f"},
           {"type": "session", "id": "c", "lesson": "2026-11-27", "source": "notebook", "game": "raeumab", "table": "",
            "names": ["Mia", "greedy"], "setup": {"game": "raeumab", "players": 2, "seed": 9, "lang": "de", "options": {}},
            "created": 9000.0, "owner": 0, "version": 2, "keys": [["r0a1b2c3d4e5f"], []]},
           {"type": "event", "ts": 9001.0, "lesson": "2026-11-27", "student": "Mia", "session": "c", "game": "raeumab",
            "seat": 0, "kind": "move", "secs": None, "at": 0, "rule": "ra.simple_pair",
            "action": {"game": "raeumab", "player": 0, "kind": "pair", "params": {"cards": [3, 4]}},
            "facts": {"steps": ["ra.gcd"]}, "ok": True}]
    (folder / "chemgames-raeumab-Mia-2026-11-27-1042.jsonl").write_text("".join(json.dumps(x) + "\n" for x in new), "utf-8")


def test_the_teacher_reads_the_old_record_and_who_is_who_above_the_report(browser, lab):
    _hand_ins(lab.root / "abgaben_alt")
    name = lab.write_notebook("bericht_alt.ipynb", ["import chemgames\nchemgames.report(folder='abgaben_alt', lang='de')"])
    with opened(browser, lab, name, ready=".cg-rp .cg-rp-old") as page:
        shoot(page, "report_old_record.png", top=".cg-rp-header", still=".cg-rp")
        hidden = page.evaluate(MEASURE)
        page.locator(".cg-rp-names").click()  # "Namen zeigen"
        page.wait_for_function("document.querySelector('.cg-rp-old').textContent.includes('(Mia)')")
        settled(page, ".cg-rp")
        shown = page.evaluate(MEASURE)
    assert [x["text"] for x in hidden["lines"]] == [OLD.format(who="Schüler·in 1"), BY_NAME.format(who="Schüler·in 1")]
    assert "Mia" not in hidden["text"]  # on the projector: no name anywhere on the page
    assert [x["text"] for x in shown["lines"]] == [OLD.format(who="Mia"), BY_NAME.format(who="Mia")]
    for m in (hidden, shown):
        assert m["overflow"] <= 0, m["overflow"]
        for line in m["lines"]:
            box = line["box"]
            # read out by a screen reader as news, wrapped inside the report, in the first screen, not small
            assert line["role"] == "status" and line["wide"] <= 0 and line["size"] >= 14, line
            assert m["rp"]["x"] - 1 <= box["x"] and box["right"] <= m["rp"]["right"] + 1, (line, m["rp"])
            assert 0 <= box["y"] and box["bottom"] <= m["vh"], (line, m["vh"])
