"""The front-end files: where they are (source checkout or wheel) and how they become one module.

anywidget loads a widget's ES module from a string, so relative ``import`` lines cannot resolve in
the browser. The front end is written as small modules that follow two rules, which lets this
module link them by concatenation (no bundler, no CDN, works offline):

* imports are single lines ``import { a, b } from "./shared/x.js";``
* exports are declarations ``export function f`` / ``export const c``; names are unique
  across files; only the entry module has ``export default``.

>>> "export default" in esm("chemiekarten")
True
>>> esm("chemiekarten").count("export default")
1
"""
from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from pathlib import Path

_IMPORT = re.compile(r'^import\s*\{([^}]*)\}\s*from\s*"(\./[^"]+)";\s*$', re.M)
_EXPORT = re.compile(r"^export\s+(?=(?:async\s+)?function|const|let|class)", re.M)


def frontend_dir() -> Path:
    """The folder of the ES modules and stylesheets: ``chemgames/_frontend`` in a wheel,
    the repository's ``widgets/`` folder in a source checkout (editable install)."""
    packaged = Path(str(resources.files("chemgames"))) / "_frontend"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent.parent / "widgets"


def _link(path: Path, seen: list[Path]) -> None:
    path = path.resolve()
    if path in seen:
        return
    text = path.read_text("utf-8")
    for _, target in _IMPORT.findall(text):
        _link((path.parent / target), seen)
    seen.append(path)


@lru_cache(maxsize=None)
def esm(entry: str) -> str:
    """One ES module: the shared components ``entry`` imports, then ``widgets/<entry>.js``."""
    root = frontend_dir()
    order: list[Path] = []
    _link(root / f"{entry}.js", order)
    parts = []
    for path in order:
        text = _IMPORT.sub("", path.read_text("utf-8"))
        if path.name != f"{entry}.js":
            text = _EXPORT.sub("", text)
        parts.append(f"// ---- {path.relative_to(root.resolve()) if path.is_relative_to(root.resolve()) else path.name}\n{text}")
    return "\n".join(parts)


@lru_cache(maxsize=None)
def css(entry: str) -> str:
    """The shared stylesheet, the stylesheets of the shared components ``entry`` imports
    (``shared/x.css`` beside ``shared/x.js``), then ``widgets/<entry>.css``.

    >>> ".cx-card" in css("chemuno") and ".cx-card" not in css("chemiekarten")
    True
    """
    root = frontend_dir()
    order: list[Path] = []
    _link(root / f"{entry}.js", order)
    files = [root / "shared" / "base.css"]
    files += [p.with_suffix(".css") for p in order if p.name != f"{entry}.js"]
    files.append(root / f"{entry}.css")
    return "\n".join(f.read_text("utf-8") for f in files if f.is_file())
