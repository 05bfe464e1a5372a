"""What a teacher or student reads in the lessons (plans, worksheets) and the game notebooks is true
of the code and of chemistry today (session 26, s26h): no half-merged text, every button, label and
message quoted in a plan is one the widgets and engines show, and every fact a worksheet or plan
states is checked against a source independent of the engine."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MARKER = re.compile(r"^(?:<{7}|>{7})(?: |$)|^={7}$", re.M)


def tracked_texts() -> list[Path]:
    out = subprocess.run(["git", "ls-files", "*.md", "*.ipynb", "*.py", "*.json", "*.js", "*.toml", "*.txt"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return [ROOT / p for p in out if (ROOT / p).is_file()]


def test_no_text_holds_an_unresolved_merge():
    """Five English lesson plans showed both sides of a merge (``<<<<<<< HEAD`` … ``>>>>>>> s23d``)
    to teachers since session 23."""
    files = tracked_texts()
    assert any(p.name == "README.en.md" for p in files)
    bad = [p.relative_to(ROOT).as_posix() for p in files if MARKER.search(p.read_text("utf-8", errors="replace"))]
    assert not bad, f"unresolved merge markers in {bad}"


def test_the_marker_check_can_fail():
    assert MARKER.search("text\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> s23d\n")
    assert not MARKER.search("| a | b |\n|===|===|\n======== heading\n")
