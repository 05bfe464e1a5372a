"""The Räum-Ab! worksheet's headings (``tools/make_worksheets.py``) against its widgets: a heading asks
what its widget asks, and work done on paper says so (s20f's walk: task 2's heading asked "Welche
gemeinsamen Teiler haben 12 und 18?" while its widget asked whether the cards pair)."""
from __future__ import annotations

import re
import runpy
from pathlib import Path

import pytest

from chemgames.worksheets import worksheet

ROOT = Path(__file__).resolve().parents[1]
TOOL = runpy.run_path(str(ROOT / "tools" / "make_worksheets.py"))
PARTS = TOOL["SHEETS"]["raeumab"]["parts"]
PAPER = {"de": "auf Papier", "en": "on paper"}
WRITES = {"de": re.compile(r"\b(schreibe|zerlege|notiere)\b", re.I),
          "en": re.compile(r"\b(write|note|factori[sz]e)\b", re.I)}


def heading_before(task: str, lang: str) -> str:
    """The text of the markdown cell that introduces ``task`` (the last one before it)."""
    i = PARTS.index(("task", task))
    return next(text[lang] for kind, text in reversed(PARTS[:i]) if kind == "md")


def questions(text: str) -> list[str]:
    """The sentences of ``text`` that end in a question mark."""
    return [q.strip() for q in re.findall(r"[^.?!:\n]+\?", text)]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_task_2_heading_asks_what_its_widget_asks(lang):
    widget = worksheet("raeumab", lang).spec("2")
    heading = heading_before("2", lang)
    # the widget judges two cards; the heading names both (their labels from the widget's question)
    assert widget.params["a"] in heading and widget.params["b"] in heading, heading
    # and asks no question the widget does not answer ("Welche gemeinsamen Teiler …?" was one)
    asked = worksheet("raeumab", lang).task(2).task["question"]
    assert all(q in asked for q in questions(heading)), (questions(heading), asked)
    # the common divisors are still worked out, on paper
    assert PAPER[lang] in heading


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_task_done_in_writing_says_on_paper(lang):
    writing = [text[lang] for kind, text in PARTS if kind == "md" and WRITES[lang].search(text[lang])]
    assert len(writing) >= 4  # tasks 1, 3, 6, 8 (and 2)
    missing = [t.splitlines()[0] for t in writing if PAPER[lang].lower() not in t.lower()]
    assert not missing, missing


@pytest.mark.parametrize("lang", ["de", "en"])
def test_task_9_heading_asks_what_its_widget_asks(lang):
    """s20i left it: the heading asked "Liegt ein Paar frei? Ist das Spiel vorbei?" while its widget asks
    which card of the pile the wish card brings back (and offers two). The heading now ends in the widget's
    own question and names both cards it offers; the check whether a pair is free is done on paper."""
    task = worksheet("raeumab", lang).task(9).task
    heading = heading_before("9", lang)
    assert [o["label"] for o in task["options"]] == [o.label for o in worksheet("raeumab", lang).spec("9").options]
    assert all(o["label"] in heading for o in task["options"]), heading
    assert questions(heading) == [task["question"]], (questions(heading), task["question"])
    assert PAPER[lang] in heading
