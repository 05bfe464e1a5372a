"""The notebooks a site serves: every game notebook and lesson, found on disk, made clean.

Clean means: no outputs, no execution counts, no saved widget state, the Pyodide kernel.

>>> nb = {"metadata": {"widgets": {"x": 1}, "kernelspec": {"name": "python3"}},
...       "cells": [{"cell_type": "code", "source": "1", "outputs": [{"output_type": "stream"}],
...                  "execution_count": 3, "metadata": {"execution": {}, "tags": ["t"]}}]}
>>> clean = clean_notebook(nb)
>>> clean["metadata"]["kernelspec"]["name"], clean["cells"][0]["outputs"], clean["cells"][0]["metadata"]
('python', [], {'tags': ['t']})
>>> problems(clean)
[]
>>> problems(nb)[:2]
['saved widget state', 'kernel python3, not the Pyodide kernel']
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from pathlib import Path

#: the kernelspec of ``@jupyterlite/pyodide-kernel``
PYODIDE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
_CELL_META_DROP = ("execution", "collapsed", "scrolled", "widgets")
#: the folder of ``notebooks/`` that holds each game's demonstrations and scripts for teachers
TEACHERS = "lehrkraefte"
#: what a site (and ``chemgames lab``'s workspace) holds: the notebooks, the lessons, and the rules as
#: implemented, which the lesson plans link (``../../docs/rules/<game>.md`` resolves in all three places)
CONTENT_FOLDERS = ("notebooks", "lessons", "docs/rules")


@dataclass(frozen=True)
class Entry:
    """One notebook of the site: its path in the site and what the index calls it."""

    path: str  # e.g. "notebooks/chemiekarten.ipynb" or "lessons/chemiekarten/arbeitsblatt.ipynb"
    title: str
    game: str  # the game id (the notebook's stem, or the lesson's folder); "" for the index
    kind: str  # "game", "teachers" (``notebooks/lehrkraefte/<game>.ipynb``), "lesson" or "index"


def clean_notebook(nb: dict) -> dict:
    """A copy of ``nb`` without outputs or widget state, set to the Pyodide kernel."""
    nb = copy.deepcopy(nb)
    meta = nb.setdefault("metadata", {})
    meta.pop("widgets", None)
    meta["kernelspec"] = dict(PYODIDE_KERNELSPEC)
    meta["language_info"] = {"name": "python"}
    for cell in nb.get("cells", []):
        cell["metadata"] = {k: v for k, v in cell.get("metadata", {}).items() if k not in _CELL_META_DROP}
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    return nb


def problems(nb: dict) -> list[str]:
    """What keeps ``nb`` from being a clean site notebook (empty when it is clean)."""
    found = []
    if "widgets" in nb.get("metadata", {}):
        found.append("saved widget state")
    kernel = nb.get("metadata", {}).get("kernelspec", {}).get("name")
    if kernel != PYODIDE_KERNELSPEC["name"]:
        found.append(f"kernel {kernel}, not the Pyodide kernel")
    for i, cell in enumerate(nb.get("cells", [])):
        if cell.get("outputs"):
            found.append(f"cell {i} has outputs")
        if cell.get("execution_count") is not None:
            found.append(f"cell {i} has an execution count")
        if "widgets" in cell.get("metadata", {}):
            found.append(f"cell {i} has widget state")
    return found


def title_of(nb: dict, fallback: str) -> str:
    """The first Markdown heading of a notebook, else ``fallback``.

    >>> title_of({"cells": [{"cell_type": "markdown", "source": ["Intro\\n", "# Ein Spiel / A game\\n"]}]}, "x")
    'Ein Spiel / A game'
    """
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        for line in source.splitlines():
            if line.startswith("#"):
                return line.lstrip("#").strip()
    return fallback


def discover(root: Path) -> list[Path]:
    """Every notebook under ``root/notebooks`` and ``root/lessons`` (sorted; no checkpoints)."""
    found = []
    for folder in ("notebooks", "lessons"):
        base = root / folder
        if base.is_dir():
            found += [p for p in base.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts]
    return sorted(found, key=lambda p: p.relative_to(root).as_posix())


def copy_content(root: Path, dest: Path) -> list[Entry]:
    """Write clean copies of every notebook and the other files of ``notebooks/``, ``lessons/``
    (lesson plans, data) and ``docs/rules/`` into ``dest``; return the notebooks as entries."""
    entries = []
    for folder in CONTENT_FOLDERS:
        base = root / folder
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if path.is_dir() or ".ipynb_checkpoints" in path.parts or path.name.startswith("."):
                continue
            rel = path.relative_to(root).as_posix()
            out = dest / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            if path.suffix != ".ipynb":
                out.write_bytes(path.read_bytes())
                continue
            nb = json.loads(path.read_text("utf-8"))
            out.write_text(json.dumps(clean_notebook(nb), ensure_ascii=False, indent=1) + "\n", "utf-8")
            parts = path.relative_to(base).parts
            if folder == "lessons":
                kind, game = "lesson", parts[0] if len(parts) > 1 else path.stem
            elif path.stem == "index":
                kind, game = "index", ""
            elif len(parts) > 1 and parts[0] == TEACHERS:
                kind, game = "teachers", path.stem
            else:
                kind, game = "game", path.stem
            entries.append(Entry(rel, title_of(nb, path.stem), game, kind))
    return entries
