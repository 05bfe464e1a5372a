"""A student's steps in the JupyterLite site (shared by tests/lite and bench/bench_lite.py)."""
from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import chemgames

GAME = "notebooks/chemiekarten.ipynb"
#: the play page of the same game (chemgames/lite/play.py), as the start page links it
PLAY = "play.html?game=chemiekarten"
#: the game number the play page's test and the bench deal (``&seed=``): the student moves first and
#: her first hand has a hint (``tests/lite/test_play.py`` checks both in CPython), so the first move
#: through the hint buttons is possible right after the board shows
SEED = 1


#: the screens the Lite tests look at: a projector's, and a touch tablet's (taps, no mouse)
SCREENS: dict[str, dict[str, Any]] = {"1280x720": {"viewport": {"width": 1280, "height": 720}},
           "1024x768-touch": {"viewport": {"width": 1024, "height": 768}, "has_touch": True, "is_mobile": False}}


@contextmanager
def browser_page(browser, timeout: float = 120_000, **options) -> Iterator[tuple[Any, list[str]]]:
    """A fresh browser context (a student's new profile; ``options`` as Playwright's ``new_context``
    takes them, e.g. ``**SCREENS["1024x768-touch"]``) and its page; yields the page and the URLs of
    every request the context makes (its pages' and workers'), closed afterwards."""
    context = browser.new_context(**options)
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    try:
        page = context.new_page()
        page.set_default_timeout(timeout)
        yield page, requests
    finally:
        context.close()


def strays(requests: list[str], *servers: str) -> list[str]:
    """The requests that went to none of the loopback ``servers`` (nor to the page's own blobs or
    data): none may, the site works offline.

    >>> strays(["http://127.0.0.1:8/a.js", "blob:http://127.0.0.1:8/x", "data:,", "https://cdn.example/b.js"], "http://127.0.0.1:8")
    ['https://cdn.example/b.js']
    """
    local = tuple(p for s in servers for p in (s.rstrip("/") + "/", f"blob:{s.rstrip('/')}/")) + ("data:",)
    return sorted({u for u in requests if not u.startswith(local)})


def deal(page, seed: int) -> None:
    """Make the open game notebook deal game number ``seed``: its code cell's ``play(...)`` call gets
    ``seed=`` (as the play page's ``&seed=`` does), typed into the cell like a teacher would, before
    "Alle Zellen ausführen"."""
    cell = page.locator(".jp-Notebook .jp-CodeCell", has_text="play").first
    code = cell.locator(".cm-content").inner_text()
    assert "seed" not in code and code.rstrip().endswith(")"), code
    cell.locator(".cm-content").click()
    page.keyboard.press("ControlOrMeta+a")
    page.keyboard.insert_text(code.rstrip()[:-1] + f", seed={seed})")
    page.wait_for_function("s => [...document.querySelectorAll('.jp-CodeCell .cm-content')].some(e => e.innerText.includes(s))",
                           arg=f"seed={seed})")


def expected_first_move(seed: int) -> tuple[list[str], int, str]:
    """The notebook deals ``play(players=3, bots=["greedy", "random"])`` with a fresh game number
    (``seed``, shown in the widget); the bots of the widget play with seeds ``seed + seat``. Replay
    that here in CPython up to the human's first turn and take the engine's best move as the widget
    offers it: the keys to click ("hint", the first hint, "confirm"), its points and formula."""
    from chemgames.bots import GreedyBot, RandomBot, play_turn

    g = chemgames.new_game("chemiekarten", players=3, seed=seed, lang="de")
    bots = {1: GreedyBot(seed + 1), 2: RandomBot(seed + 2)}
    while (seat := g.current_player) != 0:
        assert seat is not None, "the game ended before the student's first turn"
        play_turn(g, bots[seat])
    hint = g.hints(8)[0]
    for action in hint.actions:
        g.apply(action)
    return ["hint", "hint:0", "confirm"], g.scores()[0], hint.formula


def first_turn(seed: int) -> tuple[int | None, int]:
    """Who moves first in the notebook's deal ``seed`` and how many hints the student's first hand has
    when her turn comes."""
    from chemgames.bots import GreedyBot, RandomBot, play_turn

    g = chemgames.new_game("chemiekarten", players=3, seed=seed, lang="de")
    first = g.current_player
    bots = {1: GreedyBot(seed + 1), 2: RandomBot(seed + 2)}
    while (seat := g.current_player) != 0:
        assert seat is not None, "the game ended before the student's first turn"
        play_turn(g, bots[seat])
    return first, len(g.hints(8))


def game_number(page) -> int:
    """The game's number as the widget shows it ("Spiel Nr. 48213")."""
    text = page.locator(".cg-root").first.locator(".cg-game-no").inner_text()
    return int("".join(ch for ch in text if ch.isdigit()))


#: the first move through the widget's buttons: ask for hints, take the best one, confirm it
FIRST_MOVE = ["hint", "hint:0", "confirm"]


def play_first_move(page, timings: list[float] | None = None, tap: bool = False) -> tuple[str, int, str]:
    """Right after the board shows: wait for the human's turn (the bots may move first), play the
    engine's best move through the hint buttons at once (each click, or with ``tap`` each tap of a
    touch screen, waits for Python's answer; ``timings`` gets each one's seconds), then check it
    against the move the engine offers in CPython for this game's number; return the explanation
    shown, the points and the formula."""
    root = page.locator(".cg-root").first
    # the bots' turns and the warm-up share Python's one thread; on a loaded machine that can be a minute
    root.locator("[data-key='hint']:not([disabled])").wait_for(timeout=180_000)
    page.wait_for_function("!document.querySelector('.cg-root .cg-thinking')", timeout=180_000)
    clicks = click_keys(page, FIRST_MOVE, tap=tap)
    shown = first_answer(page)
    if timings is not None:
        timings.extend(clicks)
    keys, points, formula = expected_first_move(game_number(page))
    assert keys == FIRST_MOVE
    assert f"{points} Punkte" in shown, (points, shown)
    return shown, points, formula


def first_answer(page, timeout: float = 60_000) -> str:
    """The explanation Python showed for the move just made (read at once: the bots' next moves,
    700 ms later, replace it)."""
    handle = page.wait_for_function(
        "() => { const t = [...document.querySelector('.cg-root').querySelectorAll('.cg-expl')].map(e => e.innerText);"
        " return t.some(x => /Erlaubt|Abgelehnt/.test(x)) ? t.join('\\n') : false; }", timeout=timeout)
    return str(handle.json_value())


def click_keys(page, keys: list[str], tap: bool = False) -> list[float]:
    """Click ``keys`` in the first board (``tap``: tap them, on a touch screen), each after Python
    answered the last; the seconds each took."""
    import time

    root = page.locator(".cg-root").first
    took = []
    for key in keys:
        before = int(root.get_attribute("data-version"))
        t = time.monotonic()
        button = root.locator(f"[data-key='{key}']")
        if tap:
            button.tap()
        else:
            button.click()
        page.wait_for_function(f"Number(document.querySelector('.cg-root').dataset.version) > {before}")
        took.append(time.monotonic() - t)
    return took


def accepted_explanation(page, points: int) -> str:
    """The explanation of the accepted move that shows ``points``."""
    page.wait_for_function(
        "t => [...document.querySelector('.cg-root').querySelectorAll('.cg-expl')].some(e => e.innerText.includes(t))",
        arg=f"{points} Punkte")
    return page.locator(".cg-root").first.locator(".cg-expl", has_text=f"{points} Punkte").first.inner_text()


#: the site's menus are German (chemgames/lite/language.py), as the notebooks' instructions say
RUN_MENU, RUN_ALL = "Ausführen", "Alle Zellen ausführen"
#: the kernel's idle state in the German status bar ("Pyodide | Leerlauf")
IDLE = "Leerlauf"


def run_all_cells(page, english_too: bool = False) -> None:
    """"Ausführen → Alle Zellen ausführen", as the notebooks tell a student (the menu bar's label
    matched whole: no other menu may contain the word). ``english_too``: also "Run → Run All
    Cells" (the bench's ``--compare`` may measure a site built before the menus were German)."""
    menu, item = (f"{RUN_MENU}|Run", f"{RUN_ALL}|Run All Cells") if english_too else (RUN_MENU, RUN_ALL)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^({menu})$")).first.click()
    page.get_by_role("menuitem", name=re.compile(f"^({item})$")).click()


def open_and_run(page, url: str, path: str = GAME, navigate: bool = True) -> None:
    """Open ``path`` in JupyterLite (``navigate=False``: the page is already there), wait for the
    Pyodide kernel, run all cells, wait for a board."""
    if navigate:
        page.goto(f"{url}/lab/index.html?path={path}")
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    page.wait_for_function("document.querySelector('#jp-main-statusbar')?.innerText.includes('Pyodide')")
    page.wait_for_function(f"document.querySelector('#jp-main-statusbar').innerText.includes('{IDLE}')", timeout=120_000)
    run_all_cells(page)
    page.wait_for_selector(".cg-root[data-version]", timeout=150_000)
    page.locator(".cg-root").first.locator(".cg-hand").wait_for()


def play_move(page, keys: list[str], points: int) -> str:
    """Click ``keys`` in the first board, each after Python answered the last; return the
    explanation that shows ``points`` (the accepted move)."""
    click_keys(page, keys)
    return accepted_explanation(page, points)


def subscript(formula: str) -> str:
    """``NO2`` as the widget writes it.

    >>> subscript("Fe2O3")
    'Fe₂O₃'
    """
    return formula.translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


#: the text JupyterLite keeps in the browser for a file (IndexedDB ``JupyterLite Storage*``, store
#: ``files``, keyed by its path), as JSON, or null: what a student's or teacher's save holds
STORED_FILE = """p => indexedDB.databases().then(async ds => { for (const d of ds) {
  if (!d.name.startsWith('JupyterLite Storage')) continue;
  const db = await new Promise(ok => { const r = indexedDB.open(d.name); r.onsuccess = () => ok(r.result); });
  if (![...db.objectStoreNames].includes('files')) { db.close(); continue; }
  const got = await new Promise(ok => { const q = db.transaction('files').objectStore('files').get(p); q.onsuccess = () => ok(q.result); });
  db.close(); if (got) return JSON.stringify(got); } return null; })"""


def wait_stored(page, path: str, containing: str, timeout: float = 60.0) -> str:
    """Wait until the browser's saved copy of ``path`` contains ``containing``; return it. (Polled
    from here: ``wait_for_function`` would take the pending promise itself for a true answer.)"""
    import time

    end = time.monotonic() + timeout
    while True:
        text = page.evaluate(STORED_FILE, path)
        if text and containing in text:
            return str(text)
        if time.monotonic() > end:
            raise TimeoutError(f"the browser's copy of {path} never held {containing!r}")
        page.wait_for_timeout(500)


# the autosaves the play page keeps in the browser: Emscripten's IDBFS stores the folder
# chemgames-saves/ (chemgames/lite/play_worker.js) in the database named by its path, one record a
# file ({timestamp, mode, contents}) keyed by its path; each save file's text
KEPT_SAVES = """() => new Promise((done) => { const r = indexedDB.open('/home/pyodide/chemgames-saves');
  r.onerror = () => done([]);
  r.onsuccess = () => { const db = r.result;
    if (![...db.objectStoreNames].includes('FILE_DATA')) { db.close(); done([]); return; }
    const q = db.transaction('FILE_DATA').objectStore('FILE_DATA').getAll();
    q.onsuccess = () => { db.close(); done(q.result.filter((f) => f && f.contents && f.contents.length)
      .map((f) => new TextDecoder().decode(f.contents))); };
    q.onerror = () => { db.close(); done([]); }; }; })"""


# the saves the notebook's kernel wrote (its /drive is the site's storage: the "files" store of
# JupyterLite's IndexedDB, one record a file keyed by its path, the kernel's bytes in base64): each
# save file's text
NOTEBOOK_SAVES = """(folder) => indexedDB.databases().then(async (ds) => { const out = [];
  for (const d of ds) {
    if (!d.name.startsWith('JupyterLite Storage')) continue;
    const db = await new Promise((ok) => { const r = indexedDB.open(d.name); r.onsuccess = () => ok(r.result); });
    if (![...db.objectStoreNames].includes('files')) { db.close(); continue; }
    const all = await new Promise((ok) => { const q = db.transaction('files').objectStore('files').getAll(); q.onsuccess = () => ok(q.result); });
    db.close();
    for (const f of all) {
      if (!f || f.type !== 'file' || typeof f.path !== 'string' || !f.path.startsWith(folder + '/') || !f.content) continue;
      if (f.format === 'base64')  // the kernel writes bytes: {format: "base64", content: "eyJmb3Jt..."}
        out.push(new TextDecoder().decode(Uint8Array.from(atob(f.content), (ch) => ch.charCodeAt(0))));
      else out.push(typeof f.content === 'string' ? f.content : JSON.stringify(f.content));
    }
  } return out; })"""


def wait_kept_turn(page, timeout: float = 60.0, notebook_folder: str | None = None) -> None:
    """Wait until the browser's storage holds the save of the position on the screen: the student
    (seat 0) to move after both bots' turns. (A fixed 1.5 s after the bots' last message was
    what a loaded machine may need to copy the save, with nothing to say it had.) The play page's
    storage, or with ``notebook_folder`` (``"notebooks"``) the saves of a notebook in that folder."""
    import time

    import chemgames

    end = time.monotonic() + timeout
    while True:
        texts = (page.evaluate(KEPT_SAVES) if notebook_folder is None
                 else page.evaluate(NOTEBOOK_SAVES, f"{notebook_folder}/chemgames-saves"))
        for text in texts:
            try:
                g = chemgames.load_game(text)
            except Exception:  # noqa: BLE001 - a save half written, or not a game: not this one
                continue
            if g.current_player == 0 and {1, 2} <= {e.player for e in g.log}:
                return
        if time.monotonic() > end:
            raise TimeoutError("the browser never kept the save of the student's turn after the bots'")
        page.wait_for_timeout(250)


def own_address() -> str | None:
    """This machine's address on its network (not loopback), as a classroom's computers reach a server; None if
    it has none. No packet is sent: a UDP socket's connect only picks the route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never answered, only routed
            ip = str(s.getsockname()[0])
        except OSError:
            return None
    return None if ip.startswith("127.") or ip == "0.0.0.0" else ip
