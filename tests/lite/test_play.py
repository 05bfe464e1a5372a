"""The play page (``play.html?game=<id>``, chemgames/lite/play.py): a student clicks a game on the start
page and plays it without JupyterLab; the first move, made right after the board shows, is accepted;
after a reload the autosaved game goes on. At a projector's 1280×720 and on a 1024×768 touch tablet
(taps), the board and every card of the hand are inside the window when the board shows, each card
measured on its own. Screenshots in test-artifacts/ (``lite-play.png``, ``lite-play-1024x768-touch.png``)."""
from __future__ import annotations

import json
import re

import pytest

from browser.visible import visible_boxes
from chemgames.lite.serve import immutable

from .conftest import ARTIFACTS
from .visit import (PLAY, SCREENS, SEED, browser_page, first_turn, game_number, play_first_move, strays, subscript,
                    wait_kept_turn)

pytestmark = [pytest.mark.lite, pytest.mark.xdist_group("lite")]  # one site build, one worker


def test_the_dealt_game_lets_the_student_move_first_with_a_hint():
    """The seeded deal of the browser test and the bench: the first move needs no bot's turn before it
    and has a hint to play (computed by the engine here, in CPython)."""
    first, hints = first_turn(SEED)
    assert first == 0 and hints > 0


def test_the_play_page_lists_every_game_with_its_code_and_no_ipython(site):
    page = (site / "index.html").read_text()
    html = (site / "play.html").read_text()
    config = json.loads(html.split('<script id="cg-play-config" type="application/json">')[1].split("</script>")[0])
    lock = json.loads((site / "chemgames-lite.lock.json").read_text())
    games = {n["game"] for n in lock["notebooks"] if n["kind"] == "game"}
    assert set(config["games"]) == games
    for game, entry in config["games"].items():
        assert f'href="play.html?game={game}"' in page
        assert "import" in entry["code"] and (site / "files" / entry["notebook"].split("path=")[1]).is_file()
    # the page's wheels: the game's and what it depends on, without IPython's (noipython stands in)
    assert "chemgames" in config["packages"] and "ipywidgets" in config["packages"]
    assert not {"ipython", "jedi", "prompt-toolkit", "pygments"} & set(config["packages"])
    assert (site / config["runtime"] / "pyodide-lock.json").is_file() and (site / config["worker"]).is_file()
    assert re.fullmatch(r"play-worker-[0-9a-f]{16}\.js", config["worker"]) and immutable(config["worker"])
    # the element facts the board shows come from a table of the periodictable the site carries
    # (elementtable.py; tests/lite/test_elementtable.py checks each fact against the library)
    carried = json.loads((site / config["runtime"] / "pyodide-lock.json").read_text())["packages"]["periodictable"]
    assert json.loads(config["elements"])["source"] == f"periodictable {carried['version']}"


def test_the_play_pages_archive_holds_exactly_its_wheels_stored_under_its_hash(site):
    """The play page unpacks one archive of its wheels (play.py: ``bundle``): every file of each
    wheel the page loads, byte for byte, stored (its worker reads no compressed member), named for
    its sha256, which the page gives the browser to check (``integrity``)."""
    import base64
    import hashlib
    import zipfile

    html = (site / "play.html").read_text()
    config = json.loads(html.split('<script id="cg-play-config" type="application/json">')[1].split("</script>")[0])
    runtime = site / config["runtime"]
    lock = json.loads((runtime / "pyodide-lock.json").read_text())["packages"]
    archive = runtime / config["bundle"]["file"]
    digest = hashlib.sha256(archive.read_bytes()).digest()
    assert config["bundle"]["file"] == f"play-{digest.hex()[:16]}.zip"
    assert config["bundle"]["integrity"] == "sha256-" + base64.b64encode(digest).decode()
    expected = {}
    for name in config["packages"]:
        with zipfile.ZipFile(runtime / lock[name]["file_name"]) as wheel:
            expected.update({i.filename: wheel.read(i) for i in wheel.infolist() if not i.is_dir()})
    with zipfile.ZipFile(archive) as z:
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}
        assert {i.filename: z.read(i) for i in z.infolist()} == expected
    assert any(n.startswith("chemgames/") for n in expected) and not any(n.startswith("IPython/") for n in expected)
    assert config["site"] == "/lib/python3.14/site-packages/"


def board_and_hand_in_view(page, screen: str) -> list[dict]:
    """The board is in the window's width, and every card of the student's hand lies wholly inside the
    window (no scrolling, no clipping scroller): each card's box measured on its own. Returns the boxes."""
    width, height = SCREENS[screen]["viewport"]["width"], SCREENS[screen]["viewport"]["height"]
    assert page.evaluate("[innerWidth, innerHeight]") == [width, height]
    board = page.locator(".cg-root").first.bounding_box()
    assert board is not None and board["x"] >= 0 and board["x"] + board["width"] <= width + 0.5, board
    assert board["width"] > 0.8 * width and board["y"] < 200, board
    cards = visible_boxes(page, ".cg-root", ".cg-hand > li")
    assert len(cards) == 7, cards  # a hand is dealt seven cards
    outside = [c for c in cards if c["left"] < 0 or c["top"] < 0 or c["right"] > width + 0.5
               or c["bottom"] > height + 0.5 or c["visibleWidth"] < c["width"] - 0.5 or c["cutBy"]]
    assert outside == [], (screen, outside)
    assert all(c["width"] >= 44 and c["height"] >= 44 for c in cards), cards  # a finger's target
    return cards


def open_from_the_start_page(page, served: str, requests: list[str], tap: bool = False) -> int:
    """The start page, then a click (``tap``: a finger's tap) on Das Chemie-Kartenspiel's title, dealing
    game ``SEED``, to the board; returns how many requests came before the click."""
    page.goto(f"{served}/")
    link = page.locator(f'a.cg-play[href="{PLAY}"]')
    assert "Das Chemie-Kartenspiel" in link.inner_text()
    link.evaluate(f"a => a.setAttribute('href', a.getAttribute('href') + '&seed={SEED}')")
    at_click = len(requests)
    link = page.locator(f'a.cg-play[href="{PLAY}&seed={SEED}"]')
    if tap:  # the touch events are noted where the next page can read them (the tab's sessionStorage)
        page.evaluate("addEventListener('touchend', () => sessionStorage.setItem('cgTapped', '1'), true)")
        link.tap()
    else:
        link.click()
    page.wait_for_url(f"**/{PLAY}&seed={SEED}")
    wait_for_board(page)
    return at_click


def wait_for_board(page) -> None:
    page.wait_for_selector(".cg-root[data-version] .cg-hand, #cg-status.cg-failed", timeout=180_000)
    assert page.locator("#cg-status.cg-failed").count() == 0, page.locator("#cg-status").inner_text()
    assert game_number(page) == SEED


# the play page's game in words (playbridge.py, play_page.js): shown or not, its lines, whether a board is there
WORDS = """() => { const w = document.getElementById('cg-words');
  return { display: getComputedStyle(w).display, lines: [...w.querySelectorAll('p')].map((p) => p.textContent),
           lang: w.lang, board: !!document.querySelector('.cg-root') }; }"""


def test_a_student_clicks_a_game_and_moves_at_once(lite_browser, served):
    ARTIFACTS.mkdir(exist_ok=True)
    with browser_page(lite_browser, **SCREENS["1280x720"]) as (page, requests):
        at_click = open_from_the_start_page(page, served, requests)
        board_and_hand_in_view(page, "1280x720")
        # the first move right after the board shows: each click waits for Python's answer
        before = page.evaluate("window.cgWarm.sent.length")
        expl, points, formula = play_first_move(page)
        assert "Erlaubt" in expl and "Abgelehnt" not in expl and subscript(formula) in expl
        # the worker ran the warm-up in small steps by itself, each step queued behind what had come
        # meanwhile: a click was answered before any step that had not begun when it was sent (at
        # most the one under way, or one that began while the message was on its way, came between);
        # and the warm-up went on to its end after the clicks: nothing a later move needs was dropped
        page.wait_for_function("window.cgWarm.done", timeout=120_000)
        warm = page.evaluate("window.cgWarm")
        # what the first hints and explanation need came first, a piece a step (widgets/base.py: _prepare_steps)
        steps = warm["steps"]
        assert steps[0] == "import babel" and {"hints", "apply", "explain", "check", "numbers"} <= set(steps)
        assert steps.index("locale de") < steps.index("numbers") < steps.index("reference") < steps.index("hints")
        assert len(warm["sent"]) >= before + 3 and len(warm["times"]) == len(warm["steps"])
        clicks = warm["sent"][before:before + 3]
        # "at" and "answered" are the page's clock, "began" and "ended" the worker's: each is its own timeOrigin plus
        # a coarsened performance.now(), so the two may differ by a millisecond or so (a CI run failed on that once)
        skew = 2.0
        assert all(c["at"] <= c["began"] + skew and c["began"] <= c["ended"] <= c["answered"] + skew for c in clicks), clicks
        between = [sum(c["at"] < began < c["began"] for began, _ in warm["times"]) for c in clicks]
        assert max(between) <= 1, (between, clicks, warm["times"])
        print(f"first move: clicks sent with {[c['steps'] for c in clicks]} warm-up steps done; steps begun while "
              f"each waited {between}; waits {[round(c['answered'] - c['at']) for c in clicks]} ms")
        assert page.locator(".cg-root").first.locator(".cg-compound").count() >= 1
        # the bots move after the student (700 ms apart): their turns reach the log
        page.wait_for_function("document.querySelector('.cg-root .cg-logbox').innerText.includes('Spieler 3:')")
        page.screenshot(path=str(ARTIFACTS / "lite-play.png"))
        # the autosave is kept in the browser (IndexedDB): after a reload the game offers to go on
        page.wait_for_function("!document.querySelector('.cg-root .cg-thinking')", timeout=120_000)
        wait_kept_turn(page)  # the save is copied to IndexedDB 0.3 s after the last message
        played_turn = page.locator(".cg-root").first.locator(".cg-compound").count()
        # beside the live board the game in words is hidden (in the page, kept in the browser)
        assert page.evaluate(WORDS)["display"] == "none"
        page.reload()
        # opened again, while Python starts: the game in words as the page kept them (as a reopened notebook's game
        # cell says them, without its line about running the cell), and no card of the hand
        kept = page.evaluate(WORDS)
        assert kept["board"] is False and kept["display"] != "none", kept
        assert kept["lines"][:2] == ["Das Chemie-Kartenspiel", "Spieler 1 ist am Zug."], kept
        assert kept["lines"][2].startswith("Punkte: Spieler 1 ") and "gespeichert" in kept["lines"][3], kept
        assert len(kept["lines"]) == 4 and kept["lang"] == "de", kept
        page.locator(".cg-root [data-key='resume']").click(timeout=180_000)
        assert page.evaluate(WORDS)["display"] == "none"
        page.wait_for_function("document.querySelector('.cg-root .cg-logbox').innerText.includes('Spieler 3:')")
        assert game_number(page) == SEED
        assert page.locator(".cg-root").first.locator(".cg-compound").count() == played_turn
        # the notebook stays one click away
        assert page.locator("#cg-notebook").get_attribute("href") == "lab/index.html?path=notebooks/chemiekarten.ipynb"
    assert strays(requests, served) == []
    # no JupyterLab: neither its page nor its bundles (the site's icon aside); Pyodide and the game's
    # wheel from the worker
    played = [u.split("?")[0] for u in requests[at_click:]]
    assert not [u for u in played if ("/lab/" in u and not u.endswith("/favicon.ico")) or "/build/" in u or "/extensions/" in u]
    assert any(u.endswith("/pyodide.asm.wasm") for u in played)
    # the game's wheels in one archive (play.py: bundle), no wheel of its own, no IPython
    assert any("/play-" in u and u.endswith(".zip") for u in played)
    assert not any(u.endswith(".whl") for u in played)


def test_a_student_taps_a_game_on_a_touch_tablet(lite_browser, served):
    """1024×768 with a touch screen and no mouse: the title is tapped, the board and all seven cards
    show inside the window, and the first move made by three taps ("Tipp", the best hint, "Verbindung
    auslegen") is accepted: each tap waits for Python's answer (no timing asserted)."""
    screen = "1024x768-touch"
    ARTIFACTS.mkdir(exist_ok=True)
    with browser_page(lite_browser, **SCREENS[screen]) as (page, requests):
        open_from_the_start_page(page, served, requests, tap=True)
        assert page.evaluate("navigator.maxTouchPoints > 0 && 'ontouchstart' in window")  # a touch screen
        assert page.evaluate("sessionStorage.getItem('cgTapped')") == "1"  # a tap opened it, not a mouse's click
        cards = board_and_hand_in_view(page, screen)
        page.screenshot(path=str(ARTIFACTS / f"lite-play-{screen}-board.png"))
        print(f"{screen}: hand cards {[round(c['width']) for c in cards]} px wide, lowest edge {max(c['bottom'] for c in cards):.0f} px")
        page.evaluate("() => { window.cgTouches = 0; addEventListener('touchend', () => window.cgTouches++, true); }")
        expl, points, formula = play_first_move(page, tap=True)
        page.screenshot(path=str(ARTIFACTS / f"lite-play-{screen}.png"), full_page=True)  # before the bots' turns replace it
        assert page.evaluate("window.cgTouches") == 3  # the three buttons were tapped
        assert "Erlaubt" in expl and "Abgelehnt" not in expl and subscript(formula) in expl
        assert page.locator(".cg-root").first.locator(".cg-compound").count() >= 1
        # the bots answer the student's move (700 ms apart): their turns reach the log
        page.wait_for_function("document.querySelector('.cg-root .cg-logbox').innerText.includes('Spieler 3:')")
    assert strays(requests, served) == []


def test_a_second_visit_starts_python_from_the_snapshot_the_first_left(lite_browser, served):
    """The first visit's first move is answered, then a second worker stores a snapshot of Python's
    memory after the games' imports (play_worker.js); the next visit in the same browser restores it
    instead of starting Python, and its board takes the first move as ever (each tap/click waits for
    Python's answer: no timing asserted). A snapshot that fails to restore is deleted and Python
    starts as ever (not provoked here)."""
    with browser_page(lite_browser, **SCREENS["1280x720"]) as (page, requests):
        open_from_the_start_page(page, served, requests)
        assert page.evaluate("window.cgSnapshot.restored") is False
        play_first_move(page)
        page.wait_for_function("![null, 'making'].includes(window.cgSnapshot.made)", timeout=240_000)
        made = page.evaluate("window.cgSnapshot.made")
        assert isinstance(made, int) and made > 20_000_000, made  # Python's heap: tens of MB
        stored = page.evaluate("""() => new Promise((ok) => { const r = indexedDB.open('chemgames-play');
            r.onsuccess = () => { const q = r.result.transaction('snapshots').objectStore('snapshots').getAllKeys();
            q.onsuccess = () => { ok(q.result); r.result.close(); }; }; })""")
        config = json.loads(page.evaluate("document.getElementById('cg-play-config').textContent"))
        assert len(stored) == 1 and stored[0].endswith("|" + config["bundle"]["file"]) and config["worker"] in stored[0]
        # the next lesson: the same browser, the start page, the game's title
        open_from_the_start_page(page, served, requests)
        assert page.evaluate("window.cgSnapshot.restored") is True
        assert page.evaluate("window.cgSnapshot.made") is None  # nothing made again
        expl, points, formula = play_first_move(page)
        assert "Erlaubt" in expl and "Abgelehnt" not in expl and subscript(formula) in expl
        page.wait_for_function("window.cgWarm.done", timeout=120_000)  # the warm-up ran after the restore too
        assert {"hints", "check", "numbers"} <= set(page.evaluate("window.cgWarm.steps"))
    assert strays(requests, served) == []


def test_a_click_while_the_start_page_downloads_fetches_nothing_twice(lite_browser, served, monkeypatch):
    """The start page prefetches the runtime and the game's archive (``<link rel="prefetch">``); a click
    on a game's title in the middle of those downloads (here every large file pauses halfway) opens
    the play page once they are done, and nothing is sent twice. Before: the play page's module import
    of ``pyodide.asm.mjs`` fetched it again in every such start, and in about one cold start of four
    all four large files came twice (17.3 MB instead of 8.8: the bench)."""
    import threading
    import time

    from chemgames.lite import serve

    sent: list[str] = []
    lock = threading.Lock()
    original = serve.Handler.copyfile

    def halting(self, source, outputfile):
        size = source.seek(0, 2)
        source.seek(0)
        if size < 100_000:
            return original(self, source, outputfile)
        self.wfile.flush()
        outputfile.write(source.read(size // 2))
        outputfile.flush()
        time.sleep(1.0)  # the class's network: the start page's downloads are under way at the click
        outputfile.write(source.read())
        with lock:
            sent.append(self.path.split("?")[0].rsplit("/", 1)[-1])

    monkeypatch.setattr(serve.Handler, "copyfile", halting)
    with browser_page(lite_browser, **SCREENS["1280x720"]) as (page, requests):
        page.goto(f"{served}/")
        link = page.locator(f'a.cg-play[href="{PLAY}"]')
        link.evaluate(f"a => a.setAttribute('href', a.getAttribute('href') + '&seed={SEED}')")
        page.locator(f'a.cg-play[href="{PLAY}&seed={SEED}"]').click()
        page.wait_for_url(f"**/{PLAY}&seed={SEED}")
        wait_for_board(page)
    large = sorted(sent)
    assert {"pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip"} <= set(large), large
    assert any(n.startswith("play-") and n.endswith(".zip") for n in large), large
    assert len(large) == len(set(large)), large  # each large file sent once
