"""The play page: a student's start of a game without JupyterLab (``play.html?game=<id>``).

The notebook needs JupyterLab's page (~4 of the warm start's 8.5 processor seconds) and a Jupyter
kernel in Pyodide (IPython, ipykernel, jedi: ~360 modules) before a game's first line runs. The
play page loads only Pyodide, in a web worker, with the game's wheels from the same content-named
runtime folder (cached for a year, ``build.versioned``), runs the game notebook's own code there and
draws the widget it makes with the game's own front end (``widgets/``), linked by
``playbridge.py`` instead of the kernel's comms. The notebook stays, one click away, for
teachers and for code.

>>> nb = {"cells": [{"cell_type": "markdown", "source": "# X"},
...                 {"cell_type": "code", "source": ["from chemgames.widgets import play\\n", "play()"]}]}
>>> game_code(nb)
'from chemgames.widgets import play\\nplay()'
>>> game_code({"cells": [{"cell_type": "code", "source": "%pip install x"}]})
''
"""
from __future__ import annotations

import base64
import hashlib
import html
import json
import zipfile
from pathlib import Path
from typing import Sequence

from .bytecode import SITE_PACKAGES
from .content import Entry

HERE = Path(__file__).parent
PAGE = "play.html"
#: the worker's file in the site: ``play-worker-<16 hex digits of its sha256>.js`` (``worker_name``)
WORKER = "play-worker-{}.js"


def worker_name(text: str) -> str:
    """The worker's file name, named for its content: a browser keeps it for a year
    (``serve.immutable``) and a new build's page (revalidated on every visit) names the new one, so
    a page never runs with the worker of another build.

    >>> worker_name("x")
    'play-worker-2d711642b726b044.js'
    """
    return WORKER.format(hashlib.sha256(text.encode("utf-8")).hexdigest()[:16])


def game_code(nb: dict) -> str:
    """A game notebook's code cells joined, without IPython's magics and shell lines."""
    parts = []
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        lines = [ln for ln in source.splitlines() if not ln.lstrip().startswith(("%", "!"))]
        if any(ln.strip() for ln in lines):
            parts.append("\n".join(lines))
    return "\n".join(parts)


#: what the play page leaves out of the game's dependencies: IPython and what only it needs (the
#: page puts ``noipython``'s stand-ins in its place)
LEFT_OUT = ("ipython",)


def packages(lock: dict, root: str = "chemgames", left_out: tuple[str, ...] = LEFT_OUT) -> list[str]:
    """The wheels of Pyodide's ``lock`` the play page loads: ``root`` and what it depends on,
    not following ``left_out``.

    >>> lock = {"packages": {"chemgames": {"depends": ["ipywidgets", "babel"]}, "babel": {"depends": []},
    ...         "ipywidgets": {"depends": ["ipython", "comm"]}, "comm": {"depends": []}, "ipython": {"depends": ["jedi"]},
    ...         "jedi": {"depends": []}}}
    >>> packages(lock)
    ['babel', 'chemgames', 'comm', 'ipywidgets']
    """
    found: set[str] = set()
    todo = [root]
    while todo:
        name = todo.pop()
        if name in found or name in left_out:
            continue
        found.add(name)
        todo += lock["packages"][name].get("depends", [])
    return sorted(found)


def bundle(runtime: Path, lock: dict, names: Sequence[str]) -> dict[str, str]:
    """One archive of the wheels ``names`` (Pyodide's ``lock`` names their files in ``runtime``), every
    member *stored*, written into ``runtime`` as ``play-<16 hex digits of its sha256>.zip``; its
    ``file`` and its ``integrity`` (the browser checks the sha256 as it fetches it).

    The play page unpacks it in its worker in JavaScript straight into Python's ``site-packages``
    (``play_worker.js``): Pyodide's ``loadPackage`` of the nine wheels unpacked them with Python's
    ``zipfile`` one after the other (0.4-1.7 s of a warm start at load 16-18; the bundle 0.08-0.28
    s). The name changes with the content, so a browser keeps it for a year and a new build's page
    asks for the new one (``serve.immutable``).

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> for name in ("a", "b"):
    ...     with zipfile.ZipFile(d / f"{name}-1-py3-none-any.whl", "w", zipfile.ZIP_DEFLATED) as z:
    ...         z.writestr(f"{name}/__init__.py", f"X = {name!r}\\n")
    >>> lock = {"packages": {n: {"file_name": f"{n}-1-py3-none-any.whl"} for n in ("a", "b")}}
    >>> made = bundle(d, lock, ["b", "a"])
    >>> made["file"].startswith("play-") and made["integrity"].startswith("sha256-")
    True
    >>> with zipfile.ZipFile(d / made["file"]) as z: [(i.filename, i.compress_type) for i in z.infolist()]
    [('a/__init__.py', 0), ('b/__init__.py', 0)]
    """
    seen: set[str] = set()
    tmp = runtime / "play-bundle.tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_STORED) as out:
        for name in sorted(names):
            with zipfile.ZipFile(runtime / lock["packages"][name]["file_name"]) as wheel:
                for item in wheel.infolist():
                    if item.is_dir():
                        continue
                    if item.filename in seen:
                        raise ValueError(f"{item.filename} is in two of the play page's wheels")
                    seen.add(item.filename)
                    member = zipfile.ZipInfo(item.filename, item.date_time)
                    member.external_attr, member.compress_type = item.external_attr, zipfile.ZIP_STORED
                    out.writestr(member, wheel.read(item))
    digest = hashlib.sha256(tmp.read_bytes()).digest()
    target = runtime / f"play-{digest.hex()[:16]}.zip"
    tmp.replace(target)
    return {"file": target.name, "integrity": "sha256-" + base64.b64encode(digest).decode()}


def play_href(game: str) -> str:
    """The start page's link to a game's play page."""
    return f"{PAGE}?game={game}"


def games(entries: list[Entry], files: Path) -> dict[str, dict[str, str]]:
    """Every game notebook with code: its title, its code and its notebook's address, by game id."""
    out = {}
    for e in entries:
        if e.kind != "game":
            continue
        code = game_code(json.loads((files / e.path).read_text("utf-8")))
        if code:
            out[e.game] = {"title": e.title, "code": code, "notebook": f"lab/index.html?path={e.path}"}
    return out


_CSS = """body{font:16px/1.4 system-ui,sans-serif;margin:0;padding:.5rem 1rem;color:#111;background:#fff}
header{display:flex;gap:1rem;align-items:baseline;flex-wrap:wrap} h1{font-size:1.2rem;margin:.2rem 0}
header a{color:#0645ad} a:focus{outline:3px solid #f5a000;outline-offset:2px}
#cg-status{font-size:1.1rem;margin:2rem 0} #cg-status.cg-failed{color:#a00;white-space:pre-wrap}
.cg-game-words p{margin:.3rem 0} .cg-game-words:empty,#cg-play:has(.cg-game-view) .cg-game-words{display:none}"""


def element_table(lock: dict) -> str:
    """periodictable's element facts as JSON for the play page's stand-in (``elementtable``), made
    from the build's periodictable when it is the version the site carries (Pyodide's ``lock``);
    else ``""``: the page imports the real one.

    >>> import periodictable
    >>> json.loads(element_table({"packages": {"periodictable": {"version": periodictable.__version__}}}))["symbols"]["O"]
    [8, 'oxygen', 15.999, 1.14]
    >>> element_table({"packages": {"periodictable": {"version": "0.1"}}})
    ''
    """
    from .elementtable import table

    made = table()
    carried = lock["packages"].get("periodictable", {}).get("version")
    return json.dumps(made, separators=(",", ":")) if made["source"] == f"periodictable {carried}" else ""


def play_html(found: dict[str, dict[str, str]], runtime: str, words: dict[str, dict[str, str]],
              wheels: Sequence[str] = ("chemgames",), archive: dict[str, str] | None = None,
              worker: str = WORKER.format("0" * 16), elements: str = "") -> str:
    """The page: a heading, a status line while Python starts, the game in words as this browser kept them
    (``playbridge``: hidden beside a live board), the board; the games' code, the
    runtime's folder, the wheels' archive (``bundle``) and the element table (``element_table``) as
    JSON; the page's script (``play_page.js``) inline."""
    def both(key: str) -> str:
        return f'{html.escape(words["de"][key])} / {html.escape(words["en"][key])}'
    config = {"runtime": runtime.rstrip("/") + "/", "worker": worker, "games": found, "packages": list(wheels),
              "bundle": archive or {}, "site": SITE_PACKAGES, "elements": elements,
              "words": {"failed": f'{words["de"]["play_failed"]} / {words["en"]["play_failed"]}'}}
    data = json.dumps(config, ensure_ascii=False).replace("</", "<\\/")
    script = (HERE / "play_page.js").read_text("utf-8")
    return (f'<!doctype html>\n<html lang="de"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{html.escape(words["de"]["title"])}</title><link rel="icon" href="lab/favicon.ico">'
            f'<style>{_CSS}</style></head><body>'
            f'<header><h1 id="cg-title"></h1><a href="./">{both("play_back")}</a>'
            f'<a id="cg-notebook" href="lab/index.html">{both("play_notebook")}</a></header>'
            f'<main id="cg-play" aria-busy="true"><p id="cg-status" role="status">{both("play_loading")}</p>'
            f'<section id="cg-words" class="cg-game-words"></section><div id="cg-board"></div></main>'
            f'<script id="cg-play-config" type="application/json">{data}</script>'
            f'<script type="module">{script}</script></body></html>\n')


def write_bundle(runtime: Path) -> dict[str, str]:
    """The play page's archive (``bundle``) of its wheels (``packages`` of the lock in ``runtime``),
    written into ``runtime`` before the build names that folder for its content (``build.versioned``)."""
    lock = json.loads((runtime / "pyodide-lock.json").read_text("utf-8"))
    return bundle(runtime, lock, packages(lock))


def write_play(out: Path, entries: list[Entry], runtime: str, words: dict[str, dict[str, str]],
               archive: dict[str, str]) -> dict[str, dict[str, str]]:
    """Write ``play.html`` and its worker into the built site ``out`` (``archive``: its wheels, from
    ``write_bundle``, in the folder ``runtime``); return the games it plays."""
    found = games(entries, out / "files")
    lock = json.loads((out / runtime / "pyodide-lock.json").read_text("utf-8"))
    script = (HERE / "play_worker.js").read_text("utf-8")
    (out / worker_name(script)).write_text(script, "utf-8")
    (out / PAGE).write_text(play_html(found, runtime, words, packages(lock), archive, worker_name(script),
                                      element_table(lock)), "utf-8")
    return found
