"""mypy on a few lines of a test against this checkout's ``chemgames`` (a few seconds, its own cache): what a
caller of the typed contracts sees (``test_apply_types_s24g``, ``test_hint_types_s25h``)."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import chemgames

ROOT = Path(chemgames.__file__).resolve().parent.parent


def run_mypy(tmp_path: Path, snippet: str) -> str:
    """What mypy says of ``snippet`` (dedented) as ``caller.py``: its notes and errors."""
    path = tmp_path / "caller.py"
    path.write_text(textwrap.dedent(snippet), "utf-8")
    out = subprocess.run([sys.executable, "-m", "mypy", "--config-file", "/dev/null", "--ignore-missing-imports",
                          "--follow-imports=silent", "--no-error-summary", "--cache-dir", str(tmp_path / "cache"),
                          str(path)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    return out.stdout + out.stderr
