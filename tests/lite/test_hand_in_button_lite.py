"""A student hands in her learning record from the JupyterLite play page with one click (or tap) on "Abgeben": the
play page has no cell for ``chemgames.record.hand_in()``, so before session 24 its record could not be handed in at
all (s23e). The download is the hand-in file Python wrote into the play page's storage (IndexedDB), byte for byte, and
holds the move she made; the view says what to do with it and links it once more; after a reload no old file is
offered. Without a typed name (there is no cell for ``chemgames.record.name``) the view asks for one first; after a
reload the record's name counts. At a projector's 1280×720 (clicks) and a 1024×768 touch tablet (taps); screenshots in test-artifacts/."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .conftest import ARTIFACTS
from .test_play import wait_for_board
from .visit import PLAY, SCREENS, SEED, browser_page, play_first_move

pytestmark = [pytest.mark.lite, pytest.mark.xdist_group("lite")]

#: a file of the play page's saves folder as IndexedDB keeps it (Emscripten's IDBFS: database named for the folder,
#: store FILE_DATA, key the file's path, value {contents, mode, timestamp})
KEPT = """(name) => new Promise((ok, no) => { const r = indexedDB.open('/home/pyodide/chemgames-saves'); r.onerror = () => no(r.error);
  r.onsuccess = () => { const db = r.result;
    if (![...db.objectStoreNames].includes('FILE_DATA')) { db.close(); ok(null); return; }
    const q = db.transaction('FILE_DATA').objectStore('FILE_DATA').get('/home/pyodide/chemgames-saves/' + name);
    q.onsuccess = () => { db.close(); const v = q.result; ok(v && v.contents ? Array.from(new Uint8Array(v.contents.buffer, v.contents.byteOffset, v.contents.byteLength)) : null); };
    q.onerror = () => no(q.error); }; })"""


def _students_turn(page) -> None:
    """The bots have moved and it is the student's turn again (a message made on an older view is ignored)."""
    page.locator(".cg-root [data-key='hint']:not([disabled])").wait_for(timeout=180_000)
    page.wait_for_function("!document.querySelector('.cg-root .cg-thinking')", timeout=180_000)


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_student_hands_in_from_the_play_page_with_one_click(lite_browser, served, screen):
    ARTIFACTS.mkdir(exist_ok=True)
    tap = "touch" in screen
    with browser_page(lite_browser, **SCREENS[screen]) as (page, _):
        page.goto(f"{served}/{PLAY}&seed={SEED}")
        wait_for_board(page)
        play_first_move(page, tap=tap)
        _students_turn(page)
        button = page.locator(".cg-root [data-key='hand_in']")
        box = button.bounding_box()
        view = page.viewport_size
        assert box and 0 <= box["x"] and box["x"] + box["width"] <= view["width"], (box, view)
        assert "Abgeben" in button.text_content()  # its word, or its symbol alone where the header is full (the word kept)
        button.tap() if tap else button.click()
        # no name was typed (the play page has no cell for it): the view asks for one, the field has the focus
        field = page.locator(".cg-root [data-key='hand_in_name']")
        field.wait_for(timeout=30_000)
        assert field.evaluate("e => e === document.activeElement")
        field.fill("Mia")
        page.screenshot(path=str(ARTIFACTS / f"lite-hand-in-name-{screen}.png"), full_page=False)
        send = page.locator(".cg-root [data-key='hand_in_send']")
        with page.expect_download(timeout=60_000) as got:
            send.tap() if tap else send.click()
        download = got.value
        name = download.suggested_filename
        data = Path(download.path()).read_bytes()
        assert re.fullmatch(r"chemgames-chemiekarten-Mia-\d{4}-\d{2}-\d{2}-\d{4}\.jsonl", name), name
        assert b'"type":"name","name":"Mia"' in data
        events = [json.loads(line) for line in data.splitlines()]
        moves = [e for e in events if e.get("type") == "event" and e.get("kind") == "move"]
        assert moves and {e["game"] for e in moves} == {"chemiekarten"}, events[:5]
        notice = page.locator(".cg-root .cg-notice")
        notice.filter(has_text=name).wait_for(timeout=60_000)
        assert "Gib die Datei deiner Lehrkraft" in notice.inner_text()
        again = page.locator(".cg-root [data-key='hand_in_file']")
        assert again.count() == 1 and again.get_attribute("download") == name
        assert again.get_attribute("href").startswith("blob:")
        page.screenshot(path=str(ARTIFACTS / f"lite-hand-in-{screen}.png"), full_page=False)
        # the same file lies in the play page's storage (written 0.3 s after the answer), byte for byte
        kept = None
        for _ in range(60):
            kept = page.evaluate(KEPT, name)
            if kept is not None:
                break
            page.wait_for_timeout(500)
        assert kept is not None and bytes(kept) == data
        # after a reload the view offers no old file: the button again, no link; the name is the record's now, so a
        # click hands in at once
        page.reload()
        wait_for_board(page)
        page.locator(".cg-root [data-key='hand_in']").wait_for()
        assert page.locator(".cg-root [data-key='hand_in_file']").count() == 0
        assert "blob:" not in page.locator(".cg-root").inner_html()
        _students_turn(page)
        with page.expect_download(timeout=60_000) as got:
            page.locator(".cg-root [data-key='hand_in']").click()
        assert "-Mia-" in got.value.suggested_filename and page.locator(".cg-root [data-key='hand_in_name']").count() == 0
