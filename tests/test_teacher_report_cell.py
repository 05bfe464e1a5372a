"""The teacher finds the class report where they work: at the end of each game's teacher notebook
(``notebooks/lehrkraefte/<game>.ipynb``) and in each lesson plan's closing section.

A teacher who had just run a lesson read six teacher notebooks and twelve lesson plans without a
cell that shows what the class learned; only the plans named ``chemgames.report()``, and only for
class tables, while the plans' own play phase is games against bots in the students' notebooks,
whose record reaches the teacher only when handed in. Each notebook now ends with a section (German
and English) and a cell that runs: without a record it says where it looked (nbval runs it with
none), with the server's record a few folders up it shows that lesson.
"""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest

from test_report_slips import _record  # Mia and Ali's three moves at Räum-Ab!, recorded as the server does

ROOT = Path(__file__).resolve().parents[1]
TEACHER = sorted((ROOT / "notebooks" / "lehrkraefte").glob("*.ipynb"))
LESSONS = sorted((ROOT / "lessons").glob("*/README*.md"))
REPORT_CALL = re.compile(r"^chemgames\.report\(", re.M)


def cells(path: Path) -> list[dict[str, Any]]:
    out = json.loads(path.read_text("utf-8"))["cells"]
    for c in out:
        c["text"] = c["source"] if isinstance(c["source"], str) else "".join(c["source"])
    return out


def report_cell(path: Path) -> str:
    found = [c["text"] for c in cells(path) if c["cell_type"] == "code" and REPORT_CALL.search(c["text"])]
    assert found, f"{path.name}: no cell calls chemgames.report()"
    return found[-1]


def run_cell(source: str) -> Any:
    """The cell's last expression's value, as the notebook shows it."""
    tree = ast.parse(source)
    last = tree.body.pop()
    assert isinstance(last, ast.Expr), source
    scope: dict[str, Any] = {}
    exec(compile(tree, "<cell>", "exec"), scope)
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), scope)


def test_there_are_six_teacher_notebooks_and_twelve_plans() -> None:
    assert len(TEACHER) == 6 and len(LESSONS) == 12


@pytest.mark.parametrize("path", TEACHER, ids=lambda p: p.stem)
def test_each_teacher_notebook_ends_with_the_class_report_in_both_languages(path: Path) -> None:
    found = cells(path)
    assert found[-1]["cell_type"] == "code" and REPORT_CALL.search(found[-1]["text"]), \
        f"{path.name}: the report is not the notebook's last cell (the end of the lesson)"
    words = found[-2]["text"]
    assert found[-2]["cell_type"] == "markdown", path.name
    for needed in ("Nach der Stunde", "After the lesson", "Namen zeigen", "chemgames-record.db",
                   "chemgames.record.hand_in()", "folder=", "db="):
        assert needed in words, (path.name, needed)


def test_the_report_cell_runs_without_a_class_and_says_where_it_looked(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    here = tmp_path / "w" / "x" / "notebooks" / "lehrkraefte"
    here.mkdir(parents=True)
    monkeypatch.chdir(here)
    for path in TEACHER:
        w = run_cell(report_cell(path))
        assert w.error.startswith("Keine Aufzeichnung"), (path.name, w.error)
        assert str(here) in w.error and "drei Ordner" in w.error, w.error  # where it looked, all of it
        assert "hand_in" in w.error and "folder=" in w.error, w.error  # the other way a record comes
        assert not list(tmp_path.rglob("chemgames-record.db"))


def test_the_report_cell_shows_the_lesson_of_the_servers_record_above_it(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    _record(tmp_path / "chemgames-record.db")  # where `chemgames serve` was started
    here = tmp_path / "chemgames-workspace" / "notebooks" / "lehrkraefte"  # `chemgames lab` beside it
    here.mkdir(parents=True)
    monkeypatch.chdir(here)
    w = run_cell(report_cell(TEACHER[0]))
    assert not w.error and len(w.report["students"]) == 2 and "7b" in w.report["lesson"], (w.error, w.report["summary"])


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: f"{p.parent.name}-{p.name}")
def test_each_lesson_plan_says_when_and_how_to_open_the_report(path: Path) -> None:
    text = path.read_text("utf-8")
    heading = "## Nach der Stunde" if path.name == "README.md" else "## After the lesson"
    assert heading in text, path
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    # where: the teacher notebook's last cell; how, for the plan's own play phase (the students' own
    # notebooks) and for class tables; the names hidden on the projector
    assert re.search(r"\(\.\./\.\./notebooks/lehrkraefte/\w+\.ipynb\)", section), section
    assert "chemgames.record.name(" in section and "hand_in()" in section and "folder=" in section, section
    assert "chemgames serve" in section and "chemgames-record.db" in section, section
    assert ("Namen zeigen" in section) and ("ausgeblendet" in section if path.name == "README.md" else "hidden" in section)
    # when: the plan's closing phase names it
    row = next((line for line in text.splitlines() if line.startswith("| 40–45 |")), "")
    assert "chemgames.report" in row or "Klassenbericht" in row or "class report" in row, (path, row)
