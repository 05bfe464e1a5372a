"""The site's start page: every game with its notebook and lessons, each with a reset button.

The page keeps JupyterLite's configuration element (the app reads it from the site's root page)
and takes its words from ``page.json`` (German and English side by side).

>>> from chemgames.lite.content import Entry
>>> page = index_html([Entry("notebooks/x.ipynb", "X-Spiel", "x", "game"),
...                    Entry("lessons/x/a.ipynb", "Blatt A", "x", "lesson")],
...                   '<script id="jupyter-config-data" type="application/json">{}</script>')
>>> 'href="lab/index.html?path=notebooks/x.ipynb"' in page, 'data-reset="lessons/x/a.ipynb"' in page
(True, True)
>>> 'href="play.html?game=x"' in index_html([Entry("notebooks/x.ipynb", "X-Spiel", "x", "game")], "<script id=x></script>", play={"x"})
True
>>> page.count('id="jupyter-config-data"')
1
>>> '<link rel="prefetch" href="static/pyodide/a.whl">' in index_html([], "<script id=x></script>", ["static/pyodide/a.whl"])
True
"""
from __future__ import annotations

import html
import json
import re
from itertools import groupby
from typing import Container, Sequence
from pathlib import Path

from .content import Entry

CATALOG = Path(__file__).with_name("page.json")
LANGS = ("de", "en")
_CONFIG = re.compile(r'<script id="jupyter-config-data".*?</script>', re.S)

# Deleting a notebook's key from JupyterLite's browser storage (IndexedDB, every object store of
# every "JupyterLite Storage" database) brings back the copy the server holds.
_RESET_JS = """
const T = JSON.parse(document.getElementById('cg-words').textContent);
// Over http:// from another computer (a school's server without https) the page is no secure context:
// the browser starts no service worker, and JupyterLite's kernel then mounts no storage, so whatever a
// notebook's Python writes (the notebook's changes, its saves, a hand-in) is gone with the tab. Said
// at the top, in place of the line that promises the opposite (the play page keeps its saves either way).
// What matters is the service worker: a secure context can lack it too (a private window of Firefox has
// no navigator.serviceWorker; a browser that blocks the site's storage refuses its calls), and there a
// short general warning says the same without blaming the address (Firefox with the site's cookies
// blocked throws already on reading navigator.serviceWorker: caught, so the rest of this script runs).
function noStorage(box) {
  document.getElementById(box).hidden = false;
  document.getElementById('cg-storage').hidden = true;
}
if (!window.isSecureContext) noStorage('cg-insecure');
else if (!('serviceWorker' in navigator)) noStorage('cg-noworker');
else {
  try { navigator.serviceWorker.getRegistration().catch(() => noStorage('cg-noworker')); }
  catch (e) { noStorage('cg-noworker'); }
}
function say(key, path) { return T.map(t => t[key].replace('{path}', path)).join(' / '); }
function openDb(name) { return new Promise((ok, no) => { const r = indexedDB.open(name); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); }); }
function del(db, store, key) { return new Promise((ok, no) => { const tx = db.transaction(store, 'readwrite'); const s = tx.objectStore(store);
  const g = s.getKey(key); g.onsuccess = () => { const had = g.result !== undefined; s.delete(key); tx.oncomplete = () => ok(had); }; tx.onerror = () => no(tx.error); }); }
async function resetNotebook(path) {
  let had = false;
  for (const info of await indexedDB.databases()) {
    if (!info.name || !info.name.startsWith('JupyterLite Storage')) continue;
    const db = await openDb(info.name);
    for (const store of db.objectStoreNames) { if (await del(db, store, path)) had = true; }
    db.close();
  }
  return had;
}
for (const b of document.querySelectorAll('button[data-reset]')) {
  b.addEventListener('click', async () => {
    const path = b.dataset.reset;
    if (!window.confirm(say('reset_confirm', path))) return;
    const had = await resetNotebook(path);
    const note = document.getElementById('cg-status');
    note.textContent = say(had ? 'reset_done' : 'reset_none', path);
  });
}
// A click on a game's title while the start page still fetches what the play page loads (the
// runtime and the game's archive, <link rel="prefetch">) opens the play page once those downloads
// are done: a play page opened in the middle of them fetched all four large files again in about one
// cold start of four (17.3 MB instead of 8.8, issue 28), and its module import never joined a
// prefetch still under way. The status line says what it waits for; a browser that does not
// prefetch, a click for a new tab or 30 s without an end open the page at once.
const prefetches = document.createElement('link').relList.supports('prefetch')
  ? [...document.querySelectorAll('link[rel="prefetch"]')] : [];
const fetched = new Set();
let target = null;
let timer = null;
function unfinished() {
  return prefetches.filter((l) => !fetched.has(l.href) && !performance.getEntriesByName(l.href).some((e) => e.responseEnd > 0));
}
function go() {
  if (target === null) return;
  const where = target;
  target = null;
  clearTimeout(timer);
  location.href = where;
}
for (const l of prefetches) {
  for (const kind of ['load', 'error']) l.addEventListener(kind, () => { fetched.add(l.href); if (!unfinished().length) go(); });
}
for (const a of document.querySelectorAll('a.cg-play')) {
  a.addEventListener('click', (e) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !unfinished().length) return;
    e.preventDefault();
    target = a.href;
    document.getElementById('cg-status').textContent = say('play_fetching', '');
    clearTimeout(timer);
    timer = setTimeout(go, 30000);
  });
}
"""

_CSS = """body{font:16px/1.5 system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#111}
h1{font-size:1.6rem} .en{color:#444;font-style:italic} section{border:1px solid #bbb;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
a{color:#0645ad} button{font:inherit;margin-left:.5rem;cursor:pointer} a:focus,button:focus{outline:3px solid #f5a000;outline-offset:2px}
li{margin:.3rem 0} #cg-status{font-weight:bold;min-height:1.5em}
.cg-warn{border:3px solid #b35900;background:#fff3e0;border-radius:6px;padding:.25rem 1rem;margin:1rem 0} .cg-warn .en{color:#333}"""


_LABEL = {"game": "play", "teachers": "teachers", "lesson": "lessons"}


def words() -> dict[str, dict[str, str]]:
    return json.loads(CATALOG.read_text("utf-8"))


def _both(w: dict, key: str) -> str:
    return f'{html.escape(w["de"][key])} <span class="en" lang="en">/ {html.escape(w["en"][key])}</span>'


def _item(e: Entry, w: dict, label: str, play: Container[str] = ()) -> str:
    path = html.escape(e.path, quote=True)
    if e.kind == "game" and e.game in play:  # the play page first (no JupyterLab: play.py), the notebook beside it
        return (f'<li>{label}: <a class="cg-play" href="play.html?game={html.escape(e.game, quote=True)}">{html.escape(e.title)}</a>'
                f' · <a href="lab/index.html?path={path}">{html.escape(w["de"]["notebook"])}</a>'
                + _reset(path, w) + '</li>')
    return (f'<li>{label}: <a href="lab/index.html?path={path}">{html.escape(e.title)}</a>' + _reset(path, w) + '</li>')


def _reset(path: str, w: dict) -> str:
    return (f'<button type="button" data-reset="{path}" title="{html.escape(w["de"]["reset"])} / {html.escape(w["en"]["reset"])}: {path}">'
            f'↺ {html.escape(w["de"]["reset"])} / {html.escape(w["en"]["reset"])}</button>')


def sections_of(entries: list[Entry]) -> dict[str, str]:
    """The start page's section of each game id: a lesson folder named for a game whose notebook
    has a longer name (``lessons/chemix`` beside ``notebooks/chemix_classic.ipynb``) joins that game.

    >>> sections_of([Entry("notebooks/chemix_classic.ipynb", "ChemiX", "chemix_classic", "game"),
    ...              Entry("lessons/chemix/a.ipynb", "A", "chemix", "lesson"), Entry("lessons/y/b.ipynb", "B", "y", "lesson")])
    {'chemix_classic': 'chemix_classic', 'chemix': 'chemix_classic', 'y': 'y'}
    """
    games = [e.game for e in entries if e.kind == "game"]
    out: dict[str, str] = {}
    for e in entries:
        if e.game in out:
            continue
        longer = [g for g in games if g.startswith(f"{e.game}_")]
        out[e.game] = longer[0] if e.game not in games and len(longer) == 1 else e.game
    return out


def lesson_folders(entries: list[Entry]) -> list[str]:
    """The lesson folders of ``entries``' worksheets: each holds its plan, ``README.md`` (German) and
    ``README.en.md`` (English); ``tests/test_lesson_links.py`` checks that the site has both.

    >>> lesson_folders([Entry("lessons/x/a.ipynb", "A", "x", "lesson"), Entry("lessons/x/b.ipynb", "B", "x", "lesson")])
    ['lessons/x']
    """
    return sorted({e.path.rsplit("/", 1)[0] for e in entries if e.kind == "lesson" and "/" in e.path})


def _plans(folder: str, w: dict) -> str:
    links = " · ".join(f'<a href="lab/index.html?path={html.escape(folder, quote=True)}/{name}" lang="{lang}">'
                       f'{html.escape(w["de"][f"plan_{lang}"])}</a>' for lang, name in (("de", "README.md"), ("en", "README.en.md")))
    return f"<li>{_both(w, 'plan')}: {links}</li>"


def index_html(entries: list[Entry], config_script: str, prefetch: Sequence[str] = (), play: Container[str] = ()) -> str:
    """The start page, from the notebooks found and JupyterLite's configuration element.
    ``prefetch``: files (paths from the site's root) the browser fetches into its cache while the
    student reads the page (``<link rel="prefetch">``): the kernel's runtime and wheels, which
    the game's page then finds there instead of waiting for the class's network. ``play``: the
    games with a play page (``play.py``), which their titles link; their notebooks are linked beside."""
    w = words()
    sections = []
    overview = [e for e in entries if e.kind == "index"]
    if overview:
        sections.append("<section><ul>" + "".join(_item(e, w, _both(w, "overview")) for e in overview) + "</ul></section>")
    section = sections_of(entries)
    games = sorted((e for e in entries if e.kind != "index"), key=lambda e: (section[e.game], e.kind != "game", e.path))
    for game, group in groupby(games, key=lambda e: section[e.game]):
        items = list(group)
        heading = next((e.title for e in items if e.kind == "game"), game)
        rows = "".join(_item(e, w, _both(w, _LABEL.get(e.kind, "lessons")), play) for e in items)
        rows += "".join(_plans(folder, w) for folder in lesson_folders(items))
        sections.append(f'<section aria-label="{html.escape(game)}"><h2>{html.escape(heading)}</h2><ul>{rows}</ul></section>')
    table = json.dumps([w[lang] for lang in LANGS], ensure_ascii=False).replace("</", "<\\/")
    return (f'<!doctype html>\n<html lang="de"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{html.escape(w["de"]["title"])} / {html.escape(w["en"]["title"])}</title>'
            f'<link rel="icon" href="lab/favicon.ico">'
            + "".join(f'<link rel="prefetch" href="{html.escape(p, quote=True)}">' for p in prefetch)
            + f'<style>{_CSS}</style>{config_script}</head><body>'
            f'<h1>{_both(w, "title")}</h1><p class="cg-start"><strong>{_both(w, "start")}</strong></p>'
            f'<div id="cg-insecure" class="cg-warn" role="alert" hidden><p><strong>⚠ {_both(w, "insecure")}</strong></p>'
            f'<p>{_both(w, "insecure_teacher")}</p></div>'
            f'<div id="cg-noworker" class="cg-warn" role="alert" hidden><p><strong>⚠ {_both(w, "no_worker")}</strong></p></div>'
            f'<p>{_both(w, "intro")}</p><p id="cg-storage">{_both(w, "storage")}</p>'
            f'<main>{"".join(sections)}</main><p id="cg-status" role="status" aria-live="polite"></p>'
            f'<p><a href="lab/index.html">{_both(w, "all_files")}</a></p>'
            f'<script id="cg-words" type="application/json">{table}</script><script>{_RESET_JS}</script></body></html>\n')


def config_script(original_index: str) -> str:
    """JupyterLite's configuration element from the root page its build wrote."""
    match = _CONFIG.search(original_index)
    if match is None:
        raise RuntimeError("JupyterLite's index.html has no jupyter-config-data element")
    return match.group(0)
