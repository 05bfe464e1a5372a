"""The student's worksheet never tells how to reveal every solution (issue 26: each sheet printed
``worksheet(..., solutions=True)`` and ``%env CHEMGAMES_SOLUTIONS=1`` for everyone to read); the
teacher's lesson plan (README) says it."""
from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
SHEETS = sorted([*LESSONS.glob("*/arbeitsblatt.ipynb"), *LESSONS.glob("*/worksheet.ipynb")])
REVEAL = ("solutions=True", "CHEMGAMES_SOLUTIONS", "solutions = True")


def test_there_are_sheets():
    assert len(SHEETS) == 12


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_student_sheet_does_not_say_how_to_reveal_the_solutions(sheet):
    nb = nbformat.read(sheet, as_version=4)
    text = "\n".join(c.source for c in nb.cells)
    assert not [w for w in REVEAL if w in text], f"{sheet}: the sheet tells students how to see every solution"
    plan = sheet.parent / ("README.md" if sheet.name == "arbeitsblatt.ipynb" else "README.en.md")
    assert "solutions=True" in plan.read_text("utf-8"), f"{plan}: the teacher's plan must say it"
