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
def css(entry: str, scope: str | None = None) -> str:
    """The shared stylesheet, the stylesheets of the shared components ``entry`` imports
    (``shared/x.css`` beside ``shared/x.js``), then ``widgets/<entry>.css``; with ``scope`` (a
    :func:`scope_class`) every rule applies only inside the element of that class (:func:`scoped`).

    >>> ".cx-card {" in css("chemuno") and ".cx-card {" not in css("chemiekarten")
    True
    >>> ".cg-w-k .cg-card-btn" in css("chemiekarten", "cg-w-k")
    True
    """
    root = frontend_dir()
    order: list[Path] = []
    _link(root / f"{entry}.js", order)
    files = [root / "shared" / "base.css"]
    files += [p.with_suffix(".css") for p in order if p.name != f"{entry}.js"]
    files.append(root / f"{entry}.css")
    text = "\n".join(f.read_text("utf-8") for f in files if f.is_file())
    return scoped(text, scope or "")


# ---- scoped styles ------------------------------------------------------------------------------
# anywidget puts a widget class's ``_css`` into the page's <head> (one <style id="module.Class">),
# where it applies to the whole JupyterLab page: a rule of one widget (the table widget hiding its
# "save" and "new game" buttons, Das Chemie-Kartenspiel's blue ``.cg-badge``) reached every other
# game widget on the page. So every rule is scoped to a class that only the widget's own element
# carries (the front end's ``scopeElement`` sets it from the synced ``_anywidget_id``).

_COMMENT = re.compile(r"/\*.*?\*/", re.S)
# at-rules whose block holds style rules (scoped inside); others (@keyframes, @font-face) stay as they are
_NESTING_AT = ("@media", "@supports", "@container", "@layer")


def scope_class(anywidget_id: str) -> str:
    """The class that scopes the styles of the widget class ``anywidget_id`` (``module.Class``);
    ``dom.js``'s ``scopeClass`` computes the same from the synced ``_anywidget_id``.

    >>> scope_class("chemgames.widgets.table.TableChemieKartenWidget")
    'cg-w-chemgames-widgets-table-TableChemieKartenWidget'
    """
    return "cg-w-" + re.sub(r"[^A-Za-z0-9_-]", "-", anywidget_id)


def widget_scope(cls: type) -> str:
    """The scope class of a widget class, from the id anywidget gives it (``module.Class``)."""
    return scope_class(f"{cls.__module__}.{cls.__name__}")


def _split_top(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside parentheses and brackets (selector lists, ``:is(a, b)``)."""
    parts: list[str] = []
    depth = 0
    cur: list[str] = []
    for ch in text:
        depth += ch in "([" and 1 or ch in ")]" and -1 or 0
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


def _scope_selector(selector: str, scope: str) -> str:
    sel = selector.strip()
    if "&" in sel:  # "&.cg-large > .cg-root": a state of the widget's own element
        return sel.replace("&", scope)
    return f"{scope} {sel}" if scope else sel


def scoped(text: str, scope_cls: str) -> str:
    """Every style rule of ``text`` limited to the elements inside an element of class ``scope_cls``
    (``&`` in a selector names that element itself); rules inside ``@media``/``@supports`` too.
    An empty ``scope_cls`` leaves the rules page-wide (``&`` dropped).

    >>> scoped(".a, .b > i { color: red }\\n&.big .a { zoom: 2 }", "cg-w-x")
    '.cg-w-x .a, .cg-w-x .b > i { color: red }\\n.cg-w-x.big .a { zoom: 2 }'
    >>> scoped("@media (max-width: 800px) { .a { x: 1 } } @keyframes s { to { y: 2 } }", "k")
    '@media (max-width: 800px) {.k .a { x: 1 }} @keyframes s { to { y: 2 } }'
    >>> scoped("&.big .a { zoom: 2 }", "")
    '.big .a { zoom: 2 }'
    """
    text = _COMMENT.sub("", text)
    scope = "." + scope_cls if scope_cls else ""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        brace = text.find("{", i)
        semi = text.find(";", i)
        if brace < 0:
            out.append(text[i:])
            break
        head = text[i:brace]
        if head.lstrip().startswith("@") and 0 <= semi < brace:  # @import ...; @charset ...;
            out.append(text[i:semi + 1])
            i = semi + 1
            continue
        # the matching closing brace
        depth, j = 0, brace
        while j < n:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            if depth == 0:
                break
            j += 1
        body = text[brace + 1:j]
        lead = head[:len(head) - len(head.lstrip())]
        at = head.strip()
        if at.startswith(_NESTING_AT):
            out.append(f"{lead}{at} {{{scoped(body, scope_cls).strip()}}}")
        elif at.startswith("@"):
            out.append(text[i:j + 1])
        else:
            sels = ", ".join(_scope_selector(s, scope) for s in _split_top(at, ","))
            out.append(f"{lead}{sels} {{{body}}}")
        i = j + 1
    return "".join(out)
